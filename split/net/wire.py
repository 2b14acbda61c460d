"""Events and views as JSON, both ways, and every value read back checked and bounded.

Cards travel in notation (``"7H"``); a card the receiving seat may not see (R10)
travels as ``null`` and is read back as :data:`~split.engine.cards.HIDDEN`. Reading
never trusts the other side: each field has a kind (:data:`EVENT_FIELDS`), each kind
a reader that refuses anything out of its bounds with :class:`WireError`.

>>> from split.engine import events as ev
>>> event_json(ev.CardDrawn(1, HIDDEN, False, 40))
{'e': 'CardDrawn', 'seat': 1, 'card': None, 'bonus': False, 'draw_pile': 40}
>>> read_event(event_json(ev.TurnStarted(2)), players=4)
TurnStarted(seat=2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

from split.engine import events as ev
from split.engine.cards import DECK_SIZE, HIDDEN, RANKS, MatchType, card_str, parse_card
from split.engine.state import Phase
from split.engine.view import PlayerView

MAX_PLAYERS = 6
MAX_COUNT = 10_000  # boxes, indices, turns, cards: far above any real game
MAX_SCORE = 1_000_000  # |score|: three rounds cannot come near it


class WireError(ValueError):
    """A value that is not what the protocol allows there, with the reason in words."""


# ----------------------------------------------------------------- readers


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise WireError(f"{where}: a whole number is expected")
    if not low <= value <= high:
        raise WireError(f"{where}: {value} is outside {low}..{high}")
    return value


def _list(value: Any, where: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise WireError(f"{where}: a list is expected")
    if len(value) > most:
        raise WireError(f"{where}: more than {most} entries")
    return value


def read_card(value: Any, where: str, hidden: bool = False) -> int:
    """A card in notation; ``null`` is a hidden card where ``hidden`` allows it."""
    if value is None and hidden:
        return HIDDEN
    if not isinstance(value, str) or len(value) > 3:
        raise WireError(f'{where}: a card like "7H" is expected')
    try:
        return parse_card(value)
    except ValueError:
        raise WireError(f"{where}: {value!r} is not a card") from None


def read_cards(value: Any, where: str, hidden: bool = False) -> tuple[int, ...]:
    items = _list(value, where, DECK_SIZE)
    return tuple(read_card(c, f"{where}[{i}]", hidden) for i, c in enumerate(items))


def write_card(card: int) -> str | None:
    return None if card == HIDDEN else card_str(card)


def write_cards(cards: Any) -> list[str | None]:
    return [write_card(c) for c in cards]


# ----------------------------------------------------------------- field kinds
# A kind is (write, read): write turns the engine's value into JSON, read checks the
# JSON against the number of players and builds the engine's value again.

Reader = Callable[[Any, str, int], Any]
Kind = tuple[Callable[[Any], Any], Reader]


def _same(value: Any) -> Any:
    return value


def _seat(value: Any, where: str, players: int) -> int:
    return _int(value, where, 0, players - 1)


def _seat_or_none(value: Any, where: str, players: int) -> int | None:
    return None if value is None else _seat(value, where, players)


def _count(value: Any, where: str, players: int) -> int:
    return _int(value, where, 0, MAX_COUNT)


def _score(value: Any, where: str, players: int) -> int:
    return _int(value, where, -MAX_SCORE, MAX_SCORE)


def _bool(value: Any, where: str, players: int) -> bool:
    if not isinstance(value, bool):
        raise WireError(f"{where}: true or false is expected")
    return value


def _type(value: Any, where: str, players: int) -> MatchType:
    for t in MatchType:
        if value == t.label:
            return t
    raise WireError(f"{where}: a match type (weak, strong, perfect) is expected")


def _choice(*allowed: str) -> Reader:
    def read(value: Any, where: str, players: int) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise WireError(f"{where}: one of {', '.join(allowed)} is expected")
        return value

    return read


def _pair(value: Any, where: str, players: int) -> tuple[int, int]:
    cards = read_cards(value, where)
    if len(cards) != 2:
        raise WireError(f"{where}: a match is two cards")
    return cards[0], cards[1]


def _card(value: Any, where: str, players: int) -> int:
    return read_card(value, where)


def _card_or_hidden(value: Any, where: str, players: int) -> int:
    return read_card(value, where, hidden=True)


def _cards(value: Any, where: str, players: int) -> tuple[int, ...]:
    return read_cards(value, where)


def _rank(value: Any, where: str, players: int) -> int:
    return _int(value, where, 0, len(RANKS) - 1)


def _deal(value: Any, where: str, players: int) -> tuple[tuple[int, int], ...]:
    out = []
    for i, item in enumerate(_list(value, where, DECK_SIZE)):
        pair = _list(item, f"{where}[{i}]", 2)
        if len(pair) != 2:
            raise WireError(f"{where}[{i}]: [seat, card] is expected")
        out.append((_seat(pair[0], f"{where}[{i}]", players), read_card(pair[1], where, True)))
    return tuple(out)


def _table(value: Any, where: str, players: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    seats = _list(value, where, players)
    return tuple(
        tuple(_pair(m, f"{where}[{s}][{i}]", players) for i, m in enumerate(_list(x, where, 52)))
        for s, x in enumerate(seats)
    )


def _scores(value: Any, where: str, players: int) -> tuple[int, ...]:
    return tuple(_score(v, f"{where}[{i}]", players) for i, v in enumerate(_list(value, where, 6)))


def _seats(value: Any, where: str, players: int) -> tuple[int, ...]:
    return tuple(_seat(v, f"{where}[{i}]", players) for i, v in enumerate(_list(value, where, 6)))


def _ranks(value: Any, where: str, players: int) -> tuple[int, ...]:
    items = _list(value, where, len(RANKS))
    if len(items) != len(RANKS):
        raise WireError(f"{where}: one number per rank ({len(RANKS)}) is expected")
    return tuple(_count(v, f"{where}[{i}]", players) for i, v in enumerate(items))


SEAT: Kind = (_same, _seat)
SEAT_OR_NONE: Kind = (_same, _seat_or_none)
COUNT: Kind = (_same, _count)
BOOL: Kind = (_same, _bool)
TYPE: Kind = (lambda t: t.label, _type)
CARD: Kind = (card_str, _card)
CARD_OR_HIDDEN: Kind = (write_card, _card_or_hidden)
PAIR: Kind = (write_cards, _pair)
CARDS: Kind = (write_cards, _cards)
RANK: Kind = (_same, _rank)
DEAL: Kind = (lambda d: [[s, write_card(c)] for s, c in d], _deal)
TABLE: Kind = (lambda t: [[write_cards(m) for m in seat] for seat in t], _table)
SCORES: Kind = (list, _scores)
SEATS: Kind = (list, _seats)
RANK_COUNTS: Kind = (list, _ranks)

SEAT_SCORE_FIELDS: dict[str, Kind] = {
    "seat": SEAT,
    "hand": (write_cards, lambda v, w, p: read_cards(v, w, hidden=True)),
    "negatives_added": COUNT,
    "rows_added": RANK_COUNTS,
    "score_before": (_same, _score),
    "score_after": (_same, _score),
}


def _write_seat_scores(seats: Any) -> list[dict[str, Any]]:
    return [_write_fields(s, SEAT_SCORE_FIELDS) for s in seats]


def _read_seat_scores(value: Any, where: str, players: int) -> tuple[ev.SeatScore, ...]:
    items = _list(value, where, players)
    return tuple(
        ev.SeatScore(**_read_fields(item, SEAT_SCORE_FIELDS, f"{where}[{i}]", players))
        for i, item in enumerate(items)
    )


# Every event's fields, in the engine's order: the one place that says what may travel.
EVENT_FIELDS: dict[type[ev.Event], dict[str, Kind]] = {
    ev.RoundStarted: {
        "round": COUNT,
        "dealer": SEAT,
        "deal": DEAL,
        "discard": CARDS,
        "table": TABLE,
        "draw_pile": COUNT,
    },
    ev.TurnStarted: {"seat": SEAT},
    ev.CardDrawn: {"seat": SEAT, "card": CARD_OR_HIDDEN, "bonus": BOOL, "draw_pile": COUNT},
    ev.CardsTaken: {"seat": SEAT, "index": COUNT, "cards": CARDS},
    ev.MatchPlayed: {"seat": SEAT, "cards": PAIR, "type": TYPE, "match": COUNT},
    ev.MatchUpgraded: {
        "seat": SEAT,
        "card": CARD,
        "owner": SEAT,
        "old_match": COUNT,
        "old_cards": PAIR,
        "old_type": TYPE,
        "kept": CARD,
        "returned": CARD,
        "cards": PAIR,
        "type": TYPE,
        "match": COUNT,
    },
    ev.CardReturned: {"seat": SEAT, "card": CARD},
    ev.BonusStarted: {"seat": SEAT, "type": TYPE},
    ev.BonusDeclined: {"seat": SEAT, "type": TYPE},
    ev.NegativeFilled: {
        "seat": SEAT,
        "count": COUNT,
        "total": COUNT,
        "reason": (_same, _choice("perfect", "hand")),
        "by": SEAT_OR_NONE,
    },
    ev.MatchesTraded: {
        "seat": SEAT,
        "given_index": COUNT,
        "given": PAIR,
        "other": SEAT,
        "taken_index": COUNT,
        "taken": PAIR,
        "type": TYPE,
    },
    ev.CardDiscarded: {"seat": SEAT, "card": CARD},
    ev.WentOut: {"seat": SEAT},
    ev.DrawPileEmptied: {"seat": SEAT},
    ev.AutoMatched: {"seat": SEAT, "cards": PAIR, "type": TYPE, "match": COUNT},
    ev.RowFilled: {"seat": SEAT, "rank": RANK, "count": COUNT, "total": COUNT},
    ev.RoundScored: {
        "round": COUNT,
        "reason": (_same, _choice("out", "draw-pile")),
        "went_out": SEAT_OR_NONE,
        "seats": (_write_seat_scores, _read_seat_scores),
    },
    ev.GameOver: {"scores": SCORES, "winners": SEATS},
}
EVENT_TYPES: dict[str, type[ev.Event]] = {cls.__name__: cls for cls in EVENT_FIELDS}

for _cls, _fields in EVENT_FIELDS.items():  # the table must follow the engine exactly
    assert tuple(_fields) == _cls._fields, f"EVENT_FIELDS of {_cls.__name__} is out of date"


def _fields_of(e: ev.Event) -> dict[str, Kind]:
    """The fields of ``e``'s kind: every event type is named here, so a new one fails
    type checking until it has its fields in :data:`EVENT_FIELDS`."""
    match e:
        case (
            ev.RoundStarted()
            | ev.TurnStarted()
            | ev.CardDrawn()
            | ev.CardsTaken()
            | ev.MatchPlayed()
            | ev.MatchUpgraded()
            | ev.CardReturned()
            | ev.BonusStarted()
            | ev.BonusDeclined()
            | ev.NegativeFilled()
            | ev.MatchesTraded()
            | ev.CardDiscarded()
            | ev.WentOut()
            | ev.DrawPileEmptied()
            | ev.AutoMatched()
            | ev.RowFilled()
            | ev.RoundScored()
            | ev.GameOver()
        ):
            return EVENT_FIELDS[type(e)]
        case _:
            assert_never(e)


def _write_fields(value: Any, fields: dict[str, Kind]) -> dict[str, Any]:
    return {name: kind[0](getattr(value, name)) for name, kind in fields.items()}


def _read_fields(obj: Any, fields: dict[str, Kind], where: str, players: int) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise WireError(f"{where}: an object is expected")
    extra = set(obj) - set(fields)
    if extra:
        raise WireError(f"{where}: unknown field {sorted(map(str, extra))[0]!r}")
    out = {}
    for name, kind in fields.items():
        if name not in obj:
            raise WireError(f"{where}: {name!r} is missing")
        out[name] = kind[1](obj[name], f"{where}.{name}", players)
    return out


# ----------------------------------------------------------------- events


def event_json(e: ev.Event) -> dict[str, Any]:
    """One event as JSON (cards already hidden for the seat it goes to)."""
    fields = _fields_of(e)
    return {"e": type(e).__name__, **_write_fields(e, fields)}


def read_event(obj: Any, players: int, where: str = "event") -> ev.Event:
    """An event read back from JSON; :class:`WireError` if anything is off."""
    if not isinstance(obj, dict):
        raise WireError(f"{where}: an object is expected")
    name = obj.get("e")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise WireError(f"{where}: unknown event {str(name)[:40]!r}")
    body = {k: v for k, v in obj.items() if k != "e"}
    event: ev.Event = cls(**_read_fields(body, EVENT_FIELDS[cls], f"{where}({name})", players))
    return event


def read_events(value: Any, players: int, most: int, where: str = "events") -> list[ev.Event]:
    items = _list(value, where, most)
    return [read_event(item, players, f"{where}[{i}]") for i, item in enumerate(items)]


# ----------------------------------------------------------------- views


def view_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view (R10) as JSON: its own hand and everything public."""
    return {
        "seat": view.seat,
        "players": view.players,
        "round": view.round,
        "dealer": view.dealer,
        "phase": str(view.phase),
        "current": view.current,
        "must_use": None if view.must_use is None else card_str(view.must_use),
        "hand": write_cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "matches": [[write_cards(m) for m in seat] for seat in view.matches],
        "discard": write_cards(view.discard),
        "draw_pile": view.draw_pile,
        "rows": [list(r) for r in view.rows],
        "negatives": list(view.negatives),
        "known": [write_cards(k) for k in view.known],
        "had_turn": list(view.had_turn),
        "turn": view.turn,
    }


