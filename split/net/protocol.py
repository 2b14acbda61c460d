"""The messages between a host and its clients: versioned JSON, one per websocket text
frame, read back with every size bounded and every field checked.

Each message is an object ``{"v": 3, "t": TYPE, ...}``. A client says ``hello`` (the
join code, a name, the friend's key that keeps a seat theirs across a restart, and on
a rejoin the seat's token), ``action`` (one action in notation, with the turn it is
meant for), ``say`` (one of the :data:`PHRASES`: quick messages, no free text, so
there is nothing to moderate) and ``bye``. A client that finds an update out of step
(its sequence number is not the next) asks for the game as it stands with ``sync``.
The host answers ``seat`` (the seat it gave you and its token), ``seats`` (who sits
where, and the turn timer), ``update`` (an action played, numbered: its events and
your view, both as your seat may see them, R10), ``refused`` (why your last message
was not taken), ``over`` (the final scores), ``said`` (a seat's quick message),
``late`` (a seat's time for its turn ran out: a bot plays it), ``again`` (the host
started a new game for the same people: its deal follows) and ``bye``.

Anything else - not JSON, too big, too deep, a float, a repeated key, an unknown type
or field, a string or list over its bound, a number out of range - raises
:class:`ProtocolError` with a code and a reason, which the host sends back as
``refused``.

>>> read_client(encode(Act(Action.draw(), 7)))
Act(action=Action(kind=<ActionKind.DRAW: 'draw'>, raw1=-1, raw2=-1, raw3=-1), turn=7)
>>> read_client('{"v": 3, "t": "hello", "code": 12, "name": "Bo"}')
Traceback (most recent call last):
...
split.net.protocol.ProtocolError: bad-field: code: the join code is 4 to 8 letters and digits
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, assert_never

from split.engine import events as ev
from split.engine.actions import Action, parse_action
from split.engine.view import PlayerView

from .wire import MAX_COUNT, MAX_PLAYERS, WireError, event_json, read_events, read_view, view_json

VERSION = 3  # 2: updates carry their sequence number, hello a friend's key; 3: quick
# messages, the turn timer and Play again
MAX_CLIENT_FRAME = 4096  # bytes: a hello or an action is under 200
MAX_HOST_FRAME = 512 * 1024  # bytes: a deal, a view and a round's scoring fit many times
MAX_NAME = 20  # characters of a player's name
MAX_REASON = 200  # characters of a refusal's reason
MAX_EVENTS = 400  # events of one action (a deal is 2; a round's end under 100)
MAX_INT_DIGITS = 12
TOKEN_LENGTH = 32
KEY_LENGTH = 32  # hexadecimal digits of a friend's key
SEAT_KINDS = ("human", "away", "bot", "open")
"""Who plays a seat: a person, a person's seat played by a bot while they are away, a
bot, or a seat open to a friend (a bot plays it until one joins)."""
PHRASES = ("hello", "well-played", "your-turn", "one-moment", "oops", "thanks", "good-game")
"""The quick messages a player may send (worded by each window in its own language)."""
MAX_TURN_LIMIT = 600  # seconds: the longest turn timer a host may set
SAY_EVERY = 1.0  # seconds between one player's quick messages (a host refuses more)


class ProtocolError(ValueError):
    """A message refused: ``code`` for programs, the reason in words for people."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


# ----------------------------------------------------------------- the messages


@dataclass(frozen=True)
class Hello:
    """A client asks for a seat: the join code shown on the host, a name, the token
    of the seat it had (to take it back after a drop) and the friend's key (a seat
    once theirs comes back to them only, even after the host restarted)."""

    code: str
    name: str
    token: str | None = None
    key: str | None = None


@dataclass(frozen=True)
class Act:
    """A client plays ``action``, meant for turn ``turn`` of the game (None: now)."""

    action: Action
    turn: int | None = None


@dataclass(frozen=True)
class Sync:
    """A client that fell out of step asks for the game as it stands."""


@dataclass(frozen=True)
class Bye:
    """Either side leaves; the host says why (``host-left``, ``kicked``, ...)."""

    reason: str = ""


@dataclass(frozen=True)
class Say:
    """A client's quick message (one of :data:`PHRASES`)."""

    phrase: str


