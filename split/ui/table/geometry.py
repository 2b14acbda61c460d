"""Where each thing lies on the table now, and the pictures it is drawn with: a value
made from the layout and the counts of the picture (who sits at the bottom, how many
cards each seat holds, your hand's order…), asked by the animator, the renderer and
the gestures. A new one is made whenever those counts may have moved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from .. import cards as cardart
from ..typeset import symbol
from .layout import Point, TableLayout


@lru_cache(maxsize=8)
def chip_image(fs: int) -> pygame.Surface:
    """The red penalty chip (R6.1) for body text of size ``fs``."""
    r = max(10, fs)
    surf = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(surf, (200, 40, 40), (r, r), r)
    pygame.draw.circle(surf, (255, 255, 255), (r, r), r, 2)
    label = symbol("\u2212", int(r * 1.4), (255, 255, 255), True)
    surf.blit(label, label.get_rect(center=(r, r)))
    return surf


@dataclass(frozen=True)
class Geometry:
    """The table's places for one picture: ``held`` and ``matches`` count each seat's
    cards and matches, ``hand`` is your hand as shown, ``lifted`` the selected card,
    ``hover`` the card under the pointer, ``face_up`` whether your cards show (not
    covered for a hot-seat pass), ``deck`` the cards' look (back, faces, four colours,
    high contrast) as the settings ask."""

    layout: TableLayout
    viewer: int
    players: int
    hand: tuple[int, ...]
    held: tuple[int, ...]
    matches: tuple[int, ...]
    discards: int
    lifted: int | None = None
    hover: int | None = None
    deck: cardart.DeckStyle = cardart.DeckStyle()
    face_up: bool = True

    def opponents(self) -> list[int]:
        """The other seats, left to right: the next player first (R2.1, to your left)."""
        return [(self.viewer + i) % self.players for i in range(1, self.players)]

    def seat_rect(self, seat: int) -> pygame.Rect:
        """A seat's panel: yours in the side column, the others along the top."""
        if seat == self.viewer:
            return self.layout.own_seat.copy()
        return self.layout.seats[self.opponents().index(seat)].copy()

    def art(self, which: str) -> cardart.CardArt:
        """Card pictures for a place (hand, mid, own, opp, back), in the chosen deck."""
        return cardart.art(self.layout.heights[which], self.deck)

    def disc_art(self) -> cardart.CardArt:
        """Card pictures for the discard row (smaller as the row grows)."""
        return cardart.art(self.layout.discard_grid(self.discards).height, self.deck)

    def chip(self) -> pygame.Surface:
        """The penalty chip at this layout's size."""
        return chip_image(self.layout.fs)

    def face(self, seat: int, card: int, size: str = "hand") -> pygame.Surface:
        """A card's image in flight: its face if the viewer may see it (R10), else its back."""
        if seat == self.viewer and self.face_up:
            return self.art(size).half(card)
        return self.art("back").back()

    def hand_positions(self) -> list[Point]:
        """Where your hand's cards lie, the selected one lifted."""
        return self.layout.hand_positions(len(self.hand), self.lifted, self.hover)

    def hand_pos(self, seat: int, card: int | None = None) -> Point:
        """Where ``card`` is (or goes) in a seat's hand."""
        if seat == self.viewer:
            pos = self.hand_positions()
            i = _last_index(self.hand, card) if card is not None else None
            if i is not None:
                return pos[i]
            return pos[-1] if pos else (self.layout.hand_rect.centerx, self.layout.hand_y)
        return self.back_pos(seat, max(1, self.held[seat]) - 1)

    def back_pos(self, seat: int, i: int) -> Point:
        """Where an opponent's ``i``-th card back lies."""
        return self.layout.back_pos(self.seat_rect(seat), self.held[seat], i)

    def match_pos(self, seat: int, m: int) -> Point:
        """Where a seat's match ``m`` lies."""
        row = None if seat == self.viewer else self.seat_rect(seat)
        return self.layout.match_pos(row, self.matches[seat], m)

    def discard_pos(self, i: int) -> Point:
        """Where discard ``i`` lies in the row as it is now."""
        return self.layout.discard_pos(i, self.discards)

    def pile_top(self, cards: int) -> Point:
        """Where the top card of a pile of ``cards`` lies."""
        return self.layout.pile_top(cards)

    def score_pos(self, seat: int) -> Point:
        """Where a seat's score is shown."""
        return self.layout.score_pos(self.seat_rect(seat))


def _last_index(cards: Sequence[int], card: int) -> int | None:
    """The place of the last copy of ``card``, or None."""
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] == card:
            return i
    return None
