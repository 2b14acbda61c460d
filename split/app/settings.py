"""The player's settings: what they are, their defaults, and how a file of them is trusted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from split.bots import BOT_NAMES
from split.i18n import N_, YOU, _
from split.ui.menu.options import (
    CARD_BACKS,
    CARD_FACES,
    LANGUAGE_CODES,
    SORT_ORDERS,
    SPEEDS,
    UI_SCALES,
)

from .storage import (
    SETTINGS_FILE,
    Invalid,
    Loaded,
    check_header,
    data_dir,
    read_json,
    write_json,
)

FORMAT, VERSION = "split-settings", 1
SEAT_KINDS = ("human", *BOT_NAMES)
MAX_NAME = 16


@dataclass(frozen=True)
class SeatChoice:
    """One seat of a new game: who plays it."""

    name: str
    kind: str  # "human" or a bot strength


def default_seats() -> tuple[SeatChoice, ...]:
    """You against three bots."""
    return (
        SeatChoice(YOU, "human"),
        SeatChoice("Ada", "normal"),
        SeatChoice("Bo", "normal"),
        SeatChoice("Cy", "normal"),
    )


@dataclass(frozen=True)
class Settings:
    """Everything the Settings screen changes; applied at once and kept."""

    language: str = "auto"
    speed: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    card_back: str = "blue"
    card_faces: str = "illustrated"
    four_colour: bool = False
    high_contrast: bool = False
    reduced_motion: bool = False  # cards fade in where they land instead of flying
    ui_scale: int = 100  # the table's words and what holds them, in per cent
    sort_order: str = "rank"
    seats: tuple[SeatChoice, ...] = field(default_factory=default_seats)
    tutorial_seen: bool = False  # the first start offers the tutorial, once

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["seats"] = [asdict(s) for s in self.seats]
        return {"format": FORMAT, "version": VERSION, **out}


# fields older files lack, with the value to assume
OPTIONAL = {
    "tutorial_seen": True,
    "card_faces": "illustrated",
    "four_colour": False,
    "high_contrast": False,
    "reduced_motion": False,
    "ui_scale": 100,
}


def _choice(obj: dict, key: str, allowed: tuple[str, ...]) -> str:
    value = obj[key]
    if value not in allowed:
        raise Invalid(
            N_("{key} is {value}, not one of {allowed}"),
            key=key,
            value=repr(value)[:40],
            allowed=", ".join(allowed),
        )
    return value


def _bool(obj: dict, key: str) -> bool:
    if not isinstance(obj[key], bool):
        raise Invalid(N_("{key} must be true or false"), key=key)
    return obj[key]


def parse_seat(obj: Any) -> SeatChoice:
    if not isinstance(obj, dict) or set(obj) != {"name", "kind"}:
        raise Invalid(N_("a seat must have exactly a name and a kind"))
    name = obj["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise Invalid(N_("a seat name must be 1 to {limit} characters"), limit=MAX_NAME)
    if not name.isprintable():
        raise Invalid(N_("a seat name must be printable"))
    return SeatChoice(name, _choice(obj, "kind", SEAT_KINDS))


def parse_seats(obj: Any) -> tuple[SeatChoice, ...]:
    if not isinstance(obj, list) or not 2 <= len(obj) <= 6:
        raise Invalid(N_("seats must be a list of 2 to 6 seats"))
    return tuple(parse_seat(s) for s in obj)


def _volume(obj: dict, key: str) -> float:
    volume = obj[key]
    if isinstance(volume, bool) or not isinstance(volume, int | float) or not 0 <= volume <= 1:
        raise Invalid(N_("volume must be a number from 0 to 1"))
    return float(volume)


def _scale(obj: dict, key: str) -> int:
    scale = obj[key]
    if type(scale) is not int or scale not in UI_SCALES:
        raise Invalid(
            N_("{key} must be one of {allowed}"),
            key=key,
            allowed=", ".join(str(s) for s in UI_SCALES),
        )
    return scale


FIELDS: dict[str, Callable[[dict, str], Any]] = {
    "language": lambda o, k: _choice(o, k, LANGUAGE_CODES),
    "speed": lambda o, k: _choice(o, k, SPEEDS),
    "volume": _volume,
    "muted": _bool,
    "fullscreen": _bool,
    "card_back": lambda o, k: _choice(o, k, CARD_BACKS),
    "card_faces": lambda o, k: _choice(o, k, CARD_FACES),
    "four_colour": _bool,
    "high_contrast": _bool,
    "reduced_motion": _bool,
    "ui_scale": _scale,
    "sort_order": lambda o, k: _choice(o, k, SORT_ORDERS),
    "seats": lambda o, k: parse_seats(o[k]),
    "tutorial_seen": _bool,
}
"""Each setting and how its value is checked (Invalid, or anything else, if it is off)."""


@dataclass(frozen=True)
class Parsed:
    """A settings file read field by field: the settings, and the fields that were off
    (they keep their defaults)."""

    settings: Settings
    reset: tuple[str, ...] = ()


def parse_settings(obj: Any) -> Parsed:
    """Validate a settings file field by field. A file that is not ours is
    :class:`Invalid`; in ours, a field that is missing or off costs only that field,
    which keeps its default (:attr:`Parsed.reset` names them)."""
    obj = check_header(obj, FORMAT, VERSION)
    # a file written before a field existed lacks it: it takes the value that file's
    # player had (they have seen the game already)
    obj = {**OPTIONAL, **obj}
    values: dict[str, Any] = {}
    reset = []
    for key, check in FIELDS.items():
        try:
            values[key] = check(obj, key)
        except Exception:  # noqa: BLE001 - a hostile value of any shape costs its field
            reset.append(key)
    return Parsed(Settings(**values), tuple(reset))


def settings_path() -> Path:
    return data_dir() / "settings.json"


def read_settings(
    path: Path | None = None, restore: bool = False
) -> tuple[Settings, Callable[[], str | None]]:
    """The saved settings (or the defaults) and a function that words, in the language
    current when it is called, what was not used: the language is only known once the
    settings are read. With ``restore``, a backup used in its place is put back."""
    loaded: Loaded[Parsed] = read_json(
        path or settings_path(), SETTINGS_FILE, parse_settings, restore
    )
    reset = loaded.value.reset if loaded.value is not None else ()

    def problem() -> str | None:
        said = [loaded.problem] if loaded.problem else []
        if reset:
            text = _("Some settings were not valid and are back to their defaults: {names}.")
            said.append(text.format(names=", ".join(reset)))
        return " ".join(said) or None

    return (loaded.value.settings if loaded.value else Settings()), problem


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults, and the sentence telling what was not used."""
    settings, problem = read_settings(path)
    return settings, problem()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_json(path or settings_path(), settings.to_json(), backup=True)
