"""Versioned JSON files in the player's own directories, written like a database writes.

Every file the app keeps (settings, the autosave, statistics) goes through
:func:`write_json` (temporary file, flush, fsync, rename, fsync of the folder: a crash
leaves the old file or the new one, never half of one; with ``backup`` the previous
good file is kept as ``NAME.bak``) and :func:`read_json`, which reads at most
:data:`MAX_FILE_BYTES`, rejects numbers no game produces, and sets aside anything it
cannot trust instead of deleting it (falling back on the ``.bak`` copy).

One instance of the game owns a data folder at a time (:func:`lock_data_dir`); the
statistics, which ``split autoplay`` may also write, are changed under a lock of
their own (:func:`file_lock`) as a read-merge-write.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Generic, TypeVar

from split.i18n import N_, _

T = TypeVar("T")

APP_NAME = "Split"
DATA_DIR_ENV = "SPLIT_DATA_DIR"  # tests and portable installs point the app elsewhere
MAX_FILE_BYTES = 1 << 20  # a finished game's autosave is ~40 kB, statistics ~60 kB
MAX_INT_DIGITS = 12  # no count or score of a game comes near 10^12
TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".bak"

SETTINGS_FILE = N_("settings file")
SAVED_GAME = N_("saved game")
STATISTICS_FILE = N_("statistics file")


class Invalid(ValueError):
    """A file's content failed validation; ``str()`` says what, in words."""


