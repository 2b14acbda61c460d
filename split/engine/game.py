"""A game as its record: the config plus the actions played, with the state they lead to.

This is what is saved, resumed and replayed (DESIGN.md: a game is its seed plus
its list of actions).
"""

from __future__ import annotations

from typing import Any

from . import events as ev
from .actions import Action
from .notation import (
    RECORD_FORMAT,
    RECORD_VERSION,
    ActionError,
    config_json,
    parse_actions,
    parse_config,
    play_actions,
)
from .setup import GameConfig, SetupError
from .state import GameState


class RecordError(ValueError):
    """A game record that cannot be trusted, with the reason in words."""


class Game:
    """A :class:`GameState` that remembers how it got here."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.state, opening = GameState.start(config)
        self._opening: tuple[ev.Event, ...] = tuple(opening)
        self.actions: list[Action] = []

    @property
    def opening_events(self) -> list[ev.Event]:
        """The events of the first deal (RoundStarted, then the first TurnStarted): what a
        table animates when it opens on a new game. A game rebuilt from its actions has
        the same ones, since its first deal is the same."""
        return list(self._opening)

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply a legal action (see :meth:`GameState.apply`) and record it."""
        events = self.state.apply(action)
        self.actions.append(action)
        return events

    def replay(self, count: int) -> GameState:
        """The state after the first ``count`` actions, rebuilt from the record."""
        state = GameState.new(self.config)
        for action in self.actions[:count]:
            state.apply(action)
        return state

    def undo(self) -> None:
        """Take back the last action."""
        if self.actions:
            self.state = self.replay(len(self.actions) - 1)
            self.actions.pop()

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            **config_json(self.config),
            "actions": [str(a) for a in self.actions],
        }

    @classmethod
    def from_json(cls, obj: Any) -> Game:
        """Rebuild a game from :meth:`to_json`; :class:`RecordError` if anything is off."""
        if not isinstance(obj, dict):
            raise RecordError("a game record is a JSON object")
        if obj.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a Split game record (format {obj.get('format')!r})")
        if obj.get("version") != RECORD_VERSION:
            raise RecordError(f"record version {obj.get('version')!r}, expected {RECORD_VERSION}")
        try:
            game = cls(parse_config(obj))
            game.actions = play_actions(game.state, parse_actions(obj))
        except (SetupError, ActionError) as err:
            raise RecordError(str(err)) from None
        return game
