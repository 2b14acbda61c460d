"""Undo (a game is its seed plus its actions: undo replays them minus the last) and
refusals as codes (the ui words them in every language)."""

from __future__ import annotations

import pytest

from split.engine import Game, UndoError
from split.engine.actions import Action, parse_action
from split.engine.cards import MatchType, parse_card
from split.engine.notation import parse_config, state_json
from split.engine.refusals import Refusal, Why

C = parse_card


def laid_out(hands, discard=(), draw=(), table=None) -> Game:
    n = len(hands)
    setup = {"hands": [list(h) for h in hands], "discard": list(discard), "draw": list(draw)}
    if table is not None:
        setup["table"] = [[list(m) for m in seat] for seat in table]
    return Game(parse_config({"players": n, "dealer": n - 1, "seed": 0, "rounds": [setup]}))


def act(game: Game, *lines: str) -> None:
    for line in lines:
        game.apply(parse_action(line))


def test_undo_takes_back_own_moves_of_this_turn_back_to_a_take():
    # R4.1 take shows nothing hidden (the discard row is face up): it may be undone.
    game = laid_out([["7H", "7D", "2C", "9S"], ["3S", "4S"]], discard=["7S"], draw=["QH", "QD"])
    start = state_json(game.state)
    act(game, "take 0", "match 7H 7S")
    assert game.undoable(0) == 2 and game.can_undo(0)
    assert game.undo(0) == parse_action("match 7H 7S")
    assert game.undo(0) == parse_action("take 0")
    assert state_json(game.state) == start and game.actions == []
    assert not game.can_undo(0)


def test_a_draw_from_the_pile_cannot_be_undone_nor_what_came_before():
    game = laid_out([["7H", "7D", "2C", "9S"], ["3S", "4S"]], draw=["QH", "QD", "JC"])
    act(game, "draw")  # R4.1: a hidden card is now seen
    assert game.undoable(0) == 0
    with pytest.raises(UndoError):
        game.undo(0)
    act(game, "match 7D 7H")  # R6.2 strong: the bonus draw shows a hidden card too
    assert game.undoable(0) == 1
    act(game, "draw")
    assert game.undoable(0) == 0


def test_undo_never_reaches_into_another_players_turn():
    game = laid_out([["7H", "2C", "9S"], ["3S", "4S", "5S"]], discard=["KD"], draw=["QH", "QD"])
    act(game, "draw", "discard 2C")  # seat 1's turn now
    assert game.undoable(0) == 0 and game.undoable(1) == 0
    with pytest.raises(UndoError):
        game.undo(0)


def test_undo_of_a_bonus_choice_returns_to_the_bonus():
    # R6.4: passing on the strong bonus (R6.2) can be taken back, then the match itself.
    game = laid_out([["7H", "7C", "2C", "9S"], ["3S"]], discard=["7S"], draw=["QH", "QD"])
    act(game, "take 0", "match 7C 7S", "pass")
    assert str(game.state.phase) == "play" and game.undoable(0) == 3
    game.undo(0)
    assert str(game.state.phase) == "strong-bonus"


def test_a_record_loaded_from_json_knows_who_moved():
    game = laid_out([["7H", "7D", "2C", "9S"], ["3S", "4S"]], discard=["7S"], draw=["QH", "QD"])
    act(game, "take 0", "match 7H 7S")
    again = Game.from_json(game.to_json())
    assert again.movers == game.movers and again.undoable(0) == 2


def test_history_replays_every_event_of_the_game():
    game = laid_out([["7H", "7D", "2C", "9S"], ["3S", "4S"]], discard=["7S"], draw=["QH", "QD"])
    events = list(game.opening_events)
    for line in ("take 0", "match 7H 7S", "pass", "discard 2C"):
        events += game.apply(parse_action(line))
    assert game.history() == events


def test_refusals_are_codes_with_their_cards_and_rule():
    game = laid_out([["7H", "8H", "2C", "9S"], ["3S"]], discard=["KC"], draw=["QH", "QD"])
    s = game.state
    r = s.refusal(Action.take(0))
    assert r == Refusal(Why.CANNOT_TAKE, (C("KC"),), rule="R4.2")
    assert str(r) == "KC cannot be taken: no play would use it (R4.2)"
    act(game, "draw")
    r = s.refusal(Action.match(C("7H"), C("8H")))
    assert r.code is Why.MATCH_RANK and r.rule == "R3.1"
    assert set(r.cards) == {C("7H"), C("8H")}


def test_refusal_of_an_upgrade_that_is_not_stronger_names_the_type():
    # R5.2: 7H with the strong 7C 7S would only make a weak match
    game = laid_out([["7H", "8H", "2C"], ["3S"]], draw=["QH", "QD"], table=[[], [["7C", "7S"]]])
    act(game, "draw")
    r = game.state.refusal(Action.upgrade(C("7H"), 1, 0))
    assert r == Refusal(Why.NOT_STRONGER, (C("7H"),), match_type=MatchType.STRONG, rule="R5.2")
