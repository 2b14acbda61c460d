"""The monkey: 20,000 random mouse, key, text and resize events across every screen,
under four seeds (slow), and its stand-in bots."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import start  # noqa: E402

from split import i18n  # noqa: E402
from split.app.main import parse_args  # noqa: E402
from split.app.session import Session  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.ui.menu.game import game_table, kept_game  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.menu.rules import RulesScene  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402
from split.ui.menu.setup import SeatsEditor, SetupScene  # noqa: E402
from split.ui.menu.stats import StatsScene  # noqa: E402

KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_TAB,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_d,
    pygame.K_s,
    pygame.K_h,
    pygame.K_t,
    pygame.K_r,
    pygame.K_p,
    pygame.K_a,
    *range(pygame.K_1, pygame.K_9 + 1),
]
TOTAL = 20_000
PHASES = ("menu", "setup", "rules", "stats", "settings", "seats", "table", "pause")


def _random_event(rng: random.Random, size) -> pygame.event.Event:
    w, h = size
    r = rng.random()
    pos = (rng.randrange(-5, w + 5), rng.randrange(-5, h + 5))
    if r < 0.30:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    if r < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
    if r < 0.60:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 3)))
    if r < 0.63:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    if r < 0.66:
        text = rng.choice(("a", "Z", "é", "ß", "7", " ", "ت", "\u200f"))
        return pygame.event.Event(pygame.TEXTINPUT, text=text)
    if r < 0.995:
        mod = pygame.KMOD_SHIFT if rng.random() < 0.2 else 0
        return pygame.event.Event(
            pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0
        )
    return pygame.event.Event(
        pygame.VIDEORESIZE, size=(rng.randrange(700, 2000), rng.randrange(450, 1200))
    )


def _goto(app, ctx, phase: str) -> None:
    """Back to the main menu, then open ``phase`` on top of it."""
    while len(app.scenes) > 1:
        app.pop()
    app.running = True
    menu = app.scene
    assert isinstance(menu, MainMenu)
    if phase == "menu":
        return
    if phase in ("table", "pause"):
        seats = (SeatChoice("You", "human"), SeatChoice("Ada", "easy"), SeatChoice("Bo", "random"))
        table = game_table(ctx, Session.new(seats, seed=len(app.scenes) + 1, path=None))
        app.push(table)
        app.run_frames(5)
        if phase == "pause":
            app.push(kept_game(table).pause(table))
        return
    scene = {
        "setup": lambda: SetupScene(ctx),
        "rules": lambda: RulesScene(ctx),
        "stats": lambda: StatsScene(ctx),
        "settings": lambda: SettingsScene(ctx),
        "seats": lambda: SeatsEditor(ctx),
    }[phase]()
    app.push(scene)


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")  # the monkey may have picked another language in Settings


def weak_bots(monkeypatch) -> None:
    """No strong bots: a monkey's new game should not wait on Monte Carlo (they still
    think on the table's worker thread, as searching bots do). The stand-in takes every
    option a caller passes, and replaces make_bot wherever it was imported by name."""
    from split import bots
    from split.bots import base, hints

    make_bot = base.make_bot

    def weak(kind: str, seed: int = 0, **options: object):
        if kind in ("hard", "expert"):
            return make_bot("easy", seed)  # easy takes no search options
        return make_bot(kind, seed, **options)

    for module in (bots, base, hints):
        monkeypatch.setattr(module, "make_bot", weak)


def test_the_monkeys_weak_bots_answer_the_tables_hint(tmp_path, monkeypatch):
    """Issue 25 item 11: the stand-in had no ``**options``: the hint's ``max_ms`` was a
    TypeError (within 4 s of monkey under other seeds)."""
    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path))
    pygame.init()
    app, ctx = start(seed=1)
    weak_bots(monkeypatch)
    seats = (SeatChoice("You", "human"), SeatChoice("Ada", "hard"))
    session = Session.new(seats, seed=3, dealer=1, path=None)
    table = game_table(ctx, session)
    app.push(table)
    for _i in range(200):  # to a turn of yours with a choice (one legal move asks no bot)
        app.run_frames(1)
        table.finish_animations()
        if table.human_turn():
            if len(table.state.legal_actions()) > 1:
                break
            table.try_action(table.state.legal_actions()[0])
    assert table.human_turn() and len(table.state.legal_actions()) > 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.run_frames(2)
    assert table.ui.note and table.ui.note.text().startswith("Hint:")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [20_000, 1, 2, 3])
def test_monkey_20000_events_on_every_screen(tmp_path, monkeypatch, seed):
    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path))
    pygame.init()
    app, ctx = start(seed=1)
    ctx.change(speed="instant")
    weak_bots(monkeypatch)
    rng = random.Random(seed)
    seen: set[str] = set()
    per_phase = TOTAL // len(PHASES)
    sent = 0
    for phase in PHASES:
        _goto(app, ctx, phase)
        for i in range(per_phase):
            buttons = getattr(app.scene, "buttons", None)
            if buttons and isinstance(buttons, list) and rng.random() < 0.2:
                # an aimed click: the monkey presses real buttons too, so it adds,
                # removes and renames seats while typing (issue 12 item 7)
                pos = rng.choice(buttons).rect.center
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            pygame.event.post(_random_event(rng, app.size))
            sent += 1
            if i % 8 == 7:
                app.run_frames(1)
                if not app.running:  # the menu's Quit: keep the monkey going
                    app.running = True
                if not app.scenes:
                    app.push(MainMenu(ctx))
                seen.add(type(app.scene).__name__)
            if app.size != (1280, 720) and rng.random() < 0.0005:
                app.set_size((1280, 720))
        app.run_frames(3)
    assert sent == TOTAL
    for name in ("MainMenu", "SetupScene", "RulesScene", "StatsScene", "SettingsScene"):
        assert name in seen
    assert "TableScene" in seen and "PauseScene" in seen


@pytest.mark.slow  # the app started in a process of its own, playing a whole game
def test_selftest_exits_0():
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy")
    env.pop("SPLIT_DATA_DIR", None)
    out = subprocess.run(
        [sys.executable, "-m", "split.app.main", "--selftest"],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "selftest ok" in out.stdout  # the self-test keeps its own time limit


def test_command_line():
    args = parse_args(["--size", "1600x900", "--seed", "7", "--fullscreen"])
    assert (args.size, args.seed, args.fullscreen, args.selftest) == ((1600, 900), 7, True, False)
    with pytest.raises(SystemExit):
        parse_args(["--size", "big"])


def test_first_frame_flag_draws_the_menu_and_exits(tmp_path):
    env = dict(os.environ, SPLIT_DATA_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "split", "--first-frame"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "autosave.json").exists() is False  # nothing was played
