"""The log as a drawer (issue 28 item 1): the side panel keeps what happened lately (and,
when your turn comes, what happened since your last one, with its Replay); the whole
log opens over the table with L or the Log button, scrolls back with the wheel, the
arrows or Page Up and Page Down, and closes with L, Esc or a click beside it."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from ui_driver import click, gesture, key, make_table, post, record_texts, settle  # noqa: E402

from split import i18n  # noqa: E402
from split.engine import Game  # noqa: E402
from split.engine.state import GameConfig  # noqa: E402
from split.ui.shortcuts import LOG_HELP  # noqa: E402

pygame.init()


def _a_long_game(entries: int = 60):
    """A four-seat table (you and three random bots) played by random moves of yours
    until the log holds ``entries`` lines."""
    game = Game(GameConfig(4, 3, 11))
    app, table, _ = make_table(game, kinds=("human", "random", "random", "random"))
    rng = random.Random(4)
    while len(table.log) < entries and table.state.phase not in ("round-over", "game-over"):
        settle(app, table)
        if table.human_turn():
            gesture(app, table, rng.choice(sorted(table.legal(), key=str)))
    settle(app, table)
    assert len(table.log) >= entries
    return app, table


def _shown(app, table, drawn) -> list[str]:
    """The lines drawn inside the open log, top to bottom."""
    drawn.clear()
    table.invalidate()
    app.run_frames(1)
    drawer = table.find_hit("log").rect
    title = max(i for i, (w, r) in enumerate(drawn) if w == i18n._("Log") and drawer.contains(r))
    after = drawn[title + 1 :]  # what the drawer drew over the table, but its foot
    inside = [(r.top, w) for w, r in after if drawer.contains(r) and w != i18n._(LOG_HELP)]
    return [words for _top, words in sorted(inside)]


def _wheel(app, y: int) -> None:
    post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
    app.run_frames(1)


def test_the_whole_log_opens_scrolls_back_to_its_first_line_and_closes(lang, monkeypatch):
    app, table = _a_long_game()
    drawn = record_texts(monkeypatch)
    first, newest = table.log[0], table.log[-1]
    table.invalidate()
    app.run_frames(1)
    side = [words for words, r in drawn if table.layout.side.contains(r)]
    assert newest in side and first not in side, "the side panel keeps what happened lately"
    key(app, pygame.K_l)
    assert table.ui.show_log and table.find_hit("log") is not None
    drawer = table.find_hit("log").rect
    assert not drawer.colliderect(table.layout.side), "beside the side panel, over the table"
    if lang == "fa":  # mirrored: the side panel on the left, the drawer to its right
        assert drawer.left > table.layout.side.right
    lines = _shown(app, table, drawn)
    assert lines[-1] == typeset_last(newest, table) and first not in lines
    for _ in range(40):  # the wheel scrolls back in time, no further than the first line
        _wheel(app, 1)
    assert table.ui.log_back == len(table.log) - 1
    assert _shown(app, table, drawn)[0] == typeset_first(first, table)
    key(app, pygame.K_PAGEDOWN)  # forward again
    assert table.ui.log_back == len(table.log) - 11
    click(app, table.find_hit("log").rect.center)  # a click inside keeps it open
    assert table.ui.show_log
    key(app, pygame.K_ESCAPE)
    assert not table.ui.show_log and table.find_hit("log") is None
    # the Log button opens it too (and shows its key), from the top again
    log_button = table.renderer.buttons["log"]
    assert log_button.key == i18n.key_name("L")
    click(app, log_button.rect.center)
    assert table.ui.show_log and table.ui.log_back == 0
    beside = table.layout.own_seat.center  # a click beside it closes it
    click(app, beside)
    assert not table.ui.show_log


def test_the_table_still_plays_with_the_log_open(monkeypatch):
    """A key of the game (D draws) works while the log is open, and the drawer shows
    the draw at its foot at once."""
    app, table = _a_long_game(20)
    drawn = record_texts(monkeypatch)
    key(app, pygame.K_l)
    assert table.human_turn() and table.ui.show_log
    before = len(table.game.actions)
    key(app, pygame.K_d)
    assert len(table.game.actions) == before + 1 and table.ui.show_log
    assert table.log[-1].startswith("You drew")
    assert _shown(app, table, drawn)[-1] == typeset_last(table.log[-1], table)


def typeset_last(entry: str, table) -> str:
    """The last line ``entry`` wraps to in the open log."""
    return _wrapped(entry, table)[-1]


def typeset_first(entry: str, table) -> str:
    """The first line ``entry`` wraps to in the open log."""
    return _wrapped(entry, table)[0]


def _wrapped(entry: str, table) -> list[str]:
    from split.ui import typeset

    lay = table.layout
    drawer = table.find_hit("log").rect
    return typeset.wrap(entry, max(11, int(lay.fs * 0.85)), drawer.width - 2 * lay.fs)


def test_each_line_of_the_log_is_told_once_per_language(monkeypatch):
    """The log was told whole again at each new line (80,000 lines told for a game's
    400): each entry is now told once, and again only when the language changes."""
    from split.ui.table import narration

    told = []
    real = narration._logged

    def counted(names, entry, you):
        told.append(entry)
        return real(names, entry, you)

    monkeypatch.setattr(narration, "_logged", counted)
    app, table = _a_long_game(20)
    entries = len(table.entries)
    assert entries >= 20 and len(told) <= entries
    lines = list(table.log)
    i18n.set_language("fa")
    try:
        told.clear()
        persian = table.log
        assert len(told) == entries and len(persian) == len(lines) and persian != lines
    finally:
        i18n.set_language("en")
    assert table.log == lines
