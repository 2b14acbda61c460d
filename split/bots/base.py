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
from split.engine.view import PlayerView

BOT_NAMES: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")
# Bots that search (tens of milliseconds to a second a move): a table never lets them
# think on its drawing thread, even at the "instant" speed.
SEARCHING_BOTS = frozenset({"hard", "expert"})


@runtime_checkable
class Bot(Protocol):
    """A strategy: ``choose`` returns one of ``legal`` for the seat the view belongs to."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


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


SEED_KEY = b"split-desktop/bot-seeds/1"  # keys the hash: seeds are not a formula of the deal


def decision_seed(game_seed: int, seat: int, move: int) -> int:
    """The seed of the bot that makes move number ``move`` (actions played so far) for
    ``seat`` in the game seeded ``game_seed``: a resumed or replayed game asks each bot
    again with the same seed, so it makes the same choice. The seed is a keyed BLAKE2b
    hash, so a bot that looked at its own seed learns nothing it could turn back into
    the deal (issue 17: ``deal_seed * 7919 + slot`` could be inverted at once).

    >>> decision_seed(7, 1, 20) == decision_seed(7, 1, 20)
    True
    """
    text = f"{game_seed}:{seat}:{move}".encode()
    digest = hashlib.blake2b(text, key=SEED_KEY, digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


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
    """The bots of one table. Each decision's bot is made afresh from its seed (a resumed
    game asks again with the same seed, and gets the same choice), but what a seat has
    read of the other hands from their moves (the expert's ``reader``, R10) stays with
    the seat: a bot made afresh would have watched nothing."""

    def __init__(self) -> None:
        self._readers: dict[tuple[int, str], object] = {}  # (seat, bot name): its reader

    def make(self, name: str, seed: int, seat: int) -> Bot:
        bot = make_bot(name, seed)
        if hasattr(bot, "reader"):
            bot.reader = self._readers.setdefault((seat, name), bot.reader)
        return bot

    def reader(self, seat: int, name: str) -> object | None:
        """What ``seat``'s bot called ``name`` has read so far (None: nothing yet)."""
        return self._readers.get((seat, name))
