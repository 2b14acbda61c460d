"""Start the game: settings, language, the window, the main menu.

    split                       # the game
    split --size 1600x900 --seed 7 --fullscreen
    split --selftest            # check the install and play one bots-only game, then exit

``--selftest`` loads every asset (fonts, sounds, icon, translation catalogs), opens a
window (the dummy video driver when there is no display), plays a bots-only game
through the real table in the real loop at instant speed, with a temporary data
folder, prints one summary line and exits 0, or non-zero with the reason.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pygame and the ui load only when the game starts
    import pygame

    from split.app.context import AppContext
    from split.ui.loop import App

from split.app.desktop import set_platform_hints
from split.cliargs import SEED, Parser, window_size

SELFTEST_LIMIT_S = 50.0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The game's command line (``sys.argv`` when ``argv`` is None)."""
    p = Parser(prog="split", description="Split, the half-card game")
    p.add_argument("--selftest", action="store_true", help="check the install and exit")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument(
        "--size", type=window_size, default=(1280, 720), help="window size, e.g. 1280x720"
    )
    p.add_argument("--seed", type=SEED, default=None, help="seed of the next new game")
    p.add_argument(
        "--first-frame",
        action="store_true",
        help="draw the first frame of the menu and exit (split bench start times this)",
    )
    return p.parse_args(argv)


def _icon() -> pygame.Surface | None:
    """The window icon, or None when it does not load."""
    import pygame

    from split.resources import asset_path

    try:
        return pygame.image.load(str(asset_path("images/icon.png")))
    except (pygame.error, FileNotFoundError):
        return None


class _OtherWindow:
    """Why this window saves nothing when another window owns the folder (worded when
    called)."""

    other_window = True

    def __call__(self) -> str:
        from split.i18n import _

        return _("Split is already open in another window: this window saves nothing.")


def _open_data() -> tuple[Any, Callable[[], str | None], Callable[[], str] | None]:
    """The settings, what to tell about them, and why this window writes nothing (None
    when it may write): not when the data folder cannot be used or another window (or
    ``split autoplay``) owns it; otherwise this window takes the folder and sweeps the
    temporary files a killed write left. Readable settings are used even where nothing
    can be written (a read-only folder keeps its language). The sentences are worded
    when called, in the language the settings chose."""
    from split.app.settings import read_settings
    from split.app.storage import (
        data_dir,
        data_dir_path,
        lock_data_dir,
        sweep_temp_files,
        unusable_notice,
        unusable_reason,
    )

    failure = unusable_reason()
    owned = False
    if failure is None:
        try:
            owned = lock_data_dir()
        except OSError as lock_error:
            failure = lock_error
    if owned:
        sweep_temp_files(data_dir())
    try:
        settings, problem = read_settings(restore=owned)
    except OSError:  # the folder's path itself cannot be made: look where it would be
        settings, problem = read_settings(data_dir_path() / "settings.json")
    if owned:
        return settings, problem, None
    if failure is not None:
        err = failure
        why = lambda: unusable_notice(err)  # noqa: E731
    else:
        why = _OtherWindow()

    def told() -> str:
        return " ".join(p for p in (problem(), why()) if p)

    return settings, told, why


