"""The new-game screen through the real loop: nothing moves under the pointer, Back,
hot-seat names, a seat removed while its name is being typed, and a saved game is
never replaced without asking."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, post, start  # noqa: E402

from split.ui.menu.game import kept_game  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.menu.setup import SetupScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def click_at(app, pos, frames=2) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.run_frames(frames)


def new_game(app):
    click_button(app, "new")
    assert isinstance(app.scene, SetupScene)
    return app.scene


def test_plus_and_minus_stay_under_the_pointer():
    """Issue 13: clicking + twice at one spot adds two seats (before: the row moved
    down after the first click and the second landed in a name field)."""
    app, _ctx = start()
    scene = new_game(app)
    n = len(scene.seats)
    plus = button(app, "more").rect.center
    click_at(app, plus)
    click_at(app, plus)
    assert len(scene.seats) == n + 2 and scene.editing is None
    minus = button(app, "fewer").rect.center
    click_at(app, minus)
    click_at(app, minus)
    assert len(scene.seats) == n and scene.editing is None


def test_back_leaves_the_new_game_screen():
    app, _ctx = start()
    new_game(app)
    click_button(app, "back")
    assert isinstance(app.scene, MainMenu)


def test_removing_the_seat_whose_name_is_typed_then_typing(monkeypatch):
    """Issue 12 item 7: edit the last seat's name, remove that seat with −, type a key
    (before: IndexError)."""
    app, _ctx = start()
    scene = new_game(app)
    last = len(scene.seats) - 1
    click_button(app, f"name{last}")
    assert scene.editing == last
    click_button(app, "fewer")
    assert scene.editing is None
    post(pygame.TEXTINPUT, text="x")
    post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
    app.run_frames(2)
    assert len(scene.seats) == last
    # a click on a seat removed in the same frame is ignored
    scene.on_button(f"kind{last}")
    scene.on_button(f"name{last}")
    assert scene.editing is None


def test_two_humans_at_one_screen_get_distinct_names():
    """Issue 13 rough edge 8: with two humans the default "You" becomes Player 1 and
    Player 2, so the table never says "Pass to You"."""
    app, _ctx = start()
    scene = new_game(app)
    assert scene.seats[0].kind == "human"
    for _i in range(4):  # Ada: random, easy, normal, hard, human
        click_button(app, "kind1")
        if scene.seats[1].kind == "human":
            break
    assert scene.seats[1].kind == "human"
    assert scene.seats[0].name == "Player 1"
    assert scene.seats[1].name == "Ada"  # a name of its own is kept
    click_button(app, "start")
    table = app.scene
    assert "You" not in table.names and table.names[0] == "Player 1"


def test_a_saved_game_is_not_replaced_without_asking(data):
    """Issue 13 rough edge 6: New game → Start with a saved game asks first; "Keep my
    saved game" keeps it untouched, "Start a new game" replaces it."""
    from split.ui.menu.dialog import ConfirmScene

    app, ctx = start(seed=5)
    scene = new_game(app)
    click_button(app, "start")  # no saved game yet: the table at once
    first = app.scene
    assert first is not scene and not isinstance(first, ConfirmScene)
    saved = (data / "autosave.json").read_bytes()
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.run_frames(3)
    click_button(app, "quit")  # the pause menu: save and quit to the main menu
    assert isinstance(app.scene, MainMenu)
    new_game(app)
    click_button(app, "start")
    assert isinstance(app.scene, ConfirmScene)
    click_button(app, "no")
    assert isinstance(app.scene, SetupScene)
    assert (data / "autosave.json").read_bytes() == saved
    click_button(app, "start")
    click_button(app, "yes")
    assert kept_game(app.scene) is not None
    assert (data / "autosave.json").read_bytes() != saved


def test_the_language_button_stays_under_the_pointer_into_persian(data):
    """Issue 13: in Settings the language button jumped to the other half of the window
    when Persian became active (the screen mirrors); now it stays where it was
    clicked, so clicking on through the languages needs no aiming."""
    from split import i18n

    app, ctx = start()
    click_button(app, "settings")
    spot = button(app, "language").rect.center
    try:
        for _i in range(8):
            click_at(app, spot)
            assert button(app, "language").rect.collidepoint(spot)
            if i18n.current_language() == "fa":
                break
        assert i18n.current_language() == "fa"
    finally:
        i18n.set_language("en")
