"""What the table reads from the player's settings, and the animation speeds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SPEEDS = {"normal": (0.3, 0.6, 0.04), "fast": (0.15, 0.25, 0.015), "instant": (0.0, 0.0, 0.0)}
"""speed -> (seconds a card flies, seconds a bot waits before acting, deal stagger)."""


@dataclass
class TableSettings:
    """What the table reads from the player's settings (the app passes its own)."""

    speed: str = "normal"
    sort_order: str = "rank"
    card_back: str = "blue"


def read(settings: Any) -> TableSettings:
    """The three values the table uses, from any settings-like object (read at every use,
    so a changed setting applies at once)."""
    return TableSettings(
        getattr(settings, "speed", "normal"),
        getattr(settings, "sort_order", "rank"),
        getattr(settings, "card_back", "blue"),
    )


def speeds_of(settings: Any) -> tuple[float, float, float]:
    """(flight seconds, bot pause seconds, deal stagger seconds) for the chosen speed."""
    return SPEEDS.get(getattr(settings, "speed", "normal"), SPEEDS["normal"])


def following_speed(settings: Any) -> str:
    """The speed after the current one, for the Speed button (round and round)."""
    order = list(SPEEDS)
    cur = getattr(settings, "speed", "normal")
    return order[(order.index(cur) + 1) % len(order)] if cur in order else "normal"


def changed(settings: Any, **changes: str) -> Any:
    """``settings`` with ``changes`` made: in place when it allows, else a local copy
    (a frozen settings object still lets the player toggle for this table)."""
    try:
        for name, value in changes.items():
            setattr(settings, name, value)
        return settings
    except (AttributeError, TypeError):
        current = read(settings)
        for name, value in changes.items():
            setattr(current, name, value)
        return current
