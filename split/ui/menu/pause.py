"""Esc at the table: the pause menu over the shaded table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from split.i18n import _

from .. import widgets
from .context import MenuContext
from .rules import RulesScene
from .scene import MenuScene
from .settings import SettingsScene


class PausedTable(Protocol):
    """The table under the pause menu (a kept game's: :class:`~split.ui.menu.game.Kept`)."""

    def invalidate(self) -> None: ...

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None: ...


class PauseScene(MenuScene):
    """Esc on the table: resume, rules, settings, save and quit to the menu
    (``save_and_quit``)."""

    title = "Paused"

    def __init__(
        self, ctx: MenuContext, table: PausedTable, save_and_quit: Callable[[], None]
    ) -> None:
        super().__init__(ctx)
        self.table = table
        self.save_and_quit = save_and_quit

    def layout(self) -> None:
        fs = self.fs()
        items = [
            ("resume", _("Resume"), True),
            ("rules", _("Rules"), True),
            ("settings", _("Settings"), True),
            ("quit", _("Save and quit to menu"), True),
        ]
        self.buttons = self.column(items, self.size[1] // 2 - fs * 4)

    def render(self, surface: pygame.Surface) -> None:
        # The table below, as it is now (a changed setting shows at once), shaded.
        self.table.invalidate()
        self.table.draw(surface)
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        fs = self.fs()
        top = self.buttons[0].rect.top - fs * 4
        box = pygame.Rect(0, 0, self.buttons[0].rect.width + fs * 4, 0)
        box.height = self.buttons[-1].rect.bottom - top + fs * 2
        box.midtop = (self.size[0] // 2, top)
        widgets.panel(surface, box)
        widgets.text(
            surface,
            _("Paused"),
            (box.centerx, top + fs),
            int(fs * 1.6),
            widgets.GOLD,
            True,
            anchor="midtop",
        )

    def on_button(self, name: str) -> None:
        app = self.stack
        if name == "resume":
            self.on_back()
        elif name == "rules":
            app.push(RulesScene(self.ctx))
        elif name == "settings":
            app.push(SettingsScene(self.ctx))
        elif name == "quit":
            app.pop(self)
            self.save_and_quit()

    def on_back(self) -> None:
        self.table.invalidate()
        self.stack.pop(self)
