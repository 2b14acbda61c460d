"""The pictures of the court cards and the aces, drawn by the program.

A Split card is half of a playing card (R1.1), so each picture is drawn for the whole
card and the half card shows its half: a perfect match (two identical halves, R3.1)
puts the whole king back together, while a weak or strong match shows two different
half portraits, as the box's cards do.

Two face styles: ``illustrated`` draws every jack, queen and king as its own figure, as
a real deck does (the king of hearts with the sword behind his head and no moustache,
the king of diamonds in profile with an axe, the queen of spades with a sceptre, the
jack of clubs with an arrow…), each in its card's colours; ``classic`` draws a plain
traditional face: the rank's letter large under a crown, cap or coronet.

The pictures are vector shapes drawn at twice the size asked and scaled down once
(smooth edges without an anti-aliased polygon routine), for each card height in use:
crisp at every window size, never an upscaled bitmap.

    picture = court_picture("K", "♠", (24, 24, 30), (96, 120))  # the whole card's width
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import transforms, typeset

RGB = tuple[int, int, int]

GOLD = (214, 170, 52)
GOLD_DARK = (150, 110, 30)
CREAM = (250, 238, 204)
SKIN = (242, 208, 172)
SKIN_LINE = (150, 100, 70)
NAVY = (38, 62, 128)
RED = (186, 36, 42)
BLUE = (40, 70, 150)
YELLOW = (234, 186, 58)
BLACK = (36, 34, 40)
WHITE = (252, 250, 244)
LIP = (176, 66, 66)
EYE = (40, 40, 60)
SS = 2  # drawn at twice the size, then scaled down


def dark(c: RGB) -> RGB:
    """The outline colour of a shape filled with ``c``: a printed card's key line."""
    return (int(c[0] * 0.55), int(c[1] * 0.55), int(c[2] * 0.55))


COURTS = ("J", "Q", "K")
FACE_STYLES = ("illustrated", "classic")

CLUB, DIAMOND, HEART, SPADE = "\u2663", "\u2666", "\u2665", "\u2660"


@dataclass(frozen=True)
class Figure:
    """One court card's figure: its colours, what it holds, how it wears its hair and
    beard, and which way it looks (-1 left, 0 ahead, 1 right; profile: one eye)."""

    robe: RGB
    panel: RGB
    item: str
    hair: RGB
    look: int = 0
    profile: bool = False
    beard: str = ""  # kings, jacks: "full", "forked", "short", "clean", "moustache";
    # for a queen, her hair: "" long and loose, "braids", or under a "veil"
    pattern: str = "dots"  # on the robe: "dots", "chevrons", "stripes", "checks"


# The twelve figures, after the English pattern's attributes.
FIGURES: dict[tuple[str, str], Figure] = {
    ("K", SPADE): Figure(BLUE, YELLOW, "sword", (110, 104, 98), 0, False, "full", "chevrons"),
    ("K", HEART): Figure(RED, YELLOW, "sword_behind", (150, 90, 40), 0, False, "clean", "dots"),
    ("K", DIAMOND): Figure(YELLOW, RED, "axe", (70, 60, 56), 1, True, "short", "checks"),
    ("K", CLUB): Figure(BLACK, RED, "orb", (190, 190, 196), 0, False, "forked", "stripes"),
    ("Q", SPADE): Figure(BLACK, YELLOW, "sceptre", (40, 34, 30), 0, False, "", "stripes"),
    ("Q", HEART): Figure(RED, BLUE, "rose", (150, 70, 30), -1, False, "", "dots"),
    ("Q", DIAMOND): Figure(BLUE, RED, "tulip", (222, 180, 90), 1, False, "braids", "checks"),
    ("Q", CLUB): Figure(YELLOW, BLUE, "daisy", (90, 50, 26), -1, False, "veil", "chevrons"),
    ("J", SPADE): Figure(BLUE, RED, "staff", (60, 44, 30), 1, True, "", "checks"),
    ("J", HEART): Figure(RED, YELLOW, "leaf", (200, 130, 50), -1, True, "moustache", "stripes"),
    ("J", DIAMOND): Figure(YELLOW, BLUE, "halberd", (120, 70, 36), 0, False, "", "dots"),
    ("J", CLUB): Figure(RED, BLACK, "arrow", (160, 100, 40), 0, False, "moustache", "chevrons"),
}


