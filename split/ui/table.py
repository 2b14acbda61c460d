"""The table: a game of Split played with the mouse (or keys) against bots, or hot-seat.

    scene = TableScene(game, seats, on_action=autosave, settings=settings, sound=sound)
    app.push(scene)

* ``game`` is a :class:`split.engine.Game` (new, or resumed from a save);
* ``seats`` one ``(name, kind)`` per seat (``kind`` "human" or a bot strength:
  random, easy, normal, hard) - :class:`split.app.settings.SeatChoice` fits;
* ``on_action(action, events)`` is called after every action the engine applied
  (human's or bot's): the app autosaves there;
* ``settings`` is any object with ``speed`` (normal/fast/instant), ``sort_order``
  (rank/suit) and ``card_back`` (blue/red/green), read at every use, so a changed
  setting applies at once; :class:`TableSettings` is the default;
* ``on_game_over(scene)`` replaces the default final-results screen (it is called
  after the last round's summary); ``on_exit(scene)`` is called when the player
  leaves from the results screen;
* ``choose_bot(seat) -> Action`` replaces the built-in bots (which are
  ``split.bots.make_bot(kind, seed)``, seeded like :class:`split.app.session.Session`,
  and think on a worker thread from a frozen :class:`PlayerView`).

Useful state for the layers around it: ``model`` (what is drawn), ``log`` (every
action in words), ``viewer`` (the seat at the bottom), ``human_turn()``,
``find_hit(kind, a, b)`` (where a thing is on screen, for tests and tutorials),
``try_action(action)`` (the same path a gesture takes) and ``finish_animations()``.

Every gesture becomes an :class:`~split.engine.Action`; only ``game.apply`` changes
the game. Applying returns events; the table animates them one by one, updating
its :class:`~split.ui.model.TableModel` as each plays, so what you see is what the
events said. A refused move is sent back and the prompt says why
(``GameState.explain_illegal``).

Drag and drop (and the click/keyboard alternatives):

======================  ===================================  =======================
action                  drag                                 click / key
======================  ===================================  =======================
draw (R4.1, R6.2)       the pile onto your hand              click the pile, D
take N (R4.1)           a lit discard card onto your hand    click it
match (R5.1)            a hand card onto one of its rank     click one, then the other
upgrade (R5.2)          a hand card onto any match           click card, then match
discard (R4.4)          a hand card onto the discard row     click card, then the row
penalize (R6.1)         the red chip onto a seat             click the seat
trade (R6.3)            your match onto theirs               click yours, then theirs
pass (R6.4)             -                                    Skip button, P
next round              -                                    the summary's button
======================  ===================================  =======================

Tab / Shift-Tab move a focus ring over everything clickable and Enter clicks it;
1-9 pick a hand card; S toggles rank/suit order; H hint; T score sheets; R the
reference cards; Space or a click hurries the animation.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from split.app import i18n
from split.app.i18n import N_
from split.engine import events as ev
from split.engine.actions import (
    DISCARD,
    DRAW,
    MATCH,
    NEXT_ROUND,
    PASS,
    PENALIZE,
    TAKE,
    TRADE,
    UPGRADE,
    Action,
)
from split.engine.cards import RANKS, SUIT_SYMBOLS, MatchType, card_label
from split.engine.setup import deal as _deal
from split.engine.state import (
    GAME_OVER,
    PERFECT_BONUS,
    PLAY,
    ROUND_OVER,
    START,
    STRONG_BONUS,
    WEAK_BONUS,
    IllegalAction,
)
from split.engine.view import PlayerView

from . import cards as cardart
from . import sheets, widgets
from .loop import Scene
from .model import TableModel
from .typeset import _, is_rtl, ngettext

SPEEDS = {"normal": (0.3, 0.6, 0.04), "fast": (0.15, 0.25, 0.015), "instant": (0.0, 0.0, 0.0)}
"""speed -> (seconds a card flies, seconds a bot waits before acting, deal stagger)."""

DRAG_THRESHOLD = 6
GLOW = (255, 226, 90)
HINT_GLOW = (120, 220, 255)
SELECT_GLOW = (140, 255, 160)


class _Done:
    """A finished 'future' for a bot that chose at once (speed instant)."""

    def __init__(self, value: Action) -> None:
        self.value = value

    def done(self) -> bool:
        return True

    def result(self) -> Action:
        return self.value


@dataclass
class TableSettings:
    """What the table reads from the player's settings (the app passes its own)."""

    speed: str = "normal"
    sort_order: str = "rank"
    card_back: str = "blue"


class Hit(NamedTuple):
    """Something on the table the pointer can touch: ``kind`` and its numbers."""

    kind: str  # hand, pile, discard, discard_area, hand_area, match, seat, chip, button
    a: int
    b: int
    rect: pygame.Rect

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.kind, self.a, self.b)


class Flight:
    """A card sprite flying from one place to another, then landing."""

    def __init__(self, image, src, dst, dur, delay=0.0, on_land=None) -> None:
        self.sprite = cardart.CardSprite(image, src)
        self.src, self.dst = src, dst
        self.dur, self.t = dur, -delay
        self.on_land = on_land

    @property
    def done(self) -> bool:
        return self.t >= self.dur

    def advance(self, dt: float) -> None:
        self.t += dt
        if self.t <= 0:
            self.sprite.move_to(*self.src)
            return
        k = 1.0 if self.dur <= 0 else min(1.0, self.t / self.dur)
        k = 1 - (1 - k) ** 3  # ease out
        x = self.src[0] + (self.dst[0] - self.src[0]) * k
        y = self.src[1] + (self.dst[1] - self.src[1]) * k - math.sin(k * math.pi) * 18
        self.sprite.move_to(x, y)


@dataclass
class Press:
    """A mouse button held on ``hit`` since ``pos``; becomes a drag once it moves."""

    hit: Hit
    pos: tuple[int, int]
    sprite: cardart.CardSprite | None = None
    offset: tuple[int, int] = (0, 0)
    origin: tuple[int, int] = (0, 0)
    hides: tuple = ()
    targets: frozenset = frozenset()


def _seat_name(seat: Any) -> str:
    return seat.name if hasattr(seat, "name") else seat[0]


def _seat_kind(seat: Any) -> str:
    return seat.kind if hasattr(seat, "kind") else seat[1]


