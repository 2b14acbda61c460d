"""What the app hands every screen: settings applied at once and kept, the language, the
sound, new and saved games, the statistics.

    ctx = AppContext(app, settings, sound)
    app.push(MainMenu(ctx, notice=problem))

:class:`AppContext` fits the screens' :class:`split.ui.menu.context.MenuContext`.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence
from typing import Any

import pygame

from split import i18n
from split.i18n import _
from split.i18n.words import verbatim
from split.ui.loop import App
from split.ui.menu.context import Finder, KeptGame, NetTable, Seat
from split.ui.menu.game import game_table
from split.ui.screens import DEFAULT_NAMES
from split.ui.table import TableScene
from split.ui.table.intents import Explain
from split.ui.table.settings import speeds_of

from .about import AboutInfo, about_info
from .about import open_folder as _open_folder
from .joined import FriendMemory
from .session import Session, load_session, save_path
from .settings import MAX_NAME, SeatChoice, Settings, save_settings
from .stats import Stats, load_stats, record_game, stats_path
from .storage import data_dir_path, file_lock, os_reason

LOCK_WAIT_S = 60.0  # a thread waits this long for the statistics' lock, then gives up


class LiveSettings:
    """What the table reads (speed, sort_order, the deck: card_back, card_faces,
    four_colour, high_contrast; reduced_motion, ui_scale), backed by the app's settings:
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

    @property
    def reduced_motion(self) -> bool:
        return self._ctx.settings.reduced_motion

    @property
    def ui_scale(self) -> int:
        return self._ctx.settings.ui_scale

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


