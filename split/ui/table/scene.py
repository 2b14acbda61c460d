"""The table scene: the wiring between the game, its layout, words, motion, input,
drawing and bots (each in its own module of this package)."""

from __future__ import annotations

import contextlib
import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from split import i18n
from split.engine import events as ev
from split.engine.actions import Action
from split.engine.cards import DECK_SIZE
from split.engine.game import Game
from split.engine.refusals import Refusal
from split.engine.state import (
    GAME_OVER,
    ROUND_OVER,
    START,
    GameConfig,
    GameState,
    IllegalAction,
)

from ..loop import Scene
from ..model import PictureLost, TableModel
from ..results import FinalScene, RoundSummaryScene
from ..screens import PassScene
from ..typeset import _, is_rtl
from .animator import Animator
from .coach import Coach
from .driver import BotDriver
from .gestures import Gestures, Key, action_keys
from .hand import HandOrder, sort_key
from .layout import TableLayout, lay_out
from .narration import Tone, Undone, describe, event_line, log_line, prompt_line, refusal_text
from .places import Places
from .remote import RemoteGame, take_arrivals
from .render import Hit, Renderer
from .settings import TableSettings, changed, following_speed, speeds_of
from .toasts import Toasts, draw_overlay, victim_of

LOG_ENTRIES = 400  # what the log keeps (its lines are narrated again on a language change)


def _seat_name(seat: Any) -> str:
    return seat.name if hasattr(seat, "name") else seat[0]


def _seat_kind(seat: Any) -> str:
    return seat.kind if hasattr(seat, "kind") else seat[1]


