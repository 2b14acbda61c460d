"""The game a table plays when its truth is on a host: :class:`RemoteGame`.

It offers the table what a :class:`~split.engine.game.Game` does (``state``,
``actions``, ``opening_events``, ``history``, ``can_undo``) and, instead of applying
actions, sends them (:meth:`RemoteGame.send`) and hands over what the host answered
(:meth:`RemoteGame.arrivals`). Its ``state`` is a *shadow*: the seat's view
(R10) made a full state with every card it may not see as
:data:`~split.engine.cards.HIDDEN`; the seat's own legal moves and refusals come out
of it exactly as from the host's game, so a move is checked before it leaves.

Before the table opens, the lobby :meth:`~RemoteGame.pump`\\ s it: the seat, the first
view and who sits where arrive; moves made meanwhile wait for the table. A lost
connection is taken up again with the seat's token (:data:`REJOIN_TRIES` times); the
table then starts again from the position as it is. A host too busy to take the
connection (strangers hold its places for a moment) is tried again for a few
seconds (:data:`BUSY_TRIES`).

Each update of a move is numbered; one that is not the next (a message lost on the
way) makes the game ask the host for the position as it is (a ``sync``) and take
nothing more until it came.

When the host plays again with the same people (``again``), what follows belongs to
the new game: it waits (:attr:`RemoteGame.again_offered`) until the window has left
the finished game's table and calls :meth:`RemoteGame.start_again`.
"""

from __future__ import annotations

import time

from split.engine import events as ev
from split.engine.actions import Action
from split.engine.cards import HIDDEN
from split.engine.state import GameState
from split.engine.view import PlayerView

from .client import Client, Gone
from .protocol import (
    SAY_EVERY,
    Act,
    Again,
    HostMessage,
    Late,
    Over,
    Refused,
    Said,
    Say,
    Seat,
    Seats,
    Sync,
    Update,
)

REJOIN_TRIES = 5
REJOIN_AFTER = 1.0  # seconds between tries
BUSY_TRIES = 12  # a busy host closes its silent connections within seconds
FINAL = frozenset(
    {"host-left", "replaced", "removed", "wrong-code", "bad-token", "full", "hello-first"}
)
"""Ends a connection for good: nothing is tried again."""


def shadow(view: PlayerView) -> GameState:
    """``view`` as a full state, every card it may not see hidden."""
    return view.determinize([HIDDEN] * len(view.unseen()))


