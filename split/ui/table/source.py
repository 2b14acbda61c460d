"""Where the table's game is: here (a :class:`~split.engine.game.Game`) or on a host
(:class:`~.remote.RemoteGame`), behind one :class:`Source`.

The table submits a move and drains what came of it, as typed :data:`Arrival` values:
a local game applies the move at once (its events are drained next), a remote one
sends it and its events come back with everyone else's. Nothing here touches the
table; the table applies the arrivals in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from split.engine import events as ev
from split.engine.actions import Action
from split.engine.game import Game
from split.engine.state import START, GameState

from .driver import BotDriver, Bots, HostBots
from .remote import RemoteGame


@dataclass(frozen=True)
class Applied:
    """A move was played: ``action`` (None when it came from a host, already told)
    and the events it caused."""

    events: tuple[ev.Event, ...]
    action: Action | None = None


@dataclass(frozen=True)
class Resync:
    """Back after a lost connection: the position as it is now (the state has it);
    ``missed``: the events this seat saw while it was away, to be told in the log."""

    missed: tuple[ev.Event, ...] = ()


@dataclass(frozen=True)
class Refused:
    """The host refused our move: why (the engine's refusal or a word)."""

    reason: object


@dataclass(frozen=True)
class Reconnecting:
    """The connection to the host was lost: joining again."""


@dataclass(frozen=True)
class SeatsChanged:
    """Who sits where now (the host's names and kinds), and the host's turn timer
    (seconds; 0: none)."""

    kinds: tuple[str, ...]
    names: tuple[str, ...]
    turn_limit: int = 0


@dataclass(frozen=True)
class Said:
    """A quick message from the player at ``seat`` (a protocol phrase)."""

    seat: int
    phrase: str


@dataclass(frozen=True)
class Late:
    """The host's turn timer ran out for ``seat``: a bot plays the rest of the turn."""

    seat: int


@dataclass(frozen=True)
class Gone:
    """The game is over for this window: ``code`` says why."""

    code: str


Arrival = Applied | Resync | Refused | Reconnecting | SeatsChanged | Said | Late | Gone
"""What the table takes in from its game."""


class Source(Protocol):
    """A game the table plays: its position, a move submitted, what came of it."""

    @property
    def state(self) -> GameState: ...
    @property
    def remote(self) -> bool: ...  # on a host: quick messages instead of undo
    def bots(
        self,
        kinds: Sequence[str],
        pause: Callable[[], float],
        choose_bot: Callable[[int], Action] | None,
    ) -> Bots: ...  # who plays the bots: here, or the host (bots and rounds its business)
    def fresh(self) -> bool: ...  # the first deal is still to be shown
    def waiting(self) -> bool: ...
    def submit(self, action: Action) -> None: ...
    def drain(self) -> list[Arrival]: ...
    def opening_events(self) -> list[ev.Event]: ...
    def history(self) -> list[ev.Event]: ...
    def moves(self) -> int: ...
    def drew_last(self) -> bool: ...
    def can_undo(self, seat: int) -> bool: ...
    def undo(self, seat: int) -> Action: ...
    def say(self, phrase: str) -> None: ...  # a quick message to the other windows


class LocalSource:
    """A game played here: a move is applied at once."""

    remote = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self._out: list[Arrival] = []

    def bots(
        self,
        kinds: Sequence[str],
        pause: Callable[[], float],
        choose_bot: Callable[[int], Action] | None,
    ) -> Bots:
        """The bots play here: nothing comes by itself, the table acts for them."""
        return BotDriver(self.game, kinds, pause, choose_bot)

    @property
    def state(self) -> GameState:
        return self.game.state

    def fresh(self) -> bool:
        s = self.game.state
        return not self.game.actions and s.round == 1 and s.phase == START

    def waiting(self) -> bool:
        return False

    def submit(self, action: Action) -> None:
        """Apply ``action`` (legal: the table checked); its events wait to be drained.
        :class:`~split.engine.state.IllegalAction` if it is not."""
        events = self.game.apply(action)
        self._out.append(Applied(tuple(events), action))

    def drain(self) -> list[Arrival]:
        out, self._out = self._out, []
        return out

    def opening_events(self) -> list[ev.Event]:
        return list(self.game.opening_events)

    def history(self) -> list[ev.Event]:
        return list(self.game.history())

    def moves(self) -> int:
        return len(self.game.actions)

    def drew_last(self) -> bool:
        """Whether the last move was the player to act's, this turn (a draw from the
        pile: it cannot be taken back)."""
        g = self.game
        s = g.state
        return bool(g.actions) and g.movers[-1] == (s.current, s.turn)

    def can_undo(self, seat: int) -> bool:
        return self.game.can_undo(seat)

    def undo(self, seat: int) -> Action:
        return self.game.undo(seat)

    def say(self, phrase: str) -> None:
        """Nobody to tell at a table on one screen (the table offers no quick messages)."""


class RemoteSource:
    """A game on a host: a move is sent, its events come back with everyone else's."""

    remote = True

    def __init__(self, game: RemoteGame) -> None:
        self.game = game

    def bots(
        self,
        kinds: Sequence[str],
        pause: Callable[[], float],
        choose_bot: Callable[[int], Action] | None,
    ) -> Bots:
        """The host plays the bots; its news wakes the loop, and a look twice a second
        all the same."""
        return HostBots(0.5)

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def seat(self) -> int:
        """This window's seat."""
        return self.game.seat

    def fresh(self) -> bool:
        return bool(self.game.opening_events)  # arrived before the first move

    def waiting(self) -> bool:
        return self.game.waiting

    def submit(self, action: Action) -> None:
        self.game.send(action)

    def drain(self) -> list[Arrival]:
        return [a for kind, what in self.game.arrivals() if (a := arrival(kind, what))]

    def opening_events(self) -> list[ev.Event]:
        return list(self.game.opening_events)

    def history(self) -> list[ev.Event]:
        return []  # the log starts when we sit down

    def moves(self) -> int:
        return len(self.game.actions)

    def drew_last(self) -> bool:
        return False

    def can_undo(self, seat: int) -> bool:
        return False  # a move sent to the host is played for everyone

    def undo(self, seat: int) -> Action:
        raise ValueError("a move sent to the host cannot be taken back")

    def say(self, phrase: str) -> None:
        self.game.say(phrase)


def arrival(kind: str, what: object) -> Arrival | None:
    """A remote game's news (``(kind, value)``, see
    :meth:`split.net.remote.RemoteGame.arrivals`) as a typed arrival; None for news the
    table does not show (the game's end comes with the events)."""
    if kind == "events" and isinstance(what, Sequence):
        return Applied(tuple(what))
    if kind == "resync":
        return Resync(tuple(what) if isinstance(what, Sequence) else ())
    if kind == "refused":
        return Refused(getattr(what, "reason", what))
    if kind == "reconnecting":
        return Reconnecting()
    if kind == "seats":
        return SeatsChanged(
            tuple(getattr(what, "kinds", ())),
            tuple(getattr(what, "names", ())),
            int(getattr(what, "turn_limit", 0)),
        )
    if kind == "gone":
        return Gone(str(getattr(what, "code", "")))
    if kind == "said":
        return Said(int(getattr(what, "seat", 0)), str(getattr(what, "phrase", "")))
    if kind == "late":
        return Late(int(getattr(what, "seat", 0)))
    return None