def create_app(
    size: tuple[int, int] = (1280, 720),
    fullscreen: bool = False,
    seed: int | None = None,
    sound: bool = True,
    offer_tutorial: bool = False,
) -> tuple[App, AppContext]:
    """The App with the main menu on it, settings loaded and applied; returns (app, ctx).
    With ``offer_tutorial`` (the game as a player starts it), a first start offers the
    tutorial or a game at once over the menu.

    The caller runs it (``app.run()``, or ``app.run_frames`` in tests)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from split.app.context import AppContext, resolve_language
    from split.ui.loop import App
    from split.ui.menu.main import MainMenu

    settings, told, why_not = _open_data()
    resolve_language(settings.language)
    problem = told()  # worded in the player's language
    save = why_not is None
    pygame.init()
    app = App(size, title="Split", fullscreen=fullscreen or settings.fullscreen, icon=_icon())
    snd = None
    if sound:
        try:
            from split.ui.sound import Sound

            snd = Sound(volume=settings.volume)
        except Exception:  # noqa: BLE001 - the game runs without sound
            snd = None
    not_owner = why_not() if why_not is not None else None
    ctx = AppContext(
        app,
        settings,
        snd,
        seed=seed,
        save=save,
        writable=save,
        not_owner=not_owner,
        other_window=getattr(why_not, "other_window", False),
    )
    menu = MainMenu(ctx, notice=problem)
    app.push(menu)
    if offer_tutorial and not settings.tutorial_seen:
        menu.offer_tutorial()
    return app, ctx


def run(args: argparse.Namespace) -> int:
    """Play: the main menu until the window closes (or one frame with ``--first-frame``)."""
    import pygame

    app, _ctx = create_app(args.size, args.fullscreen, args.seed, offer_tutorial=True)
    if args.first_frame:
        app.step()
        pygame.quit()
        return 0
    # Closing the window mid-game just quits: the game was autosaved after each action.
    app.run()
    pygame.quit()
    return 0


# ---------------------------------------------------------------------------- selftest


def _check_assets() -> tuple[list[str], dict[str, int]]:
    """Load every asset; returns (problems, counts)."""
    import pygame

    from split.resources import asset_path, asset_root
    from split.ui.sound import EFFECTS

    problems: list[str] = []
    counts = {"fonts": 0, "catalogs": 0}
    missing = [f"sounds/{n}.wav" for n in EFFECTS if not asset_path(f"sounds/{n}.wav").is_file()]
    if not asset_path("images/icon.png").is_file():
        missing.append("images/icon.png")
    if missing:
        problems.append("missing assets: " + ", ".join(missing))
    fonts = sorted((asset_root() / "fonts").glob("*.ttf"))
    if not fonts:
        problems.append("missing assets: fonts/*.ttf")
    pygame.font.init()
    for f in fonts:
        try:
            pygame.font.Font(str(f), 16).render("Split 7\u2665", True, (0, 0, 0))
            counts["fonts"] += 1
        except (pygame.error, OSError) as err:
            problems.append(f"font {f.name} does not load: {err}")
    try:
        from split import i18n

        for code in i18n.LANGUAGES:
            if code == i18n.DEFAULT_LANGUAGE:
                continue
            d = i18n.locale_dir() / code / "LC_MESSAGES"
            if (d / "split.mo").is_file() or (d / "split.po").is_file():
                i18n.load_catalog(code)
                counts["catalogs"] += 1
    except Exception as err:  # noqa: BLE001 - report, don't crash
        problems.append(f"a translation catalog does not load: {err}")
    return problems, counts


def _selftest() -> int:
    """Check the install and play one bots-only game headless; 0 if all went well."""
    if (
        not os.environ.get("SDL_VIDEODRIVER")
        and sys.platform.startswith("linux")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    t0 = time.perf_counter()
    tmp = tempfile.mkdtemp(prefix="split-selftest-")
    old = os.environ.get("SPLIT_DATA_DIR")
    os.environ["SPLIT_DATA_DIR"] = tmp
    try:
        return _selftest_in(t0)
    except Exception as err:  # noqa: BLE001 - the reason is the output
        print(f"selftest FAILED: {type(err).__name__}: {err}")
        return 1
    finally:
        if old is None:
            os.environ.pop("SPLIT_DATA_DIR", None)
        else:
            os.environ["SPLIT_DATA_DIR"] = old
        shutil.rmtree(tmp, ignore_errors=True)
        try:
            import pygame

            pygame.quit()
        except ImportError:
            pass


def _selftest_in(t0: float) -> int:
    """The self-test proper, in a temporary data folder, started at ``t0``."""
    import pygame

    import split
    from split.app.context import AppContext, resolve_language
    from split.app.session import Session
    from split.app.settings import SeatChoice, Settings
    from split.resources import asset_root
    from split.ui.loop import App
    from split.ui.menu.game import kept_game
    from split.ui.menu.main import MainMenu
    from split.ui.results import FinalScene, RoundSummaryScene
    from split.ui.sound import EFFECTS, Sound

    print(f"split {split.__version__}  assets {asset_root()}")
    problems, counts = _check_assets()
    resolve_language("en")
    pygame.init()
    icon = _icon()
    if icon is None:
        problems.append("the icon does not load")
    app = App((1024, 600), title="Split selftest", icon=icon)
    sound = Sound()
    sound.preload()
    print(f"sound: {sound.disabled_reason or 'ok'}, effects {len(sound.loaded())}/{len(EFFECTS)}")
    if problems:
        for p in problems:
            print(p)
        return 1
    seats = (
        SeatChoice("Ada", "easy"),
        SeatChoice("Bo", "normal"),
        SeatChoice("Cy", "random"),
        SeatChoice("Dee", "easy"),
    )
    ctx = AppContext(app, Settings(speed="instant", muted=True, seats=seats), sound, save=False)
    ctx.seed = 20240601
    app.push(MainMenu(ctx))
    app.run_frames(2)
    table = ctx.start_game(seats, dealer=0)
    app.push(table)
    deadline = t0 + SELFTEST_LIMIT_S
    hurried = None
    while time.perf_counter() < deadline:
        app.step(block=False)
        top = app.scene
        if isinstance(top, RoundSummaryScene) and top is not hurried:
            hurried = top  # the player's Enter on "Next round" (bots would wait 1.5 s)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        if isinstance(top, FinalScene) and table.state.is_over:
            break
        if not app.running:
            print("selftest FAILED: the loop stopped mid-game")
            return 1
    else:
        print(f"selftest FAILED: the game did not finish within {SELFTEST_LIMIT_S:.0f} s")
        return 1
    app.run_frames(3)
    network = _selftest_network()
    if network is not None:
        print(f"selftest FAILED: network play: {network}")
        return 1
    kept = kept_game(table)
    session = kept.session if kept is not None else None
    if not isinstance(session, Session) or session.path is None:
        print("selftest FAILED: the game was not autosaved")
        return 1
    s = table.state
    scores = ", ".join(f"{n} {sc}" for n, sc in zip(table.names, s.scores(), strict=True))
    print(
        f"selftest ok: {len(table.game.actions)} actions, {s.round} rounds, "
        f"{app.frames} frames, {counts['fonts']} fonts, {counts['catalogs']} catalogs, "
        f"scores {scores}, {time.perf_counter() - t0:.1f} s"
    )
    return 0


def _selftest_network() -> str | None:
    """Host a table on the loopback address and join it (websockets, asyncio and
    zeroconf are in the build): None if a seat and its view arrive, else why not."""
    import split.net.discovery  # noqa: F401 - finding tables needs zeroconf
    from split.engine import Game, GameConfig
    from split.net.client import Client
    from split.net.host import PERSON, Host, SeatPlan
    from split.net.remote import RemoteGame

    plans = [SeatPlan("Ann", PERSON), SeatPlan("Bo", PERSON)]
    host = Host(Game(GameConfig(2, 0, 1)), plans, pause=0)
    host.start("127.0.0.1", 0)
    try:
        remote = RemoteGame(Client("127.0.0.1", host.port, host.code, "Bo").start())
        deadline = time.monotonic() + 10
        while not remote.ready and remote.gone is None and time.monotonic() < deadline:
            remote.pump()
            time.sleep(0.01)
        remote.leave()
        return None if remote.ready else f"no seat from the host ({remote.gone})"
    finally:
        host.stop()


def main(argv: list[str] | None = None) -> int:
    """Start the game (or, with ``--selftest``, check the install)."""
    args = parse_args(argv)
    set_platform_hints()  # before pygame.init(): SDL reads them when video starts
    from split.ui import xwindow  # (pygame loads only once the game starts)

    xwindow.guard()  # likewise: a window destroyed under the game quits it cleanly
    if args.selftest:
        return _selftest()
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
