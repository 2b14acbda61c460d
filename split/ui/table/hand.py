"""The order of the cards in your hand on screen: sorted, or as you arranged them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

SortKey = Callable[[int], tuple[int, int]]


def sort_key(order: str) -> SortKey:
    """Cards by rank (then suit), or by suit (then rank) when ``order`` is "suit"."""
    if order == "suit":
        return lambda c: (c & 3, c >> 2)
    return lambda c: (c >> 2, c & 3)


class HandOrder:
    """Your hand as shown, left to right in reading order; ``manual`` once you dragged a
    card to a place of your own (then new cards go to their sorted place among yours)."""

    def __init__(self) -> None:
        self.cards: list[int] = []
        self.manual = False

    def reset(self, hand: Sequence[int], key: SortKey) -> None:
        """Forget any arrangement: ``hand`` sorted."""
        self.cards = []
        self.manual = False
        self.sync(hand, key)

    def sync(self, hand: Sequence[int], key: SortKey) -> None:
        """Follow the hand's cards (a multiset), keeping your arrangement."""
        want = Counter(hand)
        if want == Counter(self.cards):
            return
        if not self.manual:
            self.cards = sorted(hand, key=key)
            return
        keep = []
        left = want.copy()
        for c in self.cards:
            if left[c] > 0:
                keep.append(c)
                left[c] -= 1
        for c in sorted(left.elements(), key=key):
            i = 0
            while i < len(keep) and key(keep[i]) <= key(c):
                i += 1
            keep.insert(i, c)
        self.cards = keep

    def resort(self, key: SortKey) -> None:
        """Sort by ``key`` and forget any arrangement."""
        self.manual = False
        self.cards = sorted(self.cards, key=key)

    def move(self, index: int, to: int) -> None:
        """Move the card at ``index`` to place ``to`` (counted without it)."""
        card = self.cards.pop(index)
        self.cards.insert(to, card)
        self.manual = True

    def index_of_last(self, card: int) -> int | None:
        """The place of the last copy of ``card``, or None."""
        if card not in self.cards:
            return None
        return len(self.cards) - 1 - self.cards[::-1].index(card)
