"""How a kind of table differs from a plain game, handed to the table as values: the
tutorial (a :class:`Policy`, generic in the table it reads) refuses moves that are not
the lesson's, lights the step's targets, draws its coach and ends its round on the
score sheets; hot-seat (:class:`Seating`) covers the hand while bots play and passes
the screen between people. The app's kept game (:class:`split.ui.menu.game.Kept`) saves
every move and pauses on Esc, a network game (:class:`split.ui.menu.lobby.NetGame`) asks
before leaving and leaves its connection with the table; both end on their own results.
The table asks at those few points and applies what it is answered; a plain game
(:class:`Plain`, which the others extend) answers "as usual". (Where the game is played,
here or on a host, is its :class:`~.source.Source`.)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

import pygame

from split.engine.actions import Action

from .intents import Key

T_contra = TypeVar("T_contra", contravariant=True)
T = TypeVar("T")
Ending = Literal["usual", "sheets", "wait"]


class Policy(Protocol[T_contra]):
    """The points where a table may differ from a plain game."""

    def vet(self, table: T_contra, action: Action) -> bool:
        """Whether ``action`` (legal) may be played now; if not, the policy says why."""
        ...

    def may_undo(self, table: T_contra) -> bool:
        """Whether moves may be taken back now."""
        ...

    def hint_asked(self, table: T_contra) -> Action | None:
        """The player asked for a hint: the move to show (None: the expert's)."""
        ...

    def lit(self, table: T_contra) -> frozenset[Key] | None:
        """What the table lights as the move to make now (None: as usual)."""
        ...

    def end_screens(self, table: T_contra) -> Ending:
        """At a round's end: the usual summary screens, or the score sheets on the
        table now ("sheets"), or nothing yet ("wait")."""
        ...

    def draw(self, table: T_contra, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw over the table (under the cards in the air); the rectangles drawn."""
        ...

    def handle(self, table: T_contra, event: pygame.event.Event) -> bool:
        """Whether ``event`` was the policy's own (then the table does not see it)."""
        ...

    def log_foot(self, table: T_contra) -> int:
        """How many pixels at the foot of the side panel the policy draws over: the
        log keeps its newest lines above them."""
        ...

    def wake_in(self, table: T_contra) -> float | None:
        """Seconds until the policy's drawing changes by itself, or None."""
        ...

    def recorded(self, table: T_contra, action: Action | None) -> None:
        """The game's record changed here: ``action`` was played, or (None) a move was
        taken back."""
        ...

    def game_over(self, table: T_contra) -> bool:
        """After the last round's summary: whether the policy showed the game's end
        itself (else the table shows the usual final results)."""
        ...

    def close(self, table: T_contra) -> None:
        """The table is gone for good."""
        ...


class Plain(Generic[T]):
    """A plain game: nothing differs. A policy that differs at a few points extends it
    (``Plain[TheTable]``) and answers those."""

    def vet(self, table: T, action: Action) -> bool:
        return True

    def may_undo(self, table: T) -> bool:
        return True

    def hint_asked(self, table: T) -> Action | None:
        return None

    def lit(self, table: T) -> frozenset[Key] | None:
        return None

    def end_screens(self, table: T) -> Ending:
        return "usual"

    def draw(self, table: T, surface: pygame.Surface) -> list[pygame.Rect]:
        return []

    def handle(self, table: T, event: pygame.event.Event) -> bool:
        return False

    def log_foot(self, table: T) -> int:
        return 0

    def wake_in(self, table: T) -> float | None:
        return None

    def recorded(self, table: T, action: Action | None) -> None:
        return None

    def game_over(self, table: T) -> bool:
        return False

    def close(self, table: T) -> None:
        return None


@dataclass(frozen=True)
class Seating:
    """Who looks at this screen: one person (the other seats are bots, or people at
    other windows), or several people taking turns at it (hot-seat, ``humans``)."""

    humans: tuple[int, ...]

    @property
    def hot_seat(self) -> bool:
        """Whether several people share the screen."""
        return len(self.humans) > 1

    def turn(
        self, seat: int, kinds: Sequence[str], viewer: int, covered: bool
    ) -> Literal["cover", "pass"] | None:
        """At ``seat``'s turn: the bottom hand shows its backs ("cover": a bot plays,
        nobody may look), the screen goes to the next person ("pass"), or nothing."""
        if not self.hot_seat:
            return None
        if kinds[seat] != "human":
            return "cover"
        if seat != viewer or covered:
            return "pass"
        return None
