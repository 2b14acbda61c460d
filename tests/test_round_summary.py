"""The round summary (R8.2): the round's boxes crossed one by one into the sheets, and
a sentence per player saying what scored and why."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import gesture, laid_out, make_table, record_texts, settle  # noqa: E402

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


def _item_two_table():
    """Issue 17 item 2's position at a table: the human (seat 0) holds 2♥ 8♦ 10♦ J♥ 5♣
    with the strong J♦ J♥ on the table; Bo (``normal``) waits with six cards."""
    pygame.init()
    game = laid_out(
        [["2H", "8D", "10D", "JH", "5C"], ["3S", "3C", "10S", "8C", "8H", "6H"]],
        discard=["QC"],
        draw=["5S", "KD"],
        table=[[["JD", "JH"]], []],
    )
    app, table, _ = make_table(game, kinds=("human", "normal"))
    return app, table


def _played_round(moves, monkeypatch):
    """Play ``moves`` for the human (seat 0) through the real loop; Bo (``normal``) then
    takes the 10 and goes out: the round's summary comes up."""
    app, table = _item_two_table()
    for text in moves:
        settle(app, table)
        legal = {str(a): a for a in table.legal()}
        gesture(app, table, legal[text])
    settle(app, table)
    table.expert.wait()  # the expert weighs each move on its own thread
    app.run_frames(3)
    assert isinstance(app.scene, RoundSummaryScene)
    return app, table


@pytest.mark.full_judge
def test_the_summary_says_what_the_expert_would_have_played(monkeypatch):
    """Issue 17: with J♥ in hand and the strong J♦ J♥ on the table, the human matched
    5♣ 5♠ and discarded 10♦ (item 2's position); the summary says what the expert would
    have played, with the sheet points at stake. The expert's patient policy (issue
    29) keeps the strong fives in hand, where no upgrade can steal them, and discards
    2♥: its judge names that under this game's seed. It is a close call (played to the
    round's end in 400 deals, discarding 2♥ is 0.5 ± 3.1 points worse by the expert's
    policy, 0.8 ± 2.6 better by `normal`'s), as before the upgrade to a perfect match
    and discarding 8♦ were (1.9 ± 2.1). Then, with two cards left in the pile, the
    round may end before the human's next turn (R8.1), and a pair kept then is worth
    no more than its match: the expert would have upgraded the jacks with J♥ to a
    perfect match, whose bonus hands Bo a negative box (R6.1), rather than discard 10♦.
    Passing the strong bonus cost less than the threshold: no line for it."""
    app, table = _played_round(["draw", "match 5C 5S", "pass", "discard 10D"], monkeypatch)
    drawn = record_texts(monkeypatch)
    app.scene.dirty = True
    app.run_frames(1)
    said = [w for w, _ in drawn if w.startswith("The expert would have")]
    assert said == [
        "The expert would have chosen to discard 2\u2665 rather than match 5\u2663 and "
        "5\u2660: about 3 points at stake.",
        "The expert would have chosen to upgrade your match with J\u2665 rather than "
        "discard 10\u2666: about 3 points at stake.",
    ]
    assert len(table.expert.reviews) == 3  # the forced draw was not weighed


@pytest.mark.full_judge
def test_good_moves_bring_no_expert_lines(monkeypatch):
    """The round of the summary above played well (draw, match the 7s, out): no line."""
    app, _table = _round_over()
    drawn = record_texts(monkeypatch)
    app.scene.dirty = True
    app.run_frames(1)
    assert not [w for w, _ in drawn if w.startswith("The expert would have")]
    assert [w for w, _ in drawn if w.startswith("score ")], "the summary was drawn"


def test_a_closed_table_stops_weighing_moves(monkeypatch):
    """The expert's worker lives only while there are moves to weigh: a table left for
    the menu drops the reviews still waiting, and its thread ends (a leftover thread
    weighing the moves of a finished game once kept a core busy)."""
    import threading
    import time

    from split.bots.expert import ExpertBot

    weighed = []
    real = ExpertBot.judge

    def slow(self, view, legal, played=None):
        weighed.append(str(played))
        time.sleep(1.0)
        return real(self, view, legal, played)

    monkeypatch.setattr(ExpertBot, "judge", slow)
    app, table = _item_two_table()
    for text in ("draw", "match 5C 5S", "pass"):
        settle(app, table)
        legal = {str(a): a for a in table.legal()}
        gesture(app, table, legal[text])
    assert table.expert.working
    app.pop(table)  # as Esc -> Main menu does
    deadline = time.monotonic() + 5
    while table.expert.working and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not table.expert.working
    assert not [t for t in threading.enumerate() if t.name == "split-coach"]
    queued = len(table.expert.reviews)
    assert queued == 2, "the forced draw is not weighed"
    assert len(weighed) < queued, "the reviews still waiting were dropped"
    assert all(r.done.is_set() for r in table.expert.reviews)
    table.expert.review(table.game, table.legal()[0])
    assert len(table.expert.reviews) == queued and not table.expert.working


def test_the_worker_ends_when_nothing_is_left_to_weigh():
    """Between moves no thread waits: it starts with a review and ends with the last."""
    import time

    app, table = _round_over()
    table.expert.wait()
    deadline = time.monotonic() + 2
    while table.expert.working and time.monotonic() < deadline:
        time.sleep(0.02)
    assert table.expert.reviews and not table.expert.working
