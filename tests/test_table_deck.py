"""The table wears the deck the player chose (issue 28 items 4 and 5): the four-colour
deck, high contrast and a new back, changed in Settings from the table's pause menu,
show on the table's cards the moment the player returns; the match badges are shapes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import click_button, key, start  # noqa: E402

from split.app.session import Session  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.engine.cards import MatchType  # noqa: E402
from split.ui import cards  # noqa: E402
from split.ui.menu.game import game_table  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402
from split.ui.table import TableSettings  # noqa: E402
from split.ui.table.settings import Settings  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _table(app, ctx, players=3):
    names, kinds = ("You", "Ada", "Bo"), ("human", "easy", "easy")
    seats = tuple(SeatChoice(n, k) for n, k in zip(names, kinds, strict=True))
    table = game_table(ctx, Session.new(seats[:players], seed=5, path=None))
    app.push(table)
    table.finish_animations()
    app.run_frames(3)
    return table


def _pixels(app, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def _settings_from_the_table(app, *names: str) -> None:
    """Esc, Settings, click each of ``names``, then back to the table with Esc twice."""
    key(app, pygame.K_ESCAPE)
    click_button(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    for name in names:
        click_button(app, name)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE, frames=3)


def test_a_deck_changed_in_settings_shows_on_the_table_at_once():
    app, ctx = start()
    table = _table(app, ctx)
    hand = table.find_hit("hand", 0).rect
    pile = table.find_hit("pile").rect
    assert table.frame().geometry.deck == cards.DeckStyle()
    before_hand, before_pile = _pixels(app, hand), _pixels(app, pile)
    _settings_from_the_table(app, "four_colour", "high_contrast")
    assert app.scene is table
    assert table.frame().geometry.deck == cards.DeckStyle("blue", "illustrated", True, True)
    assert table.frame().geometry.art("hand").style.four_colour
    after_hand = _pixels(app, hand)
    assert after_hand != before_hand, "the hand shows the four-colour, high-contrast deck"
    contrast_pile = _pixels(app, pile)
    assert contrast_pile != before_pile, "the pile's back is drawn in high contrast"
    _settings_from_the_table(app, "card_back", "card_faces")
    assert table.frame().geometry.deck == cards.DeckStyle("red", "classic", True, True)
    assert _pixels(app, pile) != contrast_pile, "the pile shows the red back"
    app.close()


def test_the_tables_own_settings_fit_the_protocol_and_give_the_deck():
    own: Settings = TableSettings()
    own.change(four_colour="on", card_faces="classic", card_back="green")
    assert cards.deck_style(own) == cards.DeckStyle("green", "classic", True, False)
    own.change(high_contrast="on", four_colour="off")
    assert cards.deck_style(own) == cards.DeckStyle("green", "classic", False, True)
    with pytest.raises(ValueError):
        own.change(four_colour="yes")


def test_the_tables_matches_wear_badges_by_shape(monkeypatch):
    """Item 4: a match's type shows as a shape (triangle, diamond, star), not a letter:
    the matches on the table are drawn through :func:`split.ui.cards.badge`."""
    from ui_driver import BASE, laid_out, make_table

    from split.engine.cards import match_type, parse_card

    drawn: list[MatchType] = []
    real = cards.badge

    def record(kind, radius, high_contrast=False):
        drawn.append(kind)
        return real(kind, radius, high_contrast)

    monkeypatch.setattr(cards, "badge", record)
    cards._art.cache_clear()  # matches already drawn would not ask for their badge again
    app, table, _ = make_table(laid_out(**BASE))
    assert table.find_hit("match", 1, 0) is not None
    expected = {match_type(*(parse_card(c) for c in m)) for m in BASE["table"][1]}
    assert set(drawn) == expected
    cards._art.cache_clear()
