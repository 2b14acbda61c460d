"""The pages of the menu: the rules (with real cards), the statistics, the settings."""

from __future__ import annotations

import pygame

from split.app import i18n
from split.app.i18n import _
from split.app.rules_pages import PAGES
from split.app.settings import CARD_BACKS, LANGUAGE_CODES, SORT_ORDERS, SPEEDS
from split.app.stats import BOT_KINDS, load_stats
from split.engine.cards import RANKS, parse_card

from . import cards as cardart
from . import sheets, typeset, widgets
from .menu import MenuScene, SeatsEditor

# ---------------------------------------------------------------------------- rules


class RulesScene(MenuScene):
    """The rules, page by page: Left/Right (or PageUp/PageDown, or the buttons) turn.

    In right-to-left languages the page turns the other way round: Next is the left
    button and the Left arrow goes on to the next page."""

    def __init__(self, ctx, page: int = 0) -> None:
        super().__init__(ctx)
        self.page = page % len(PAGES)
        self.focus = 2  # Next

    def enter(self) -> None:
        super().enter()

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, self.page + step))
        self.dirty = True

    def on_key(self, event) -> bool:
        k = event.key
        forward, back = pygame.K_RIGHT, pygame.K_LEFT
        if i18n.is_rtl():  # the arrows follow the screen: Next is on the left
            forward, back = back, forward
        if k in (forward, pygame.K_PAGEDOWN):
            self.turn(1)
        elif k in (back, pygame.K_PAGEUP):
            self.turn(-1)
        elif k == pygame.K_HOME:
            self.page = 0
        elif k == pygame.K_END:
            self.page = len(PAGES) - 1
        else:
            return False
        return True

    def on_wheel(self, dy: int) -> None:
        self.turn(-1 if dy > 0 else 1)

    def layout(self) -> None:
        W, H = self.size
        fs = self.fs()
        bw, bh = max(160, W // 7), int(fs * 2.2)
        y = H - bh - fs
        prev = pygame.Rect(0, y, bw, bh)
        prev.right = W // 2 - bw // 2 - fs
        nxt = pygame.Rect(0, y, bw, bh)
        nxt.left = W // 2 + bw // 2 + fs
        back = pygame.Rect(0, y, bw, bh)
        back.centerx = W // 2
        window = pygame.Rect(0, 0, W, H)
        prev, nxt = widgets.mirror(prev, window), widgets.mirror(nxt, window)
        self.buttons = [
            widgets.Button("prev", _("Previous"), prev, self.page > 0),
            widgets.Button("back", _("Back"), back),
            widgets.Button("next", _("Next"), nxt, self.page < len(PAGES) - 1),
        ]
        if not self.buttons[self.focus % 3].enabled:
            self.focus = 1  # Back

    def render(self, surface) -> None:
        W, H = self.size
        fs = self.fs()
        surface.fill((12, 46, 30))
        page = PAGES[self.page]
        self.draw_title(surface, _(page.title))
        counter = _("Page {n} of {total}").format(
            n=i18n.localize_digits(self.page + 1), total=i18n.localize_digits(len(PAGES))
        )
        # at the reading end of the title line: the right, the left in right-to-left
        corner = pygame.Rect(fs, fs, W - 2 * fs, fs)
        widgets.line(surface, counter, corner, fs, int(fs * 0.8), widgets.DIM, end=True)
        bottom = self.buttons[0].rect.top - fs
        pic_h = 0
        if page.picture is not None:
            pic_h = max(60, min(H // 4, 220))
        text_rect = pygame.Rect(W // 10, int(fs * 4.5), W * 8 // 10, 0)
        text_rect.height = max(10, bottom - pic_h - fs * 2 - text_rect.top)
        y = text_rect.top
        body = max(14, int(fs * 0.9))
        for para in page.paragraphs:
            r = pygame.Rect(text_rect.left, y, text_rect.width, text_rect.bottom - y)
            y = widgets.paragraph(surface, _(para), r, body) + body // 2
        if page.picture is not None:
            top = min(y + fs, bottom - pic_h)
            self.draw_picture(surface, page.picture, top, pic_h, fs)

    def draw_picture(self, surface, picture, top: int, height: int, fs: int) -> None:
        W = self.size[0]
        art = cardart.art(height - fs * 2, self.ctx.settings.card_back)
        images = []
        for group in picture.groups:
            cards = [parse_card(c) for c in group]
            if len(cards) == 2:
                images.append(art.match(cards[0], cards[1]))
            else:
                images.append(art.half(cards[0], True))
        gap = fs
        total = sum(im.get_width() for im in images) + gap * (len(images) - 1)
        x = W // 2 - total // 2
        row = pygame.Rect(x, top, total, height)
        for im in images:  # in the caption's order: from the right in right-to-left
            surface.blit(im, (widgets.mirror_x(x, im.get_width(), row), top))
            x += im.get_width() + gap
        caption = typeset.render(_(picture.caption), int(fs * 0.8), widgets.DIM)
        surface.blit(caption, caption.get_rect(midtop=(W // 2, top + art.h + fs // 3)))

    def on_button(self, name: str) -> None:
        if name == "prev":
            self.turn(-1)
        elif name == "next":
            self.turn(1)
        elif name == "back":
            self.on_back()


# ---------------------------------------------------------------------------- statistics


def _kind(kind: str) -> str:
    return {
        "human": _("human"),
        "random": _("random"),
        "easy": _("easy"),
        "normal": _("normal"),
        "hard": _("hard"),
    }.get(kind, kind)


class StatsScene(MenuScene):
    """Games played and won per opponent strength, best and average score, the last 20
    games; Up/Down pick one of them and its final sheets show on the right.

    Laid out left to right and mirrored in right-to-left languages (the totals and the
    list of games on the right, the table's first column rightmost)."""

    title = "Statistics"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.stats, problem = load_stats()
        if problem:
            ctx.notices.append(problem)
        self.problem = problem
        self.pick = 0

    def on_key(self, event) -> bool:
        n = len(self.stats.recent)
        if event.key in (pygame.K_DOWN, pygame.K_UP) and n:
            self.pick = (self.pick + (1 if event.key == pygame.K_DOWN else -1)) % n
            return True
        return False

    def on_wheel(self, dy: int) -> None:
        n = len(self.stats.recent)
        if n:
            self.pick = max(0, min(n - 1, self.pick - dy))
            self.dirty = True

    def layout(self) -> None:
        W, H = self.size
        fs = self.fs()
        r = pygame.Rect(0, 0, max(200, W // 6), int(fs * 2.2))
        r.midbottom = (W // 2, H - fs)
        self.buttons = [widgets.Button("back", _("Back"), r)]

    def game_rects(self) -> list[pygame.Rect]:
        W, H = self.size
        fs = self.fs()
        top = int(fs * 13.5)
        row = int(fs * 1.4)
        bottom = self.buttons[0].rect.top - fs if self.buttons else H - fs * 4
        count = max(0, min(len(self.stats.recent), (bottom - top) // row))
        window = pygame.Rect(0, 0, W, H)
        return [
            widgets.mirror(pygame.Rect(fs, top + i * row, W * 2 // 5, row - 2), window)
            for i in range(count)
        ]

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.game_rects()):
                if r.collidepoint(event.pos):
                    self.pick = self.first_shown() + i
                    self.dirty = True
                    return
        super().handle_event(event)

    def first_shown(self) -> int:
        count = len(self.game_rects())
        return 0 if count == 0 else max(0, self.pick - count + 1)

    def render(self, surface) -> None:
        W, H = self.size
        fs = self.fs()
        surface.fill((12, 44, 32))
        self.draw_title(surface)
        st = self.stats
        x, y = fs, int(fs * 4)
        avg = st.average
        lines = [
            _("Games played: {n}").format(n=i18n.localize_digits(st.games)),
            _("Games won: {n}").format(n=i18n.localize_digits(st.wins)),
            _("Best score: {n}").format(
                n="\u2014" if st.best is None else i18n.localize_digits(st.best)
            ),
            _("Average score: {n}").format(
                n="\u2014" if avg is None else i18n.localize_digits(f"{avg:.1f}")
            ),
        ]
        window = pygame.Rect(0, 0, W, H)

        def cell(words, left, width, top, colour=widgets.INK, bold=False):
            """Words from the reading side of a column, mirrored in right-to-left."""
            box = widgets.mirror(pygame.Rect(left, top, width, fs), window)
            widgets.line(surface, words, box, top, fs, colour, bold)

        for i, line in enumerate(lines):
            cell(line, x, W // 2 - x - fs, y + i * int(fs * 1.3))
        # per opponent strength: columns at tx, tx + 8 fs, tx + 13 fs
        tx = W // 2
        last = max(fs * 3, W - fs - tx - fs * 13)
        cols = [(tx, fs * 8 - 8), (tx + fs * 8, fs * 5 - 8), (tx + fs * 13, last)]
        head = [_("Against"), _("played"), _("won")]
        for words, (left, width) in zip(head, cols, strict=True):
            cell(words, left, width, y, widgets.GOLD, True)
        for i, kind in enumerate(BOT_KINDS):
            played, won = st.by_strength.get(kind, [0, 0])
            yy = y + (i + 1) * int(fs * 1.3)
            row = [_kind(kind), i18n.localize_digits(played), i18n.localize_digits(won)]
            for words, (left, width) in zip(row, cols, strict=True):
                cell(words, left, width, yy)
        cell(
            _("The last {n} games").format(n=i18n.localize_digits(20)),
            fs, W * 2 // 5, int(fs * 12), widgets.GOLD, True,
        )  # fmt: skip
        rects = self.game_rects()
        if not st.recent:
            cell(_("No games finished yet."), fs, W * 2 // 5, int(fs * 13.5), widgets.DIM)
            return
        first = self.first_shown()
        for i, r in enumerate(rects):
            g = st.recent[first + i]
            if first + i == self.pick:
                pygame.draw.rect(surface, widgets.BUTTON_HOT, r, border_radius=4)
            mine = [s for s in g["sheets"] if s.get("kind") == "human"]
            score = max((s["score"] for s in mine), default=0)
            result = _("won") if g["won"] else _("lost")
            line = f"{g['finished']}  {result}  {i18n.localize_digits(score)}"
            widgets.line(surface, line, r, r.top + 2, int(fs * 0.9), pad=6)
        g = st.recent[self.pick]
        area = pygame.Rect(W * 2 // 5 + fs * 2, int(fs * 12), W * 3 // 5 - fs * 3, 0)
        area.height = max(40, self.buttons[0].rect.top - fs - area.top)
        area = widgets.mirror(area, window)
        shs = g["sheets"]
        for r, sh in zip(sheets.sheets_layout(area, len(shs)), shs, strict=False):
            rows = [int(sh["rows"].get(rank, 0)) for rank in RANKS]
            name = i18n.display_name(sh["name"])
            sheets.draw_sheet(surface, r, name, rows, int(sh.get("negatives", 0)))

    def on_button(self, name: str) -> None:
        if name == "back":
            self.on_back()


# ---------------------------------------------------------------------------- settings


def _label(key: str, value) -> str:
    words = {
        "normal": _("normal"),
        "fast": _("fast"),
        "instant": _("instant"),
        "blue": _("blue"),
        "red": _("red"),
        "green": _("green"),
        "rank": _("by rank"),
        "suit": _("by suit"),
        "auto": _("as the system"),
    }
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if key == "volume":
        return f"{i18n.localize_digits(round(value * 100))} %"
    if key == "language" and value in i18n.LANGUAGES:
        return i18n.LANGUAGES[value]
    return words.get(value, str(value))


OPTIONS = {
    "speed": SPEEDS,
    "volume": tuple(i / 10 for i in range(11)),
    "muted": (False, True),
    "fullscreen": (False, True),
    "card_back": CARD_BACKS,
    "sort_order": SORT_ORDERS,
    "language": LANGUAGE_CODES,
}


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
        options = OPTIONS[key]
        cur = getattr(self.ctx.settings, key)
        if key == "volume":
            i = min(range(len(options)), key=lambda j: abs(options[j] - cur))
        else:
            i = options.index(cur) if cur in options else 0
        self.ctx.change(**{key: options[(i + step) % len(options)]})
        self.dirty = True

    def on_key(self, event) -> bool:
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
        x = W // 2 + fs
        w = max(220, W // 4)
        top = int(fs * 4.5)
        window = pygame.Rect(0, 0, W, H)
        self.buttons = []
        for i, (key, _name) in enumerate(self.names()):
            r = widgets.mirror(pygame.Rect(x, top + i * gap, w, rh), window)
            value = _label(key, getattr(self.ctx.settings, key))
            self.buttons.append(widgets.Button(key, value, r))
        y = top + len(self.names()) * gap
        seats = widgets.mirror(pygame.Rect(x, y, w, rh), window)
        self.buttons.append(widgets.Button("seats", _("Change\u2026"), seats))
        back = pygame.Rect(0, 0, max(200, W // 6), int(fs * 2.2))
        back.midbottom = (W // 2, H - fs)
        self.buttons.append(widgets.Button("back", _("Back"), back))

    def render(self, surface) -> None:
        surface.fill((14, 44, 36))
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
                width=self.size[0] // 2 - fs * 4,
                anchor="midleft" if rtl else "midright",
            )
        seats = i18n.join_words(
            f"{i18n.embed(i18n.display_name(s.name))} ({_kind(s.kind)})"
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
            self.app.push(SeatsEditor(self.ctx))
        elif name == "back":
            self.on_back()
