"""Network play as the app runs it (issue 15): hosting a table, joining one, and the
table's connection while the lobby waits and the game runs.

:class:`NetTable` is what the lobby and the table hold: for a friend, its connection
(a :class:`~split.net.remote.RemoteGame`); for the host, also the
:class:`~split.net.host.Host` that owns the game, its announcement on the network and
its autosave (a hosted game's save says so, and Continue hosts it again with the same
seats open for their players).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from split.engine import Game, GameConfig
from split.engine.state import GAME_OVER, GameState
from split.i18n import _
from split.net.client import DEFAULT_PORT, Client, parse_address
from split.net.discovery import Announcer, Finder, local_addresses
from split.net.host import PERSON, Host, SeatPlan
from split.net.protocol import MAX_NAME, ProtocolError, check_code
from split.net.remote import RemoteGame

from .session import Session
from .settings import SeatChoice


def player_name(name: str, fallback: str) -> str:
    """A name fit for the table: printable, trimmed, at most the protocol's length."""
    text = "".join(c for c in name if c.isprintable()).strip()[:MAX_NAME].strip()
    return text or fallback[:MAX_NAME]


class NetTable:
    """A network game from this window's side (see the module's text)."""

    def __init__(
        self,
        game: RemoteGame,
        host: Host | None = None,
        announcer: Announcer | None = None,
        session: Session | None = None,
    ) -> None:
        self.game = game
        self.host = host
        self.announcer = announcer
        self.session = session

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
        found = local_addresses()
        lan = [a for a in found if not a.startswith("127.")] or found  # loopback: alone
        return [a if port == DEFAULT_PORT else f"{a}:{port}" for a in lan]

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
    save; ``save(session)`` keeps it after every action. :class:`OSError` if the
    network cannot be used."""
    if session is None:
        seed = random.SystemRandom().randrange(2**31)
        if dealer is None:
            dealer = random.Random(f"dealer:{seed}").randrange(len(seats))
        session = Session(tuple(seats), Game(GameConfig(len(seats), dealer, seed)))
    names = [player_name(s.name, _("Player {n}").format(n=i + 1)) for i, s in enumerate(seats)]
    plans = [
        SeatPlan(names[i], PERSON if s.kind == "human" else s.kind) for i, s in enumerate(seats)
    ]
    plans[0] = SeatPlan(names[0], PERSON)
    kept = session

    def keep(game: Game) -> None:
        if save is not None:
            problem = save(kept)
            if problem:
                raise OSError(problem)

    host = Host(session.game, plans, save=keep, pause=pause)
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
    return NetTable(RemoteGame(client), host, announcer, session)


def join_table(
    address: str, code: str, name: str, wake: Callable[[], None] | None = None
) -> NetTable:
    """Join the table at ``address`` with its join ``code``; :class:`ValueError` with
    what is wrong with either, in words."""
    try:
        host, port = parse_address(address)
    except ValueError:
        raise ValueError(_("Type the host's address, like 192.168.1.20.")) from None
    try:
        code = check_code(code.strip())
    except ProtocolError:
        raise ValueError(_("The join code is 4 to 8 letters and digits.")) from None
    client = Client(host, port, code, player_name(name, _("Player")), None, wake).start()
    return NetTable(RemoteGame(client))


def find_tables() -> Finder | None:
    """A finder of tables on the network, or None where multicast cannot be used."""
    try:
        return Finder()
    except Exception:  # noqa: BLE001 - no network, no multicast: typing the address works
        return None


__all__ = ["NetTable", "find_tables", "host_table", "join_table", "player_name"]
