"""The cards, drawn by the program: half playing cards, their backs, matches, the felt.

Every Split card is *half* a playing card (R1.1): a tall card cut down the middle.
:class:`CardArt` draws them at one height, crisply (never scaled): a left half
shows its rank and suit large in the top corner, where they stay readable when the
hand is fanned, with half of a big pip cut by the straight, torn edge. A match
(R3) puts a left and a right half together: a perfect match looks like one whole
card, strong and weak ones show two different halves, and a badge names the type.

Art is cached per height (:func:`art`); the table asks for new heights on resize.
:class:`CardSprite` is a card in motion: an image and where it is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from split.engine.cards import RANKS, SUIT_SYMBOLS, MatchType, is_red, match_type

from . import transforms, typeset
from .backs import BACK_NAMES, BACK_STYLES, back_image
from .courts import COURTS, FACE_STYLES, court_picture

RGB = tuple[int, int, int]

RED = (196, 28, 40)
BLACK = (24, 24, 30)
PAPER = (250, 248, 240)
EDGE = (120, 110, 95)
CUT = (190, 180, 160)
BACKS = BACK_STYLES
BADGE = {
    MatchType.PERFECT: ((214, 170, 40), "P"),
    MatchType.STRONG: ((70, 130, 210), "S"),
    MatchType.WEAK: ((150, 110, 80), "W"),
}
"""Each match type's badge colour, and its English initial (kept for older callers: the
badge itself is a shape, :func:`badge`)."""
BADGE_POINTS = {MatchType.WEAK: 3, MatchType.STRONG: 4, MatchType.PERFECT: 5}
"""The badge's shape: a triangle, a diamond, a star; more points, a stronger match."""
FELT = (22, 96, 58)
HALF_RATIO = 0.40  # a half card's width over its height (a whole card is ~0.71)

# The four-colour deck keeps the rules' two colours apart (R1.2, and R3.2 leans on them):
# the red suits in warm inks, the black suits in dark cool ones.
FOUR_COLOURS: dict[int, RGB] = {0: (20, 70, 170), 1: (190, 86, 0), 2: RED, 3: BLACK}
HC_RED, HC_BLACK, HC_PAPER = (180, 0, 0), (0, 0, 0), (255, 255, 255)


@dataclass(frozen=True)
class DeckStyle:
    """How the cards look: the back, the court faces (``illustrated`` or ``classic``),
    a four-colour deck, high contrast. Hashable: art is cached per style."""

    back: str = "blue"
    faces: str = "illustrated"
    four_colour: bool = False
    high_contrast: bool = False


def deck_style(settings: Any) -> DeckStyle:
    """The deck style a settings-like object asks for (``card_back``, ``card_faces``,
    ``four_colour``, ``high_contrast``; a missing or unknown value takes its default)."""
    back = getattr(settings, "card_back", "blue")
    faces = getattr(settings, "card_faces", "illustrated")
    return DeckStyle(
        back if back in BACK_NAMES else "blue",
        faces if faces in FACE_STYLES else "illustrated",
        getattr(settings, "four_colour", False) is True,
        getattr(settings, "high_contrast", False) is True,
    )


def colour_of(card: int, style: DeckStyle | None = None) -> RGB:
    """The ink of a card's face: red for diamonds and hearts, black otherwise (R1.2);
    one ink per suit in a four-colour deck, purer inks in high contrast."""
    if style is not None and style.four_colour:
        return FOUR_COLOURS[card & 3]
    if style is not None and style.high_contrast:
        return HC_RED if is_red(card) else HC_BLACK
    return RED if is_red(card) else BLACK