class RemoteGame:
    """A hosted game as one seat plays it (see the module's text)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.seat: int | None = None
        self.token: str | None = None
        self.view: PlayerView | None = None
        self.state: GameState | None = None
        self.seats: Seats | None = None
        self.over: Over | None = None
        self.gone: Gone | None = None
        self.waiting = False  # a move of ours is on its way
        self.actions: list[Action] = []
        self.movers: list[tuple[int | None, int]] = []
        self._opening: list[ev.Event] = []
        self._recap: list[ev.Event] = []  # what the seat saw before this window sat down
        self._pending: list[tuple[str, object]] = []
        self._rejoin: tuple[int, float | None] | None = None  # (tries left, when next)
        self.seq: int | None = None  # the number of the last update taken
        self._syncing = False  # a sync was asked for: updates wait for its answer
        self._next: list[HostMessage | Gone] | None = None  # the next game's, held
        self._said_at: float | None = None  # when the last quick message went

    @property
    def ready(self) -> bool:
        """Whether the seat and the first view have arrived."""
        return self.state is not None and self.seat is not None

    @property
    def started(self) -> bool:
        return self.seats is not None and self.seats.started

    @property
    def opening_events(self) -> list[ev.Event]:
        """The first deal's events if we arrived before the first move, else none (the
        table opens on the position as it is)."""
        return list(self._opening)

    def history(self) -> list[ev.Event]:
        """What this seat saw while its person was away, if the host told it (the log
        starts there); none for a new seat."""
        return list(self._recap)

    def can_undo(self, seat: int) -> bool:
        return False  # a move sent to the host is played for everyone

    @property
    def again_offered(self) -> bool:
        """Whether the host started a new game for the same people and its deal has
        come (see the module)."""
        return self._next is not None and any(isinstance(m, Update) for m in self._next)

    def start_again(self) -> None:
        """Leave the finished game for the new one the host started: what came for it
        is taken in now, from its deal on."""
        held, self._next = self._next or [], None
        self.view = self.state = self.over = None
        self.waiting = self._syncing = False
        self.actions, self.movers = [], []
        self._opening, self._recap, self._pending = [], [], []
        self.seq = None
        for msg in held:
            self._take(msg)

    def say(self, phrase: str) -> None:
        """Send a quick message (one of :data:`~split.net.protocol.PHRASES`); one sooner
        than :data:`~split.net.protocol.SAY_EVERY` after the last is not sent (the host
        would refuse it)."""
        now = time.monotonic()
        if self.gone is None and (self._said_at is None or now - self._said_at >= SAY_EVERY):
            self._said_at = now
            self.client.send(Say(phrase))

    def send(self, action: Action) -> None:
        """Play ``action`` (checked against :attr:`state` by the table first)."""
        if self.state is None or self.gone is not None:
            return
        self.waiting = True
        self.client.send(Act(action, self.state.turn))

    def arrivals(self) -> list[tuple[str, object]]:
        """What came from the host since last asked, for the table: ``("events",
        [...])`` after each move (``state`` is already the position after it),
        ``("refused", Refused)``, ``("seats", Seats)``, ``("over", Over)``,
        ``("reconnecting", Gone)``, ``("resync", [...])`` (the events this seat missed,
        for the log: the state has them), ``("said", Said)`` (a quick message),
        ``("late", Late)`` (a turn timer ran out) and ``("gone", Gone)``."""
        self.pump()
        out, self._pending = self._pending, []
        return out

    def pump(self) -> None:
        """Take in what arrived (the lobby calls this until the table opens)."""
        rejoin = self._rejoin
        if rejoin is not None and rejoin[1] is not None and time.monotonic() >= rejoin[1]:
            self._rejoin = (rejoin[0], None)  # a try under way
            self.client = self.client.again(self.token)
            self.seq, self._syncing = None, False  # the new connection starts afresh
        for msg in self.client.poll():
            self._take(msg)

    def _take(self, msg: HostMessage | Gone) -> None:
        if self._next is not None and not isinstance(msg, Gone):
            self._next.append(msg)  # the next game's: it waits for the window
            return
        if isinstance(msg, Again):
            self._next = []
        elif isinstance(msg, Seat):
            self.seat, self.token = msg.seat, msg.token
        elif isinstance(msg, Update):
            if msg.action is not None and (self._syncing or not self._in_step(msg)):
                return
            self.seq, self._syncing = msg.seq, False
            first = self.state is None
            self.view, self.state = msg.view, shadow(msg.view)
            self.waiting = False  # on our turn only our move (or the round) comes
            if msg.action is not None:
                self.actions.append(msg.action)
                self.movers.append((msg.mover, msg.view.turn))
            if first and msg.seq == 0:
                self._opening = list(msg.events)  # the first deal, to be animated
            elif first:
                self._recap = list(msg.events)  # back in a new window: what was missed
            elif msg.action is None:  # back after a lost connection: with what was missed
                self._rejoin = None
                self._pending.append(("resync", list(msg.events)))
            else:
                self._pending.append(("events", list(msg.events)))
        elif isinstance(msg, Refused):
            self.waiting = False
            self._pending.append(("refused", msg))
        elif isinstance(msg, Seats):
            self.seats = msg
            self._pending.append(("seats", msg))
        elif isinstance(msg, Over):
            self.over = msg
            self._pending.append(("over", msg))
        elif isinstance(msg, Said):
            self._pending.append(("said", msg))
        elif isinstance(msg, Late):
            self._pending.append(("late", msg))
        elif isinstance(msg, Gone):
            self._lost(msg)

    def _in_step(self, msg: Update) -> bool:
        """Whether ``msg`` is the update after the last one; if not, a sync is asked."""
        if self.seq is None or msg.seq == self.seq + 1:
            return True
        self._syncing = True
        self.client.send(Sync())
        return False

    def _lost(self, gone: Gone) -> None:
        self.waiting = False
        first = BUSY_TRIES if gone.code == "busy" else REJOIN_TRIES
        tries = self._rejoin[0] if self._rejoin is not None else first
        again = gone.code == "busy" or (self.token is not None and gone.code not in FINAL)
        if not again or tries <= 0 or self.over is not None:
            self.gone, self._rejoin = gone, None
            self._pending.append(("gone", gone))
            return
        if self._rejoin is None and self.token is not None:
            self._pending.append(("reconnecting", gone))
        self._rejoin = (tries - 1, time.monotonic() + REJOIN_AFTER)

    def leave(self) -> None:
        self._rejoin = None
        self.client.close()


__all__ = ["RemoteGame", "shadow"]
