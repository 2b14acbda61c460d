"""Reduced motion (issue 28 item 4): a setting, off by default, that makes the table's
cards fade in where they land (and out where they left) instead of flying. Turned on
in Settings from the table, it applies at once and is kept after a restart."""

from __future__ import annotations

import json
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, key, new_game, start  # noqa: E402
from ui_driver import SteppedClock, gesture, settle  # noqa: E402

from split.app.settings import Settings, load_settings  # noqa: E402
from split.engine import events as ev  # noqa: E402
from split.ui.menu.pause import PauseScene  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402
from split.ui.table import TableScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


Track = list[tuple[tuple[int, int], int]]


def _play_until_a_bot_moved(app, table, seconds=10.0) -> dict[int, Track]:
    """Make human moves (random legal gestures) and run the real loop at the chosen
    speed, on a clock that moves with its steps, until a bot's move from its hand or
    the table (not only a card drawn from the pile) has been shown and its cards have
    landed. Returns each sprite drawn over the table while a bot's move showed: where
    it was and how opaque, frame by frame."""
    SteppedClock(app, table)  # 20 steps a second: the motion without the wait
    rng = random.Random(3)
    seen: dict[int, Track] = {}
    shown = False  # a bot's card left its hand or the table
    kept = []  # the flights themselves, so no id is reused while we watch
    bots = [s for s, kind in enumerate(table.kinds) if kind != "human"]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if shown and not table.animator.flights:
            return seen
        if table.human_turn():
            before = len(table.game.actions)
            gesture(app, table, rng.choice(table.legal()))
            assert len(table.game.actions) > before
        app.step()
        last = table.animator.last_event
        if getattr(last, "seat", None) in bots and table.animator.flights:
            shown = shown or not isinstance(last, ev.CardDrawn)
            for f in table.animator.flights:
                if f.t >= 0:
                    kept.append(f)
                    seen.setdefault(id(f), []).append((f.sprite.rect.topleft, f.sprite.alpha))
        if table.driver.thinking:
            time.sleep(0.002)
    raise AssertionError("no bot's move was shown")


def test_reduced_motion_turned_on_from_the_table_fades_the_bots_moves_and_is_kept():
    app, ctx = start(seed=5)
    assert ctx.settings.reduced_motion is False  # off by default
    ctx.change(speed="instant")  # the deal and the first moves at once
    table = new_game(app)
    settle(app, table)
    # Esc -> pause -> Settings: Reduced motion on, the speed back to normal; back to the table
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click_button(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    assert button(app, "reduced_motion").label == "off"
    click_button(app, "reduced_motion")
    click_button(app, "speed")  # instant -> normal
    assert button(app, "reduced_motion").label == "on"
    assert ctx.settings.reduced_motion and ctx.settings.speed == "normal"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scene is table and table.settings.reduced_motion
    # your moves, then the bots' moves through the real loop
    seen = _play_until_a_bot_moved(app, table)
    assert seen, "what the bots did was shown"
    for track in seen.values():
        places = {at for at, _alpha in track}
        assert len(places) == 1, f"a sprite moved: {places}"  # nothing flies
    fades = [[a for _at, a in track] for track in seen.values() if len(track) > 1]
    assert fades and all(a[0] != a[-1] for a in fades), "each one fades"
    assert any(a[-1] > a[0] for a in fades), "one fades in where it lands"
    assert any(a[-1] < a[0] for a in fades), "one fades out where it left"
    # kept: a new app on the same data folder has it on
    app.close()
    app2, ctx2 = start()
    assert ctx2.settings.reduced_motion is True
    assert load_settings()[0].reduced_motion is True
    click_button(app2, "settings")
    assert button(app2, "reduced_motion").label == "on"


def test_without_reduced_motion_the_bots_cards_fly():
    """The same game as above, the setting off: the cards move (so the test above
    would fail on the table without the setting)."""
    app, ctx = start(seed=5)
    ctx.change(speed="instant")
    table = new_game(app)
    settle(app, table)
    ctx.change(speed="normal")
    seen = _play_until_a_bot_moved(app, table)
    assert any(len({at for at, _a in track}) > 1 for track in seen.values())
    assert all(a == 255 for track in seen.values() for _at, a in track)


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_hostile_reduced_motion_value_costs_only_itself(data, value):
    saved = Settings(reduced_motion=True, four_colour=True).to_json()
    saved["reduced_motion"] = value
    (data / "settings.json").write_text(json.dumps(saved))
    settings, problem = load_settings()
    assert problem is not None and "reduced_motion" in problem
    assert settings.reduced_motion is False and settings.four_colour is True


def test_an_older_settings_file_has_reduced_motion_off_without_a_complaint(data):
    old = Settings().to_json()
    del old["reduced_motion"]
    (data / "settings.json").write_text(json.dumps(old))
    settings, problem = load_settings()
    assert problem is None and settings.reduced_motion is False


def test_with_reduced_motion_your_upgraded_match_fades_out_as_it_was():
    """Ada upgrades your weak match 7C 7H with 7D (R5.2): with reduced motion the new
    match fades in at her seat, and at your place it is your old match, at your
    matches' size, that fades out; nothing moves."""
    from test_ui_feedback import scripted, wait
    from ui_driver import drag, laid_out, spot

    from split.engine.cards import parse_card
    from split.ui.loop import App
    from split.ui.screens import SeatSetup
    from split.ui.table import TableSettings

    game = laid_out(
        hands=[["2C", "3C", "9S", "KH"], ["7D", "4S", "5S", "8S"]],
        draw=["QH", "QD", "JC", "10C", "10D", "JH"],
        table=[[["7C", "7H"]], []],
    )
    app = App((1280, 720))
    bot = scripted(game, ["draw", "upgrade 7D 0.0", "pass", "discard 8S"])
    settings = TableSettings("normal", reduced_motion=True)
    seats = [SeatSetup("You", "human"), SeatSetup("Ada", "normal")]
    table = TableScene(game, seats, settings=settings, choose_bot=bot)
    app.push(table)
    SteppedClock(app, table)
    table.finish_animations()
    settle(app, table)
    yours = table.find_hit("match", 0, 0).rect.copy()
    key(app, pygame.K_d)
    assert wait(app, table.human_turn)
    two = parse_card("2C")
    drag(app, spot(table, "hand", table.hand.cards.index(two)), table.layout.discard_rect.center)
    assert wait(app, lambda: isinstance(table.animator.last_event, ev.MatchUpgraded))
    flights = table.animator.flights
    assert flights and all(f.src == f.dst for f in flights)  # in place: nothing flies
    (out,) = [f for f in flights if f.fade == "out" and f.src == yours.topleft]
    old = table.geometry().art("own").match(parse_card("7C"), parse_card("7H"))
    assert out.sprite.image is old
    new = [f for f in flights if f.fade == "in" and table.seat_rect(1).collidepoint(f.dst)]
    assert new and out.sprite.alpha > new[0].sprite.alpha  # the old goes as the new comes