@lru_cache(maxsize=64)
def badge(kind: MatchType, radius: int, high_contrast: bool = False) -> pygame.Surface:
    """A match type's badge, ``2 * radius`` across: a triangle (weak), a diamond (strong)
    or a star (perfect), in its colour with a white rim: told apart by shape alone, in
    any language and by any eye (no letter). Drawn at three times the size, scaled down."""
    col = BADGE[kind][0]
    k = 3
    r = radius * k
    big = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    points = BADGE_POINTS[kind]
    if points == 5:
        inner = 0.45
        pts = [
            pygame.math.Vector2(0, -(r if i % 2 == 0 else r * inner)).rotate(i * 36) + (r, r)
            for i in range(10)
        ]
    elif points == 4:
        pts = [pygame.math.Vector2(0, -r).rotate(i * 90) + (r, r) for i in range(4)]
    else:
        pts = [pygame.math.Vector2(0, -r).rotate(i * 120) + (r, r * 1.12) for i in range(3)]
    rim = (0, 0, 0) if high_contrast else (255, 255, 255)
    pygame.draw.polygon(big, rim, pts)
    centre = pygame.math.Vector2(r, r * (1.12 if points == 3 else 1))
    shrink = 0.62 if points == 3 else (0.7 if points == 5 else 0.76)
    pygame.draw.polygon(big, col, [centre + (p - centre) * shrink for p in pts])
    return transforms.smoothscale(big, (2 * radius, 2 * radius))


