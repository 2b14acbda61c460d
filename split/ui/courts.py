"""The pictures of the court cards and the aces, drawn by the program.

A Split card is half of a playing card (R1.1), so each picture is drawn for the whole
card and the half card shows its half: a perfect match (two identical halves, R3.1)
puts the whole king back together, while a weak or strong match shows two different
half portraits, as the box's cards do.

The pictures are vector shapes drawn at twice the size asked and scaled down once
(smooth edges without an anti-aliased polygon routine), for each card height in use:
crisp at every window size, never an upscaled bitmap.

    picture = court_picture("K", "♠", (24, 24, 30), (96, 120))  # the whole card's width
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import typeset

RGB = tuple[int, int, int]

GOLD = (214, 170, 52)
GOLD_DARK = (150, 110, 30)
CREAM = (250, 238, 204)
SKIN = (242, 208, 172)
SKIN_LINE = (150, 100, 70)
NAVY = (38, 62, 128)
HAIR = {"K": (120, 110, 100), "Q": (110, 62, 30), "J": (150, 96, 40)}
SS = 2  # drawn at twice the size, then scaled down

COURTS = ("J", "Q", "K")


def frame_rect(width: int, height: int) -> pygame.Rect:
    """Where the portrait sits on a whole card ``width`` x ``height``: below the rank
    corner, above the small upside-down rank, centred on the cut."""
    return pygame.Rect(
        int(width * 0.06), int(height * 0.40), width - 2 * int(width * 0.06), int(height * 0.47)
    )


@lru_cache(maxsize=256)
def court_picture(rank: str, suit: str, ink: RGB, size: tuple[int, int]) -> pygame.Surface:
    """The picture of a J, Q, K or A of ``suit`` (its sign) in ``ink`` on a whole card of
    ``size``; transparent outside the picture. Cached per card and size."""
    W, H = size
    big = pygame.Surface((W * SS, H * SS), pygame.SRCALPHA)
    f = frame_rect(W * SS, H * SS)
    if rank == "A":
        _ace(big, f, suit, ink)
    else:
        _portrait(big, f, rank, suit, ink)
    return pygame.transform.smoothscale(big, (W, H))


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


def _portrait(surf: pygame.Surface, f: pygame.Rect, rank: str, suit: str, ink: RGB) -> None:
    """A crowned bust (king), a queen with long hair and a crown of pearls, a jack in a
    feathered cap: framed, in the suit's colours with gold trim."""
    robe = ink if ink[0] > 120 else NAVY  # red suits: a red robe; black suits: navy
    trim = NAVY if robe is ink else (196, 28, 40)
    line = max(2, f.width // 60)
    radius = f.width // 14
    pygame.draw.rect(surf, CREAM, f, border_radius=radius)
    cx, fw, fh, top = f.centerx, f.width, f.height, f.top

    def P(x: float, y: float) -> tuple[int, int]:  # frame fractions to pixels
        return (int(cx + x * fw), int(top + y * fh))

    # hair behind the head (long for the queen)
    hair = HAIR[rank]
    if rank == "Q":
        pygame.draw.polygon(
            surf, hair, [P(-0.2, 0.3), P(-0.26, 0.78), P(0.26, 0.78), P(0.2, 0.3), P(0, 0.2)]
        )
    # shoulders and robe, a V collar trimmed in gold
    shoulders = [P(-0.47, 1.0), P(-0.42, 0.8), P(-0.2, 0.68), P(0.2, 0.68), P(0.42, 0.8)]
    shoulders.append(P(0.47, 1.0))
    pygame.draw.polygon(surf, robe, shoulders)
    pygame.draw.polygon(surf, GOLD, [P(-0.16, 0.68), P(0, 0.9), P(0.16, 0.68)])
    pygame.draw.polygon(surf, trim, [P(-0.1, 0.68), P(0, 0.82), P(0.1, 0.68)])
    pygame.draw.lines(surf, GOLD, False, shoulders[1:5], line)
    # the suit's sign on the chest
    pip = typeset.symbol(suit, int(fh * 0.16), GOLD if robe is ink else CREAM)
    surf.blit(pip, pip.get_rect(center=P(-0.3, 0.9)))
    surf.blit(pip, pip.get_rect(center=P(0.3, 0.9)))
    # neck and head
    pygame.draw.rect(surf, SKIN, pygame.Rect(P(-0.05, 0.55), (int(fw * 0.1), int(fh * 0.15))))
    head = pygame.Rect(0, 0, int(fw * 0.26), int(fh * 0.36))
    head.center = P(0, 0.45)
    pygame.draw.ellipse(surf, SKIN, head)
    pygame.draw.ellipse(surf, SKIN_LINE, head, line)
    for side in (-1, 1):  # eyes and brows
        pygame.draw.circle(surf, (40, 40, 60), P(side * 0.05, 0.43), max(2, fw // 70))
        pygame.draw.line(surf, hair, P(side * 0.08, 0.38), P(side * 0.025, 0.375), line)
    pygame.draw.line(surf, (170, 60, 60), P(-0.03, 0.55), P(0.03, 0.55), line)
    if rank == "K":  # a full beard and a crown with three points
        pygame.draw.polygon(
            surf, hair, [P(-0.13, 0.47), P(-0.09, 0.62), P(0, 0.7), P(0.09, 0.62), P(0.13, 0.47)]
        )
        pygame.draw.line(surf, (170, 60, 60), P(-0.03, 0.55), P(0.03, 0.55), line)
        crown = [P(-0.15, 0.3), P(-0.17, 0.1), P(-0.08, 0.2), P(0, 0.04)]
        crown += [P(0.08, 0.2), P(0.17, 0.1), P(0.15, 0.3)]
        pygame.draw.polygon(surf, GOLD, crown)
        pygame.draw.polygon(surf, GOLD_DARK, crown, line)
        for x in (-0.17, 0, 0.17):
            pygame.draw.circle(surf, trim, P(x, 0.1 if x else 0.1), max(3, fw // 40))
    elif rank == "Q":  # a band of pearls
        pygame.draw.rect(surf, GOLD, pygame.Rect(P(-0.14, 0.23), (int(fw * 0.28), int(fh * 0.07))))
        for i in range(5):
            pygame.draw.circle(surf, CREAM, P(-0.12 + i * 0.06, 0.2), max(3, fw // 45))
            pygame.draw.circle(surf, GOLD_DARK, P(-0.12 + i * 0.06, 0.2), max(3, fw // 45), 1)
    else:  # the jack's cap, tilted, with a feather
        cap = [P(-0.17, 0.3), P(-0.12, 0.16), P(0.1, 0.12), P(0.2, 0.22), P(0.15, 0.3)]
        pygame.draw.polygon(surf, robe, cap)
        pygame.draw.line(surf, GOLD, P(-0.17, 0.3), P(0.15, 0.3), line * 2)
        feather = [P(0.1, 0.14), P(0.3, 0.02), P(0.36, 0.0), P(0.3, 0.08), P(0.14, 0.17)]
        pygame.draw.polygon(surf, GOLD, feather)
    pygame.draw.rect(surf, ink, f, line, border_radius=radius)
    pygame.draw.rect(surf, GOLD, f.inflate(-3 * line, -3 * line), line, border_radius=radius)
