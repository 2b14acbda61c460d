"""The backs of the half cards, drawn by the program: five designs, each told apart by
its pattern as well as its colour.

A half card's back is half of a whole card's back, cut down the middle (R1.1): the
pattern is drawn for the whole card and the left half kept, so a medallion or a
sunburst is cut by the torn edge like the faces are.

    surface = back_image("purple", (40, 100), 6)
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from . import transforms

RGB = tuple[int, int, int]

# name -> (ground, pattern ink, border)
BACK_STYLES: dict[str, tuple[RGB, RGB, RGB]] = {
    "blue": ((28, 60, 130), (120, 160, 220), (236, 236, 240)),
    "red": ((130, 28, 36), (220, 120, 110), (236, 236, 240)),
    "green": ((20, 90, 50), (120, 190, 130), (236, 236, 240)),
    "purple": ((70, 36, 110), (214, 170, 52), (236, 230, 240)),
    "black": ((26, 26, 30), (214, 170, 52), (214, 170, 52)),
}
"""Each back: its ground, its pattern's ink, its border. Blue is a diamond lattice, red a
field of dots, green a basket weave, purple a medallion, black a gold sunburst."""

BACK_NAMES = tuple(BACK_STYLES)
SS = 2  # drawn at twice the size, then scaled down


@lru_cache(maxsize=64)
def back_image(
    style: str, size: tuple[int, int], radius: int, high_contrast: bool = False
) -> pygame.Surface:
    """The back ``style`` of a left half card of ``size`` with corners of ``radius``
    (cached per size and style); a wide white border in high contrast."""
    ground, ink, border = BACK_STYLES.get(style, BACK_STYLES["blue"])
    w, h = size
    W, H = w * SS, h * SS
    whole = pygame.Surface((2 * W, H), pygame.SRCALPHA)  # the whole card; half is kept
    whole.fill(ground)
    inset = max(4, W // 7)
    field = pygame.Rect(inset, inset, 2 * W - 2 * inset, H - 2 * inset)
    pattern = pygame.Surface(whole.get_size(), pygame.SRCALPHA)
    _PATTERNS.get(style, _lattice)(pattern, field, ink)
    clip = pygame.Surface(whole.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), field, border_radius=radius * SS // 2)
    pattern.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    whole.blit(pattern, (0, 0))
    pygame.draw.rect(whole, ink, field, max(2, W // 24), border_radius=radius * SS // 2)
    half = pygame.Surface((W, H), pygame.SRCALPHA)
    shape = pygame.Rect(0, 0, W, H)
    r = radius * SS
    pygame.draw.rect(
        half, (255, 255, 255), shape, border_top_left_radius=r, border_bottom_left_radius=r
    )
    half.blit(whole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    edge = (255, 255, 255) if high_contrast else border
    thick = max(3, W // 8) if high_contrast else SS
    pygame.draw.rect(
        half, edge, shape, thick, border_top_left_radius=r, border_bottom_left_radius=r
    )
    return transforms.smoothscale(half, (w, h))


def _lattice(surf: pygame.Surface, f: pygame.Rect, ink: RGB) -> None:
    """A diamond lattice with a dot at each crossing."""
    step = max(8, f.width // 9)
    lw = max(1, step // 10)
    for x in range(f.left - f.height, f.right + f.height, step):
        pygame.draw.line(surf, ink, (x, f.top), (x + f.height, f.bottom), lw)
        pygame.draw.line(surf, ink, (x + f.height, f.top), (x, f.bottom), lw)
    for y in range(f.top, f.bottom + step, step // 2):
        off = (y - f.top) // (step // 2) % 2 * (step // 2)
        for x in range(f.left + off, f.right + step, step):
            pygame.draw.circle(surf, ink, (x, y), max(2, step // 7))


def _dots(surf: pygame.Surface, f: pygame.Rect, ink: RGB) -> None:
    """Rows of dots, every other row shifted, with a small ring round each."""
    step = max(8, f.width // 10)
    for j, y in enumerate(range(f.top + step // 2, f.bottom, step)):
        for x in range(f.left + (j % 2) * step // 2, f.right + step, step):
            pygame.draw.circle(surf, ink, (x, y), max(2, step // 6))
            pygame.draw.circle(surf, ink, (x, y), max(3, step // 3), max(1, step // 14))


def _weave(surf: pygame.Surface, f: pygame.Rect, ink: RGB) -> None:
    """A basket weave: blocks of three strands, turned at right angles in turn."""
    step = max(9, f.width // 8)
    lw = max(1, step // 9)
    for j, y in enumerate(range(f.top, f.bottom, step)):
        for i, x in enumerate(range(f.left, f.right, step)):
            for k in range(1, 4):
                d = k * step // 4
                if (i + j) % 2:
                    pygame.draw.line(surf, ink, (x + d, y + 2), (x + d, y + step - 2), lw)
                else:
                    pygame.draw.line(surf, ink, (x + 2, y + d), (x + step - 2, y + d), lw)


def _medallion(surf: pygame.Surface, f: pygame.Rect, ink: RGB) -> None:
    """A rosette of petals in the middle of the card (cut in two by the torn edge), with
    a fine diagonal hatching round it."""
    lw = max(1, f.width // 90)
    for x in range(f.left - f.height, f.right, max(6, f.width // 30)):
        pygame.draw.line(surf, (*ink, 90), (x, f.bottom), (x + f.height, f.top), lw)
    cx, cy = f.center
    r = int(min(f.width, f.height) * 0.42)
    pygame.draw.circle(surf, (0, 0, 0, 0), (cx, cy), r + 2 * lw)
    for ring in (1.0, 0.72):
        pygame.draw.circle(surf, ink, (cx, cy), int(r * ring), 2 * lw)
    for i in range(12):
        a = math.radians(i * 30)
        px, py = cx + math.cos(a) * r * 0.46, cy + math.sin(a) * r * 0.46
        petal = pygame.Rect(0, 0, int(r * 0.3), int(r * 0.3))
        petal.center = (int(px), int(py))
        pygame.draw.ellipse(surf, ink, petal, 2 * lw)
    pygame.draw.circle(surf, ink, (cx, cy), int(r * 0.16))


def _sunburst(surf: pygame.Surface, f: pygame.Rect, ink: RGB) -> None:
    """Gold rays from the middle of the card, in the manner of an Art Deco fan, and a
    ring of steps round the centre."""
    cx, cy = f.center
    reach = int(math.hypot(f.width, f.height))
    for i in range(48):
        a = math.radians(i * 7.5)
        if i % 2:
            continue
        b = math.radians(i * 7.5 + 3.5)
        pts = [
            (cx, cy),
            (cx + math.cos(a) * reach, cy + math.sin(a) * reach),
            (cx + math.cos(b) * reach, cy + math.sin(b) * reach),
        ]
        pygame.draw.polygon(surf, (*ink, 150), pts)
    r = int(min(f.width, f.height) * 0.22)
    pygame.draw.circle(surf, (26, 26, 30), (cx, cy), r)
    pygame.draw.circle(surf, ink, (cx, cy), r, max(2, r // 8))
    pygame.draw.circle(surf, ink, (cx, cy), r // 2)


_PATTERNS = {
    "blue": _lattice,
    "red": _dots,
    "green": _weave,
    "purple": _medallion,
    "black": _sunburst,
}
