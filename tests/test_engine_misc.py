"""Engine properties beyond single rules: purity, notation round trips, records."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from split.engine import Game, GameConfig, RecordError
from split.engine.actions import Action, parse_action
from split.engine.cards import CARD_COUNT, card_str, parse_card
from split.engine.notation import state_json


def test_engine_imports_nothing_of_pygame():
    code = (
        "import sys, split.engine, split.engine.scenario, split.engine.view; "
        "print(any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_card_notation_round_trip_and_case():
    for c in range(CARD_COUNT):
        assert parse_card(card_str(c)) == c
        assert parse_card(card_str(c).lower()) == c
    with pytest.raises(ValueError):
        parse_card("11H")


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("DRAW", "draw"),
        ("take 3", "take 3"),
        ("match 7h 7d", "match 7D 7H"),
        ("upgrade 10s 2.1", "upgrade 10S 2.1"),
        ("discard qh", "discard QH"),
        ("penalize 4", "penalize 4"),
        ("trade 0  1.2", "trade 0 1.2"),
        ("pass", "pass"),
        ("next-round", "next-round"),
    ],
)
def test_action_notation(text, canonical):
    assert str(parse_action(text)) == canonical
    assert parse_action(canonical) == parse_action(text)


@pytest.mark.parametrize(
    "bad", ["", "fly", "take", "take x", "match 7H", "upgrade 7H 1", "trade 0 1.x", "draw 1"]
)
def test_bad_action_text(bad):
    with pytest.raises(ValueError):
        parse_action(bad)


def _random_game(seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    game = Game(GameConfig(3, 1, seed))
    for _ in range(steps):
        if game.state.is_over:
            break
        game.apply(rng.choice(game.state.legal_actions()))
    return game


def test_record_round_trip_resumes_exactly():
    game = _random_game(5, 400)
    text = json.dumps(game.to_json())
    again = Game.from_json(json.loads(text))
    assert state_json(again.state) == state_json(game.state)
    # the future is the same too: same shuffles for later rounds
    rng = random.Random(1)
    while not game.state.is_over:
        a = rng.choice(game.state.legal_actions())
        game.apply(a)
        again.apply(a)
    assert state_json(again.state) == state_json(game.state)


def test_pop_takes_back_one_action():
    game = _random_game(2, 30)
    before = state_json(game.replay(29))
    game.pop()
    assert state_json(game.state) == before and len(game.actions) == 29


@pytest.mark.parametrize(
    "mutate,match",
    [
        (lambda r: r.update(format="chess"), "not a Split game record"),
        (lambda r: r.update(version=99), "version"),
        (lambda r: r.update(players=9), "players"),
        (lambda r: r["actions"].append("take 99"), "action"),
        (lambda r: r.update(actions="draw"), "actions"),
    ],
)
def test_bad_records_are_refused(mutate, match):
    record = _random_game(3, 20).to_json()
    mutate(record)
    with pytest.raises(RecordError, match=match):
        Game.from_json(record)


def test_action_values_are_hashable_and_compare():
    assert Action.match(5, 3) == Action.match(3, 5)
    assert len({Action.draw(), Action.draw(), Action.pass_()}) == 2


def test_each_action_kind_reads_by_its_own_names():
    c = parse_card
    assert parse_action("take 3").position == 3
    assert parse_action("match 7h 7d").cards == (c("7D"), c("7H"))
    assert parse_action("match 7h 7d").card == c("7D")
    up = parse_action("upgrade 7D 1.2")
    assert (up.card, up.seat, up.target) == (c("7D"), 1, 2)
    assert parse_action("discard QS").card == c("QS")
    assert parse_action("penalize 2").penalized == 2
    trade = parse_action("trade 0 3.1")
    assert (trade.mine, trade.seat, trade.target) == (0, 3, 1)
    # the names build the same notation back, for every kind
    for text in ["take 3", "match 7D 7H", "upgrade 7D 1.2", "discard QS", "penalize 2"]:
        assert str(parse_action(text)) == text


def test_a_games_state_changes_only_through_its_record_and_a_scratch_copy_is_free():
    from split.engine import IllegalAction, PlayerView, Scratch

    game = Game(GameConfig(3, 0, 1))
    assert not hasattr(game.state, "play")  # no public way around the record
    scratch = game.state.scratch()
    assert isinstance(scratch, Scratch) and isinstance(scratch.clone(), Scratch)
    before = state_json(game.state)
    events = scratch.play(scratch.legal_actions()[0])
    assert events and state_json(game.state) == before != state_json(scratch)
    with pytest.raises(IllegalAction):
        scratch.play(Action.penalize(0))
    game.apply(game.state.legal_actions()[0])
    assert state_json(game.state) == state_json(scratch)  # the same move, the same position
    fresh = Scratch.new(GameConfig(3, 0, 1))
    assert isinstance(fresh, Scratch) and state_json(fresh) == before
    # a world guessed from a seat's view is a scratch too: a search plays on it
    view = PlayerView.of(game.state, 1)
    world = view.determinize(view.unseen())
    assert isinstance(world, Scratch) and world.play(world.legal_actions()[0])


def test_an_event_equals_only_an_event_of_its_own_kind():
    """R6 and R6.4: the bonus a match earns (BonusStarted) and the bonus passed on
    (BonusDeclined) carry the same fields; as named tuples they were equal, so a log
    that kept one's line told it for the other. Every event equals its own kind with
    the same fields (and hashes alike), and nothing else."""
    from split.engine import events as ev
    from split.engine.cards import MatchType

    started, declined = ev.BonusStarted(1, MatchType.WEAK), ev.BonusDeclined(1, MatchType.WEAK)
    assert started != declined and (started == declined) is False and len({started, declined}) == 2
    assert started == ev.BonusStarted(1, MatchType.WEAK)
    assert hash(started) == hash(ev.BonusStarted(1, MatchType.WEAK))
    assert started != (1, MatchType.WEAK) and ev.TurnStarted(2) != (2,)
    # each event of a game equals its copy, and not the plain tuple of its fields
    game = Game(GameConfig(3, 0, 7))
    rng = random.Random(7)
    seen = []
    while not game.state.is_over and len(seen) < 400:
        seen.extend(game.apply(rng.choice(game.state.legal_actions())))
    kinds = {type(e) for e in seen}
    assert len(kinds) >= 8 and all(e == e._replace() and e != tuple(e) for e in seen)


def test_the_upgraders_table_is_the_upgrade_rule():
    """R5.2: ``cards.UPGRADERS`` (the engine's and the bots' lookup) names exactly the
    cards that upgrade each match, for every match of every two cards."""
    from split.engine.cards import MATCH_TYPES, UPGRADERS, upgrades

    for a in range(CARD_COUNT):
        for b in range(CARD_COUNT):
            if MATCH_TYPES[a][b] is None:
                assert UPGRADERS[a][b] == frozenset()
                continue
            assert UPGRADERS[a][b] == {c for c in range(CARD_COUNT) if upgrades(c, a, b)}


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_view_made_for_search_is_the_view_the_constructor_makes(players):
    """R10: ``PlayerView.of`` fills the frozen view's fields without its ``__init__`` (a
    search asks for one at every decision of its rollouts); it must be the same view,
    field by field, as the constructor makes from the state, and as frozen."""
    import dataclasses

    from split.engine.state import GameState
    from split.engine.view import PlayerView

    rng = random.Random(players)
    state = GameState.new(GameConfig(players, 0, 1234 + players)).scratch()
    for _ in range(300):
        if state.is_over:
            break
        for seat in range(players):
            view = PlayerView.of(state, seat)
            made = PlayerView(
                seat=seat,
                players=state.players,
                round=state.round,
                dealer=state.dealer,
                phase=state.phase,
                current=state.current,
                must_use=state.must_use,
                hand=tuple(sorted(state.hands[seat])),
                hand_sizes=tuple(len(h) for h in state.hands),
                matches=tuple(tuple(m) for m in state.matches),
                discard=tuple(state.discard),
                draw_pile=len(state.draw),
                rows=tuple(tuple(r) for r in state.rows),
                negatives=tuple(state.negatives),
                known=tuple(tuple(sorted(k)) for k in state.known),
                had_turn=tuple(state.had_turn),
                turn=state.turn,
            )
            assert view == made and hash(view) == hash(made)
            assert dataclasses.replace(view) == made  # every field is there
        state.play(rng.choice(state.legal_actions()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
