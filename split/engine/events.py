"""Events: what :meth:`Game.apply` or :meth:`Scratch.play` reports, in order, for the table.

Each event is an immutable named tuple carrying enough detail to animate it:
which card moved from where to where, whose match, which box was filled and why.
Cards are ints (see :mod:`split.engine.cards`); match cards are ``(low, high)``.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import MatchType


class RoundStarted(NamedTuple):
    """R2.3: a round was dealt. ``deal`` is the order cards went out: (seat, card)."""

    round: int
    dealer: int
    deal: tuple[tuple[int, int], ...]
    discard: tuple[int, ...]
    table: tuple[tuple[tuple[int, int], ...], ...]
    draw_pile: int


class TurnStarted(NamedTuple):
    seat: int


class CardDrawn(NamedTuple):
    """R4.1 draw, or R6.2 the strong bonus (``bonus`` True)."""

    seat: int
    card: int
    bonus: bool
    draw_pile: int


class CardsTaken(NamedTuple):
    """R4.1 take: ``cards`` are discard-row cards ``index`` … top, oldest first."""

    seat: int
    index: int  # type: ignore[assignment]  # typeshed: tuple.index is a method
    cards: tuple[int, ...]


class MatchPlayed(NamedTuple):
    """R5.1: ``cards`` left ``seat``'s hand as its match number ``match``."""

    seat: int
    cards: tuple[int, int]
    type: MatchType
    match: int


class MatchUpgraded(NamedTuple):
    """R5.2: ``card`` from ``seat``'s hand joined ``kept`` of ``owner``'s match ``old_match``.

    The new match ``cards`` is ``seat``'s match number ``match``; ``returned`` went
    to ``owner``'s hand.
    """

    seat: int
    card: int
    owner: int
    old_match: int
    old_cards: tuple[int, int]
    old_type: MatchType
    kept: int
    returned: int
    cards: tuple[int, int]
    type: MatchType
    match: int


class CardReturned(NamedTuple):
    """R5.2: the unmatched half of an upgraded match went back to its old owner's hand."""

    seat: int
    card: int


class BonusStarted(NamedTuple):
    """R6: the match just made earns this bonus."""

    seat: int
    type: MatchType


class BonusDeclined(NamedTuple):
    """R6.4: the player passed on an optional bonus."""

    seat: int
    type: MatchType


class NegativeFilled(NamedTuple):
    """R9.3: ``seat`` filled ``count`` negative boxes, now ``total``.

    ``reason`` is ``"perfect"`` (R6.1, ``by`` the player who chose) or ``"hand"`` (R8.2).
    """

    seat: int
    count: int  # type: ignore[assignment]  # typeshed: tuple.count is a method
    total: int
    reason: str
    by: int | None


class MatchesTraded(NamedTuple):
    """R6.3: ``seat`` gave its match ``given_index`` for ``other``'s ``taken_index``."""

    seat: int
    given_index: int
    given: tuple[int, int]
    other: int
    taken_index: int
    taken: tuple[int, int]
    type: MatchType


class CardDiscarded(NamedTuple):
    """R4.4: the card now lies on top of the discard row."""

    seat: int
    card: int


class WentOut(NamedTuple):
    """R4.4: ``seat`` discarded its last card."""

    seat: int


class DrawPileEmptied(NamedTuple):
    """R8.1: ``seat`` drew the last card of the draw pile."""

    seat: int


class AutoMatched(NamedTuple):
    """R7: an automatic match from ``seat``'s hand before scoring."""

    seat: int
    cards: tuple[int, int]
    type: MatchType
    match: int


class RowFilled(NamedTuple):
    """R8.2: ``seat`` filled ``count`` boxes in ``rank``'s row, now ``total``."""

    seat: int
    rank: int
    count: int  # type: ignore[assignment]  # typeshed: tuple.count is a method
    total: int


class SeatScore(NamedTuple):
    """One player's part of a round's scoring (R8.2)."""

    seat: int
    hand: tuple[int, ...]
    negatives_added: int
    rows_added: tuple[int, ...]  # boxes added per rank, thirteen entries
    score_before: int
    score_after: int


class RoundScored(NamedTuple):
    """R8.2: the round's scoring, seat by seat. ``reason``: ``"out"`` or ``"draw-pile"``."""

    round: int
    reason: str
    went_out: int | None
    seats: tuple[SeatScore, ...]


class GameOver(NamedTuple):
    """R9.4: final scores and the winners (equal highest share the win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    RoundStarted
    | TurnStarted
    | CardDrawn
    | CardsTaken
    | MatchPlayed
    | MatchUpgraded
    | CardReturned
    | BonusStarted
    | BonusDeclined
    | NegativeFilled
    | MatchesTraded
    | CardDiscarded
    | WentOut
    | DrawPileEmptied
    | AutoMatched
    | RowFilled
    | RoundScored
    | GameOver
)


def _same(self: tuple[object, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _differ(self: tuple[object, ...], other: object) -> bool:
    return not _same(self, other)


def _hash(self: tuple[object, ...]) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


# A named tuple equals any tuple of the same values: BonusStarted(1, WEAK) was equal
# to BonusDeclined(1, WEAK), so the log's line kept for one was told for the other.
# An event equals only an event of its own kind.
for _kind in Event.__args__:
    for _name, _how in (("__eq__", _same), ("__ne__", _differ), ("__hash__", _hash)):
        setattr(_kind, _name, _how)
