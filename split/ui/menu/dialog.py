"""A question with two answers, over the screen that asked it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import typeset, widgets
from ..backdrop import backdrop, card_fan
from .context import MenuContext
from .scene import MenuScene


class ConfirmScene(MenuScene):
    """``question`` with a Yes button (``yes`` label, runs ``on_yes``) and a No button
    (``no`` label, runs ``on_no`` if given) that goes back to the screen below; Esc goes
    back without an answer."""

    def __init__(
        self,
        ctx: MenuContext,
        question: str,
        yes: str,
        no: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.question, self.yes, self.no = question, yes, no
        self.on_yes, self.on_no = on_yes, on_no
        self.focus = 1  # the safe answer first

    def box(self) -> pygame.Rect:
        W, H = self.size
        fs = self.fs()
        r = pygame.Rect(0, 0, min(W - 40, fs * 34), fs * 11)
        r.center = (W // 2, H // 2)
        return r

    def layout(self) -> None:
        fs = self.fs()
        box = self.box()
        w = (box.width - fs * 3) // 2
        yes = pygame.Rect(box.left + fs, box.bottom - fs * 3, w, int(fs * 2.2))
        no = yes.move(w + fs, 0)
        self.buttons = [
            widgets.Button("yes", self.yes, widgets.mirror(yes, box)),
            widgets.Button("no", self.no, widgets.mirror(no, box)),
        ]

    def render(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        fs = self.fs()
        box = self.box()
        fan = card_fan(max(40, min(int((box.top - 2 * fs) / 1.6), self.size[1] // 4)))
        if box.top - fan.get_height() >= fs:  # a hand of court cards above the question
            surface.blit(fan, fan.get_rect(midbottom=(box.centerx, box.top - fs // 2)))
        widgets.panel(surface, box, (0, 20, 10, 235), 12)
        pygame.draw.rect(surface, widgets.GOLD, box, 2, border_radius=12)
        inner = box.inflate(-fs * 2, -fs * 2)
        lines = typeset.wrap(self.question, fs, inner.width)
        for i, line in enumerate(lines[:4]):
            widgets.line(surface, line, inner, inner.top + i * int(fs * 1.3), fs, widgets.INK)

    def on_button(self, name: str) -> None:
        app = self.stack
        app.pop(self)
        if name == "yes":
            self.on_yes()
        elif self.on_no is not None:
            self.on_no()
