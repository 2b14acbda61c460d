"""The table scene: the table's core (:mod:`.core`) with its input and drawing, its
screens and the loop's hooks (the parts each in their own module of this package)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, assert_never

import pygame

from split.engine import Game, GameConfig
from split.engine.actions import Action
from split.engine.state import GAME_OVER, ROUND_OVER
from split.engine.view import PlayerView
from split.i18n import N_
from split.i18n.words import message

from ..model import PictureLost
from ..results import FinalScene, RoundSummaryScene
from ..screens import PassScene
from ..typeset import is_rtl
from . import intents as it
from .animator import Animator
from .core import TableCore
from .frame import Frame, Hidden
from .gestures import action_keys
from .hits import Hit
from .layout import lay_out
from .narration import hint_words, refused
from .remote import clock_shown
from .toasts import draw_overlay, notice_at


class TableScene(TableCore):
    """The game table (see :mod:`split.ui.table` for its API)."""

    # H was pressed at this position (moves made, the last one): the expert searches it
    hint_at: tuple[int, Action | None] | None = None

    # ================================================================== screens

    def reveal(self, seat: int) -> None:
        """Called by the pass screen: ``seat`` now sits at the bottom of the table."""
        self.viewer = seat
        self.show(it.Revealed())
        self.hand.reset(self.model.hands[seat], self._sort_key())
        self.invalidate()

    def hint(self) -> None:
        """H: the expert's move for the human to act, in words, its targets lit; while
        the expert searches it (on its own thread) the prompt says so."""
        self.hint_at = None
        if not self.human_turn():
            return
        action = self.policy.hint_asked(self)  # a lesson shows its own step
        if action is None:
            action = self.expert.hint(self.game)  # the judge of the round's review
        if action is None:
            self.hint_at = self._position()
            self.show(
                it.Explain(error=None, note=message(N_("Hint: the expert is thinking\u2026")))
            )
            return
        view = PlayerView.of(self.state, self.viewer)
        # the hint is what the prompt says now, not an older refusal
        said = hint_words(action, view, tuple(self.model.discard), self._you())
        self.show(it.Explain(error=None, note=said))
        self.show(it.Lit(frozenset(action_keys(action, self.hand.cards, self.viewer))))

    def _position(self) -> tuple[int, Action | None]:
        """The game's position, as told apart by a hint asked there (a move taken back
        and another made is another position)."""
        actions = self.game.actions
        return len(actions), actions[-1] if actions else None

    def _check_screens(self) -> None:
        s = self.state
        ending = self.policy.end_screens(self)
        if ending != "usual":
            if ending == "sheets" and not self.busy() and not self.ui.show_sheets:
                self.show(it.Scoring(True))  # the round's boxes lit on the table
                self.invalidate()
            return
        if self.busy() or self.app is None or self.app.scene is not self:
            return
        if s.phase in (ROUND_OVER, GAME_OVER) and self.summary_shown_for != s.round:
            self.summary_shown_for = s.round  # every round's summary, the last one too
            self.app.push(RoundSummaryScene(self))
        elif s.phase == GAME_OVER and not self.final_shown:
            self.final_shown = True
            self.show(it.Scoring(False))
            if not self.policy.game_over(self):
                self.app.push(FinalScene(self))

    def next_round(self) -> None:
        """From the round summary: deal the next round (at a hosted table, ask for it:
        it comes when every person has asked, or a minute after the host's player did,
        so it may have come already)."""
        self.show(it.Scoring(False))
        self.take_arrivals()
        if self.state.phase != ROUND_OVER:
            return  # the round went on while we read: it is on its way to the table
        self.try_action(Action.next_round())
        if self.state.phase == ROUND_OVER:  # (a hosted game) the others still read
            waiting = message(
                N_("Waiting for the others to finish reading the scores (a minute at most)…")
                if self.viewer == 0  # the host's own window: it stops waiting
                else N_("Waiting for the others to finish reading the scores…")
            )
            self.show(it.Explain(note=waiting))

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
        self.layout = lay_out(size, self.n, is_rtl(), self.settings.ui_scale)
        self.invalidate()

    def invalidate(self) -> None:
        """What the table shows changed: its static layer is drawn again at the next
        frame (and the whole window with it). The one way to mark the picture stale."""
        self.version += 1

    def wake_in(self) -> float | None:
        if self.hint_at is not None:
            return 0.05  # a look for the hint being searched
        # a bot's move due here, or a look for the host's news (see .driver.HostBots)
        due = self.driver.wake_in()
        for change in (self.feedback.next_change(), self.policy.wake_in(self)):
            if change is not None:  # a path goes, a flash blinks, the tutorial's ring
                due = change if due is None else min(due, change)
        if due is not None:
            return due
        if self.state.phase == ROUND_OVER and not self.humans:
            return 0.5
        return None

    def update(self, dt: float) -> None:
        seat = self.ui.passing
        if seat is not None and self.app is not None:  # hot-seat: over to them
            self.show(it.Passed())
            self.app.push(PassScene(self, seat))
            return
        self.take_arrivals()
        if self.hint_at is not None:
            if not self.human_turn() or self.hint_at != self._position():
                self.hint_at = None  # the game moved on: that hint is of no use now
            elif self.expert.hint(self.game) is not None:
                self.hint()  # found: shown as if asked just now
                self.invalidate()
        try:
            if self.animator.step(dt):
                self.invalidate()
        except PictureLost:
            self.rebuild_picture()
        if self.replaying is not None and not self.animator.busy():
            self.end_replay()  # the replay has reached the table as it is
        fb = self.feedback
        fb.expire()
        if self._frame is not None and self._frame.clock != self.clock():
            self.invalidate()  # the turn timer's seconds
        flashing = frozenset(s for s in fb.flashes if fb.flashing(s))
        shown = (tuple(fb.toasts), flashing, tuple(fb.bubbles.values()), tuple(fb.paths))
        if shown != self._overlay_shown and self.app is not None:
            self.app.repaint()  # the overlay changed: repaint under it
        self._overlay_shown = shown
        lit = self.policy.lit(self) if self.human_turn() else None
        if lit is not None and lit != self.ui.hint_keys:
            self.show(it.Lit(lit))
            self.invalidate()
        if self.busy() or self.ui.hand_hidden:
            return
        self._check_screens()
        if self.driver.bots_turn():
            action = self.driver.poll()
            if action is not None:
                self.try_action(action)
        elif self.state.phase == ROUND_OVER and not self.humans and self.app is None:
            self.try_action(Action.next_round())

    # ================================================================== input

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.policy.handle(self, event):
            return
        frame = self.frame()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and frame.panel is None:
            notice = notice_at(self.feedback, frame, event.pos)
            if notice is not None:  # a click on a notice: it has been read
                self.feedback.dismiss(notice)
                return
        before = self.gestures.pointer()
        intents = self.gestures.handle(event, frame, self.renderer.ensure(frame))
        for intent in intents:
            self.apply_intent(intent)
        if intents or self.gestures.pointer() != before:
            self.invalidate()

    def clock(self) -> tuple[int, int] | None:
        """The host's turn timer as the table shows it (:func:`~.remote.clock_shown`)."""
        return clock_shown(self.turn_limit, self.turn_clock, self.state, self.kinds)

    def recap_lines(self) -> int:
        """How many of the log's last lines tell what happened since your last turn
        (none when there is nothing to replay, or while it plays)."""
        recap = self.recorder.recap if self.recorder is not None else None
        if recap is None or self.replaying is not None:
            return 0
        return recap.lines(list(self.entries), self.told)

    def replay(self) -> bool:
        """Y or Replay, on your turn: play again on the table what the others did since
        your last turn, at reading speed, from the picture your turn left; then the
        table is as it was. True if it started."""
        recap = self.recorder.recap if self.recorder is not None else None
        if recap is None or not self.human_turn() or self.replaying is not None:
            return False
        self.replaying = self.model
        self.model = recap.model.copy()
        self.animator = Animator(self.model, self)
        self.animator.queue(recap.events)
        self.show(it.Select(None))
        self.invalidate()
        return True

    def apply_intent(self, intent: it.Intent) -> None:
        """Do what a gesture asked: the one place input changes the table."""
        match intent:
            case it.Play(action=action, home=home):
                if not self.try_action(action) and home is not None:
                    self.apply_intent(home)
            case it.Undo():
                self.undo()
            case it.Hint():
                self.hint()
            case it.Sort():
                self.toggle_sort()
            case it.Speed():
                self.next_speed()
            case it.Hurry():
                self.finish_animations()
            case it.ReorderHand(index=index, to=to):
                self.hand.move(index, to)
            case it.Refuse(action=action, home=home):
                self.show(it.Explain(error=refused(self.state.refusal(action))))
                if home is not None:
                    self.apply_intent(home)
            case it.SendBack(image=image, src=start, dst=dst, keys=keys):
                self.animator.fly_back(image, start, dst, keys)
            case it.Sound(name=name):
                self.play_sound(name)
            case it.Replay():
                self.replay()
            case it.Say(phrase=phrase):
                self.source.say(phrase)
                self.show(it.ClosePanels())  # the quick messages' panel closes
            case it.TogglePanel(panel="say") if not self.source.remote:
                pass  # nobody to tell at a table on one screen
            case it.ScrollLog(by=by):  # no further back than the log's first entry
                back = self.ui.log_back
                self.show(it.ScrollLog(max(-back, min(by, len(self.log) - 1 - back))))
            case (
                it.Select()
                | it.TogglePanel()
                | it.ClosePanels()
                | it.Explain()
                | it.Lifted()
                | it.Moved()
                | it.Lit()
                | it.Scoring()
                | it.Cover()
                | it.PassTo()
                | it.Passed()
                | it.Revealed()
            ):
                self.show(intent)  # what the table shows beside the game
            case _:
                assert_never(intent)

    # ================================================================== drawing

    def frame(self) -> Frame:
        """The table as it is, frozen, for drawing and for reading input against (made
        again when the version or the layout moved)."""
        f = self._frame
        if (
            f is None
            or f.version != self.version
            or f.layout is not self.layout
            or f.notices != tuple(self.feedback.toasts)  # a notice came or was read
        ):
            f = self._frame = self._make_frame()
        return f

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        full = self.app is not None and self.app.full_redraw
        sprites = [f.sprite for f in self.animator.flights if f.t >= 0]
        dragged = self.gestures.dragged()
        if dragged is not None:
            sprites.append(dragged)  # what you drag is on top of everything

        frame = self.frame()

        def under(surface: pygame.Surface) -> list[pygame.Rect]:
            lit = draw_overlay(self.feedback, frame, surface) if frame.panel is None else []
            return [*lit, *self.policy.draw(self, surface)]  # (an open panel covers the lights)

        return self.renderer.draw(frame, surface, full, under, sprites)

    def hits(self) -> list[Hit]:
        """Everything the pointer can touch, as drawn now."""
        return self.renderer.ensure(self.frame())

    def find_hit(self, kind: str, a: int = -1, b: int = -1) -> Hit | None:
        """The hit region of a thing (tests drive the mouse with it)."""
        for h in self.hits():
            if h.kind == kind and (a == -1 or h.a == a) and (b == -1 or h.b == b):
                return h
        return None

    def _make_frame(self) -> Frame:
        """The table ``t`` as it is now, frozen."""
        turn = self.human_turn()
        busy = self.busy()
        a = self.animator
        s = self.state
        ui = self.ui
        return Frame(
            version=self.version,
            geometry=self.geometry(),
            model=self.model.copy(),
            names=tuple(self.names),
            seat_names=tuple(self.seat_names),
            kinds=tuple(self.kinds),
            log=tuple(self.log),
            notices=tuple(self.feedback.toasts),
            log_recent=self.recap_lines(),
            log_foot=self.policy.log_foot(self),
            replaying=self.replaying is not None,
            prompt=self.prompt(),
            pointer=self.gestures.pointer(),
            hidden=Hidden(
                hands=tuple(c.copy() for c in a.hidden),
                matches=a.hidden_matches.copy(),
                discard=a.hidden_discard.copy(),
                returning=frozenset(k for k, v in a.returning.items() if v > 0),
            ),
            pile_count=a.pile_count(),
            phase=s.phase,
            current=self.model.current if busy else s.current,
            must_use=s.must_use,
            human_turn=turn,
            legal=tuple(self.legal()),
            can_undo=self.can_undo(),
            animating=bool(a.flights or a.pending),
            glow=self.glow_targets(),
            hint_keys=ui.hint_keys,
            selected=ui.selected,
            panel=ui.panel,
            log_back=ui.log_back,
            remote=self.source.remote,
            clock=self.clock(),
            scoring=ui.scoring,
            hand_hidden=ui.hand_hidden,
            hand_covered=ui.hand_covered,
            speed=self.settings.speed,
            sort_order=self.settings.sort_order,
        )
