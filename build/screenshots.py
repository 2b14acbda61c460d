"""Write the screenshots of docs/screens/: every screen of the game, drawn by the game.

    PYTHONPATH=. python build/screenshots.py            # all of them (about a minute)
    PYTHONPATH=. python build/screenshots.py --quick    # 1280x720, en and fa only
    PYTHONPATH=. python build/screenshots.py --quick --lang gl --out /tmp/s  # one language

It writes ``docs/screens/<W>x<H>/<lang>-<screen>.jpg``: the main menu, new game, the
table with 2, 4 and 6 seats (after three of your moves; the four-seat one again with
the four-colour deck, high contrast, the green back and the classic faces, and with the
table's words at 200 %, and with the whole log open), the round
summary, the final results, statistics, about, the first and the last rules page, the
tutorial, and the network screens (joining, the host's lobby, a guest's lobby): at 1280x720 in every
language, at 1920x1080 in English and Persian. Every language at 1280x720 also gets
``docs/screens/<lang>-table.jpg`` and ``<lang>-rules.jpg`` (the README's).
Headless (SDL's dummy driver); the pictures are the real app screen, fixed by seeds.
JPEG keeps the felt's grain from weighing megabytes per picture.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from split import i18n  # noqa: E402
from split.bots.hard import HardBot  # noqa: E402
from split.ui.table import coach  # noqa: E402

# The same pictures on a busy machine: hard's time cap (a safety net a loaded machine
# can reach) is lifted, so its choices depend on its seed and view only.
HardBot.__init__.__defaults__ = (*HardBot.__init__.__defaults__[:-1], 60_000.0)
coach.REVIEW_MS = 60_000.0  # the expert's reviews, the same way

OUT = ROOT / "docs" / "screens"
DATA = Path(tempfile.gettempdir()) / "split-screenshots"  # the data folders, at fixed paths
LOCK = DATA.with_name("split-screenshots.lock")  # held while a run draws
SIZES = ((1280, 720), (1920, 1080))
HUMAN_TURNS = 3  # the table is shown after your third move: cards on the table, a log
NAMES = ("You", "Ada", "Bo", "Cy", "Dee", "Eli")
KINDS = ("human", "normal", "easy", "hard", "normal", "easy")


def play_a_while(app, table, turns: int | None) -> None:
    """Finish the deal, then play your moves as the hint suggests (the bots move in
    between): ``turns`` of your turns, or (None) until a screen comes over the table."""
    from split.bots.hints import hint

    moves = 0
    for _ in range(20000):
        table.finish_animations()
        app.run_frames(1)
        if app.scene is not table:
            break
        if not table.human_turn():
            # A bot thinks on its own thread: give it the interpreter, as the game's
            # loop does between frames. Spinning here left a hard bot a tenth of a core
            # (the four-seat game took 27 minutes instead of a few).
            time.sleep(0.002)
            continue
        if turns is not None and moves >= turns and table.state.phase == "start":
            break
        table.try_action(hint(table.state, table.state.legal_actions()).action)
        if table.state.current != table.viewer:  # your turn is over
            moves += 1
    table.finish_animations()
    app.run_frames(3)


class _FixedClock:
    """The statistics note when a game finished; the pictures show a fixed date."""

    @staticmethod
    def strftime(fmt: str, *args: object) -> str:
        return "2026-12-01 20:00"


def fresh_data_dir(name: str) -> Path:
    """An empty data folder at a fixed path (the About screen shows it, so the pictures
    are the same from one run to the next)."""
    path = DATA / name
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def shoot(app, path: Path) -> None:
    """The window as it is now, after every pending redraw."""
    app.full_redraw = True
    app.run_frames(2)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(path))


def press(app, key: int) -> None:
    """A key pressed and let go, through the app's loop."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    app.run_frames(2)


def to_menu(app) -> None:
    while len(app.scenes) > 1:
        app.pop()
    app.run_frames(2)


