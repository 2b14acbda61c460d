"""The backdrop of every screen around the table: the table's baize, dimmed so text
reads on it, and on the main menu a fan of court cards. Made by the program (the felt
of :func:`split.ui.cards.felt`, the cards of :mod:`split.ui.courts`), cached per size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from split.engine.cards import parse_card

from . import cards

FAN = ("KH", "QS", "JD", "AC", "KS")  # the main menu's fan of halves


@lru_cache(maxsize=4)
def _dimmed(size: tuple[int, int]) -> pygame.Surface:
    surf = cards.felt(size).copy()
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 12, 6, 110))
    surf.blit(shade, (0, 0))
    return surf


def backdrop(surface: pygame.Surface) -> None:
    """Cover ``surface`` with the dimmed baize (one blit)."""
    surface.blit(_dimmed(surface.get_size()), (0, 0))


@lru_cache(maxsize=4)
def card_fan(height: int) -> pygame.Surface:
    """Five court halves held in a fan, with their shadows, ``height`` tall cards."""
    art = cards.art(height)
    w, h = art.size
    big = pygame.Surface((int(h * 1.9), int(h * 1.6)), pygame.SRCALPHA)
    pivot = pygame.math.Vector2(big.get_width() / 2, big.get_height() * 0.98)
    for i, name in enumerate(FAN):
        angle = (len(FAN) // 2 - i) * 13
        face, shadow = art.tilted(parse_card(name), angle)
        offset = pygame.math.Vector2(0, -h * 0.55).rotate(-angle)
        centre = pivot + offset
        big.blit(shadow, shadow.get_rect(center=(centre.x + 4, centre.y + 6)))
        big.blit(face, face.get_rect(center=(centre.x, centre.y)))
    return big
