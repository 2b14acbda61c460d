"""Network play as the app runs it (issue 15): hosting a table, joining one, and the
table's connection while the lobby waits and the game runs.

:class:`NetTable` is what the lobby and the table hold: for a friend, its connection
(a :class:`~split.net.remote.RemoteGame`); for the host, also the
:class:`~split.net.host.Host` that owns the game, its announcement on the network and
its autosave (a hosted game's save says so, and Continue hosts it again with the same
seats open for their players).

Who is who outlives a restart. A friend's window keeps a key in its own data folder
(``friend-key.json``, made on the first join) and presents it with every hello; the
host keeps, beside its autosave (``hosted-seats.json``), the names friends joined with
and what it knows of their keys (:func:`split.net.seating.identity_of`, never the key
itself), so Continue gives each seat back to its own friend only, and the autosave's
seats carry the friends' names.
"""

from __future__ import annotations

import contextlib
import getpass
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from split.engine import Game, GameConfig
from split.engine.state import GAME_OVER, GameState
from split.i18n import _, is_default_name
from split.net.client import DEFAULT_PORT, Client, parse_address
from split.net.discovery import Announcer, Finder, local_addresses
from split.net.host import PERSON, Host, SeatPlan
from split.net.protocol import KEY_LENGTH, MAX_NAME, ProtocolError, check_code, check_name
from split.net.remote import RemoteGame
from split.net.seating import is_identity, new_key

from .session import Session
from .settings import SeatChoice
from .storage import SETTINGS_FILE, check_header, data_dir, read_json, write_json

KEY_FILE = "friend-key.json"
SEATS_FILE = "hosted-seats.json"


def _read_key(obj: Any) -> str:
    obj = check_header(obj, "split-friend-key", 1)
    key = obj.get("key")
    if not isinstance(key, str) or len(key) != KEY_LENGTH:
        raise ValueError("not a key")
    if any(c not in "0123456789abcdef" for c in key):
        raise ValueError("not a key")
    return key


def friend_key(folder: Path) -> str:
    """This window's key as a friend at other tables: read from ``folder`` (checked:
    32 hexadecimal digits), made and kept there on the first join. A damaged file is
    set aside and a new key made; one that cannot be written still serves this time."""
    key = read_json(folder / KEY_FILE, SETTINGS_FILE, _read_key).value
    if key is None:
        key = new_key()
        with contextlib.suppress(OSError):
            write_json(folder / KEY_FILE, {"format": "split-friend-key", "version": 1, "key": key})
    return key


@dataclass(frozen=True)
class HostedSeats:
    """Who sat where at a hosted game (``game_id``): names and identities per seat."""

    game_id: str
    names: tuple[str, ...]
    identities: tuple[str | None, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "split-hosted-seats",
            "version": 1,
            "game_id": self.game_id,
            "seats": [
                {"name": n, "identity": i} for n, i in zip(self.names, self.identities, strict=True)
            ],
        }


def _read_seats(obj: Any) -> HostedSeats:
    obj = check_header(obj, "split-hosted-seats", 1)
    game_id, seats = obj.get("game_id"), obj.get("seats")
    if not isinstance(game_id, str) or len(game_id) > 64:
        raise ValueError("no game id")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        raise ValueError("no seats")
    names: list[str] = []
    identities: list[str | None] = []
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) != {"name", "identity"}:
            raise ValueError("a seat is not a name and an identity")
        names.append(check_name(seat["name"]))
        identity = seat["identity"]
        if identity is not None and not is_identity(identity):
            raise ValueError("not an identity")
        identities.append(identity)
    return HostedSeats(game_id, tuple(names), tuple(identities))


def hosted_seats(folder: Path, game_id: str, players: int) -> HostedSeats | None:
    """Who sat where at the hosted game ``game_id``, as kept beside its autosave
    (None: nothing kept for that game)."""
    kept = read_json(folder / SEATS_FILE, SETTINGS_FILE, _read_seats).value
    if kept is None or kept.game_id != game_id or len(kept.names) != players:
        return None
    return kept


