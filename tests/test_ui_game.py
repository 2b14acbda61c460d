"""A complete three-round game through the real event loop, the human playing by mouse."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import click, gesture, make_table, settle  # noqa: E402

from split.engine import Game, GameConfig  # noqa: E402
from split.ui.results import FinalScene, RoundSummaryScene  # noqa: E402


def _prefer(legal, rng):
    """A human who likes to play matches (so every kind of gesture shows up)."""
    plays = [a for a in legal if a.kind in ("match", "upgrade", "trade", "penalize")]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    draws = [a for a in legal if a.kind in ("draw", "take")]
    if draws:
        return rng.choice(draws)
    return rng.choice(legal)


@pytest.mark.slow  # three whole rounds, every move by mouse
def test_complete_three_round_game_by_mouse():
    pygame.init()
    game = Game(GameConfig(3, 2, 11))
    app, table, applied = make_table(game, ("human", "random", "random"))
    rng = random.Random(4)
    kinds: set[str] = set()
    human_moves = 0
    for _ in range(3000):
        if game.state.is_over and isinstance(app.scene, FinalScene):
            break
        scene = app.scene
        if isinstance(scene, RoundSummaryScene):
            scene.render(app.screen)  # lay the buttons out
            click(app, scene.button("next").rect.center)
            settle(app, table)
            continue
        if not table.human_turn():
            settle(app, table)
            continue
        assert table.model.same_as(game.state), "the table shows what the events said"
        action = _prefer(game.state.legal_actions(), rng)
        before = len(game.actions)
        gesture(app, table, action)
        settle(app, table)
        assert len(game.actions) > before, f"the gesture for {action} did nothing: {table.ui.error}"
        assert game.actions[before] == action
        kinds.add(action.kind)
        human_moves += 1
    assert game.state.is_over
    assert isinstance(app.scene, FinalScene)
    assert applied == game.actions  # on_action saw every action, bots' and human's
    assert table.model.same_as(game.state)
    assert {"draw", "match", "discard"} <= kinds
    assert human_moves > 20
    assert any("win(s)" in line or "you win" in line for line in table.log)
    # the one person at the table is spoken to: "You drew 7♥", never "P0 drew 7♥"
    assert not [line for line in table.log if "P0 " in line or line.endswith("P0.")]
    assert sum(line.startswith("You ") for line in table.log) > 10


def test_a_searching_bot_never_thinks_on_the_drawing_thread(monkeypatch):
    """At the "instant" speed too, an expert's search runs on the bots' worker thread:
    the window keeps drawing while it thinks (it used to hold the frame up to 1 s)."""
    import threading

    from split.bots.expert import ExpertBot

    threads: list[threading.Thread] = []
    hold, release = threading.Event(), threading.Event()

    def choose(self, view, legal):
        threads.append(threading.current_thread())
        if hold.is_set():
            release.wait(10)  # a long search
        return legal[0]

    monkeypatch.setattr(ExpertBot, "choose", choose)
    pygame.init()
    game = Game(GameConfig(2, 0, 8))
    app, table, _ = make_table(game, ("human", "expert"), speed="instant")
    rng = random.Random(3)
    hold.set()
    for _ in range(40):  # the human's turn, to its end
        if not table.human_turn():
            break
        gesture(app, table, _prefer(game.state.legal_actions(), rng))
        app.run_until(lambda: table.human_turn() or table.driver.bots_turn(), 300)
    assert table.driver.bots_turn()
    before = len(game.actions)
    frames = app.frames
    app.run_frames(20)
    assert app.frames == frames + 20 and len(game.actions) == before  # drawn, still thinking
    release.set()
    settle(app, table)
    assert len(game.actions) > before and table.human_turn()
    assert threads and threading.main_thread() not in threads


def test_an_event_that_does_not_fit_the_picture_rebuilds_it_from_the_game():
    """Should the table's picture ever drift from the game (an event moving a card that
    is not where the picture has it), the table shows the game's position as it is,
    from the engine's state, and play goes on: it never stops over its picture."""
    from split.engine import events as ev

    pygame.init()
    game = Game(GameConfig(2, 0, 8))
    app, table, _ = make_table(game, ("human", "random"))
    hand = list(table.model.hands[0])
    stray = next(c for c in range(52) if c not in hand)
    table.animator.queue([ev.CardDiscarded(0, stray)])  # a card this hand does not hold
    app.run_frames(2)
    assert table.model.same_as(game.state) and sorted(table.hand.cards) == sorted(hand)
    table.animator.queue([ev.CardDiscarded(0, stray)])
    table.finish_animations()  # Space: the same, on the instant path
    assert table.model.same_as(game.state) and not table.busy()
    rng = random.Random(1)
    for _ in range(3):  # and the game goes on by mouse
        before = len(game.actions)
        gesture(app, table, _prefer(game.state.legal_actions(), rng))
        settle(app, table)
        assert len(game.actions) > before
