"""The table's picture against the game under random input (issue 24, item 7).

Random clicks, drags, keys (undo, sort, hint, Space, panels, 1-9, Tab, Enter), the
Speed button, window resizes and hot-seat passes go through the real loop; after
every frame the picture (:class:`~split.ui.model.TableModel`) must equal the game's
state whenever nothing is left to play, and no event may ever fail to fit the
picture (:class:`~split.ui.model.PictureLost`, which the table survives by
rebuilding the picture from the state).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import post  # noqa: E402

from split.engine import Game, GameConfig  # noqa: E402
from split.ui import model as ui_model  # noqa: E402
from split.ui.loop import App  # noqa: E402
from split.ui.results import FinalScene  # noqa: E402
from split.ui.screens import SeatSetup  # noqa: E402
from split.ui.table import TableScene, TableSettings  # noqa: E402
from split.ui.table.layout import UI_SCALES  # noqa: E402

KEYS = [
    pygame.K_SPACE,
    pygame.K_s,
    pygame.K_h,
    pygame.K_t,
    pygame.K_r,
    pygame.K_d,
    pygame.K_p,
    pygame.K_TAB,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    *range(pygame.K_1, pygame.K_9 + 1),
]
SIZES = [(1280, 720), (1024, 600), (1600, 900), (900, 700)]


def _input(rng: random.Random, app: App, table: TableScene) -> None:
    """One random thing a player might do at the table."""
    hits = table.hits()
    roll = rng.random()
    if roll < 0.35 and hits:  # a drag from one thing to another
        a, b = rng.choice(hits).rect.center, rng.choice(hits).rect.center
        post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        app.step(block=False)
        for i in (1, 2, 3):
            pos = (a[0] + (b[0] - a[0]) * i // 3, a[1] + (b[1] - a[1]) * i // 3)
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            app.step(block=False)
        post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    elif roll < 0.6 and hits:  # a click
        pos = rng.choice(hits).rect.center
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    elif roll < 0.68:  # undo
        post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    elif roll < 0.72:
        button = table.renderer.buttons.get("speed")
        if button is not None:
            post(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
            post(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)
    elif roll < 0.74:
        post(pygame.VIDEORESIZE, size=rng.choice(SIZES), w=0, h=0)
    else:
        post(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)


def _past_screens(app: App, table: TableScene) -> bool:
    """Answer a screen over the table (a hot-seat pass, a round's summary) with Enter;
    False when the game's final screen is up."""
    scene = app.scene
    if scene is table:
        return True
    if isinstance(scene, FinalScene) or table.final_shown:
        return False
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    return True


def _fuzz(seed: int, kinds: tuple[str, ...], moves: int) -> tuple[int, list[str]]:
    """Play ``moves`` random inputs at a table of ``kinds``; (frames checked, drifts)."""
    rng = random.Random(seed)
    app = App(rng.choice(SIZES))
    seats = [SeatSetup(f"P{i}", k) for i, k in enumerate(kinds)]
    game = Game(GameConfig(len(kinds), rng.randrange(len(kinds)), seed))
    scale = random.Random(-seed).choice(UI_SCALES)  # (its own draw: the session is the same)
    settings = TableSettings(rng.choice(("instant", "fast")), ui_scale=scale)
    table = TableScene(game, seats, settings=settings)
    # The expert's reviews of your moves (for the round's summary) are not what this
    # test watches, and they were 38 % of a long session's time: the coach is closed.
    table.expert.close()
    app.push(table)
    checked = 0
    drift: list[str] = []
    for _ in range(moves):
        if not _past_screens(app, table):
            break
        if app.scene is table:
            _input(rng, app, table)
        app.step(block=False)
        if not table.busy() and not table.ui.hand_hidden and not table.driver.thinking:
            checked += 1
            if not table.model.same_as(table.state):
                drift.append(f"seed {seed}: after {len(game.actions)} actions")
                break
    table.close()
    return checked, drift


@pytest.fixture
def lost(monkeypatch):
    """Every PictureLost raised, as its message."""
    seen: list[str] = []
    real = ui_model.TableModel.apply_event

    def apply_event(self, e):
        try:
            real(self, e)
        except ui_model.PictureLost as err:
            seen.append(str(err))
            raise

    monkeypatch.setattr(ui_model.TableModel, "apply_event", apply_event)
    return seen


def test_the_picture_follows_the_game_under_random_input(lost):
    """A short session at a hot-seat table (two people and a bot); the long ones below
    are marked slow."""
    pygame.init()
    checked, drift = _fuzz(2, ("human", "human", "random"), 250)
    assert checked > 30, "the table was idle often enough to compare"
    assert drift == [] and lost == []


# Four long sessions in the suite (a whole run stays within its minutes); the fourteen
# that were explored when the drift was hunted: SPLIT_TABLE_FUZZ_SESSIONS=14.
SESSIONS = int(os.environ.get("SPLIT_TABLE_FUZZ_SESSIONS", "4"))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 10 + SESSIONS))
def test_the_picture_follows_the_game_in_long_random_sessions(seed, lost):
    pygame.init()
    rng = random.Random(seed)
    kinds = rng.choice(
        [("human", "random"), ("human", "human"), ("human", "easy", "random"), ("human",) * 3]
    )
    checked, drift = _fuzz(seed, kinds, 4000)
    assert checked > 100
    assert drift == [] and lost == []
