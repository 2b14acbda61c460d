"""A game being played: its seats, its record, its bots, and its autosave after every action.

The table drives a :class:`Session`; so do the headless self-test and the crash
tests. Bots are seeded from the game's secret (or, for a game started from a chosen
seed, its seed), the seat and the move number, and read the other hands from the
record, so a resumed game goes on exactly as it would have without the interruption.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from split.bots import SeatedBots
from split.engine import Action, Game, GameConfig, PlayerView, RecordError
from split.engine import events as ev
from split.engine.game import new_secret
from split.i18n import N_

from .settings import SeatChoice, parse_seats
from .storage import (
    SAVED_GAME,
    Invalid,
    Loaded,
    check_header,
    data_dir,
    read_json,
    remove_with_backups,
    write_json,
)

FORMAT, VERSION = "split-save", 1


def save_path() -> Path:
    return data_dir() / "autosave.json"


@dataclass
class Session:
    """One game at the table. ``path`` None means nothing is saved (tests, benches)."""

    seats: tuple[SeatChoice, ...]
    game: Game
    path: Path | None = None
    game_id: str = ""
    hosted: bool = False  # played over the network: Continue hosts it again
    _bots: SeatedBots = field(default_factory=SeatedBots, repr=False, compare=False)

    @classmethod
    def new(
        cls,
        seats: tuple[SeatChoice, ...],
        seed: int | None = None,
        dealer: int | None = None,
        path: Path | None = None,
    ) -> Session:
        """A new game; the seed and (R2.2) the first dealer are drawn when not given. A
        drawn game also draws the secret its bots' seeds are keyed by; a game from a
        chosen seed has none, so the seed alone replays it, bots included."""
        secret = None
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
            secret = new_secret()
        if dealer is None:
            dealer = random.Random(f"dealer:{seed}").randrange(len(seats))
        game = Game(GameConfig(len(seats), dealer, seed), secret)
        session = cls(tuple(seats), game, path, f"{seed}-{int(time.time() * 1000)}")
        session.save()
        return session

    @property
    def state(self):
        return self.game.state

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def is_bot_turn(self) -> bool:
        """Whether the next action is a bot's to choose (or, with no humans, next-round)."""
        s = self.game.state
        if s.is_over:
            return False
        if s.current is None:
            return not self.humans()
        return self.seats[s.current].kind != "human"

    def bot_action(self) -> Action:
        """The bot's choice for the player to act (seeded by game, seat and move number)."""
        s = self.game.state
        legal = s.legal_actions()
        if s.current is None or len(legal) == 1:
            return legal[0]
        bot = self._bots.bot(self.game, self.seats[s.current].kind)
        return bot.choose(PlayerView.of(s, s.current), legal)

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply through the engine (IllegalAction leaves all as it was), then autosave."""
        events = self.game.apply(action)
        self.save()
        return events

    def save(self) -> None:
        if self.path is not None:
            write_json(self.path, self.to_json(), backup=True)

    def discard_save(self) -> None:
        """The game is over: its autosave and the backup of it go."""
        if self.path is not None:
            remove_with_backups(self.path)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game_id": self.game_id,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "game": self.game.to_json(),
            **({"hosted": True} if self.hosted else {}),
        }


def parse_save(obj: Any, path: Path | None = None) -> Session:
    """Validate an autosave field by field and replay its game; :class:`Invalid` if off."""
    obj = check_header(obj, FORMAT, VERSION)
    game_id = obj.get("game_id")
    if not isinstance(game_id, str) or len(game_id) > 64:
        raise Invalid(N_("its game id is missing"))
    seats = parse_seats(obj.get("seats"))
    try:
        game = Game.from_json(obj.get("game"))
    except RecordError as err:
        raise Invalid(N_("its game does not replay: {why}"), why=str(err)[:200]) from None
    if game.config.players != len(seats):
        raise Invalid(N_("its seats and its game disagree"))
    hosted = obj.get("hosted", False)
    if not isinstance(hosted, bool):
        raise Invalid(N_("its network flag is not true or false"))
    return Session(seats, game, path, game_id, hosted=hosted)


def load_session(path: Path | None = None, restore: bool = False) -> Loaded[Session]:
    """The autosaved game, if there is one that can be trusted (with ``restore``, a
    backup used in its place is put back on disk)."""
    where = path or save_path()
    return read_json(where, SAVED_GAME, lambda obj: parse_save(obj, where), restore)