class TableScene(Scene):
    """The game table (see the module docstring for its API)."""

    def __init__(
        self,
        game,
        seats: Sequence[Any],
        on_action: Callable[[Action, list], None] | None = None,
        settings: Any = None,
        sound: Any = None,
        on_game_over: Callable[[TableScene], None] | None = None,
        on_exit: Callable[[TableScene], None] | None = None,
        choose_bot: Callable[[int], Action] | None = None,
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
        self.choose_bot = choose_bot
        self.n = game.state.players
        if len(self.seats) != self.n:
            raise ValueError(f"{len(self.seats)} seats for a game of {self.n} players")
        humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.humans = humans
        self.viewer = humans[0] if humans else 0
        self.pending: list = []
        self.flights: list[Flight] = []
        self.wait = 0.0  # seconds before the next event plays
        self._bot_due: float | None = None
        self._bot_future = None
        self._executor: ThreadPoolExecutor | None = None
        self.hurry = False
        self.hidden: list[Counter] = [Counter() for _ in range(self.n)]
        self.hidden_matches: Counter = Counter()
        self.hidden_discard: Counter = Counter()
        self.order: list[int] = []
        self.manual_order = False
        self.selected: tuple[str, int] | None = None  # ("hand", index) or ("match", m)
        self.press: Press | None = None
        self.error: str | None = None
        self.note: str | None = None
        self.hint_keys: frozenset = frozenset()
        self.log: list[str] = []
        self.show_sheets = False
        self.show_reference = False
        self.scoring = False
        self.summary_shown_for: int | None = None
        self.final_shown = False
        self.hand_hidden = False  # hot-seat: the hand is covered until the player is there
        self.hand_covered = False  # hot-seat, bots' turns: the bottom hand shows its backs
        self.focus: int | None = None
        self.hits: list[Hit] = []
        self.buttons: dict[str, widgets.Button] = {}
        self.size = (1280, 720)
        self.static: pygame.Surface | None = None
        self.static_dirty = True
        self.dyn_rects: list[pygame.Rect] = []
        self.frame = 0
        self.builds = 0  # static-layer rebuilds, for the bench
        self.last_event = None  # the event animated last
        self._entered = False
        self.pile_in_air = 0  # dealt cards still flying: the pile counts them
        state = game.state
        if not game.actions and state.round == 1 and state.phase == START:
            # A new game: start empty and animate the deal from its RoundStarted event.
            self.model = TableModel.from_state(state)
            pos = _deal(state.config.setup_for(1), self.n, state.dealer)
            self.model.hands = [[] for _ in range(self.n)]
            self.model.matches = [[] for _ in range(self.n)]
            self.model.discard = []
            self.model.draw_pile = 104
            self.model.current = None
            self.pending = [
                ev.RoundStarted(
                    1,
                    state.dealer,
                    pos.deal,
                    tuple(pos.discard),
                    tuple(tuple(m) for m in pos.table),
                    len(pos.draw),
                ),
                ev.TurnStarted(state.current),
            ]
        else:
            self.model = TableModel.from_state(state)  # a resumed game: no deal to replay
            self._log(_("Round {n} in progress.").format(n=state.round))
        self._sync_order()
        if len(humans) > 1 and state.current in humans:
            self.viewer = state.current

    def enter(self) -> None:
        """Hot-seat: a game resumed on a human's turn first hides the hand (pass screen)."""
        s = self.state
        if (
            not self._entered
            and len(self.humans) > 1
            and not self.pending
            and s.current in self.humans
        ):
            self._pass_to(s.current)
        self._entered = True

    # ================================================================== helpers

    @property
    def state(self):
        return self.game.state

    def speed(self) -> tuple[float, float, float]:
        if self.hurry:
            return (0.0, 0.0, 0.0)
        return SPEEDS.get(getattr(self.settings, "speed", "normal"), SPEEDS["normal"])

    def _play(self, name: str) -> None:
        if self.sound is not None:
            with contextlib.suppress(Exception):  # sound must never stop the game
                self.sound.play(name)

    def human_turn(self) -> bool:
        """Whether the table waits for a human's gesture right now."""
        s = self.state
        return (
            not self.pending
            and not self.flights
            and s.current is not None
            and self.kinds[s.current] == "human"
            and s.current == self.viewer
            and not self.hand_hidden
        )

    def busy(self) -> bool:
        return bool(self.pending or self.flights or self.wait > 0)

    def legal(self) -> list[Action]:
        return self.state.legal_actions() if self.human_turn() else []

    # ================================================================== acting

    def try_action(self, action: Action) -> bool:
        """Apply ``action`` through the engine if legal; otherwise say why. True if applied."""
        state = self.state
        if action not in state.legal_actions():
            self.error = state.explain_illegal(action)
            self.static_dirty = True
            return False
        try:
            events = self.game.apply(action)
        except IllegalAction as err:  # pragma: no cover - legal_actions said yes
            self.error = str(err)
            self.static_dirty = True
            return False
        self.error = None
        self.note = None
        self.hint_keys = frozenset()
        self.selected = None
        self.pending.extend(events)
        self._bot_due = None
        self._bot_future = None  # a stale choice (the position moved on) is dropped
        self.static_dirty = True
        if self.on_action is not None:
            self.on_action(action, events)
        return True

    def _bot_job(self) -> Callable[[], Action]:
        """What the bot to act will compute: a function of a frozen view only (R10), so it
        can run on a worker thread while the table waits its pause."""
        s = self.state
        legal = list(s.legal_actions())
        if len(legal) == 1 or s.current is None:
            return lambda: legal[0]
        if self.choose_bot is not None:
            action = self.choose_bot(s.current)  # the app's own chooser: on this thread
            return lambda: action
        kind = self.kinds[s.current]
        seed = hash((s.config.seed, s.current, len(self.game.actions))) & 0x7FFFFFFF
        view = PlayerView.of(s, s.current)

        def choose() -> Action:
            try:
                from split.bots import make_bot

                action = make_bot(kind, seed).choose(view, legal)
                return action if action in legal else legal[0]
            except ImportError:  # bots not installed: play at random
                import random

                return random.Random(seed).choice(legal)

        return choose

    def _bot_action(self) -> Action:
        """The bot's choice for the player to act, computed now (tests, benches)."""
        return self._bot_job()()

    def _start_bot(self) -> None:
        job = self._bot_job()
        if self.speed()[1] <= 0:
            self._bot_future = _Done(job())
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="split-bot")
        self._bot_future = self._executor.submit(job)

    def hint(self) -> None:
        """H: ask the bots' hint for the human to act and light its targets."""
        if not self.human_turn():
            return
        try:
            from split.bots.hints import hint

            h = hint(self.state, self.state.legal_actions(), names=self.names_in_text())
            action, reason = h.action, h.reason
        except ImportError:
            action, reason = self.state.legal_actions()[0], ""
        self.note = _("Hint: {action}. {reason}").format(
            action=self.describe(action), reason=reason
        )
        self.hint_keys = frozenset(self._action_keys(action))
        self.static_dirty = True

    # ================================================================== words

    @property
    def names(self) -> list[str]:
        """The players' names as shown (the default "You" in the current language)."""
        return [i18n.display_name(name) for name in self.seat_names]

    def names_in_text(self) -> list[str]:
        """The players' names as words inside a sentence of the current language."""
        return [i18n.embed(name) for name in self.names]

    def describe(self, action: Action) -> str:
        """An action in words, for hints."""
        k = action.kind
        if k == DRAW:
            return _("draw a card")
        if k == TAKE:
            return _("take {card} from the discard row").format(
                card=card_label(self.model.discard[action.a])
            )
        if k == MATCH:
            return _("match {a} and {b}").format(a=card_label(action.a), b=card_label(action.b))
        if k == UPGRADE:
            return _("upgrade a match from {name} with {card}").format(
                name=self.names_in_text()[action.b], card=card_label(action.a)
            )
        if k == DISCARD:
            return _("discard {card}").format(card=card_label(action.a))
        if k == PENALIZE:
            return _("give {name} a negative box").format(name=self.names_in_text()[action.a])
        if k == TRADE:
            return _("trade with {name}").format(name=self.names_in_text()[action.b])
        if k == PASS:
            return _("skip the bonus")
        return _("next round")

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The prompt line: what you can do now (or why a move was refused)."""
        if self.error:
            return _("Not allowed: {reason}").format(reason=self.error), widgets.ERROR
        if self.note:
            return self.note, (170, 230, 255)
        s = self.state
        if s.phase == GAME_OVER:
            return _("The game is over."), widgets.INK
        if s.phase == ROUND_OVER:
            return _("The round is over."), widgets.INK
        if self.busy():
            return "", widgets.INK
        if s.current is None:
            return "", widgets.INK
        if not self.human_turn():
            return _("{name} is playing\u2026").format(
                name=self.names_in_text()[s.current]
            ), widgets.DIM
        if s.phase == START:
            return _(
                "Your turn: draw (drag the pile to your hand, or click it) or take a lit "
                "card from the discard row."
            ), widgets.GOLD
        if s.phase == PLAY:
            if s.must_use is not None:
                return _(
                    "Now play {card}, the card you took: drop it on a card of its rank "
                    "or on a match."
                ).format(card=card_label(s.must_use)), widgets.GOLD
            return _(
                "Match (drop a card on one of its rank), upgrade (drop it on a match), or "
                "discard (drop it on the discard row) to end your turn."
            ), widgets.GOLD
        if s.phase == PERFECT_BONUS:
            return _(
                "Perfect match! Choose a player to fill in a negative box: click their "
                "seat or drag the red chip onto it."
            ), widgets.GOLD
        if s.phase == STRONG_BONUS:
            return _("Strong match! Draw a bonus card from the pile, or Skip."), widgets.GOLD
        if s.phase == WEAK_BONUS:
            if len(s.legal_actions()) == 1:
                return _("Weak match: no trade is possible. Skip to go on."), widgets.GOLD
            return _(
                "Weak match: drag one of your matches onto another player's match of the "
                "same type to trade, or Skip."
            ), widgets.GOLD
        return "", widgets.INK

    def _log(self, text: str) -> None:
        self.log.append(text)
        del self.log[:-200]

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the one person at the table: the log speaks to them."""
        return seat == self.viewer and len(self.humans) == 1

    def _log_event(self, e) -> None:
        """One line of the log per event; lines about you say "you" (in every language
        the verb then agrees with its subject)."""
        nm = self.names_in_text()
        you = self.you
        if isinstance(e, ev.RoundStarted):
            if you(e.dealer):
                self._log(_("Round {n}, you deal.").format(n=e.round))
            else:
                self._log(_("Round {n}, dealt by {name}.").format(n=e.round, name=nm[e.dealer]))
        elif isinstance(e, ev.CardDrawn):
            if you(e.seat):
                text = _("You drew {card}.").format(card=card_label(e.card))
            else:
                text = _("{name} drew a card.").format(name=nm[e.seat])
            if e.bonus:
                text += " " + _("(strong bonus)")
            self._log(text)
        elif isinstance(e, ev.CardsTaken):
            cards = " ".join(card_label(c) for c in e.cards)
            if you(e.seat):
                self._log(_("You took {cards} from the discard row.").format(cards=cards))
            else:
                self._log(
                    _("{name} took {cards} from the discard row.").format(
                        name=nm[e.seat], cards=cards
                    )
                )
        elif isinstance(e, ev.MatchPlayed):
            a, b = (card_label(c) for c in e.cards)
            if you(e.seat):
                line = _("You played a {type} match: {a} {b}.")
            else:
                line = _("{name} played a {type} match: {a} {b}.")
            self._log(line.format(name=nm[e.seat], type=_type(e.type), a=a, b=b))
        elif isinstance(e, ev.AutoMatched):
            a, b = (card_label(c) for c in e.cards)
            if you(e.seat):
                line = _("You laid down {a} {b} (no turn yet).")
            else:
                line = _("{name} laid down {a} {b} (no turn yet).")
            self._log(line.format(name=nm[e.seat], a=a, b=b))
        elif isinstance(e, ev.MatchUpgraded):
            if e.seat == e.owner:
                line = (
                    _("You upgraded your match with {card}: now {type}; {ret} came back to you.")
                    if you(e.seat)
                    else _(
                        "{name} upgraded their own match with {card}: now {type}; {ret} "
                        "went back to their hand."
                    )
                )
            elif you(e.seat):
                line = _(
                    "You upgraded a match from {owner} with {card}: now {type}; {ret} "
                    "went back to {owner}."
                )
            elif you(e.owner):
                line = _(
                    "{name} upgraded your match with {card}: now {type}; {ret} came back to you."
                )
            else:
                line = _(
                    "{name} upgraded a match from {owner} with {card}: now {type}; {ret} "
                    "went back to {owner}."
                )
            self._log(
                line.format(
                    name=nm[e.seat],
                    owner=nm[e.owner],
                    card=card_label(e.card),
                    type=_type(e.type),
                    ret=card_label(e.returned),
                )
            )
        elif isinstance(e, ev.BonusDeclined):
            if you(e.seat):
                self._log(_("You skipped the bonus."))
            else:
                self._log(_("{name} skipped the bonus.").format(name=nm[e.seat]))
        elif isinstance(e, ev.NegativeFilled):
            if e.reason == "perfect":
                if you(e.by):
                    line = _("You gave {name} a negative box.")
                elif you(e.seat):
                    line = _("{by} gave you a negative box.")
                else:
                    line = _("{by} gave {name} a negative box.")
                self._log(line.format(by=nm[e.by], name=nm[e.seat]))
            elif you(e.seat):
                self._log(
                    ngettext(
                        "You filled {n} negative box for cards in hand.",
                        "You filled {n} negative boxes for cards in hand.",
                        e.count,
                    ).format(n=e.count)
                )
            else:
                self._log(
                    ngettext(
                        "{name} filled {n} negative box for cards in hand.",
                        "{name} filled {n} negative boxes for cards in hand.",
                        e.count,
                    ).format(name=nm[e.seat], n=e.count)
                )
        elif isinstance(e, ev.MatchesTraded):
            if you(e.seat):
                line = _("You traded {a} {b} for {c} {d} from {other}.")
            elif you(e.other):
                line = _("{name} traded {a} {b} for your {c} {d}.")
            else:
                line = _("{name} traded {a} {b} for {c} {d} from {other}.")
            a, b = (card_label(c) for c in e.given)
            c, d = (card_label(x) for x in e.taken)
            self._log(line.format(name=nm[e.seat], other=nm[e.other], a=a, b=b, c=c, d=d))
        elif isinstance(e, ev.CardDiscarded):
            if you(e.seat):
                self._log(_("You discarded {card}.").format(card=card_label(e.card)))
            else:
                self._log(
                    _("{name} discarded {card}.").format(name=nm[e.seat], card=card_label(e.card))
                )
        elif isinstance(e, ev.WentOut):
            if you(e.seat):
                self._log(_("You went out!"))
            else:
                self._log(_("{name} went out!").format(name=nm[e.seat]))
        elif isinstance(e, ev.DrawPileEmptied):
            self._log(_("The draw pile is empty: the round ends."))
        elif isinstance(e, ev.RoundScored):
            self._log(_("Round {n} scored.").format(n=e.round))
        elif isinstance(e, ev.GameOver):
            if len(e.winners) == 1 and you(e.winners[0]):
                self._log(_("Game over: you win!"))
            else:
                names = i18n.join_words(nm[s] for s in e.winners)
                self._log(_("Game over: {names} win(s).").format(names=names))

    # ================================================================== layout

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        W, H = size
        m = max(6, H // 70)
        self.m = m
        self.fs = max(13, int(H * 0.024))
        # Laid out left to right (the table, then the side panel), then mirrored as a
        # whole in right-to-left languages: the side panel on the left, the pile on the
        # right, rows of cards starting from the right.
        window = pygame.Rect(0, 0, W, H)
        self.window = window
        side_w = max(210, min(440, int(W * 0.21)))
        tw = W - side_w  # the table's width
        self.side = widgets.mirror(pygame.Rect(tw, 0, side_w, H), window)
        self.table_rect = widgets.mirror(pygame.Rect(0, 0, tw, H), window)
        self.top_h = int(H * 0.26)
        self.h_hand = int(H * 0.20)
        self.h_mid = int(H * 0.15)
        self.h_own = int(H * 0.13)
        self.h_opp = int(H * 0.095)
        self.h_back = int(H * 0.06)
        y = self.top_h + m
        art = self.art("mid")
        self.pile_pos = (widgets.mirror_x(m * 2, art.w, window), y)
        self.center = widgets.mirror(pygame.Rect(0, y, tw, self.h_mid + self.fs + m), window)
        self.prompt_rect = widgets.mirror(
            pygame.Rect(m, self.center.bottom, tw - 2 * m, int(self.fs * 2.6)), window
        )
        self.own_rect = widgets.mirror(
            pygame.Rect(m, self.prompt_rect.bottom + m // 2, tw - 2 * m, self.h_own), window
        )
        hand_top = H - m - int(self.h_hand * 1.09)  # room for the fan's arc
        self.hand_rect = widgets.mirror(
            pygame.Rect(
                m,
                hand_top - int(self.h_hand * 0.2),
                tw - 2 * m,
                H - hand_top + int(self.h_hand * 0.2) - m,
            ),
            window,
        )
        self.hand_y = hand_top
        left = m * 2 + art.w + 4 * m
        self.discard_rect = widgets.mirror(
            pygame.Rect(left, y - m // 2, tw - m - left, self.h_mid + m), window
        )
        self.static = None
        self.static_dirty = True
        self._disc_cache: dict = {}

    def art(self, which: str) -> cardart.CardArt:
        h = {
            "hand": self.h_hand,
            "mid": self.h_mid,
            "own": self.h_own,
            "opp": self.h_opp,
            "back": self.h_back,
        }[which]
        return cardart.art(h, getattr(self.settings, "card_back", "blue"))

    def opponents(self) -> list[int]:
        """The other seats, left to right: the next player first (R2.1, to your left)."""
        return [(self.viewer + i) % self.n for i in range(1, self.n)]

    def seat_rect(self, seat: int) -> pygame.Rect:
        if seat == self.viewer:
            return pygame.Rect(
                self.side.left + self.m,
                self.size[1] - int(self.fs * 3.2),
                self.side.width - 2 * self.m,
                int(self.fs * 3),
            )
        opp = self.opponents()
        i = opp.index(seat)
        table = self.table_rect
        tw = table.width - self.m
        w = min(tw // len(opp), int(tw * 0.4))  # two or three players: centred panels
        x0 = table.left + self.m + (tw - w * len(opp)) // 2
        # mirrored in right-to-left languages: the next player sits at the right end
        return widgets.mirror(
            pygame.Rect(x0 + i * w, self.m, w - self.m, self.top_h - self.m), table
        )

    def _sync_order(self) -> None:
        """Keep the player's own arrangement of the hand; new cards go to their sorted place."""
        hand = self.model.hands[self.viewer] if self.model.hands else []
        want = Counter(hand)
        have = Counter(self.order)
        if want == have:
            return
        keep = []
        left = want.copy()
        for c in self.order:
            if left[c] > 0:
                keep.append(c)
                left[c] -= 1
        key = self.sort_key()
        if not self.manual_order:
            self.order = sorted(hand, key=key)
            return
        for c in sorted(left.elements(), key=key):
            i = 0
            while i < len(keep) and key(keep[i]) <= key(c):
                i += 1
            keep.insert(i, c)
        self.order = keep

    def sort_key(self):
        if getattr(self.settings, "sort_order", "rank") == "suit":
            return lambda c: (c & 3, c >> 2)
        return lambda c: c

    def toggle_sort(self) -> None:
        """S: rank order <-> suit order (and forget any dragged arrangement)."""
        cur = getattr(self.settings, "sort_order", "rank")
        new = "suit" if cur == "rank" else "rank"
        try:
            self.settings.sort_order = new
        except (AttributeError, TypeError):  # a frozen settings object: keep a local copy
            self.settings = TableSettings(
                getattr(self.settings, "speed", "normal"),
                new,
                getattr(self.settings, "card_back", "blue"),
            )
        self.manual_order = False
        self.order = sorted(self.order, key=self.sort_key())
        self.static_dirty = True

    # positions of things (top-left corners), from the model

    def hand_positions(self) -> list[tuple[int, int]]:
        art = self.art("hand")
        k = len(self.order)
        if not k:
            return []
        avail = self.hand_rect.width
        step = min(art.w * 1.1, (avail - art.w) / max(1, k - 1))
        total = step * (k - 1) + art.w
        x0 = self.hand_rect.left + (avail - total) / 2
        out = []
        for i in range(k):
            t = (i - (k - 1) / 2) / max(1, k)
            y = self.hand_y + int(abs(t) ** 2 * art.h * 0.35)
            if self.selected == ("hand", i):
                y -= int(art.h * 0.18)
            out.append((widgets.mirror_x(x0 + i * step, art.w, self.hand_rect), y))
        return out

    def hand_pos(self, seat: int, card: int | None = None) -> tuple[int, int]:
        if seat == self.viewer:
            pos = self.hand_positions()
            if card is not None and card in self.order:
                idx = len(self.order) - 1 - self.order[::-1].index(card)
                return pos[idx]
            return pos[-1] if pos else (self.hand_rect.centerx, self.hand_y)
        return self._back_pos(seat, max(1, len(self.model.hands[seat])) - 1)

    def _back_pos(self, seat: int, i: int) -> tuple[int, int]:
        """Where the ``i``-th card back of an opponent's hand lies in their panel."""
        r = self.seat_rect(seat)
        art = self.art("back")
        k = max(1, len(self.model.hands[seat]))
        step = min(art.w * 0.35, (r.width - art.w - 8) / k)
        return (widgets.mirror_x(r.left + 6 + step * i, art.w, r), r.top + int(self.fs * 2.9))

    def match_pos(self, seat: int, m: int) -> tuple[int, int]:
        count = len(self.model.matches[seat])
        if seat == self.viewer:
            art = self.art("own")
            r = self.own_rect
        else:
            art = self.art("opp")
            sr = self.seat_rect(seat)
            r = pygame.Rect(
                sr.left + 4, sr.top + int(self.fs * 2.9) + self.h_back + 4, sr.width - 8, art.h
            )
        mw = art.w * 2
        step = min(mw + 4, (r.width - mw) / max(1, count - 1)) if count > 1 else mw
        return (widgets.mirror_x(r.left + m * step, mw, r), r.top)

    def discard_layout(self, count: int | None = None) -> tuple[float, int, int, cardart.CardArt]:
        """Step between discard cards, cards per line, line height and the card art.

        The row spreads so every card shows (R4.3): full cards while they fit, then
        overlapping down to half a card (the rank corner stays visible), then a
        second line with smaller cards.
        """
        k = len(self.model.discard) if count is None else count
        key = (k, self.size)
        cached = self._disc_cache.get(key)
        if cached is not None:
            return cached
        h = self.h_mid
        area_h = self.discard_rect.height - self.m // 2
        while True:
            art = cardart.art(h, getattr(self.settings, "card_back", "blue"))
            avail = self.discard_rect.width - art.w - 4
            min_step = art.w * 0.55
            per = max(1, int(avail / min_step) + 1)
            rows = max(1, -(-k // per))
            line = int(art.h * 0.42)
            if art.h + (rows - 1) * line <= area_h or h <= 30:
                break
            h -= 2
        step = min(art.w + 4, avail / max(1, k - 1)) if rows == 1 else avail / (per - 1)
        out = (step, per, line, art)
        self._disc_cache[key] = out
        return out

    def disc_art(self) -> cardart.CardArt:
        return self.discard_layout()[3]

    def discard_pos(self, i: int) -> tuple[int, int]:
        step, per, line, art = self.discard_layout()
        row, col = divmod(i, per)
        dr = self.discard_rect
        return (widgets.mirror_x(dr.left + 2 + col * step, art.w, dr), dr.top + 4 + row * line)

    def pile_pos_top(self) -> tuple[int, int]:
        k = self.model.draw_pile + self.pile_in_air
        off = min(6, k // 12)
        return (self.pile_pos[0] - off, self.pile_pos[1] - off)

    def score_pos(self, seat: int) -> tuple[int, int]:
        r = self.seat_rect(seat)
        return (widgets.mirror_x(r.right - 30, 2 * max(10, self.fs), r), r.top + 4)

    # ================================================================== events -> motion

    def _land(self, fn: Callable[[], None] | None = None) -> Callable[[], None]:
        def done() -> None:
            if fn is not None:
                fn()
            self.static_dirty = True

        return done

    def _fly(self, image, src, dst, delay=0.0, on_land=None, dur=None) -> None:
        fdur = self.speed()[0] if dur is None else dur
        f = Flight(image, src, dst, fdur, delay, self._land(on_land))
        if fdur <= 0 and delay <= 0:
            f.t = 0
            f.advance(0)
            f.on_land()
            return
        self.flights.append(f)

    def _hide_hand(self, seat: int, card: int) -> Callable[[], None]:
        self.hidden[seat][card] += 1

        def unhide() -> None:
            self.hidden[seat][card] -= 1

        return unhide

    def _hide_match(self, seat: int, cards: tuple[int, int]) -> Callable[[], None]:
        key = (seat, tuple(cards))
        self.hidden_matches[key] += 1

        def unhide() -> None:
            self.hidden_matches[key] -= 1

        return unhide

    def _face(self, seat: int, card: int, size: str = "hand"):
        """A card's image in flight: its face if the viewer may see it (R10), else its back."""
        if seat == self.viewer and not self.hand_hidden and not self.hand_covered:
            return self.art(size).half(card)
        return self.art("back").back()

    def play_event(self, e) -> None:
        """Animate one event: update the model and start its flights."""
        dur, _pause, stagger = self.speed()
        M = self.model
        self.last_event = e
        self._log_event(e)
        if isinstance(e, ev.RoundStarted):
            M.apply_event(e)
            self.order = []
            self.manual_order = False
            self._sync_order()
            self.scoring = False
            self.show_sheets = False
            self._play("shuffle")
            pile = self.pile_pos_top()
            delay = 0.0
            for seat, card in e.deal:
                self._fly(
                    self._face(seat, card),
                    pile,
                    self.hand_pos(seat, card),
                    delay,
                    self._from_pile(self._hide_hand(seat, card)),
                )
                delay += stagger
            for i, card in enumerate(M.discard):
                self.hidden_discard[card] += 1
                self._fly(
                    self.disc_art().half(card),
                    pile,
                    self.discard_pos(i),
                    delay,
                    self._from_pile(self._unhide_discard(card)),
                )
            self.wait = delay
            if self.flights:
                self._play("deal")
        elif isinstance(e, ev.TurnStarted):
            M.apply_event(e)
            if len(self.humans) > 1:
                if self.kinds[e.seat] != "human":
                    self.hand_covered = True  # hot-seat: nobody sees a hand while bots play
                elif e.seat != self.viewer or self.hand_covered:
                    self._pass_to(e.seat)
        elif isinstance(e, ev.CardDrawn):
            src = self.pile_pos_top()
            M.apply_event(e)
            self._sync_order()
            unhide = self._hide_hand(e.seat, e.card)
            self._fly(
                self._face(e.seat, e.card), src, self.hand_pos(e.seat, e.card), on_land=unhide
            )
            self._play("draw")
        elif isinstance(e, ev.CardsTaken):
            srcs = [self.discard_pos(e.index + i) for i in range(len(e.cards))]
            M.apply_event(e)
            self._sync_order()
            for src, card in zip(srcs, e.cards, strict=True):
                unhide = self._hide_hand(e.seat, card)
                img = self.art("mid" if e.seat != self.viewer else "hand").half(card)
                self._fly(img, src, self.hand_pos(e.seat, card), on_land=unhide)
            self._play("draw")
        elif isinstance(e, ev.MatchPlayed | ev.AutoMatched):
            srcs = [self.hand_pos(e.seat, c) for c in e.cards]
            M.apply_event(e)
            self._sync_order()
            dst = self.match_pos(e.seat, e.match)
            unhide = self._hide_match(e.seat, e.cards)
            size = "own" if e.seat == self.viewer else "opp"
            self._fly(self.art(size).match(*e.cards), srcs[0], dst, on_land=unhide)
            self._play("match")
        elif isinstance(e, ev.MatchUpgraded):
            src_card = self.hand_pos(e.seat, e.card)
            src_match = self.match_pos(e.owner, e.old_match)
            M.apply_event(e)
            self._sync_order()
            dst = self.match_pos(e.seat, e.match)
            unhide = self._hide_match(e.seat, e.cards)
            size = "own" if e.seat == self.viewer else "opp"
            self._fly(self.art(size).match(*e.cards), src_match, dst, on_land=unhide)
            self._fly(self._face(e.seat, e.card), src_card, dst, on_land=None)
            self._upgrade_src = src_match
            self._play("upgrade")
        elif isinstance(e, ev.CardReturned):
            src = getattr(self, "_upgrade_src", self.pile_pos_top())
            M.apply_event(e)
            self._sync_order()
            unhide = self._hide_hand(e.seat, e.card)
            self._fly(
                self.art("mid").half(e.card), src, self.hand_pos(e.seat, e.card), on_land=unhide
            )
        elif isinstance(e, ev.MatchesTraded):
            a_src = self.match_pos(e.seat, e.given_index)
            b_src = self.match_pos(e.other, e.taken_index)
            M.apply_event(e)
            a_dst = self.match_pos(e.other, len(M.matches[e.other]) - 1)
            b_dst = self.match_pos(e.seat, len(M.matches[e.seat]) - 1)
            u1 = self._hide_match(e.other, e.given)
            u2 = self._hide_match(e.seat, e.taken)
            self._fly(self.art("opp").match(*e.given), a_src, a_dst, on_land=u1)
            self._fly(self.art("opp").match(*e.taken), b_src, b_dst, on_land=u2)
            self._play("match")
        elif isinstance(e, ev.CardDiscarded):
            src = self.hand_pos(e.seat, e.card)
            M.apply_event(e)
            self._sync_order()
            self.hidden_discard[e.card] += 1
            self._fly(
                self.disc_art().half(e.card),
                src,
                self.discard_pos(len(M.discard) - 1),
                on_land=self._unhide_discard(e.card),
            )
            self._play("discard")
        elif isinstance(e, ev.NegativeFilled):
            M.apply_event(e)
            if e.reason == "perfect":
                src = self.score_pos(e.by) if e.by is not None else self.pile_pos_top()
                self._fly(self._chip(), src, self.score_pos(e.seat))
                self._play("penalty")
            else:
                self._begin_scoring()
                self.wait = dur * 0.5
        elif isinstance(e, ev.RowFilled):
            M.apply_event(e)
            self._begin_scoring()
            self.wait = dur * 0.4
        elif isinstance(e, ev.WentOut | ev.DrawPileEmptied):
            M.apply_event(e)
            self.wait = dur
        elif isinstance(e, ev.RoundScored):
            M.apply_event(e)
            self._play("round_end")
            self.wait = dur * 2
        else:
            M.apply_event(e)
        self.static_dirty = True

    def _from_pile(self, then: Callable[[], None]) -> Callable[[], None]:
        """The pile shows one more card until this dealt card lands."""
        self.pile_in_air += 1

        def landed() -> None:
            self.pile_in_air -= 1
            then()

        return landed

    def _unhide_discard(self, card: int) -> Callable[[], None]:
        def unhide() -> None:
            self.hidden_discard[card] -= 1

        return unhide

    def _begin_scoring(self) -> None:
        if not self.scoring:
            self.scoring = True
            self.show_sheets = True
            self.show_reference = False

    def _chip(self) -> pygame.Surface:
        r = max(10, self.fs)
        surf = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(surf, (200, 40, 40), (r, r), r)
        pygame.draw.circle(surf, (255, 255, 255), (r, r), r, 2)
        label = cardart.typeset.symbol("\u2212", int(r * 1.4), (255, 255, 255), True)
        surf.blit(label, label.get_rect(center=(r, r)))
        return surf

    def finish_animations(self) -> None:
        """Space / click: land every card now and play the queued events instantly."""
        self.hurry = True
        for f in self.flights:
            f.t = f.dur
            f.advance(0)
            f.on_land()
        self.flights = []
        self.wait = 0
        while self.pending and not self.hand_hidden:
            self.play_event(self.pending.pop(0))
            for f in self.flights:
                f.on_land()
            self.flights = []
            self.wait = 0
        self.hurry = False
        self.static_dirty = True

    # ================================================================== hot-seat and screens

    def _pass_to(self, seat: int) -> None:
        self.hand_hidden = True
        self.selected = None
        if self.app is not None:
            from .screens import PassScene

            self.app.push(PassScene(self, seat))

    def reveal(self, seat: int) -> None:
        """Called by the pass screen: ``seat`` now sits at the bottom of the table."""
        self.viewer = seat
        self.hand_hidden = False
        self.hand_covered = False
        self.order = []
        self.manual_order = False
        self._sync_order()
        self.static_dirty = True

    def _check_screens(self) -> None:
        s = self.state
        if self.busy() or self.app is None or self.app.scene is not self:
            return
        if s.phase in (ROUND_OVER, GAME_OVER) and self.summary_shown_for != s.round:
            self.summary_shown_for = s.round  # every round's summary, the last one too
            from .screens import RoundSummaryScene

            self.app.push(RoundSummaryScene(self))
        elif s.phase == GAME_OVER and not self.final_shown:
            self.final_shown = True
            self.show_sheets = self.scoring = False
            if self.on_game_over is not None:
                self.on_game_over(self)
            else:
                from .screens import FinalScene

                self.app.push(FinalScene(self))

    def next_round(self) -> None:
        """From the round summary: deal the next round."""
        self.show_sheets = False
        self.scoring = False
        self.try_action(Action.next_round())

    # ================================================================== update

    def animating(self) -> bool:
        return bool(self.flights or self.pending or self.wait > 0 or self.press is not None)

    def wake_in(self) -> float | None:
        s = self.state
        if s.current is not None and self.kinds[s.current] != "human":
            if self._bot_due is None:
                return self._bot_pause()
            left = self._bot_due - time.perf_counter()
            if left <= 0 and self._bot_future is not None and not self._bot_future.done():
                return 0.01  # still thinking
            return max(0.0, left)
        if s.phase == ROUND_OVER and not self.humans:
            return 0.5
        return None

    def _bot_pause(self) -> float:
        """A bot thinks a moment before its turn's first move, and half as long after."""
        pause = self.speed()[1]
        return pause if self.state.phase == START else pause * 0.5

    def update(self, dt: float) -> None:
        self.frame += 1
        for f in self.flights:
            f.advance(dt)
        landed = [f for f in self.flights if f.done]
        if landed:
            self.flights = [f for f in self.flights if not f.done]
            for f in landed:
                f.on_land()
        if self.wait > 0:
            self.wait = max(0.0, self.wait - dt)
        # Events play one after another; a deal's flights overlap by design.
        while self.pending and self.wait <= 0 and not self.flights and not self.hand_hidden:
            self.play_event(self.pending.pop(0))
        if self.busy() or self.hand_hidden:
            return
        self._check_screens()
        s = self.state
        if s.current is not None and self.kinds[s.current] != "human":
            now = time.perf_counter()
            if self._bot_due is None:
                self._bot_due = now + self._bot_pause()
                self._start_bot()  # thinks during the pause, off the drawing thread
            future = self._bot_future
            if now >= self._bot_due and future is not None and future.done():
                self._bot_due = None
                self._bot_future = None
                self.try_action(future.result())
        elif s.phase == ROUND_OVER and not self.humans and self.app is None:
            self.try_action(Action.next_round())

    # ================================================================== input

    def hit_at(self, pos: tuple[int, int], skip: tuple = ()) -> Hit | None:
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos) and h.key not in skip:
                return h
        return None

    def find_hit(self, kind: str, a: int = -1, b: int = -1) -> Hit | None:
        """The hit region of a thing (tests drive the mouse with it)."""
        if self.static_dirty or self.static is None:
            self._build_static()
        for h in self.hits:
            if h.kind == kind and (a == -1 or h.a == a) and (b == -1 or h.b == b):
                return h
        return None

    def hand_index(self, card: int) -> int:
        return self.order.index(card)

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.flights or self.pending:
                self.finish_animations()
                return
            self._mouse_down(event.pos)
        elif t == pygame.MOUSEMOTION and self.press is not None:
            self._mouse_move(event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            self._mouse_up(event.pos)
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
            self.static_dirty = True
        elif t == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event) -> None:
        k = event.key
        if k == pygame.K_SPACE:
            self.finish_animations()
        elif k == pygame.K_s:
            self.toggle_sort()
        elif k == pygame.K_h:
            self.hint()
        elif k == pygame.K_t:
            self.show_sheets = not self.show_sheets
            self.show_reference = False
            self.static_dirty = True
        elif k == pygame.K_r:
            self.show_reference = not self.show_reference
            self.show_sheets = False
            self.static_dirty = True
        elif k == pygame.K_d:
            self.click(Hit("pile", -1, -1, pygame.Rect(0, 0, 0, 0)))
        elif k == pygame.K_p:
            self.click_button("skip")
        elif k in (pygame.K_TAB,):
            items = [h for h in self.hits if h.kind not in ("hand_area", "discard_area")]
            if not items:
                return
            back = event.mod & pygame.KMOD_SHIFT
            cur = self.focus if self.focus is not None else (0 if back else -1)
            self.focus = (cur + (-1 if back else 1)) % len(items)
            self.static_dirty = True
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None:
            items = [h for h in self.hits if h.kind not in ("hand_area", "discard_area")]
            if items:
                self.click(items[self.focus % len(items)])
        elif k == pygame.K_ESCAPE:
            self.selected = None
            self.show_sheets = self.show_reference = False
            self.static_dirty = True
        elif pygame.K_1 <= k <= pygame.K_9:
            i = k - pygame.K_1
            if i < len(self.order):
                self.click(Hit("hand", i, -1, pygame.Rect(0, 0, 0, 0)))

    def _mouse_down(self, pos) -> None:
        if self.show_sheets or self.show_reference:
            hit = self.hit_at(pos)
            if hit is None or hit.kind != "button":
                self.show_sheets = self.show_reference = False
                self.static_dirty = True
                return
        hit = self.hit_at(pos)
        if hit is None:
            return
        self.press = Press(hit, pos)

    def _drag_source(self, hit: Hit):
        """Whether ``hit`` can be lifted now: (image, top-left, hidden keys) or None."""
        if not self.human_turn():
            return None
        s = self.state
        legal = s.legal_actions()
        if hit.kind == "hand" and hit.a < len(self.order):
            pos = self.hand_positions()[hit.a]
            return self.art("hand").half(self.order[hit.a]), pos, (("hand", hit.a),)
        if hit.kind == "pile" and Action.draw() in legal:
            return self.art("mid").back(), self.pile_pos_top(), ()
        if hit.kind == "discard" and s.phase == START:
            if Action.take(hit.a) not in legal:
                self.error = s.explain_illegal(Action.take(hit.a))
                self.static_dirty = True
                return None
            cards = self.model.discard[hit.a :]
            art = self.disc_art()
            img = pygame.Surface((art.w + (len(cards) - 1) * art.w // 3, art.h), pygame.SRCALPHA)
            for i, c in enumerate(cards):
                img.blit(art.half(c), (i * art.w // 3, 0))
            keys = tuple(("discard", j, -1) for j in range(hit.a, len(self.model.discard)))
            return img, self.discard_pos(hit.a), keys
        if hit.kind == "match" and hit.a == self.viewer and s.phase == WEAK_BONUS:
            cards = self.model.matches[hit.a][hit.b]
            return self.art("own").match(*cards), self.match_pos(hit.a, hit.b), (hit.key,)
        if hit.kind == "chip" and s.phase == PERFECT_BONUS:
            return self._chip(), hit.rect.topleft, (hit.key,)
        return None

    def _mouse_move(self, pos) -> None:
        p = self.press
        if p.sprite is None:
            if abs(pos[0] - p.pos[0]) + abs(pos[1] - p.pos[1]) < DRAG_THRESHOLD:
                return
            src = self._drag_source(p.hit)
            if src is None:
                return
            img, origin, hides = src
            p.sprite = cardart.CardSprite(img, origin)
            p.origin = origin
            p.offset = (p.pos[0] - origin[0], p.pos[1] - origin[1])
            p.hides = hides
            p.targets = frozenset(self._targets_for(p.hit))
            self.error = None
            self.hint_keys = frozenset()
            self.static_dirty = True
        p.sprite.move_to(pos[0] - p.offset[0], pos[1] - p.offset[1])

    def _mouse_up(self, pos) -> None:
        p = self.press
        self.press = None
        if p.sprite is None:
            hit = self.hit_at(pos)
            if hit is not None and hit.key == p.hit.key:
                self.click(hit)
            return
        self.static_dirty = True
        target = self.hit_at(pos, skip=p.hides + (p.hit.key,))
        action = self._drop_action(p.hit, target, pos)
        if action is None:
            self._send_back(p)
            return
        if action == "reorder":
            return
        if not self.try_action(action):
            self._send_back(p)

    def _send_back(self, p: Press) -> None:
        keys = p.hides + (p.hit.key,)
        self._returning = getattr(self, "_returning", Counter())
        for k in keys:
            self._returning[k] += 1

        def back() -> None:
            for k in keys:
                self._returning[k] -= 1

        self._fly(
            p.sprite.image,
            (p.sprite.x, p.sprite.y),
            p.origin,
            on_land=back,
            dur=max(0.12, self.speed()[0] * 0.7),
        )

    def _drop_action(self, src: Hit, target: Hit | None, pos):
        """The action a drop means (or "reorder", or None for 'no target: send back')."""
        s = self.state
        if target is None:
            return None
        if src.kind == "hand":
            card = self.order[src.a]
            if target.kind == "hand":
                other = self.order[target.a]
                if other >> 2 == card >> 2:
                    # same rank: a match (or, outside the play phase, an explained refusal)
                    return Action.match(card, other)
                return self._reorder(src.a, pos)
            if target.kind == "hand_area":
                return self._reorder(src.a, pos)
            if target.kind == "match":
                return Action.upgrade(card, target.a, target.b)
            if target.kind in ("discard", "discard_area", "pile"):
                return Action.discard(card)
            return None
        if src.kind == "pile" and target.kind in ("hand", "hand_area"):
            return Action.draw()
        if src.kind == "discard" and target.kind in ("hand", "hand_area"):
            return Action.take(src.a)
        if src.kind == "match" and target.kind == "match" and target.a != self.viewer:
            return Action.trade(src.b, target.a, target.b)
        if src.kind == "chip" and target.kind in ("seat", "match"):
            return Action.penalize(target.a)
        if s.phase == PLAY and src.kind == "pile":
            return Action.draw()
        return None

    def _reorder(self, index: int, pos) -> str:
        """Drop inside the hand: move the card to where it was dropped."""
        card = self.order.pop(index)
        half = self.art("hand").w // 2
        # the new place: after every card whose middle the drop point has passed, in
        # reading order (right to left in right-to-left languages)
        rtl = is_rtl()
        i = sum(
            1
            for x, _y in self.hand_positions()
            if (x + half > pos[0] if rtl else x + half < pos[0])
        )
        self.order.insert(i, card)
        self.manual_order = True
        self.selected = None
        self.static_dirty = True
        return "reorder"

    def _targets_for(self, src: Hit) -> set:
        """Keys of everything a drag from ``src`` may legally land on (they glow)."""
        legal = self.state.legal_actions()
        out: set = set()
        if src.kind == "hand":
            card = self.order[src.a]
            for a in legal:
                if a.kind == MATCH and card in (a.a, a.b):
                    other = a.b if a.a == card else a.a
                    for j, c in enumerate(self.order):
                        if c == other and j != src.a:
                            out.add(("hand", j, -1))
                elif a.kind == UPGRADE and a.a == card:
                    out.add(("match", a.b, a.c))
                elif a.kind == DISCARD and a.a == card:
                    out.add(("discard_area", -1, -1))
        elif src.kind in ("pile", "discard"):
            out.add(("hand_area", -1, -1))
        elif src.kind == "match":
            for a in legal:
                if a.kind == TRADE and a.a == src.b:
                    out.add(("match", a.b, a.c))
        elif src.kind == "chip":
            for a in legal:
                if a.kind == PENALIZE:
                    out.add(("seat", a.a, -1))
        return out

    def _action_keys(self, action: Action) -> list:
        k = action.kind
        if k == DRAW:
            return [("pile", -1, -1)]
        if k == TAKE:
            return [("discard", action.a, -1)]
        if k in (MATCH, UPGRADE, DISCARD):
            cards = [action.a, action.b] if k == MATCH else [action.a]
            keys = []
            used: set[int] = set()
            for c in cards:
                for j, x in enumerate(self.order):
                    if x == c and j not in used:
                        used.add(j)
                        keys.append(("hand", j, -1))
                        break
            if k == UPGRADE:
                keys.append(("match", action.b, action.c))
            if k == DISCARD:
                keys.append(("discard_area", -1, -1))
            return keys
        if k == PENALIZE:
            return [("seat", action.a, -1)]
        if k == TRADE:
            return [("match", self.viewer, action.a), ("match", action.b, action.c)]
        if k == PASS:
            return [("button", 0, -1)]
        return []

    def click_button(self, name: str) -> None:
        self._play("click")
        if name == "skip":
            if self.human_turn() and self.state.phase in (STRONG_BONUS, WEAK_BONUS):
                self.try_action(Action.pass_())
        elif name == "hint":
            self.hint()
        elif name == "sort":
            self.toggle_sort()
        elif name == "sheets":
            self.show_sheets = not self.show_sheets
            self.show_reference = False
        elif name == "rules":
            self.show_reference = not self.show_reference
            self.show_sheets = False
        elif name == "speed":
            order = list(SPEEDS)
            cur = getattr(self.settings, "speed", "normal")
            new = order[(order.index(cur) + 1) % len(order)] if cur in order else "normal"
            try:
                self.settings.speed = new
            except (AttributeError, TypeError):
                self.settings = TableSettings(
                    new,
                    getattr(self.settings, "sort_order", "rank"),
                    getattr(self.settings, "card_back", "blue"),
                )
        self.static_dirty = True

    def click(self, hit: Hit) -> None:
        """A click (or Enter on the focused thing): the click alternative of every drag."""
        self.static_dirty = True
        if hit.kind == "button":
            self.click_button(BUTTONS[hit.a][0])
            return
        if not self.human_turn():
            return
        s = self.state
        phase = s.phase
        sel = self.selected
        if hit.kind == "pile":
            self.try_action(Action.draw())
        elif hit.kind == "discard" or hit.kind == "discard_area":
            if phase == START and hit.kind == "discard":
                self.try_action(Action.take(hit.a))
            elif sel and sel[0] == "hand":
                self.try_action(Action.discard(self.order[sel[1]]))
            else:
                self.error = s.explain_illegal(Action.take(hit.a)) if phase == START else None
                self.note = None if phase == START else _("Pick a card from your hand first.")
        elif hit.kind == "hand":
            if sel and sel[0] == "hand" and sel[1] != hit.a and sel[1] < len(self.order):
                a, b = self.order[sel[1]], self.order[hit.a]
                if a >> 2 == b >> 2:
                    self.try_action(Action.match(a, b))
                    return
            self.selected = None if sel == ("hand", hit.a) else ("hand", hit.a)
            self.error = None
        elif hit.kind == "match":
            if phase == WEAK_BONUS:
                if hit.a == self.viewer:
                    self.selected = None if sel == ("match", hit.b) else ("match", hit.b)
                elif sel and sel[0] == "match":
                    self.try_action(Action.trade(sel[1], hit.a, hit.b))
                else:
                    self.note = _("Pick one of your matches first, then theirs.")
            elif sel and sel[0] == "hand":
                self.try_action(Action.upgrade(self.order[sel[1]], hit.a, hit.b))
            elif phase == PERFECT_BONUS:
                self.try_action(Action.penalize(hit.a))
            else:
                self.note = _("Pick a card from your hand first, then the match to upgrade.")
        elif hit.kind == "seat":
            if phase == PERFECT_BONUS:
                self.try_action(Action.penalize(hit.a))
        elif hit.kind == "chip":
            self.note = _("Drag the chip onto a player, or click their seat.")

    # ================================================================== drawing

    def _seat_header(self, surf, seat: int, r: pygame.Rect, fs: int, score_room: int) -> None:
        """A seat's name (on the reading side, leaving ``score_room`` pixels) and its score
        (at the other end)."""
        name_box = widgets.mirror(pygame.Rect(r.left, r.top, r.width - score_room + 16, r.h), r)
        widgets.line(surf, self.names[seat], name_box, r.top + 4, fs, widgets.INK, True, pad=8)
        widgets.line(
            surf, str(self.model.score(seat)), r, r.top + 4, fs, widgets.GOLD, True, 8, end=True
        )

    def _build_static(self) -> None:
        W, H = self.size
        if self.static is None or self.static.get_size() != (W, H):
            self.static = pygame.Surface((W, H)).convert()
        surf = self.static
        surf.blit(cardart.felt((W, H)), (0, 0))
        self.hits = []
        glow = self.press.targets if self.press is not None and self.press.sprite else frozenset()
        hide = set(self.press.hides) if self.press is not None and self.press.sprite else set()
        hide |= {k for k, v in getattr(self, "_returning", Counter()).items() if v > 0}
        self._glow_keys = glow
        self._hide_keys = hide
        self._draw_opponents(surf)
        self._draw_center(surf)
        self._draw_prompt(surf)
        self._draw_own(surf)
        self._draw_side(surf)
        if self.show_sheets:
            self._draw_sheets(surf)
        elif self.show_reference:
            sheets.draw_reference(surf, self.table_rect.inflate(-2 * self.m, -2 * self.m))
        if self.hand_hidden:
            widgets.panel(surf, pygame.Rect(0, 0, W, H), (0, 20, 10, 235), 0)
        if self.focus is not None:
            items = [h for h in self.hits if h.kind not in ("hand_area", "discard_area")]
            if items:
                r = items[self.focus % len(items)].rect
                pygame.draw.rect(surf, (120, 200, 255), r.inflate(6, 6), 3, border_radius=6)
        self.static_dirty = False
        self.builds += 1

    def _glow(self, surf, key, rect: pygame.Rect, art: cardart.CardArt) -> None:
        colour = None
        if key in self._glow_keys:
            colour = GLOW
        elif key in self.hint_keys:
            colour = HINT_GLOW
        if colour is not None:
            g = art.glow(rect.width, rect.height, colour)
            surf.blit(g, g.get_rect(center=rect.center))

    def _draw_opponents(self, surf) -> None:
        fs = self.fs
        cur = self.state.current if not self.busy() else self.model.current
        for seat in self.opponents():
            r = self.seat_rect(seat)
            active = seat == cur
            widgets.panel(surf, r, (60, 50, 10, 170) if active else (0, 30, 18, 150), 10)
            if active:
                pygame.draw.rect(surf, widgets.GOLD, r, 2, border_radius=10)
            self.hits.append(Hit("seat", seat, -1, r))
            if ("seat", seat, -1) in self._glow_keys or ("seat", seat, -1) in self.hint_keys:
                pygame.draw.rect(surf, GLOW, r.inflate(4, 4), 4, border_radius=12)
            kind = self.kinds[seat]
            label = _("human") if kind == "human" else _(kind)
            self._seat_header(surf, seat, r, fs, 70)
            hand = self.model.hands[seat]
            shown = len(hand) - sum(self.hidden[seat].values())
            facts = [label, ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand))]
            if seat == self.model.dealer:
                facts.append(_("dealer"))
            info = i18n.join_facts(facts)
            widgets.line(
                surf, info, r, r.top + 4 + int(fs * 1.35), int(fs * 0.85), widgets.DIM, pad=8
            )
            back = self.art("back").back()
            for i in range(max(0, shown)):
                surf.blit(back, self._back_pos(seat, i))
            self._draw_matches(surf, seat, self.art("opp"))

    def _draw_matches(self, surf, seat: int, art: cardart.CardArt) -> None:
        hidden = Counter()
        shown = []
        for m, cards in enumerate(self.model.matches[seat]):
            key = ("match", seat, m)
            if key in self._hide_keys:
                continue
            hk = (seat, tuple(cards))
            if self.hidden_matches[hk] - hidden[hk] > 0:
                hidden[hk] += 1
                continue
            shown.append((m, cards))
        for m, cards in _screen_order(shown):
            key = ("match", seat, m)
            pos = self.match_pos(seat, m)
            img = art.match(*cards)
            rect = img.get_rect(topleft=pos)
            self._glow(surf, key, rect, art)
            if self.selected == ("match", m) and seat == self.viewer:
                g = art.glow(rect.width, rect.height, SELECT_GLOW)
                surf.blit(g, g.get_rect(center=rect.center))
            surf.blit(img, pos)
            self.hits.append(Hit("match", seat, m, rect))

    def _draw_center(self, surf) -> None:
        fs = self.fs
        art = self.art("mid")
        # the draw pile
        k = self.model.draw_pile + self.pile_in_air
        x, y = self.pile_pos
        for i in range(min(6, k // 12) + (1 if k else 0)):
            surf.blit(art.back(), (x - i, y - i))
        prect = pygame.Rect(self.pile_pos_top(), art.size)
        if k:
            self._glow(surf, ("pile", -1, -1), prect, art)
            if ("pile", -1, -1) in self.hint_keys or ("pile", -1, -1) in self._glow_keys:
                surf.blit(art.back(), prect.topleft)
            self.hits.append(Hit("pile", -1, -1, prect))
        widgets.text(
            surf,
            _("Pile: {n}").format(n=k),
            (x + art.w // 2, y + art.h + 2),
            int(fs * 0.85),
            widgets.INK,
            # centred under the pile, kept inside the window
            width=2 * min(x + art.w // 2, self.window.right - x - art.w // 2) - 2,
            anchor="midtop",
        )
        # the discard row, spread so every card shows (R4.3)
        dr = self.discard_rect
        area_key = ("discard_area", -1, -1)
        if area_key in self._glow_keys or area_key in self.hint_keys:
            pygame.draw.rect(
                surf, GLOW if area_key in self._glow_keys else HINT_GLOW, dr, 3, border_radius=8
            )
        else:
            pygame.draw.rect(surf, (255, 255, 255, 40), dr, 1, border_radius=8)
        self.hits.append(Hit("discard_area", -1, -1, dr))
        dragging = self.press is not None and self.press.sprite is not None
        legal = [] if dragging else self.legal()  # while dragging only targets glow
        takeable = {a.a for a in legal if a.kind == TAKE}
        hidden = Counter()
        n = len(self.model.discard)
        art = self.disc_art()
        shown = []
        for i, card in enumerate(self.model.discard):
            if ("discard", i, -1) in self._hide_keys:
                continue
            if self.hidden_discard[card] - hidden[card] > 0 and i >= n - 4:
                hidden[card] += 1
                continue
            shown.append((i, card))
        for i, card in _screen_order(shown):
            pos = self.discard_pos(i)
            rect = pygame.Rect(pos, art.size)
            if i in takeable:
                g = art.glow(art.w, art.h, (250, 250, 210))
                surf.blit(g, g.get_rect(center=rect.center))
            self._glow(surf, ("discard", i, -1), rect, art)
            surf.blit(art.half(card), pos)
            self.hits.append(Hit("discard", i, -1, rect))
        if not n:
            widgets.text(surf, _("Discard row"), dr.center, fs, widgets.DIM, anchor="center")

    def _draw_prompt(self, surf) -> None:
        text, colour = self.prompt()
        r = self.prompt_rect
        if text:
            widgets.panel(surf, r, (0, 0, 0, 110), 8)
            lines = cardart.typeset.wrap(text, self.fs, r.width - 20)[:2]
            for i, line in enumerate(lines):
                y = r.top + 4 + i * int(self.fs * 1.25)
                widgets.line(surf, line, r, y, self.fs, colour, pad=10)
        if self.human_turn() and self.state.phase == PERFECT_BONUS:
            chip = self._chip()
            rect = widgets.mirror(chip.get_rect(midright=(r.right - 10, r.centery)), r)
            if ("chip", -1, -1) not in self._hide_keys:
                surf.blit(chip, rect)
            self.hits.append(Hit("chip", -1, -1, rect))

    def _draw_own(self, surf) -> None:
        v = self.viewer
        if self.hand_hidden:
            return
        self._draw_matches(surf, v, self.art("own"))
        if not self.model.matches[v]:
            y = self.own_rect.centery - int(self.fs * 0.7)
            widgets.line(surf, _("Your matches"), self.own_rect, y, self.fs, widgets.DIM)
        self.hits.append(Hit("hand_area", -1, -1, self.hand_rect))
        if ("hand_area", -1, -1) in self._glow_keys:
            pygame.draw.rect(surf, GLOW, self.hand_rect, 3, border_radius=10)
        art = self.art("hand")
        positions = self.hand_positions()
        hidden = Counter()
        dragging = self.press is not None and self.press.sprite is not None
        must = self.state.must_use if self.human_turn() and not dragging else None
        shown = []
        for i, card in enumerate(self.order):
            if ("hand", i, -1) in self._hide_keys:
                continue
            if self.hidden[v][card] - hidden[card] > 0:
                hidden[card] += 1
                continue
            shown.append((i, card))
        for i, card in _screen_order(shown):
            rect = pygame.Rect(positions[i], art.size)
            self._glow(surf, ("hand", i, -1), rect, art)
            if (self.selected == ("hand", i) and not dragging) or card == must:
                g = art.glow(art.w, art.h, SELECT_GLOW if card != must else (255, 160, 80))
                surf.blit(g, g.get_rect(center=rect.center))
            if self.hand_covered:
                surf.blit(self.art("hand").back(), rect)
                continue
            surf.blit(art.half(card), rect)
            self.hits.append(Hit("hand", i, -1, rect))

    def _draw_side(self, surf) -> None:
        side, fs, m = self.side, self.fs, self.m
        widgets.panel(surf, side, (0, 18, 10, 200), 0)
        y = m
        s = self.model
        widgets.line(surf, _("Round {n} of 3").format(n=s.round), side, y, fs, widgets.INK, True, m)
        y += int(fs * 1.5)
        bw = (side.width - 3 * m) // 2
        bh = int(fs * 2)
        self.buttons = {}
        for i, (name, label, key) in enumerate(BUTTONS):
            if name == "speed":
                label = _("Speed: {s}").format(s=_(getattr(self.settings, "speed", "normal")))
            elif name == "sort":
                label = (
                    _("By suit")
                    if getattr(self.settings, "sort_order", "rank") == "rank"
                    else _("By rank")
                )
            else:
                label = _(label)
            r = widgets.mirror(
                pygame.Rect(
                    side.left + m + (i % 2) * (bw + m), y + (i // 2) * (bh + m // 2), bw, bh
                ),
                side,
            )
            enabled = True
            if name == "skip":
                enabled = self.human_turn() and self.state.phase in (STRONG_BONUS, WEAK_BONUS)
            if name == "hint":
                enabled = self.human_turn()
            b = widgets.Button(name, label, r, enabled, key)
            b.hot = name == "skip" and enabled
            if ("button", i, -1) in self.hint_keys:
                pygame.draw.rect(surf, HINT_GLOW, r.inflate(6, 6), 3, border_radius=8)
            b.draw(surf)
            self.buttons[name] = b
            self.hits.append(Hit("button", i, -1, r))
        y += ((len(BUTTONS) + 1) // 2) * (bh + m // 2) + m
        # the game log: every action of every player in words
        widgets.line(surf, _("Log"), side, y, int(fs * 0.9), widgets.DIM, True, m)
        y += int(fs * 1.3)
        own = self.seat_rect(self.viewer)
        log_rect = pygame.Rect(side.left + m, y, side.width - 2 * m, own.top - y - m)
        lfs = max(11, int(fs * 0.78))
        lines: list[str] = []
        cap = max(0, log_rect.height // int(lfs * 1.25))
        for entry in reversed(self.log[-40:]):  # the newest entries that fit, whole
            wrapped = cardart.typeset.wrap(entry, lfs, log_rect.width)
            if len(lines) + len(wrapped) > cap:
                break
            lines[:0] = wrapped
        ly = log_rect.top
        for line in lines:
            widgets.line(surf, line, log_rect, ly, lfs, (215, 225, 215))
            ly += int(lfs * 1.25)
        # your own seat: name and score
        v = self.viewer
        active = v == self.model.current
        widgets.panel(surf, own, (60, 50, 10, 200) if active else (0, 40, 20, 200), 8)
        self._seat_header(surf, v, own, fs, 80)
        held = len(self.model.hands[v])
        facts = [ngettext("{n} card", "{n} cards", held).format(n=held)]
        if v == self.model.dealer:
            facts.append(_("dealer"))
        sub = i18n.join_facts(facts)
        widgets.line(
            surf, sub, own, own.top + 4 + int(fs * 1.3), int(fs * 0.85), widgets.DIM, pad=8
        )
        self.hits.append(Hit("seat", v, -1, own))

    def _draw_sheets(self, surf) -> None:
        area = self.table_rect.inflate(-2 * self.m, -2 * self.m)
        widgets.panel(surf, area, (0, 0, 0, 170), 10)
        order = [self.viewer, *self.opponents()]
        rects = sheets.sheets_layout(area.inflate(-8, -8), self.n)
        for r, seat in zip(rects, order, strict=True):
            new = self.model.round_rows[seat] if self.scoring else None
            sheets.draw_sheet(
                surf,
                r,  # your own sheet first: on the right in Persian
                self.names[seat],
                self.model.rows[seat],
                self.model.negatives[seat],
                new,
                self.model.round_negatives[seat] if self.scoring else 0,
            )

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        full = False
        if self.static_dirty or self.static is None:
            self._build_static()
            full = True
        if self.app is not None and self.app.full_redraw:
            full = True
        rects: list[pygame.Rect] = []
        if full:
            surface.blit(self.static, (0, 0))
        else:
            for r in self.dyn_rects:
                surface.blit(self.static, r, r)
            rects.extend(self.dyn_rects)
        new: list[pygame.Rect] = []
        for f in self.flights:
            if f.t >= 0:
                new.append(surface.blit(f.sprite.image, f.sprite.rect))
        if self.press is not None and self.press.sprite is not None:
            sp = self.press.sprite
            new.append(surface.blit(sp.image, sp.rect))
        self.dyn_rects = [r.inflate(2, 2) for r in new]
        rects.extend(self.dyn_rects)
        return None if full else rects


BUTTONS: tuple[tuple[str, str, str], ...] = (
    ("skip", N_("Skip"), "P"),
    ("hint", N_("Hint"), "H"),
    ("sort", N_("Sort"), "S"),
    ("sheets", N_("Sheets"), "T"),
    ("rules", N_("Reference"), "R"),
    ("speed", N_("Speed"), ""),
)


def _screen_order(items: list) -> list:
    """Rows of cards are drawn from the left of the screen, so each card's rank corner
    (top left) stays above the card before it: reversed when the row runs right to left."""
    return items[::-1] if is_rtl() else items


def _type(t: MatchType) -> str:
    return {
        MatchType.WEAK: _("weak"),
        MatchType.STRONG: _("strong"),
        MatchType.PERFECT: _("perfect"),
    }[t]


__all__ = ["TableScene", "TableSettings", "Hit", "SPEEDS", "RANKS", "SUIT_SYMBOLS", "NEXT_ROUND"]
