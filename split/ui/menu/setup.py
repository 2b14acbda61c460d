"""Choosing the players: the new-game screen, and the default players edited from Settings."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence

import pygame

from split import i18n
from split.i18n import N_, _

from .. import portraits, typeset, widgets
from ..loop import Scene
from ..screens import NewGameScene, SeatSetup, hot_seat_names
from .context import MenuContext, Seat
from .dialog import ConfirmScene
from .scene import BG

StartGame = Callable[[Sequence[Seat], int | None], Scene | None]

STRENGTHS = {
    "human": N_("a person at this screen"),
    "random": N_("any legal move, at random"),
    "easy": N_("plays the first match it sees: gentle"),
    "normal": N_("weighs each move on the score sheet: a fair game"),
    "hard": N_("tries each choice over many deals: strong"),
    "expert": N_("reads the hidden hands and looks ahead: the strongest"),
}
"""What each strength is like, in a few words, shown beside each seat."""


def first_game_seats(seats: Sequence[Seat]) -> list[SeatSetup]:
    """The seats of the first game after the tutorial: the default players, every bot
    at normal strength (a fair game, neither a walk-over nor a wall)."""
    return [SeatSetup(s.name, s.kind if s.kind == "human" else "normal") for s in seats]


class SetupScene(NewGameScene):
    """The table's new-game screen, with Esc back and arrow keys; starts the app's table.

    Down and Right move the focus on, Up and Left back; in right-to-left languages,
    where the rows are mirrored, Left moves it on and Right back."""

    def __init__(
        self,
        ctx: MenuContext,
        seats: Sequence[Seat] | None = None,
        on_start: StartGame | None = None,
    ) -> None:
        seats = seats if seats is not None else ctx.settings.seats
        self.start_game: StartGame = on_start or ctx.start_game
        super().__init__(seats=list(seats), on_start=self.start_game)
        self.ctx = ctx
        self.ask_first = on_start is None  # a new game would replace the saved one

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.editing is None:
            k = event.key
            if k == pygame.K_ESCAPE:
                pygame.key.stop_text_input()
                if self.app is not None and len(self.app.scenes) > 1:
                    self.app.pop(self)
                return
            if k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT) and self.buttons:
                on = pygame.K_LEFT if i18n.is_rtl() else pygame.K_RIGHT
                step = 1 if k in (pygame.K_DOWN, on) else -1
                self.focus = (self.focus + step) % len(self.buttons)
                self.dirty = True
                return
            if k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT and self.buttons:
                self.focus = (self.focus - 1) % len(self.buttons)
                self.dirty = True
                return
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(event.pos) and i != self.focus:
                    self.focus = i
                    self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, b in enumerate(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.focus = i
        super().handle_event(event)

    def render(self, surface: pygame.Surface) -> None:
        super().render(surface)
        self.draw_strengths(surface)
        if not self.ask_first:
            return  # the default players, edited from Settings
        # issue 15: the same players at a table on the network, or a friend's table;
        # one row, in reading order: Back, Join a table, Host on this network, Start
        W, H = self.size
        fs = max(16, H // 36)
        named = {b.name: b for b in self.buttons}
        w, h = named["start"].rect.size
        gap = fs
        left = W // 2 - (4 * w + 3 * gap) // 2
        window = pygame.Rect(0, 0, W, H)
        rects = [
            widgets.mirror(pygame.Rect(left + i * (w + gap), H - fs - h, w, h), window)
            for i in range(4)
        ]
        named["back"].rect, named["start"].rect = rects[0], rects[3]
        at = self.buttons.index(named["start"])
        self.buttons[at:at] = [
            widgets.Button("join", _("Join a table"), rects[1]),
            widgets.Button("host", _("Host on this network"), rects[2]),
        ]

    def draw_strengths(self, surface: pygame.Surface) -> None:
        """Beside each seat's strength, what it is like (on the reading side's far end
        of the row: right of it, left of it in right-to-left languages)."""
        W, _H = self.size
        fs = max(16, self.size[1] // 36)
        size = max(12, int(fs * 0.8))
        named = {b.name: b.rect for b in self.buttons}
        rtl = i18n.is_rtl()
        for i, seat in enumerate(self.seats):
            kind, name = named.get(f"kind{i}"), named.get(f"name{i}")
            if kind is None or name is None:
                continue
            # the seat's portrait before its row, as the table's boards will show it
            face = portraits.portrait(seat.name, name.height, seat.kind)
            at = face.get_rect()
            if rtl:  # the row is mirrored: its label is right of the name
                at.midleft = (name.right + fs * 6 + fs // 2, name.centery)
            else:
                at.midright = (name.left - fs * 6 - fs // 2, name.centery)
            surface.blit(face, at)
            left = fs // 2 if rtl else kind.right + fs // 2
            right = kind.left - fs // 2 if rtl else W - fs // 2
            box = pygame.Rect(left, kind.top, right - left, kind.height + fs // 2)
            words = _(STRENGTHS.get(seat.kind, ""))
            lines = len(typeset.wrap(words, size, box.width)) if box.width > 40 else 0
            if not lines:
                continue
            box.top = kind.centery - int(min(lines, 2) * size * 1.3) // 2
            widgets.paragraph(surface, words, box, size, widgets.DIM)

    def on_button(self, name: str) -> None:
        app = self.app
        if app is None:  # a click reaches a scene only while the app shows it
            return
        if name == "host":
            self._host()
            return
        if name == "join":
            from .lobby import JoinScene

            you = self.seats[0].name if self.seats else ""
            self.stack.replace(JoinScene(self.ctx, i18n.display_name(you)))
            return
        if name == "start" and self.ask_first and self.ctx.load_saved() is not None:
            # issue 13 rough edge 6: a new game replaces the saved one; ask first
            self.stack.push(
                ConfirmScene(
                    self.ctx,
                    _("You have a saved game. Starting a new game will replace it."),
                    _("Start a new game"),
                    _("Keep my saved game"),
                    self._start,
                )
            )
            return
        if name == "start":
            self._start()
            return
        super().on_button(name)

    def _start(self) -> None:
        if self.dealer is None:
            # "random" first dealer: drawn from the game's seed (R2.2), so --seed repeats it
            hot_seat_names(self.seats)
            scene = self.start_game(list(self.seats), None)
            if scene is not None:
                self.stack.replace(scene)
            return
        super().on_button("start")

    def _host(self) -> None:
        from .lobby import LobbyScene

        # no hot_seat_names here: the host is the one person at this screen, and the
        # default "You" is sent to friends as this computer's user name (own_name)
        net = self.ctx.host_table(list(self.seats), self.dealer)
        if isinstance(net, str):
            self.ctx.notices.append(net)
            self.dirty = True
            return
        self.stack.replace(LobbyScene(self.ctx, net))

    def leave(self) -> None:
        with contextlib.suppress(pygame.error):
            pygame.key.stop_text_input()


class SeatsEditor(SetupScene):
    """The default players, edited from the settings screen: "Save" instead of "Start"."""

    def __init__(self, ctx: MenuContext) -> None:
        super().__init__(ctx, ctx.settings.seats, on_start=self._save)

    def _save(self, seats: Sequence[Seat], dealer: int | None) -> None:
        self.ctx.keep_seats(seats)
        self.stack.pop(self)

    def render(self, surface: pygame.Surface) -> None:
        super().render(surface)
        self.buttons = [b for b in self.buttons if b.name != "dealer"]
        for b in self.buttons:
            if b.name == "start":
                b.label = _("Save")
        # hide the first-dealer row: the default players have no dealer
        fs = max(16, self.size[1] // 36)
        rh = int(fs * 2.4)
        y = int(fs * 4.5) + rh  # the row under the player count
        pygame.draw.rect(surface, BG, pygame.Rect(0, y - 4, self.size[0], rh + 4))
        widgets.text(
            surface,
            _("Default players"),
            (self.size[0] // 2, y + rh // 4),
            fs,
            widgets.DIM,
            anchor="midtop",
        )