class TableScene(Places, Scene):
    """The game table (see :mod:`split.ui.table` for its API)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Any],
        on_action: Callable[[Action, list], None] | None = None,
        settings: Any = None,
        sound: Any = None,
        on_game_over: Callable[[TableScene], None] | None = None,
        on_exit: Callable[[TableScene], None] | None = None,
        choose_bot: Callable[[int], Action] | None = None,
        on_undo: Callable[[], None] | None = None,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.seat_names = [_seat_name(s) for s in self.seats]  # as the players wrote them
        self.kinds = [_seat_kind(s) for s in self.seats]
        self.on_action = on_action
        self.settings = settings if settings is not None else TableSettings()
        self.sound = sound
        self.on_game_over = on_game_over
        self.on_exit = on_exit
        self.on_undo = on_undo
        self.remote = game if isinstance(game, RemoteGame) else None  # the host decides
        self.gone = False  # a remote game's host is gone
        self.n = game.state.players
        if len(self.seats) != self.n:
            raise ValueError(f"{len(self.seats)} seats for a game of {self.n} players")
        self.humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.viewer = self.humans[0] if self.humans else 0  # the seat at the bottom
        # The log as events (and the table's own records, like an undo), each with the
        # seat it speaks to: narrated when drawn, so a new language rewrites it all.
        self.entries: deque[tuple[object, int | None]] = deque(maxlen=LOG_ENTRIES)
        self._log_lines: tuple[tuple, list[str]] = ((), [])
        self.feedback = Toasts()  # what just happened to you: toasts and seat flashes
        self._overlay_shown: tuple = ((), frozenset())
        self.error: Refusal | str | None = None  # why the last move was refused
        self.note: str | None = None  # a hint or a how-to, until the next move
        self.hint_keys: frozenset = frozenset()
        self.selected: tuple[str, int] | None = None  # ("hand", index) or ("match", m)
        self.show_sheets = False
        self.show_reference = False
        self.scoring = False  # the round's scoring fills the sheets on the table
        self.hand_hidden = False  # hot-seat: the hand is covered until the player is there
        self.hand_covered = False  # hot-seat, bots' turns: the bottom hand shows its backs
        self.summary_shown_for: int | None = None
        self.final_shown = False
        self._entered = False
        self.version = 0  # bumped whenever what the table shows changes (see invalidate)
        self.layout: TableLayout = lay_out((1280, 720), self.n, is_rtl())
        self.hand = HandOrder()
        self.renderer = Renderer()
        self.gestures = Gestures(self)
        self.driver = BotDriver(game, self.kinds, lambda: self.timing()[1], choose_bot)
        self.expert = Coach(self.kinds)  # the expert weighs your moves for the summary
        state = game.state
        fresh = not game.actions and state.round == 1 and state.phase == START
        if self.remote is not None:  # arrived before the first move: the moves since follow
            fresh = bool(game.opening_events)
        if fresh:  # a new game: the table starts empty and animates the first deal's events
            self.model = TableModel.before_deal(state.players, state.dealer, DECK_SIZE)
            self.animator = Animator(self.model, self)
            self.animator.queue(game.opening_events)
        else:
            self.model = TableModel.from_state(state)  # a resumed game: no deal to replay
            self.animator = Animator(self.model, self)
            you = self._you()
            for e in game.history()[-LOG_ENTRIES:]:  # the log as it was, from the record
                self.entries.append((e, you))
        self._sync_hand()
        if len(self.humans) > 1 and state.current in self.humans:
            self.viewer = state.current

    def enter(self) -> None:
        """Hot-seat: a game resumed on a human's turn first hides the hand (pass screen)."""
        s = self.state
        if (
            not self._entered
            and len(self.humans) > 1
            and not self.animator.pending
            and s.current in self.humans
        ):
            self._pass_to(s.current)
        self._entered = True

    def close(self) -> None:
        """The table is gone for good: the expert stops weighing its moves, the bots
        stop thinking."""
        self.expert.close()
        self.driver.close()

    # ================================================================== what is going on

    @property
    def state(self) -> GameState:
        """The game's position now (ahead of the picture while events still play)."""
        return self.game.state

    def timing(self) -> tuple[float, float, float]:
        """(flight, bot pause, deal stagger) seconds at the chosen speed."""
        return speeds_of(self.settings)

    def play_sound(self, name: str) -> None:
        """Play a sound effect, if the table has sound."""
        if self.sound is not None:
            with contextlib.suppress(Exception):  # sound must never stop the game
                self.sound.play(name)

    def human_turn(self) -> bool:
        """Whether the table waits for a human's gesture right now."""
        s = self.state
        return (
            not self.animator.pending
            and not self.animator.flights
            and s.current is not None
            and self.kinds[s.current] == "human"
            and s.current == self.viewer
            and not self.hand_hidden
            and not (self.remote is not None and (self.remote.waiting or self.gone))
        )

    def busy(self) -> bool:
        """Whether events wait, cards fly or a pause runs."""
        return self.animator.busy()

    def legal(self) -> list[Action]:
        """The actions the human at the table may take now (none if it is not their turn)."""
        return self.state.legal_actions() if self.human_turn() else []

    def esc_free(self) -> bool:
        """Whether Esc has nothing of the table's own to close (a selection, a panel, a
        drag), so the app may use it."""
        return (
            self.selected is None
            and not self.show_sheets
            and not self.show_reference
            and self.gestures.press is None
        )

    def esc_for_app(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is an Esc the app should answer (pause, leave): the table
        has nothing of its own to close and is on a window."""
        return (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and self.esc_free()
            and self.app is not None
        )

    # ================================================================== acting

    def try_action(self, action: Action) -> bool:
        """Apply ``action`` through the engine if legal; otherwise say why. True if applied."""
        state = self.state
        self.invalidate()
        if action not in state.legal_actions():
            self.error = state.refusal(action)
            return False
        self.expert.review(self.game, action)
        self.error = None
        self.note = None
        self.hint_keys = frozenset()
        self.selected = None
        if self.remote is not None:
            self.remote.send(action)  # its events come back from the host
            return True
        try:
            events = self.game.apply(action)
        except IllegalAction:  # pragma: no cover - legal_actions said yes
            self.error = state.refusal(action)
            return False
        self.animator.queue(events)
        self.driver.drop()  # a stale choice (the position moved on) is dropped
        if self.on_action is not None:
            self.on_action(action, events)
        return True

    def can_undo(self) -> bool:
        """Whether the human to act may take back a move (their own, this turn, since
        their last draw from the pile: :meth:`Game.undoable`)."""
        s = self.state
        return (
            s.current is not None
            and self.kinds[s.current] == "human"
            and s.current == self.viewer
            and not self.hand_hidden
            and self.game.can_undo(s.current)
        )

    def undo(self) -> bool:
        """Ctrl+Z or the Undo button: take back your last move. The game is rebuilt from
        its actions without it, the table from that state; True if a move was undone."""
        if not self.can_undo():
            if self.human_turn():
                g = self.game
                drew = bool(g.actions) and g.movers[-1] == (self.state.current, self.state.turn)
                self.note = (
                    _("Nothing to undo: a card drawn from the pile cannot be taken back.")
                    if drew
                    else _("Nothing to undo in this turn.")
                )
                self.invalidate()
            return False
        self.finish_animations()
        seat = self.state.current
        action = self.game.undo(seat)
        self.model = TableModel.from_state(self.state)
        self.animator.model = self.model
        self.animator.pending.clear()  # (none unless paused): the new model has them all
        self.entries.append((Undone(seat, action, tuple(self.state.discard)), self._you()))
        self.error = self.note = None
        self.hint_keys = frozenset()
        self.selected = None
        self.driver.drop()
        self._sync_hand()
        self.invalidate()
        self.play_sound("click")
        if self.on_undo is not None:
            self.on_undo()  # the app saves the shorter record
        return True

    def glow_targets(self) -> frozenset[Key]:
        """What glows as a place you can use now (see :meth:`Gestures.glow_targets`)."""
        return self.gestures.glow_targets()

    def hint(self) -> None:
        """H: ask the bots' hint for the human to act and light its targets."""
        if not self.human_turn():
            return
        action, reason = self.expert.hint(self.game, self.names_in_text())
        described = describe(action, self.model.discard, self.names_in_text(), self._you())
        self.note = _("Hint: {action}. {reason}").format(action=described, reason=reason)
        self.hint_keys = frozenset(action_keys(action, self.hand.cards, self.viewer))

    def toggle_sort(self) -> None:
        """S: rank order <-> suit order (and forget any dragged arrangement)."""
        order = "suit" if getattr(self.settings, "sort_order", "rank") == "rank" else "rank"
        self.settings = changed(self.settings, sort_order=order)
        self.hand.resort(self._sort_key())

    def next_speed(self) -> None:
        """The Speed button: normal, fast, instant, and round again."""
        speed = following_speed(self.settings)
        self.settings = changed(self.settings, speed=speed)

    def _sort_key(self) -> Callable[[int], Any]:
        return sort_key(getattr(self.settings, "sort_order", "rank"))

    def _sync_hand(self) -> None:
        """Keep the player's own arrangement of the hand; new cards go to their sorted place."""
        hand = self.model.hands[self.viewer] if self.model.hands else []
        self.hand.sync(hand, self._sort_key())

    # ================================================================== words

    @property
    def names(self) -> list[str]:
        """The players' names as shown (the default "You" in the current language)."""
        return [i18n.display_name(name) for name in self.seat_names]

    def names_in_text(self) -> list[str]:
        """The players' names as words inside a sentence of the current language."""
        return [i18n.embed(name) for name in self.names]

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the one person at the table: the log speaks to them."""
        return seat == self.viewer and len(self.humans) == 1

    def prompt(self) -> tuple[str, Tone]:
        """The prompt line: what you can do now (or why a move was refused), and whose
        turn it is."""
        busy = self.busy()
        shown = self.model.current if busy else None  # the picture lags the state
        return prompt_line(
            self.state,
            self.names_in_text(),
            error=refusal_text(self.error) if self.error is not None else None,
            note=self.note,
            busy=busy,
            your_turn=self.human_turn(),
            current=shown,
            you=self.viewer
            if self.kinds[self.viewer] == "human" and not self.hand_hidden
            else None,
        )

    def _you(self) -> int | None:
        """The seat the log speaks to: the one person at the table, if there is one."""
        return self.viewer if len(self.humans) == 1 else None

    @property
    def log(self) -> list[str]:
        """The log in words, in the current language (narrated again when it changed)."""
        names = self.names_in_text()
        key = (i18n.current_language(), tuple(names), len(self.entries), self._last_entry())
        if self._log_lines[0] != key:
            lines = [log_line(e, names, you) for e, you in self.entries]
            self._log_lines = (key, [line for line in lines if line is not None][-200:])
        return self._log_lines[1]

    def _last_entry(self) -> int:
        return id(self.entries[-1][0]) if self.entries else 0

    # ================================================================== events, as they play

    def viewer_seat(self) -> int:
        """The seat at the bottom of the table."""
        return self.viewer

    def paused(self) -> bool:
        """Events wait while the hand is hidden for the next hot-seat player."""
        return self.hand_hidden

    def react(self, e: ev.Event) -> None:
        """An event has just changed the model: log it and follow it on the table."""
        you = self._you()
        self.entries.append((e, you))
        self._feedback(e)
        if isinstance(e, ev.RoundStarted):
            self.hand.reset(self.model.hands[self.viewer], self._sort_key())
            self.scoring = False
            self.show_sheets = False
        elif isinstance(e, ev.TurnStarted):
            if len(self.humans) > 1:
                if self.kinds[e.seat] != "human":
                    self.hand_covered = True  # hot-seat: nobody sees a hand while bots play
                elif e.seat != self.viewer or self.hand_covered:
                    self._pass_to(e.seat)
        elif isinstance(e, ev.RowFilled) or (
            isinstance(e, ev.NegativeFilled) and e.reason != "perfect"
        ):
            if not self.scoring:  # the scoring fills the sheets in front of everyone
                self.scoring = True
                self.show_sheets = True
                self.show_reference = False
        else:
            self._sync_hand()

    def _feedback(self, e: ev.Event) -> None:
        """What a player did to a human's match or score is shown at their seat: a
        toast names it and the panel flashes (the log is the record)."""
        victim = victim_of(e)
        if victim is None or self.kinds[victim] != "human":
            return
        you = victim if victim == self.viewer else None
        text = event_line(e, self.names_in_text(), you)
        if text is not None:
            self.feedback.add(text, victim)

    def finish_animations(self) -> None:
        """Space / click: land every card now and play the queued events instantly."""
        try:
            self.animator.finish()
        except PictureLost:
            self.rebuild_picture()
        self.invalidate()

    def rebuild_picture(self) -> None:
        """Show the game's position as it is now, from its state: nothing in the air,
        no event waiting (the state has them all). After a reconnection, and should an
        event ever not fit the picture (:class:`PictureLost`): the table never stops
        over its picture, the game's truth is in the engine."""
        self.model = TableModel.from_state(self.state)
        self.animator = Animator(self.model, self)
        self.hand.reset(self.model.hands[self.viewer], self._sort_key())
        self.invalidate()

    # ================================================================== hot-seat and screens

    def _pass_to(self, seat: int) -> None:
        self.hand_hidden = True
        self.selected = None
        if self.app is not None:
            self.app.push(PassScene(self, seat))

    def reveal(self, seat: int) -> None:
        """Called by the pass screen: ``seat`` now sits at the bottom of the table."""
        self.viewer = seat
        self.hand_hidden = False
        self.hand_covered = False
        self.hand.reset(self.model.hands[seat], self._sort_key())
        self.invalidate()

    def _check_screens(self) -> None:
        s = self.state
        if self.busy() or self.app is None or self.app.scene is not self:
            return
        if s.phase in (ROUND_OVER, GAME_OVER) and self.summary_shown_for != s.round:
            self.summary_shown_for = s.round  # every round's summary, the last one too
            self.app.push(RoundSummaryScene(self))
        elif s.phase == GAME_OVER and not self.final_shown:
            self.final_shown = True
            self.show_sheets = self.scoring = False
            if self.on_game_over is not None:
                self.on_game_over(self)
            else:
                self.app.push(FinalScene(self))

    def next_round(self) -> None:
        """From the round summary: deal the next round (at a hosted table, ask for it:
        it comes when every person has asked, or a minute after the host's player did,
        so it may have come already)."""
        self.show_sheets = False
        self.scoring = False
        if self.remote is not None:
            take_arrivals(self, self.remote)
            if self.state.phase != ROUND_OVER:
                return  # the round went on while we read: it is on its way to the table
        self.try_action(Action.next_round())
        if self.remote is not None and self.state.phase == ROUND_OVER:
            self.note = (
                _("Waiting for the others to finish reading the scores (a minute at most)…")
                if self.remote.seat == 0  # the host's own window: it stops waiting
                else _("Waiting for the others to finish reading the scores…")
            )

    def new_game(self, seats: Sequence[Any], dealer: int) -> TableScene:
        """A fresh table for a new game with these seats (the results screen's Play again)."""
        game = Game(GameConfig(len(seats), dealer, random.randrange(2**31)))
        return TableScene(
            game, seats, on_action=self.on_action, settings=self.settings, sound=self.sound
        )

    # ================================================================== the loop

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size (or language direction): a new layout (the log and the
        prompt are narrated in the new language when next drawn)."""
        self.layout = lay_out(size, self.n, is_rtl())
        self.invalidate()

    def invalidate(self) -> None:
        """What the table shows changed: its static layer is drawn again at the next
        frame (and the whole window with it). The one way to mark the picture stale."""
        self.version += 1

    def animating(self) -> bool:
        a = self.animator
        return bool(a.flights or a.pending or a.wait > 0 or self.gestures.press is not None)

    def wake_in(self) -> float | None:
        # A remote game's news wakes the loop (the app posts an event); a look at least
        # twice a second all the same.
        due = self.driver.wake_in() if self.remote is None else 0.5
        change = self.feedback.next_change()  # a toast goes, a flash blinks
        if change is not None:
            due = change if due is None else min(due, change)
        if due is not None:
            return due
        if self.state.phase == ROUND_OVER and not self.humans:
            return 0.5
        return None

    def update(self, dt: float) -> None:
        if self.remote is not None:
            take_arrivals(self, self.remote)
        try:
            if self.animator.step(dt):
                self.invalidate()
        except PictureLost:
            self.rebuild_picture()
        fb = self.feedback
        fb.expire()
        shown = (tuple(fb.toasts), frozenset(s for s in fb.flashes if fb.flashing(s)))
        if shown != self._overlay_shown and self.app is not None:
            self.app.full_redraw = True  # the overlay changed: repaint under it
        self._overlay_shown = shown
        if self.busy() or self.hand_hidden:
            return
        self._check_screens()
        if self.remote is None and self.driver.bots_turn():
            action = self.driver.poll()
            if action is not None:
                self.try_action(action)
        elif self.state.phase == ROUND_OVER and not self.humans and self.app is None:
            self.try_action(Action.next_round())

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.gestures.handle(event):
            self.invalidate()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        full = self.app is not None and self.app.full_redraw
        rects = self.renderer.draw(self, surface, full)
        over = draw_overlay(self, surface)
        if rects is not None:
            rects.extend(over)
        return rects

    def hits(self) -> list[Hit]:
        """Everything the pointer can touch, as drawn now."""
        self.renderer.ensure(self)
        return self.renderer.hits

    def find_hit(self, kind: str, a: int = -1, b: int = -1) -> Hit | None:
        """The hit region of a thing (tests drive the mouse with it)."""
        for h in self.hits():
            if h.kind == kind and (a == -1 or h.a == a) and (b == -1 or h.b == b):
                return h
        return None
