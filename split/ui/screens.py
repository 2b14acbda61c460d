"""The screens around the table: new game, pass-the-device, round summary, final results.

Each is a :class:`~split.ui.loop.Scene`. The app layer may replace any of them; the
table only pushes :class:`PassScene`, :class:`RoundSummaryScene` and
:class:`FinalScene` (see ``TableScene.on_game_over`` to replace the last). The
screens know the table only through what it hands them (this module does not import
it): Play again starts a new table through ``table.new_game(seats, dealer)``.

    app.push(NewGameScene(on_start=lambda seats, dealer: ...))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from split.engine.cards import RANKS
from split.engine.sheet import negative_value, sheet_score
from split.i18n import YOU, display_name, embed, join_clauses, join_words, symbols

from . import sheets, widgets
from .backdrop import backdrop
from .loop import Scene
from .typeset import _, ngettext

KINDS = ("human", "random", "easy", "normal", "hard")
DEFAULT_NAMES = (YOU, "Ada", "Bo", "Cy", "Dee", "Eli")


class Table(Protocol):
    """What these screens use of the table that pushes them."""

    n: int
    viewer: int
    humans: list[int]
    seat_names: list[str]
    kinds: list[str]
    model: Any
    state: Any
    on_exit: Callable[[Any], None] | None

    @property
    def names(self) -> list[str]: ...
    def you(self, seat: int | None) -> bool: ...
    def opponents(self) -> list[int]: ...
    def reveal(self, seat: int) -> None: ...
    def next_round(self) -> None: ...
    def new_game(self, seats: Sequence[Any], dealer: int) -> Any: ...


def hot_seat_names(seats: list[SeatSetup]) -> None:
    """With two or more humans at one screen, a human seat still called "You" becomes
    "Player 1", "Player 2", …: the table would otherwise say "Pass to You / I am You"
    (issue 13 rough edge 8). A single human keeps "You"."""
    humans = [s for s in seats if s.kind == "human"]
    if len(humans) < 2:
        return
    taken = {s.name for s in seats}
    for n, seat in enumerate(humans, 1):
        if seat.name in (YOU, display_name(YOU)):
            name = _("Player {n}").format(n=n)
            while name in taken:
                name += "'"
            seat.name = name
            taken.add(name)


@dataclass
class SeatSetup:
    """One seat on the new-game screen (duck-types :class:`split.app.settings.SeatChoice`)."""

    name: str
    kind: str


class _ButtonScene(Scene):
    """A scene whose clicks and Enter go to a set of buttons."""

    def __init__(self) -> None:
        self.buttons: list[widgets.Button] = []
        self.dirty = True
        self.size = (1280, 720)
        self.focus = 0

    def resize(self, size) -> None:
        self.size = size
        self.dirty = True

    def on_button(self, name: str) -> None:
        """A button was clicked."""

    def button(self, name: str) -> widgets.Button | None:
        for b in self.buttons:
            if b.name == name:
                return b
        return None

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.on_button(b.name)
                    self.dirty = True
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB and self.buttons:
                self.focus = (self.focus + 1) % len(self.buttons)
                self.dirty = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                self.on_button(self.buttons[self.focus % len(self.buttons)].name)
                self.dirty = True

    def draw(self, surface):
        if not self.dirty and not (self.app and self.app.full_redraw):
            return []
        self.dirty = False
        self.render(surface)
        for i, b in enumerate(self.buttons):
            b.draw(surface, focused=i == self.focus)
        return None

    def render(self, surface) -> None:
        """Draw everything but the buttons, and lay the buttons out."""


class PassScene(_ButtonScene):
    """Hot-seat: hide the hand until the next human says they are there."""

    def __init__(self, table: Table, seat: int) -> None:
        super().__init__()
        self.table, self.seat = table, seat

    def render(self, surface) -> None:
        W, H = self.size
        backdrop(surface)
        fs = max(20, H // 18)
        name = self.table.names[self.seat]
        widgets.text(
            surface,
            _("Pass to {name}").format(name=embed(name)),
            (W // 2, H // 3),
            fs,
            widgets.GOLD,
            True,
            anchor="center",
        )
        widgets.text(
            surface,
            _("Other players, please look away."),
            (W // 2, H // 3 + fs * 2),
            fs // 2,
            widgets.INK,
            anchor="center",
        )
        r = pygame.Rect(0, 0, max(260, W // 4), fs * 2)
        r.center = (W // 2, H * 2 // 3)
        self.buttons = [widgets.Button("ready", _("I am {name}").format(name=name), r)]

    def on_button(self, name: str) -> None:
        self.app.pop(self)
        self.table.reveal(self.seat)


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


def round_lines(scored: Any, t: Table) -> list[str]:
    """One sentence per seat saying what the round did to its sheet and why (R8.2): the
    matches and what their rows gained, the cards left in hand and what their negative
    boxes cost, the total before and after."""
    lines = []
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
            _("score {before} \u2192 {after}").format(before=p.score_before, after=p.score_after)
        )
        lines.append(f"{embed(t.names[p.seat])}: {join_clauses(parts)}")
    return lines


class RoundSummaryScene(_ButtonScene):
    """R8.2: every sheet, with the boxes this round filled lit, and what filled them."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.timer = 0.0
        self.elapsed = 0.0  # the round's boxes are crossed one by one
        self.revealing = True

    def render(self, surface) -> None:
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
        # what filled which box, one line per seat (wrapped), above the button
        lines = [] if scored is None else round_lines(scored, t)
        sfs = max(12, int(fs * 0.85))
        cols = 2 if t.n > 3 else 1
        per_col = -(-len(lines) // cols) if lines else 0
        text_h = per_col * int(sfs * 1.3)
        button_h = int(fs * 2.4)
        area = pygame.Rect(10, int(fs * 3.2), W - 20, H - int(fs * 3.2) - text_h - button_h - 30)
        order = [t.viewer, *t.opponents()]
        rects = sheets.sheets_layout(area, t.n)
        budget = int(self.elapsed / REVEAL_STEP)  # boxes crossed so far, sheet by sheet
        for r, seat in zip(rects, order, strict=True):
            rows, negatives, fresh, fresh_neg, budget = revealed(
                t.model.rows[seat],
                t.model.negatives[seat],
                t.model.round_rows[seat],
                t.model.round_negatives[seat],
                budget,
            )
            # your own sheet first: on the right in Persian
            sheets.draw_sheet(surface, r, t.names[seat], rows, negatives, fresh, fresh_neg)
        self.revealing = budget <= 0
        y = area.bottom + 6
        col_w = (W - 40) // cols
        columns = pygame.Rect(20, y, W - 40, H - y)
        for i, ln in enumerate(lines):
            c, row = divmod(i, per_col)
            yy = y + row * int(sfs * 1.3)
            box = widgets.mirror(pygame.Rect(20 + c * col_w, yy, col_w - 10, sfs), columns)
            widgets.line(surface, ln, box, yy, sfs, widgets.INK)
        r = pygame.Rect(0, 0, max(240, W // 5), int(fs * 2.4))
        r.midbottom = (W // 2, H - 10)
        over = t.state.phase == "game-over"
        self.buttons = [
            widgets.Button("next", _("See the results") if over else _("Next round"), r)
        ]

    def on_button(self, name: str) -> None:
        self.app.pop(self)
        if self.table.state.phase != "game-over":
            self.table.next_round()

    def update(self, dt: float) -> None:
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
        return 0.2 if not self.table.humans else None


class FinalScene(_ButtonScene):
    """R9.4: the winner(s), every total, and play again (``on_play_again``, or the new-game
    screen starting ``table.new_game``)."""

    def __init__(self, table: Table, on_play_again: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.table = table
        self.on_play_again = on_play_again

    def render(self, surface) -> None:
        W, H = self.size
        t = self.table
        backdrop(surface)
        fs = max(18, H // 28)
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
        for i, s in enumerate(ranking):
            y = H // 6 + int(fs * 2.5) + i * int(fs * 1.6)
            # the name on the reading side, the total opposite it
            row = pygame.Rect(W // 2 - fs * 6, y, fs * 12, fs)
            bold = s in winners
            widgets.line(surface, f"{i + 1}. {t.names[s]}", row, y, fs, widgets.INK, bold)
            widgets.line(surface, str(scores[s]), row, y, fs, widgets.INK, bold, end=True)
        bw, bh = max(200, W // 6), int(fs * 2.2)
        window = pygame.Rect(0, 0, W, H)
        again = pygame.Rect(0, 0, bw, bh)
        again.midbottom = (W // 2 - bw // 2 - 10, H - fs * 2)
        leave = widgets.mirror(again.move(bw + 20, 0), window)
        again = widgets.mirror(again, window)
        self.buttons = [
            widgets.Button("again", _("Play again"), again),
            widgets.Button("leave", _("Leave"), leave),
        ]

    def on_button(self, name: str) -> None:
        app = self.app
        if name == "again":
            if self.on_play_again is not None:
                self.on_play_again()
                return
            seats = [
                SeatSetup(n, k)
                for n, k in zip(self.table.seat_names, self.table.kinds, strict=True)
            ]
            new = NewGameScene(seats=seats, on_start=self.table.new_game)
            app.pop(self)
            app.replace(new)
        else:
            if self.table.on_exit is not None:
                self.table.on_exit(self.table)
            else:
                app.pop(self)
                app.pop(self.table)


class NewGameScene(_ButtonScene):
    """2-6 seats, each human or a bot (random/easy/normal/hard) with a name; first dealer.

    ``on_start(seats, dealer)`` returns the scene to show (a table); the new-game
    screen is replaced by it. ``dealer`` is a seat, drawn at random if the player
    left it on "random" (R2.2).
    """

    def __init__(self, seats=None, on_start=None) -> None:
        super().__init__()
        self.seats: list[SeatSetup] = [SeatSetup(s.name, s.kind) for s in (seats or [])] or [
            SeatSetup(YOU, "human"),
            SeatSetup("Ada", "normal"),
            SeatSetup("Bo", "normal"),
        ]
        self.dealer: int | None = None  # None: random
        self.editing: int | None = None
        self.on_start = on_start

    def handle_event(self, event) -> None:
        if self.editing is not None and event.type == pygame.KEYDOWN:
            seat = self.seats[self.editing]
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                if not seat.name.strip():
                    seat.name = DEFAULT_NAMES[self.editing]
                self.editing = None
            elif event.key == pygame.K_BACKSPACE:
                seat.name = seat.name[:-1]
            self.dirty = True
            return
        if self.editing is not None and event.type == pygame.TEXTINPUT:
            seat = self.seats[self.editing]
            if len(seat.name) < 16 and event.text.isprintable():
                seat.name += event.text
            self.dirty = True
            return
        super().handle_event(event)

    def render(self, surface) -> None:
        W, H = self.size
        backdrop(surface)
        fs = max(16, H // 36)
        widgets.text(
            surface, _("New game"), (W // 2, fs), int(fs * 1.8), widgets.GOLD, True, anchor="midtop"
        )
        rh = int(fs * 2.4)
        x0 = W // 2 - fs * 16
        y = int(fs * 4.5)
        # Each row left to right: its label, then its controls; mirrored in right-to-left
        # languages (the label on the right, the controls to its left).
        rows = pygame.Rect(x0, 0, fs * 26, H)

        def at(x: int, ry: int, w: int, h: int = rh - 8) -> pygame.Rect:
            return widgets.mirror(pygame.Rect(x, ry, w, h), rows)

        def label(words: str, ry: int) -> None:
            widgets.line(surface, words, at(x0, ry, fs * 6 - 8, rh), ry + rh // 4, fs)

        # The rows that change nothing above them come first: the player count and the
        # first dealer, then the seats. Adding or removing a seat only adds or removes
        # the last row, so no button moves under the pointer (issue 13).
        self.buttons = []
        n = len(self.seats)
        label(_("Players: {n}").format(n=n), y)
        self.buttons.append(widgets.Button("fewer", "\u2212", at(x0 + fs * 6, y, rh), n > 2))
        self.buttons.append(widgets.Button("more", "+", at(x0 + fs * 6 + rh + 8, y, rh), n < 6))
        ry = y + rh
        label(_("First dealer"), ry)
        dealer = _("random") if self.dealer is None else display_name(self.seats[self.dealer].name)
        self.buttons.append(widgets.Button("dealer", dealer, at(x0 + fs * 6, ry, fs * 11)))
        top = ry + int(rh * 1.4)
        for i, seat in enumerate(self.seats):
            ry = top + i * rh
            label(_("Seat {n}").format(n=i + 1), ry)
            name = seat.name + "|" if self.editing == i else display_name(seat.name)
            self.buttons.append(widgets.Button(f"name{i}", name, at(x0 + fs * 6, ry, fs * 11)))
            self.buttons.append(
                widgets.Button(f"kind{i}", _(seat.kind), at(x0 + fs * 18, ry, fs * 8))
            )
        window = pygame.Rect(0, 0, W, H)
        start = pygame.Rect(0, 0, fs * 12, int(fs * 2.6))
        start.bottomleft = (W // 2 + fs // 2, H - fs)
        back = start.copy()
        back.bottomright = (W // 2 - fs // 2, H - fs)
        self.buttons.append(widgets.Button("back", _("Back"), widgets.mirror(back, window)))
        self.buttons.append(widgets.Button("start", _("Start"), widgets.mirror(start, window)))

    def on_button(self, name: str) -> None:
        if name[:4] in ("name", "kind") and int(name[4:]) >= len(self.seats):
            return  # a seat removed in the same frame as the click on it
        if name.startswith("name"):
            self.editing = int(name[4:])
            seat = self.seats[self.editing]
            seat.name = display_name(seat.name)  # edit the name as it is shown
            pygame.key.start_text_input()
        elif name.startswith("kind"):
            seat = self.seats[int(name[4:])]
            seat.kind = KINDS[(KINDS.index(seat.kind) + 1) % len(KINDS)]
            hot_seat_names(self.seats)
        elif name == "fewer" and len(self.seats) > 2:
            self.seats.pop()
            if self.editing is not None and self.editing >= len(self.seats):
                self.editing = None  # the name being typed went with its seat
                pygame.key.stop_text_input()
            if self.dealer is not None and self.dealer >= len(self.seats):
                self.dealer = None
        elif name == "more" and len(self.seats) < 6:
            self.seats.append(SeatSetup(DEFAULT_NAMES[len(self.seats)], "normal"))
        elif name == "back":
            pygame.key.stop_text_input()
            if self.app is not None and len(self.app.scenes) > 1:
                self.app.pop(self)
        elif name == "dealer":
            self.dealer = 0 if self.dealer is None else self.dealer + 1
            if self.dealer >= len(self.seats):
                self.dealer = None
        elif name == "start":
            hot_seat_names(self.seats)
            dealer = self.dealer if self.dealer is not None else random.randrange(len(self.seats))
            if self.on_start is not None:
                scene = self.on_start(list(self.seats), dealer)
                if scene is not None:
                    self.app.replace(scene)
