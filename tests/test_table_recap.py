"""What the others did since your last turn (issue 28, item 3): when your turn comes,
the log shows only that, under "Since your last turn", until your first move; Replay
(or Y) plays it again on the table at reading speed, from the picture your turn left
to the one you are looking at. Driven through the real loop with real events."""

from __future__ import annotations

import copy
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import SteppedClock, click, gesture, key, make_table, settle  # noqa: E402

from split.engine import Game, GameConfig  # noqa: E402
from split.ui.table.frame import Frame  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _play_your_turn(app, table) -> None:
    """Your turn by mouse: draw, then discard a card (skipping any bonus; what the rules
    ask first, if anything)."""
    gesture(app, table, next(a for a in table.legal() if a.kind == "draw"))
    table.finish_animations()
    while table.state.current == table.viewer:
        legal = table.legal()
        discard = [a for a in legal if a.kind == "discard"]
        passes = [a for a in legal if a.kind == "pass"]
        gesture(app, table, (discard or passes or legal)[0])
        table.finish_animations()


def _picture(table) -> tuple:
    m = table.model
    return (copy.deepcopy(m.hands), copy.deepcopy(m.matches), list(m.discard), m.current)


def test_your_turn_shows_what_happened_since_and_replays_it_on_the_table():
    game = Game(GameConfig(3, 2, 41))  # you first, then two bots
    app, table, _ = make_table(game, kinds=("human", "normal", "normal"))
    assert table.frame().log_recent == 0  # your first turn: nothing since a last one
    _play_your_turn(app, table)
    left = _picture(table)  # the table as your turn left it (the bots' turns to come)
    settle(app, table)  # the two bots play
    assert table.state.current == table.viewer
    f: Frame = table.frame()
    since = [line for line in f.log[-f.log_recent :]]
    assert f.log_recent >= 4 and all("You " not in line for line in since), since
    assert any(line.startswith("P1 ") for line in since) and any(
        line.startswith("P2 ") for line in since
    )
    app.run_frames(1)
    replay = next(h for h in table.hits() if h.kind == "replay")
    now = _picture(table)
    assert now != left
    click(app, replay.rect.center)  # Replay
    assert table.replaying is not None and not table.human_turn()
    assert table.model.discard == left[2], "the replay starts from the table your turn left"
    flew = 0
    SteppedClock(app)  # 20 steps a second of the replay's own pace
    for _ in range(2000):  # at reading speed, even with the speed set to instant
        app.step(block=False)
        flew += bool(table.animator.flights)
        if table.replaying is None:
            break
    assert table.replaying is None and flew > 5
    assert _picture(table) == now, "the replay ends on the table as it is"
    assert table.human_turn() and table.frame().log_recent == f.log_recent
    key(app, pygame.K_y)  # Y replays it again; Space hurries it to its end
    assert table.replaying is not None
    key(app, pygame.K_SPACE)
    app.run_frames(2)
    assert table.replaying is None and _picture(table) == now
    gesture(app, table, next(a for a in table.legal() if a.kind == "draw"))
    settle(app, table)
    assert table.frame().log_recent == 0  # your first move: the whole log again
    assert not any(h.kind == "replay" for h in table.hits())
