"""What the app hands every screen: settings applied at once and kept, the language, the
sound, new and saved games, the statistics.

    ctx = AppContext(app, settings, sound)
    app.push(MainMenu(ctx, notice=problem))

:class:`AppContext` fits the screens' :class:`split.ui.menu.context.MenuContext`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import pygame

from split import i18n
from split.i18n import _
from split.ui.loop import App
from split.ui.menu.context import Finder, NetTable, Seat
from split.ui.menu.game import GameTable
from split.ui.screens import DEFAULT_NAMES
from split.ui.table import TableScene
from split.ui.table.settings import speeds_of

from .about import AboutInfo, about_info
from .about import open_folder as _open_folder
from .session import Session, load_session, save_path
from .settings import MAX_NAME, SeatChoice, Settings, save_settings
from .stats import Stats, load_stats, record_game


class LiveSettings:
    """What the table reads (speed, sort_order, the deck: card_back, card_faces,
    four_colour, high_contrast), backed by the app's settings:
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

    @property
    def card_faces(self) -> str:
        return self._ctx.settings.card_faces

    @property
    def four_colour(self) -> bool:
        return self._ctx.settings.four_colour

    @property
    def high_contrast(self) -> bool:
        return self._ctx.settings.high_contrast

    def change(self, **changes: str) -> None:
        """Change (and save) the named settings: the table's Speed and Sort buttons."""
        self._ctx.change(**changes)


def resolve_language(code: str) -> str:
    """The catalog for a settings language ('auto' asks the system); English if unknown."""
    if code == "auto":
        code = i18n.system_language()
    try:
        return i18n.set_language(code)
    except (ValueError, OSError):
        return i18n.set_language("en")


def clean_seats(seats: Sequence[Seat]) -> tuple[SeatChoice, ...]:
    """Seats from the setup screen as valid settings seats (names 1-16 printable)."""
    out = []
    for i, s in enumerate(seats):
        name = "".join(ch for ch in str(s.name) if ch.isprintable()).strip()[:MAX_NAME]
        out.append(SeatChoice(name or DEFAULT_NAMES[i % len(DEFAULT_NAMES)], s.kind))
    return tuple(out)


