"""The settings page: every setting on one screen, applied at once and kept.

Two columns: the game's settings, then the cards' (back, faces, four-colour deck, high
contrast) over a preview of the cards as they are now drawn."""

from __future__ import annotations

import pygame

from split import i18n
from split.engine.cards import MatchType, parse_card
from split.i18n import _

from .. import cards, typeset, widgets
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
    CARDS = ("card_back", "card_faces", "four_colour", "high_contrast")
    """The settings of the second column, the cards'."""
    PREVIEW = (("KS", "KS"), ("QH", "QC"), ("7D", "7H"))
    """The preview's matches: a perfect, a weak and a strong one (R3.2)."""

    def enter(self) -> None:
        super().enter()
        app = self.ctx.app
        if bool(app.fullscreen) != self.ctx.settings.fullscreen:  # F11 was pressed
            self.ctx.change(fullscreen=bool(app.fullscreen))

    def names(self) -> list[tuple[str, str]]:
        """Each setting and its label, in the screen's order."""
        return [
            ("speed", _("Animation speed")),
            ("reduced_motion", _("Reduced motion")),
            ("volume", _("Sound volume")),
            ("muted", _("Mute")),
            ("fullscreen", _("Fullscreen")),
            ("sort_order", _("Hand order")),
            ("language", _("Language")),
            ("ui_scale", _("Text size at the table")),
            ("card_back", _("Card back")),
            ("card_faces", _("Card faces")),
            ("four_colour", _("Four-colour deck")),
            ("high_contrast", _("High contrast")),
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

    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the controls go, before mirroring: the game's in the middle of the
        window (so switching to a right-to-left language, which mirrors the screen,
        moves none from under the pointer: issue 13), the cards' at the right, each
        label before its control. Returns the first row's control of each column."""
        W = self.size[0]
        fs = self.fs()
        rh = int(fs * 2.0)
        w = max(180, W // 5)
        middle = pygame.Rect((W - w) // 2, int(fs * 4.5), w, rh)
        side = W - middle.right - 2 * fs  # the room right of the middle column
        w2 = max(120, int(side * 0.42))
        return middle, pygame.Rect(W - fs - w2, middle.top, w2, rh)

    def layout(self) -> None:
        W, H = self.size
        fs = self.fs()
        gap = int(fs * 2.0 * 1.2)
        middle, right = self.columns()
        window = pygame.Rect(0, 0, W, H)
        self.buttons = []
        rows = {0: 0, 1: 0}
        for key, _name in self.names():
            col = 1 if key in self.CARDS else 0
            r = (right if col else middle).move(0, rows[col] * gap)
            rows[col] += 1
            value = value_label(key, getattr(self.ctx.settings, key))
            self.buttons.append(widgets.Button(key, value, widgets.mirror(r, window)))
        seats = widgets.mirror(middle.move(0, rows[0] * gap), window)
        self.buttons.append(widgets.Button("seats", _("Change\u2026"), seats))
        back = pygame.Rect(0, 0, max(200, W // 6), int(fs * 2.2))
        back.midbottom = (W // 2, H - fs)
        self.buttons.append(widgets.Button("back", _("Back"), back))

    def preview_rect(self) -> pygame.Rect:
        """Where the cards are shown as the card settings draw them: under the cards'
        column, from the middle column to the window's edge, above Back."""
        W, H = self.size
        fs = self.fs()
        middle, right = self.columns()
        gap = int(fs * 2.0 * 1.2)
        top = right.top + len(self.CARDS) * gap + fs // 2
        bottom = H - fs - int(fs * 2.2) - fs
        left = middle.right + fs
        r = pygame.Rect(left, top, W - fs - left, max(0, bottom - top))
        return widgets.mirror(r, pygame.Rect(0, 0, W, H))

    def draw_preview(self, surface: pygame.Surface) -> None:
        """A perfect, a weak and a strong match and a back, in the chosen deck style (a
        change shows at once), and under them what each badge's shape means."""
        box = self.preview_rect()
        fs = self.fs()
        gap = max(6, box.height // 14)
        # three matches (0.8 h wide each) and a back (0.4 h) across the column, the
        # legend's line below them
        h = min(
            box.height - 2 * fs,
            int((box.width - 4 * gap) / (3 * 2 * cards.HALF_RATIO + cards.HALF_RATIO)),
        )
        if h < 40:
            return
        art = cards.art(h, cards.deck_style(self.ctx.settings))
        images = [art.match(parse_card(a), parse_card(b)) for a, b in self.PREVIEW]
        images.append(art.back())
        total = sum(i.get_width() for i in images) + gap * (len(images) - 1)
        x = box.centerx - total // 2
        order = images[::-1] if i18n.is_rtl() else images
        for image in order:
            cards.blit_with_shadow(surface, image, (x, box.top), art.radius)
            x += image.get_width() + gap
        self.draw_legend(surface, box.centerx, box.top + h + fs, art.style.high_contrast)

    def draw_legend(self, surface: pygame.Surface, centre: int, y: int, contrast: bool) -> None:
        """Each badge's shape beside its match type's name, in reading order."""
        fs = self.fs()
        items = []
        for kind, name in (
            (MatchType.WEAK, _("weak")),
            (MatchType.STRONG, _("strong")),
            (MatchType.PERFECT, _("perfect")),
        ):
            items.append((cards.badge(kind, int(fs * 0.6), contrast), typeset.render(name, fs)))
        width = sum(b.get_width() + t.get_width() + fs // 3 for b, t in items)
        width += fs * (len(items) - 1)
        rtl = i18n.is_rtl()
        x = centre + width // 2 if rtl else centre - width // 2
        for badge, word in items:
            for part in (badge, word):  # the badge first, on the reading side
                r = part.get_rect(centery=y)
                if rtl:
                    r.right = x
                    x -= r.width + fs // 3
                else:
                    r.left = x
                    x += r.width + fs // 3
                surface.blit(part, r)
            x += -fs + fs // 3 if rtl else fs - fs // 3

    def render(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        self.draw_title(surface)
        fs = self.fs()
        names = [*self.names(), ("seats", _("Default players"))]
        rtl = i18n.is_rtl()
        W = self.size[0]
        first = self.buttons[0].rect
        for b, (key, name) in zip(self.buttons, names, strict=False):
            # the label beside its control: to its left, to its right in right-to-left;
            # as wide as the room up to the window's edge or the middle
            if key in self.CARDS:  # up to the middle column's controls
                room = abs(b.rect.centerx - first.centerx) - (b.rect.width + first.width) // 2
            else:
                room = b.rect.left if not rtl else W - b.rect.right
            widgets.text(
                surface,
                name,
                (b.rect.right + fs * 2 if rtl else b.rect.left - fs * 2, b.rect.centery),
                fs,
                widgets.INK,
                width=max(40, room - fs * 3),
                anchor="midleft" if rtl else "midright",
            )
        self.draw_preview(surface)
        seats = i18n.join_words(
            f"{i18n.embed(i18n.display_name(s.name))} ({kind_label(s.kind)})"
            for s in self.ctx.settings.seats
        )
        sb = self.buttons[len(self.names())].rect
        widgets.text(
            surface,
            seats,
            (sb.centerx, sb.bottom + fs // 2),
            int(fs * 0.8),
            widgets.DIM,
            width=2 * min(sb.centerx, W - sb.centerx) - 2 * fs,
            anchor="midtop",
        )
        if self.ctx.notices:
            widgets.text(
                surface,
                " ".join(self.ctx.notices),
                (W // 2, self.buttons[-1].rect.top - fs),
                int(fs * 0.8),
                widgets.ERROR,
                width=W - 40,
                anchor="midbottom",
            )

    def on_button(self, name: str) -> None:
        if name in OPTIONS:
            self.step(name, 1)
        elif name == "seats":
            self.stack.push(SeatsEditor(self.ctx))
        elif name == "back":
            self.on_back()
