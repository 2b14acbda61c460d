"""The host: the one true game of a table on the network (issue 15).

A :class:`Host` owns the :class:`~split.engine.game.Game`, plays the bots and every
seat whose person is away, and serves the players over websockets on a background
thread with its own asyncio loop, so nothing it does can stall a window. Each
player's client says ``hello`` with the table's join code; the host gives it a seat
(a free person's seat, the seat named as the player, or the seat its token names
after a drop) and from then on sends it, after every action, the events and the view
of *its* seat only (R10, :mod:`split.net.secrecy`).

The host's own player is a client too, on the loopback address, holding the token of
seat 0 (:attr:`Host.own_token`): every person at the table sees the game the same
way, through the same messages.

A finished round goes on when every person at the table has asked for the next one,
or :data:`ROUND_WAIT` seconds after the host's own player did: a friend who walked
away from the scores does not hold the table.

Everything a client sends is hostile until read (:func:`~split.net.protocol.read_client`):
a frame over :data:`~split.net.protocol.MAX_CLIENT_FRAME` closes the connection, a
malformed or out-of-turn message is refused with its reason, and a client that keeps
sending garbage, floods or stops reading is disconnected; its seat goes to a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from split.bots import SeatedBots
from split.engine import events as ev
from split.engine.actions import NEXT_ROUND, Action
from split.engine.game import Game
from split.engine.state import GAME_OVER, ROUND_OVER, IllegalAction
from split.engine.view import PlayerView

from .protocol import (
    MAX_CLIENT_FRAME,
    Act,
    Bye,
    Hello,
    HostMessage,
    Over,
    ProtocolError,
    Refused,
    Seat,
    Seats,
    Update,
    encode,
    read_client,
)
from .secrecy import events_for_seat

PERSON = "human"  # a seat for a person (the host's own or a friend's)
MAX_CONNECTIONS = 16  # open connections at once; more are closed at the door
HELLO_SECONDS = 10.0  # a connection that says nothing this long is closed
OUTBOX = 256  # messages waiting for a client that does not read: more and it goes
RATE = 100.0  # messages a second a client may send on average (a person: a few) ...
BURST = 200.0  # ... and at once
MAX_STRIKES = 50  # refused messages before a client is disconnected
ROUND_WAIT = 60.0  # seconds the others have to read the scores once the host's player asked
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I to misread


def new_code(length: int = 6) -> str:
    """A join code to read aloud: letters and digits that cannot be mistaken."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


@dataclass(frozen=True)
class SeatPlan:
    """A seat of a hosted table: a person's (``kind`` "human") or a bot's strength."""

    name: str
    kind: str


