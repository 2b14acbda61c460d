"""The app around the table, driven through its real loop with mouse and key events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, key, new_game, post, start  # noqa: E402
from ui_driver import gesture, settle  # noqa: E402

from split.app.session import load_session, parse_save  # noqa: E402
from split.app.settings import load_settings  # noqa: E402
from split.app.stats import load_stats  # noqa: E402
from split.engine.notation import state_json  # noqa: E402
from split.ui.menu.game import ResultsScene, kept_game  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.menu.pause import PauseScene  # noqa: E402
from split.ui.menu.rules import RulesScene  # noqa: E402
from split.ui.menu.rules_pages import PAGES  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402
from split.ui.menu.setup import SetupScene  # noqa: E402
from split.ui.menu.stats import StatsScene  # noqa: E402
from split.ui.table import TableScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _play_human(app, table, rng, count):
    """``count`` human gestures (drag and drop), bots in between; returns the actions."""
    done = []
    for _ in range(count):
        settle(app, table)
        legal = table.legal()
        assert legal, "the table should wait for the human"
        action = rng.choice(legal)
        before = len(table.game.actions)
        gesture(app, table, action)
        assert len(table.game.actions) > before, f"{action} was not applied"
        done.append(action)
    settle(app, table)
    return done


def test_resume_through_the_menu_is_exact(data):
    app, ctx = start(seed=12345)
    ctx.change(speed="instant")
    table = new_game(app)
    rng = random.Random(3)
    _play_human(app, table, rng, 8)
    before = state_json(table.game.state)
    actions_before = len(table.game.actions)
    # the autosave holds exactly this state
    saved = load_session()
    assert saved.problem is None and saved.value is not None
    assert state_json(saved.value.state) == before
    reference = parse_save(json.loads((data / "autosave.json").read_text()))
    post(pygame.QUIT)
    app.step()
    assert not app.running

    app2, ctx2 = start()
    menu = app2.scene
    assert isinstance(menu, MainMenu) and menu.saved is not None
    assert button(app2, "continue").enabled
    key(app2, pygame.K_RETURN)  # the focus is on Continue
    table2 = app2.scene
    assert kept_game(table2) is not None
    assert state_json(table2.game.state) == before
    assert [s.name for s in table2.seats] == [s.name for s in table.seats]
    # Going on: every bot move is the one the uninterrupted game would have made.
    _play_human(app2, table2, random.Random(9), 5)
    for action in table2.game.actions[actions_before:]:
        if reference.is_bot_turn():
            assert reference.bot_action() == action
        reference.apply(action)
    assert state_json(reference.state) == state_json(table2.game.state)


def test_broken_settings_and_autosave_at_start_up(data):
    (data / "settings.json").write_text("{not json")
    (data / "autosave.json").write_text(json.dumps({"format": "split-save", "version": 1}))
    app, ctx = start()
    menu = app.scene
    assert isinstance(menu, MainMenu)
    assert "settings file" in menu.notice and "saved game" in menu.notice
    assert not button(app, "continue").enabled
    assert not (data / "settings.json").exists() and not (data / "autosave.json").exists()
    assert len(list(data.glob("settings.json.broken-*"))) == 1
    assert len(list(data.glob("autosave.json.broken-*"))) == 1
    app.run_frames(3)  # the notice draws
    assert app.running


def test_settings_apply_at_once_and_are_kept(data):
    app, ctx = start(seed=7)
    click_button(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    click_button(app, "speed")  # normal -> fast
    click_button(app, "speed")  # fast -> instant
    # Hand order with the keyboard: Down to it, Right to change
    scene = app.scene
    while scene.buttons[scene.focus].name != "sort_order":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    click_button(app, "muted")
    assert ctx.settings.speed == "instant" and ctx.settings.sort_order == "suit"
    assert ctx.settings.muted
    saved, problem = load_settings()
    assert problem is None
    assert (saved.speed, saved.sort_order, saved.muted) == ("instant", "suit", True)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    table = new_game(app)
    assert table.settings.speed == "instant" and table.settings.sort_order == "suit"
    # the table's own Sort button changes the kept setting too
    settle(app, table)
    key(app, pygame.K_s)
    assert load_settings()[0].sort_order == "rank"
    # Esc -> pause -> settings: a change shows on the table at once
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click_button(app, "settings")
    click_button(app, "card_back")
    assert table.settings.card_back == "red"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    app2, ctx2 = start()
    assert ctx2.settings == ctx.settings


def test_pause_menu_save_and_quit_then_continue(data):
    app, ctx = start(seed=99)
    ctx.change(speed="instant")
    table = new_game(app)
    _play_human(app, table, random.Random(1), 3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click_button(app, "rules")
    assert isinstance(app.scene, RulesScene)
    for _ in range(10):
        key(app, pygame.K_RIGHT)
    assert app.scene.page == len(PAGES) - 1  # the last page: Right stops there
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click_button(app, "resume")
    assert app.scene is table
    key(app, pygame.K_ESCAPE)
    state = state_json(table.game.state)
    click_button(app, "quit")
    assert isinstance(app.scene, MainMenu)
    assert button(app, "continue").enabled
    click_button(app, "continue")
    assert state_json(app.scene.game.state) == state


def _play_to_the_end(app, ctx, seed):
    ctx.change(speed="instant", seats=ctx.settings.seats[:2])
    table = new_game(app)
    rng = random.Random(seed)
    for _ in range(5000):
        if isinstance(app.scene, ResultsScene):
            break
        if app.scene is table and table.human_turn():
            table.try_action(rng.choice(table.legal()))
        elif app.scene is not table:
            key(app, pygame.K_RETURN)  # round summary: Next round
        app.step()
    assert isinstance(app.scene, ResultsScene)
    return table


@pytest.mark.slow  # a whole game to the results, through the app
def test_new_players_goes_to_the_new_game_screen(data):
    app, ctx = start(seed=77)
    _play_to_the_end(app, ctx, 2)
    click_button(app, "change")
    assert [type(s) for s in app.scenes] == [MainMenu, SetupScene]
    assert [s.name for s in app.scene.seats] == ["You", "Ada"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


@pytest.mark.slow  # a whole game to the results, through the app
def test_play_again_starts_the_same_players_at_once(data):
    """Issue 13: "play again with the same seats" is one click from the results."""
    app, ctx = start(seed=77)
    old = _play_to_the_end(app, ctx, 2)
    click_button(app, "again")
    assert [type(s) for s in app.scenes] == [MainMenu, TableScene]
    table = app.scene
    assert kept_game(table) is not None
    assert table is not old and not table.game.state.is_over
    assert [s.name for s in kept_game(table).session.seats] == ["You", "Ada"]
    assert [s.kind for s in kept_game(table).session.seats] == [
        s.kind for s in kept_game(old).session.seats
    ]


@pytest.mark.slow  # a whole game to the results, through the app
def test_game_over_records_statistics_and_drops_the_autosave(data):
    app, ctx = start(seed=4242)
    table = _play_to_the_end(app, ctx, 5)
    assert table.game.state.is_over
    assert not (data / "autosave.json").exists()
    stats, problem = load_stats()
    assert problem is None and stats.games == 1 and len(stats.recent) == 1
    assert stats.by_strength == {"normal": [1, int(stats.wins)]}
    key(app, pygame.K_ESCAPE)  # Leave
    assert isinstance(app.scene, MainMenu)
    assert not button(app, "continue").enabled
    click_button(app, "stats")
    assert isinstance(app.scene, StatsScene) and app.scene.stats.games == 1
    key(app, pygame.K_DOWN)
    app.run_frames(2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def test_quit_button_ends_the_loop(data):
    app, _ctx = start()
    click_button(app, "quit")
    assert not app.running
