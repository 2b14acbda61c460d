"""The statistics page: games played and won, per opponent strength, the last games' sheets."""

from __future__ import annotations

import pygame

from split import i18n
from split.bots import BOT_NAMES
from split.engine.cards import RANKS
from split.i18n import _
from split.i18n.dates import format_stamp

from .. import sheets, widgets
from ..backdrop import backdrop
from .context import MenuContext
from .options import kind_label
from .scene import MenuScene


class StatsScene(MenuScene):
    """Games played and won per opponent strength, best and average score, the last 20
    games; Up/Down pick one of them and its final sheets show on the right.

    Laid out left to right and mirrored in right-to-left languages (the totals and the
    list of games on the right, the table's first column rightmost)."""

    title = "Statistics"

    def __init__(self, ctx: MenuContext) -> None:
        super().__init__(ctx)
        self.stats = ctx.load_stats()
        self.pick = 0  # the game whose sheets show

    def on_key(self, event: pygame.event.Event) -> bool:
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
        """The rows of the list of games that fit above the Back button."""
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

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.game_rects()):
                if r.collidepoint(event.pos):
                    self.pick = self.first_shown() + i
                    self.dirty = True
                    return
        super().handle_event(event)

    def first_shown(self) -> int:
        """The first game listed: the list scrolls so the picked game shows."""
        count = len(self.game_rects())
        return 0 if count == 0 else max(0, self.pick - count + 1)

    def render(self, surface: pygame.Surface) -> None:
        W, H = self.size
        fs = self.fs()
        backdrop(surface)
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

        def cell(
            words: str,
            left: int,
            width: int,
            top: int,
            colour: widgets.Colour = widgets.INK,
            bold: bool = False,
        ) -> None:
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
        for i, kind in enumerate(BOT_NAMES):
            played, won = st.by_strength.get(kind, [0, 0])
            yy = y + (i + 1) * int(fs * 1.3)
            row = [kind_label(kind), i18n.localize_digits(played), i18n.localize_digits(won)]
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
            when = format_stamp(g["finished"], i18n.current_language())
            line = f"{when}  {result}  {i18n.localize_digits(score)}"
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