def new_table(app, ctx, players: int, seed: int):
    from split.app.session import Session
    from split.app.settings import SeatChoice
    from split.ui.menu.game import game_table

    seats = tuple(SeatChoice(NAMES[i], KINDS[i]) for i in range(players))
    table = game_table(ctx, Session.new(seats, seed=seed, dealer=players - 1, path=None))
    table.feedback.clock = lambda: 0.0  # toasts and flashes as they first show, in every run
    return app.push(table)


def one_language(size: tuple[int, int], lang: str, readme: bool) -> list[str]:
    import split.app.stats

    split.app.stats.time = _FixedClock  # type: ignore[assignment]
    from split.app.main import create_app
    from split.ui.menu.about import AboutScene
    from split.ui.menu.rules import RulesScene
    from split.ui.menu.setup import SetupScene
    from split.ui.menu.stats import StatsScene
    from split.ui.results import FinalScene, RoundSummaryScene

    os.environ["SPLIT_DATA_DIR"] = str(fresh_data_dir(f"{size[0]}x{size[1]}-{lang}"))
    app, ctx = create_app(size, seed=1, sound=False)
    ctx.change(language=lang, speed="instant")
    app.run_frames(2)
    where = OUT / f"{size[0]}x{size[1]}"
    done = []

    def take(name: str) -> None:
        shoot(app, where / f"{lang}-{name}.jpg")
        done.append(name)

    take("menu")
    app.push(SetupScene(ctx))
    take("newgame")
    to_menu(app)
    app.push(RulesScene(ctx, 0))
    take("rules")
    if readme:
        shoot(app, OUT / f"{lang}-rules.jpg")
    to_menu(app)
    app.push(RulesScene(ctx, -1))
    take("rules-words")
    to_menu(app)
    app.push(AboutScene(ctx))
    take("about")
    to_menu(app)
    for name in ("join", "lobby", "lobby-guest"):
        app.push(_network_scene(ctx, name))
        app.run_frames(3)
        take(name)
        to_menu(app)
    for players, seed in ((2, 5), (6, 8), (4, 3)):
        for tries in range(20):  # a deal whose round is still on after your moves
            table = new_table(app, ctx, players, seed + tries)
            play_a_while(app, table, HUMAN_TURNS)
            if app.scene is table:
                break
            to_menu(app)
        take(f"table-{players}")
        if readme and players == 4:
            shoot(app, OUT / f"{lang}-table.jpg")
        if players == 4:  # the same table for every eye: four colours, high contrast
            ctx.change(
                four_colour=True, high_contrast=True, card_back="green", card_faces="classic"
            )
            take("table-4-options")
            ctx.change(
                four_colour=False, high_contrast=False, card_back="blue", card_faces="illustrated"
            )
            ctx.change(ui_scale=200)  # the table's words at their largest
            take("table-4-large")
            ctx.change(ui_scale=100)
            press(app, pygame.K_l)  # the whole log, open over the table
            take("table-4-log")
            press(app, pygame.K_l)
        if players != 4:
            to_menu(app)
    # the four-player game goes on to the end of a round, then of the game
    while not isinstance(app.scene, FinalScene):
        play_a_while(app, table, None)
        if isinstance(app.scene, RoundSummaryScene):
            if "summary" not in done:
                app.scene.elapsed = 1e9  # every box crossed
                table.expert.wait()  # the expert has weighed every move of the round
                app.scene.dirty = True
                take("summary")
            app.scene.on_button("next")
    take("results")
    to_menu(app)
    app.push(StatsScene(ctx))
    take("stats")
    to_menu(app)
    tutorial = app.push(_tutorial(ctx))
    tutorial.finish_animations()
    app.run_frames(10)
    take("tutorial")
    app.running = False  # the next language starts a new app on the same display
    return done


class _Finder:
    """Two tables heard on the network (the pictures need no network)."""

    def tables(self):
        from split.net.discovery import Table

        return [Table("Ada", "192.168.1.20", 47211, 3), Table("Bo", "10.0.0.7", 47211, 1)]

    def close(self) -> None:
        pass


