"""NOTATION.md in code: the state JSON, scenario files and game records.

A game record is a scenario with a format tag and a version: seats, first
dealer, seed, the given round setups and the actions played. Replaying it
rebuilds the game exactly, so it is how games are saved and resumed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .actions import Action, parse_action
from .cards import Card, card_str, match_type, parse_card
from .setup import ROUNDS, DeckSetup, GameConfig, LaidOut, Setup, SetupError
from .sheet import rows_dict
from .state import GameState, IllegalAction

RECORD_FORMAT = "split-game"
RECORD_VERSION = 1


def cards_json(cards: Iterable[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def _type_label(a: Card, b: Card) -> str:
    t = match_type(a, b)
    assert t is not None  # a match on the table: two cards of one rank
    return t.label


def state_json(state: GameState) -> dict[str, Any]:
    """The state object of NOTATION.md, field for field."""
    players = []
    for seat in range(state.players):
        players.append(
            {
                "hand": cards_json(sorted(state.hands[seat])),
                "matches": [
                    {"cards": cards_json(m), "type": _type_label(*m)} for m in state.matches[seat]
                ],
                "negatives": state.negatives[seat],
                "rows": rows_dict(state.rows[seat]),
                "score": state.score(seat),
            }
        )
    return {
        "round": state.round,
        "dealer": state.dealer,
        "phase": state.phase,
        "current": state.current,
        "must_use": None if state.must_use is None else card_str(state.must_use),
        "draw_pile": len(state.draw),
        "discard": cards_json(state.discard),
        "players": players,
        "legal": sorted(str(a) for a in state.legal_actions()),
    }


# ---------------------------------------------------------------- reading files


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise SetupError(f"{where} must be a list of cards")
    out = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise SetupError(f'{where}[{i}] must be a card like "7H", not {text!r}')
        try:
            out.append(parse_card(text))
        except ValueError as err:
            raise SetupError(f"{where}[{i}]: {err}") from None
    return tuple(out)


def _seat_lists(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SetupError(f"{where} must be a list with one entry per seat")
    return value


def parse_setup(obj: Any, where: str) -> Setup:
    """One round setup of a scenario: ``{"deck": [...]}`` or a laid-out position."""
    if not isinstance(obj, dict):
        raise SetupError(f"{where} must be an object with 'deck' or 'hands'")
    if "deck" in obj and "hands" in obj:
        raise SetupError(f"{where} has both 'deck' and 'hands'; give one")
    if "deck" in obj:
        return DeckSetup(_card_list(obj["deck"], f"{where}.deck"))
    if "hands" not in obj:
        raise SetupError(f"{where} needs 'deck' or 'hands'")
    hands = tuple(
        _card_list(h, f"{where}.hands[{s}]")
        for s, h in enumerate(_seat_lists(obj["hands"], f"{where}.hands"))
    )
    discard = _card_list(obj.get("discard", []), f"{where}.discard")
    draw = _card_list(obj.get("draw", []), f"{where}.draw")
    table = []
    for s, matches in enumerate(_seat_lists(obj.get("table", []), f"{where}.table")):
        if not isinstance(matches, list):
            raise SetupError(f"{where}.table[{s}] must be a list of matches")
        seat_matches = []
        for m, pair in enumerate(matches):
            cards = _card_list(pair, f"{where}.table[{s}][{m}]")
            if len(cards) != 2:
                raise SetupError(f"{where}.table[{s}][{m}] must hold exactly two cards")
            seat_matches.append((min(cards), max(cards)))
        table.append(tuple(seat_matches))
    return LaidOut(hands, discard, draw, tuple(table))


def setup_json(setup: Setup) -> dict[str, Any]:
    if isinstance(setup, DeckSetup):
        return {"deck": cards_json(setup.deck)}
    out: dict[str, Any] = {"hands": [cards_json(h) for h in setup.hands]}
    if setup.discard:
        out["discard"] = cards_json(setup.discard)
    if setup.draw:
        out["draw"] = cards_json(setup.draw)
    if setup.table:
        out["table"] = [[cards_json(m) for m in seat] for seat in setup.table]
    return out


def parse_config(obj: Any) -> GameConfig:
    """The game a scenario or record describes; :class:`SetupError` with the reason."""
    if not isinstance(obj, dict):
        raise SetupError("a scenario is a JSON object")
    if "players" not in obj:
        raise SetupError("'players' is required")
    players, dealer, seed = obj["players"], obj.get("dealer", 0), obj.get("seed", 0)
    if not _is_int(players):
        raise SetupError(f"'players' must be a whole number, not {players!r}")
    if not _is_int(dealer):
        raise SetupError(f"'dealer' must be a whole number, not {dealer!r}")
    if not _is_int(seed):
        raise SetupError(f"'seed' must be a whole number, not {seed!r}")
    rounds = obj.get("rounds", [])
    if not isinstance(rounds, list):
        raise SetupError("'rounds' must be a list of round setups")
    if len(rounds) > ROUNDS:
        raise SetupError(f"'rounds' holds at most {ROUNDS} setups, not {len(rounds)}")
    setups = tuple(parse_setup(r, f"rounds[{i}]") for i, r in enumerate(rounds))
    config = GameConfig(players, dealer, seed, setups)
    config.check()
    return config


def parse_actions(obj: Any) -> list[str]:
    if not isinstance(obj, dict) or "actions" not in obj:
        raise SetupError("'actions' is required")
    actions = obj["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SetupError("'actions' must be a list of action strings")
    return actions


def config_json(config: GameConfig) -> dict[str, Any]:
    out: dict[str, Any] = {"players": config.players, "dealer": config.dealer, "seed": config.seed}
    if config.setups:
        out["rounds"] = [setup_json(s) for s in config.setups]
    return out


class ActionError(ValueError):
    """An action of a list that could not be read or was not legal; ``index`` says which."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index


def play_actions(
    state: GameState,
    actions: list[str],
    on_state: Callable[[GameState], object] | None = None,
) -> list[Action]:
    """Apply notation lines in turn and return them parsed; :class:`ActionError` at the
    first bad one. ``on_state(state)`` is called after each."""
    applied: list[Action] = []
    for i, text in enumerate(actions):
        try:
            action = parse_action(text)
            state._apply(action)  # a replay builds a game's record or a scenario's state
        except (ValueError, IllegalAction) as err:
            raise ActionError(i, f"action {i} ({text!r}): {err}") from None
        applied.append(action)
        if on_state is not None:
            on_state(state)
    return applied