@dataclass(eq=False)
class _Conn:
    """One client's connection: its seat once given, its outbox and its manners."""

    ws: ServerConnection
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    seat: int | None = None
    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)
    strikes: int = 0

    def allowed(self) -> bool:
        """A token bucket: :data:`RATE` messages a second, :data:`BURST` at once."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Host:
    """A hosted game (see the module's text). ``pause`` is how long a bot waits before
    each move (people follow the play); ``save(game)`` is called after every action
    (the host's autosave; an exception there is reported through ``notice``)."""

    def __init__(
        self,
        game: Game,
        plans: Sequence[SeatPlan],
        *,
        code: str | None = None,
        fill: str = "normal",
        pause: float = 0.6,
        save: Callable[[Game], None] | None = None,
        notice: Callable[[str], None] | None = None,
        round_wait: float = ROUND_WAIT,
    ) -> None:
        if len(plans) != game.state.players:
            raise ValueError(f"{len(plans)} seats for a game of {game.state.players}")
        self.game = game
        self.plans = list(plans)
        self.code = code or new_code()
        self.fill = fill
        self.pause = pause
        self.save = save
        self.notice = notice
        self.tokens = [secrets.token_hex(16) for _ in plans]
        self.started = False  # the lobby: a resumed game, too, waits for its players
        self.port = 0
        self.refused = 0  # messages refused, for tests and the bench
        self._names = [p.name for p in plans]
        self._conns: dict[int, _Conn] = {}  # seat -> its person's connection
        self._open: set[_Conn] = set()
        self._ready: set[int] = set()  # people who asked for the next round (ROUND_OVER)
        self.round_wait = round_wait
        self._host_ready_at: float | None = None  # when the host's player asked
        self._round_timer: asyncio.TimerHandle | None = None  # its wake-up, when set
        self.bots = SeatedBots()  # what each bot seat has read of the other hands
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._up = threading.Event()
        self._stop: asyncio.Event | None = None
        self._changed: asyncio.Event | None = None
        self._failed: BaseException | None = None
        self.seats_now = self._seats()  # read by other threads (the lobby): replaced whole

    @property
    def own_token(self) -> str:
        """The token of seat 0, the host's own player."""
        return self.tokens[0]

    # ------------------------------------------------------------ from other threads

    def start(self, address: str = "0.0.0.0", port: int = 0) -> int:
        """Serve on ``address``:``port`` (0: any free port) on a thread of its own; the
        port served. :class:`OSError` if it cannot listen."""
        self._up.clear()
        self._failed, self.port = None, 0
        self._thread = threading.Thread(
            target=self._run, args=(address, port), name="split-host", daemon=True
        )
        self._thread.start()
        self._up.wait(10)
        if self._failed is not None:
            raise OSError(f"cannot host on {address}:{port}: {self._failed}")
        if not self.port:
            raise OSError(f"cannot host on {address}:{port}: the server did not start")
        return self.port

    def begin(self) -> None:
        """Start the game (from the lobby): open seats are played by bots until filled."""
        self._call(self._begin)

    def remove(self, seat: int) -> None:
        """The host sends a friend away from the lobby: told ``removed``, disconnected,
        the seat's token renewed (their window cannot come back on it) and the seat
        open again. Not the host's own seat, not once the game has started."""
        self._call(lambda: self._remove(seat))

    def stop(self, reason: str = "host-left") -> None:
        """End hosting: every client is told ``reason`` and the server closes."""
        loop, stop = self._loop, self._stop
        if loop is None or stop is None or self._thread is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop already closed
            loop.call_soon_threadsafe(self._bye_all, reason)
            loop.call_soon_threadsafe(stop.set)
        self._thread.join(5)

    def _call(self, fn: Callable[[], None]) -> None:
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(fn)

    # ------------------------------------------------------------ the loop's thread

    def _run(self, address: str, port: int) -> None:
        try:
            asyncio.run(self._main(address, port))
        except BaseException as err:  # noqa: BLE001 - reported to start(), never raised
            self._failed = err
            self._up.set()

    async def _main(self, address: str, port: int) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._changed = asyncio.Event()
        async with serve(
            self._serve,
            address,
            port,
            max_size=MAX_CLIENT_FRAME,
            max_queue=8,
            ping_interval=5,
            ping_timeout=5,
            open_timeout=5,
            close_timeout=1,
        ) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._up.set()
            driver = asyncio.create_task(self._drive())
            await self._stop.wait()
            driver.cancel()
            for conn in list(self._open):
                await self._flush(conn)
            server.close()

    async def _flush(self, conn: _Conn) -> None:
        """Send what waits for ``conn`` (the goodbye) before the server closes."""
        with contextlib.suppress(Exception):
            while not conn.outbox.empty():
                await asyncio.wait_for(conn.ws.send(conn.outbox.get_nowait()), 1)
            await conn.ws.close(1001, "host left")

    # ------------------------------------------------------------ connections

    async def _serve(self, ws: ServerConnection) -> None:
        conn = _Conn(ws)
        if len(self._open) >= MAX_CONNECTIONS:
            await ws.close(1013, "the table is full")
            return
        self._open.add(conn)
        writer = asyncio.create_task(self._write(conn))
        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
            if not self._hello(conn, first):
                await asyncio.sleep(0.05)  # the refusal goes out first
                return
            async for frame in ws:
                self._receive(conn, frame)
                if conn.strikes > MAX_STRIKES:
                    break
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            self._open.discard(conn)
            writer.cancel()
            self._leave(conn)
            with contextlib.suppress(Exception):
                await ws.close(1008 if conn.strikes > MAX_STRIKES else 1000)

    async def _write(self, conn: _Conn) -> None:
        with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
            while True:
                await conn.ws.send(await conn.outbox.get())

    def _send(self, conn: _Conn, msg: HostMessage) -> None:
        try:
            conn.outbox.put_nowait(encode(msg))
        except asyncio.QueueFull:  # it does not read: let it go, its seat to a bot
            conn.strikes = MAX_STRIKES + 1
            asyncio.ensure_future(conn.ws.close(1008, "too slow"))

    def _refuse(self, conn: _Conn, code: str, reason: str) -> None:
        self.refused += 1
        conn.strikes += 1
        self._send(conn, Refused(code, reason))

    def _hello(self, conn: _Conn, frame: object) -> bool:
        try:
            msg = read_client(frame)  # type: ignore[arg-type]
            if not isinstance(msg, Hello):
                raise ProtocolError("hello-first", "say hello with the join code first")
            if not secrets.compare_digest(msg.code, self.code):
                raise ProtocolError("wrong-code", "that is not this table's join code")
            seat = self._seat_for(msg)
        except ProtocolError as err:
            self._refuse(conn, err.code, err.reason)
            return False
        old = self._conns.get(seat)
        if old is not None:  # the same person again (a new window): the old one goes
            old.seat = None
            self._send(old, Bye("replaced"))
            asyncio.ensure_future(old.ws.close(1000, "replaced"))
        conn.seat = seat
        self._conns[seat] = conn
        self._ready.discard(seat)
        if self.plans[seat].kind == PERSON:
            self._names[seat] = msg.name
        n = self.game.state.players
        self._send(conn, Seat(seat, self.tokens[seat], n))
        self._send(conn, self._arrival(seat))
        self._seats_changed()
        return True

    def _seat_for(self, hello: Hello) -> int:
        """The seat a hello asks for: its token's, else a free person's seat named as
        the player (someone back after the host restarted), else the first free one."""
        if hello.token is not None:
            for seat, token in enumerate(self.tokens):
                if secrets.compare_digest(hello.token, token):
                    return seat
            raise ProtocolError("bad-token", "that seat's token is not known here")
        free = [
            s
            for s, p in enumerate(self.plans)
            if p.kind == PERSON and s != 0 and s not in self._conns
        ]
        named = [s for s in free if self._names[s] == hello.name]
        if named or free:
            return (named or free)[0]
        raise ProtocolError("full", "every seat at this table is taken")

    def _arrival(self, seat: int) -> Update:
        """What a client sees on arriving: the game as it stands, with the first
        deal's events if nothing was played yet (its table animates them)."""
        g = self.game
        opening = () if g.actions else tuple(events_for_seat(g.opening_events, seat))
        return Update(None, None, opening, PlayerView.of(g.state, seat))

    def _remove(self, seat: int) -> None:
        conn = self._conns.get(seat)
        if self.started or seat == 0 or conn is None:
            return
        self.tokens[seat] = secrets.token_hex(16)
        self._names[seat] = self.plans[seat].name
        del self._conns[seat]
        conn.seat = None
        self._send(conn, Bye("removed"))
        asyncio.ensure_future(conn.ws.close(1000, "removed"))
        self._seats_changed()

    def _leave(self, conn: _Conn) -> None:
        seat = conn.seat
        if seat is not None and self._conns.get(seat) is conn:
            del self._conns[seat]
            self._seats_changed()
            self._wake()

    def _receive(self, conn: _Conn, frame: object) -> None:
        if not conn.allowed():
            self._refuse(conn, "flood", "too many messages: slow down")
            return
        try:
            msg = read_client(frame)  # type: ignore[arg-type]
        except ProtocolError as err:
            self._refuse(conn, err.code, err.reason)
            return
        if isinstance(msg, Hello):
            self._refuse(conn, "hello-twice", "you already have a seat")
        elif isinstance(msg, Bye):
            asyncio.ensure_future(conn.ws.close(1000, "bye"))
        else:
            self._act(conn, msg)

    def _act(self, conn: _Conn, msg: Act) -> None:
        seat, s = conn.seat, self.game.state
        assert seat is not None
        if not self.started:
            self._refuse(conn, "not-started", "the game has not started yet")
        elif msg.action.kind == NEXT_ROUND and s.phase == ROUND_OVER:
            self._ready.add(seat)  # the round moves on when every person has asked
            if seat == 0 and self._host_ready_at is None:
                self._host_ready_at = time.monotonic()
            self._wake()
        elif s.current != seat:
            self._refuse(conn, "not-your-turn", "it is not your turn")
        elif msg.turn is not None and msg.turn != s.turn:
            self._refuse(conn, "stale", "that move was meant for another turn")
        else:
            try:
                self._apply(msg.action)
            except IllegalAction:
                refusal = s.refusal(msg.action)
                self._refuse(conn, str(refusal.code), str(refusal))

    # ------------------------------------------------------------ the game

    def _begin(self) -> None:
        if not self.started:
            self.started = True
            self._seats_changed()
            self._wake()

    def _apply(self, action: Action) -> None:
        g = self.game
        mover = g.state.current
        events = g.apply(action)  # IllegalAction leaves the game untouched
        self._ready.clear()
        self._host_ready_at = None
        for seat, conn in self._conns.items():
            view = PlayerView.of(g.state, seat)
            self._send(conn, Update(mover, action, tuple(events_for_seat(events, seat)), view))
        over = next((e for e in events if isinstance(e, ev.GameOver)), None)
        if over is not None:
            scores = tuple(g.state.scores())
            for conn in self._conns.values():
                self._send(conn, Over(scores, tuple(over.winners)))
        if self.save is not None:
            try:
                self.save(g)
            except Exception as err:  # noqa: BLE001 - a failed save is a notice
                if self.notice is not None:
                    self.notice(str(err))
        self._wake()

    def _played_by_bot(self, seat: int) -> bool:
        return self.plans[seat].kind != PERSON or seat not in self._conns

    def _bot_of(self, seat: int) -> str:
        kind = self.plans[seat].kind
        return self.fill if kind == PERSON else kind

    def _wake(self) -> None:
        if self._changed is not None:
            self._changed.set()

    async def _drive(self) -> None:
        """Move the game on whenever it is a bot's turn, or every person at the table
        asked for the next round."""
        assert self._changed is not None
        loop = asyncio.get_running_loop()
        while True:
            await self._changed.wait()
            self._changed.clear()
            s = self.game.state
            if not self.started or s.phase == GAME_OVER:
                continue
            if s.phase == ROUND_OVER:
                if self._round_may_go(loop):
                    self._apply(Action.next_round())
                continue
            seat = s.current
            if seat is None or not self._played_by_bot(seat):
                continue
            moved = len(self.game.actions)
            legal = list(s.legal_actions())
            view = PlayerView.of(s, seat)
            bot = self.bots.bot(self.game, self._bot_of(seat))
            await asyncio.sleep(self.pause)
            action = await loop.run_in_executor(None, bot.choose, view, legal)
            if len(self.game.actions) == moved and self._played_by_bot(seat):
                self._apply(action if action in legal else legal[0])
            else:
                self._wake()  # the position moved on meanwhile: look again

    def _round_may_go(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Whether the finished round goes on: every person asked, or the host's player
        did ``round_wait`` seconds ago (until then, a wake-up is set for that moment)."""
        if all(seat in self._ready for seat in self._conns):
            return True
        asked = self._host_ready_at
        if asked is None:
            return False
        left = asked + self.round_wait - time.monotonic()
        if left <= 0:
            return True
        if self._round_timer is None:  # one wake-up at a time, however often it looks
            self._round_timer = loop.call_later(left, self._round_timer_rang)
        return False

    def _round_timer_rang(self) -> None:
        self._round_timer = None
        self._wake()

    def _seats(self) -> Seats:
        kinds = []
        for seat, plan in enumerate(self.plans):
            if plan.kind != PERSON:
                kinds.append("bot")
            elif seat in self._conns:
                kinds.append("human")
            else:
                kinds.append("away" if self.started else "open")
        return Seats(tuple(self._names), tuple(kinds), self.started)

    def _seats_changed(self) -> None:
        self.seats_now = self._seats()
        for conn in self._conns.values():
            self._send(conn, self.seats_now)

    def _bye_all(self, reason: str) -> None:
        for conn in self._open:
            self._send(conn, Bye(reason))


__all__ = ["PERSON", "Host", "SeatPlan", "new_code"]
