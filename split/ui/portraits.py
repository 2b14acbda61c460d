"""A portrait for each seat, drawn by the program from the seat's name and kind.

The same name always gives the same face (a CRC of the name picks the background,
skin, hair, clothes and a touch such as glasses or earrings), in the flat style of the
court cards. A bot's strength shows as pips under the chin: one for easy, two for
normal, three for hard, four for expert, a ring of small dots for random; a human seat
has none. Drawn at three times the size and scaled down, cached per name, kind and
size: pleasant from 32 to 128 px, one blit a frame.

    image = portrait("Ada", 64, "normal")  # a 64 x 64 round portrait
"""

from __future__ import annotations

import zlib
from functools import lru_cache

import pygame

from . import transforms

RGB = tuple[int, int, int]

GROUNDS: tuple[RGB, ...] = (
    (64, 120, 130),  # teal
    (78, 92, 150),  # slate blue
    (120, 76, 120),  # plum
    (170, 96, 70),  # terracotta
    (180, 140, 60),  # ochre
    (100, 124, 70),  # olive
    (170, 90, 110),  # rose
    (90, 110, 128),  # steel
)
SKINS: tuple[RGB, ...] = (
    (250, 218, 190),
    (238, 196, 160),
    (214, 166, 124),
    (180, 128, 90),
    (140, 96, 66),
    (100, 68, 48),
)
HAIRS: tuple[RGB, ...] = (
    (40, 30, 26),
    (92, 56, 30),
    (150, 96, 44),
    (214, 170, 90),
    (170, 60, 36),
    (190, 190, 196),
)
CLOTHES: tuple[RGB, ...] = (
    (38, 62, 128),
    (186, 36, 42),
    (214, 170, 52),
    (36, 34, 40),
    (60, 130, 90),
    (240, 236, 226),
)
STYLES = ("short", "bob", "long", "bun", "cap")
STRENGTH_PIPS = {"easy": 1, "normal": 2, "hard": 3, "expert": 4}
GOLD = (214, 170, 52)
RIM = (250, 238, 204)
SS = 3  # drawn at three times the size, then scaled down


def traits(name: str, kind: str = "human") -> dict[str, int]:
    """The choices a name makes (indices into the palettes), the same on every machine."""
    h = zlib.crc32(name.strip().casefold().encode("utf-8"))
    picks = {}
    for key, n in (
        ("ground", len(GROUNDS)),
        ("skin", len(SKINS)),
        ("hair", len(HAIRS)),
        ("clothes", len(CLOTHES)),
        ("style", len(STYLES)),
        ("touch", 4),
    ):
        picks[key] = h % n
        h //= n
    if CLOTHES[picks["clothes"]] == GROUNDS[picks["ground"]]:  # never lost in the ground
        picks["clothes"] = (picks["clothes"] + 1) % len(CLOTHES)
    return picks


@lru_cache(maxsize=128)
def portrait(name: str, size: int, kind: str = "human") -> pygame.Surface:
    """The round portrait of the seat ``name`` (played by ``kind``: "human" or a bot's
    strength), ``size`` pixels across, with a transparent outside."""
    size = max(16, int(size))
    t = traits(name, kind)
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    u = S / 100  # one hundredth of the portrait

    def P(x: float, y: float) -> tuple[int, int]:
        return (int(x * u), int(y * u))

    def R(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(int(x * u), int(y * u), int(w * u), int(h * u))

    ground, skin = GROUNDS[t["ground"]], SKINS[t["skin"]]
    hair, clothes, style = HAIRS[t["hair"]], CLOTHES[t["clothes"]], STYLES[t["style"]]
    shade = tuple(int(c * 0.8) for c in skin)
    pygame.draw.circle(big, ground, P(50, 50), int(50 * u))
    light = tuple(min(255, int(c * 1.15)) for c in ground)
    pygame.draw.circle(big, light, P(50, 40), int(34 * u))  # a lamp behind the head
    if style == "long":
        pygame.draw.ellipse(big, hair, R(26, 20, 48, 62))
    # shoulders and a collar
    pygame.draw.ellipse(big, clothes, R(14, 72, 72, 50))
    pygame.draw.polygon(big, shade, [P(42, 73), P(50, 84), P(58, 73)])
    pygame.draw.rect(big, skin, R(43, 60, 14, 15))
    # the head
    pygame.draw.ellipse(big, skin, R(31, 24, 38, 46))
    if style in ("short", "cap"):
        pygame.draw.ellipse(big, hair, R(30, 19, 40, 22))
        pygame.draw.rect(big, skin, R(33, 36, 34, 6))
    elif style == "bob":
        pygame.draw.ellipse(big, hair, R(27, 18, 46, 30))
        pygame.draw.rect(big, hair, R(27, 32, 9, 24), border_radius=int(4 * u))
        pygame.draw.rect(big, hair, R(64, 32, 9, 24), border_radius=int(4 * u))
    elif style == "long":
        pygame.draw.ellipse(big, hair, R(28, 18, 44, 26))
    else:  # a bun on top
        pygame.draw.circle(big, hair, P(50, 17), int(9 * u))
        pygame.draw.ellipse(big, hair, R(30, 19, 40, 20))
    if style == "cap":
        pygame.draw.ellipse(big, clothes, R(29, 14, 42, 22))
        pygame.draw.rect(big, clothes, R(29, 25, 50, 6), border_radius=int(3 * u))
    # the face: eyes, brows, cheeks, a smile
    for x in (42, 58):
        pygame.draw.circle(big, (40, 36, 40), P(x, 47), max(2, int(3 * u)))
        pygame.draw.line(big, hair, P(x - 5, 40), P(x + 4, 39), max(1, int(1.8 * u)))
    for x in (38, 62):
        pygame.draw.circle(
            big, tuple(min(255, c + 6) for c in (236, 150, 140)), P(x, 55), int(4 * u)
        )
    pygame.draw.arc(big, (150, 60, 60), R(43, 52, 14, 10), 3.5, 5.9, max(2, int(2 * u)))
    touch = t["touch"]
    if touch == 1:  # glasses
        for x in (42, 58):
            pygame.draw.circle(big, (30, 30, 34), P(x, 47), int(6.5 * u), max(1, int(1.6 * u)))
        pygame.draw.line(big, (30, 30, 34), P(48, 47), P(52, 47), max(1, int(1.6 * u)))
    elif touch == 2:  # earrings
        for x in (31, 69):
            pygame.draw.circle(big, GOLD, P(x, 54), max(2, int(2.5 * u)))
    elif touch == 3 and style in ("short", "cap"):  # a beard
        pygame.draw.arc(big, hair, R(33, 40, 34, 30), 3.4, 6.0, max(2, int(5 * u)))
    # a bot's strength: pips on the collar, or a ring of small dots for random
    pips = STRENGTH_PIPS.get(kind, 0)
    for i in range(pips):
        px = 50 + (i - (pips - 1) / 2) * 9
        pygame.draw.circle(big, GOLD, P(px, 91), max(2, int(3.4 * u)))
        pygame.draw.circle(big, (60, 44, 10), P(px, 91), max(2, int(3.4 * u)), max(1, int(u)))
    if kind == "random":
        for i in range(5):
            v = pygame.math.Vector2(0, 8).rotate(i * 72)
            pygame.draw.circle(big, GOLD, P(50 + v.x, 90 + v.y * 0.6), max(2, int(2 * u)))
    # cut to a circle with a cream rim
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), P(50, 50), int(50 * u))
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(big, RIM, P(50, 50), int(50 * u), max(2, int(3.5 * u)))
    return transforms.smoothscale(big, (size, size))
