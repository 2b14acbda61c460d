"""The main menu: Continue, Rejoin (a friend's last table), New game, Learn to play,
Rules, Statistics, Settings, About, Quit; and the first start's offer of the tutorial."""

from __future__ import annotations

import pygame

from split import i18n
from split.i18n import _

from .. import typeset, widgets
from ..backdrop import backdrop, card_fan
from ..tutorial import tutorial_table
from .about import AboutScene
from .context import JoinedTable, KeptGame, MenuContext
from .dialog import ConfirmScene
from .game import game_table
from .rules import RulesScene
from .scene import MenuScene
from .settings import SettingsScene
from .setup import SetupScene, first_game_seats
from .stats import StatsScene


class MainMenu(MenuScene):
    """Continue (when a trustworthy autosave exists), Rejoin (the last table a friend's
    window joined, while its code is kept), New game, Rules, Statistics,
    Settings, About, Quit; a damaged file found at start-up is told here."""

    title = "Split"

    def __init__(self, ctx: MenuContext, notice: str | None = None) -> None:
        super().__init__(ctx)
        if notice:
            ctx.notices.append(notice)
        self.saved: KeptGame | None = None
        self.rejoin: tuple[JoinedTable, str] | None = None

    def enter(self) -> None:
        super().enter()
        self.saved = self.ctx.load_saved()
        # a friend's window that left a table in play (closed, or lost): one click back
        self.rejoin = self.ctx.friends.rejoin
        if self.saved is not None:
            self.focus = 0  # Continue
        elif self.rejoin is not None:
            self.focus = 1  # Rejoin

    @property
    def notice(self) -> str:
        """Every notice the player has not yet seen, as one text."""
        return " ".join(self.ctx.notices)

    def layout(self) -> None:
        fs = self.fs()
        items = [("continue", _("Continue"), self.saved is not None)]
        if self.rejoin is not None:
            host = i18n.embed(self.rejoin[0].host)
            items.append(("rejoin", _("Rejoin {name}'s table").format(name=host), True))
        items += [
            ("new", _("New game"), True),
            ("learn", _("Learn to play"), True),
            ("rules", _("Rules"), True),
            ("stats", _("Statistics"), True),
            ("settings", _("Settings"), True),
            ("about", _("About"), True),
            ("quit", _("Quit"), True),
        ]
        self.buttons = self.column(items, int(fs * 6.2))
        if not self.buttons[self.focus % len(self.buttons)].enabled:
            self.move_focus(1)

    def render(self, surface: pygame.Surface) -> None:
        W, H = self.size
        backdrop(surface)
        # a hand of court cards beside the menu (on its other side in Persian)
        fan = card_fan(max(60, int(H / 3.4)))
        spot = fan.get_rect(center=(W // 2 - max(260, W // 4) // 2 - fan.get_width() // 2, H // 2))
        surface.blit(fan, widgets.mirror(spot, surface.get_rect()))
        fs = self.fs()
        widgets.text(
            surface, "Split", (W // 2, fs // 2), int(fs * 2.6), widgets.GOLD, True, anchor="midtop"
        )
        widgets.text(
            surface,
            _("the half-card game"),
            (W // 2, int(fs * 3.9)),
            fs,
            widgets.DIM,
            anchor="midtop",
        )
        if self.saved is not None:
            s = self.saved.state
            line = _("Saved game: round {r}, {names}").format(
                r=s.round,
                names=i18n.join_words(
                    i18n.embed(i18n.display_name(seat.name)) for seat in self.saved.seats
                ),
            )
            # beside Continue, on the side it reads towards: its right, its left in Persian
            b = self.buttons[0].rect
            rtl = i18n.is_rtl()
            widgets.text(
                surface,
                line,
                (b.left - fs if rtl else b.right + fs, b.centery),
                int(fs * 0.8),
                widgets.DIM,
                width=max(50, (b.left if rtl else W - b.right) - 2 * fs),
                anchor="midright" if rtl else "midleft",
            )
        if self.ctx.notices:
            bottom = self.buttons[-1].rect.bottom + fs
            lines = len(typeset.wrap(self.notice, fs, W - 104))
            r = pygame.Rect(40, bottom, W - 80, min(H - bottom - 10, lines * int(fs * 1.3) + 20))
            widgets.panel(surface, r)
            widgets.paragraph(surface, self.notice, r.inflate(-24, -16), fs, widgets.ERROR)

    def on_button(self, name: str) -> None:
        app = self.stack
        if name != "quit":
            self.ctx.notices.clear()
        if name == "continue" and self.saved is not None:
            session, self.saved = self.saved, None
            if session.hosted:  # issue 15: the same table opens again for its players
                from .lobby import LobbyScene

                net = self.ctx.resume_hosting(session)
                if isinstance(net, str):
                    self.ctx.notices.append(net)
                    self.dirty = True
                    return
                app.push(LobbyScene(self.ctx, net))
                return
            app.push(game_table(self.ctx, session))
        elif name == "rejoin" and self.rejoin is not None:
            self.rejoin_table(*self.rejoin)
        elif name == "new":
            app.push(SetupScene(self.ctx))
        elif name == "learn":
            self.learn()
        elif name == "rules":
            app.push(RulesScene(self.ctx))
        elif name == "stats":
            app.push(StatsScene(self.ctx))
        elif name == "settings":
            app.push(SettingsScene(self.ctx))
        elif name == "about":
            app.push(AboutScene(self.ctx))
        elif name == "quit":
            app.running = False

    def rejoin_table(self, table: JoinedTable, code: str) -> None:
        """Join the last table again with the name and code it was joined with: its
        lobby (the table opens from there), or the join screen saying what is wrong."""
        from .lobby import JoinScene, open_table

        name = self.ctx.friends.name
        typed = {"address": table.address, "code": code, "name": name}
        lobby = open_table(self.ctx, typed)
        if isinstance(lobby, str):
            self.stack.push(JoinScene(self.ctx, name, typed, lobby))
        else:
            self.stack.push(lobby)

    def learn(self) -> None:
        """The tutorial at the table; once seen, the first start no longer offers it."""
        ctx = self.ctx
        if not ctx.settings.tutorial_seen:
            ctx.change(tutorial_seen=True)
        self.stack.push(tutorial_table(ctx.live, ctx.sound, on_close=self.after_tutorial))

    def after_tutorial(self, finished: bool) -> None:
        """A tutorial played to its end leads to the first game: the new-game screen with
        the default players, its bots at normal strength (issue 28)."""
        if finished and self.app is not None:
            self.app.push(SetupScene(self.ctx, first_game_seats(self.ctx.settings.seats)))

    def offer_tutorial(self) -> None:
        """The first start: learn to play, or play now against the default players."""
        ctx = self.ctx

        def play_now() -> None:
            ctx.change(tutorial_seen=True)
            self.stack.push(ctx.start_game(ctx.settings.seats, None))

        self.stack.push(
            WelcomeOffer(
                ctx,
                _(
                    "Welcome to Split! New to the game? A short tutorial plays one round "
                    "with you, step by step."
                ),
                _("Learn to play"),
                _("Play now"),
                self.learn,
                play_now,
            )
        )

    def on_back(self) -> None:
        """Esc on the main menu does nothing (Quit is a button; the window can close)."""


class WelcomeOffer(ConfirmScene):
    """The first start's offer: learn to play or play now. Esc is "not now": the offer
    is answered and does not come back (Learn to play stays in the menu)."""

    def on_back(self) -> None:
        if not self.ctx.settings.tutorial_seen:
            self.ctx.change(tutorial_seen=True)
        super().on_back()
