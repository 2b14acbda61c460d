"""A table whose game is on a host (network play, issue 15): what the table needs of
such a game, and how it takes in what the host sends.

The table plays a remote game as it plays its own, with two differences: a move is
*sent* (the host's game is the only truth) and the table waits for it to come back
with its events, and every other seat's moves arrive the same way, to be animated
like a bot's. The game object itself lives in the network layer (the app hands it
over); the table knows it only by this Protocol.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from split.engine import events as ev
from split.engine.actions import Action
from split.engine.state import GAME_OVER, ROUND_OVER, GameState
from split.i18n import N_
from split.i18n.words import Words, message

PERSON_KINDS = frozenset({"human", "away", "open"})
"""A remote seat's kinds that belong to a person (the others are bots)."""


@runtime_checkable
class RemoteGame(Protocol):
    """A game whose truth is elsewhere (:class:`split.net.remote.RemoteGame`)."""

    state: GameState
    waiting: bool
    seat: int
    actions: list[Action]

    @property
    def opening_events(self) -> list[ev.Event]: ...

    def send(self, action: Action) -> None: ...

    def say(self, phrase: str) -> None: ...

    def arrivals(self) -> Sequence[tuple[str, object]]: ...

    def leave(self) -> None: ...


def seat_kinds(me: int, kinds: Sequence[str]) -> list[str]:
    """The table's kinds for a remote game's seats: you are the one human at this
    window; other people are "remote" (their turns come over the network), or "away"
    while the host's bot plays for them; bots are named as such."""
    return [
        "human"
        if s == me
        else ("away" if k == "away" else "remote" if k in PERSON_KINDS else "bot")
        for s, k in enumerate(kinds)
    ]


def clock_shown(
    limit: int, since: tuple[int, float] | None, state: GameState, kinds: Sequence[str]
) -> tuple[int, int] | None:
    """The host's turn timer as a table shows it: (the seat whose turn it is, whole
    seconds left) while a person plays their own turn, counted from ``since`` (the seat
    and the moment its turn arrived); None without a timer (``limit`` 0)."""
    if not limit or since is None or state.current != since[0]:
        return None
    if state.phase in (ROUND_OVER, GAME_OVER) or kinds[since[0]] not in ("human", "remote"):
        return None  # between rounds; a bot's turn, or a person's played by a bot
    left = limit - (time.monotonic() - since[1])
    return (since[0], max(0, math.ceil(left)))


def gone_text(code: str) -> Words:
    """Why the game ended for this window, to be worded when drawn."""
    if code == "host-left":
        return message(
            N_(
                "The host has left. The game is kept on their computer: when they choose "
                "Continue, join again with the code they read you and your seat is yours."
            )
        )
    if code == "replaced":
        return message(N_("Your seat was taken up in another window."))
    return message(N_("The connection to the host was lost."))