class CardArt:
    """All the card images at one card height ``h`` (width ``w`` = 0.4 h), in one
    :class:`DeckStyle` (``back`` may be just a back's name)."""

    def __init__(self, height: int, back: str | DeckStyle = "blue") -> None:
        self.h = max(24, int(height))
        self.w = max(10, round(self.h * HALF_RATIO))
        style = back if isinstance(back, DeckStyle) else DeckStyle(back)
        if style.back not in BACK_NAMES:
            style = DeckStyle("blue", style.faces, style.four_colour, style.high_contrast)
        self.style = style
        self.back_style = style.back
        self.radius = max(3, self.h // 14)
        hc = style.high_contrast
        self.paper, self.edge = (HC_PAPER, HC_BLACK) if hc else (PAPER, EDGE)
        self._uncut: dict[tuple[int, bool], pygame.Surface] = {}
        self._halves: dict[tuple[int, bool], pygame.Surface] = {}
        self._matches: dict[tuple[int, int], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._glows: dict[tuple[int, int, RGB], pygame.Surface] = {}
        self._tilted: dict[tuple[int, float], tuple[pygame.Surface, pygame.Surface]] = {}

    @property
    def size(self) -> tuple[int, int]:
        """A half card's (width, height)."""
        return (self.w, self.h)

    @property
    def match_size(self) -> tuple[int, int]:
        """A match's (width, height): two halves side by side."""
        return (self.w * 2, self.h)

    # ------------------------------------------------------------------ shapes

    def _blank(self, left: bool, fill: RGB, border: RGB) -> pygame.Surface:
        """A half-card shape: rounded on the outer side, straight along the cut."""
        w, h, r = self.w, self.h, self.radius
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        kw = (
            dict(border_top_left_radius=r, border_bottom_left_radius=r)
            if left
            else dict(border_top_right_radius=r, border_bottom_right_radius=r)
        )
        pygame.draw.rect(surf, fill, surf.get_rect(), **kw)
        thick = max(2, self.h // 90) if self.style.high_contrast else 1
        pygame.draw.rect(surf, border, surf.get_rect(), thick, **kw)
        # no border along the cut: the torn edge goes there, or, in a perfect match,
        # the other half of the same card
        x = w - thick if left else 0
        surf.fill(fill, pygame.Rect(x, thick, thick, h - 2 * thick))
        return surf

    def _cut_edge(self, surf: pygame.Surface, left: bool) -> None:
        """The torn edge: a zigzag line along the cut side."""
        w, h = self.w, self.h
        x = w - 1 if left else 0
        step = max(3, h // 40)
        pts = []
        for i, y in enumerate(range(0, h + step, step)):
            dx = (i % 2) * max(1, w // 28)
            pts.append((x - dx if left else x + dx, min(y, h - 1)))
        cut = (90, 90, 90) if self.style.high_contrast else CUT
        pygame.draw.lines(surf, cut, False, pts, max(1, w // 30))

    # ------------------------------------------------------------------ faces

    def half(self, card: int, left: bool = True) -> pygame.Surface:
        """The face of ``card`` as the left (default) or right half of a playing card."""
        key = (card, left)
        surf = self._halves.get(key)
        if surf is None:
            surf = self._face(card, left).copy()
            self._cut_edge(surf, left)
            self._halves[key] = surf
        return surf

    def _face(self, card: int, left: bool) -> pygame.Surface:
        """The half face without its torn edge (a perfect match shows none)."""
        key = (card, left)
        surf = self._uncut.get(key)
        if surf is not None:
            return surf
        w, h = self.w, self.h
        surf = self._blank(left, self.paper, self.edge)
        col = colour_of(card, self.style)
        rank, suit = RANKS[card >> 2], SUIT_SYMBOLS[card & 3]
        size = int(w * (0.62 if len(rank) == 1 else 0.46))
        rs = typeset.symbol(rank, size, col, bold=True)
        ss = typeset.symbol(suit, int(w * 0.52), col)
        pad = max(2, w // 12)
        x = pad if left else w - pad - rs.get_width()
        surf.blit(rs, (x, pad // 2))
        surf.blit(
            ss, (x + (rs.get_width() - ss.get_width()) // 2, pad // 2 + rs.get_height() * 0.76)
        )
        if rank in COURTS or rank == "A":
            # Half of the card's picture: two halves of one card make the whole portrait.
            picture = court_picture(rank, suit, col, (2 * w, h), self.style.faces)
            surf.blit(picture, (0, 0), pygame.Rect(0 if left else w, 0, w, h))
        else:
            # Half of a big pip, cut by the edge: two halves of one card make it whole.
            pip = typeset.symbol(suit, int(w * 1.7), col)
            px = w - pip.get_width() // 2 if left else -pip.get_width() // 2
            py = int(h * 0.60) - pip.get_height() // 2
            clip = pygame.Surface((w, h), pygame.SRCALPHA)
            clip.blit(pip, (px, py))
            surf.blit(clip, (0, 0))
        # The rank again, upside down, in the far corner.
        small = transforms.rotate(typeset.symbol(rank, int(w * 0.34), col, bold=True), 180)
        if left:
            surf.blit(small, (pad, h - pad // 2 - small.get_height()))
        else:
            surf.blit(small, (w - pad - small.get_width(), h - pad // 2 - small.get_height()))
        self._uncut[key] = surf
        return surf

    def back(self) -> pygame.Surface:
        """The back of a half card (the draw pile and hidden hands)."""
        if self._back is None:
            st = self.style
            surf = back_image(st.back, self.size, self.radius, st.high_contrast).copy()
            self._cut_edge(surf, True)
            self._back = surf
        return self._back

    def match(self, a: int, b: int) -> pygame.Surface:
        """Two halves joined into one card, with a badge naming the match type (R3.2)."""
        key = (a, b)
        surf = self._matches.get(key)
        if surf is not None:
            return surf
        w, h = self.w, self.h
        t = match_type(a, b)
        surf = pygame.Surface((2 * w, h), pygame.SRCALPHA)
        if t is MatchType.PERFECT:
            # A perfect match is the whole card again: no torn edges, no seam.
            left, right = self._face(a, True), self._face(b, False)
        else:
            left, right = self.half(a, True), self.half(b, False)
        surf.blit(left, (0, 0))
        surf.blit(right, (w, 0))
        if t is not None:
            rad = max(6, w // 4)
            image = badge(t, rad, self.style.high_contrast)
            surf.blit(image, image.get_rect(center=(w, h - rad - max(2, h // 30))))
        self._matches[key] = surf
        return surf

    def tilted(self, card: int | None, angle: float) -> tuple[pygame.Surface, pygame.Surface]:
        """``card``'s face (its back if None) and its shadow, turned ``angle`` degrees
        counter-clockwise, for a fanned hand; cached per card and half degree."""
        key = (-1 if card is None else card, round(angle * 2) / 2)
        got = self._tilted.get(key)
        if got is None:
            face = self.back() if card is None else self.half(card)
            shadow = SHADOWS.get(self.size, self.radius)
            if key[1]:
                face = transforms.rotozoom(face, key[1])
                shadow = transforms.rotozoom(shadow, key[1])
            got = (face, shadow)
            self._tilted[key] = got
        return got

    def glow(self, width: int, height: int, colour: RGB = (255, 230, 90)) -> pygame.Surface:
        """A soft outline to put around a legal target (cached by size and colour)."""
        key = (width, height, colour)
        surf = self._glows.get(key)
        if surf is None:
            pad = max(4, self.h // 16)
            surf = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
            for i in range(pad, 0, -1):
                alpha = int(200 * (1 - i / (pad + 1)))
                r = surf.get_rect().inflate(-2 * (pad - i), -2 * (pad - i))
                pygame.draw.rect(surf, (*colour, alpha), r, 2, border_radius=self.radius + i)
            self._glows[key] = surf
        return surf


def art(height: int, back: str | DeckStyle = "blue") -> CardArt:
    """The :class:`CardArt` for a card height and a deck style (or a back's name): one
    per size and style in use."""
    return _art(int(height), back if isinstance(back, DeckStyle) else DeckStyle(back))


@lru_cache(maxsize=32)
def _art(height: int, style: DeckStyle) -> CardArt:
    return CardArt(height, style)


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table surface at ``size``: green baize with a woven grain and a lamp's light
    falling off towards the edges. Built once per window size (a few milliseconds) from
    a seeded noise tile, so every frame after that is one blit."""
    w, h = size
    rng = random.Random(1)  # the same cloth every time
    # the light: brightest a little above the middle, dark at the rim
    small = pygame.Surface((48, 27))
    for y in range(27):
        for x in range(48):
            d = ((x - 23.5) / 24) ** 2 + ((y - 11.0) / 15) ** 2
            k = max(0.0, 1.0 - 0.55 * d) ** 1.4
            small.set_at((x, y), tuple(int(c * (0.55 + 0.6 * k)) for c in FELT))
    surf = transforms.smoothscale(small, (w, h)).convert()
    # the grain: soft blotches (noise blurred by scaling) and fine fibres
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for y in range(0, 96, 2):
        for x in range(0, 96, 2):
            v = rng.randint(0, 26)
            tile.fill((255, 255, 255, v) if rng.random() < 0.5 else (0, 0, 0, v), (x, y, 2, 2))
    tile = transforms.smoothscale(transforms.smoothscale(tile, (24, 24)), (192, 192))
    for _i in range(900):
        x, y = rng.randrange(192), rng.randrange(192)
        dx, dy = rng.choice(((3, 0), (0, 3), (2, 2), (2, -2)))
        tone = (255, 255, 255, 14) if rng.random() < 0.5 else (0, 0, 0, 18)
        pygame.draw.line(tile, tone, (x, y), (x + dx, y + dy))
    for ty in range(0, h, 192):
        for tx in range(0, w, 192):
            surf.blit(tile, (tx, ty))
    return surf


class _Shadows:
    """Soft shadows under cards: a blurred dark rounded rectangle per size and lift,
    cached (the blur is a scale down and up, done once)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int, int, bool], pygame.Surface] = {}

    def get(self, size: tuple[int, int], radius: int, lifted: bool = False) -> pygame.Surface:
        key = (size[0], size[1], radius, lifted)
        surf = self._cache.get(key)
        if surf is None:
            w, h = size
            blur = max(3, h // (9 if lifted else 16))
            big = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
            alpha = 110 if lifted else 80
            shape = pygame.Rect(2 * blur, 2 * blur, w, h)
            pygame.draw.rect(big, (0, 0, 0, alpha), shape, border_radius=radius + blur // 2)
            small = transforms.smoothscale(
                big, (max(1, big.get_width() // blur), max(1, big.get_height() // blur))
            )
            surf = transforms.smoothscale(small, big.get_size())
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = surf
        return surf


SHADOWS = _Shadows()


def shadow_offset(h: int, lifted: bool = False) -> tuple[int, int]:
    """How far a card of height ``h`` throws its shadow (down and right): further while it
    is lifted off the table."""
    d = max(2, h // (14 if lifted else 40))
    return (d // 2 if not lifted else d * 2 // 3, d)


def blit_with_shadow(
    surface: pygame.Surface,
    image: pygame.Surface,
    pos: tuple[int, int],
    radius: int,
    lifted: bool = False,
) -> pygame.Rect:
    """Blit ``image`` at ``pos`` over its soft shadow; returns the rectangle touched."""
    w, h = image.get_size()
    sh = SHADOWS.get((w, h), radius, lifted)
    dx, dy = shadow_offset(h, lifted)
    pad = (sh.get_width() - w) // 2
    r1 = surface.blit(sh, (pos[0] - pad + dx, pos[1] - pad + dy))
    r2 = surface.blit(image, pos)
    return r1.union(r2)


def blit_faded(
    surface: pygame.Surface, image: pygame.Surface, pos: tuple[int, int], radius: int, alpha: int
) -> pygame.Rect:
    """Blit ``image`` lying at ``pos`` over its soft shadow, both ``alpha`` opaque (out
    of 255): a card fading in or out in place; returns the rectangle touched."""
    w, h = image.get_size()
    sh = SHADOWS.get((w, h), radius, False)
    dx, dy = shadow_offset(h, False)
    pad = (sh.get_width() - w) // 2
    shadow = sh.get_rect(topleft=(pos[0] - pad + dx, pos[1] - pad + dy))
    box = shadow.union(image.get_rect(topleft=pos))
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    layer.blit(sh, (shadow.x - box.x, shadow.y - box.y))
    layer.blit(image, (pos[0] - box.x, pos[1] - box.y))
    layer.set_alpha(max(0, min(255, alpha)))
    return surface.blit(layer, box)


class CardSprite:
    """A card (or match, or back) moving on the table: an image and where it is.

    The table blits it itself over its static layer, only while it flies, and
    repaints just the rects it covered; so it sits in no ``pygame.sprite.Group``
    and needs nothing of ``pygame.sprite.Sprite``. Not ``lifted``, it lies on the
    table, ``alpha`` opaque (of 255), fading in or out (reduced motion) instead of flying.
    """

    def __init__(self, image: pygame.Surface, pos: tuple[float, float]) -> None:
        self.image = image
        self.lifted = True
        self.alpha = 255
        self.rect = image.get_rect(topleft=(round(pos[0]), round(pos[1])))
        self.x, self.y = float(pos[0]), float(pos[1])

    def move_to(self, x: float, y: float) -> None:
        """Put the top-left corner at (x, y); the rect follows, rounded to pixels."""
        self.x, self.y = x, y
        self.rect.topleft = (round(x), round(y))

    def lie(self, alpha: int) -> None:
        """Lie on the table (not lifted), ``alpha`` opaque (of 255): fading in or out."""
        self.lifted = False
        self.alpha = alpha


__all__ = [
    "CardArt",
    "CardSprite",
    "art",
    "felt",
    "colour_of",
    "blit_with_shadow",
    "blit_faded",
    "BADGE",
    "DeckStyle",
    "HALF_RATIO",
    "badge",
    "deck_style",
]
