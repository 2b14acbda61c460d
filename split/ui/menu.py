"""The app around the table: the main menu, the game flow, the pause menu.

    ctx = AppContext(app, settings, sound)
    app.push(MainMenu(ctx, notice=problem))

:class:`AppContext` holds what every screen shares (the settings, applied at once and
saved; the sound; the statistics). :class:`GameTable` is the real
:class:`~split.ui.table.TableScene` with the app's hooks: it autosaves after every
action (the table applies actions itself, then calls ``on_action``), Esc opens the
:class:`PauseScene`, and the end of the game records the statistics and discards the
autosave. Every screen is driven by the keyboard (arrows or Tab, Enter, Esc back) as
well as the mouse.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pygame

from split.app import i18n
from split.app.i18n import _
from split.app.session import Session, load_session, save_path
from split.app.settings import MAX_NAME, SeatChoice, Settings, save_settings
from split.app.stats import load_stats, save_stats

from . import widgets
from .loop import Scene
from .screens import DEFAULT_NAMES, FinalScene, NewGameScene
from .table import TableScene

BG = (10, 50, 30)

# ---------------------------------------------------------------------------- context


class LiveSettings:
    """What the table reads (speed, sort_order, card_back), backed by the app's settings:
    the table's own Speed and Sort buttons change and save the player's settings too."""

    def __init__(self, ctx: AppContext) -> None:
        self._ctx = ctx

    @property
    def speed(self) -> str:
        return self._ctx.settings.speed

    @speed.setter
    def speed(self, value: str) -> None:
        self._ctx.change(speed=value)

    @property
    def sort_order(self) -> str:
        return self._ctx.settings.sort_order

    @sort_order.setter
    def sort_order(self, value: str) -> None:
        self._ctx.change(sort_order=value)

    @property
    def card_back(self) -> str:
        return self._ctx.settings.card_back


def resolve_language(code: str) -> str:
    """The catalog for a settings language ('auto' asks the system); English if unknown."""
    if code == "auto":
        code = i18n.system_language()
    try:
        return i18n.set_language(code)
    except (ValueError, OSError):
        return i18n.set_language("en")


class AppContext:
    """Shared by every screen: the App, the settings, the sound, the new-game seed."""

    def __init__(
        self,
        app,
        settings: Settings,
        sound: Any = None,
        seed: int | None = None,
        save: bool = True,
    ) -> None:
        self.app = app
        self.settings = settings
        self.sound = sound
        self.seed = seed  # --seed: used by the next new game only
        self.save = save  # False: settings changes are not written (selftest)
        self.live = LiveSettings(self)
        self.notices: list[str] = []
        self.apply_sound()

    # settings ---------------------------------------------------------------
    def change(self, **changes: Any) -> None:
        """Apply a settings change at once and keep it."""
        old = self.settings
        self.settings = old.with_(**changes)
        if self.save:
            try:
                save_settings(self.settings)
            except OSError as err:
                self.notices.append(_("Your settings could not be saved ({why}).").format(why=err))
        if "language" in changes and changes["language"] != old.language:
            resolve_language(self.settings.language)
            # every screen lays itself out again: words change length, and a
            # right-to-left language mirrors the layout
            for scene in self.app.scenes:
                scene.resize(self.app.size)
        if "volume" in changes or "muted" in changes:
            self.apply_sound()
        if "fullscreen" in changes and bool(self.app.fullscreen) != self.settings.fullscreen:
            self.app.toggle_fullscreen()
        self.app.full_redraw = True
        for scene in self.app.scenes:
            if isinstance(scene, TableScene):
                scene.invalidate()

    def apply_sound(self) -> None:
        if self.sound is None:
            return
        with contextlib.suppress(Exception):  # sound must never stop the game
            self.sound.set_volume(self.settings.volume)
            self.sound.set_muted(self.settings.muted)

    def click(self) -> None:
        if self.sound is not None:
            with contextlib.suppress(Exception):
                self.sound.play("click")

    # games ------------------------------------------------------------------
    def start_game(self, seats, dealer: int | None) -> GameTable:
        """A new game with these seats (remembered as the next default), autosaved."""
        clean = clean_seats(seats)
        if clean != self.settings.seats:
            self.change(seats=clean)
        seed, self.seed = self.seed, None
        session = Session.new(clean, seed=seed, dealer=dealer, path=save_path())
        return GameTable(self, session)

    def new_game_scene(self, seats=None) -> Scene:
        return SetupScene(self, seats if seats is not None else self.settings.seats)

    def load_saved(self) -> Session | None:
        """The autosave if it can be trusted; a damaged one is set aside with a notice."""
        loaded = load_session()
        if loaded.problem:
            self.notices.append(loaded.problem)
        return loaded.value


def clean_seats(seats) -> tuple[SeatChoice, ...]:
    """Seats from the setup screen as valid settings seats (names 1-16 printable)."""
    out = []
    for i, s in enumerate(seats):
        name = "".join(ch for ch in str(s.name) if ch.isprintable()).strip()[:MAX_NAME]
        out.append(SeatChoice(name or DEFAULT_NAMES[i % len(DEFAULT_NAMES)], s.kind))
    return tuple(out)


# ---------------------------------------------------------------------------- base


class MenuScene(Scene):
    """A full screen of buttons: arrows/Tab move the focus, Enter/Space press, Esc backs
    out, the mouse hovers and clicks. Subclasses lay out ``self.buttons`` in
    :meth:`layout` and draw the rest in :meth:`render`."""

    title = ""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.buttons: list[widgets.Button] = []
        self.focus = 0
        self.size = (1280, 720)
        self.dirty = True

    # layout -----------------------------------------------------------------
    def resize(self, size) -> None:
        self.size = tuple(size)
        self.dirty = True

    def enter(self) -> None:
        self.dirty = True

    def layout(self) -> None:
        """Build ``self.buttons`` for the current size and state."""

    def render(self, surface: pygame.Surface) -> None:
        """Draw everything but the buttons."""
        surface.fill(BG)
        self.draw_title(surface)

    def fs(self) -> int:
        return max(16, self.size[1] // 34)

    def draw_title(self, surface, text: str | None = None) -> None:
        fs = self.fs()
        widgets.text(
            surface,
            text if text is not None else _(self.title),
            (self.size[0] // 2, fs),
            int(fs * 1.8),
            widgets.GOLD,
            True,
            width=self.size[0] - 40,
            anchor="midtop",
        )

    def column(self, items: list[tuple[str, str, bool]], top: int, width: int | None = None):
        """Buttons (name, label, enabled) in a centred column from ``top``."""
        fs = self.fs()
        w = width or max(260, self.size[0] // 4)
        h = int(fs * 2.2)
        out = []
        for i, (name, label, enabled) in enumerate(items):
            r = pygame.Rect(0, 0, w, h)
            r.midtop = (self.size[0] // 2, top + i * int(h * 1.25))
            out.append(widgets.Button(name, label, r, enabled))
        return out

    # input ------------------------------------------------------------------
    def on_button(self, name: str) -> None:
        """A button was pressed."""

    def on_back(self) -> None:
        """Esc: leave this screen."""
        if self.app is not None and len(self.app.scenes) > 1:
            self.app.pop(self)

    def on_key(self, event) -> bool:
        """Keys of this screen before the common ones; True if used."""
        return False

    def move_focus(self, step: int) -> None:
        if not self.buttons:
            return
        n = len(self.buttons)
        for _i in range(n):
            self.focus = (self.focus + step) % n
            if self.buttons[self.focus].enabled:
                break
        self.dirty = True

    def press(self, button: widgets.Button) -> None:
        if not button.enabled:
            return
        self.ctx.click()
        self.dirty = True
        self.on_button(button.name)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self.dirty = True
            if self.on_key(event):
                return
            k = event.key
            if k in (pygame.K_DOWN, pygame.K_RIGHT) or (
                k == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
            ):
                self.move_focus(1)
            elif k in (pygame.K_UP, pygame.K_LEFT, pygame.K_TAB):
                self.move_focus(-1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                self.press(self.buttons[self.focus % len(self.buttons)])
            elif k == pygame.K_ESCAPE:
                self.on_back()
        elif event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos) and i != self.focus:
                    self.focus = i
                    self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.press(b)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.on_wheel(event.y)

    def on_wheel(self, dy: int) -> None:
        """Mouse wheel (scrolling lists)."""

    def draw(self, surface):
        if not self.dirty and not (self.app is not None and self.app.full_redraw):
            return []
        self.dirty = False
        self.layout()
        if self.buttons:
            self.focus %= len(self.buttons)
        self.render(surface)
        for i, b in enumerate(self.buttons):
            b.draw(surface, focused=i == self.focus)
        return None


# ---------------------------------------------------------------------------- main menu


class MainMenu(MenuScene):
    """Continue (when a trustworthy autosave exists), New game, Rules, Statistics,
    Settings, Quit; a damaged file found at start-up is told here."""

    title = "Split"

    def __init__(self, ctx: AppContext, notice: str | None = None) -> None:
        super().__init__(ctx)
        if notice:
            ctx.notices.append(notice)
        self.saved: Session | None = None

    def enter(self) -> None:
        super().enter()
        self.saved = self.ctx.load_saved()
        if self.saved is not None:
            self.focus = 0  # Continue

    @property
    def notice(self) -> str:
        return " ".join(self.ctx.notices)

    def layout(self) -> None:
        fs = self.fs()
        items = [
            ("continue", _("Continue"), self.saved is not None),
            ("new", _("New game"), True),
            ("rules", _("Rules"), True),
            ("stats", _("Statistics"), True),
            ("settings", _("Settings"), True),
            ("quit", _("Quit"), True),
        ]
        self.buttons = self.column(items, int(fs * 6.2))
        if not self.buttons[self.focus % len(self.buttons)].enabled:
            self.move_focus(1)

    def render(self, surface) -> None:
        W, H = self.size
        surface.fill(BG)
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
            lines = len(widgets.typeset.wrap(self.notice, fs, W - 104))
            r = pygame.Rect(40, bottom, W - 80, min(H - bottom - 10, lines * int(fs * 1.3) + 20))
            widgets.panel(surface, r)
            widgets.paragraph(surface, self.notice, r.inflate(-24, -16), fs, widgets.ERROR)

    def on_button(self, name: str) -> None:
        app = self.app
        if name != "quit":
            self.ctx.notices.clear()
        if name == "continue" and self.saved is not None:
            session, self.saved = self.saved, None
            app.push(GameTable(self.ctx, session))
        elif name == "new":
            app.push(self.ctx.new_game_scene())
        elif name == "rules":
            from .pages import RulesScene

            app.push(RulesScene(self.ctx))
        elif name == "stats":
            from .pages import StatsScene

            app.push(StatsScene(self.ctx))
        elif name == "settings":
            from .pages import SettingsScene

            app.push(SettingsScene(self.ctx))
        elif name == "quit":
            app.running = False

    def on_back(self) -> None:
        """Esc on the main menu does nothing (Quit is a button; the window can close)."""


# ---------------------------------------------------------------------------- new game


class SetupScene(NewGameScene):
    """The table's new-game screen, with Esc back and arrow keys; starts a GameTable.

    Down and Right move the focus on, Up and Left back; in right-to-left languages,
    where the rows are mirrored, Left moves it on and Right back."""

    def __init__(self, ctx: AppContext, seats, on_start: Callable | None = None) -> None:
        super().__init__(seats=list(seats), on_start=on_start or ctx.start_game)
        self.ctx = ctx

    def handle_event(self, event) -> None:
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

    def on_button(self, name: str) -> None:
        if name == "start" and self.dealer is None and self.on_start is not None:
            # "random" first dealer: drawn from the game's seed (R2.2), so --seed repeats it
            scene = self.on_start(list(self.seats), None)
            if scene is not None:
                self.app.replace(scene)
            return
        super().on_button(name)

    def leave(self) -> None:
        with contextlib.suppress(pygame.error):
            pygame.key.stop_text_input()


class SeatsEditor(SetupScene):
    """The default players, edited from the settings screen: "Save" instead of "Start"."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx, ctx.settings.seats, on_start=self._save)

    def _save(self, seats, dealer) -> None:
        self.ctx.change(seats=clean_seats(seats))
        self.app.pop(self)
        return None

    def render(self, surface) -> None:
        super().render(surface)
        self.buttons = [b for b in self.buttons if b.name != "dealer"]
        for b in self.buttons:
            if b.name == "start":
                b.label = _("Save")
        # hide the first-dealer row: the default players have no dealer
        fs = max(16, self.size[1] // 36)
        rh = int(fs * 2.4)
        y = int(fs * 4.5) + (len(self.seats) + 1) * rh
        pygame.draw.rect(surface, BG, pygame.Rect(0, y - 4, self.size[0], rh + 4))
        widgets.text(
            surface,
            _("Default players"),
            (self.size[0] // 2, y + rh // 4),
            fs,
            widgets.DIM,
            anchor="midtop",
        )


# ---------------------------------------------------------------------------- the table


class GameTable(TableScene):
    """The table for a :class:`Session`: autosave, Esc pause, statistics at the end."""

    def __init__(self, ctx: AppContext, session: Session) -> None:
        super().__init__(
            session.game,
            session.seats,
            on_action=self._saved,
            settings=ctx.live,
            sound=ctx.sound,
            on_game_over=self._game_over,
            on_exit=self._exit,
        )
        self.ctx = ctx
        self.session = session
        self.recorded = False

    def _saved(self, action, events) -> None:
        self.session.save()

    def handle_event(self, event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and self.esc_free()
            and self.app is not None
        ):
            self.app.push(PauseScene(self.ctx, self))
            return
        super().handle_event(event)

    def record(self) -> None:
        """The game is over: count it in the statistics (once) and drop the autosave."""
        if self.recorded:
            return
        self.recorded = True
        stats, problem = load_stats()
        if problem:
            self.ctx.notices.append(problem)
        try:
            if stats.record(self.session):
                save_stats(stats)
        except OSError as err:
            self.ctx.notices.append(_("The statistics could not be saved ({why}).").format(why=err))
        self.session.discard_save()

    def _game_over(self, table) -> None:
        self.record()
        if self.app is not None:
            self.app.push(ResultsScene(self))

    def _exit(self, table) -> None:
        app = self.app
        if app is None:
            return
        for scene in list(app.scenes[app.scenes.index(self) :]):
            app.pop(scene)

    def play_again(self) -> None:
        app = self.app
        if app is None:
            return
        seats = list(self.session.seats)
        self._exit(self)
        app.push(self.ctx.new_game_scene(seats))


class ResultsScene(FinalScene):
    """The table's results screen: Play again goes through the app's new-game screen;
    Esc or Leave goes back to the menu."""

    def __init__(self, table: GameTable) -> None:
        super().__init__(table, on_play_again=table.play_again)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_button("leave")
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                if self.buttons:
                    self.focus = (self.focus + 1) % len(self.buttons)
                    self.dirty = True
                return
        super().handle_event(event)


class PauseScene(MenuScene):
    """Esc on the table: resume, rules, settings, save and quit to the menu."""

    title = "Paused"

    def __init__(self, ctx: AppContext, table: GameTable) -> None:
        super().__init__(ctx)
        self.table = table

    def layout(self) -> None:
        fs = self.fs()
        items = [
            ("resume", _("Resume"), True),
            ("rules", _("Rules"), True),
            ("settings", _("Settings"), True),
            ("quit", _("Save and quit to menu"), True),
        ]
        self.buttons = self.column(items, self.size[1] // 2 - fs * 4)

    def render(self, surface) -> None:
        # The table below, as it is now (a changed setting shows at once), shaded.
        self.table.invalidate()
        self.table.draw(surface)
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        fs = self.fs()
        top = self.buttons[0].rect.top - fs * 4
        box = pygame.Rect(0, 0, self.buttons[0].rect.width + fs * 4, 0)
        box.height = self.buttons[-1].rect.bottom - top + fs * 2
        box.midtop = (self.size[0] // 2, top)
        widgets.panel(surface, box)
        widgets.text(
            surface,
            _("Paused"),
            (box.centerx, top + fs),
            int(fs * 1.6),
            widgets.GOLD,
            True,
            anchor="midtop",
        )

    def on_button(self, name: str) -> None:
        app = self.app
        if name == "resume":
            self.on_back()
        elif name == "rules":
            from .pages import RulesScene

            app.push(RulesScene(self.ctx))
        elif name == "settings":
            from .pages import SettingsScene

            app.push(SettingsScene(self.ctx))
        elif name == "quit":
            self.table.session.save()
            app.pop(self)
            self.table._exit(self.table)

    def on_back(self) -> None:
        self.table.invalidate()
        self.app.pop(self)
