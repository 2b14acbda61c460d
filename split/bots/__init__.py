"""Strategies for Split's computer players; they see the game only through a view (R10)."""

from .base import (
    BOT_NAMES,
    SEARCHING_BOTS,
    Bot,
    RandomBot,
    SeatedBots,
    decision_seed,
    make_bot,
)

__all__ = [
    "BOT_NAMES",
    "SEARCHING_BOTS",
    "Bot",
    "RandomBot",
    "SeatedBots",
    "decision_seed",
    "make_bot",
]