@dataclass(frozen=True)
class Seat:
    """The host gave you ``seat``; ``token`` takes it back after a drop."""

    seat: int
    token: str
    players: int


@dataclass(frozen=True)
class Seats:
    """Who sits where (names and :data:`SEAT_KINDS`), whether the game has begun, and
    the host's turn timer in seconds (0: none)."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    started: bool
    turn_limit: int = 0


@dataclass(frozen=True)
class Update:
    """``mover`` played ``action`` (None: the game as you find it when you arrive, with
    the first deal's events if nothing was played yet); ``events`` and ``view`` are as
    your seat may see them (R10). ``seq`` is the number of actions played with this
    one: each update with an action is the one after the last (a client that sees a
    gap asks for a :class:`Sync`)."""

    mover: int | None
    action: Action | None
    events: tuple[ev.Event, ...]
    view: PlayerView
    seq: int = 0


@dataclass(frozen=True)
class Refused:
    """Your last message was not taken: ``code`` and the reason in words."""

    code: str
    reason: str


@dataclass(frozen=True)
class Over:
    """The game is over: the final scores and the winners (R9.4)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Said:
    """The player at ``seat`` sent a quick message (one of :data:`PHRASES`)."""

    seat: int
    phrase: str


@dataclass(frozen=True)
class Late:
    """The player at ``seat`` let the turn timer run out: a bot plays that turn."""

    seat: int


@dataclass(frozen=True)
class Again:
    """The host started a new game for the same people at the same seats; the update
    that follows is its deal."""


ClientMessage = Hello | Act | Say | Sync | Bye
HostMessage = Seat | Seats | Update | Refused | Over | Said | Late | Again | Bye


# ----------------------------------------------------------------- writing


def _body(msg: ClientMessage | HostMessage) -> dict[str, Any]:
    match msg:
        case Hello(code, name, token, key):
            hello = {"t": "hello", "code": code, "name": name, "token": token}
            return hello if key is None else {**hello, "key": key}
        case Act(action, turn):
            return {"t": "action", "action": str(action), "turn": turn}
        case Say(phrase):
            return {"t": "say", "phrase": phrase}
        case Sync():
            return {"t": "sync"}
        case Bye(reason):
            return {"t": "bye", "reason": reason}
        case Seat(seat, token, players):
            return {"t": "seat", "seat": seat, "token": token, "players": players}
        case Seats(names, kinds, started, limit):
            return {
                "t": "seats",
                "names": list(names),
                "kinds": list(kinds),
                "started": started,
                "turn_limit": limit,
            }
        case Update(mover, action, events, view, seq):
            return {
                "t": "update",
                "mover": mover,
                "action": None if action is None else str(action),
                "events": [event_json(e) for e in events],
                "view": view_json(view),
                "seq": seq,
            }
        case Refused(code, reason):
            return {"t": "refused", "code": code, "reason": reason[:MAX_REASON]}
        case Over(scores, winners):
            return {"t": "over", "scores": list(scores), "winners": list(winners)}
        case Said(seat, phrase):
            return {"t": "said", "seat": seat, "phrase": phrase}
        case Late(seat):
            return {"t": "late", "seat": seat}
        case Again():
            return {"t": "again"}
        case _:
            assert_never(msg)


def encode(msg: ClientMessage | HostMessage) -> str:
    """One message as the text of a websocket frame."""
    return json.dumps({"v": VERSION, **_body(msg)}, separators=(",", ":"))


# ----------------------------------------------------------------- reading


def _no_constant(name: str) -> Any:
    raise ProtocolError("bad-frame", f"{name} is not a number of this protocol")


def _no_float(text: str) -> Any:
    raise ProtocolError("bad-frame", "fractional numbers are not used by this protocol")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ProtocolError("bad-frame", "a number with too many digits")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ProtocolError("bad-frame", f"the key {key[:40]!r} is given twice")
        out[key] = value
    return out


def parse_frame(frame: str | bytes, limit: int) -> dict[str, Any]:
    """A frame's JSON object, bounded; :class:`ProtocolError` if it is not one."""
    if not isinstance(frame, str):
        raise ProtocolError("bad-frame", "messages are text frames")
    if len(frame) > limit or len(frame.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError("too-big", f"a message is at most {limit} bytes")
    try:
        obj = json.loads(
            frame,
            parse_constant=_no_constant,
            parse_float=_no_float,
            parse_int=_bounded_int,
            object_pairs_hook=_unique_keys,
        )
    except ProtocolError:
        raise
    except (ValueError, RecursionError):
        raise ProtocolError("bad-frame", "not a JSON message") from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad-frame", "a message is a JSON object")
    version = obj.get("v")
    if version != VERSION:
        raise ProtocolError("version", f"protocol version {VERSION} is spoken here")
    if not isinstance(obj.get("t"), str):
        raise ProtocolError("bad-frame", "a message names its type in 't'")
    return obj


def _fields(obj: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    allowed = {"v", "t", *required, *optional}
    for key in obj:
        if key not in allowed:
            raise ProtocolError("bad-field", f"unknown field {key[:40]!r} in {obj['t'][:20]!r}")
    for key in required:
        if key not in obj:
            raise ProtocolError("bad-field", f"{key!r} is missing from {obj['t'][:20]!r}")


def _text(value: Any, where: str, most: int, allow_empty: bool = False) -> str:
    if not isinstance(value, str) or len(value) > most or (not value and not allow_empty):
        raise ProtocolError("bad-field", f"{where}: a text of up to {most} characters")
    return value


def check_name(value: Any, where: str = "name") -> str:
    """A player's name: 1 to :data:`MAX_NAME` printable characters, no spaces around."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
        raise ProtocolError("bad-field", f"{where}: a name of 1 to {MAX_NAME} characters")
    if not value.isprintable() or value != value.strip():
        raise ProtocolError("bad-field", f"{where}: a name of printable characters only")
    return value


def check_code(value: Any) -> str:
    """A join code as typed: 4 to 8 ASCII letters and digits, read in capitals."""
    if not (isinstance(value, str) and 4 <= len(value) <= 8 and value.isascii()):
        raise ProtocolError("bad-field", "code: the join code is 4 to 8 letters and digits")
    if not value.isalnum():
        raise ProtocolError("bad-field", "code: the join code is 4 to 8 letters and digits")
    return value.upper()


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError("bad-field", f"{where}: a whole number from {low} to {high}")
    return value


def _hex(value: Any, where: str, length: int) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != length:
        raise ProtocolError("bad-field", f"{where}: {length} hexadecimal digits")
    if any(c not in "0123456789abcdef" for c in value):
        raise ProtocolError("bad-field", f"{where}: {length} hexadecimal digits")
    return value


def _token(value: Any) -> str | None:
    return _hex(value, "token", TOKEN_LENGTH)


def _action(value: Any) -> Action:
    text = _text(value, "action", 40)
    try:
        return parse_action(text)
    except ValueError as err:
        raise ProtocolError("bad-field", f"action: {err}"[:MAX_REASON]) from None


def _phrase(value: Any) -> str:
    if value not in PHRASES:
        raise ProtocolError("bad-field", "phrase: one of the quick messages")
    return str(value)


def read_client(frame: str | bytes) -> ClientMessage:
    """A client's message, checked; :class:`ProtocolError` with the reason."""
    obj = parse_frame(frame, MAX_CLIENT_FRAME)
    kind = obj["t"]
    if kind == "hello":
        _fields(obj, ("code", "name"), ("token", "key"))
        return Hello(
            check_code(obj["code"]),
            check_name(obj["name"]),
            _token(obj.get("token")),
            _hex(obj.get("key"), "key", KEY_LENGTH),
        )
    if kind == "action":
        _fields(obj, ("action",), ("turn",))
        turn = obj.get("turn")
        return Act(
            _action(obj["action"]), None if turn is None else _int(turn, "turn", 0, MAX_COUNT)
        )
    if kind == "say":
        _fields(obj, ("phrase",))
        return Say(_phrase(obj["phrase"]))
    if kind == "sync":
        _fields(obj, ())
        return Sync()
    if kind == "bye":
        _fields(obj, (), ("reason",))
        return Bye(_text(obj.get("reason", ""), "reason", MAX_REASON, allow_empty=True))
    raise ProtocolError("unknown-type", f"no message {kind[:20]!r} from a player")


def _list(value: Any, where: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise ProtocolError("bad-field", f"{where}: a list of up to {most} entries")
    return value


def read_host(frame: str | bytes) -> HostMessage:
    """A host's message, checked as strictly (a client trusts its host no more than the
    host trusts it); :class:`ProtocolError` with the reason."""
    obj = parse_frame(frame, MAX_HOST_FRAME)
    kind = obj["t"]
    try:
        return _read_host(kind, obj)
    except WireError as err:
        raise ProtocolError("bad-field", str(err)[:MAX_REASON]) from None


def _read_host(kind: str, obj: dict[str, Any]) -> HostMessage:
    if kind == "seat":
        _fields(obj, ("seat", "token", "players"))
        players = _int(obj["players"], "players", 2, MAX_PLAYERS)
        token = _token(obj["token"])
        if token is None:
            raise ProtocolError("bad-field", "token: missing")
        return Seat(_int(obj["seat"], "seat", 0, players - 1), token, players)
    if kind == "seats":
        _fields(obj, ("names", "kinds", "started", "turn_limit"))
        names = tuple(check_name(n, "names") for n in _list(obj["names"], "names", MAX_PLAYERS))
        kinds = _list(obj["kinds"], "kinds", MAX_PLAYERS)
        if len(kinds) != len(names) or any(k not in SEAT_KINDS for k in kinds):
            raise ProtocolError("bad-field", "kinds: one of human, away, bot, open per seat")
        if not isinstance(obj["started"], bool):
            raise ProtocolError("bad-field", "started: true or false")
        limit = _int(obj["turn_limit"], "turn_limit", 0, MAX_TURN_LIMIT)
        return Seats(names, tuple(kinds), obj["started"], limit)
    if kind == "update":
        _fields(obj, ("mover", "action", "events", "view", "seq"))
        view = read_view(obj["view"])
        mover = obj["mover"]
        action = obj["action"]
        return Update(
            None if mover is None else _int(mover, "mover", 0, view.players - 1),
            None if action is None else _action(action),
            tuple(read_events(obj["events"], view.players, MAX_EVENTS)),
            view,
            _int(obj["seq"], "seq", 0, MAX_COUNT),
        )
    if kind == "refused":
        _fields(obj, ("code", "reason"))
        return Refused(_text(obj["code"], "code", 20), _text(obj["reason"], "reason", MAX_REASON))
    if kind == "over":
        _fields(obj, ("scores", "winners"))
        scores = tuple(
            _int(s, "scores", -1_000_000, 1_000_000) for s in _list(obj["scores"], "scores", 6)
        )
        winners = tuple(_int(w, "winners", 0, 5) for w in _list(obj["winners"], "winners", 6))
        return Over(scores, winners)
    if kind == "said":
        _fields(obj, ("seat", "phrase"))
        return Said(_int(obj["seat"], "seat", 0, MAX_PLAYERS - 1), _phrase(obj["phrase"]))
    if kind == "late":
        _fields(obj, ("seat",))
        return Late(_int(obj["seat"], "seat", 0, MAX_PLAYERS - 1))
    if kind == "again":
        _fields(obj, ())
        return Again()
    if kind == "bye":
        _fields(obj, (), ("reason",))
        return Bye(_text(obj.get("reason", ""), "reason", MAX_REASON, allow_empty=True))
    raise ProtocolError("unknown-type", f"no message {kind[:20]!r} from a host")


__all__ = [
    "KEY_LENGTH",
    "MAX_TURN_LIMIT",
    "PHRASES",
    "MAX_CLIENT_FRAME",
    "MAX_HOST_FRAME",
    "SEAT_KINDS",
    "VERSION",
    "Act",
    "Again",
    "Bye",
    "Hello",
    "Late",
    "Over",
    "ProtocolError",
    "Refused",
    "Said",
    "Say",
    "Seat",
    "Seats",
    "Sync",
    "Update",
    "check_code",
    "check_name",
    "encode",
    "read_client",
    "read_host",
]
