"""The card settings (issue 28 items 4 and 5): back, faces, four-colour deck and high
contrast are changed on the Settings screen with the mouse, show at once in its preview,
reach what the table reads, and are still set after a restart."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, start  # noqa: E402

from split.app.settings import Settings, load_settings  # noqa: E402
from split.ui import cards  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _preview(app) -> bytes:
    scene = app.scene
    return pygame.image.tobytes(app.screen.subsurface(scene.preview_rect()), "RGB")


def test_card_settings_change_by_mouse_show_at_once_and_are_kept_after_a_restart():
    app, ctx = start()
    click_button(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    before = _preview(app)
    click_button(app, "four_colour")
    assert ctx.settings.four_colour is True
    four = _preview(app)
    assert four != before, "the preview shows the four-colour deck at once"
    click_button(app, "high_contrast")
    click_button(app, "card_faces")  # illustrated -> classic
    for _ in range(3):  # blue -> red -> green -> purple
        click_button(app, "card_back")
    assert _preview(app) != four
    assert button(app, "card_back").label == "purple"
    assert button(app, "card_faces").label == "classic"
    expected = cards.DeckStyle("purple", "classic", True, True)
    # what the table reads (the app's live settings) gives this deck at once
    assert cards.deck_style(ctx.live) == expected
    # restart: a new app reads the kept file (pygame stays up: a second pygame.quit in
    # one process leaves split.ui.text's fonts stale for the tests after this one)
    app.close()
    app, ctx = start()
    assert isinstance(app.scene, MainMenu)
    assert cards.deck_style(ctx.settings) == expected
    click_button(app, "settings")
    assert button(app, "four_colour").label == "on"
    assert button(app, "high_contrast").label == "on"
    assert button(app, "card_back").label == "purple"


def test_an_older_settings_file_gets_the_default_deck_without_a_complaint(data):
    old = Settings().to_json()
    for key in ("card_faces", "four_colour", "high_contrast"):
        del old[key]
    (data / "settings.json").write_text(json.dumps(old))
    settings, problem = load_settings()
    assert problem is None
    assert cards.deck_style(settings) == cards.DeckStyle()


@pytest.mark.parametrize(
    "key,value",
    [("card_faces", "photo"), ("four_colour", "yes"), ("high_contrast", 1), ("card_back", "gold")],
)
def test_a_hostile_card_setting_costs_only_itself(data, key, value):
    saved = Settings(card_back="black", four_colour=True, card_faces="classic").to_json()
    saved[key] = value
    (data / "settings.json").write_text(json.dumps(saved))
    settings, problem = load_settings()
    assert problem is not None and key in problem
    default = getattr(Settings(), key)
    assert getattr(settings, key) == default
    kept = {"card_back": "black", "four_colour": True, "card_faces": "classic"}
    for other, v in kept.items():
        if other != key:
            assert getattr(settings, other) == v


def test_the_settings_screen_says_what_each_badge_shape_means(monkeypatch):
    """Under the preview, each badge's shape beside its match type's name (R3.2), so a
    player learns the shapes where they choose the deck: in high contrast too."""
    from split.engine.cards import MatchType

    app, ctx = start()
    click_button(app, "settings")
    drawn: list[tuple[MatchType, bool]] = []
    real = cards.badge

    def record(kind, radius, high_contrast=False):
        drawn.append((kind, high_contrast))
        return real(kind, radius, high_contrast)

    monkeypatch.setattr(cards, "badge", record)
    app.scene.dirty = True
    app.run_frames(2)
    # the legend comes last, after the preview's matches (which draw theirs once)
    assert [k for k, _hc in drawn[-3:]] == [MatchType.WEAK, MatchType.STRONG, MatchType.PERFECT]
    drawn.clear()
    click_button(app, "high_contrast")
    assert ctx.settings.high_contrast
    assert drawn and all(hc for _k, hc in drawn)