def login_name() -> str:
    """This computer's user name as a player's name ("" when there is none worth
    showing: unreadable, or an administrator's account)."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError, ImportError):
        return ""
    name = user.strip().replace(".", " ").replace("_", " ")
    if not name or name.lower() in ("root", "admin", "administrator", "user"):
        return ""
    return name[:1].upper() + name[1:]


def player_name(name: str, fallback: str) -> str:
    """A name fit for the table: printable, trimmed, at most the protocol's length."""
    text = "".join(c for c in name if c.isprintable()).strip()[:MAX_NAME].strip()
    return text or fallback[:MAX_NAME]


def own_name(name: str, fallback: str) -> str:
    """The name this window's player is sent to the others with: a default name
    ("You", "Player 1") or none means nobody at the other computers, so this
    computer's user name goes instead (else ``fallback``)."""
    text = player_name(name, "")
    if not text or is_default_name(text):
        text = player_name(login_name(), "")
    return text or fallback[:MAX_NAME]


class NetTable:
    """A network game from this window's side (see the module's text)."""

    def __init__(
        self,
        game: RemoteGame,
        host: Host | None = None,
        announcer: Announcer | None = None,
        kept: list[Session] | None = None,
    ) -> None:
        self.game = game
        self.host = host
        self.announcer = announcer
        # the host's game as its saves keep it, shared with them (Play again puts the
        # next game in its place)
        self._kept: list[Session] = kept if kept is not None else []
        self.games = 1  # games played at this table (Play again adds one)

    @property
    def session(self) -> Session | None:
        """The host's kept game (None for a friend)."""
        return self._kept[0] if self._kept else None

    @property
    def code(self) -> str | None:
        """The join code to read to friends (the host's only)."""
        return self.host.code if self.host is not None else None

    @property
    def addresses(self) -> list[str]:
        """Where friends reach this table (the host's only)."""
        if self.host is None:
            return []
        port = self.host.port
        # none without a network: 127.0.0.1 would point a friend's computer at itself
        return [a if port == DEFAULT_PORT else f"{a}:{port}" for a in local_addresses()]

    def record(self) -> NetRecord | None:
        """The finished game as this computer's statistics count it (None before its
        end): this window's player is the one "human", the other people are friends,
        the bots are named by strength where this side knows it (the host's)."""
        game = self.game
        state, seats = game.state, game.seats
        if state is None or seats is None or state.phase != GAME_OVER or game.seat is None:
            return None
        kinds = []
        for s, kind in enumerate(seats.kinds):
            if s == game.seat:
                kinds.append("human")
            elif kind in ("human", "away", "open"):
                kinds.append("friend")
            elif self.host is not None:
                kinds.append(self.host.plans[s].kind)
            else:
                kinds.append("bot")
        if self.session is not None:
            game_id = self.session.game_id
        else:
            game_id = f"net-{game.client.hello.code}"  # a new code for every table hosted
            if self.games > 1:  # played again at the same table
                game_id += f"-{self.games}"
        choices = tuple(SeatChoice(n, k) for n, k in zip(seats.names, kinds, strict=True))
        return NetRecord(game_id, state, choices, game.seat)

    def begin(self) -> None:
        """The host starts the game; open seats are played by bots until filled."""
        if self.host is not None:
            self.host.begin()
        self._close_announcer()

    def remove(self, seat: int) -> None:
        """The host sends the friend at ``seat`` away (in the lobby only)."""
        if self.host is not None:
            self.host.remove(seat)

    def set_turn_limit(self, seconds: int) -> None:
        """The host sets the turn timer (in the lobby only; 0: none)."""
        if self.host is not None:
            self.host.set_turn_limit(seconds)

    def play_again(self) -> None:
        """The host starts a new game for the same people at the same seats, once this
        one is over: a new deal, a new dealer, saved as the hosted game from now on."""
        session, host = self.session, self.host
        if session is None or host is None or self.game.state is None:
            return
        if self.game.state.phase != GAME_OVER:
            return
        again = Session.new(session.seats, path=None)  # a new deal, seed, secret, dealer
        again.hosted, again.path = True, session.path
        self._kept[0] = again
        host.again(again.game)

    def start_again(self) -> None:
        """This window leaves the finished game for the one the host started."""
        self.game.start_again()
        self.games += 1

    def leave(self) -> None:
        """Leave the table; a host ends the game for everyone."""
        self.game.leave()
        self._close_announcer()
        if self.host is not None:
            self.host.stop()

    def _close_announcer(self) -> None:
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None


