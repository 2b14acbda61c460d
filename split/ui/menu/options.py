"""The values each setting offers on the Settings screen, and the words that show them.

The app's settings file accepts exactly these values, so it imports them from here.
"""

from __future__ import annotations

from typing import Any

from split import i18n
from split.i18n import _

from ..backs import BACK_NAMES
from ..courts import FACE_STYLES
from ..table.layout import UI_SCALES

SPEEDS = ("normal", "fast", "instant")
CARD_BACKS = BACK_NAMES  # blue, red, green, purple, black
CARD_FACES = FACE_STYLES  # illustrated, classic
SORT_ORDERS = ("rank", "suit")
LANGUAGE_CODES = ("auto", *i18n.LANGUAGES)  # "auto": the system's language
VOLUMES = tuple(i / 10 for i in range(11))

# Each setting the Settings screen steps through, in its order of values.
OPTIONS: dict[str, tuple[object, ...]] = {
    "speed": SPEEDS,
    "reduced_motion": (False, True),
    "volume": VOLUMES,
    "muted": (False, True),
    "fullscreen": (False, True),
    "card_back": CARD_BACKS,
    "card_faces": CARD_FACES,
    "four_colour": (False, True),
    "high_contrast": (False, True),
    "sort_order": SORT_ORDERS,
    "language": LANGUAGE_CODES,
    "ui_scale": UI_SCALES,
}


def kind_label(kind: str) -> str:
    """Who plays a seat, in words: "human" or a bot's strength."""
    return {
        "human": _("human"),
        "random": _("random"),
        "easy": _("easy"),
        "normal": _("normal"),
        "hard": _("hard"),
        "expert": _("expert"),
    }.get(kind, kind)


def value_label(key: str, value: Any) -> str:
    """A setting's value as its button shows it."""
    words = {
        "normal": _("normal"),
        "fast": _("fast"),
        "instant": _("instant"),
        "blue": _("blue"),
        "red": _("red"),
        "green": _("green"),
        "purple": _("purple"),
        "black": _("black"),
        "illustrated": _("illustrated"),
        "classic": _("classic"),
        "rank": _("by rank"),
        "suit": _("by suit"),
        "auto": _("as the system"),
    }
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if key == "volume":
        return f"{i18n.localize_digits(round(value * 100))} %"
    if key == "ui_scale":
        return f"{i18n.localize_digits(value)} %"
    if key == "language" and value in i18n.LANGUAGES:
        return i18n.LANGUAGES[value]
    return words.get(value, str(value))
