"""The rules of Split as a pure state machine: no pygame, no I/O but the scenario runner."""

from .actions import Action, ActionKind, parse_action
from .cards import MatchType, card_str, match_type, parse_card
from .game import Game, RecordError, UndoError
from .setup import DeckSetup, GameConfig, LaidOut, SetupError
from .state import GameState, IllegalAction, Phase, Scratch
from .view import PlayerView

__all__ = [
    "Action",
    "ActionKind",
    "DeckSetup",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "LaidOut",
    "MatchType",
    "Phase",
    "PlayerView",
    "RecordError",
    "Scratch",
    "SetupError",
    "UndoError",
    "card_str",
    "match_type",
    "parse_action",
    "parse_card",
]
