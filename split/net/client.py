"""A player's connection to a host, on a background thread of its own.

:class:`Client` connects, says hello and then only collects what the host sends,
each message read and checked (:func:`~split.net.protocol.read_host`: a client trusts
its host no more than the host trusts it) into an inbox the game's loop empties with
:meth:`Client.poll`, so the window never waits for the network. ``wake`` is called
(on the client's thread) whenever something arrives: the app posts a window event
with it, so an idle table sleeps until then.

>>> parse_address("192.168.1.20")
('192.168.1.20', 47211)
>>> parse_address("[::1]:9000")
('::1', 9000)
>>> parse_address("my laptop")
Traceback (most recent call last):
...
ValueError: an address like 192.168.1.20 or 192.168.1.20:47211
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import re
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from .protocol import (
    MAX_HOST_FRAME,
    Bye,
    ClientMessage,
    Hello,
    HostMessage,
    ProtocolError,
    Refused,
    encode,
    read_host,
)

DEFAULT_PORT = 47211
_HOSTNAME = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$")


def parse_address(text: str) -> tuple[str, int]:
    """``host`` or ``host:port`` (``[v6]:port`` for IPv6) as typed; :class:`ValueError`
    with what is expected otherwise."""
    text = text.strip()
    host, port = text, DEFAULT_PORT
    m = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?", text)
    if m:
        host, port = m.group(1), int(m.group(2) or DEFAULT_PORT)
    elif text.count(":") == 1:
        host, _, digits = text.partition(":")
        if not digits.isascii() or not digits.isdigit() or len(digits) > 5:
            raise ValueError("an address like 192.168.1.20 or 192.168.1.20:47211")
        port = int(digits)
    if not (1 <= port <= 65535) or not (m or _HOSTNAME.match(host)):
        raise ValueError("an address like 192.168.1.20 or 192.168.1.20:47211")
    return host, port


def url_of(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"


@dataclass(frozen=True)
class Gone:
    """The connection ended: ``code`` for programs (``host-left``, ``wrong-code``,
    ``unreachable``, ``busy`` (the host has too many connections at once: try again),
    ``lost``, ``bad-host``, ...), ``reason`` in the host's or the system's words."""

    code: str
    reason: str = ""


class Client:
    """One player's connection (see the module's text)."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        name: str,
        token: str | None = None,
        wake: Callable[[], None] | None = None,
        key: str | None = None,
    ) -> None:
        self.url = url_of(host, port)
        self._address = (host, port)
        self.hello = Hello(code.upper(), name, token, key)
        self.wake = wake
        self._inbox: queue.SimpleQueue[HostMessage | Gone] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._tasks: set[asyncio.Task[Any]] = set()  # sends and the goodbye under way
        self._thread: threading.Thread | None = None
        self._refused: Refused | None = None
        self.closed = threading.Event()
        self._closing = threading.Event()  # close() was called: a connection still
        # being made ends as soon as it is made (close() waited 3 s for it before)
        self._task: asyncio.Task[Any] | None = None  # the connection's, on its loop
        self.sent = 0

    def again(self, token: str | None) -> Client:
        """A new connection to the same table, for the seat ``token`` names."""
        host, port = self._address
        hello = self.hello
        return Client(host, port, hello.code, hello.name, token, self.wake, hello.key).start()

    def start(self) -> Client:
        self._thread = threading.Thread(target=self._run, name="split-client", daemon=True)
        self._thread.start()
        return self

    def poll(self) -> list[HostMessage | Gone]:
        """Everything that arrived since the last call, in order (never blocks)."""
        out: list[HostMessage | Gone] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._inbox.get_nowait())
        return out

    def send(self, msg: ClientMessage) -> None:
        """Send ``msg`` (from any thread); a message to a closed connection is dropped
        (its end has already arrived as :class:`Gone`)."""
        self.send_text(encode(msg))

    def send_text(self, text: str) -> None:
        """Send a frame as it is (tests send hostile ones)."""
        ws = self._ws
        if ws is None or self.closed.is_set():
            return
        self.sent += 1
        self._on_loop(lambda: _quiet_send(ws, text))

    def _on_loop(self, make: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        """Run the coroutine ``make()`` gives on the connection's loop. It is made there,
        when the loop gets to it: a loop that ends first (the connection ended
        meanwhile) leaves no coroutine behind for the garbage collector to warn about
        (the monkey saw "coroutine 'Connection.close' was never awaited")."""
        loop = self._loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to do
            loop.call_soon_threadsafe(self._start, loop, make)

    def _start(
        self, loop: asyncio.AbstractEventLoop, make: Callable[[], Coroutine[Any, Any, Any]]
    ) -> None:
        task = loop.create_task(make())
        self._tasks.add(task)  # held until done (a loop keeps only weak references)
        task.add_done_callback(self._tasks.discard)

    def abort(self) -> None:
        """Cut the connection without a goodbye, as a crash or a pulled cable would."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(ws.transport.abort)

    def close(self) -> None:
        """Say goodbye and end the connection (one still being made is called off)."""
        self._closing.set()
        ws, loop, task = self._ws, self._loop, self._task
        if ws is not None and not self.closed.is_set():
            self._on_loop(lambda: ws.close(1000, "bye"))
        elif loop is not None and task is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended already
                loop.call_soon_threadsafe(task.cancel)
        if self._thread is not None:
            self._thread.join(3)

    # ------------------------------------------------------------ the client's thread

    def _put(self, msg: HostMessage | Gone) -> None:
        self._inbox.put(msg)
        if self.wake is not None:
            with contextlib.suppress(Exception):
                self.wake()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        finally:
            self.closed.set()

    async def _main(self) -> None:
        self._task = asyncio.current_task()
        self._loop = asyncio.get_running_loop()
        if self._closing.is_set():  # closed before it began
            self._put(Gone("lost"))
            return
        gone = Gone("lost")
        try:
            async with connect(
                self.url,
                max_size=MAX_HOST_FRAME,
                open_timeout=5,
                ping_interval=5,
                ping_timeout=10,
                close_timeout=1,
                max_queue=64,
            ) as ws:
                self._ws = ws
                if self._closing.is_set():  # closed while it connected: goodbye at once
                    await ws.close(1000, "bye")
                    self._put(gone)
                    return
                await ws.send(encode(self.hello))
                gone = await self._listen(ws)
        except InvalidStatus as err:  # answered over HTTP: busy, or not a table at all
            response = err.response
            if response.status_code == 503:
                gone = Gone("busy", response.body.decode("utf-8", "replace")[:200])
            else:
                gone = Gone("unreachable", str(err)[:200])
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as err:
            gone = Gone("unreachable", str(err)[:200])
        except (ConnectionClosed, asyncio.CancelledError):
            pass
        self._put(gone)

    async def _listen(self, ws: ClientConnection) -> Gone:
        try:
            async for frame in ws:
                try:
                    msg = read_host(frame)
                except ProtocolError as err:
                    return Gone("bad-host", err.reason)
                if isinstance(msg, Bye):
                    return Gone(msg.reason or "host-left")
                if isinstance(msg, Refused) and msg.code in _FATAL:
                    self._refused = msg
                    return Gone(msg.code, msg.reason)
                self._put(msg)
        except ConnectionClosed:
            pass
        return Gone("lost")


_FATAL = frozenset({"wrong-code", "bad-token", "full", "hello-first"})
"""Refusals of a hello: the host closes the connection after them."""


async def _quiet_send(ws: ClientConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(text)


__all__ = ["DEFAULT_PORT", "Client", "Gone", "parse_address", "url_of"]
