"""The table's text size (issue 28 item 4: a UI scale from 100 to 200 %): a setting, 100 %
by default, that grows the table's words and what holds them (boards, buttons, the side
panel, the prompt), the cards taking the room that is left. Changed in Settings from
the table, it applies at once and is kept after a restart."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, key, new_game, start  # noqa: E402
from ui_driver import click, record_texts, settle  # noqa: E402

from split.app.settings import Settings, load_settings  # noqa: E402
from split.ui.menu.pause import PauseScene  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402
from split.ui.table.layout import UI_SCALES, card_size, lay_out  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _name_height(app, table, drawn) -> int:
    """How tall Ada's name is drawn on her board."""
    drawn.clear()
    table.invalidate()
    app.run_frames(1)
    return next(r.height for words, r in drawn if words == "Ada")


def test_the_text_size_changed_from_the_table_applies_at_once_and_is_kept(monkeypatch):
    app, ctx = start(seed=5)
    assert ctx.settings.ui_scale == 100  # by default
    ctx.change(speed="instant")
    table = new_game(app)
    settle(app, table)
    drawn = record_texts(monkeypatch)
    name = _name_height(app, table, drawn)
    before = table.layout
    buttons = {h.key: h.rect for h in table.hits() if h.kind == "button"}
    # Esc -> pause -> Settings: the text size up twice; back to the table
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click_button(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    assert button(app, "ui_scale").label == "100 %"
    click_button(app, "ui_scale")
    click_button(app, "ui_scale")
    assert button(app, "ui_scale").label == "150 %" and ctx.settings.ui_scale == 150
    assert table.layout.scale == 150, "the table under the menus is laid out again at once"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    assert _name_height(app, table, drawn) >= name * 4 // 3, "the words on the table grew"
    lay = table.layout
    assert lay.fs >= before.fs * 3 // 2 and lay.side.width > before.side.width
    grown = {h.key: h.rect for h in table.hits() if h.kind == "button"}
    assert grown.keys() == buttons.keys()
    for k, r in grown.items():
        assert r.height > buttons[k].height and lay.side.contains(r), k
    # and the table still plays: a click on the pile draws
    acted = len(table.game.actions)
    click(app, table.find_hit("pile").rect.center)
    assert len(table.game.actions) == acted + 1
    # kept: a new app on the same data folder has it
    app.close()
    app2, ctx2 = start()
    assert ctx2.settings.ui_scale == 150 and load_settings()[0].ui_scale == 150
    click_button(app2, "settings")
    assert button(app2, "ui_scale").label == "150 %"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("rtl", [False, True])
def test_larger_words_take_their_room_from_the_cards_never_from_each_other(size, players, rtl):
    """At each step of the scale the words grow (up to a 24th of the window's height),
    the parts of the table stay in the window and apart, and the cards stay at least
    half their size."""
    W, H = size
    window = pygame.Rect(0, 0, W, H)
    plain = lay_out(size, players, rtl)
    last = plain
    for scale in UI_SCALES:
        lay = lay_out(size, players, rtl, scale)
        assert last.fs <= lay.fs <= max(plain.fs, H // 24)
        parts = [lay.side, lay.prompt_rect, lay.own_rect, lay.discard_rect, *lay.seats]
        parts.append(lay.own_seat)
        for i, a in enumerate(parts):
            assert window.contains(a), (scale, a)
            for b in parts[i + 1 :]:
                assert not a.colliderect(b), (scale, a, b)
        # your hand beside your board, under your matches (a lifted card may rise into them)
        assert window.contains(lay.hand_rect) and lay.hand_y >= lay.own_rect.bottom
        assert not lay.hand_rect.colliderect(lay.own_seat)
        assert not lay.hand_rect.colliderect(lay.side)
        for name in ("hand", "mid", "own"):
            assert lay.heights[name] >= plain.heights[name] // 2, (scale, name)
        w, h = card_size(lay.heights["hand"])
        assert lay.hand_y + h * 0.9 <= H, "your hand is on the table"
        for seat in lay.seats:  # a board holds its words, its backs and a line of matches
            top = seat.top + lay.board_head + lay.heights["back"] + 4
            assert top + card_size(lay.heights["opp"])[1] <= seat.bottom + lay.m, scale
        last = lay
    assert last.fs > plain.fs, "the words grew"


@pytest.mark.parametrize("value", ["150", 150.0, 120, 300, True, None])
def test_a_hostile_text_size_costs_only_itself(data, value):
    saved = Settings(ui_scale=175, four_colour=True).to_json()
    saved["ui_scale"] = value
    (data / "settings.json").write_text(json.dumps(saved))
    settings, problem = load_settings()
    assert problem is not None and "ui_scale" in problem
    assert settings.ui_scale == 100 and settings.four_colour is True


def test_an_older_settings_file_has_the_plain_text_size_without_a_complaint(data):
    old = Settings().to_json()
    del old["ui_scale"]
    (data / "settings.json").write_text(json.dumps(old))
    settings, problem = load_settings()
    assert problem is None and settings.ui_scale == 100