def _per_seat(value: Any, where: str, players: int) -> list[Any]:
    items = _list(value, where, players)
    if len(items) != players:
        raise WireError(f"{where}: one entry per seat ({players}) is expected")
    return items


def read_view(obj: Any, players: int | None = None) -> PlayerView:
    """A view read back from JSON and checked: bounds, one entry per seat, and the
    cards adding up (no card more often than the deck holds it, sizes that match)."""
    if not isinstance(obj, dict):
        raise WireError("view: an object is expected")
    fields = set(PlayerView.__dataclass_fields__)
    extra = set(obj) - fields
    if extra:
        raise WireError(f"view: unknown field {sorted(map(str, extra))[0]!r}")
    missing = fields - set(obj)
    if missing:
        raise WireError(f"view: {sorted(missing)[0]!r} is missing")
    n = _int(obj["players"], "view.players", 2, MAX_PLAYERS)
    if players is not None and n != players:
        raise WireError(f"view.players: {n}, but the table has {players}")
    try:
        phase = Phase(obj["phase"])
    except (ValueError, TypeError):
        raise WireError("view.phase: not a phase of the game") from None
    current = _seat_or_none(obj["current"], "view.current", n)
    must = obj["must_use"]
    view = PlayerView(
        seat=_seat(obj["seat"], "view.seat", n),
        players=n,
        round=_int(obj["round"], "view.round", 1, 3),
        dealer=_seat(obj["dealer"], "view.dealer", n),
        phase=phase,
        current=current,
        must_use=None if must is None else read_card(must, "view.must_use"),
        hand=tuple(sorted(read_cards(obj["hand"], "view.hand"))),
        hand_sizes=tuple(
            _int(v, f"view.hand_sizes[{i}]", 0, DECK_SIZE)
            for i, v in enumerate(_per_seat(obj["hand_sizes"], "view.hand_sizes", n))
        ),
        matches=tuple(
            tuple(
                _pair(m, f"view.matches[{s}][{i}]", n)
                for i, m in enumerate(_list(x, f"view.matches[{s}]", 52))
            )
            for s, x in enumerate(_per_seat(obj["matches"], "view.matches", n))
        ),
        discard=read_cards(obj["discard"], "view.discard"),
        draw_pile=_int(obj["draw_pile"], "view.draw_pile", 0, DECK_SIZE),
        rows=tuple(
            _ranks(r, f"view.rows[{s}]", n)
            for s, r in enumerate(_per_seat(obj["rows"], "view.rows", n))
        ),
        negatives=tuple(
            _count(v, f"view.negatives[{s}]", n)
            for s, v in enumerate(_per_seat(obj["negatives"], "view.negatives", n))
        ),
        known=tuple(
            tuple(sorted(read_cards(k, f"view.known[{s}]")))
            for s, k in enumerate(_per_seat(obj["known"], "view.known", n))
        ),
        had_turn=tuple(
            _bool(v, f"view.had_turn[{s}]", n)
            for s, v in enumerate(_per_seat(obj["had_turn"], "view.had_turn", n))
        ),
        turn=_int(obj["turn"], "view.turn", 0, MAX_COUNT),
    )
    _check_counts(view)
    return view


def _check_counts(view: PlayerView) -> None:
    """The view's cards add up to one deck: what is seen, plus what is hidden in other
    hands and the pile, is 104 cards, each at most twice."""
    if len(view.hand) != view.hand_sizes[view.seat]:
        raise WireError("view.hand: its size differs from hand_sizes")
    for seat, known in enumerate(view.known):
        if len(known) > view.hand_sizes[seat]:
            raise WireError(f"view.known[{seat}]: more cards than the hand holds")
    unseen = view.unseen()  # counts below zero (a card seen three times) drop out here
    hidden = sum(view.hand_sizes) - view.hand_sizes[view.seat]
    hidden -= sum(len(k) for s, k in enumerate(view.known) if s != view.seat)
    if len(unseen) != hidden + view.draw_pile:
        raise WireError("view: its cards do not add up to one deck")


__all__ = [
    "EVENT_FIELDS",
    "WireError",
    "event_json",
    "read_card",
    "read_event",
    "read_events",
    "read_view",
    "view_json",
]
