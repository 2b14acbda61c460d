"""The host: a hosted table (:class:`~split.net.table.HostTable`) served over
websockets on a background thread with its own asyncio loop, so nothing it does can
stall a window (issue 15).

:class:`Host` is the thin part around the table: it carries each connection's frames
to :meth:`~split.net.table.HostTable.receive` and what the table answers to the
connections' outboxes, asks the bots for their moves off the loop, and wakes the
table when the round's wait runs out. Every decision is the table's.

The host's own player is a client too, on the loopback address, holding the token of
seat 0 (:attr:`Host.own_token`): every person at the table sees the game the same
way, through the same messages.

The server accepts connections itself, through a :class:`~split.net.door.Door`: no
more at once than its budget of file handles allows (the window, its fonts and its
saves keep the rest, whatever strangers on the network do), few from one address
before they said hello, and none that stays silent longer than
:data:`HELLO_SECONDS`. A failed accept (the process out of handles after all) pauses
accepting for a second and is logged once a minute, never in a loop.

A frame over :data:`~split.net.protocol.MAX_CLIENT_FRAME` closes its connection, and
a client that stops reading is let go when :data:`OUTBOX` messages wait for it; its
seat goes to a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.server import ServerProtocol

from split.bots import SeatedBots
from split.engine.game import Game

from .door import Door, Verdict, connection_budget
from .protocol import MAX_CLIENT_FRAME, Seats, encode
from .seating import new_code
from .table import PERSON, ROUND_WAIT, Close, HostTable, Out, SeatPlan, Send

HELLO_SECONDS = 4.0  # a connection that has not said hello this long after it came is closed
OUTBOX = 256  # messages waiting for a client that does not read: more and it goes
ACCEPT_PAUSE = 1.0  # seconds without accepting after a failed accept
LOG_EVERY = 60.0  # seconds between two log lines about failed accepts
BUSY = "the host is busy with other connections: try again in a moment"
log = logging.getLogger("split.net.host")


class _Arrival(ServerConnection):
    """A connection as the door let it in: its address, its verdict, when it came, and
    a word to the host when it is gone (whatever stage it reached)."""

    def __init__(
        self, host: Host, address: str, verdict: Verdict, came: float, server: Server
    ) -> None:
        protocol = ServerProtocol(max_size=MAX_CLIENT_FRAME)
        super().__init__(
            protocol, server, ping_interval=5, ping_timeout=5, close_timeout=1, max_queue=8
        )
        self.host, self.address, self.verdict, self.came = host, address, verdict, came
        self.greeted = False
        self.lost = False

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if not self.lost:
            self.lost = True
            self.host._gone(self)


@dataclass(frozen=True)
class _Closing:
    code: int
    reason: str


@dataclass(eq=False)
class _Conn:
    """One client's connection: its number at the table and its outbox."""

    ws: _Arrival
    id: int
    outbox: asyncio.Queue[str | _Closing] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    closing: bool = False


