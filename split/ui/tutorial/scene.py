"""The tutorial at the real table: a coach panel, the targets of each step glowing, a
move that is not the step's explained and refused, Ada's moves scripted, Skip and Esc.

    app.push(TutorialTable(settings, sound, on_close=...))
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import pygame

from split.engine.actions import Action
from split.i18n.words import Words

from .. import typeset, widgets
from ..table import TableScene
from ..table.gestures import action_keys
from ..table.narration import not_now
from .script import ADA, ADA_TURN, DONE, YOU, Step, load_deal, step_at

COACH_BG = (250, 244, 222, 240)
COACH_INK = (30, 30, 30)
COACH_EDGE = (214, 170, 52)
PULSE = (255, 214, 70)
PULSE_FRAME = 1 / 20  # seconds between two frames of the pulse


class TutorialTable(TableScene):
    """A scripted round against Ada that walks you through every kind of move.

    Each of your steps waits for you to do it with the mouse (or keys), its targets
    lit; any other legal move is refused with a word on what the step asks. Ada's moves
    come from the script. When the round ends the score sheets open on the table under
    the coach's last words; Finish (or Skip, or Esc at any time) closes the tutorial.
    """

    def __init__(
        self,
        settings: Any = None,
        sound: Any = None,
        on_close: Callable[[bool], None] | None = None,
    ) -> None:
        super().__init__(
            load_deal(),
            [("You", "human"), ("Ada", "normal")],
            settings=settings,
            sound=sound,
            choose_bot=self._ada,
        )
        self.on_close = on_close  # called with True when the round was played to its end
        self.skip_button: widgets.Button | None = None
        self.wrong: Words | None = None  # what the last refused move was, worded when drawn
        self.clock: Callable[[], float] = time.monotonic  # the pulse's time

    # ------------------------------------------------------------------ the script

    def step(self) -> Step | None:
        """The step to play now."""
        return step_at(len(self.game.actions))

    def _ada(self, seat: int) -> Action:
        step = self.step()
        assert step is not None and step.seat == ADA == seat, step
        return step.parsed

    def coach(self) -> str:
        """What the coach says now."""
        step = self.step()
        if step is None:
            return typeset._(DONE)
        if step.seat == ADA:
            return typeset._(ADA_TURN)
        wrong = self.wrong.text(self.names_in_text()) if self.wrong is not None else ""
        return f"{wrong} {step.words()}".strip()

    def try_action(self, action: Action) -> bool:
        step = self.step()
        if step is not None and step.seat == YOU and self.state.current == YOU:
            if action != step.parsed:
                self.invalidate()
                if action in self.state.legal_actions():  # legal, but not this lesson
                    self.wrong = not_now(action, tuple(self.model.discard), YOU)
                    self.play_sound("click")
                    return False
                return super().try_action(action)  # illegal: the table says why
            self.wrong = None
        return super().try_action(action)

    def can_undo(self) -> bool:
        return False  # the script goes one way

    def update(self, dt: float) -> None:
        super().update(dt)
        step = self.step()
        if step is not None and step.seat == YOU and self.human_turn() and not self.hint_keys:
            self.hint_keys = frozenset(action_keys(step.parsed, self.hand.cards, self.viewer))
            self.invalidate()

    def _check_screens(self) -> None:
        """At the end of the round the score sheets open on the table, the boxes this
        round filled lit, under the coach's last words (no summary screen)."""
        if self.step() is None and not self.busy() and not self.show_sheets:
            self.show_sheets = self.scoring = True
            self.invalidate()

    def finish(self, finished: bool) -> None:
        """Leave the tutorial (``finished``: its round was played to the end)."""
        if self.app is not None:
            self.app.pop_from(self)
        if self.on_close is not None:
            self.on_close(finished)

    # ------------------------------------------------------------------ the coach

    def coach_rect(self) -> pygame.Rect:
        """Beside the top seat, on the reading side: nothing there to hide."""
        lay = self.layout
        seat = lay.seats[0]
        table = lay.table_rect
        width = (table.width - seat.width) // 2 - 2 * lay.m
        r = pygame.Rect(table.left + lay.m, lay.m, width, seat.height)
        return widgets.mirror(r, table)

    def wake_in(self) -> float | None:
        due = super().wake_in()
        if self.hint_keys and self.human_turn():  # the step's targets pulse
            return PULSE_FRAME if due is None else min(due, PULSE_FRAME)
        return due

    def pulse(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """A gold ring that breathes around each target of the step, over the table's
        own glow: the eye finds it at once. Returns the rectangles drawn."""
        static = self.renderer.static
        if not self.hint_keys or static is None or not self.human_turn():
            return []
        alpha = int(120 + 110 * (0.5 + 0.5 * math.sin(self.clock() * 4.0)))
        drawn = []
        for hit in self.renderer.hits:
            if hit.key not in self.hint_keys:
                continue
            r = hit.rect.inflate(12, 12).clip(surface.get_rect())
            surface.blit(static, r, r)  # last frame's ring goes before this one comes
            ring = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(ring, (*PULSE, alpha), ring.get_rect(), 4, border_radius=9)
            surface.blit(ring, r)
            drawn.append(r)
        return drawn

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        rects = super().draw(surface)
        ring = self.pulse(surface)
        if rects is not None:
            rects.extend(ring)
        box = self.coach_rect()
        fs = self.layout.fs
        widgets.panel(surface, box, COACH_BG, 10)
        pygame.draw.rect(surface, COACH_EDGE, box, 2, border_radius=10)
        button = pygame.Rect(0, 0, min(box.width - 16, fs * 9), int(fs * 1.8))
        button.bottomright = (box.right - 8, box.bottom - 8)
        label = typeset._("Finish") if self.step() is None else typeset._("Skip tutorial")
        self.skip_button = widgets.Button("skip-tutorial", label, button)
        self.skip_button.rect = widgets.mirror(button, box)
        self.skip_button.draw(surface)
        text = box.inflate(-16, -12)
        text.height = self.skip_button.rect.top - text.top - 4
        size = fs
        while size > 10 and len(typeset.wrap(self.coach(), size, text.width)) * size * 1.3 > (
            text.height
        ):
            size -= 1
        widgets.paragraph(surface, self.coach(), text, size, COACH_INK)
        if rects is not None:
            rects.append(box)
        return rects

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.finish(False)
            return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.skip_button is not None
            and self.skip_button.rect.collidepoint(event.pos)
        ):
            self.finish(self.step() is None)
            return
        super().handle_event(event)
