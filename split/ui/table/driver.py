"""The bots at the table: each thinks on a worker thread from a frozen view of its seat
(R10) while the table waits a moment, so the drawing never stalls and a person can
follow the play (:class:`BotDriver`). At a game on a host its bots play there; the
table only looks for the host's news (:class:`HostBots`). The table's source says which
(:meth:`.source.Source.bots`): one decision, made when the table is built."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol

from split.bots import SEARCHING_BOTS, SeatedBots
from split.engine.actions import Action
from split.engine.game import Game
from split.engine.state import START
from split.engine.view import PlayerView


class _Done:
    """A finished 'future' for a bot that chose at once (speed instant, a bot that
    does not search)."""

    def __init__(self, value: Action) -> None:
        self.value = value

    def done(self) -> bool:
        return True

    def result(self) -> Action:
        return self.value


class Bots(Protocol):
    """Who moves the bots' seats, as the table asks it."""

    def bots_turn(self) -> bool:
        """Whether a bot is to act here (the table then polls for its move)."""
        ...

    def poll(self) -> Action | None:
        """The bot's move once it is due, else None."""
        ...

    def wake_in(self) -> float | None:
        """Seconds until the table should look again (a bot's move is due, or news may
        have come), or None."""
        ...

    def drop(self) -> None:
        """The position moved on: a choice being made is stale."""
        ...

    def close(self) -> None:
        """The table is gone."""
        ...


class HostBots:
    """A game on a host: its bots play there, and their moves come with the host's
    news, which wakes the loop; the table looks every ``look_every`` seconds all the
    same."""

    def __init__(self, look_every: float) -> None:
        self.look_every = look_every

    def bots_turn(self) -> bool:
        return False

    def poll(self) -> Action | None:
        return None

    def wake_in(self) -> float | None:
        return self.look_every

    def drop(self) -> None:
        return None

    def close(self) -> None:
        return None


class BotDriver:
    """When the player to act is a bot: its pause, its choice, and handing it over.

    ``pause()`` is the bot's thinking time in seconds (the speed setting);
    ``choose_bot(seat)``, if given, replaces the built-in bots (it runs on the
    drawing thread).
    """

    def __init__(
        self,
        game: Game,
        kinds: Sequence[str],
        pause: Callable[[], float],
        choose_bot: Callable[[int], Action] | None = None,
    ) -> None:
        self.game = game
        self.kinds = list(kinds)
        self.pause = pause
        self.choose_bot = choose_bot
        self._due: float | None = None
        self._future: Future[Action] | _Done | None = None
        self._executor: ThreadPoolExecutor | None = None
        self.bots = SeatedBots()  # what each bot seat has read of the other hands
        self.now: Callable[[], float] = time.perf_counter  # the pauses' clock (tests step it)

    def bots_turn(self) -> bool:
        """Whether a bot is to act."""
        s = self.game.state
        return s.current is not None and self.kinds[s.current] != "human"

    def drop(self) -> None:
        """The position moved on: a choice being made is stale."""
        self._due = None
        self._future = None

    def close(self) -> None:
        """The table is gone: no bot thinks for it any more."""
        self.drop()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def job(self) -> Callable[[], Action]:
        """What the bot to act will compute: a function of a frozen view only (R10), so
        it can run on a worker thread while the table waits its pause."""
        s = self.game.state
        legal = list(s.legal_actions())
        if len(legal) == 1 or s.current is None:
            return lambda: legal[0]
        if self.choose_bot is not None:
            action = self.choose_bot(s.current)  # the app's own chooser: on this thread
            return lambda: action
        # made here, on the drawing thread: its reading follows the record, forced moves too
        bot = self.bots.bot(self.game, self.kinds[s.current])
        view = PlayerView.of(s, s.current)

        def choose() -> Action:
            action = bot.choose(view, legal)
            return action if action in legal else legal[0]

        return choose

    def _start(self) -> None:
        job = self.job()
        seat = self.game.state.current
        if self.pause() <= 0 and seat is not None and self.kinds[seat] not in SEARCHING_BOTS:
            self._future = _Done(job())  # instant speed, a bot that answers at once
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="split-bot")
        self._future = self._executor.submit(job)

    @property
    def thinking(self) -> bool:
        """Whether a bot's choice is being worked out on the worker thread."""
        future = self._future
        return future is not None and not future.done()

    def thinking_time(self) -> float:
        """A bot thinks a moment before its turn's first move, and half as long after."""
        pause = self.pause()
        return pause if self.game.state.phase == START else pause * 0.5

    def poll(self) -> Action | None:
        """Call while a bot is to act: starts it thinking, and returns its action once
        both its pause is over and its choice is made."""
        now = self.now()
        if self._due is None:
            self._due = now + self.thinking_time()
            self._start()  # thinks during the pause, off the drawing thread
        future = self._future
        if now >= self._due and future is not None and future.done():
            self.drop()
            return future.result()
        return None

    def wake_in(self) -> float | None:
        """Seconds until a bot's move is due (None when no bot is to act)."""
        if not self.bots_turn():
            return None
        if self._due is None:
            return self.thinking_time()
        left = self._due - self.now()
        if left <= 0 and self.thinking:
            return 0.01  # still thinking
        return max(0.0, left)