class Host:
    """A hosted game served on the network (see the module's text). ``pause`` is how
    long a bot waits before each move (people follow the play); the other arguments
    are the table's (:class:`~split.net.table.HostTable`)."""

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
        identities: Sequence[str | None] | None = None,
        turn_limit: int = 0,
    ) -> None:
        self.table = HostTable(
            game,
            plans,
            code=code,
            fill=fill,
            save=save,
            notice=notice,
            round_wait=round_wait,
            identities=identities,
            turn_limit=turn_limit,
        )
        self.pause = pause
        self.port = 0
        self._conns: dict[int, _Conn] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._up = threading.Event()
        self._stop: asyncio.Event | None = None
        self._changed: asyncio.Event | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._failed: BaseException | None = None
        self.door = Door(connection_budget(), len(plans))
        self.accept_failures = 0  # accepts the system refused (out of handles)
        self._listener: socket.socket | None = None
        self._server: Server | None = None
        self._accepting = False
        self._closing = False  # the host is leaving: the door stays shut
        self._resume: asyncio.TimerHandle | None = None
        self._logged_at: float | None = None

    # what the table knows, for the app and the tests
    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def plans(self) -> list[SeatPlan]:
        return self.table.plans

    @property
    def code(self) -> str:
        return self.table.seating.code

    @property
    def tokens(self) -> list[str]:
        return self.table.seating.tokens

    @property
    def own_token(self) -> str:
        """The token of seat 0, the host's own player."""
        return self.table.seating.tokens[0]

    @property
    def started(self) -> bool:
        return self.table.started

    @property
    def refused(self) -> int:
        return self.table.refused

    @property
    def seats_now(self) -> Seats:
        return self.table.seats_now

    @property
    def bots(self) -> SeatedBots:
        return self.table.bots

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
        self._call(self.table.begin)

    def remove(self, seat: int) -> None:
        """The host sends a friend away from the lobby (:meth:`HostTable.remove`)."""
        self._call(lambda: self.table.remove(seat))

    def set_turn_limit(self, seconds: int) -> None:
        """The host sets the turn timer in the lobby (:meth:`HostTable.set_turn_limit`)."""
        self._call(lambda: self.table.set_turn_limit(seconds))

    def again(self, game: Game) -> None:
        """Play ``game`` with the same people once this one is over
        (:meth:`HostTable.again`)."""
        self._call(lambda: self.table.again(game))

    def stop(self, reason: str = "host-left") -> None:
        """End hosting: every client is told ``reason`` and the server closes."""
        loop, stop = self._loop, self._stop
        if loop is None or stop is None or self._thread is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop already closed
            loop.call_soon_threadsafe(self._carry, self.table.goodbye(reason))
            loop.call_soon_threadsafe(stop.set)
        self._thread.join(5)

    def _call(self, command: Callable[[], list[Out]]) -> None:
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(lambda: self._carry(command()))

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
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        listener = socket.create_server((address, port), family=family, backlog=128)
        listener.setblocking(False)
        self._listener = listener
        # the websockets server handles what the door lets in: the door's reader takes
        # the listening socket's place of asyncio's own before anything is accepted
        async with serve(
            self._serve,
            sock=listener,
            process_request=self._busy,
            open_timeout=HELLO_SECONDS,
        ) as server:
            self._server = server
            self.port = listener.getsockname()[1]
            self._start_accepting()
            self._up.set()
            driver = asyncio.create_task(self._drive())
            await self._stop.wait()
            driver.cancel()
            self._stop_accepting()
            self._closing = True
            await asyncio.gather(
                *(self._flush(c) for c in list(self._conns.values())), return_exceptions=True
            )
            server.close()

    # ------------------------------------------------------------ the door

    def _start_accepting(self) -> None:
        if self._closing or self._accepting or self._listener is None or self._loop is None:
            return
        self._accepting = True
        self._loop.remove_reader(self._listener.fileno())  # asyncio's, the first time
        self._loop.add_reader(self._listener.fileno(), self._accept)

    def _stop_accepting(self) -> None:
        if self._accepting and self._listener is not None and self._loop is not None:
            self._accepting = False
            self._loop.remove_reader(self._listener.fileno())

    def _accept(self) -> None:
        """Take in what waits at the listening socket, as far as the door allows."""
        assert self._listener is not None and self._loop is not None
        for _ in range(64):  # a few at a time: the game's messages go between
            if self.door.full():  # the rest wait in the system's queue
                self._stop_accepting()
                return
            try:
                sock, peer = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as err:  # out of handles after all: pause, never spin
                self._accept_failed(err)
                return
            address = str(peer[0])
            verdict = self.door.admit(address)
            if verdict == "out":
                sock.close()
                continue
            sock.setblocking(False)
            # a move goes out at once (asyncio sets this only on sockets it made itself)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._loop.create_task(self._open(sock, address, verdict))

    async def _open(self, sock: socket.socket, address: str, verdict: Verdict) -> None:
        loop, server = asyncio.get_running_loop(), self._server
        assert server is not None
        came = loop.time()
        made: list[_Arrival] = []

        def arrival() -> _Arrival:
            made.append(_Arrival(self, address, verdict, came, server))
            return made[0]

        try:
            await loop.connect_accepted_socket(arrival, sock)
        except OSError:  # gone before it began
            sock.close()
            if not made or not made[0].lost:  # else its loss was counted already
                self.door.closed(address, verdict, False)
                self._start_accepting()

    def _accept_failed(self, err: OSError) -> None:
        self.accept_failures += 1
        self._stop_accepting()
        if self._resume is None and self._loop is not None:
            self._resume = self._loop.call_later(ACCEPT_PAUSE, self._resume_accepting)
        now = self._loop.time() if self._loop is not None else 0.0
        if self._logged_at is None or now - self._logged_at >= LOG_EVERY:
            self._logged_at = now
            log.warning("not accepting connections for a moment: %s", err.strerror or err)

    def _resume_accepting(self) -> None:
        self._resume = None
        self._start_accepting()

    def _gone(self, ws: _Arrival) -> None:
        """A connection the door let in is gone: its place is free again."""
        self.door.closed(ws.address, ws.verdict, ws.greeted)
        if self._resume is None:
            self._start_accepting()

    def _busy(self, ws: ServerConnection, request: Request) -> Response | None:
        """Before the handshake: one the door let in only to be told it is busy."""
        if isinstance(ws, _Arrival) and ws.verdict == "busy":
            return ws.respond(503, BUSY)
        return None

    async def _flush(self, conn: _Conn) -> None:
        """Send what waits for ``conn`` (the goodbye) before the server closes."""
        with contextlib.suppress(Exception):
            while not conn.outbox.empty():
                item = conn.outbox.get_nowait()
                if isinstance(item, str):
                    await asyncio.wait_for(conn.ws.send(item), 1)
            await conn.ws.close(1001, "host left")

    def _carry(self, outs: list[Out]) -> None:
        """Carry out what the table decided: messages into outboxes, closes after
        what waits; then the table looks at the game again."""
        for out in outs:
            conn = self._conns.get(out.conn)
            if conn is None or conn.closing:
                continue
            if isinstance(out, Send):
                self._put(conn, encode(out.msg))
            else:
                self._put(conn, _Closing(out.code, out.reason))
        self._wake()

    def _put(self, conn: _Conn, item: str | _Closing) -> None:
        if isinstance(item, _Closing):
            conn.closing = True
        try:
            conn.outbox.put_nowait(item)
        except asyncio.QueueFull:  # it does not read: let it go, its seat to a bot
            conn.closing = True
            self._carry(self.table.leave(conn.id))
            asyncio.ensure_future(conn.ws.close(1008, "too slow"))

    # ------------------------------------------------------------ connections

    async def _serve(self, ws: ServerConnection) -> None:
        assert isinstance(ws, _Arrival)
        conn = _Conn(ws, self.table.connect())
        self._conns[conn.id] = conn
        writer = asyncio.create_task(self._write(conn))
        loop = asyncio.get_running_loop()
        try:
            left = ws.came + HELLO_SECONDS - loop.time()
            first = await asyncio.wait_for(ws.recv(), max(0.0, left))
            self._carry(self.table.receive(conn.id, first, loop.time()))
            if self.table.seat_of(conn.id) is not None:  # a friend now, no stranger
                ws.greeted = True
                self.door.greeted(ws.address)
            while not conn.closing:
                frame = await ws.recv()
                self._carry(self.table.receive(conn.id, frame, loop.time()))
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            self._carry(self.table.leave(conn.id))
            if conn.closing:  # what the table said last goes out before the close
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(asyncio.shield(writer), 2)
            writer.cancel()
            del self._conns[conn.id]
            with contextlib.suppress(Exception):
                await ws.close(1000)

    async def _write(self, conn: _Conn) -> None:
        with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
            while True:
                item = await conn.outbox.get()
                if isinstance(item, _Closing):
                    await conn.ws.close(item.code, item.reason)
                    return
                await conn.ws.send(item)

    # ------------------------------------------------------------ the bots and the clock

    def _wake(self) -> None:
        if self._changed is not None:
            self._changed.set()

    async def _drive(self) -> None:
        """Move the game on whenever it is a bot's turn or the round's wait ran out."""
        assert self._changed is not None
        loop = asyncio.get_running_loop()
        while True:
            await self._changed.wait()
            self._changed.clear()
            self._carry_quietly(self.table.tick(loop.time()))
            turn = self.table.bot_turn()
            if turn is None:
                self._set_timer(loop)
                continue
            await asyncio.sleep(self.pause)
            action = await loop.run_in_executor(None, turn.choose)
            self._carry(self.table.bot_played(turn, action))
            self._wake()  # look again: the next turn may be a bot's too

    def _carry_quietly(self, outs: list[Out]) -> None:
        if outs:
            self._carry(outs)

    def _set_timer(self, loop: asyncio.AbstractEventLoop) -> None:
        """One wake-up for when the table's clock has something to do."""
        at = self.table.wake_at()
        if at is None or self._timer is not None:
            return
        self._timer = loop.call_at(at, self._ring)

    def _ring(self) -> None:
        self._timer = None
        self._wake()


__all__ = ["PERSON", "Close", "Host", "SeatPlan", "Send", "new_code"]
