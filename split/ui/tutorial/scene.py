"""The tutorial at the real table: a coach panel, the targets of each step glowing, a
move that is not the step's explained and refused, Ada's moves scripted, Skip and Esc.

    app.push(tutorial_table(settings, sound, on_close=...))

The table is the game's own; what the tutorial changes is its :class:`Lesson`, the
table's policy (:mod:`split.ui.table.policy`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Literal

import pygame

from split.engine.actions import Action, ActionKind
from split.engine.state import ROUND_OVER
from split.i18n.words import Words

from .. import typeset, widgets
from ..table import TableScene
from ..table.gestures import action_keys
from ..table.intents import Key
from ..table.narration import not_now
from ..table.policy import Ending, Plain
from ..table.render import button_key
from ..table.settings import Settings
from .script import (
    ADA,
    ADA_TURN,
    ASK_HINT,
    ASK_UNDO,
    DONE,
    EARLY,
    HINT_AT,
    UNDO_AFTER,
    YOU,
    Step,
    load_deal,
    step_at,
)

COACH_BG = (250, 244, 222, 240)
COACH_INK = (30, 30, 30)
COACH_EDGE = (214, 170, 52)
PULSE = (255, 214, 70)
PULSE_FRAME = 1 / 20  # seconds between two frames of the pulse
Ask = Literal["hint", "undo"]  # a button the lesson asks you to press, named as the button
ASK_WORDS: dict[Ask, str] = {"hint": ASK_HINT, "undo": ASK_UNDO}
ASKED = frozenset(button_key(a) for a in ASK_WORDS)  # they pulse while asked
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)  # press the coach's button at a round's end


class Lesson(Plain[TableScene]):
    """The tutorial's policy: a scripted round against Ada that walks you through every
    kind of move, and a short second one where she goes out early (R7).

    Each of your steps waits for you to do it with the mouse (or keys), its targets
    lit; any other legal move is refused with a word on what the step asks. Twice the
    lesson asks for a button instead (:meth:`asks`): Undo, to take your nines back
    once, and Hint, which shows the step. Ada's moves come from the script. When a
    round ends the score sheets open on the table under the coach's words; the coach's
    button (or Enter) deals the second round, then Finish closes the tutorial (Skip,
    or Esc at any time, leaves it).
    """

    def __init__(self, on_close: Callable[[bool], None] | None = None) -> None:
        self.on_close = on_close  # called with True when the round was played to its end
        self.taught: set[Ask] = set()  # the asks answered
        self.skip_button: widgets.Button | None = None
        self.wrong: Words | None = None  # what the last refused move was, worded when drawn
        self.clock: Callable[[], float] = time.monotonic  # the pulse's time

    # ------------------------------------------------------------------ the script

    def step(self, table: TableScene) -> Step | None:
        """The step to play now."""
        return step_at(table.source.moves())

    def asks(self, table: TableScene) -> Ask | None:
        """What the lesson asks of you now instead of a move, once each: "undo" after
        your nines (take them back), "hint" before you take from the discard row."""
        if table.state.current != YOU:
            return None
        moves = table.source.moves()
        if moves == UNDO_AFTER + 1 and "undo" not in self.taught:
            return "undo"
        if moves == HINT_AT and "hint" not in self.taught:
            return "hint"
        return None

    def ada(self, table: TableScene) -> Action:
        """Ada's scripted move."""
        step = self.step(table)
        assert step is not None and step.seat == ADA, step
        return step.parsed

    def coach(self, table: TableScene) -> str:
        """What the coach says now."""
        step = self.step(table)
        if step is None:
            return typeset._(EARLY)
        if step.seat == ADA:
            return step.words() if step.say else typeset._(ADA_TURN)
        if table.state.phase == ROUND_OVER:  # the sheets are open: how they scored
            return f"{typeset._(DONE)} {step.words()}"
        wrong = self.wrong.text(table.names_in_text()) if self.wrong is not None else ""
        ask = self.asks(table)
        words = step.words() if ask is None else typeset._(ASK_WORDS[ask])
        return f"{wrong} {words}".strip()

    def deals(self, table: TableScene) -> bool:
        """Whether the step is to deal the next round (the coach's button does it)."""
        step = self.step(table)
        return step is not None and step.parsed.kind is ActionKind.NEXT_ROUND

    def vet(self, table: TableScene, action: Action) -> bool:
        step = self.step(table)
        if step is not None and step.seat == YOU and table.state.current == YOU:
            if action != step.parsed or self.asks(table) is not None:
                self.wrong = not_now(action, tuple(table.model.discard), YOU)
                return False
            self.wrong = None
        return True

    def may_undo(self, table: TableScene) -> bool:
        return self.asks(table) == "undo"  # else the script goes one way

    def hint_asked(self, table: TableScene) -> Action | None:
        """The hint shows the step (the expert might choose another move, which the
        lesson would refuse)."""
        if self.asks(table) == "hint":
            self.taught.add("hint")
            self.wrong = None
        step = self.step(table)
        return step.parsed if step is not None and step.seat == YOU else None

    def recorded(self, table: TableScene, action: Action | None) -> None:
        if action is None:  # your nines taken back: now the step again
            self.taught.add("undo")
            self.wrong = None

    def lit(self, table: TableScene) -> frozenset[Key] | None:
        step = self.step(table)
        if step is None or step.seat != YOU:
            return None
        ask = self.asks(table)
        if ask is not None:
            return frozenset({button_key(ask)})
        if table.ui.hint_keys - ASKED:  # what the hint lit stays lit
            return None
        return frozenset(action_keys(step.parsed, table.hand.cards, table.viewer))

    def end_screens(self, table: TableScene) -> Ending:
        """At the end of a round the score sheets open on the table, the boxes this
        round filled lit, under the coach's words (no summary screen)."""
        return "sheets" if table.state.phase == ROUND_OVER else "wait"

    def finish(self, table: TableScene, finished: bool) -> None:
        """Leave the tutorial (``finished``: its round was played to the end)."""
        if table.app is not None:
            table.app.pop_from(table)
        if self.on_close is not None:
            self.on_close(finished)

    # ------------------------------------------------------------------ the coach

    def coach_rect(self, table: TableScene) -> pygame.Rect:
        """At the foot of the side panel, as tall as its words: the table is all the
        game's (Ada's board spans the top row), nothing the coach talks about is under
        it, and the log keeps its newest lines above it (:meth:`log_foot`). Over the
        score sheets at the round's end, it covers no name and no row."""
        lay = table.layout
        side = lay.side.inflate(-2 * lay.m, -2 * lay.m)
        lines = typeset.wrap(self.coach(table), lay.fs, side.width - 16)
        h = min(side.height // 2, int((len(lines) * 1.3 + 3.5) * lay.fs) + 24)
        return pygame.Rect(side.left, side.bottom - h, side.width, h)

    def log_foot(self, table: TableScene) -> int:
        return self.coach_rect(table).height + table.layout.m

    def wake_in(self, table: TableScene) -> float | None:
        if table.ui.hint_keys and table.human_turn():  # the step's targets pulse
            return PULSE_FRAME
        return None

    def pulse(self, table: TableScene, surface: pygame.Surface) -> list[pygame.Rect]:
        """A gold ring that breathes around each target of the step, over the table's
        own glow: the eye finds it at once. Returns the rectangles drawn."""
        static = table.renderer.static
        if not table.ui.hint_keys or static is None or not table.human_turn():
            return []
        alpha = int(120 + 110 * (0.5 + 0.5 * math.sin(self.clock() * 4.0)))
        drawn = []
        for hit in table.renderer.hits:
            if hit.key not in table.ui.hint_keys:
                continue
            r = hit.rect.inflate(12, 12).clip(surface.get_rect())
            surface.blit(static, r, r)  # last frame's ring goes before this one comes
            ring = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(ring, (*PULSE, alpha), ring.get_rect(), 4, border_radius=9)
            surface.blit(ring, r)
            drawn.append(r)
        return drawn

    def draw(self, table: TableScene, surface: pygame.Surface) -> list[pygame.Rect]:
        """The pulse and the coach's panel, over the table and under what flies or is
        dragged."""
        drawn = self.pulse(table, surface)
        box = self.coach_rect(table)
        fs = table.layout.fs
        widgets.panel(surface, box, COACH_BG, 10)
        pygame.draw.rect(surface, COACH_EDGE, box, 2, border_radius=10)
        w, h = min(box.width - 16, fs * 9), int(fs * 1.8)
        button = pygame.Rect(box.right - 8 - w, box.bottom - 8 - h, w, h)
        if self.deals(table):
            label = typeset._("Next round")
        else:
            label = typeset._("Finish") if self.step(table) is None else typeset._("Skip tutorial")
        self.skip_button = widgets.Button("skip-tutorial", label, widgets.mirror(button, box))
        self.skip_button.draw(surface)
        inner = box.inflate(-16, -12)
        text = pygame.Rect(inner.left, inner.top, inner.width, button.top - inner.top - 4)
        words = self.coach(table)
        size = fs
        while size > 10 and len(typeset.wrap(words, size, text.width)) * size * 1.3 > (text.height):
            size -= 1
        widgets.paragraph(surface, words, text, size, COACH_INK)
        return [*drawn, box]

    def handle(self, table: TableScene, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.finish(table, False)
            return True
        at_end = table.state.phase == ROUND_OVER and not table.busy()
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.skip_button is not None
            and self.skip_button.rect.collidepoint(event.pos)
        ) or (at_end and event.type == pygame.KEYDOWN and event.key in ENTER_KEYS):
            self.press(table)
            return True
        return False

    def press(self, table: TableScene) -> None:
        """The coach's button: deal the second round, or finish, or skip."""
        if self.deals(table):
            self.wrong = None
            table.next_round()
        else:
            self.finish(table, self.step(table) is None)


def tutorial_table(
    settings: Settings | None = None,
    sound: Any = None,
    on_close: Callable[[bool], None] | None = None,
) -> TableScene:
    """The game's own table on the tutorial's deal, with a :class:`Lesson` as its
    policy (Ada's moves come from the lesson's script); :func:`lesson_of` finds it."""
    lesson = Lesson(on_close)
    table = TableScene(
        load_deal(),
        [("You", "human"), ("Ada", "normal")],
        settings=settings,
        sound=sound,
        choose_bot=lambda seat: lesson.ada(table),
        policy=lesson,
    )
    return table


def lesson_of(scene: object) -> Lesson | None:
    """The lesson a table is playing, or None for any other table (or screen)."""
    if isinstance(scene, TableScene) and isinstance(scene.policy, Lesson):
        return scene.policy
    return None
