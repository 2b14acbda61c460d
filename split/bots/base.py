"""The bot protocol and the factory that makes a bot by name.

A bot sees the game only through its seat's :class:`~split.engine.view.PlayerView`
(R10) and the list of legal actions, and returns one of those actions. Every bot
draws its randomness from its own seeded :class:`random.Random`, so the same seed,
view and legal list always give the same choice (``hard`` adds a wall-clock safety
cap that only matters on a starved machine; see :mod:`split.bots.hard`).

>>> from split.engine import GameConfig, GameState, PlayerView
>>> s = GameState.new(GameConfig(3, 0, 1))
>>> bot = make_bot("normal", seed=5)
>>> bot.choose(PlayerView.of(s, s.current), s.legal_actions()) in s.legal_actions()
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from split.engine.actions import Action
from split.engine.game import Game
from split.engine.setup import GameConfig
from split.engine.state import Scratch
from split.engine.view import PlayerView

from .inference import HandReader

BOT_NAMES: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")
# Bots that search (tens of milliseconds to a second a move): a table never lets them
# think on its drawing thread, even at the "instant" speed.
SEARCHING_BOTS = frozenset({"hard", "expert"})


@runtime_checkable
class Bot(Protocol):
    """A strategy: ``choose`` returns one of ``legal`` for the seat the view belongs to."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


@runtime_checkable
class Reading(Protocol):
    """A bot that reads the other hands from what it watched (the expert)."""

    reader: HandReader


class RandomBot:
    """Uniformly random among the legal actions. It never reads the view, so the
    tournament may pass ``None`` for it (``needs_view`` is False) to save time."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return legal[int(self.rng.random() * len(legal))]


SEED_KEY = b"split-desktop/bot-seeds/1"  # keys the hash of a game that has no secret


def decision_seed(game_seed: int, seat: int, move: int, secret: str | None = None) -> int:
    """The seed of the bot that makes move number ``move`` (actions played so far) for
    ``seat``: a resumed or replayed game asks each bot again with the same seed, so it
    makes the same choice.

    A game with a ``secret`` (:func:`split.engine.game.new_secret`, kept in its record)
    keys a BLAKE2b hash of the seat and move with it: the deal seed is no input, and
    without the secret's 128 bits no seed can be traced back to anything. A game
    without one (an old save, a game started from a chosen seed) keeps the old key, a
    hash of the deal seed keyed by ``SEED_KEY`` (issue 17: no formula of the deal).

    >>> decision_seed(7, 1, 20) == decision_seed(7, 1, 20)
    True
    >>> decision_seed(7, 1, 20, "00" * 16) == decision_seed(8, 1, 20, "00" * 16)
    True
    """
    if secret is None:
        text, key = f"{game_seed}:{seat}:{move}".encode(), SEED_KEY
    else:
        text, key = f"{seat}:{move}".encode(), bytes.fromhex(secret)
    digest = hashlib.blake2b(text, key=key, digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


def game_decision_seed(game: Game, seat: int) -> int:
    """The seed of ``seat``'s bot for the game's next move (see :func:`decision_seed`)."""
    return decision_seed(game.config.seed, seat, len(game.actions), game.secret)


def make_bot(name: str, seed: int = 0, **options: Any) -> Bot:
    """The bot called ``name`` (random, easy, normal, hard, expert), seeded with ``seed``.

    ``options`` go to the bot's constructor (``hard`` takes ``playouts`` and
    ``max_ms``); ValueError for an unknown name.
    """
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "easy":
        from .easy import EasyBot

        return EasyBot(seed, **options)
    if key == "normal":
        from .normal import NormalBot

        return NormalBot(seed, **options)
    if key == "hard":
        from .hard import HardBot

        return HardBot(seed, **options)
    if key == "expert":
        from .expert import ExpertBot

        return ExpertBot(seed, **options)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")


class SeatedBots:
    """The bots of one table. Each decision's bot is made afresh from its seed, and what
    a seat has read of the other hands (the expert's ``reader``, R10) is rebuilt from
    the game's record: a replica of the game follows the record, and every seat's
    reader watches each of that seat's moves in it, forced ones included, as the seat
    saw them. So a reader misses no turn (the app and the simulator do not ask a bot
    about a forced move), a resumed game reads what the uninterrupted one read, and a
    choice dropped because the position moved on leaves nothing behind."""

    def __init__(self, options: dict[str, dict[str, Any]] | None = None) -> None:
        self._options = options or {}  # by bot name: its constructor's options
        self._replica: Scratch | None = None
        self._config: GameConfig | None = None
        self._played: list[Action] = []  # the record the replica has played
        self._readers: list[HandReader] = []  # by seat

    def bot(self, game: Game, name: str) -> Bot:
        """The bot called ``name`` for the game's next move (its seat is the one to act),
        seeded by :func:`game_decision_seed`, with its seat's reading so far."""
        seat = game.state.current
        if seat is None:
            raise ValueError("no seat is to act")
        bot = make_bot(name, game_decision_seed(game, seat), **self._options.get(name, {}))
        if isinstance(bot, Reading):
            bot.reader = self._follow(game)[seat].copy()
        return bot

    def _follow(self, game: Game) -> list[HandReader]:
        """Every seat's reader, caught up with ``game``'s record."""
        actions = game.actions
        played = self._played
        if (
            self._replica is None
            or self._config != game.config
            or len(actions) < len(played)
            or actions[: len(played)] != played
        ):  # a new game, or moves taken back: read it again from its start
            self._replica = Scratch.new(game.config)
            self._config = game.config
            self._readers = [HandReader() for _ in range(game.config.players)]
            played.clear()
        state = self._replica
        for action in actions[len(played) :]:
            seat = state.current
            if seat is not None:
                view = PlayerView.of(state, seat)
                self._readers[seat].observe(view)
                self._readers[seat].record(view, action)
            state.play(action)
            played.append(action)
        return self._readers

    def reader(self, seat: int) -> HandReader | None:
        """What ``seat`` has read of the other hands up to the last bot made (None:
        no bot made yet)."""
        return self._readers[seat] if seat < len(self._readers) else None
