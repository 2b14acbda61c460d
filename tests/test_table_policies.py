"""The app's kept game and a network game are policies handed to the one table
(:class:`split.ui.menu.game.Kept`, :class:`split.ui.menu.lobby.NetGame`): Esc, the
record, the game's end and the table's closing are theirs; the table is the same."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, key, start  # noqa: E402
from ui_driver import settle  # noqa: E402

from split.app.session import Session, load_session, save_path  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.app.stats import load_stats  # noqa: E402
from split.engine import Game, GameConfig  # noqa: E402
from split.engine.actions import Action  # noqa: E402
from split.ui.menu.dialog import ConfirmScene  # noqa: E402
from split.ui.menu.game import ResultsScene, game_table, kept_game  # noqa: E402
from split.ui.menu.lobby import NetGame, NetResults  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.menu.pause import PauseScene  # noqa: E402
from split.ui.results import RoundSummaryScene  # noqa: E402
from split.ui.table import TableScene  # noqa: E402

SEATS = (SeatChoice("You", "human"), SeatChoice("Ada", "random"))


pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _finished(seed: int) -> Game:
    """A two-player game played to its end (R9) by random legal moves."""
    rng = random.Random(seed)
    game = Game(GameConfig(2, 0, seed))
    while not game.state.is_over:
        game.apply(rng.choice(game.state.legal_actions()))
    return game


def _to_the_results(app, table) -> None:
    """The last round's summary comes first (every round's does); its button leads on."""
    assert until_scene(app, RoundSummaryScene)
    click_button(app, "next")
    app.run_frames(2)


def until_scene(app, kind, frames: int = 200) -> bool:
    for _ in range(frames):
        if isinstance(app.scene, kind):
            return True
        app.run_frames(1)
    return False


class FakeRemote:
    """The host's game as the results screen looks at it: still there, no Play again."""

    gone = None
    again_offered = False
    seats = None

    def pump(self) -> None:
        pass


class FakeNet:
    """A network game as its table's policy uses it: a friend's seat (no join code)."""

    code = None
    session = None

    def __init__(self) -> None:
        self.left = 0
        self.game = FakeRemote()

    def record(self):
        return None  # nothing for this window's statistics

    def leave(self) -> None:
        self.left += 1


# ---------------------------------------------------------------------- a kept game


def test_esc_at_a_kept_game_drops_the_selection_first_then_pauses_and_quit_saves(data):
    app, ctx = start(seed=7)
    ctx.change(speed="instant")
    table = app.push(ctx.start_game(SEATS, 0))
    settle(app, table)
    assert kept_game(table) is not None and table.human_turn()
    key(app, pygame.K_1)  # pick the first hand card
    assert table.ui.selected == ("hand", 0)
    key(app, pygame.K_ESCAPE)  # the table's own Esc: the card goes down
    assert app.scene is table and table.ui.selected is None
    key(app, pygame.K_ESCAPE)  # nothing of the table's left: the app pauses
    assert isinstance(app.scene, PauseScene) and app.scene.table is table
    click_button(app, "resume")
    assert app.scene is table
    assert table.try_action(Action.draw())
    key(app, pygame.K_ESCAPE)
    click_button(app, "quit")
    assert isinstance(app.scene, MainMenu) and table not in app.scenes
    saved = load_session(save_path()).value
    assert saved is not None and saved.game.actions == table.game.actions


def test_a_kept_game_is_saved_after_each_move_and_after_an_undo(data):
    app, ctx = start(seed=11)
    ctx.change(speed="instant")
    table = app.push(ctx.start_game(SEATS, 0))
    settle(app, table)
    before = list(table.game.actions)  # the bots' moves, if Ada began
    take = next(a for a in table.legal() if a.kind == "take")  # R4.1: undoable
    assert table.try_action(take)
    assert load_session(save_path()).value.game.actions == [*before, take]
    assert table.undo()
    assert load_session(save_path()).value.game.actions == before  # the shorter record


def test_a_failed_autosave_is_told_on_the_prompt_line(data, monkeypatch):
    app, ctx = start(seed=12)
    ctx.change(speed="instant")
    table = app.push(ctx.start_game(SEATS, 0))
    settle(app, table)
    monkeypatch.setattr(ctx, "autosave", lambda session: "The disk is full.")
    assert table.try_action(Action.draw())
    assert "The disk is full." in table.prompt()[0]


def test_a_kept_games_end_is_counted_and_play_again_seats_the_same_players(data):
    app, ctx = start(seed=13)
    ctx.change(speed="instant")
    session = Session(SEATS, _finished(3), None, "test-game")
    table = app.push(game_table(ctx, session))
    _to_the_results(app, table)
    assert isinstance(app.scene, ResultsScene)
    stats, problem = load_stats()
    assert problem is None and stats.games == 1  # counted once, at the end
    click_button(app, "again")
    again = app.scene
    assert [type(s) for s in app.scenes] == [MainMenu, TableScene] and again is not table
    assert kept_game(again).session.seats == SEATS and not again.state.is_over


# ---------------------------------------------------------------------- a network game


def _net_table(ctx, game: Game, net: FakeNet) -> TableScene:
    return TableScene(
        game, [("You", "human"), ("Ann", "random")], settings=ctx.live, policy=NetGame(ctx, net)
    )


def test_esc_at_a_network_table_asks_before_leaving(data):
    app, ctx = start(seed=21)
    ctx.change(speed="instant")
    net = FakeNet()
    table = app.push(_net_table(ctx, Game(GameConfig(2, 0, 5)), net))
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ConfirmScene)
    assert app.scene.question == "Leave the table? A bot plays your seat; you can join again."
    click_button(app, "no")  # Stay
    assert app.scene is table and net.left == 0
    key(app, pygame.K_ESCAPE)
    click_button(app, "yes")  # Leave
    assert isinstance(app.scene, MainMenu) and table not in app.scenes
    assert net.left >= 1


def test_a_network_table_closed_leaves_its_connection(data):
    app, ctx = start(seed=22)
    net = FakeNet()
    table = _net_table(ctx, Game(GameConfig(2, 0, 5)), net)
    table.close()  # the window closed at the table
    assert net.left == 1


def test_a_network_games_end_shows_its_own_results_with_only_leave(data):
    app, ctx = start(seed=23)
    ctx.change(speed="instant")
    net = FakeNet()
    table = app.push(_net_table(ctx, _finished(4), net))
    _to_the_results(app, table)
    assert isinstance(app.scene, NetResults)
    app.run_frames(1)
    assert [b.name for b in app.scene.buttons] == ["leave"]  # Play again is the host's
    assert net.left == 0
    click_button(app, "leave")
    assert isinstance(app.scene, MainMenu) and net.left >= 1
    assert button(app, "new") is not None
