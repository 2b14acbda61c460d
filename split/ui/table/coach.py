"""The expert at the human's side (issue 17): after each of their moves that had a
choice, it weighs on a worker thread what it would have played (from the view the
player had, R10), and the round summary names the costly moves with the sheet points
at stake.

A review is :meth:`split.bots.expert.ExpertBot.judge`: the expert's choice and the
player's move played on in the same sampled deals; the difference of their mean
values is what the move cost in sheet points by the expert's search. Below
``COSTLY`` points a different choice is taste, not a mistake. A hint (:meth:`Coach.hint`)
is the same judge with the same seed and budget, so a hint never contradicts the
summary's review of the same move (issue 24).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from split.bots import decision_seed
from split.bots.expert import JUDGE_WORLDS, Assessment, ExpertBot
from split.bots.hints import hint
from split.engine.actions import NEXT_ROUND, Action
from split.engine.game import Game
from split.engine.view import PlayerView

from ..typeset import _
from .narration import describe
from .remote import RemoteGame

COSTLY = 3.0  # sheet points a move must lose to be named (a negative box and a half)
SHOWN = 3  # at most this many lines in a round's summary


@dataclass
class Review:
    """One move of the human's, being weighed (``result`` None until done)."""

    round: int
    move: int
    discard: tuple[int, ...]  # the row as the player saw it, for the words of a take
    matches: tuple[tuple[tuple[int, int], ...], ...]  # and the matches, for a trade's
    job: Callable[[], Assessment]
    result: Assessment | None = None
    done: threading.Event = field(default_factory=threading.Event)

    def weigh(self) -> None:
        """Work the assessment out (None if that failed: a review never stops the game)."""
        try:
            self.result = self.job()
        except Exception:  # pragma: no cover - a review must never stop the game
            self.result = None


def judge_seed(game: Game | RemoteGame) -> int:
    """The seed of the judge of the game's next move: the decision's seed (a network
    table's game has no secret: its host keeps the record)."""
    state = game.state
    secret = game.secret if isinstance(game, Game) else None
    return decision_seed(state.config.seed, state.current or 0, len(game.actions), secret)


class Coach:
    """Reviews of one human's moves (a single human at the table: the summary speaks
    to them), worked out one at a time on a worker thread that lives only while
    there is something to weigh; :meth:`close` drops what is left."""

    def __init__(self, kinds: Sequence[str]) -> None:
        humans = [s for s, k in enumerate(kinds) if k == "human"]
        self.seat = humans[0] if len(humans) == 1 else None
        self.reviews: list[Review] = []
        self._queue: queue.SimpleQueue[Review] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        # the last hint asked: its position (seed, moves) and the expert's move there
        # (None while it is being searched)
        self._hint: tuple[tuple[int, tuple[Action, ...]], Action | None] | None = None
        self._hinting: threading.Thread | None = None

    def review(self, game: Game | RemoteGame, action: Action) -> None:
        """Weigh ``action``, about to be played in ``game``, if it is the human's and
        there was a choice."""
        state, move = game.state, len(game.actions)
        seat = state.current
        if self._closed or seat is None or seat != self.seat or action.kind == NEXT_ROUND:
            return
        legal = list(state.legal_actions())
        if len(legal) < 2:
            return
        view = PlayerView.of(state, seat)
        bot = ExpertBot(judge_seed(game), worlds=JUDGE_WORLDS)
        item = Review(
            state.round, move, view.discard, view.matches, lambda: bot.judge(view, legal, action)
        )
        self.reviews.append(item)
        self._queue.put(item)
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="split-coach", daemon=True)
                self._thread.start()

    def hint(self, game: Game | RemoteGame) -> Action | None:
        """The expert's move for the player to act: the judge of its reviews, with the
        seed and budget the review of this move will have. It is searched on a thread
        of its own (up to half a second at six seats: the window would stand still):
        None until it is found, and asking again meanwhile starts nothing new. The
        search is kept for its position (the game's moves so far), so asking again
        there is instant; the table words the move when it draws it."""
        key = (judge_seed(game), tuple(game.actions))
        with self._lock:
            if self._hint is not None and self._hint[0] == key:
                return self._hint[1]
            self._hint = (key, None)
        state = game.state
        seat = state.current if state.current is not None else 0
        view, legal = PlayerView.of(state, seat), list(state.legal_actions())

        def search() -> None:
            try:
                found = hint(view, legal, "expert", None, key[0]).action
            except Exception:  # pragma: no cover - a hint must never stop the game
                found = hint(view, legal, "normal", None, key[0]).action
            with self._lock:
                if self._hint is not None and self._hint[0] == key:
                    self._hint = (key, found)

        self._hinting = threading.Thread(target=search, name="split-hint", daemon=True)
        self._hinting.start()
        return None

    def _work(self) -> None:
        while True:
            with self._lock:  # the thread ends with the queue, under the lock review() takes
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    self._thread = None
                    return
            if not self._closed:
                item.weigh()
            item.done.set()

    def close(self) -> None:
        """The table is gone: no new reviews, the waiting ones are dropped (the one
        being weighed ends within its time cap)."""
        self._closed = True

    @property
    def working(self) -> bool:
        """Whether a worker thread is alive (it ends when nothing is left to weigh)."""
        with self._lock:
            return self._thread is not None

    def pending(self, round_no: int) -> bool:
        """Whether some move of that round is still being weighed."""
        return any(not r.done.is_set() for r in self.reviews if r.round == round_no)

    def wait(self, timeout: float = 30.0) -> None:
        """Block until every review and the hint asked are done (tests, and nothing
        else)."""
        for r in list(self.reviews):
            r.done.wait(timeout)
        if self._hinting is not None:
            self._hinting.join(timeout)

    def costly(self, round_no: int) -> list[Review]:
        """The round's costliest moves (at least ``COSTLY`` points), at most ``SHOWN``,
        in the order they were played."""
        done = [
            r
            for r in self.reviews
            if r.round == round_no and r.result is not None and r.result.loss >= COSTLY
        ]
        worst = sorted(done, key=lambda r: -r.result.loss)[:SHOWN]  # type: ignore[union-attr]
        return sorted(worst, key=lambda r: r.move)

    def lines(self, round_no: int, names: Sequence[str]) -> list[str]:
        """ "The expert would have…" lines for the round summary, in words."""
        out = []
        for r in self.costly(round_no):
            a = r.result
            assert a is not None
            better = describe(a.best, r.discard, names, self.seat, r.matches)
            played = describe(a.played, r.discard, names, self.seat, r.matches)
            out.append(
                _(
                    "The expert would have chosen to {better} rather than {played}: "
                    "about {points} points at stake."
                ).format(better=better, played=played, points=round(a.loss))
            )
        return out
