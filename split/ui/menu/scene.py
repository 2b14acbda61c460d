"""A full screen of buttons driven by the keyboard as well as the mouse: the menus' base."""

from __future__ import annotations

import pygame

from split.i18n import _

from .. import widgets
from ..backdrop import backdrop
from ..loop import Scene
from .context import MenuContext

BG = (10, 50, 30)


class MenuScene(Scene):
    """A full screen of buttons: arrows/Tab move the focus, Enter/Space press, Esc backs
    out, the mouse hovers and clicks. Subclasses lay out ``self.buttons`` in
    :meth:`layout` and draw the rest in :meth:`render`."""

    title = ""

    def __init__(self, ctx: MenuContext) -> None:
        self.ctx = ctx
        self.buttons: list[widgets.Button] = []
        self.focus = 0
        self.size = (1280, 720)
        self.dirty = True

    # layout -----------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.size = (size[0], size[1])
        self.dirty = True

    def enter(self) -> None:
        self.dirty = True

    def layout(self) -> None:
        """Build ``self.buttons`` for the current size and state."""

    def render(self, surface: pygame.Surface) -> None:
        """Draw everything but the buttons."""
        backdrop(surface)
        self.draw_title(surface)

    def fs(self) -> int:
        """The body font size for the current window height."""
        return max(16, self.size[1] // 34)

    def draw_title(self, surface: pygame.Surface, text: str | None = None) -> None:
        """The screen's title (or ``text``), centred at the top."""
        fs = self.fs()
        widgets.text(
            surface,
            text if text is not None else _(self.title),
            (self.size[0] // 2, fs),
            int(fs * 1.8),
            widgets.GOLD,
            True,
            width=self.size[0] - 40,
            anchor="midtop",
        )

    def column(
        self, items: list[tuple[str, str, bool]], top: int, width: int | None = None
    ) -> list[widgets.Button]:
        """Buttons (name, label, enabled) in a centred column from ``top``."""
        fs = self.fs()
        w = width or max(260, self.size[0] // 4)
        h = int(fs * 2.2)
        out = []
        for i, (name, label, enabled) in enumerate(items):
            r = pygame.Rect(0, 0, w, h)
            r.midtop = (self.size[0] // 2, top + i * int(h * 1.25))
            out.append(widgets.Button(name, label, r, enabled))
        return out

    # input ------------------------------------------------------------------
    def on_button(self, name: str) -> None:
        """A button was pressed."""

    def on_back(self) -> None:
        """Esc: leave this screen."""
        if self.app is not None and len(self.app.scenes) > 1:
            self.app.pop(self)

    def on_key(self, event: pygame.event.Event) -> bool:
        """Keys of this screen before the common ones; True if used."""
        return False

    def move_focus(self, step: int) -> None:
        """Move the focus ``step`` enabled buttons on (back if negative), wrapping."""
        if not self.buttons:
            return
        n = len(self.buttons)
        for _i in range(n):
            self.focus = (self.focus + step) % n
            if self.buttons[self.focus].enabled:
                break
        self.dirty = True

    def press(self, button: widgets.Button) -> None:
        """Press ``button`` (with its click) if it is enabled."""
        if not button.enabled:
            return
        self.ctx.click()
        self.dirty = True
        self.on_button(button.name)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if self.on_key(event):
                return
            k = event.key
            if k in (pygame.K_DOWN, pygame.K_RIGHT) or (
                k == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
            ):
                self.move_focus(1)
            elif k in (pygame.K_UP, pygame.K_LEFT, pygame.K_TAB):
                self.move_focus(-1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                self.press(self.buttons[self.focus % len(self.buttons)])
            elif k == pygame.K_ESCAPE:
                self.on_back()
        elif event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos) and i != self.focus:
                    self.focus = i
                    self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.press(b)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.on_wheel(event.y)

    def on_wheel(self, dy: int) -> None:
        """Mouse wheel (scrolling lists)."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        if not self.dirty and not (self.app is not None and self.app.full_redraw):
            return []
        self.dirty = False
        self.layout()
        if self.buttons:
            self.focus %= len(self.buttons)
        self.render(surface)
        for i, b in enumerate(self.buttons):
            b.draw(surface, focused=i == self.focus)
        return None
