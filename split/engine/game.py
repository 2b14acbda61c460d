"""A game as its record: the config plus the actions played, with the state they lead to.

This is what is saved, resumed and replayed (DESIGN.md: a game is its seed plus
its list of actions).
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from . import events as ev
from .actions import DRAW, NEXT_ROUND, Action
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


class UndoError(ValueError):
    """An action that may not be taken back, with the reason in words."""


SECRET = re.compile(r"[0-9a-f]{32}")


def new_secret() -> str:
    """A game's secret: 128 random bits (``secrets``) as 32 hexadecimal digits."""
    return secrets.token_hex(16)


class Game:
    """A :class:`GameState` that remembers how it got here.

    Besides each action it keeps who made it in which turn (``movers``), which is what
    decides whether a move may be taken back (:meth:`undoable`). ``secret``
    (:func:`new_secret`, or None) keys its bots' seeds so that no seed says anything
    of the deal (:func:`split.bots.decision_seed`); it is kept in the record, so a
    replay asks the same bots the same questions.
    """

    def __init__(self, config: GameConfig, secret: str | None = None) -> None:
        self.config = config
        self.secret = secret
        self.state, opening = GameState.start(config)
        self._opening: tuple[ev.Event, ...] = tuple(opening)
        self.actions: list[Action] = []
        self.movers: list[tuple[int | None, int]] = []  # (seat, turn) of each action

    @property
    def opening_events(self) -> list[ev.Event]:
        """The events of the first deal (RoundStarted, then the first TurnStarted): what a
        table animates when it opens on a new game. A game rebuilt from its actions has
        the same ones, since its first deal is the same."""
        return list(self._opening)

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply a legal action and record it: its events, or :class:`IllegalAction`
        with the game untouched. The only way a game's state changes."""
        mover = (self.state.current, self.state.turn)
        events = self.state._apply(action)
        self.actions.append(action)
        self.movers.append(mover)
        return events

    def replay(self, count: int) -> GameState:
        """The state after the first ``count`` actions, rebuilt from the record."""
        state = GameState.new(self.config)
        for action in self.actions[:count]:
            state._apply(action)
        return state

    def pop(self) -> Action:
        """Take back the last action, whoever made it (the record's own primitive; the
        table uses :meth:`undo`, which keeps the rules)."""
        if not self.actions:
            raise UndoError("no action to take back")
        self.state = self.replay(len(self.actions) - 1)
        self.movers.pop()
        return self.actions.pop()

    def undoable(self, seat: int) -> int:
        """How many of the last actions ``seat`` may take back now: its own moves of the
        turn it is playing, back to the last card drawn from the pile (a draw, normal or
        bonus, showed a hidden card, so it and all before it stand)."""
        state = self.state
        if state.current != seat:
            return 0
        count = 0
        for action, mover in zip(reversed(self.actions), reversed(self.movers), strict=True):
            if mover != (seat, state.turn) or action.kind in (DRAW, NEXT_ROUND):
                break
            count += 1
        return count

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last move now (see :meth:`undoable`)."""
        return self.undoable(seat) > 0

    def undo(self, seat: int) -> Action:
        """Take back ``seat``'s last move, rebuilding the state from the record without
        it; :class:`UndoError` if the rules of :meth:`undoable` forbid it."""
        if not self.can_undo(seat):
            raise UndoError("only your own moves of this turn, since your last draw, can be undone")
        return self.pop()

    def events_since(self, count: int) -> list[ev.Event]:
        """The events of every action after the first ``count``, replayed through the
        engine (what a seat missed while its person was away)."""
        state = self.replay(count)
        events: list[ev.Event] = []
        for action in self.actions[count:]:
            events.extend(state._apply(action))
        return events

    def history(self) -> list[ev.Event]:
        """Every event of the game so far, in order: the first deal's, then each
        action's, replayed through the engine (what a table resumed from a save shows
        in its log)."""
        state, events = GameState.start(self.config)
        for action in self.actions:
            events.extend(state._apply(action))
        return events

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            **config_json(self.config),
            "actions": [str(a) for a in self.actions],
            **({"secret": self.secret} if self.secret is not None else {}),
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
        secret = obj.get("secret")
        if secret is not None and not (isinstance(secret, str) and SECRET.fullmatch(secret)):
            raise RecordError("its secret is not 32 hexadecimal digits")
        try:
            game = cls(parse_config(obj), secret)
            movers = [(game.state.current, game.state.turn)]

            def after(state: GameState) -> None:  # the mover of the next action
                movers.append((state.current, state.turn))

            game.actions = play_actions(game.state, parse_actions(obj), after)
            game.movers = movers[:-1]
        except (SetupError, ActionError) as err:
            raise RecordError(str(err)) from None
        return game
