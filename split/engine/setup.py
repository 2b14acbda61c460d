"""How a game and its rounds begin: the game's config, and for each round a shuffled
or given deck dealt by R2.3, or a laid-out position.

Both kinds of setup are checked to hold each of the 52 cards exactly twice and
to leave the draw pile non-empty (NOTATION.md).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .cards import CARD_COUNT, COPIES, DECK_SIZE, Card, canonical_deck, card_str, match_type

HAND_SIZE = 9  # R2.3
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # R2.1
ROUNDS = 3  # R8.4


class SetupError(ValueError):
    """A setup that cannot start a round, with the reason in words."""


@dataclass(frozen=True)
class DeckSetup:
    """All 104 cards, top first, to be dealt by R2.3."""

    deck: tuple[Card, ...]


@dataclass(frozen=True)
class LaidOut:
    """A position at the start of a round: hands, discard row (oldest first),
    the top of the draw pile (top first) and matches already on the table."""

    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...] = ()
    draw: tuple[Card, ...] = ()
    table: tuple[tuple[tuple[Card, Card], ...], ...] = ()


Setup = DeckSetup | LaidOut


@dataclass
class Position:
    """A dealt round, ready for play. ``draw`` keeps its top card at the end."""

    hands: list[list[Card]]
    discard: list[Card]
    draw: list[Card]
    table: list[list[tuple[Card, Card]]]
    deal: tuple[tuple[int, Card], ...]


def shuffled_deck(seed: int, round_number: int) -> list[Card]:
    """The engine's own shuffle for a round: the same seed always gives the same deals."""
    deck = canonical_deck()
    random.Random(f"split:{seed}:{round_number}").shuffle(deck)
    return deck


@dataclass(frozen=True)
class GameConfig:
    """What fixes a game before its first action: seats, first dealer, seed, given setups."""

    players: int
    dealer: int = 0
    seed: int = 0
    setups: tuple[Setup, ...] = ()

    def check(self) -> None:
        """Raise :class:`SetupError` unless this config can start a game."""
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SetupError(
                f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players!r}"
            )
        if not isinstance(self.dealer, int) or not 0 <= self.dealer < self.players:
            raise SetupError(f"dealer must be a seat from 0 to {self.players - 1}")
        if len(self.setups) > ROUNDS:
            raise SetupError(f"at most {ROUNDS} round setups, not {len(self.setups)}")
        for number, setup in enumerate(self.setups, 1):
            try:
                check_setup(setup, self.players)
            except SetupError as err:
                raise SetupError(f"round {number}: {err}") from None

    def setup_for(self, round_number: int) -> Setup:
        """The setup of round ``round_number``: the given one, or the engine's shuffle."""
        if round_number <= len(self.setups):
            return self.setups[round_number - 1]
        return DeckSetup(tuple(shuffled_deck(self.seed, round_number)))


def _check_counts(cards: list[Card]) -> None:
    counts = Counter(cards)
    wrong = [
        f"{card_str(c)} x{counts.get(c, 0)}"
        for c in range(CARD_COUNT)
        if counts.get(c, 0) != COPIES
    ]
    if wrong:
        shown = ", ".join(wrong[:6]) + (" …" if len(wrong) > 6 else "")
        raise SetupError(f"every card must appear exactly twice; wrong counts: {shown}")


def check_setup(setup: Setup, players: int) -> None:
    """Raise :class:`SetupError` unless ``setup`` can start a round for ``players``."""
    if isinstance(setup, DeckSetup):
        if len(setup.deck) != DECK_SIZE:
            raise SetupError(f"a deck holds {DECK_SIZE} cards, this one {len(setup.deck)}")
        _check_counts(list(setup.deck))
        if DECK_SIZE - HAND_SIZE * players - 1 < 1:
            raise SetupError("the deal leaves no draw pile")
        return
    if len(setup.hands) != players:
        raise SetupError(f"'hands' must have one list per seat ({players}), not {len(setup.hands)}")
    if setup.table and len(setup.table) != players:
        raise SetupError(f"'table' must have one list per seat ({players}), not {len(setup.table)}")
    listed: list[Card] = [c for hand in setup.hands for c in hand]
    listed += setup.discard
    listed += setup.draw
    for seat, matches in enumerate(setup.table):
        for pair in matches:
            if len(pair) != 2 or match_type(pair[0], pair[1]) is None:
                shown = " ".join(card_str(c) for c in pair)
                raise SetupError(
                    f"seat {seat}'s table match [{shown}] is not two cards of one rank"
                )
            listed += pair
    counts = Counter(listed)
    over = [card_str(c) for c, k in sorted(counts.items()) if k > COPIES]
    if over:
        raise SetupError(f"more than two copies of: {', '.join(over)}")
    # the draw pile is the listed `draw` cards with every unlisted card under them: it is
    # empty only when nothing at all is left for it (NOTATION.md)
    if len(listed) - len(setup.draw) >= DECK_SIZE:
        raise SetupError("the setup leaves the draw pile empty")


def deal(setup: Setup, players: int, dealer: int) -> Position:
    """Lay out a round (R2.3). The setup must have passed :func:`check_setup`."""
    if isinstance(setup, DeckSetup):
        deck = list(setup.deck)
        hands: list[list[Card]] = [[] for _ in range(players)]
        dealt: list[tuple[int, Card]] = []
        for i in range(HAND_SIZE * players):
            seat = (dealer + 1 + i) % players
            hands[seat].append(deck[i])
            dealt.append((seat, deck[i]))
        upcard = deck[HAND_SIZE * players]
        rest = deck[HAND_SIZE * players + 1 :]
        rest.reverse()
        return Position(hands, [upcard], rest, [[] for _ in range(players)], tuple(dealt))
    table = [[_pair(*m) for m in seat] for seat in setup.table] or [[] for _ in range(players)]
    listed = Counter(c for hand in setup.hands for c in hand)
    listed.update(setup.discard)
    listed.update(setup.draw)
    listed.update(c for seat in table for m in seat for c in m)
    unlisted = [c for c in range(CARD_COUNT) for _ in range(COPIES - listed.get(c, 0))]
    draw_top_first = list(setup.draw) + unlisted
    draw_top_first.reverse()
    hands = [list(h) for h in setup.hands]
    order = tuple((seat, c) for seat, hand in enumerate(hands) for c in hand)
    return Position(hands, list(setup.discard), draw_top_first, table, order)


def _pair(a: Card, b: Card) -> tuple[Card, Card]:
    return (a, b) if a <= b else (b, a)