def frame_rect(width: int, height: int) -> pygame.Rect:
    """Where the portrait sits on a whole card ``width`` x ``height``: below the rank
    corner, above the small upside-down rank, centred on the cut."""
    return pygame.Rect(
        int(width * 0.06), int(height * 0.44), width - 2 * int(width * 0.06), int(height * 0.43)
    )


@lru_cache(maxsize=256)
def court_picture(
    rank: str, suit: str, ink: RGB, size: tuple[int, int], faces: str = "illustrated"
) -> pygame.Surface:
    """The picture of a J, Q, K or A of ``suit`` (its sign) in ``ink`` on a whole card of
    ``size``, in the face style ``faces``; transparent outside the picture. Cached per
    card, size and style."""
    W, H = size
    big = pygame.Surface((W * SS, H * SS), pygame.SRCALPHA)
    f = frame_rect(W * SS, H * SS)
    if rank == "A":
        _ace(big, f, suit, ink)
    elif faces == "classic":
        _classic(big, f, rank, suit, ink)
    else:
        _Painter(big, f, FIGURES[rank, suit], rank, suit, ink).paint()
    return transforms.smoothscale(big, (W, H))


def _ace(surf: pygame.Surface, f: pygame.Rect, suit: str, ink: RGB) -> None:
    """The ace: one large pip in a gold ring with a laurel of dots."""
    cx, cy = f.centerx, f.centery
    r = int(min(f.width, f.height) * 0.46)
    pygame.draw.circle(surf, GOLD, (cx, cy), r, max(2, r // 14))
    pygame.draw.circle(surf, GOLD_DARK, (cx, cy), int(r * 0.86), max(1, r // 30))
    for i in range(24):
        v = pygame.math.Vector2(0, -r * 0.93).rotate(i * 15)
        pygame.draw.circle(surf, GOLD, (cx + v.x, cy + v.y), max(2, r // 18))
    pip = typeset.symbol(suit, int(r * 1.55), ink)
    surf.blit(pip, pip.get_rect(center=(cx, cy + r // 12)))


def _frame(surf: pygame.Surface, f: pygame.Rect, ink: RGB) -> None:
    line = max(2, f.width // 60)
    radius = f.width // 14
    pygame.draw.rect(surf, ink, f, line, border_radius=radius)
    pygame.draw.rect(surf, GOLD, f.inflate(-3 * line, -3 * line), line, border_radius=radius)


def _classic(surf: pygame.Surface, f: pygame.Rect, rank: str, suit: str, ink: RGB) -> None:
    """The plain face: the rank's letter large in a double frame, a pip either side, and
    its headwear above it (crown, coronet or cap) in gold."""
    pygame.draw.rect(surf, WHITE, f, border_radius=f.width // 14)
    letter = typeset.symbol(rank, int(f.height * 0.5), ink, bold=True)
    surf.blit(letter, letter.get_rect(center=(f.centerx, f.top + f.height * 0.55)))
    pip = typeset.symbol(suit, int(f.height * 0.3), ink)
    for side in (-1, 1):
        surf.blit(pip, pip.get_rect(center=(f.centerx + side * f.width * 0.3, f.centery)))
    cx, top, u = f.centerx, f.top + f.height * 0.05, f.height / 70
    if rank == "K":
        pts = [(-14, 18), (-16, 2), (-8, 10), (0, 0), (8, 10), (16, 2), (14, 18)]
    elif rank == "Q":
        pts = [(-12, 18), (-12, 8), (-6, 4), (0, 8), (6, 4), (12, 8), (12, 18)]
    else:
        pts = [(-14, 18), (-10, 6), (4, 2), (14, 10), (12, 18)]
    crown = [(cx + x * u, top + y * u) for x, y in pts]
    pygame.draw.polygon(surf, GOLD, crown)
    pygame.draw.polygon(surf, GOLD_DARK, crown, max(1, int(u)))
    _frame(surf, f, ink)


class _Painter:
    """Draws one figure in frame ``f``: points are given as fractions of the frame, x from
    its centre (-0.5 to 0.5), y from its top (0 to 1)."""

    def __init__(
        self, surf: pygame.Surface, f: pygame.Rect, fig: Figure, rank: str, suit: str, ink: RGB
    ) -> None:
        self.s, self.f, self.fig, self.rank, self.suit, self.ink = surf, f, fig, rank, suit, ink
        self.line = max(2, f.width // 70)

    def P(self, x: float, y: float) -> tuple[int, int]:
        """Frame fractions to pixels."""
        return (int(self.f.centerx + x * self.f.width), int(self.f.top + y * self.f.height))

    def R(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle centred at frame fractions (x, y), w and h as fractions."""
        r = pygame.Rect(0, 0, int(w * self.f.width), int(h * self.f.height))
        r.center = self.P(x, y)
        return r

    def poly(self, colour: RGB, pts: list[tuple[float, float]], outline: RGB | None = None) -> None:
        pixels = [self.P(x, y) for x, y in pts]
        pygame.draw.polygon(self.s, colour, pixels)
        if outline is not None:
            pygame.draw.polygon(self.s, outline, pixels, self.line)

    def seg(
        self, colour: RGB, a: tuple[float, float], b: tuple[float, float], k: float = 1
    ) -> None:
        pygame.draw.line(self.s, colour, self.P(*a), self.P(*b), max(1, int(self.line * k)))

    def dot(self, colour: RGB, x: float, y: float, r: float) -> None:
        pygame.draw.circle(self.s, colour, self.P(x, y), max(1, int(r * self.f.height)))

    # ------------------------------------------------------------------ the figure

    def paint(self) -> None:
        f, fig = self.f, self.fig
        pygame.draw.rect(self.s, CREAM, f, border_radius=f.width // 14)
        self.s.set_clip(f)  # nothing the figure holds pokes out of its frame
        # a damask of faint suit signs behind the figure, in the frame's gold
        sign = typeset.symbol(self.suit, max(6, int(f.height * 0.1)), (236, 218, 170))
        for x in (-0.42, 0.42):
            for y in (0.15, 0.45):
                self.s.blit(sign, sign.get_rect(center=self.P(x, y)))
        self.item(behind=True)
        if self.rank == "Q" and fig.beard == "veil":  # a veil from the crown to the shoulders
            pygame.draw.ellipse(self.s, WHITE, self.R(0, 0.36, 0.36, 0.4))
            self.poly(WHITE, [(-0.18, 0.36), (-0.3, 0.8), (0.3, 0.8), (0.18, 0.36)], fig.panel)
        elif self.rank == "Q" and fig.beard == "braids":  # two braids over the shoulders
            for side in (-1, 1):
                for i in range(5):
                    self.dot(fig.hair, side * (0.15 + i * 0.012), 0.45 + i * 0.07, 0.04)
                self.dot(fig.panel, side * 0.2, 0.8, 0.025)
        elif self.rank == "Q":  # long hair, falling in waves behind the shoulders
            pygame.draw.ellipse(self.s, fig.hair, self.R(0, 0.38, 0.34, 0.42))
            self.poly(
                fig.hair, [(-0.17, 0.38), (-0.23, 0.78), (0.23, 0.78), (0.17, 0.38)], dark(fig.hair)
            )
            for side in (-1, 1):
                self.dot(fig.hair, side * 0.2, 0.74, 0.06)
        elif self.rank == "J":  # a page's bob
            self.poly(
                fig.hair, [(-0.15, 0.3), (-0.17, 0.62), (0.17, 0.62), (0.15, 0.3)], dark(fig.hair)
            )
        self.body()
        self.head()
        self.headwear()
        self.item(behind=False)
        self.s.set_clip(None)
        _frame(self.s, f, self.ink)

    def body(self) -> None:
        fig, rank = self.fig, self.rank
        shoulders = [(-0.47, 1.0), (-0.44, 0.82), (-0.22, 0.69), (0.22, 0.69), (0.44, 0.82)]
        shoulders.append((0.47, 1.0))
        self.poly(fig.robe, shoulders, dark(fig.robe))
        self.pattern([(-0.45, 0.84), (0.25, 0.84)])
        light = WHITE if fig.robe == BLACK else GOLD
        pygame.draw.lines(self.s, light, False, [self.P(*p) for p in shoulders[1:5]], self.line)
        if rank == "K":  # an ermine collar over a panel of the second colour
            self.poly(
                fig.panel, [(-0.12, 0.7), (-0.1, 1.0), (0.1, 1.0), (0.12, 0.7)], dark(fig.panel)
            )
            self.poly(WHITE, [(-0.32, 0.76), (-0.2, 0.68), (0.2, 0.68), (0.32, 0.76)])
            self.poly(WHITE, [(-0.32, 0.76), (0.32, 0.76), (0.26, 0.84), (-0.26, 0.84)])
            for i, x in enumerate((-0.24, -0.16, -0.08, 0.08, 0.16, 0.24)):
                y = 0.74 + (i % 2) * 0.05  # ermine: staggered black tails
                self.poly(BLACK, [(x - 0.008, y), (x + 0.008, y), (x, y + 0.035)])
            self.seg(GOLD, (-0.1, 0.9), (0.1, 0.9), 2)
        elif rank == "Q":  # a square neckline, a pearl necklace, a laced panel
            self.poly(
                fig.panel, [(-0.14, 0.72), (-0.12, 1.0), (0.12, 1.0), (0.14, 0.72)], dark(fig.panel)
            )
            self.poly(SKIN, [(-0.11, 0.68), (-0.1, 0.76), (0.1, 0.76), (0.11, 0.68)])
            for i in range(7):
                self.dot(WHITE, -0.09 + i * 0.03, 0.74, 0.018)
            for y in (0.83, 0.9, 0.97):
                self.seg(GOLD, (-0.08, y), (0.08, y + 0.03), 1)
                self.seg(GOLD, (0.08, y), (-0.08, y + 0.03), 1)
        else:  # a tunic with a turned-down collar and a row of buttons
            self.poly(
                fig.panel,
                [(-0.2, 0.7), (0, 0.86), (0.2, 0.7), (0.14, 0.68), (-0.14, 0.68)],
                dark(fig.panel),
            )
            self.seg(GOLD, (-0.2, 0.7), (0, 0.86), 1)
            self.seg(GOLD, (0, 0.86), (0.2, 0.7), 1)
            for y in (0.9, 0.97):
                self.dot(GOLD, 0, y, 0.02)
        # the suit's sign on each breast
        sign = typeset.symbol(self.suit, int(self.f.height * 0.14), light)
        for x in (-0.32, 0.32):
            self.s.blit(sign, sign.get_rect(center=self.P(x, 0.92)))

    def pattern(self, corners: list[tuple[float, float]]) -> None:
        """The robe's woven pattern in two patches (at their top-left corners), in the
        second colour."""
        kind, colour = self.fig.pattern, self.fig.panel
        for x0, y0 in corners:
            if kind == "dots":
                for i in range(3):
                    self.dot(colour, x0 + 0.03 + i * 0.07, y0 + 0.02 + (i % 2) * 0.05, 0.014)
            elif kind == "chevrons":
                for i in range(3):
                    a = x0 + i * 0.07
                    self.seg(colour, (a, y0), (a + 0.035, y0 + 0.04))
                    self.seg(colour, (a + 0.035, y0 + 0.04), (a + 0.07, y0))
            elif kind == "stripes":
                for i in range(4):
                    a = x0 + 0.02 + i * 0.05
                    self.seg(colour, (a, y0), (a + 0.03, y0 + 0.12), 1.5)
            else:  # checks
                for i in range(3):
                    for j in range(2):
                        if (i + j) % 2 == 0:
                            r = self.R(x0 + 0.04 + i * 0.06, y0 + 0.03 + j * 0.06, 0.05, 0.06)
                            pygame.draw.rect(self.s, colour, r)

    def head(self) -> None:
        fig, rank, d = self.fig, self.rank, self.fig.look
        pygame.draw.rect(self.s, SKIN, self.R(0, 0.63, 0.1, 0.14))
        face = self.R(d * 0.012, 0.45, 0.25, 0.36)
        pygame.draw.ellipse(self.s, SKIN, face)
        if fig.profile:  # the nose out at the side the figure looks to
            self.poly(SKIN, [(d * 0.11, 0.4), (d * 0.16, 0.5), (d * 0.11, 0.52)])
        pygame.draw.ellipse(self.s, SKIN_LINE, face, self.line)
        eyes = (d,) if fig.profile else (-1, 1)
        for side in eyes:  # almond eyes with the iris towards the look
            ex = (0.055 * side if not fig.profile else 0.05 * d) + d * 0.015
            pygame.draw.ellipse(self.s, WHITE, self.R(ex, 0.44, 0.045, 0.05))
            self.dot(EYE, ex + d * 0.008, 0.44, 0.016)
            self.seg(fig.hair, (ex - 0.03, 0.39), (ex + 0.025, 0.385), 1.2)
        nose_x = d * 0.045 if fig.profile else d * 0.015
        self.seg(SKIN_LINE, (nose_x, 0.45), (nose_x + d * 0.015, 0.52), 0.8)
        self.seg(SKIN_LINE, (nose_x + d * 0.015, 0.52), (nose_x - 0.012, 0.525), 0.8)
        self.dot((236, 170, 150), -0.075 + d * 0.02, 0.52, 0.025)
        self.dot((236, 170, 150), 0.075 + d * 0.02, 0.52, 0.025)
        mx = d * 0.02
        self.seg(LIP, (mx - 0.025, 0.575), (mx + 0.025, 0.575), 1.2)
        if rank in ("K", "J"):  # hair at the temples, under the crown or cap
            for side in (-1, 1):
                self.poly(fig.hair, [(side * 0.12, 0.3), (side * 0.135, 0.48), (side * 0.09, 0.34)])
        if rank == "Q" and fig.beard != "veil":  # curls framing the face
            for side in (-1, 1):
                for y in (0.34, 0.42, 0.5):
                    self.dot(fig.hair, side * 0.125, y, 0.035)
        self.beard()

    def beard(self) -> None:
        fig = self.fig
        d = fig.look * 0.015
        if fig.beard in ("full", "forked", "short", "clean"):
            chin = {"full": 0.74, "forked": 0.76, "short": 0.66, "clean": 0.7}[fig.beard]
            pts = [(-0.125 + d, 0.47), (-0.1 + d, chin - 0.07), (d, chin), (0.1 + d, chin - 0.07)]
            pts.append((0.125 + d, 0.47))
            pts += [(0.09 + d, 0.55), (0.04 + d, 0.6), (-0.04 + d, 0.6), (-0.09 + d, 0.55)]
            self.poly(fig.hair, pts, dark(fig.hair))
            if fig.beard == "forked":
                self.poly(
                    CREAM, [(d - 0.02, chin + 0.01), (d, chin - 0.05), (d + 0.02, chin + 0.01)]
                )
            self.seg(LIP, (d - 0.025, 0.58), (d + 0.025, 0.58), 1.2)
        if fig.beard in ("full", "forked", "short", "moustache"):  # K♥ has no moustache
            self.poly(
                fig.hair,
                [
                    (d - 0.065, 0.57),
                    (d - 0.03, 0.54),
                    (d, 0.555),
                    (d + 0.03, 0.54),
                    (d + 0.065, 0.57),
                ],
            )

    def headwear(self) -> None:
        fig, rank = self.fig, self.rank
        if rank == "K":
            band = [(-0.15, 0.3), (-0.15, 0.22), (0.15, 0.22), (0.15, 0.3)]
            if self.suit in (SPADE, HEART):  # points tipped with pearls
                top = [(-0.15, 0.22), (-0.17, 0.06), (-0.08, 0.15), (0, 0.02), (0.08, 0.15)]
                top += [(0.17, 0.06), (0.15, 0.22)]
            else:  # arches over a cap of the robe's colour
                pygame.draw.ellipse(self.s, fig.panel, self.R(0, 0.17, 0.26, 0.2))
                top = [(-0.15, 0.22), (-0.12, 0.1), (-0.05, 0.16), (0, 0.07), (0.05, 0.16)]
                top += [(0.12, 0.1), (0.15, 0.22)]
            self.poly(GOLD, top, GOLD_DARK)
            self.poly(GOLD, band, GOLD_DARK)
            for x in (-0.09, 0, 0.09):  # jewels on the band
                self.dot(fig.panel if fig.panel != YELLOW else RED, x, 0.26, 0.022)
            self.dot(WHITE, 0, 0.02, 0.025)
        elif rank == "Q":
            self.poly(GOLD, [(-0.13, 0.27), (-0.13, 0.17), (0.13, 0.17), (0.13, 0.27)], GOLD_DARK)
            for i in range(5):
                x = -0.1 + i * 0.05
                self.poly(GOLD, [(x - 0.02, 0.17), (x, 0.1), (x + 0.02, 0.17)])
                self.dot(WHITE, x, 0.1, 0.018)
            self.dot(fig.panel, 0, 0.22, 0.026)
        else:  # a cap, tilted towards the look, with a feather in the suit's colour
            d = fig.look or 1
            cap = [(-0.17, 0.3), (-0.13, 0.14), (0.02 * d, 0.1), (0.19, 0.2), (0.16, 0.3)]
            self.poly(fig.panel, cap, GOLD_DARK)
            self.seg(GOLD, (-0.17, 0.29), (0.16, 0.29), 2.2)
            feather = [(-0.1 * d, 0.16), (-0.28 * d, 0.02), (-0.34 * d, 0.0), (-0.3 * d, 0.07)]
            feather.append((-0.13 * d, 0.19))
            self.poly(WHITE if fig.panel != WHITE else GOLD, feather, self.ink)

    def item(self, behind: bool) -> None:
        """What the figure holds; long shafts are drawn behind the body."""
        it, ink = self.fig.item, self.ink
        steel, wood = (200, 204, 214), (120, 80, 44)
        if behind:
            if it == "sword_behind":  # the king of hearts' sword, behind his head
                self.seg(steel, (0.3, 0.0), (-0.18, 0.62), 3)
                self.seg(GOLD, (-0.12, 0.44), (-0.2, 0.56), 3)
            elif it == "halberd":
                self.seg(wood, (-0.32, 0.06), (-0.32, 1.0), 2.2)
                self.poly(steel, [(-0.32, 0.0), (-0.4, 0.12), (-0.32, 0.2), (-0.36, 0.12)], BLACK)
            elif it == "staff":
                self.seg(wood, (0.33, 0.05), (0.33, 1.0), 2.2)
                self.dot(GOLD, 0.33, 0.05, 0.04)
            elif it == "sceptre":
                self.seg(GOLD, (-0.32, 0.14), (-0.27, 1.0), 2)
            return
        if it == "sword":  # raised, the hilt in the fist
            self.seg(steel, (-0.3, 0.04), (-0.3, 0.78), 3)
            self.seg(GOLD, (-0.36, 0.78), (-0.24, 0.78), 2.5)
            self.dot(SKIN, -0.3, 0.84, 0.05)
        elif it == "axe":
            self.seg(wood, (-0.34, 0.2), (-0.28, 0.96), 2.2)
            self.poly(steel, [(-0.33, 0.18), (-0.45, 0.12), (-0.43, 0.36), (-0.32, 0.3)], BLACK)
            self.dot(SKIN, -0.3, 0.86, 0.05)
        elif it == "orb":
            self.dot(GOLD_DARK, 0.31, 0.8, 0.1)
            self.dot(GOLD, 0.31, 0.8, 0.085)
            self.seg(GOLD_DARK, (0.31, 0.72), (0.31, 0.88))
            self.seg(GOLD_DARK, (0.27, 0.76), (0.35, 0.76))
            self.dot(SKIN, 0.31, 0.91, 0.05)
        elif it == "sceptre":
            self.dot(GOLD_DARK, -0.32, 0.13, 0.055)
            self.dot(ink if ink != BLACK else BLUE, -0.32, 0.13, 0.038)
            self.dot(SKIN, -0.28, 0.86, 0.05)
        elif it in ("rose", "tulip", "daisy"):
            x = 0.3 if self.fig.look <= 0 else -0.3
            self.seg((40, 120, 60), (x, 0.6), (x, 0.9), 1.5)
            self.poly((60, 150, 70), [(x, 0.74), (x + 0.06, 0.7), (x + 0.02, 0.78)])
            if it == "rose":
                self.dot(RED, x, 0.56, 0.065)
                self.dot((220, 90, 90), x, 0.56, 0.03)
            elif it == "tulip":
                self.poly(
                    RED, [(x - 0.04, 0.5), (x - 0.045, 0.6), (x + 0.045, 0.6), (x + 0.04, 0.5)]
                )
                self.poly(YELLOW, [(x - 0.015, 0.5), (x, 0.56), (x + 0.015, 0.5)])
            else:
                for i in range(8):
                    v = pygame.math.Vector2(0.04, 0).rotate(i * 45)
                    self.dot(WHITE, x + v.x, 0.56 + v.y * 1.4, 0.025)
                self.dot(YELLOW, x, 0.56, 0.025)
            self.dot(SKIN, x, 0.92, 0.05)
        elif it == "leaf":
            x = 0.3 * -self.fig.look
            self.poly((70, 150, 70), [(x, 0.5), (x + 0.05, 0.62), (x, 0.78), (x - 0.05, 0.62)])
            self.seg((40, 100, 50), (x, 0.52), (x, 0.86), 0.8)
            self.dot(SKIN, x, 0.88, 0.05)
        elif it == "arrow":
            self.seg(wood, (0.36, 0.16), (0.26, 0.96), 1.5)
            self.poly(steel, [(0.37, 0.08), (0.39, 0.2), (0.34, 0.19)], BLACK)
            self.poly(WHITE, [(0.27, 0.9), (0.23, 0.98), (0.29, 0.96)])
            self.dot(SKIN, 0.28, 0.82, 0.05)
        elif it in ("halberd", "staff"):
            self.dot(SKIN, -0.32 if it == "halberd" else 0.33, 0.84, 0.05)
