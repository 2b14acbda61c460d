"""The table's core: its game (through a source), its picture and the events that
play into it, the player's moves and the words of the table. :class:`TableCore` is
the part of :class:`~.scene.TableScene` that does not read input or draw."""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, assert_never

import pygame

from split import i18n
from split.engine import events as ev
from split.engine.actions import Action
from split.engine.cards import DECK_SIZE
from split.engine.game import Game
from split.engine.refusals import Refusal
from split.engine.state import GameState, IllegalAction
from split.i18n import N_
from split.i18n.words import Words, message, verbatim

from .. import cards as cardart
from ..loop import Scene
from ..model import PictureLost, TableModel
from ..typeset import is_rtl
from . import intents as it
from . import source as src
from .animator import Animator
from .coach import Coach
from .frame import Frame
from .geometry import Geometry
from .gestures import Gestures, glow_targets
from .hand import HandOrder, SortKey, sort_key
from .intents import Key
from .layout import TableLayout, lay_out
from .narration import (
    Teller,
    Tone,
    Undone,
    late,
    logged,
    phrase,
    prompt_line,
    refused,
    said,
)
from .policy import Plain, Policy, Seating
from .recap import Recorder
from .remote import RemoteGame, gone_text, seat_kinds
from .render import Renderer
from .settings import SPEEDS, Settings, TableSettings, following_speed, speeds_of
from .toasts import Toasts, actor_of, route_of, victim_of
from .uistate import TableUI, after

LOG_ENTRIES = 400  # what the log keeps (its lines are narrated again on a language change)


def _seat_name(seat: Any) -> str:
    return str(seat.name if hasattr(seat, "name") else seat[0])


def _seat_kind(seat: Any) -> str:
    return str(seat.kind if hasattr(seat, "kind") else seat[1])


