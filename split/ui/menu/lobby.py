"""Playing on the local network (issue 15): joining a table, the lobby where players
gather, and the table of a network game.

The screens know the network only through the app's :class:`NetTable`
(:class:`~split.ui.menu.context.NetTable`); the game at the table is the remote game
it holds (:mod:`split.ui.table.remote`).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

import pygame

from split.i18n import N_, _, embed, join_words, symbols

from .. import widgets
from ..results import FinalScene
from ..table import TableScene
from ..table.policy import Plain
from ..table.remote import seat_kinds
from .context import MenuContext, NetTable
from .dialog import ConfirmScene
from .scene import MenuScene

FIELDS = ("address", "code", "name")
STATUS = {"human": (96, 200, 120), "open": (230, 180, 70), "away": (220, 110, 90)}
"""The colour of a seat's dot in the lobby: here, waiting for a friend, away."""
FIELD_LENGTH = {"address": 60, "code": 8, "name": 20}
TURN_LIMITS = (0, 30, 60, 120)
"""The turn timers a host may choose (seconds; 0: none, the default)."""


def turn_limit_words(seconds: int) -> str:
    """The turn timer as the lobby shows it."""
    if not seconds:
        return _("Turn timer: off")
    if seconds % 60:
        return _("Turn timer: {n} s").format(n=seconds)
    return _("Turn timer: {n} min").format(n=seconds // 60)


def gone_reason(code: str) -> str:
    """What a friend's window says when the host's door closed on it, by the reason's code."""
    if code == "wrong-code":
        return _("That is not this table's join code.")
    if code == "full":
        return _("Every seat at this table is taken.")
    if code == "unreachable":
        return _("No table answers at that address.")
    if code == "removed":
        return _("The host has sent you away from this table.")
    if code == "busy":  # strangers hold the door: the true reason, not "left" (issue 26)
        return _("The host's computer is busy with other connections: try again in a moment.")
    return _("The host has left.")


class JoinScene(MenuScene):
    """The tables heard on this network, or an address typed; the join code; your name."""

    title = N_("Join a table")

    def __init__(
        self, ctx: MenuContext, name: str, typed: dict[str, str] | None = None, error: str = ""
    ) -> None:
        super().__init__(ctx)
        # the name this window last joined with, else the setup screen's; a failed join
        # comes back with what was typed and why it failed
        fresh = {"address": "", "code": "", "name": ctx.friends.name or name}
        self.values = {f: (typed or fresh)[f] for f in FIELDS}
        self.editing: str | None = None
        self.error = error
        self.finder: Any = None
        self.heard: list[Any] = []
        self.rows: list[Row] = []

    def enter(self) -> None:
        super().enter()
        if self.finder is None:
            self.finder = self.ctx.find_tables()

    def leave(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def close(self) -> None:
        self.leave()
        with contextlib.suppress(pygame.error):
            pygame.key.stop_text_input()

    def wake_in(self) -> float | None:
        return 0.5  # tables come and go

    def update(self, dt: float) -> None:
        heard = self.finder.tables() if self.finder is not None else []
        if heard != self.heard:
            self.heard = heard
            self.dirty = True

    def layout(self) -> None:
        fs = self.fs()
        W, H = self.size
        w = max(320, W // 3)
        y = int(fs * 5.5)
        self.buttons = []
        self.rows = table_rows(self.ctx, self.heard)
        for i, row in enumerate(self.rows):
            label = (
                _("Rejoin {name}'s table \u00b7 {address}")
                if row.code
                else _("{name}'s table \u00b7 {address}")
            )
            label = label.format(name=embed(row.host), address=symbols(row.address))
            r = pygame.Rect(0, 0, w, int(fs * 2))
            r.midtop = (W // 2, y + i * int(fs * 2.4))
            self.buttons.append(widgets.Button(f"table{i}", label, r))
        y += max(1, len(self.rows)) * int(fs * 2.4) + int(fs * 1.8)
        for i, field in enumerate(FIELDS):
            text = self.values[field] + ("|" if self.editing == field else "")
            text = text if field == "name" else symbols(text)  # typed as it is, digits too
            r = pygame.Rect(0, 0, w, int(fs * 2))
            r.midtop = (W // 2 + fs * 3, y + i * int(fs * 2.6))
            self.buttons.append(widgets.Button(field, text, widgets.mirror(r, self.window())))
        join = pygame.Rect(0, 0, fs * 12, int(fs * 2.4))
        join.bottomleft = (W // 2 + fs // 2, H - fs)
        back = join.copy()
        back.bottomright = (W // 2 - fs // 2, H - fs)
        ready = all(self.values[f].strip() for f in FIELDS)
        self.buttons.append(widgets.Button("back", _("Back"), widgets.mirror(back, self.window())))
        self.buttons.append(
            widgets.Button("join", _("Join"), widgets.mirror(join, self.window()), ready)
        )

    def window(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.size)

    def render(self, surface: pygame.Surface) -> None:
        super().render(surface)
        fs = self.fs()
        W = self.size[0]
        looking = (
            _("Tables you joined, and tables on this network:")
            if any(row.joined for row in self.rows)
            else _("Tables on this network:")
            if self.heard
            else _("Looking for tables on this network\u2026 or type the host's address below.")
            if self.finder is not None
            else _("Tables cannot be looked for here: type the host's address below.")
        )
        widgets.text(surface, looking, (W // 2, int(fs * 4)), fs, widgets.DIM, anchor="midtop")
        labels = {
            "address": _("Address"),
            "code": _("Join code"),
            "name": _("Your name"),
        }
        for b in self.buttons:
            if b.name in labels:
                row = pygame.Rect(b.rect.left - fs * 8, b.rect.top, fs * 7, b.rect.height)
                row = widgets.mirror(row, self.window())
                widgets.line(
                    surface, labels[b.name], row, b.rect.centery - fs // 2, fs, widgets.INK
                )
        if self.error:
            widgets.text(
                surface,
                self.error,
                (W // 2, self.size[1] - int(fs * 5.4)),
                fs,
                widgets.ERROR,
                width=W - 40,
                anchor="midtop",
            )

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.editing is None:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.editing = None
            pygame.key.stop_text_input()
        elif event.key == pygame.K_BACKSPACE:
            self.values[self.editing] = self.values[self.editing][:-1]
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and self.editing is not None:
            value = self.values[self.editing] + event.text
            if event.text.isprintable() and len(value) <= FIELD_LENGTH[self.editing]:
                self.values[self.editing] = value.upper() if self.editing == "code" else value
            self.dirty = True
            return
        super().handle_event(event)

    def on_button(self, name: str) -> None:
        if name.startswith("table"):
            row = self.rows[int(name[5:])]
            self.values["address"] = row.address
            if row.code:  # the last table, its code still kept: one click rejoins it
                self.values["code"] = row.code
                self.join()
                return
            self.editing = "code"  # the code is what is left to type
            pygame.key.start_text_input()
        elif name in FIELDS:
            self.editing = name
            pygame.key.start_text_input()
        elif name == "back":
            self.on_back()
        elif name == "join":
            self.join()

    def join(self) -> None:
        """Join the table typed: its lobby, or what is wrong with what was typed."""
        self.editing = None
        lobby = open_table(self.ctx, self.values)
        if isinstance(lobby, str):
            self.error = lobby
            self.dirty = True
            return
        self.stack.replace(lobby)


@dataclass(frozen=True)
class Row:
    """A table the join screen offers: heard on the network, or joined before (the
    last one with its code, to rejoin in one click)."""

    host: str
    address: str
    joined: bool = False
    code: str = ""


def table_rows(ctx: MenuContext, heard: list[Any]) -> list[Row]:
    """The tables to pick, at most four: the last table while its code is kept, the
    tables heard on this network, then the others joined before."""
    rows: list[Row] = []
    rejoin = ctx.friends.rejoin
    if rejoin is not None:
        rows.append(Row(rejoin[0].host, rejoin[0].address, True, rejoin[1]))
    rows += [Row(t.name, t.address) for t in heard]
    rows += [Row(t.host, t.address, True) for t in ctx.friends.tables]
    seen: set[str] = set()
    unique = []
    for row in rows:
        if row.address not in seen:
            seen.add(row.address)
            unique.append(row)
    return unique[:4]


def open_table(ctx: MenuContext, typed: dict[str, str]) -> LobbyScene | str:
    """The lobby of the table ``typed`` (address, code, name) names, or what is wrong
    with what was typed."""
    try:
        net = ctx.join_table(typed["address"], typed["code"], typed["name"])
    except ValueError as err:
        return str(err)
    return LobbyScene(ctx, net, {f: typed[f] for f in FIELDS})


class LobbyScene(MenuScene):
    """The players gathering: the join code and address (the host's), who sits where;
    the host starts the game, and everyone's table opens."""

    def __init__(
        self, ctx: MenuContext, net: NetTable, typed: dict[str, str] | None = None
    ) -> None:
        super().__init__(ctx)
        self.net = net
        self.shown: tuple[object, ...] = ()  # what the lobby drew: ready, seats, gone
        self.seated = False  # the table has opened and owns the connection now
        # what a friend typed to join: remembered once seated, typed again if refused
        self.typed = typed

    @property
    def hosting(self) -> bool:
        return self.net.code is not None

    def wake_in(self) -> float | None:
        return 0.25

    def update(self, dt: float) -> None:
        game = self.net.game
        game.pump()
        if self.typed is not None and self._joining():
            return
        if game.ready and game.started and self.app is not None and game.gone is None:
            self.seated = True
            self.app.replace(net_game_table(self.ctx, self.net))
            return
        shown = (game.ready, game.seats, game.gone)
        if shown != self.shown:
            self.shown = shown
            self.dirty = True

    def _joining(self) -> bool:
        """A friend's join: remembered once a seat is given; if refused before, the join
        screen again with what was typed and why (True: this lobby is gone)."""
        game, typed = self.net.game, self.typed
        if typed is None:
            return False
        if game.ready and game.seats is not None:
            address, code = typed["address"].strip(), typed["code"].strip()
            self.ctx.friends.joined(address, code, typed["name"].strip(), game.seats.names[0])
            self.typed = None
        elif game.gone is not None and not game.ready and self.app is not None:
            if game.gone.code in ("wrong-code", "unreachable"):  # that hosting is over
                self.ctx.friends.forget_code(typed["address"].strip())
            self.app.replace(JoinScene(self.ctx, typed["name"], typed, self._status()))
            return True
        return False

    def on_back(self) -> None:
        self.net.leave()
        super().on_back()

    def close(self) -> None:
        if not self.seated:  # the window closed in the lobby
            self.net.leave()

    def layout(self) -> None:
        fs = self.fs()
        W, H = self.size
        start = pygame.Rect(0, 0, fs * 12, int(fs * 2.4))
        start.bottomleft = (W // 2 + fs // 2, H - fs)
        back = start.copy()
        back.bottomright = (W // 2 - fs // 2, H - fs)
        window = pygame.Rect(0, 0, W, H)
        self.buttons = [widgets.Button("leave", _("Leave"), widgets.mirror(back, window))]
        if self.hosting:
            ready = self.net.game.ready and self.net.game.gone is None
            self.buttons.append(
                widgets.Button("start", _("Start"), widgets.mirror(start, window), ready)
            )
            self.focus = 1
            seats = self.net.game.seats
            if seats is not None and not seats.started:  # a friend may be sent away
                panel = self._panel(len(seats.names))
                for i, kind in enumerate(seats.kinds):
                    if kind == "human" and i != self.net.game.seat:
                        row = self._row(panel, i)
                        r = pygame.Rect(0, 0, fs * 6, int(fs * 1.4))
                        r.midright = (row.right, row.centery)
                        r = widgets.mirror(r, panel)
                        self.buttons.append(widgets.Button(f"remove{i}", _("Remove"), r))
                timer = pygame.Rect(0, 0, fs * 12, int(fs * 1.8))
                timer.midtop = (W // 2, panel.bottom + fs)
                limit = turn_limit_words(seats.turn_limit)
                self.buttons.append(widgets.Button("timer", limit, timer))

    def _top(self) -> int:
        """Where the seats' status line is (below the join code, for the host)."""
        fs = self.fs()
        return int(fs * 4.2) + (fs * 7 if self.hosting else 0)

    def _panel(self, seats: int) -> pygame.Rect:
        """The panel listing the seats."""
        fs = self.fs()
        panel = pygame.Rect(0, 0, max(360, self.size[0] // 3), int(fs * 1.6) * seats + fs)
        panel.midtop = (self.size[0] // 2, self._top() + int(fs * 1.8))
        return panel

    def _row(self, panel: pygame.Rect, i: int) -> pygame.Rect:
        """Seat ``i``'s line in the panel."""
        fs = self.fs()
        row = pygame.Rect(panel.left + fs, panel.top + fs // 2 + i * int(fs * 1.6), 0, fs)
        row.width = panel.width - 2 * fs
        return row

    def render(self, surface: pygame.Surface) -> None:
        game = self.net.game
        self.title = N_("Your table on this network") if self.hosting else N_("Joining a table")
        super().render(surface)
        fs = self.fs()
        W = self.size[0]
        y = int(fs * 4.2)
        if self.hosting:
            widgets.text(surface, _("Join code"), (W // 2, y), fs, widgets.DIM, anchor="midtop")
            code = symbols(self.net.code or "")
            at = (W // 2, y + int(fs * 1.3))
            widgets.text(surface, code, at, fs * 3, widgets.GOLD, True, anchor="midtop")
            addresses = self.net.addresses[:2]
            if addresses:
                where = _(
                    "Friends choose Join a table and type this code; the address is {addresses}."
                ).format(addresses=join_words(symbols(a) for a in addresses))
            else:
                where = _(
                    "This computer is on no network, so friends cannot reach it yet: "
                    "connect it to theirs and this screen shows the address to type."
                )
            widgets.text(
                surface, where, (W // 2, y + fs * 5), fs, widgets.INK, width=W - 80, anchor="midtop"
            )
        y = self._top()
        status = self._status()
        widgets.text(surface, status, (W // 2, y), fs, widgets.DIM, width=W - 80, anchor="midtop")
        seats = game.seats
        if seats is None:
            return
        panel = self._panel(len(seats.names))
        widgets.panel(surface, panel)
        removable = {b.name for b in self.buttons}
        for i, (name, kind) in enumerate(zip(seats.names, seats.kinds, strict=True)):
            row = self._row(panel, i)
            mine = i == game.seat
            dot = pygame.Rect(0, 0, 8, 8)
            dot.center = (row.left - fs // 2, row.top + fs * 2 // 3)  # beside the name
            dot = widgets.mirror(dot, panel)
            pygame.draw.circle(surface, STATUS.get(kind, widgets.DIM), dot.center, max(4, fs // 4))
            widgets.line(surface, name, row, row.top, fs, widgets.GOLD if mine else widgets.INK)
            if f"remove{i}" not in removable:  # the button says it is a friend's seat
                widgets.line(
                    surface, self._kind_words(kind, mine), row, row.top, fs, widgets.DIM, end=True
                )
        if "timer" not in removable and seats.turn_limit:  # a friend sees the host's choice
            words = turn_limit_words(seats.turn_limit)
            at = (W // 2, panel.bottom + fs)
            widgets.text(surface, words, at, fs, widgets.DIM, anchor="midtop")

    def _status(self) -> str:
        game = self.net.game
        if game.gone is not None:
            return gone_reason(game.gone.code)
        if not game.ready:
            return _("Connecting\u2026")
        if self.hosting:
            return _("Waiting for friends: seats nobody takes are played by bots.")
        host = game.seats.names[0] if game.seats is not None else ""
        return _("Waiting for {name} to start the game\u2026").format(name=embed(host))

    @staticmethod
    def _kind_words(kind: str, mine: bool) -> str:
        if mine:
            return _("you")
        return {
            "human": _("here"),
            "open": _("waiting for a friend"),
            "away": _("away (a bot plays)"),
        }.get(kind, _("bot"))

    def on_button(self, name: str) -> None:
        if name == "start":
            self.net.begin()
        elif name == "leave":
            self.on_back()
        elif name.startswith("remove"):
            self.net.remove(int(name[6:]))
        elif name == "timer":
            seats = self.net.game.seats
            now = seats.turn_limit if seats is not None else 0
            later = (
                TURN_LIMITS[(TURN_LIMITS.index(now) + 1) % len(TURN_LIMITS)]
                if now in TURN_LIMITS
                else 0
            )
            self.net.set_turn_limit(later)


def net_game_table(ctx: MenuContext, net: NetTable) -> TableScene:
    """The table of a network game, with :class:`NetGame` as its policy."""
    game = net.game
    seats = game.seats
    kinds = seat_kinds(game.seat, seats.kinds)
    return TableScene(
        game,
        list(zip(seats.names, kinds, strict=True)),
        settings=ctx.live,
        sound=ctx.sound,
        policy=NetGame(ctx, net),
    )


def net_game(scene: object) -> NetGame | None:
    """The network game ``scene`` is the table of, if it is one."""
    if isinstance(scene, TableScene) and isinstance(scene.policy, NetGame):
        return scene.policy
    return None


class NetGame(Plain[TableScene]):
    """The policy of a network game's table: Esc asks before leaving; its end shows
    :class:`NetResults`; the table gone, its connection is left (unless Play again
    handed it on to the next game's table)."""

    def __init__(self, ctx: MenuContext, net: NetTable) -> None:
        self.ctx = ctx
        self.net = net
        self.handed_on = False  # Play again: the connection goes on to the next table

    def close(self, table: TableScene) -> None:
        if not self.handed_on:
            self.net.leave()

    def handle(self, table: TableScene, event: pygame.event.Event) -> bool:
        if not table.esc_for_app(event):
            return False
        question = (
            _("Leave the table? The game ends for everyone.")
            if self.net.code is not None and not table.gone
            else _("Leave the table? A bot plays your seat; you can join again.")
            if not table.gone
            else _("Back to the menu?")
        )
        table.stack.push(
            ConfirmScene(self.ctx, question, _("Leave"), _("Stay"), lambda: self.leave_table(table))
        )
        return True

    def leave_table(self, table: TableScene) -> None:
        self.net.leave()
        if table.app is not None:
            table.app.pop_from(table)

    def game_over(self, table: TableScene) -> bool:
        self.ctx.finish_network_game(self.net)
        if table.app is not None:
            table.app.push(NetResults(table, self))
        return True


class NetResults(FinalScene):
    """The results of a network game: the host may play again with the same people at
    the same seats; everyone may leave. When the host plays again, every window still
    at the table goes to the new game's table."""

    def __init__(self, table: TableScene, game: NetGame) -> None:
        super().__init__(table)
        self.net_table = table
        self.policy = game
        self.net = game.net
        self.shown_gone = False  # the host has left: Play again is no longer waited for
        if self.net.code is None:  # a friend: the code opened a game that is over
            game.ctx.friends.forget_code()

    def wake_in(self) -> float | None:
        return 0.25  # the host's Play again arrives by itself

    def update(self, dt: float) -> None:
        game = self.net.game
        game.pump()
        if game.again_offered and self.app is not None:
            self.net.start_again()  # the new game's deal, from the host
            self.policy.handed_on = True
            self.app.pop_from(self.net_table)
            self.app.push(net_game_table(self.policy.ctx, self.net))
            return
        gone = game.gone is not None
        if gone != self.shown_gone:
            self.shown_gone = gone
            self.dirty = True

    def hosting(self) -> bool:
        """Whether this window hosts the table, and its game is still on."""
        return self.net.code is not None and self.net.game.gone is None

    def choices(self) -> tuple[tuple[str, str], ...]:
        """The host may play again; anyone may leave."""
        return tuple(
            c for c in super().choices() if c[0] == "leave" or (c[0] == "again" and self.hosting())
        )

    def render(self, surface: pygame.Surface) -> None:
        super().render(surface)
        W, H = self.size
        if not self.hosting() and self.net.game.gone is None and self.buttons:
            fs = self.fs()
            host = self.net.game.seats.names[0] if self.net.game.seats is not None else ""
            words = _("{name} may start another game for the same players: stay to play it.")
            at = (W // 2, self.buttons[0].rect.top - fs // 2)
            widgets.text(
                surface,
                words.format(name=embed(host)),
                at,
                fs,
                widgets.DIM,
                width=W - 80,
                anchor="midbottom",
            )

    def on_button(self, name: str) -> None:
        if name == "again":
            self.net.play_again()
        elif name == "leave":
            self.policy.leave_table(self.net_table)
