"""The screens around the table: new game and pass-the-device (the round summary and
the final results are in :mod:`split.ui.results`).

Each is a :class:`~split.ui.loop.Scene`. The app layer may replace any of them; the
table pushes :class:`PassScene`. The screens know the table only through what it
hands them (:class:`Table`; this module does not import it): a new table starts
through ``table.new_game(seats, dealer)``.

    app.push(NewGameScene(on_start=lambda seats, dealer: ...))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from split.i18n import YOU, display_name, embed

from . import widgets
from .backdrop import backdrop
from .loop import Scene
from .typeset import _

KINDS = ("human", "random", "easy", "normal", "hard", "expert")
DEFAULT_NAMES = (YOU, "Ada", "Bo", "Cy", "Dee", "Eli")


class Table(Protocol):
    """What these screens use of the table that pushes them."""

    n: int
    viewer: int
    humans: list[int]
    seat_names: list[str]
    kinds: list[str]
    model: Any
    on_exit: Callable[[Any], None] | None

    @property
    def state(self) -> Any: ...
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