def data_dir_path() -> Path:
    """Where the folder for settings, saves and statistics is (it may not exist)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False, roaming=True))  # %APPDATA% on Windows


def data_dir() -> Path:
    """The folder for settings, saves and statistics (created on demand; OSError if it
    cannot be)."""
    path = data_dir_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir_problem() -> str | None:
    """None if the data folder can be made and written; else why not, in words."""
    try:
        path = data_dir()
        fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=TEMP_SUFFIX, dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as err:
        where = data_dir_path()
        return _(
            "Your data folder {path} cannot be used ({why}): the game runs with its "
            "default settings and saves nothing."
        ).format(path=where, why=err.strerror or err)
    return None


# ---------------------------------------------------------------------- writing


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows has no directory handles)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_json(path: Path, obj: Any, backup: bool = False) -> None:
    """Write ``obj`` to ``path`` atomically: temp file, flush, fsync, rename, fsync of
    the folder. With ``backup``, the file it replaces is kept as ``NAME.bak``.
    Raises OSError (disk full, read-only, ...) with the old file untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(obj, ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if backup and path.is_file():
            _keep_backup(path)
        os.replace(tmp, path)  # the one moment ``path`` changes: it is never missing
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    with contextlib.suppress(OSError):
        _fsync_dir(path.parent)


def _keep_backup(path: Path) -> None:
    """``path``'s contents as ``NAME.bak``, ``path`` left in place (a hard link, or a
    copy where the file system has none): a reader, or a restart after a kill, never
    finds the file gone between the backup and the new file. A backup is a bonus,
    never a failure."""
    bak = path.with_name(path.name + BACKUP_SUFFIX)
    with contextlib.suppress(OSError):
        bak.unlink(missing_ok=True)
        try:
            os.link(path, bak)
        except OSError:
            shutil.copyfile(path, bak)


def sweep_temp_files(folder: Path) -> int:
    """Remove the temporary files a killed write left behind; how many."""
    gone = 0
    with contextlib.suppress(OSError):
        for p in folder.glob("*.json.*" + TEMP_SUFFIX):
            with contextlib.suppress(OSError):
                p.unlink()
                gone += 1
    return gone


# ---------------------------------------------------------------------- reading


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise Invalid("it holds a number far larger than any game has")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Invalid("it holds a number that is not finite")
    return value


def _constant(name: str) -> Any:
    raise Invalid(f"it holds {name}, which is not a number")


def loads(raw: bytes) -> Any:
    """JSON from bytes with bounded numbers: no NaN or Infinity, no integer longer than
    :data:`MAX_INT_DIGITS` digits (:class:`Invalid` otherwise)."""
    return json.loads(
        raw.decode("utf-8"), parse_int=_int, parse_float=_float, parse_constant=_constant
    )


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :func:`read_json` found: the value (or None) and what happened to a file
    that could not be trusted; :attr:`problem` words it in the current language."""

    value: T | None
    what: str = ""  # the kind of file (a catalog message), when something went wrong
    reason: str = ""  # why it was rejected, or why it could not be read
    moved_to: Path | None = None  # where it was set aside (None: it could not be)
    unreadable: bool = False  # the file could not be read at all
    from_backup: bool = False  # the value is the previous copy's

    @property
    def problem(self) -> str | None:
        """The sentence to tell the player, or None if all went well."""
        if not self.what:
            return None
        what = _(self.what)
        if self.unreadable:
            text = _("Your {what} could not be read ({why}); the game goes on without it.")
            return text.format(what=what, why=self.reason)
        if self.moved_to is not None:
            text = _("Your {what} was damaged ({reason}), so it was set aside as {name}.")
            text = text.format(what=what, reason=self.reason, name=self.moved_to.name)
        else:
            text = _(
                "Your {what} was damaged ({reason}) and could not be set aside; it is ignored."
            ).format(what=what, reason=self.reason)
        if self.from_backup:
            text += " " + _("Its previous copy was used instead.")
        return text


def _read_bounded(path: Path) -> bytes:
    """The bytes of a regular file, at most :data:`MAX_FILE_BYTES` (Invalid beyond)."""
    if not stat.S_ISREG(path.stat().st_mode):  # FileNotFoundError if it is not there
        raise IsADirectoryError(21, "it is not a regular file", str(path))
    with path.open("rb") as f:
        raw = f.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise Invalid("it is far larger than any file of the game")
    return raw


def _check(raw: bytes, validate: Callable[[Any], T]) -> T:
    """Parse and validate, turning every failure into :class:`Invalid`."""
    try:
        return validate(loads(raw))
    except Invalid:
        raise
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Invalid("it is not a readable file") from None
    except Exception as err:  # noqa: BLE001 - any surprise in a hostile file is a bad file
        raise Invalid(f"it holds values a game cannot have ({type(err).__name__})") from None


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
    """Read and validate ``path`` (``what``: the kind of file, a catalog message).

    A missing file gives ``Loaded(None)``. A file that cannot be read is reported and
    left alone. A file that is too large, not JSON, holds numbers no game has, or fails
    ``validate`` (any exception) is set aside and reported; if ``NAME.bak`` exists and
    passes, its value is used instead."""
    try:
        raw = _read_bounded(path)
        return Loaded(_check(raw, validate))
    except FileNotFoundError:
        return Loaded(None)
    except Invalid as err:
        reason = str(err)
    except OSError as err:
        return Loaded(None, what, str(err.strerror or err), unreadable=True)
    try:
        moved: Path | None = set_aside(path)
    except OSError:
        moved = None
    value = None
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    with contextlib.suppress(OSError, Invalid):
        value = _check(_read_bounded(backup), validate)
    return Loaded(value, what, reason, moved, from_backup=value is not None)


def check_header(obj: Any, fmt: str, version: int) -> dict[str, Any]:
    """The object's format tag and version must be exactly ours."""
    if not isinstance(obj, dict):
        raise Invalid("it is not a JSON object")
    if obj.get("format") != fmt:
        raise Invalid(f"it is not a {fmt} file")
    if obj.get("version") != version or isinstance(obj.get("version"), bool):
        raise Invalid(f"it is version {obj.get('version')!r}, this game reads version {version}")
    return obj


def bounded_text(obj: dict, key: str, limit: int) -> str:
    """A string field of at most ``limit`` printable characters."""
    value = obj.get(key)
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise Invalid(f"{key} must be text of at most {limit} characters")
    return value


def bounded_int(obj: dict, key: str, low: int, high: int) -> int:
    """A whole-number field from ``low`` to ``high``."""
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(f"{key} must be a whole number from {low} to {high}")
    return value


# ---------------------------------------------------------------------- locks


def _try_lock(f: IO[bytes]) -> bool:
    """Lock the open file ``f`` for this process without waiting; False if another
    process holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(f: IO[bytes]) -> None:
    with contextlib.suppress(OSError):
        if sys.platform == "win32":
            import msvcrt

            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


_HELD: dict[Path, IO[bytes]] = {}  # the data folders this process owns


def lock_data_dir(folder: Path | None = None) -> bool:
    """Own the data folder for as long as this process runs: True if this process now
    owns it (or already did), False if another running game does. The lock goes with
    the process, however it ends."""
    folder = folder or data_dir()
    path = folder / "split.lock"
    if path in _HELD:
        return True
    f = path.open("a+b")
    if not _try_lock(f):
        f.close()
        return False
    _HELD[path] = f
    return True


def release_data_dir(folder: Path | None = None) -> None:
    """Give the data folder up (tests; a process's end does it anyway)."""
    path = (folder or data_dir()) / "split.lock"
    f = _HELD.pop(path, None)
    if f is not None:
        _unlock(f)
        f.close()


@contextlib.contextmanager
def file_lock(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold ``path`` (a lock file) while the block runs, waiting up to ``timeout``
    seconds for another process to let it go (OSError after that)."""
    f = path.open("a+b")
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(f):
            if time.monotonic() > deadline:
                raise TimeoutError(11, "another process holds the lock", str(path))
            time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(f)
    finally:
        f.close()
