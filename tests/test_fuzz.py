"""Random games for 2-6 players, with the invariants checked after every action."""

from __future__ import annotations

import random

import pytest

from split.engine.actions import Action
from split.engine.cards import CARD_COUNT
from split.engine.notation import state_json
from split.engine.setup import GameConfig
from split.engine.state import GameState, IllegalAction, Scratch

EVERY_CARD_TWICE = [2] * CARD_COUNT
PLAY_PHASES = {"start", "play", "perfect-bonus", "strong-bonus", "weak-bonus"}


def all_cards(s: GameState) -> list[int]:
    counts = [0] * CARD_COUNT
    for pile in (s.draw, s.discard, *s.hands):
        for card in pile:
            counts[card] += 1
    for owned in s.matches:
        for a, b in owned:
            counts[a] += 1
            counts[b] += 1
    return counts


def check_invariants(s: GameState) -> None:
    # R1.1: every card exactly twice across pile, row, hands and table.
    assert all_cards(s) == EVERY_CARD_TWICE
    if s.phase in PLAY_PHASES:
        assert s.current is not None and 0 <= s.current < s.players
        assert s.draw, "a live round always has a draw pile (R8.1)"
        assert s.had_turn[s.current]
        if s.phase != "start":
            assert s.hands[s.current], "R5.4: the player to act keeps a card"
        if s.must_use is not None:
            assert s.phase == "play" and s.must_use in s.hands[s.current]
    else:
        assert s.current is None
        assert s.phase in ("round-over", "game-over")
    for owned in s.matches:
        for a, b in owned:
            assert a >> 2 == b >> 2 and a <= b  # R3.1, canonical order
    assert len(set(s.legal_actions())) == len(s.legal_actions())
    assert (s.phase == "game-over") == (s.legal_actions() == [])


def random_illegal(rng: random.Random, s: GameState) -> Action:
    return rng.choice(
        [
            Action.draw(),
            Action.pass_(),
            Action.next_round(),
            Action.take(rng.randrange(8)),
            Action.match(rng.randrange(52), rng.randrange(52)),
            Action.upgrade(rng.randrange(52), rng.randrange(7), rng.randrange(4)),
            Action.discard(rng.randrange(52)),
            Action.penalize(rng.randrange(7)),
            Action.trade(rng.randrange(4), rng.randrange(7), rng.randrange(4)),
        ]
    )


def play_random_game(players: int, seed: int, probe: bool) -> int:
    rng = random.Random(seed)
    s = Scratch.new(GameConfig(players, rng.randrange(players), seed))
    check_invariants(s)
    steps = 0
    rounds_ended = 0
    while not s.is_over:
        legal = s.legal_actions()
        if probe:
            bad = random_illegal(rng, s)
            if bad not in legal:
                before = state_json(s)
                with pytest.raises(IllegalAction):
                    s.play(bad)
                assert state_json(s) == before
        if probe and rng.random() < 0.2:
            # every legal action applies, on a copy
            for action in legal:
                s.clone().play(action)
        events = s.play(rng.choice(legal))
        rounds_ended += sum(1 for e in events if type(e).__name__ == "RoundScored")
        check_invariants(s)
        steps += 1
        assert steps < 20000, "a round must end"
    assert rounds_ended == 3
    return steps


# The larger tables' probes and the 2000 games below are long runs: `-m "not slow"` keeps
# the probes at 2 players.
LARGER_SLOW = [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4, 5, 6))]


@pytest.mark.parametrize("players", LARGER_SLOW)
def test_fuzz_random_games_with_probes(players):
    for seed in range(20 if players == 2 else 40):  # the quick side's 2 players: 20 games
        play_random_game(players, seed * 7 + players, probe=True)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_fuzz_many_random_games(players):
    for seed in range(400):
        play_random_game(players, 10_000 + seed, probe=False)


def test_same_seed_same_game():
    def run(seed):
        rng = random.Random(seed)
        s = Scratch.new(GameConfig(4, 2, seed))
        out = []
        while not s.is_over:
            a = rng.choice(s.legal_actions())
            out.append(str(a))
            s.play(a)
        return out, state_json(s)

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_clone_is_independent():
    s = Scratch.new(GameConfig(3, 0, 1))
    c = s.clone()
    c.play(c.legal_actions()[0])
    assert state_json(s) != state_json(c)
    assert state_json(s)["phase"] == "start"
