"""Why an action is refused: a code plus its parameters, for the ui to put in words.

:func:`refusal` answers "why not?" for an action that is not legal where the game
stands. The answer is a :class:`Refusal` value - a :class:`Why` code, the cards and
numbers it is about, and the rule - so each language can say it its own way;
``str(refusal)`` is the engine's own English, with cards in notation (``QS``), for
error messages and the command line.

>>> from split.engine.setup import GameConfig
>>> from split.engine.state import GameState
>>> s = GameState.new(GameConfig(2, 0, 1))
>>> r = refusal(s, Action.discard(0))
>>> r.code
<Why.EXPECT_DRAW_OR_TAKE: 'expect-draw-or-take'>
>>> str(r)
'not now: draw a card or take from the discard row'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from .actions import DISCARD, DRAW, MATCH, NEXT_ROUND, PASS, PENALIZE, TAKE, TRADE, Action
from .cards import MATCH_TYPES, Card, MatchType, card_str, upgrades


class Position(Protocol):
    """What a refusal reads of a :class:`~split.engine.state.GameState` (a Protocol, so
    this module and the state need not import each other)."""

    # Read-only members: a state's ``phase`` is a Phase (a str), its lists are lists.
    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int | None: ...
    @property
    def must_use(self) -> Card | None: ...
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def matches(self) -> Sequence[Sequence[tuple[Card, Card]]]: ...
    @property
    def discard(self) -> Sequence[Card]: ...
    @property
    def players(self) -> int: ...


class Why(StrEnum):
    """The reasons an action can be refused."""

    GAME_OVER = "game-over"
    ROUND_OVER = "round-over"
    EXPECT_DRAW_OR_TAKE = "expect-draw-or-take"
    EXPECT_PENALIZE = "expect-penalize"
    EXPECT_BONUS_DRAW = "expect-bonus-draw"
    EXPECT_TRADE = "expect-trade"
    EXPECT_PLAY = "expect-play"
    NO_DISCARD_CARD = "no-discard-card"  # numbers: (index,)
    CANNOT_TAKE = "cannot-take"  # cards: (card,)
    PENALIZE_SELF = "penalize-self"
    NO_SEAT = "no-seat"  # numbers: (seat,)
    NO_OWN_MATCH = "no-own-match"  # numbers: (match,)
    TRADE_SELF = "trade-self"
    NO_MATCH = "no-match"  # numbers: (seat, match)
    TRADE_TYPE = "trade-type"
    USE_TAKEN_FIRST = "use-taken-first"  # cards: (taken card,)
    NOT_HELD = "not-held"  # cards: (card,)
    SECOND_NOT_HELD = "second-not-held"  # cards: (card,)
    MUST_USE_TAKEN = "must-use-taken"  # cards: (taken card,)
    MATCH_RANK = "match-rank"  # cards: the two cards
    KEEP_ONE = "keep-one"
    UPGRADE_RANK = "upgrade-rank"  # cards: (card, one card of the match)
    PERFECT_FINAL = "perfect-final"
    NOT_STRONGER = "not-stronger"  # cards: (card,), match_type: the match's type


@dataclass(frozen=True)
class Refusal:
    """Why an action was refused: ``code`` with the ``cards`` and ``numbers`` it names,
    the match type it is about (if any) and the ``rule`` (R…) behind it."""

    code: Why
    cards: tuple[Card, ...] = ()
    numbers: tuple[int, ...] = ()
    match_type: MatchType | None = None
    rule: str = ""

    def __str__(self) -> str:
        text = _ENGLISH[self.code].format(
            *self.numbers,
            card=card_str(self.cards[0]) if self.cards else "",
            type=self.match_type.label if self.match_type is not None else "",
        )
        return f"{text} ({self.rule})" if self.rule else text


_ENGLISH: dict[Why, str] = {
    Why.GAME_OVER: "the game is over",
    Why.ROUND_OVER: "the round is over: the only action is next-round",
    Why.EXPECT_DRAW_OR_TAKE: "not now: draw a card or take from the discard row",
    Why.EXPECT_PENALIZE: (
        "not now: choose another player to fill in a negative box (penalize SEAT)"
    ),
    Why.EXPECT_BONUS_DRAW: "not now: draw the bonus card or pass",
    Why.EXPECT_TRADE: "not now: trade a match or pass",
    Why.EXPECT_PLAY: "not now: make a play or discard a card to end your turn",
    Why.NO_DISCARD_CARD: "the discard row has no card {0}",
    Why.CANNOT_TAKE: "{card} cannot be taken: no play would use it",
    Why.PENALIZE_SELF: "you must choose another player",
    Why.NO_SEAT: "there is no seat {0}",
    Why.NO_OWN_MATCH: "you have no match {0}",
    Why.TRADE_SELF: "trade with another player",
    Why.NO_MATCH: "there is no match {0}.{1}",
    Why.TRADE_TYPE: "you can only trade for a match of the same type as the one you give",
    Why.USE_TAKEN_FIRST: "first make a play that uses the card you took, {card}",
    Why.NOT_HELD: "you hold no {card}",
    Why.SECOND_NOT_HELD: "you hold no second {card}",
    Why.MUST_USE_TAKEN: "your next play must use the card you took, {card}",
    Why.MATCH_RANK: "a match is two cards of the same rank",
    Why.KEEP_ONE: "you must keep a card to discard",
    Why.UPGRADE_RANK: "an upgrade needs a card of the match's rank",
    Why.PERFECT_FINAL: "a perfect match cannot be upgraded",
    Why.NOT_STRONGER: "{card} does not make this {type} match stronger",
}

_EXPECTED = {
    "start": (Why.EXPECT_DRAW_OR_TAKE, (DRAW, TAKE)),
    "perfect-bonus": (Why.EXPECT_PENALIZE, (PENALIZE,)),
    "strong-bonus": (Why.EXPECT_BONUS_DRAW, (DRAW, PASS)),
    "weak-bonus": (Why.EXPECT_TRADE, (TRADE, PASS)),
}


def refusal(state: Position, action: Action) -> Refusal:
    """Why ``action`` is not legal in ``state`` (call it for an action that is not)."""
    phase, k = str(state.phase), action.kind
    if phase == "game-over":
        return Refusal(Why.GAME_OVER)
    if phase == "round-over":
        return Refusal(Why.ROUND_OVER)
    if phase in _EXPECTED and k not in _EXPECTED[phase][1]:
        return Refusal(_EXPECTED[phase][0])
    seat = state.current
    if phase == "start":
        if not 0 <= action.position < len(state.discard):
            return Refusal(Why.NO_DISCARD_CARD, numbers=(action.position,))
        return Refusal(Why.CANNOT_TAKE, (state.discard[action.position],), rule="R4.2")
    if phase == "perfect-bonus":
        if action.penalized == seat:
            return Refusal(Why.PENALIZE_SELF, rule="R6.1")
        return Refusal(Why.NO_SEAT, numbers=(action.penalized,))
    if phase == "weak-bonus":
        return _trade(state, action)
    if k in (PENALIZE, TRADE, PASS, NEXT_ROUND, TAKE, DRAW):
        return Refusal(Why.EXPECT_PLAY)
    return _play(state, action)


def _play(state: Position, action: Action) -> Refusal:
    """A refused match, upgrade or discard in the play phase."""
    k = action.kind
    seat = state.current
    assert seat is not None  # refusal() answered the phases with nobody to act
    hand = state.hands[seat]
    must = state.must_use
    if k == DISCARD:
        if must is not None:
            return Refusal(Why.USE_TAKEN_FIRST, (must,), rule="R4.2")
        return Refusal(Why.NOT_HELD, (action.card,))
    cards = list(action.cards) if k == MATCH else [action.card]
    for c in sorted(set(cards)):
        if hand.count(c) < cards.count(c):
            return Refusal(Why.SECOND_NOT_HELD if hand.count(c) else Why.NOT_HELD, (c,))
    if must is not None and must not in cards:
        return Refusal(Why.MUST_USE_TAKEN, (must,), rule="R4.2")
    if k == MATCH:
        x, y = action.cards
        if x >> 2 != y >> 2:
            return Refusal(Why.MATCH_RANK, (x, y), rule="R3.1")
        return Refusal(Why.KEEP_ONE, rule="R5.4")
    card, owner, m = action.card, action.seat, action.target
    if not 0 <= owner < state.players or not 0 <= m < len(state.matches[owner]):
        return Refusal(Why.NO_MATCH, numbers=(owner, m))
    a, b = state.matches[owner][m]
    old = MATCH_TYPES[a][b]
    if a >> 2 != card >> 2:
        return Refusal(Why.UPGRADE_RANK, (card, a), rule="R5.2")
    if old is MatchType.PERFECT:
        return Refusal(Why.PERFECT_FINAL, rule="R5.2")
    if not upgrades(card, a, b):
        return Refusal(Why.NOT_STRONGER, (card,), match_type=old, rule="R5.2")
    return Refusal(Why.KEEP_ONE, rule="R5.4")


def _trade(state: Position, action: Action) -> Refusal:
    """A refused action in the weak bonus (R6.3)."""
    seat = state.current
    assert seat is not None  # the weak bonus is the player to act's
    mine, other, theirs = action.mine, action.seat, action.target
    if not 0 <= mine < len(state.matches[seat]):
        return Refusal(Why.NO_OWN_MATCH, numbers=(mine,))
    if other == seat:
        return Refusal(Why.TRADE_SELF, rule="R6.3")
    if not 0 <= other < state.players or not 0 <= theirs < len(state.matches[other]):
        return Refusal(Why.NO_MATCH, numbers=(other, theirs))
    return Refusal(Why.TRADE_TYPE, rule="R6.3")


__all__ = ["Refusal", "Why", "refusal"]
