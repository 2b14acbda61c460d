"""The screens after play: the round summary (R8.2) and the final results (R9.4).

The table pushes them (see ``TableScene``); like the other screens they know the table
only through :class:`split.ui.screens.Table`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from split.engine.cards import RANKS
from split.engine.sheet import negative_value, places, sheet_score
from split.i18n import embed, join_words, number, symbols

from . import sheets, widgets
from .backdrop import backdrop
from .loop import Scene
from .screens import NewGameScene, SeatSetup, Table, _ButtonScene
from .typeset import _, ngettext

REVEAL_STEP = 0.09  # seconds between two boxes crossed on the round summary


def revealed(
    rows: Sequence[int], negatives: int, fresh: Sequence[int], fresh_neg: int, budget: int
) -> tuple[list[int], int, list[int], int, int]:
    """A sheet with at most ``budget`` of this round's boxes crossed (rank rows first,
    then the negative row), for crossing them one by one: the rows and negatives shown,
    the fresh boxes among them, and the budget left for the next sheet."""
    shown_rows, shown_fresh = [], []
    for k, f in zip(rows, fresh, strict=True):
        take = max(0, min(f, budget))
        budget -= take
        shown_rows.append(k - f + take)
        shown_fresh.append(take)
    take = max(0, min(fresh_neg, budget))
    budget -= take
    return shown_rows, negatives - fresh_neg + take, shown_fresh, take, budget


def round_clauses(scored: Any, t: Table) -> dict[int, list[str]]:
    """What the round did to each seat's sheet and why (R8.2), a line each: the matches
    and what their rows gained, the cards left in hand and what their negative boxes
    cost, the total before and after."""
    said = {}
    for p in scored.seats:
        rows = list(t.model.rows[p.seat])
        before = [k - a for k, a in zip(rows, p.rows_added, strict=True)]
        gained = sheet_score(rows, 0) - sheet_score(before, 0)
        ranks = [
            symbols(RANKS[r]) if k == 1 else f"{symbols(RANKS[r])}\u00d7{k}"
            for r, k in enumerate(p.rows_added)
            if k
        ]
        if ranks:
            parts = [_("matches {ranks}: +{points}").format(ranks=join_words(ranks), points=gained)]
        else:
            parts = [_("no matches")]
        n = p.negatives_added
        if n:
            negs = t.model.negatives[p.seat]
            cost = negative_value(negs) - negative_value(negs - n)
            parts.append(
                ngettext(
                    "{n} card left in hand: a negative box, \u2212{points}",
                    "{n} cards left in hand: {n} negative boxes, \u2212{points}",
                    n,
                ).format(n=n, points=cost)
            )
        parts.append(
            # each score an island: "before ← after" keeps its order in Persian (issue 27)
            _("score {before} \u2192 {after}").format(
                before=number(p.score_before), after=number(p.score_after)
            )
        )
        said[p.seat] = parts
    return said


class Reviewer(Protocol):
    """A table's coach, as the round summary reads it."""

    def lines(self, round_no: int, names: Sequence[str]) -> list[str]: ...


def expert_lines(t: Table) -> list[str]:
    """The round's "the expert would have…" lines for the one person at the table (the
    table's coach, issue 17): none when it has no coach."""
    coach: Reviewer | None = getattr(t, "expert", None)
    if coach is None:
        return []
    return coach.lines(t.model.round, [embed(name) for name in t.names])


