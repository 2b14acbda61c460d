"""Small laid-out positions for the rules tests."""

from __future__ import annotations

from split.engine.actions import parse_action
from split.engine.notation import parse_config, state_json
from split.engine.state import GameState, Scratch


def position(hands, discard=(), draw=(), table=None, dealer=None, players=None, seed=0):
    """A game at the start of round 1 with the given laid-out cards (notation strings)."""
    n = players or len(hands)
    setup = {"hands": [list(h) for h in hands], "discard": list(discard), "draw": list(draw)}
    if table is not None:
        setup["table"] = [[list(m) for m in seat] for seat in table]
    # By default the dealer is the last seat, so seat 0 moves first (R2.4).
    obj = {"players": n, "dealer": n - 1 if dealer is None else dealer, "seed": seed}
    obj["rounds"] = [setup]
    return Scratch.new(parse_config(obj))


def play(state: Scratch, *lines: str) -> list:
    """Apply notation lines; return all events."""
    events = []
    for line in lines:
        events += state.play(parse_action(line))
    return events


def legal(state: Scratch) -> list[str]:
    return state_json(state)["legal"]


def seat_json(state: GameState, seat: int) -> dict:
    return state_json(state)["players"][seat]
