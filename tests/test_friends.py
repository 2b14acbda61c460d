"""A friend's window and the tables it joined (issue 26 item 7), through the real
window loop on the loopback address: the name and the last tables are remembered, a
failed join keeps what was typed, a restarted window rejoins its last table in one
click, and the file they are kept in is read as hostile."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import contextlib  # noqa: E402
import json  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, key, post, start  # noqa: E402
from net_play import Player, join, until  # noqa: E402

from split.app.joined import FILE_NAME, read_joined  # noqa: E402
from split.engine import Game, GameConfig  # noqa: E402
from split.net.host import Host, SeatPlan  # noqa: E402
from split.ui.menu.lobby import JoinScene, LobbyScene, net_game  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


@contextlib.contextmanager
def ann_hosts():
    """Ann hosts a two-seat table on the loopback address (played by ``Player``);
    seat 1 waits for a friend. Yields (host, ann)."""
    plans = [SeatPlan("Ann", "human"), SeatPlan("Bo", "human")]
    host = Host(Game(GameConfig(2, 1, 12)), plans, pause=0)
    host.start("127.0.0.1", 0)
    try:
        yield host, Player(join(host.port, host.code, "Ann", host.own_token))
    finally:
        host.stop()


def _type(app, text: str) -> None:
    for ch in text:
        post(pygame.TEXTINPUT, text=ch)
    app.run_frames(2)


def _fill(app, field: str, text: str) -> None:
    """Click the field, erase what it holds, type ``text``."""
    click_button(app, field)
    for _ in app.scene.values[field]:
        key(app, pygame.K_BACKSPACE, frames=0)
    _type(app, text)


def _join_screen(app) -> JoinScene:
    click_button(app, "new")
    click_button(app, "join")
    scene = app.scene
    assert isinstance(scene, JoinScene)
    return scene


def _restart(app):
    """The window closes (every screen closes, the connection with it) and the game
    starts again on the same data folder."""
    app.close()
    pygame.quit()
    pygame.init()
    return start(seed=2)


def _seated(app, ann) -> LobbyScene:
    """The lobby once it shows the seats (the window has its seat and who sits where)."""
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    game = lobby.net.game
    shown = lambda: ann.step() or app.run_frames(1) or (game.ready and game.seats is not None)  # noqa: E731
    assert until(shown, 5)
    app.run_frames(2)
    return lobby


def _bo_joins(app, host, ann) -> LobbyScene:
    """Bo's window joins Ann's table through the join screen; the lobby, seated."""
    _join_screen(app)
    _fill(app, "address", f"127.0.0.1:{host.port}")
    _fill(app, "code", host.code)
    _fill(app, "name", "Bo")
    click_button(app, "join")
    return _seated(app, ann)


def test_a_friends_window_remembers_its_name_and_the_tables_it_joined(data):
    with ann_hosts() as (host, ann):
        app, _ctx = start(seed=1)
        scene = _join_screen(app)
        assert scene.values["name"] != "Bo"
        address = f"127.0.0.1:{host.port}"
        _fill(app, "address", address)
        _fill(app, "code", host.code)
        _fill(app, "name", "Bo")
        click_button(app, "join")
        lobby = _seated(app, ann)
        assert lobby.net.game.seat == 1
        app, _ctx = _restart(app)
        scene = _join_screen(app)
        assert scene.values == {"address": "", "code": "", "name": "Bo"}
        label = button(app, "table0").label
        assert "Ann" in label and address in label
    kept = read_joined().value
    assert kept is not None and kept.name == "Bo"
    assert [(t.address, t.host) for t in kept.tables] == [(address, "Ann")]


def test_a_failed_join_keeps_what_was_typed(data):
    with ann_hosts() as (host, ann):
        app, _ctx = start(seed=1)
        _join_screen(app)
        typed = {"address": f"127.0.0.1:{host.port}", "code": "WRONG1", "name": "Bo"}
        for field, text in typed.items():
            _fill(app, field, text)
        click_button(app, "join")
        back = lambda: ann.step() or app.run_frames(1) or isinstance(app.scene, JoinScene)  # noqa: E731
        assert until(back, 5), "the refused join came back to the join screen"
        scene = app.scene
        assert scene.values == typed
        assert scene.error == "That is not this table's join code."
        assert read_joined().value is None  # a table that refused is not remembered
        _fill(app, "code", host.code)  # only the code is typed again
        click_button(app, "join")
        assert _seated(app, ann).net.game.seat == 1


def test_a_restarted_friend_window_rejoins_its_last_table_in_one_click(data):
    with ann_hosts() as (host, ann):
        app, _ctx = start(seed=1)
        _bo_joins(app, host, ann)
        host.begin()
        opened = lambda: ann.step() or app.run_frames(1) or net_game(app.scene) is not None  # noqa: E731
        assert until(opened, 5)
        app, _ctx = _restart(app)  # Bo's window closed mid-game: a bot plays the seat
        assert isinstance(app.scene, MainMenu)
        assert button(app, "rejoin").label == "Rejoin Ann's table"
        click_button(app, "rejoin")  # one click
        opened = lambda: ann.step() or app.run_frames(1) or net_game(app.scene) is not None  # noqa: E731
        assert until(opened, 5), app.scene
        assert net_game(app.scene).net.game.seat == 1 and app.scene.names == ["Ann", "Bo"]
        net_game(app.scene).leave_table(app.scene)
        # the join screen offers it too, first
        _join_screen(app)
        assert button(app, "table0").label.startswith("Rejoin Ann's table")
        click_button(app, "table0")  # one click here too
        assert until(opened, 5)
        net_game(app.scene).leave_table(app.scene)


def test_a_code_the_table_no_longer_takes_is_forgotten(data):
    """The host restarted its table on the same port (a new code): the rejoin is
    refused, the join screen shows the address and name kept, and the menu no longer
    offers it."""
    with ann_hosts() as (host, ann):
        app, _ctx = start(seed=1)
        _bo_joins(app, host, ann)
        port, old_code = host.port, host.code
    again = Host(Game(GameConfig(2, 1, 12)), [SeatPlan("Ann", "human"), SeatPlan("Bo", "human")])
    again.start("127.0.0.1", port)
    try:
        assert again.code != old_code
        app, _ctx = _restart(app)
        click_button(app, "rejoin")
        back = lambda: app.run_frames(1) or isinstance(app.scene, JoinScene)  # noqa: E731
        assert until(back, 5)
        scene = app.scene
        assert scene.values == {"address": f"127.0.0.1:{port}", "code": old_code, "name": "Bo"}
        assert scene.error == "That is not this table's join code."
        kept = read_joined().value
        assert kept is not None and kept.code is None and kept.tables
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MainMenu)
        assert "rejoin" not in [b.name for b in app.scene.buttons]
    finally:
        again.stop()


def test_a_table_that_no_longer_answers_is_not_offered_again(data):
    with ann_hosts() as (host, ann):
        app, _ctx = start(seed=1)
        _bo_joins(app, host, ann)
    app, _ctx = _restart(app)  # Ann's table has closed meanwhile
    click_button(app, "rejoin")
    back = lambda: app.run_frames(1) or isinstance(app.scene, JoinScene)  # noqa: E731
    assert until(back, 10)
    assert app.scene.error == "No table answers at that address."
    assert app.scene.values["name"] == "Bo"
    key(app, pygame.K_ESCAPE)
    assert "rejoin" not in [b.name for b in app.scene.buttons]


@pytest.mark.slow  # a whole network game through the friend's window
def test_the_code_of_a_game_played_to_its_end_is_forgotten(data):
    import random

    from test_net_screens import _play_to_the_end

    with ann_hosts() as (host, ann):
        app, ctx = start(seed=1)
        ctx.change(speed="instant")
        _bo_joins(app, host, ann)
        host.begin()
        opened = lambda: ann.step() or app.run_frames(1) or net_game(app.scene) is not None  # noqa: E731
        assert until(opened, 5)
        _play_to_the_end(app, app.scene, [ann], random.Random(3))
        kept = read_joined().value
        assert kept is not None and kept.code is None
        assert [t.host for t in kept.tables] == ["Ann"]  # the table itself is remembered
        click_button(app, "leave")
        assert isinstance(app.scene, MainMenu)
        assert "rejoin" not in [b.name for b in app.scene.buttons]


GOOD = {
    "format": "split-joined",
    "version": 1,
    "name": "Bo",
    "tables": [{"address": "192.168.1.20", "host": "Ann"}],
    "code": "K7Q2XP",
}

DAMAGED = {
    "not json": b"{tables",
    "a list": b"[]",
    "too many tables": json.dumps(
        {**GOOD, "tables": [{"address": f"10.0.0.{i}", "host": "A"} for i in range(1000)]}
    ).encode(),
    "a long name": json.dumps({**GOOD, "name": "B" * 5000}).encode(),
    "a name with a newline": json.dumps({**GOOD, "name": "Bo\nAnn"}).encode(),
    "not an address": json.dumps(
        {**GOOD, "tables": [{"address": "a b c", "host": "Ann"}]}
    ).encode(),
    "a code that is no code": json.dumps({**GOOD, "code": "<script>"}).encode(),
    "a code without a table": json.dumps({**GOOD, "tables": []}).encode(),
    "an extra field": json.dumps({**GOOD, "token": "f" * 32}).encode(),
    "a table of another shape": json.dumps({**GOOD, "tables": [["192.168.1.20"]]}).encode(),
    "huge": b" " * (2 << 20),
    "not utf-8": b"\xff\xfe{}",
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_file_of_tables_is_set_aside_and_said(data, damage):
    (data / FILE_NAME).write_bytes(DAMAGED[damage])
    app, _ctx = start(seed=1)
    menu = app.scene
    assert isinstance(menu, MainMenu)
    assert "list of the tables you joined" in menu.notice  # said at the start
    assert "rejoin" not in [b.name for b in menu.buttons]
    assert not (data / FILE_NAME).exists()
    assert list(data.glob(FILE_NAME + ".broken-*"))
    scene = _join_screen(app)  # the join screen works, with nothing remembered
    # nothing remembered (a table heard on the network, another test's, is no memory)
    assert [r for r in scene.rows if r.joined] == [] and scene.values["address"] == ""


def test_a_good_file_offers_its_table(data):
    (data / FILE_NAME).write_text(json.dumps(GOOD))
    app, _ctx = start(seed=1)
    assert not app.scene.notice
    assert button(app, "rejoin").label == "Rejoin Ann's table"


def test_a_failed_write_is_a_notice_and_the_join_goes_on(data, monkeypatch):
    def full(*_args, **_kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("split.app.joined.write_json", full)
    with ann_hosts() as (host, ann):
        app, ctx = start(seed=1)
        lobby = _bo_joins(app, host, ann)
        assert app.scene is lobby and lobby.net.game.seat == 1
        assert any(n.startswith("Saving is off") for n in ctx.notices)
        lobby.on_back()
        assert isinstance(app.scene, MainMenu) and "Saving is off" in app.scene.notice
