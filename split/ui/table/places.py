"""Where things lie on the table, and the pictures they are drawn with: a part of
:class:`~split.ui.table.scene.TableScene` (its seats, hand and layout), asked by the
animator, the renderer and the gestures."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import cards as cardart
from .render import chip_image

if TYPE_CHECKING:
    from ..model import TableModel
    from .gestures import Gestures
    from .hand import HandOrder
    from .layout import TableLayout


class Places:
    """The table's geometry, from its layout, its model and who sits at the bottom."""

    viewer: int
    n: int
    layout: TableLayout
    model: TableModel
    hand: HandOrder
    gestures: Gestures
    settings: object
    selected: tuple[str, int] | None
    hand_hidden: bool
    hand_covered: bool

    def opponents(self) -> list[int]:
        """The other seats, left to right: the next player first (R2.1, to your left)."""
        return [(self.viewer + i) % self.n for i in range(1, self.n)]

    def seat_rect(self, seat: int) -> pygame.Rect:
        """A seat's panel: yours in the side column, the others along the top."""
        if seat == self.viewer:
            return self.layout.own_seat.copy()
        return self.layout.seats[self.opponents().index(seat)].copy()

    def art(self, which: str) -> cardart.CardArt:
        """Card pictures for a place (hand, mid, own, opp, back), in the chosen back."""
        back = getattr(self.settings, "card_back", "blue")
        return cardart.art(self.layout.heights[which], back)

    def disc_art(self) -> cardart.CardArt:
        """Card pictures for the discard row (smaller as the row grows)."""
        grid = self.layout.discard_grid(len(self.model.discard))
        return cardart.art(grid.height, getattr(self.settings, "card_back", "blue"))

    def chip(self) -> pygame.Surface:
        """The penalty chip at this layout's size."""
        return chip_image(self.layout.fs)

    def face(self, seat: int, card: int, size: str = "hand") -> pygame.Surface:
        """A card's image in flight: its face if the viewer may see it (R10), else its back."""
        if seat == self.viewer and not self.hand_hidden and not self.hand_covered:
            return self.art(size).half(card)
        return self.art("back").back()

    def hand_positions(self) -> list[tuple[int, int]]:
        """Where your hand's cards lie, the selected one lifted."""
        sel = self.selected
        lifted = sel[1] if sel is not None and sel[0] == "hand" else None
        hover = None if self.gestures.press else self.gestures.hover
        return self.layout.hand_positions(len(self.hand.cards), lifted, hover)

    def hand_pos(self, seat: int, card: int | None = None) -> tuple[int, int]:
        """Where ``card`` is (or goes) in a seat's hand."""
        if seat == self.viewer:
            pos = self.hand_positions()
            i = self.hand.index_of_last(card) if card is not None else None
            if i is not None:
                return pos[i]
            return pos[-1] if pos else (self.layout.hand_rect.centerx, self.layout.hand_y)
        return self.back_pos(seat, max(1, len(self.model.hands[seat])) - 1)

    def back_pos(self, seat: int, i: int) -> tuple[int, int]:
        """Where an opponent's ``i``-th card back lies."""
        return self.layout.back_pos(self.seat_rect(seat), len(self.model.hands[seat]), i)

    def match_pos(self, seat: int, m: int) -> tuple[int, int]:
        """Where a seat's match ``m`` lies."""
        row = None if seat == self.viewer else self.seat_rect(seat)
        return self.layout.match_pos(row, len(self.model.matches[seat]), m)

    def discard_pos(self, i: int) -> tuple[int, int]:
        """Where discard ``i`` lies in the row as it is now."""
        return self.layout.discard_pos(i, len(self.model.discard))

    def pile_top(self, cards: int) -> tuple[int, int]:
        """Where the top card of a pile of ``cards`` lies."""
        return self.layout.pile_top(cards)

    def score_pos(self, seat: int) -> tuple[int, int]:
        """Where a seat's score is shown."""
        return self.layout.score_pos(self.seat_rect(seat))
