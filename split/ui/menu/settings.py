"""The settings page: every setting on one screen, applied at once and kept."""

from __future__ import annotations

import pygame

from split import i18n
from split.i18n import _

from .. import widgets
from ..backdrop import backdrop
from .options import OPTIONS, kind_label, value_label
from .scene import MenuScene
from .setup import SeatsEditor


class SettingsScene(MenuScene):
    """Every setting on one screen, applied at once and kept: Enter or Right picks the
    next value, Left the previous one; Up/Down/Tab move between them.

    In right-to-left languages the rows are mirrored (the label on the right, its
    control to the left of it) and so are the arrows: Left picks the next value."""

    title = "Settings"

    def enter(self) -> None:
        super().enter()
        app = self.ctx.app
        if bool(app.fullscreen) != self.ctx.settings.fullscreen:  # F11 was pressed
            self.ctx.change(fullscreen=bool(app.fullscreen))

    def names(self) -> list[tuple[str, str]]:
        """Each setting and its label, in the screen's order."""
        return [
            ("speed", _("Animation speed")),
            ("volume", _("Sound volume")),
            ("muted", _("Mute")),
            ("fullscreen", _("Fullscreen")),
            ("card_back", _("Card back")),
            ("sort_order", _("Hand order")),
            ("language", _("Language")),
        ]

    def step(self, key: str, step: int) -> None:
        """Change setting ``key`` to its next value (previous if ``step`` is -1)."""
        options = OPTIONS[key]
        cur = getattr(self.ctx.settings, key)
        if key == "volume":
            i = min(range(len(options)), key=lambda j: abs(options[j] - cur))
        else:
            i = options.index(cur) if cur in options else 0
        self.ctx.change(**{key: options[(i + step) % len(options)]})
        self.dirty = True

    def on_key(self, event: pygame.event.Event) -> bool:
        if not self.buttons:
            return False
        b = self.buttons[self.focus % len(self.buttons)]
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and b.name in OPTIONS:
            forward = pygame.K_LEFT if i18n.is_rtl() else pygame.K_RIGHT
            self.step(b.name, 1 if event.key == forward else -1)
            return True
        # Left/Right on a button without values: stay on it
        return event.key in (pygame.K_LEFT, pygame.K_RIGHT)

    def layout(self) -> None:
        W, H = self.size
        fs = self.fs()
        rh = int(fs * 2.0)
        gap = int(rh * 1.2)
        w = max(220, W // 4)
        # the controls in the middle of the window: switching to a right-to-left language
        # mirrors the screen without moving the button under the pointer (issue 13)
        x = (W - w) // 2
        top = int(fs * 4.5)
        window = pygame.Rect(0, 0, W, H)
        self.buttons = []
        for i, (key, _name) in enumerate(self.names()):
            r = widgets.mirror(pygame.Rect(x, top + i * gap, w, rh), window)
            value = value_label(key, getattr(self.ctx.settings, key))
            self.buttons.append(widgets.Button(key, value, r))
        y = top + len(self.names()) * gap
        seats = widgets.mirror(pygame.Rect(x, y, w, rh), window)
        self.buttons.append(widgets.Button("seats", _("Change\u2026"), seats))
        back = pygame.Rect(0, 0, max(200, W // 6), int(fs * 2.2))
        back.midbottom = (W // 2, H - fs)
        self.buttons.append(widgets.Button("back", _("Back"), back))

    def render(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        self.draw_title(surface)
        fs = self.fs()
        names = [*self.names(), ("seats", _("Default players"))]
        rtl = i18n.is_rtl()
        for b, (_key, name) in zip(self.buttons, names, strict=False):
            # the label beside its control: to its left, to its right in right-to-left
            widgets.text(
                surface,
                name,
                (b.rect.right + fs * 2 if rtl else b.rect.left - fs * 2, b.rect.centery),
                fs,
                widgets.INK,
                width=(self.size[0] - b.rect.width) // 2 - fs * 3,
                anchor="midleft" if rtl else "midright",
            )
        seats = i18n.join_words(
            f"{i18n.embed(i18n.display_name(s.name))} ({kind_label(s.kind)})"
            for s in self.ctx.settings.seats
        )
        sb = self.buttons[len(self.names())].rect
        widgets.text(
            surface,
            seats,
            (self.size[0] // 2, sb.bottom + fs // 2),
            int(fs * 0.8),
            widgets.DIM,
            width=self.size[0] - 40,
            anchor="midtop",
        )
        if self.ctx.notices:
            widgets.text(
                surface,
                " ".join(self.ctx.notices),
                (self.size[0] // 2, self.buttons[-1].rect.top - fs),
                int(fs * 0.8),
                widgets.ERROR,
                width=self.size[0] - 40,
                anchor="midbottom",
            )

    def on_button(self, name: str) -> None:
        if name in OPTIONS:
            self.step(name, 1)
        elif name == "seats":
            self.stack.push(SeatsEditor(self.ctx))
        elif name == "back":
            self.on_back()