class TableCore(Scene):
    """The game table without its input and drawing (see :mod:`split.ui.table`)."""

    def __init__(
        self,
        game: Game | RemoteGame,
        seats: Sequence[Any],
        on_action: Callable[[Action, list[ev.Event]], None] | None = None,
        settings: Settings | None = None,
        sound: Any = None,
        on_exit: Callable[[Any], None] | None = None,
        choose_bot: Callable[[int], Action] | None = None,
        policy: Policy[Any] | None = None,
    ) -> None:
        self.game = game
        self.source: src.Source = (
            src.LocalSource(game) if isinstance(game, Game) else src.RemoteSource(game)
        )
        self.policy: Policy[Any] = policy if policy is not None else Plain[object]()
        self.seats = list(seats)
        self.seat_names = [_seat_name(s) for s in self.seats]  # as the players wrote them
        self.kinds = [_seat_kind(s) for s in self.seats]
        self.on_action = on_action
        self.settings: Settings = settings if settings is not None else TableSettings()
        self.sound = sound
        self.on_exit = on_exit
        self.gone = False  # a remote game's host is gone
        self.n = game.state.players
        if len(self.seats) != self.n:
            raise ValueError(f"{len(self.seats)} seats for a game of {self.n} players")
        self.humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.viewer = self.humans[0] if self.humans else 0  # the seat at the bottom
        self.seating = Seating(tuple(self.humans))  # one person, or several taking turns
        # The log as events (and the table's own records, like an undo), each with the
        # seat it speaks to: narrated when drawn, so a new language rewrites it all.
        self.entries: deque[Words] = deque(maxlen=LOG_ENTRIES)
        self._teller = Teller(LOG_ENTRIES)
        self.feedback = Toasts()  # what just happened to you: toasts and seat flashes
        self._overlay_shown: tuple[object, ...] = ((), frozenset())
        self.ui = TableUI()  # what it shows beside the game: changed only by show()
        self.turn_limit = 0  # the host's turn timer, in seconds (0: none)
        # what the others did since your last turn, to be played again (one person only)
        self.recorder = Recorder(self.viewer) if len(self.humans) == 1 else None
        self.replaying: TableModel | None = None  # the picture to come back to after it
        self.turn_clock: tuple[int, float] | None = None  # (seat, since when) it runs
        self.summary_shown_for: int | None = None
        self.final_shown = False
        self._entered = False
        self.version = 0  # bumped whenever what the table shows changes (see invalidate)
        self.layout: TableLayout = lay_out((1280, 720), self.n, is_rtl(), self.settings.ui_scale)
        self.hand = HandOrder()
        self.renderer = Renderer()
        self.gestures = Gestures()
        self._frame: Frame | None = None
        # who plays the bots (here, or the host): the source's one decision
        self.driver = self.source.bots(self.kinds, lambda: self.timing()[1], choose_bot)
        self.expert = Coach(self.kinds)  # the expert weighs your moves for the summary
        state = self.source.state
        if (
            self.source.fresh()
        ):  # a new game: the table starts empty and animates the first deal's events
            self.model = TableModel.before_deal(state.players, state.dealer, DECK_SIZE)
            self.animator = Animator(self.model, self)
            self.animator.queue(self.source.opening_events())
        else:
            self.model = TableModel.from_state(state)  # a resumed game: no deal to replay
            self.animator = Animator(self.model, self)
            you = self._you()
            for e in self.source.history()[-LOG_ENTRIES:]:  # the log as it was, from the record
                self.entries.append(logged(e, you))
            self.take_arrivals(shown=True)  # (a hosted game's moves since: in the state)
        self._sync_hand()
        if self.seating.hot_seat and state.current in self.humans:
            self.viewer = state.current

    def enter(self) -> None:
        """Hot-seat: a game resumed on a human's turn first hides the hand (pass screen)."""
        s = self.state
        if (
            not self._entered
            and self.seating.hot_seat
            and not self.animator.pending
            and s.current in self.humans
        ):
            self._pass_to(s.current)
        self._entered = True

    def close(self) -> None:
        """The table is gone for good: the expert stops weighing its moves, the bots
        stop thinking, the policy lets go (a network game leaves its connection)."""
        self.expert.close()
        self.driver.close()
        self.policy.close(self)

    # ================================================================== what is going on

    @property
    def state(self) -> GameState:
        """The game's position now (ahead of the picture while events still play)."""
        return self.source.state

    def timing(self) -> tuple[float, float, float]:
        """(flight, bot pause, deal stagger) seconds at the chosen speed (a replay of
        what happened since your last turn: at reading speed, whatever the setting)."""
        return SPEEDS["normal"] if self.replaying is not None else speeds_of(self.settings)

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
            and not self.ui.hand_hidden
            and not self.source.waiting()
            and not self.gone
        )

    def busy(self) -> bool:
        """Whether events wait, cards fly or a pause runs."""
        return self.animator.busy()

    def legal(self) -> list[Action]:
        """The actions the human at the table may take now (none if it is not their turn)."""
        return self.state.legal_actions() if self.human_turn() else []

    def animating(self) -> bool:
        """Whether events wait or cards fly (a click hurries them), or a press is held."""
        a = self.animator
        return bool(a.flights or a.pending or a.wait > 0 or self.gestures.press is not None)

    def esc_free(self) -> bool:
        """Whether Esc has nothing of the table's own to close (a selection, a panel, a
        drag), so the app may use it."""
        ui = self.ui
        return ui.selected is None and ui.panel is None and self.gestures.press is None

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

    def show(self, change: it.Shown) -> None:
        """The one place what the table shows beside the game changes: its
        :class:`~.uistate.TableUI` is replaced by the value after ``change``."""
        self.ui = after(self.ui, change)

    def try_action(self, action: Action) -> bool:
        """Apply ``action`` through the game if legal (and the table's policy lets it);
        otherwise say why. True if applied (sent, for a game on a host)."""
        state = self.state
        self.invalidate()
        if action not in state.legal_actions():
            self.show(it.Explain(error=refused(state.refusal(action))))
            return False
        if not self.policy.vet(self, action):
            self.play_sound("click")
            return False
        self.expert.review(self.game, action)
        self.feedback.acted(state.current)  # the mover has seen their notices
        self.show(it.Moved())
        try:
            self.source.submit(action)
        except IllegalAction:  # pragma: no cover - legal_actions said yes
            self.show(it.Explain(error=refused(state.refusal(action))))
            return False
        self.take_arrivals()
        return True

    def take_arrivals(self, shown: bool = False) -> None:
        """Everything the game sent since the last look: moves to animate, and a host's
        news. A game's state is always its newest, so moves that came after a resync in
        the same look (or, ``shown``, before the table first showed that state) are in
        the picture already: they are told in the log, not played again."""
        arrivals = self.source.drain()
        resyncs = [i for i, a in enumerate(arrivals) if isinstance(a, src.Resync)]
        pictured = 0 if shown else (resyncs[-1] + 1 if resyncs else len(arrivals))
        for i, arrival in enumerate(arrivals):
            if i >= pictured and isinstance(arrival, src.Applied):
                you = self._you()
                self.entries.extend(logged(e, you) for e in arrival.events)
            else:
                self.arrive(arrival)

    def arrive(self, arrival: src.Arrival) -> None:
        """One arrival from the game, applied to the table."""
        self.invalidate()
        if self.replaying is not None:  # news from the host: back to the table as it is
            self.end_replay()
        match arrival:
            case src.Applied(events=events, action=action):
                if any(isinstance(e, ev.RoundStarted) for e in events):
                    self.show(it.Explain(note=None))  # the wait for the next round is over
                for e in events:  # the host's turn timer runs from the turn's arrival
                    if isinstance(e, ev.TurnStarted):
                        self.turn_clock = (e.seat, time.monotonic())
                self.animator.queue(events)
                if action is not None:  # our own game: a move played here
                    self.driver.drop()  # a stale choice (the position moved on) is dropped
                    if self.on_action is not None:
                        self.on_action(action, list(events))
                    self.policy.recorded(self, action)
            case src.Resync(missed=missed):  # back after a lost connection: as it is now
                self.finish_animations()  # what was on its way is told (the log) first
                self.rebuild_picture()
                self.show(it.Explain(note=None))
                if missed:  # what happened meanwhile (the bot's moves for you too): told
                    you = self._you()
                    self.entries.append(message(N_("While you were away:")))
                    self.entries.extend(logged(e, you) for e in missed)
            case src.Refused(reason=reason):
                # the engine's refusal, worded here; anything else in the host's words
                error = refused(reason) if isinstance(reason, Refusal) else verbatim(str(reason))
                self.show(it.Explain(error=error))
            case src.Reconnecting():
                lost = N_("The connection to the host was lost: joining again\u2026")
                self.show(it.Explain(note=message(lost)))
            case src.SeatsChanged(kinds=kinds, names=names, turn_limit=limit):
                self.turn_limit = limit
                seat = self.viewer
                self.kinds = seat_kinds(seat, kinds)
                self.seat_names = [
                    name if s != seat else self.seat_names[s] for s, name in enumerate(names)
                ]
            case src.Gone(code=code):
                self.show(it.Explain(note=gone_text(code)))
                self.gone = True
            case src.Said(seat=seat, phrase=key):  # a quick message: on its seat's board
                self.feedback.bubble(seat, phrase(key))
                self.entries.append(said(seat, key))
            case src.Late(seat=seat):  # the host's turn timer ran out: a bot plays it
                self.entries.append(late(seat, self.viewer))
                if seat == self.viewer:
                    self.show(it.Explain(note=late(seat, self.viewer)))
            case _:
                assert_never(arrival)

    def can_undo(self) -> bool:
        """Whether the human to act may take back a move (their own, this turn, since
        their last draw from the pile: :meth:`Game.undoable`)."""
        s = self.state
        return (
            self.policy.may_undo(self)
            and s.current is not None
            and self.kinds[s.current] == "human"
            and s.current == self.viewer
            and not self.ui.hand_hidden
            and self.source.can_undo(s.current)
        )

    def undo(self) -> bool:
        """Ctrl+Z or the Undo button: take back your last move. The game is rebuilt from
        its actions without it, the table from that state; True if a move was undone."""
        if not self.can_undo():
            if self.human_turn():
                drew = self.source.drew_last()
                said = message(
                    N_("Nothing to undo: a card drawn from the pile cannot be taken back.")
                    if drew
                    else N_("Nothing to undo in this turn.")
                )
                self.show(it.Explain(error=None, note=said))  # it replaces a refusal
                self.invalidate()
            return False
        self.finish_animations()
        seat = self.state.current
        assert seat is not None  # can_undo: a human is to act
        action = self.source.undo(seat)
        self.model = TableModel.from_state(self.state)
        self.animator = Animator(self.model, self)  # nothing waits: the model has it all
        self.entries.append(logged(Undone(seat, action, tuple(self.state.discard)), self._you()))
        self.show(it.Moved())
        self.driver.drop()
        self._sync_hand()
        self.invalidate()
        self.play_sound("click")
        self.policy.recorded(self, None)  # (the app saves the shorter record)
        return True

    def glow_targets(self) -> frozenset[Key]:
        """What glows as a place you can use now (see :func:`.gestures.glow_targets`)."""
        turn = self.human_turn()
        return glow_targets(
            self.gestures.press,
            turn,
            self.state.phase,
            self.state.legal_actions() if turn else [],
            self.ui.selected,
            self.hand.cards,
            self.viewer,
        )

    def toggle_sort(self) -> None:
        """S: rank order <-> suit order (and forget any dragged arrangement)."""
        order = "suit" if self.settings.sort_order == "rank" else "rank"
        self.settings.change(sort_order=order)
        self.hand.resort(self._sort_key())

    def next_speed(self) -> None:
        """The Speed button: normal, fast, instant, and round again."""
        self.settings.change(speed=following_speed(self.settings))

    def _sort_key(self) -> SortKey:
        return sort_key(self.settings.sort_order)

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
            error=self.ui.error,
            note=self.ui.note,
            busy=busy,
            your_turn=self.human_turn(),
            current=shown,
            you=self.viewer
            if self.kinds[self.viewer] == "human" and not self.ui.hand_hidden
            else None,
        )

    def _you(self) -> int | None:
        """The seat the log speaks to: the one person at the table, if there is one."""
        return self.viewer if len(self.humans) == 1 else None

    @property
    def log(self) -> list[str]:
        """The log in words, in the current language: its newest 200 lines."""
        return self._teller.lines(self.entries, self.names_in_text(), 200)

    def told(self, entry: Words) -> str:
        """The log's ``entry`` in words, in the current language."""
        return self._teller(entry, self.names_in_text())

    # ================================================================== events, as they play

    def viewer_seat(self) -> int:
        """The seat at the bottom of the table."""
        return self.viewer

    def geometry(self) -> Geometry:
        """Where each thing lies now, for the picture as it is."""
        m = self.model
        sel = self.ui.selected
        press = self.gestures.press
        return Geometry(
            layout=self.layout,
            viewer=self.viewer,
            players=self.n,
            hand=tuple(self.hand.cards),
            held=tuple(len(h) for h in m.hands) if m.hands else (0,) * self.n,
            matches=tuple(len(x) for x in m.matches) if m.matches else (0,) * self.n,
            discards=len(m.discard),
            lifted=sel[1] if sel is not None and sel[0] == "hand" else None,
            hover=None if press is not None else self.gestures.hover,
            deck=cardart.deck_style(self.settings),
            face_up=not self.ui.hand_hidden and not self.ui.hand_covered,
        )

    def seat_rect(self, seat: int) -> pygame.Rect:
        """A seat's panel on the screen."""
        return self.geometry().seat_rect(seat)

    def opponents(self) -> list[int]:
        """The other seats, left to right: the next player first."""
        return self.geometry().opponents()

    def art(self, which: str) -> cardart.CardArt:
        """Card pictures for a place (hand, mid, own, opp, back), in the chosen deck."""
        return self.geometry().art(which)

    def hand_positions(self) -> list[tuple[int, int]]:
        """Where your hand's cards lie, the selected one lifted."""
        return self.geometry().hand_positions()

    def paused(self) -> bool:
        """Events wait while the hand is hidden for the next hot-seat player."""
        return self.ui.hand_hidden

    def reduced_motion(self) -> bool:
        """Whether cards fade in where they land instead of flying (the setting)."""
        return self.settings.reduced_motion

    def react(self, e: ev.Event) -> None:
        """An event has just changed the model: log it and follow it on the table."""
        if self.replaying is not None:  # played again: told and followed already
            self._sync_hand()
            return
        self.entries.append(logged(e, self._you()))
        if self.recorder is not None:
            self.recorder.follow(e, self.model, self.entries[-1])
        self._feedback(e)
        match e:
            case ev.RoundStarted():
                self.hand.reset(self.model.hands[self.viewer], self._sort_key())
                self.show(it.Scoring(False))
            case ev.TurnStarted(seat=seat):
                self.gestures.blur()  # the turn moved on: the keyboard's ring goes with it
                turn = self.seating.turn(seat, self.kinds, self.viewer, self.ui.hand_covered)
                if turn == "cover":
                    self.show(it.Cover())  # hot-seat: nobody sees a hand while bots play
                elif turn == "pass":
                    self._pass_to(seat)
            case ev.NegativeFilled(reason="perfect"):  # R6.1, R9.3: during play, not scoring
                self._sync_hand()
            case ev.RowFilled() | ev.NegativeFilled():
                if not self.ui.scoring:  # the scoring fills the sheets in front of everyone
                    self.show(it.Scoring(True))
            case (
                ev.CardDrawn()
                | ev.CardsTaken()
                | ev.MatchPlayed()
                | ev.MatchUpgraded()
                | ev.CardReturned()
                | ev.BonusStarted()
                | ev.BonusDeclined()
                | ev.MatchesTraded()
                | ev.CardDiscarded()
                | ev.WentOut()
                | ev.DrawPileEmptied()
                | ev.AutoMatched()
                | ev.RoundScored()
                | ev.GameOver()
            ):
                self._sync_hand()  # what may have changed your hand
            case _:
                assert_never(e)

    def _feedback(self, e: ev.Event) -> None:
        """What a player did to a human's match or score is shown at their seat: a
        notice names it and the panel flashes (the log is the record). A new round
        clears the last one's notices."""
        if isinstance(e, ev.RoundStarted):
            self.feedback.clear()
        victim = victim_of(e)
        if victim is None or self.kinds[victim] != "human":
            return
        you = victim if victim == self.viewer else None
        self.feedback.add(logged(e, you), victim, actor_of(e), route_of(e, self.model.matches))

    def finish_animations(self) -> None:
        """Space / click: land every card now and play the queued events instantly (a
        replay is over at once)."""
        try:
            self.animator.finish()
        except PictureLost:
            self.rebuild_picture()
        self.end_replay()
        self.invalidate()

    def end_replay(self) -> None:
        """The replay is over (or cut short): the picture as it was before it."""
        if self.replaying is None:
            return
        self.model, self.replaying = self.replaying, None
        self.animator = Animator(self.model, self)
        self.hand.reset(self.model.hands[self.viewer], self._sort_key())
        self.invalidate()

    def rebuild_picture(self) -> None:
        """Show the game's position as it is now, from its state: nothing in the air,
        no event waiting (the state has them all). After a reconnection, and should an
        event ever not fit the picture (:class:`PictureLost`): the table never stops
        over its picture, the game's truth is in the engine. During a replay the
        picture as it is was kept: the replay ends on it."""
        if self.replaying is not None:
            self.end_replay()
            return
        self.model = TableModel.from_state(self.state)
        self.animator = Animator(self.model, self)
        self.hand.reset(self.model.hands[self.viewer], self._sort_key())
        self.invalidate()

    def _pass_to(self, seat: int) -> None:
        """Hot-seat: the hand is hidden until ``seat``'s player says they are there (the
        scene shows the pass screen)."""
        self.show(it.PassTo(seat))
