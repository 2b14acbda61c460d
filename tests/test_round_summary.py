"""The round summary (R8.2): the round's boxes crossed one by one into the sheets, and
a sentence per player saying what scored and why."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
from ui_driver import gesture, laid_out, make_table, settle  # noqa: E402

from split.ui.results import REVEAL_STEP, RoundSummaryScene, revealed  # noqa: E402


def test_boxes_are_revealed_in_order_across_sheets():
    rows, fresh = [2, 0, 1], [1, 0, 1]
    assert revealed(rows, 3, fresh, 2, 0) == ([1, 0, 0], 1, [0, 0, 0], 0, 0)
    assert revealed(rows, 3, fresh, 2, 1) == ([2, 0, 0], 1, [1, 0, 0], 0, 0)
    assert revealed(rows, 3, fresh, 2, 3) == ([2, 0, 1], 2, [1, 0, 1], 1, 0)
    assert revealed(rows, 3, fresh, 2, 10) == ([2, 0, 1], 3, [1, 0, 1], 2, 6)


def _round_over():
    pygame.init()
    game = laid_out(
        [["7H", "7C"], ["3S", "4S", "6S", "8S"]],
        discard=["3D"],
        draw=["QH", "QD", "JC"],
    )
    app, table, _ = make_table(game, kinds=("human", "random"))
    # R4: draw QH, a weak match of sevens (no trade possible: pass), discard QH: out
    for text in ("draw", "match 7C 7H", "pass", "discard QH"):
        settle(app, table)
        legal = {str(a): a for a in table.legal()}
        gesture(app, table, legal[text])
    app.run_frames(3)
    assert isinstance(app.scene, RoundSummaryScene)
    return app, table


def test_the_summary_says_what_scored_and_why(monkeypatch):
    """Issue 13 rough edge 11: not just "−10 to 40 points": the matches and their
    points, the cards left in hand and what their negative boxes cost."""
    from split.ui import widgets

    app, table = _round_over()
    drawn: list[str] = []
    real = widgets.line

    def line(surface, words, *args, **kw):
        drawn.append(words)
        return real(surface, words, *args, **kw)

    monkeypatch.setattr(widgets, "line", line)
    scene = app.scene
    scene.dirty = True
    app.run_frames(1)
    assert "matches 7: +5" in drawn and "score 0 \u2192 5" in drawn
    assert "4 cards left in hand: 4 negative boxes, \u22128" in drawn
    assert "no matches" in drawn


def test_the_round_boxes_are_crossed_one_by_one_then_all_at_a_click():
    app, _table = _round_over()
    scene = app.scene
    assert scene.revealing
    app.run_frames(2)
    assert scene.revealing, "still crossing boxes"
    corner = (5, app.size[1] // 2)  # beside the button
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=corner, button=1))
    app.run_frames(3)
    assert not scene.revealing
    assert scene.elapsed > 10 * REVEAL_STEP
    assert app.scene is scene, "the click only finished the crossing"