class _Lobby:
    """A table on the network as its lobby reads it: Sara hosts, Ada joined, a bot, an
    open seat."""

    addresses = ["192.168.1.20"]
    session = None

    def __init__(self, hosting: bool) -> None:
        from types import SimpleNamespace

        from split.net.protocol import Seats

        self.code = "EW2FWP" if hosting else None
        seats = Seats(("Sara", "Ada", "Bo", "Cy"), ("human", "human", "normal", "open"), False)
        self.game = SimpleNamespace(
            ready=True, started=False, gone=None, seat=0 if hosting else 1, seats=seats,
            pump=lambda: None,
        )  # fmt: skip

    def begin(self) -> None:
        pass

    def leave(self) -> None:
        pass


def _network_scene(ctx, name: str):
    """Joining a table (two found), the host's lobby, or a guest's."""
    from split.ui.menu.lobby import JoinScene, LobbyScene

    if name == "join":
        scene = JoinScene(ctx, i18n.display_name("You"))
        scene.finder = _Finder()
        return scene
    return LobbyScene(ctx, _Lobby(hosting=name == "lobby"))


def _tutorial(ctx):
    """The tutorial at its third step (a weak match made, its trade asked for)."""
    from split.ui.tutorial import lesson_of, tutorial_table

    table = tutorial_table(ctx.live, ctx.sound)
    lesson = lesson_of(table)
    assert lesson is not None
    lesson.clock = lambda: 0.4  # the pulse at its brightest, the same in every run
    for _done in range(2):  # draw, then the weak match
        step = lesson.step(table)
        assert step is not None
        table.try_action(step.parsed)
    return table


def check() -> int:
    """Draw the 1280x720 English and Persian screens again and compare them byte for byte
    with the committed ones: 0 if all are current, 1 (naming them) if not."""
    global OUT
    committed = OUT
    OUT = Path(tempfile.mkdtemp(prefix="split-screens-check-"))
    try:
        for lang in ("en", "fa"):
            one_language(SIZES[0], lang, readme=True)
    finally:
        i18n.set_language("en")
    stale = []
    for new in sorted(OUT.rglob("*.jpg")):
        old = committed / new.relative_to(OUT)
        if not old.is_file() or old.read_bytes() != new.read_bytes():
            stale.append(str(old.relative_to(ROOT)))
    shutil.rmtree(OUT, ignore_errors=True)
    OUT = committed
    if stale:
        print("out of date (run PYTHONPATH=. python build/screenshots.py):", *stale, sep="\n  ")
        return 1
    print("docs/screens is current")
    return 0


def main(argv: list[str] | None = None) -> int:
    global OUT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1280x720, en and fa only")
    parser.add_argument("--lang", choices=sorted(i18n.LANGUAGES), help="this language only")
    parser.add_argument("--out", type=Path, default=OUT, help="where (default docs/screens)")
    parser.add_argument(
        "--check",
        action="store_true",
        help="draw the --quick set in a temporary folder and fail if docs/screens differs",
    )
    args = parser.parse_args(argv)
    with one_run_at_a_time():
        if args.check:
            return check()
        OUT = args.out
        return draw(args)


@contextlib.contextmanager
def one_run_at_a_time() -> Iterator[None]:
    """Runs take turns: each draws in the same fixed data folders (the About screen shows
    the path), and two at once share them (the folder's lock, the statistics, the
    saves), so their pictures came out different (a statistics screen, seen; tables,
    once, in CI while another run drew)."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("a") as held:
        try:
            import fcntl
        except ImportError:  # Windows: one run at a time is the drawer's own care
            yield
            return
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


def draw(args: argparse.Namespace) -> int:
    """Draw the screens ``args`` ask for into ``OUT``."""
    sizes = SIZES[:1] if args.quick else SIZES
    try:
        for size in sizes:
            # every language at the first size; left to right and right to left beyond
            langs = list(i18n.LANGUAGES) if size == SIZES[0] and not args.quick else ["en", "fa"]
            for lang in [args.lang] if args.lang else langs:
                done = one_language(size, lang, readme=size == SIZES[0])
                print(f"{size[0]}x{size[1]} {lang}: {', '.join(done)}")
    finally:
        i18n.set_language("en")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
