"""What the table reads from the player's settings, and the animation speeds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

SPEEDS = {"normal": (0.3, 0.6, 0.04), "fast": (0.15, 0.25, 0.015), "instant": (0.0, 0.0, 0.0)}
"""speed -> (seconds a card flies, seconds a bot waits before acting, deal stagger)."""
SWITCHES = ("four_colour", "high_contrast", "reduced_motion")
"""The table's settings that are on or off."""


class Settings(Protocol):
    """The player's settings as the table reads them (at every use, so a changed
    setting applies at once) and changes them (its Speed and Sort buttons)."""

    @property
    def speed(self) -> str: ...  # normal, fast or instant
    @property
    def sort_order(self) -> str: ...  # rank or suit
    @property
    def card_back(self) -> str: ...  # one of split.ui.backs.BACK_NAMES
    @property
    def card_faces(self) -> str: ...  # illustrated or classic
    @property
    def four_colour(self) -> bool: ...  # one ink per suit
    @property
    def high_contrast(self) -> bool: ...
    @property
    def reduced_motion(self) -> bool: ...  # what would fly fades in where it lands
    @property
    def ui_scale(self) -> int: ...  # the words and what holds them, in per cent (UI_SCALES)
    def change(self, **changes: str) -> None: ...


@dataclass
class TableSettings:
    """The table's own settings, when the app passes none."""

    speed: str = "normal"
    sort_order: str = "rank"
    card_back: str = "blue"
    card_faces: str = "illustrated"
    four_colour: bool = False
    high_contrast: bool = False
    reduced_motion: bool = False
    ui_scale: int = 100

    def change(self, **changes: str) -> None:
        """Change the named settings (speed, sort_order, card_back, card_faces; the
        switches four_colour, high_contrast and reduced_motion take "on" or "off")."""
        for name, value in changes.items():
            if name == "speed":
                self.speed = value
            elif name == "sort_order":
                self.sort_order = value
            elif name == "card_back":
                self.card_back = value
            elif name == "card_faces":
                self.card_faces = value
            elif name in SWITCHES and value in ("on", "off"):
                setattr(self, name, value == "on")
            else:
                raise ValueError(f"no table setting {name!r}")


def speeds_of(settings: Settings) -> tuple[float, float, float]:
    """(flight seconds, bot pause seconds, deal stagger seconds) for the chosen speed."""
    return SPEEDS.get(settings.speed, SPEEDS["normal"])


def following_speed(settings: Settings) -> str:
    """The speed after the current one, for the Speed button (round and round)."""
    order = list(SPEEDS)
    cur = settings.speed
    return order[(order.index(cur) + 1) % len(order)] if cur in order else "normal"