class RoundSummaryScene(_ButtonScene):
    """R8.2: every sheet, with the boxes this round filled lit, and what filled them."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.timer = 0.0
        self.elapsed = 0.0  # the round's boxes are crossed one by one
        self.revealing = True
        self.coached = 0  # the expert's lines shown so far

    def render(self, surface: pygame.Surface) -> None:
        W, H = self.size
        t = self.table
        backdrop(surface)
        fs = max(14, H // 40)
        scored = t.model.last_scored
        title = _("Round {n} is over").format(n=t.model.round)
        if scored is not None and scored.went_out is not None:
            out = scored.went_out
            title += " \u2014 " + (
                _("you went out")
                if t.you(out)
                else _("{name} went out").format(name=embed(t.names[out]))
            )
        elif scored is not None:
            title += " \u2014 " + _("the draw pile ran out")
        widgets.text(
            surface, title, (W // 2, fs), int(fs * 1.5), widgets.GOLD, True, anchor="midtop"
        )
        # each sheet with what filled its boxes and why written under it
        said = {} if scored is None else round_clauses(scored, t)
        sfs = max(11, int(fs * 0.8))
        text_h = 3 * int(sfs * 1.3) + 6
        button_h = int(fs * 2.4)
        coached = expert_lines(t)
        coach_h = len(coached) * int(sfs * 1.3)
        area = pygame.Rect(10, int(fs * 3.2), W - 20, H - int(fs * 3.2) - button_h - 24 - coach_h)
        order = [t.viewer, *t.opponents()]
        cells = sheets.sheets_layout(area, t.n)
        budget = int(self.elapsed / REVEAL_STEP)  # boxes crossed so far, sheet by sheet
        for cell, seat in zip(cells, order, strict=True):
            rows, negatives, fresh, fresh_neg, budget = revealed(
                t.model.rows[seat],
                t.model.negatives[seat],
                t.model.round_rows[seat],
                t.model.round_negatives[seat],
                budget,
            )
            # your own sheet first: on the right in Persian
            sheet = pygame.Rect(cell.left, cell.top, cell.width, cell.height - text_h)
            sheets.draw_sheet(surface, sheet, t.names[seat], rows, negatives, fresh, fresh_neg)
            for i, clause in enumerate(said.get(seat, [])):
                y = sheet.bottom + 4 + i * int(sfs * 1.3)
                widgets.line(surface, clause, cell, y, sfs, widgets.INK, pad=4)
        self.revealing = budget <= 0
        for i, words in enumerate(coached):  # what the expert would have played instead
            y = area.bottom + 4 + i * int(sfs * 1.3)
            widgets.line(surface, words, pygame.Rect(10, y, W - 20, 1), y, sfs, widgets.GOLD)
        r = pygame.Rect(0, 0, max(240, W // 5), int(fs * 2.4))
        r.midbottom = (W // 2, H - 10)
        over = t.state.phase == "game-over"
        self.buttons = [
            widgets.Button("next", _("See the results") if over else _("Next round"), r)
        ]

    def on_button(self, name: str) -> None:
        self.stack.pop(self)
        if self.table.state.phase != "game-over":
            self.table.next_round()

    def update(self, dt: float) -> None:
        coach = getattr(self.table, "expert", None)
        if coach is not None and self.coached != len(coach.costly(self.table.model.round)):
            self.coached = len(coach.costly(self.table.model.round))
            self.dirty = True  # a review came in: its line joins the summary
        if self.revealing:
            self.elapsed += dt
            self.dirty = True
        if not self.table.humans:  # bots only: go on by itself
            self.timer += dt
            if self.timer > 1.5:
                self.on_button("next")

    def handle_event(self, event: pygame.event.Event) -> None:
        on_button = event.type == pygame.MOUSEBUTTONUP and any(
            b.rect.collidepoint(event.pos) for b in self.buttons
        )
        if self.revealing and event.type == pygame.MOUSEBUTTONUP and not on_button:
            self.elapsed = 1e9  # a click beside the button shows every box at once
            self.dirty = True
            return
        super().handle_event(event)

    def wake_in(self) -> float | None:
        if self.revealing:
            return REVEAL_STEP / 2
        coach = getattr(self.table, "expert", None)
        if coach is not None and coach.pending(self.table.model.round):
            return 0.2  # the expert is still weighing a move of this round
        return 0.2 if not self.table.humans else None


class FinalScene(_ButtonScene):
    """R9.4: the winner(s), every total, and play again (``on_play_again``, or the new-game
    screen starting ``table.new_game``)."""

    def __init__(
        self,
        table: Table,
        on_play_again: Callable[[], None] | None = None,
        on_change_players: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.on_play_again = on_play_again  # the same players again at once
        self.on_change_players = on_change_players  # the new-game screen with them

    def fs(self) -> int:
        """The body font size for the current window height."""
        return max(18, self.size[1] // 28)

    def choices(self) -> tuple[tuple[str, str], ...]:
        """The buttons under the results: name and label, in reading order."""
        return (
            ("again", _("Play again")),
            ("change", _("New players")),
            ("leave", _("Leave")),
        )

    def render(self, surface: pygame.Surface) -> None:
        W, H = self.size
        t = self.table
        backdrop(surface)
        fs = self.fs()
        scores = t.state.scores()
        winners = t.state.winners()
        names = join_words(embed(t.names[s]) for s in winners)
        if len(winners) == 1 and t.you(winners[0]):
            headline = _("You win!")
        elif len(winners) == 1:
            headline = _("{names} wins!").format(names=names)
        else:
            headline = _("{names} share the win!").format(names=names)
        widgets.text(
            surface,
            headline,
            (W // 2, H // 6),
            int(fs * 1.6),
            widgets.GOLD,
            True,
            anchor="center",
        )
        ranking = sorted(range(t.n), key=lambda s: -scores[s])
        bottom = self.podium(surface, ranking, scores, winners, fs)
        # the others below the podium, the name on the reading side, the total opposite
        for i, s in enumerate(ranking[3:], 3):
            y = bottom + fs // 2 + (i - 3) * int(fs * 1.4)
            row = pygame.Rect(W // 2 - fs * 7, y, fs * 14, fs)
            widgets.line(surface, f"{i + 1}. {t.names[s]}", row, y, fs, widgets.INK)
            widgets.line(surface, str(scores[s]), row, y, fs, widgets.INK, end=True)
        bw, bh = max(200, W // 6), int(fs * 2.2)
        window = pygame.Rect(0, 0, W, H)
        choices = self.choices()
        row = pygame.Rect(0, 0, len(choices) * (bw + 20) - 20, bh)
        row.midbottom = (W // 2, H - fs)
        self.buttons = [
            widgets.Button(
                name,
                label,
                widgets.mirror(pygame.Rect(row.left + i * (bw + 20), row.top, bw, bh), window),
            )
            for i, (name, label) in enumerate(choices)
        ]

    def podium(
        self,
        surface: pygame.Surface,
        ranking: list[int],
        scores: Sequence[int],
        winners: Sequence[int],
        fs: int,
    ) -> int:
        """The first three on a podium (second at the left, first in the middle, third
        at the right; equal scores stand on equal steps); returns the y below it."""
        W, H = self.size
        t = self.table
        step_w = max(150, W // 7)
        base = H // 6 + int(fs * 3.6) + int(H * 0.34)
        order = [1, 0, 2] if len(ranking) > 2 else [1, 0][: len(ranking)]
        heights = {0: 0.30, 1: 0.22, 2: 0.16}
        levels = places(scores)  # equal scores share a step: the best place with that score
        for slot, place in enumerate(order):
            if place >= len(ranking):
                continue
            seat = ranking[place]
            level = levels[seat] - 1
            h = int(H * heights[min(level, 2)])
            block = pygame.Rect(0, 0, step_w, h)
            block.midbottom = (W // 2 + (slot - 1) * (step_w + fs // 2), base)
            colour = ((214, 170, 52), (190, 190, 200), (190, 120, 70))[min(level, 2)]
            pygame.draw.rect(
                surface, colour, block, border_top_left_radius=10, border_top_right_radius=10
            )
            pygame.draw.rect(
                surface,
                (40, 30, 10),
                block,
                2,
                border_top_left_radius=10,
                border_top_right_radius=10,
            )
            widgets.text(
                surface,
                str(level + 1),
                block.center,
                min(int(fs * 2), int(h * 0.6)),
                (60, 40, 10),
                True,
                anchor="center",
            )
            score = widgets.text(
                surface,
                str(scores[seat]),
                (block.centerx, block.top - fs // 3),
                fs,
                widgets.INK,
                True,
                anchor="midbottom",
            )
            widgets.text(
                surface,
                t.names[seat],
                (block.centerx, score.top - 2),
                int(fs * (1.1 if seat in winners else 0.9)),
                widgets.GOLD if seat in winners else widgets.INK,
                True,
                width=step_w + fs,
                anchor="midbottom",
            )
        return base

    def on_button(self, name: str) -> None:
        app = self.stack
        seats = [
            SeatSetup(n, k) for n, k in zip(self.table.seat_names, self.table.kinds, strict=True)
        ]
        if name == "again":
            if self.on_play_again is not None:
                self.on_play_again()
                return
            # the same players at once; the first dealer drawn at random (R2.2)
            app.pop(self)
            app.replace(self.table.new_game(seats, random.randrange(len(seats))))
        elif name == "change":
            if self.on_change_players is not None:
                self.on_change_players()
                return
            new = NewGameScene(seats=seats, on_start=self.table.new_game)
            app.pop(self)
            app.replace(new)
        else:
            if self.table.on_exit is not None:
                self.table.on_exit(self.table)
            else:
                app.pop(self)
                if isinstance(self.table, Scene):  # the table this screen covered
                    app.pop(self.table)