@dataclass(frozen=True)
class NetRecord:
    """A finished network game for :meth:`split.app.stats.Stats.record`."""

    game_id: str
    state: GameState
    seats: tuple[SeatChoice, ...]
    seat: int  # this window's player

    def humans(self) -> list[int]:
        return [self.seat]


def host_table(
    seats: Sequence[Any],
    dealer: int | None,
    *,
    wake: Callable[[], None] | None = None,
    session: Session | None = None,
    save: Callable[[Session], str | None] | None = None,
    address: str = "0.0.0.0",
    announce: bool = True,
    pause: float = 0.6,
) -> NetTable:
    """Host a table with these seats: seat 0 is this window's player, every other
    "human" seat is kept for a friend. ``session`` is a hosted game resumed from its
    save; ``save(session)`` keeps it after every action, with the names friends
    joined with, and who sat where beside it (Continue gives each friend's seat back
    to that friend only). :class:`OSError` if the network cannot be used."""
    if session is None:
        seed = random.SystemRandom().randrange(2**31)
        if dealer is None:
            dealer = random.Random(f"dealer:{seed}").randrange(len(seats))
        session = Session(tuple(seats), Game(GameConfig(len(seats), dealer, seed)))
    names = [player_name(s.name, _("Player {n}").format(n=i + 1)) for i, s in enumerate(seats)]
    plans = [
        SeatPlan(names[i], PERSON if s.kind == "human" else s.kind) for i, s in enumerate(seats)
    ]
    names[0] = own_name(seats[0].name, names[0])
    plans[0] = SeatPlan(names[0], PERSON)
    kept = [session]  # the game the saves keep: Play again puts the next one here
    folder = session.path.parent if session.path is not None else None
    before = None
    if folder is not None and session.game_id:
        before = hosted_seats(folder, session.game_id, len(plans))
    identities = before.identities if before is not None else None
    written = [before]

    def keep(game: Game) -> None:
        if save is None:
            return
        now = host.seats_now.names
        session = kept[0]
        session.seats = tuple(replace(s, name=now[i]) for i, s in enumerate(session.seats))
        problem = save(session)
        if not problem and folder is not None and session.game_id:
            seating = host.table.seating
            names, identities = tuple(seating.names), tuple(seating.identities)
            seats = HostedSeats(session.game_id, names, identities)
            if seats != written[0]:  # written when someone new sat down, not every move
                try:
                    write_json(folder / SEATS_FILE, seats.to_json())
                    written[0] = seats
                except OSError as err:
                    problem = str(err.strerror or err)
        if problem:
            raise OSError(problem)

    host = Host(session.game, plans, save=keep, pause=pause, identities=identities)
    try:
        port = host.start(address, DEFAULT_PORT)
    except OSError:
        port = host.start(address, 0)  # the usual port is busy (another table?)
    announcer = None
    if announce:
        free = sum(1 for p in plans[1:] if p.kind == PERSON)
        with contextlib.suppress(Exception):  # no multicast here: joining by address works
            announcer = Announcer(names[0], port, free)
    client = Client("127.0.0.1", port, host.code, names[0], host.own_token, wake).start()
    return NetTable(RemoteGame(client), host, announcer, kept)


def join_table(
    address: str,
    code: str,
    name: str,
    wake: Callable[[], None] | None = None,
    folder: Path | None = None,
) -> NetTable:
    """Join the table at ``address`` with its join ``code``, as the friend whose key
    is kept in ``folder`` (None: the app's data folder); :class:`ValueError` with what
    is wrong with either, in words."""
    try:
        host, port = parse_address(address)
    except ValueError:
        raise ValueError(_("Type the host's address, like 192.168.1.20.")) from None
    try:
        code = check_code(code.strip())
    except ProtocolError:
        raise ValueError(_("The join code is 4 to 8 letters and digits.")) from None
    key = friend_key(folder if folder is not None else data_dir())
    client = Client(host, port, code, own_name(name, _("Player")), None, wake, key).start()
    return NetTable(RemoteGame(client))


def find_tables() -> Finder | None:
    """A finder of tables on the network, or None where multicast cannot be used."""
    try:
        return Finder()
    except Exception:  # noqa: BLE001 - no network, no multicast: typing the address works
        return None


__all__ = [
    "HostedSeats",
    "NetTable",
    "find_tables",
    "friend_key",
    "host_table",
    "hosted_seats",
    "join_table",
    "own_name",
    "player_name",
]
