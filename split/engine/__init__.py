"""The rules of Split as a pure state machine: no pygame, no I/O but the scenario runner."""

from .actions import Action, parse_action
from .cards import MatchType, card_str, match_type, parse_card
from .game import Game, RecordError
from .setup import DeckSetup, LaidOut, SetupError
from .state import GameConfig, GameState, IllegalAction
from .view import PlayerView

__all__ = [
    "Action",
    "DeckSetup",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "LaidOut",
    "MatchType",
    "PlayerView",
    "RecordError",
    "SetupError",
    "card_str",
    "match_type",
    "parse_action",
    "parse_card",
]
