"""What the others did since your last turn: kept to be shown again (issue 28).

From the moment your turn ends until your next one starts, :class:`Recorder` keeps
the picture as your turn left it and every event played after it. When your turn
comes, that is a :class:`Recap` until your first move: the log shows only it ("Since
your last turn"), and Replay (Y) plays it again on the table at reading speed, from
that picture to the one you are looking at. A new round starts afresh (a round's end
is told by its scoring). Only a table with one person keeps recaps (at a hot-seat
table each player has their own "last turn").
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from split.engine import events as ev
from split.i18n.words import Words

from ..model import TableModel


@dataclass(frozen=True)
class Recap:
    """The picture when your last turn ended, the events since, and the log entry of
    the first of them (None when there were none)."""

    model: TableModel
    events: tuple[ev.Event, ...]
    mark: Words | None

    def count(self, entries: list[Words]) -> int:
        """How many of ``entries`` (the log, oldest first) are the recap's."""
        if self.mark is None:
            return 0
        for i in range(len(entries) - 1, -1, -1):
            if entries[i] is self.mark:
                return len(entries) - i
        return len(entries)  # the start of it has left the log

    def lines(self, entries: list[Words], told: Callable[[Words], str]) -> int:
        """How many lines the recap's entries make in the log (some events make none),
        ``told`` giving an entry's words."""
        since = entries[len(entries) - self.count(entries) :]
        return sum(1 for w in since if told(w))


@dataclass
class Recorder:
    """Follows the events as the table plays them (see the module's text)."""

    viewer: int
    recap: Recap | None = None  # ready: your turn has come since it was recorded
    _model: TableModel | None = None
    _events: list[ev.Event] = field(default_factory=list)
    _mark: Words | None = None
    _last_turn: int | None = None

    def follow(self, e: ev.Event, model: TableModel, entry: Words) -> None:
        """``e`` has just changed ``model`` and made the log's ``entry``."""
        if isinstance(e, ev.RoundStarted):
            self.recap, self._model = None, None
        elif isinstance(e, ev.TurnStarted):
            if e.seat == self.viewer:
                if self._model is not None:
                    self.recap = Recap(self._model, tuple(self._events), self._mark)
                self._model = None
            elif self._last_turn == self.viewer:  # your turn is over: from here on
                self.recap = None
                self._model, self._events, self._mark = copy.deepcopy(model), [], None
            elif self._model is not None:
                self._keep(e, entry)
            self._last_turn = e.seat
        elif self._model is not None:
            self._keep(e, entry)
        elif self._last_turn == self.viewer:  # your first move: the recap has been seen
            self.recap = None

    def _keep(self, e: ev.Event, entry: Words) -> None:
        self._events.append(e)
        if self._mark is None:
            self._mark = entry