def kept(game: KeptGame) -> Session:
    """The app's own game behind what a screen hands back (the screens only ever get
    :class:`Session` objects from the app; TypeError for anything else)."""
    if not isinstance(game, Session):
        raise TypeError(f"not a game this app keeps: {type(game).__name__}")
    return game


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
        not_owner: str | None = None,
        other_window: bool = False,
    ) -> None:
        self.app = app
        self.settings = settings
        self.sound = sound
        self.seed = seed  # --seed: used by the next new game only
        self.save = save  # False: settings changes are not written (selftest)
        self.live = LiveSettings(self)
        self.notices: list[str] = []
        # this window owns the data folder: it writes games and statistics (not when
        # the folder is another window's, or cannot be used)
        self.owner = writable
        self.not_owner = not_owner or _("This window saves nothing.")
        # the folder is another window's (not merely unusable): its game is not offered
        self.other_window = other_window
        # the last write worked (False when not the owner, and from a failed write until
        # one works again)
        self.saving = writable
        self.off_notice: str | None = None
        self.finished: set[str] = set()  # games over in this window (never continued)
        self.pending: list[Any] = []  # finished games a failed write has not counted yet
        self.friends = FriendMemory(self)  # the tables this window joined (issue 26)
        self._show_saving()
        self.apply_sound()

    # settings ---------------------------------------------------------------
    def change(self, **changes: Any) -> None:
        """Apply a settings change at once and keep it."""
        old = self.settings
        self.settings = old.with_(**changes)
        if self.save and self.owner:
            try:
                save_settings(self.settings)
            except OSError as err:
                self.saving_off(err)
            else:
                back = self._saving_back()
                if back:
                    self.notices.append(back)
        if "language" in changes and changes["language"] != old.language:
            resolve_language(self.settings.language)
        if self.settings.language != old.language or self.settings.ui_scale != old.ui_scale:
            # every screen lays itself out again: words change length or size, and a
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

    # saving -----------------------------------------------------------------
    def _show_saving(self) -> None:
        """The window's title says, for as long as it is true, that nothing is kept."""
        title = "Split" if self.saving else "Split — " + _("not saved")
        if threading.current_thread() is not threading.main_thread():
            return  # (a hosted game saves on the network's thread: SDL is the UI's)
        if getattr(self.app, "title", None) != title:
            self.app.title = title
            with contextlib.suppress(pygame.error):
                pygame.display.set_caption(title)

    def standing_notice(self) -> str | None:
        """Why this window keeps nothing now (None when it saves)."""
        if self.saving:
            return None
        if not self.owner:
            return self.not_owner
        return self.off_notice

    def saving_off(self, err: OSError) -> str:
        """A write failed: say so (once each time saving goes off), and retry at the next
        save (the files on disk stay as they were). Returns the notice."""
        notice = _("Saving is off: {why}. The game goes on but is not kept.").format(
            why=os_reason(err)
        )
        if self.saving:
            self.saving = False
            self.notices.append(notice)
        self.off_notice = notice
        self._show_saving()
        return notice

    def _saving_back(self) -> str | None:
        """A write worked: saving is on again; the notice if it had been off."""
        if self.saving:
            return None
        self.saving = True
        self._show_saving()
        self.off_notice = None
        return _("Saving works again: the game is kept.")

    def _write(self, session: Session) -> str | None:
        """Save ``session`` and any finished game not yet counted; the notice if saving
        went off or came back."""
        try:
            session.save()
            self._count_pending()
        except OSError as err:
            return self.saving_off(err) if self.saving else None
        return self._saving_back()

    # games ------------------------------------------------------------------
    def start_game(self, seats: Sequence[Seat], dealer: int | None) -> TableScene:
        """A new game with these seats (remembered as the next default), autosaved; the
        table says at once when the game is not kept."""
        clean = clean_seats(seats)
        if clean != self.settings.seats:
            self.change(seats=clean)
        seed, self.seed = self.seed, None
        session = Session.new(clean, seed=seed, dealer=dealer, path=None)
        if self.owner:
            with contextlib.suppress(OSError):
                session.path = save_path()
        told = self._write(session) if session.path is not None else None
        table = game_table(self, session)
        notice = told or self.standing_notice()
        if notice:  # worded by the app
            table.apply_intent(Explain(note=verbatim(notice)))
        return table

    def load_saved(self) -> Session | None:
        """The autosave if it can be trusted; a damaged one is set aside with a notice
        (its backup put back in place). A second window offers no game: the window
        that owns the folder plays it (a folder that cannot be written offers its game,
        played unsaved). A finished game found there
        (its counting was cut short) is counted now, not continued."""
        if not self.owner and self.other_window:
            return None
        try:
            loaded = load_session(data_dir_path() / "autosave.json", restore=self.owner)
        except OSError:
            return None
        if loaded.problem:
            self.notices.append(loaded.problem)
        session = loaded.value
        if session is not None and (session.state.is_over or session.game_id in self.finished):
            if session.game_id not in self.finished:
                self.finish_game(session)
            return None
        return session

    def autosave(self, game: KeptGame) -> str | None:
        """Save the game as it is now (after every action, and on quitting to the menu).
        A failed write turns saving off and each later save tries again; the game goes
        on. Returns what the table tells after the move: while nothing is kept, why
        (after every move, for as long as it lasts), and once, that saving works again."""
        told = self._save_told(game)
        return told or self.standing_notice()

    def _save_told(self, game: KeptGame) -> str | None:
        """Save ``game`` if this window keeps it; the notice when saving went off or
        came back (a hosted game's host tells these once, on its own thread)."""
        session = kept(game)
        if self.owner and session.path is not None:
            return self._write(session)
        return None

    def finish_game(self, game: KeptGame) -> None:
        """The game is over: count it in the statistics (once, merged with what another
        process may have counted meanwhile) and drop the autosave. The UI never waits
        for the statistics' lock: while another process holds it the game is counted on
        a thread; a failed write keeps it to count at the next save."""
        session = kept(game)
        self.finished.add(session.game_id)
        if self.owner:
            self._count(session)

    def _count(self, session: Any) -> None:
        """Count ``session`` and drop its autosave; on a thread if the statistics' lock
        is held; kept in :attr:`pending` if the write fails."""
        try:
            _recorded, problem = record_game(session, timeout=0)
        except TimeoutError:
            threading.Thread(target=self._count_later, args=(session,), daemon=True).start()
            return
        except OSError as err:
            self._keep_pending(session)
            self.saving_off(err)
            return
        self._counted(session, problem)

    def _count_later(self, session: Any) -> None:
        """On a thread: wait for the statistics' lock, then count ``session`` (its
        autosave stays until then: a next start counts it if this never does)."""
        try:
            _recorded, problem = record_game(session, timeout=LOCK_WAIT_S)
        except OSError:
            if session not in self.pending:
                self.pending.append(session)
            return
        self._counted(session, problem)

    def _keep_pending(self, session: Any) -> None:
        """A finished game could not be counted: keep it to count at the next save, and
        keep it finished in the autosave so a next start counts it; where even that
        cannot be written, the older autosave goes so it never comes back as Continue."""
        if session not in self.pending:
            self.pending.append(session)
        try:
            if getattr(session, "path", None) is not None:
                session.save()
        except OSError:
            self._drop_autosave(session)

    def _counted(self, session: Any, problem: str | None) -> None:
        if problem:
            self.notices.append(problem)
        if session in self.pending:
            self.pending.remove(session)
        self._drop_autosave(session)

    def _drop_autosave(self, session: Any) -> None:
        """Remove the autosave if it still holds ``session``'s game (not a game started
        since), so a finished game never comes back as Continue."""
        path = getattr(session, "path", None)
        if path is None:
            return
        with contextlib.suppress(OSError):
            kept = load_session(path).value
            if kept is None or kept.game_id == session.game_id:
                session.discard_save()

    def _count_pending(self) -> None:
        """Count the finished games a failed write kept (OSError if it fails again; a
        held lock leaves them for the next save)."""
        for session in list(self.pending):
            try:
                _recorded, problem = record_game(session, timeout=0)
            except TimeoutError:
                return
            self._counted(session, problem)

    def finish_network_game(self, net: NetTable) -> None:
        """A network game is over: count it for this window's player (the host's own
        game, or a friend's seat) and drop the host's autosave."""
        if not self.owner:
            return
        record = net.record()
        if record is not None:
            self.finished.add(getattr(record, "game_id", ""))
            self._count(record)
        if net.session is not None:
            self._drop_autosave(net.session)

    # statistics ---------------------------------------------------------------
    def load_stats(self) -> Stats:
        """The statistics kept so far; a damaged file is set aside with a notice, and its
        backup put back in place when this window owns the folder and the statistics'
        lock is free at once (held, or no lock can be made there: read, never wait)."""
        try:
            path = stats_path()
        except OSError:  # the folder cannot be made: read where it would be
            path = data_dir_path() / "statistics.json"
        try:
            try:
                if not self.owner:
                    raise PermissionError("not this window's folder")
                with file_lock(path.with_name(path.name + ".lock"), timeout=0):
                    stats, problem = load_stats(path, restore=True)
            except OSError:
                stats, problem = load_stats(path)
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
        session.hosted = True
        if self.owner:
            with contextlib.suppress(OSError):
                session.path = save_path()
        return self.resume_hosting(session)

    def resume_hosting(self, game: KeptGame) -> NetTable | str:
        """Host ``game`` (new or saved), saved after every action."""
        session = kept(game)
        from .network import host_table  # the network's libraries load when first used

        try:
            net = host_table(
                session.seats,
                None,
                wake=self._wake,
                session=session,
                save=self._save_told,
                pause=speeds_of(self.live)[1],  # bots take the time the speed gives them
            )
        except OSError as err:
            return _("Cannot host on this network: {why}").format(why=err.strerror or err)
        self._save_told(session)
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
        """Open ``path`` in the file manager; a translated sentence if it failed at once.
        The opener's exit is waited for on a thread: a later failure becomes a notice."""

        def late(_problem: str) -> None:
            self.notices.append(_("Could not open the folder {path}.").format(path=path))
            self._wake()

        problem = _open_folder(path, late=late)
        if problem is None:
            return None
        return _("Could not open the folder {path}.").format(path=path)