class AppContext:
    """Shared by every screen: the App, the settings, the sound, the new-game seed."""

    def __init__(
        self,
        app: App,
        settings: Settings,
        sound: Any = None,
        seed: int | None = None,
        save: bool = True,
        writable: bool = True,
    ) -> None:
        self.app = app
        self.settings = settings
        self.sound = sound
        self.seed = seed  # --seed: used by the next new game only
        self.save = save  # False: settings changes are not written (selftest)
        self.live = LiveSettings(self)
        self.notices: list[str] = []
        # games and statistics are written: False when the data folder is not ours (or
        # cannot be used), and from the first failed write on
        self.saving = writable
        self.apply_sound()

    # settings ---------------------------------------------------------------
    def change(self, **changes: Any) -> None:
        """Apply a settings change at once and keep it."""
        old = self.settings
        self.settings = old.with_(**changes)
        if self.save and self.saving:
            try:
                save_settings(self.settings)
            except OSError as err:
                self.saving_off(err)
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

    def keep_seats(self, seats: Sequence[Seat]) -> None:
        """Keep ``seats`` (cleaned) as the default players."""
        self.change(seats=clean_seats(seats))

    def apply_sound(self) -> None:
        """Give the sound the settings' volume and mute."""
        if self.sound is None:
            return
        with contextlib.suppress(Exception):  # sound must never stop the game
            self.sound.set_volume(self.settings.volume)
            self.sound.set_muted(self.settings.muted)

    def click(self) -> None:
        """Play the click of a pressed button."""
        if self.sound is not None:
            with contextlib.suppress(Exception):
                self.sound.play("click")

    # games ------------------------------------------------------------------
    def start_game(self, seats: Sequence[Seat], dealer: int | None) -> GameTable:
        """A new game with these seats (remembered as the next default), autosaved."""
        clean = clean_seats(seats)
        if clean != self.settings.seats:
            self.change(seats=clean)
        seed, self.seed = self.seed, None
        try:
            session = Session.new(clean, seed=seed, dealer=dealer, path=self._save_path())
        except OSError as err:  # the first save failed: the game goes on, unsaved
            self.saving_off(err)
            session = Session.new(clean, seed=seed, dealer=dealer, path=None)
        return GameTable(self, session)

    def _save_path(self):
        return save_path() if self.saving else None

    def saving_off(self, err: OSError) -> str:
        """A write failed: say so once, and write nothing more this session (the files
        on disk stay as they were). Returns the notice."""
        why = err.strerror or str(err)
        notice = _("Saving is off: {why}. The game goes on but is not kept.").format(why=why)
        if self.saving:
            self.saving = False
            self.notices.append(notice)
        return notice

    def load_saved(self) -> Session | None:
        """The autosave if it can be trusted; a damaged one is set aside with a notice."""
        if not self.saving:  # the folder is not ours, or cannot be used: nothing to trust
            with contextlib.suppress(OSError):
                loaded = load_session()
                return loaded.value if loaded.problem is None else None
            return None
        try:
            loaded = load_session()
        except OSError:
            return None
        if loaded.problem:
            self.notices.append(loaded.problem)
        return loaded.value

    def autosave(self, session: Session) -> str | None:
        """Save the game as it is now (after every action, and on quitting to the menu).
        A failed write turns saving off: the notice is returned (once) and the game goes
        on."""
        if not self.saving or session.path is None:
            return None
        try:
            session.save()
        except OSError as err:
            session.path = None
            return self.saving_off(err)
        return None

    def finish_game(self, session: Session) -> None:
        """The game is over: count it in the statistics (once, merged with what another
        process may have counted meanwhile) and drop the autosave."""
        if not self.saving:
            return
        try:
            _recorded, problem = record_game(session)
            if problem:
                self.notices.append(problem)
            session.discard_save()
        except OSError as err:
            self.saving_off(err)

    def finish_network_game(self, net: NetTable) -> None:
        """A network game is over: count it for this window's player (the host's own
        game, or a friend's seat) and drop the host's autosave."""
        if not self.saving:
            return
        try:
            record = net.record()
            if record is not None:
                _recorded, problem = record_game(record)
                if problem:
                    self.notices.append(problem)
            if net.session is not None:
                net.session.discard_save()
        except OSError as err:
            self.saving_off(err)

    # statistics ---------------------------------------------------------------
    def load_stats(self) -> Stats:
        """The statistics kept so far; a damaged file is set aside with a notice."""
        try:
            stats, problem = load_stats()
        except OSError:
            return Stats()
        if problem:
            self.notices.append(problem)
        return stats

    # network play (issue 15) -------------------------------------------------------
    def _wake(self) -> None:
        """Something arrived from the network (on its thread): wake the window's loop."""
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"net": True}))

    def host_table(self, seats: Sequence[Seat], dealer: int | None) -> NetTable | str:
        """Host a table with these seats (kept as the next default); a sentence if the
        network cannot be used."""
        clean = clean_seats(seats)
        if clean != self.settings.seats:
            self.change(seats=clean)
        seed, self.seed = self.seed, None
        session = Session.new(clean, seed=seed, dealer=dealer, path=None)
        session.path, session.hosted = self._save_path(), True
        return self.resume_hosting(session)

    def resume_hosting(self, session: Session) -> NetTable | str:
        """Host ``session`` (new or saved), saved after every action."""
        from .network import host_table  # the network's libraries load when first used

        try:
            net = host_table(
                session.seats,
                None,
                wake=self._wake,
                session=session,
                save=self.autosave,
                pause=speeds_of(self.live)[1],  # bots take the time the speed gives them
            )
        except OSError as err:
            return _("Cannot host on this network: {why}").format(why=err.strerror or err)
        self.autosave(session)
        return net

    def join_table(self, address: str, code: str, name: str) -> NetTable:
        """Join a table (:class:`ValueError` with what is wrong with what was typed)."""
        from .network import join_table

        return join_table(address, code, name, wake=self._wake)

    def find_tables(self) -> Finder | None:
        from .network import find_tables

        return find_tables()

    # about ------------------------------------------------------------------------
    def about(self) -> AboutInfo:
        """The version, the licences and the data folder (for the About screen)."""
        return about_info()

    def open_folder(self, path: Any) -> str | None:
        """Open ``path`` in the file manager; a translated sentence if it failed."""
        problem = _open_folder(path)
        if problem is None:
            return None
        return _("Could not open the folder {path}.").format(path=path)
