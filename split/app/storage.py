"""Versioned JSON files in the player's own directories, written atomically.

Every file the app keeps (settings, the autosave, statistics) goes through
:func:`write_json` (temporary file, flush, fsync, rename: a crash leaves the old
file or the new one, never half of one) and :func:`read_json`, which sets aside
anything it cannot trust instead of deleting it.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

T = TypeVar("T")

APP_NAME = "Split"
DATA_DIR_ENV = "SPLIT_DATA_DIR"  # tests and portable installs point the app elsewhere


class Invalid(ValueError):
    """A file's content failed validation; ``str()`` says what, in words."""


def data_dir() -> Path:
    """The folder for settings, saves and statistics (created on demand)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir(APP_NAME, appauthor=False, roaming=True))  # %APPDATA% on Windows
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_json(path: Path, obj: Any) -> None:
    """Write ``obj`` to ``path`` atomically: temp file, flush, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(obj, ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :func:`read_json` found: the value (or None) and, if a file was set aside,
    the sentence to tell the player."""

    value: T | None
    problem: str | None = None
    moved_to: Path | None = None


def set_aside(path: Path) -> Path:
    """Rename a file that cannot be trusted to ``NAME.broken-TIMESTAMP`` beside it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    os.replace(path, target)
    return target


def read_json(path: Path, what: str, validate: Callable[[Any], T]) -> Loaded[T]:
    """Read and validate ``path``. A missing file gives ``Loaded(None)``; a file that is
    unreadable, not JSON or fails ``validate`` (which raises :class:`Invalid`) is set
    aside and reported in one sentence."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Loaded(None)
    except OSError as err:
        return Loaded(None, f"Your {what} could not be read ({err.strerror}); starting fresh.")
    try:
        obj = json.loads(raw.decode("utf-8"))
        value = validate(obj)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        reason = "it is not a readable file"
    except Invalid as err:
        reason = str(err)
    else:
        return Loaded(value)
    try:
        moved = set_aside(path)
    except OSError:
        moved = None
    where = f" It was kept as {moved.name}." if moved else ""
    return Loaded(None, f"Your {what} was damaged ({reason}), so it was set aside.{where}", moved)


def check_header(obj: Any, fmt: str, version: int) -> dict[str, Any]:
    """The object's format tag and version must be exactly ours."""
    if not isinstance(obj, dict):
        raise Invalid("it is not a JSON object")
    if obj.get("format") != fmt:
        raise Invalid(f"it is not a {fmt} file")
    if obj.get("version") != version or isinstance(obj.get("version"), bool):
        raise Invalid(f"it is version {obj.get('version')!r}, this game reads version {version}")
    return obj
