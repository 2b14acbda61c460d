"""Actions: the values a player (human or bot) hands to the engine, and their notation.

An action is a small immutable tuple. ``str(action)`` is its canonical notation
(NOTATION.md) and :func:`parse_action` reads it back.

>>> str(parse_action("MATCH 7h 7d"))
'match 7D 7H'
>>> parse_action("upgrade 7D 1.0") == Action.upgrade(parse_card("7D"), 1, 0)
True
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import Card, card_str, parse_card


class ActionKind(StrEnum):
    """What an action does; each value is the first word of its notation."""

    DRAW = "draw"
    TAKE = "take"
    MATCH = "match"
    UPGRADE = "upgrade"
    DISCARD = "discard"
    PENALIZE = "penalize"
    TRADE = "trade"
    PASS = "pass"
    NEXT_ROUND = "next-round"


# The kinds as module constants too (as ``re`` does with its flags): legal-move
# generation reads them in its inner loops, where a global is several times
# faster than an attribute of an Enum class.
DRAW = ActionKind.DRAW
TAKE = ActionKind.TAKE
MATCH = ActionKind.MATCH
UPGRADE = ActionKind.UPGRADE
DISCARD = ActionKind.DISCARD
PENALIZE = ActionKind.PENALIZE
TRADE = ActionKind.TRADE
PASS = ActionKind.PASS
NEXT_ROUND = ActionKind.NEXT_ROUND


class Action(NamedTuple):
    """One action: its ``kind`` and up to three numbers, read by the names of its kind.

    ==========  ==================================================
    kind        names (build with the constructor of the same name)
    ==========  ==================================================
    take        :attr:`position` in the discard row
    match       :attr:`cards` (lower first; :attr:`card` is the lower)
    upgrade     :attr:`card`, :attr:`seat` and :attr:`target` (that seat's match)
    discard     :attr:`card`
    penalize    :attr:`penalized` (the seat)
    trade       :attr:`mine` (own match), :attr:`seat` and :attr:`target` (its match)
    ==========  ==================================================

    >>> a = Action.upgrade(parse_card("7D"), 1, 0)
    >>> card_str(a.card), a.seat, a.target
    ('7D', 1, 0)

    The fields ``raw1``, ``raw2`` and ``raw3`` are private storage: the tuple's
    positions, whose meaning depends on the kind. Build with the constructors and
    read the names above, never these.
    """

    kind: ActionKind
    raw1: int = -1
    raw2: int = -1
    raw3: int = -1

    # The names of each kind's numbers: an action stays a 4-tuple, as cheap to build,
    # hash and compare in the legal-move lists. The properties below are what type
    # checkers and readers see; at import the one-number ones are swapped for the
    # tuple-position descriptor the fields use (see _read_fast), as fast as a field.
    @property
    def card(self) -> Card:
        """The card an upgrade or a discard plays; a match's lower card."""
        return self[1]

    @property
    def cards(self) -> tuple[Card, Card]:
        """A match's two cards, lower first."""
        return self[1], self[2]

    @property
    def position(self) -> int:
        """Where a take starts in the discard row (0 is the oldest card)."""
        return self[1]

    @property
    def penalized(self) -> int:
        """The seat a perfect-match bonus makes fill a negative box (R6.1)."""
        return self[1]

    @property
    def mine(self) -> int:
        """A trade's own match: its index among the mover's matches (R6.3)."""
        return self[1]

    @property
    def seat(self) -> int:
        """The seat whose match an upgrade improves or a trade takes."""
        return self[2]

    @property
    def target(self) -> int:
        """The index of that seat's match, for an upgrade or a trade."""
        return self[3]

    @staticmethod
    def draw() -> Action:
        return _DRAW

    @staticmethod
    def take(index: int) -> Action:
        return Action(TAKE, index)

    @staticmethod
    def match(x: Card, y: Card) -> Action:
        return Action(MATCH, x, y) if x <= y else Action(MATCH, y, x)

    @staticmethod
    def upgrade(card: Card, seat: int, match: int) -> Action:
        return Action(UPGRADE, card, seat, match)

    @staticmethod
    def discard(card: Card) -> Action:
        return Action(DISCARD, card)

    @staticmethod
    def penalize(seat: int) -> Action:
        return Action(PENALIZE, seat)

    @staticmethod
    def trade(mine: int, seat: int, theirs: int) -> Action:
        return Action(TRADE, mine, seat, theirs)

    @staticmethod
    def pass_() -> Action:
        return _PASS

    @staticmethod
    def next_round() -> Action:
        return _NEXT_ROUND

    def __str__(self) -> str:
        k = self.kind
        if k == MATCH:
            return f"match {card_str(self.card)} {card_str(self.cards[1])}"
        if k == UPGRADE:
            return f"upgrade {card_str(self.card)} {self.seat}.{self.target}"
        if k == DISCARD:
            return f"discard {card_str(self.card)}"
        if k == TAKE:
            return f"take {self.position}"
        if k == PENALIZE:
            return f"penalize {self.penalized}"
        if k == TRADE:
            return f"trade {self.mine} {self.seat}.{self.target}"
        return str(k)  # draw, pass, next-round: the kind alone

    def uses_card(self, card: Card) -> bool:
        """Whether this play puts ``card`` (either copy) on the table (R4.2)."""
        if self.kind == MATCH:
            return card in self.cards
        return self.kind == UPGRADE and self.card == card


def _read_fast() -> None:
    """Swap the one-number names' properties for the C descriptor of a NamedTuple's
    fields: a property call costs about three field reads, and the bots read these in
    their inner loops."""
    field = type(Action.__dict__["raw1"])  # collections' tuple-position getter
    for name, index in (
        ("card", 1),
        ("position", 1),
        ("penalized", 1),
        ("mine", 1),
        ("seat", 2),
        ("target", 3),
    ):
        setattr(Action, name, field(index, Action.__dict__[name].__doc__))


_read_fast()

_DRAW = Action(DRAW)
_PASS = Action(PASS)
_NEXT_ROUND = Action(NEXT_ROUND)


def _index(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):  # NOTATION's numbers: ASCII digits only
        raise ValueError(f"{text!r} is not a {what} number")
    return int(text)


def _seat_match(text: str) -> tuple[int, int]:
    seat, dot, match = text.partition(".")
    if not dot:
        raise ValueError(f"{text!r} should be SEAT.MATCH, like 1.0")
    return _index(seat, "seat"), _index(match, "match")


def parse_action(text: str) -> Action:
    """Parse one action line of NOTATION.md (case-insensitive); ValueError with the reason."""
    if not isinstance(text, str):
        raise ValueError(f"an action is a line of text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ValueError("empty action")
    kind, args = words[0].lower(), words[1:]
    arity: dict[str, int] = {
        DRAW: 0,
        PASS: 0,
        NEXT_ROUND: 0,
        TAKE: 1,
        DISCARD: 1,
        PENALIZE: 1,
        MATCH: 2,
        UPGRADE: 2,
        TRADE: 2,
    }
    if kind not in arity:
        raise ValueError(f"unknown action {words[0]!r}")
    if len(args) != arity[kind]:
        raise ValueError(f"{kind!r} takes {arity[kind]} argument(s), got {len(args)}")
    if kind == DRAW:
        return _DRAW
    if kind == PASS:
        return _PASS
    if kind == NEXT_ROUND:
        return _NEXT_ROUND
    if kind == TAKE:
        return Action.take(_index(args[0], "discard-row card"))
    if kind == DISCARD:
        return Action.discard(parse_card(args[0]))
    if kind == PENALIZE:
        return Action.penalize(_index(args[0], "seat"))
    if kind == MATCH:
        return Action.match(parse_card(args[0]), parse_card(args[1]))
    if kind == UPGRADE:
        return Action.upgrade(parse_card(args[0]), *_seat_match(args[1]))
    return Action.trade(_index(args[0], "match"), *_seat_match(args[1]))
