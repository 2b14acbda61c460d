"""Versioned JSON files in the player's own directories, written like a database writes.

Every file the app keeps (settings, the autosave, statistics) goes through
:func:`write_json` (temporary file, flush, fsync, rename, fsync of the folder: a crash
leaves the old file or the new one, never half of one; with ``backup`` the last
:data:`GENERATIONS` good files are kept as ``NAME.bak``, ``NAME.bak2``, ``NAME.bak3``)
and :func:`read_json`, which reads at most :data:`MAX_FILE_BYTES`, checks the
checksum the game wrote in the file's header, rejects numbers no game produces, and
sets aside anything it cannot trust instead of deleting it (falling back on the
newest backup that passes, and, when asked, putting that copy back in place).

One instance of the game owns a data folder at a time (:func:`lock_data_dir`); the
statistics, which ``split autoplay`` may also write, are changed under a lock of
their own (:func:`file_lock`) as a read-merge-write.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from split.i18n import N_, _

T = TypeVar("T")

APP_NAME = "Split"
DATA_DIR_ENV = "SPLIT_DATA_DIR"  # tests and portable installs point the app elsewhere
MAX_FILE_BYTES = 1 << 20  # a finished game's autosave is ~40 kB, statistics ~60 kB
MAX_INT_DIGITS = 12  # no count or score of a game comes near 10^12
TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".bak"
GENERATIONS = 3  # the last three good copies: NAME.bak (newest), NAME.bak2, NAME.bak3
CHECKSUM = "checksum"  # the header field holding the sha256 of the rest of the file

SETTINGS_FILE = N_("settings file")
SAVED_GAME = N_("saved game")
STATISTICS_FILE = N_("statistics file")

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)


class Invalid(ValueError):
    """A file's content failed validation; ``str()`` says what in English, :attr:`words`
    in the current language (``reason`` is a catalog message, ``fields`` fill it)."""

    def __init__(self, reason: str, **fields: Any) -> None:
        self.reason, self.fields = reason, fields
        super().__init__(reason.format(**fields) if fields else reason)

    @property
    def words(self) -> str:
        return _(self.reason).format(**self.fields) if self.fields else _(self.reason)


class Newer(Invalid):
    """The file was written by a newer version of the game (its version is above ours)."""


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


# The reasons the system gives most often, worded in the player's language.
OS_REASONS = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOTDIR: N_("a file is in the way of the folder"),
    errno.EISDIR: N_("a folder is in the way of the file"),
    errno.EFBIG: N_("the file is too large"),
    errno.EIO: N_("the disk could not be read or written"),
    errno.ETIMEDOUT: N_("another program holds the file"),
}


def os_reason(err: OSError) -> str:
    """Why ``err`` happened, in the player's language when it is a common reason."""
    known = OS_REASONS.get(err.errno or 0)
    return _(known) if known else str(err.strerror or err)


def unusable_reason() -> OSError | None:
    """None if the data folder can be made and written; else the error that says why."""
    try:
        path = data_dir()
        fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=TEMP_SUFFIX, dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as err:
        return err
    return None


def data_dir_problem() -> str | None:
    """None if the data folder can be made and written; else why not, in words."""
    err = unusable_reason()
    return None if err is None else unusable_notice(err)


def unusable_notice(err: OSError) -> str:
    """The notice for a data folder that cannot be used, ``err`` saying why."""
    return _(
        "Your data folder {path} cannot be used ({why}): the game runs with its "
        "default settings and saves nothing."
    ).format(path=data_dir_path(), why=os_reason(err))


# ---------------------------------------------------------------------- writing


def digest(obj: dict[str, Any]) -> str:
    """The checksum of a file's object without its checksum field: sha256 of its
    canonical JSON (sorted keys, no spaces), so it does not depend on the layout."""
    body = {k: v for k, v in obj.items() if k != CHECKSUM}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def sealed(obj: Any) -> Any:
    """``obj`` with its checksum in the header (after format and version); other values
    as they are."""
    if not isinstance(obj, dict):
        return obj
    head = {k: obj[k] for k in ("format", "version") if k in obj}
    rest = {k: v for k, v in obj.items() if k not in head and k != CHECKSUM}
    return {**head, CHECKSUM: digest(obj), **rest}


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
    """Write ``obj`` (sealed with its checksum) to ``path`` atomically: temp file, flush,
    fsync, rename, fsync of the folder. With ``backup``, the file it replaces becomes
    ``NAME.bak`` and the older backups move one generation down.
    Raises OSError (disk full, read-only, ...) with the old file untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(sealed(obj), ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if backup and _is_regular(path):
            _keep_backup(path)
        os.replace(tmp, path)  # the one moment ``path`` changes: it is never missing
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    with contextlib.suppress(OSError):
        _fsync_dir(path.parent)


def backups(path: Path) -> list[Path]:
    """``path``'s backup generations, newest first."""
    return [
        path.with_name(path.name + BACKUP_SUFFIX + (str(n) if n > 1 else ""))
        for n in range(1, GENERATIONS + 1)
    ]


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _keep_backup(path: Path) -> None:
    """The generations move down one (the oldest goes), then ``path``'s contents become
    ``NAME.bak`` with ``path`` left in place (a hard link, or a copy where the file
    system has none): a reader, or a restart after a kill, never finds the file gone.
    A backup is a bonus, never a failure."""
    gens = backups(path)
    with contextlib.suppress(OSError):
        if _same(path, gens[0]):  # a write that failed after its backup: kept already
            return
        for older, newer in zip(gens[:0:-1], gens[-2::-1], strict=True):
            if _is_regular(newer):
                os.replace(newer, older)
        gens[0].unlink(missing_ok=True)
        try:
            os.link(path, gens[0])
        except OSError:
            shutil.copyfile(path, gens[0])


def _same(a: Path, b: Path) -> bool:
    """Whether ``b`` is ``a`` (a hard link) or holds the same bytes."""
    try:
        if os.path.samefile(a, b):
            return True
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def remove_with_backups(path: Path) -> None:
    """Remove ``path`` and its backups, the backups first: a kill halfway leaves the
    file, never an old backup alone to come back in its place (OSError if one stays)."""
    for p in [*reversed(backups(path)), path]:
        p.unlink(missing_ok=True)


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
        raise Invalid(N_("it holds a number far larger than any game has"))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Invalid(N_("it holds a number that is not finite"))
    return value


def _constant(name: str) -> Any:
    raise Invalid(N_("it holds {name}, which is not a number"), name=name)


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
    reason: str = ""  # why it was rejected (English; ``why`` words it when set)
    moved_to: Path | None = None  # where it was set aside (None: it could not be)
    unreadable: bool = False  # the file could not be read at all
    from_backup: bool = False  # the value is a previous copy's
    restored: bool = False  # ... and that copy is back in the file's place
    newer: bool = False  # a newer version of the game wrote the file
    why: Callable[[], str] | None = field(default=None, compare=False, repr=False)

    @property
    def problem(self) -> str | None:
        """The sentence to tell the player, or None if all went well."""
        if not self.what:
            return None
        what = _(self.what)
        why = self.why() if self.why is not None else self.reason
        if self.newer:
            text = _(
                "Your {what} was made by a newer version of Split, so it was set aside as "
                "{name}; this version leaves it as it is."
            ).format(what=what, name=self.moved_to.name if self.moved_to else "?")
        elif self.unreadable and self.moved_to is not None:
            text = _("Your {what} could not be read ({why}), so it was set aside as {name}.")
            text = text.format(what=what, why=why, name=self.moved_to.name)
        elif self.unreadable:
            text = _("Your {what} could not be read ({why}); the game goes on without it.")
            text = text.format(what=what, why=why)
        elif self.moved_to is not None:
            text = _("Your {what} was damaged ({reason}), so it was set aside as {name}.")
            text = text.format(what=what, reason=why, name=self.moved_to.name)
        else:
            text = _(
                "Your {what} was damaged ({reason}) and could not be set aside; it is ignored."
            ).format(what=what, reason=why)
        if self.from_backup:
            text += " " + _("Its previous copy was used instead.")
        return text


def _read_bounded(path: Path) -> bytes:
    """The bytes of a regular file, at most :data:`MAX_FILE_BYTES` (Invalid beyond).
    Opened without waiting (a FIFO or a device never blocks the read), then checked."""
    fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_BINARY)  # FileNotFoundError if none
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise Invalid(N_("it is not a regular file"))
    with os.fdopen(fd, "rb") as f:
        raw = f.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise Invalid(N_("it is far larger than any file of the game"))
    return raw


def _check(raw: bytes, validate: Callable[[Any], T]) -> tuple[T, Any]:
    """Parse, check the checksum and validate, turning every failure into
    :class:`Invalid`; the value and the object it came from (without its checksum)."""
    try:
        obj = loads(raw)
    except Invalid:
        raise
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise Invalid(N_("it is not a readable file")) from None
    changed = None
    if isinstance(obj, dict) and CHECKSUM in obj:
        if obj[CHECKSUM] != digest(obj):
            changed = Invalid(N_("it was changed outside the game"))
        obj = {k: v for k, v in obj.items() if k != CHECKSUM}
    try:
        value = validate(obj)
    except Newer:
        raise  # a newer game writes other checksums: its own word comes first
    except Invalid as err:
        raise (changed or err) from None
    except Exception as err:  # noqa: BLE001 - any surprise in a hostile file is a bad file
        raise changed or Invalid(
            N_("it holds values a game cannot have ({kind})"), kind=type(err).__name__
        ) from None
    if changed is not None:
        raise changed
    return value, obj


def set_aside(path: Path, tag: str = "broken") -> Path:
    """Rename a file that cannot be trusted (or anything else in its place: a folder, a
    link) to ``NAME.broken-TIMESTAMP`` beside it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    os.replace(path, target)
    return target


def _from_backups(path: Path, validate: Callable[[Any], T]) -> tuple[T, Any] | None:
    """The newest backup generation that passes, if any."""
    for bak in backups(path):
        with contextlib.suppress(OSError, Invalid):
            return _check(_read_bounded(bak), validate)
    return None


def read_json(
    path: Path, what: str, validate: Callable[[Any], T], restore: bool = False
) -> Loaded[T]:
    """Read and validate ``path`` (``what``: the kind of file, a catalog message).

    A missing file with no backup gives ``Loaded(None)``. Anything else that cannot be
    used (too large, not JSON, a checksum that does not match, numbers no game has,
    ``validate`` failing, not a regular file, a dangling link, unreadable) is set aside
    and reported, and the newest backup that passes is used instead; with ``restore``
    (the caller owns the data folder) that copy is written back in the file's place,
    so the next start finds it there."""
    words: Callable[[], str] | None = None
    newer = unreadable = False
    try:
        value, _obj = _check(_read_bounded(path), validate)
        return Loaded(value)
    except FileNotFoundError:
        if not os.path.lexists(path):  # nothing there: a backup alone still counts
            return _recover(path, what, validate, restore, missing=True)
        reason, words = "it is a link to nothing", lambda: _("it is a link to nothing")
    except Invalid as err:
        reason, words, newer = str(err), (lambda e=err: e.words), isinstance(err, Newer)
    except OSError as err:
        reason, words, unreadable = str(err.strerror or err), (lambda e=err: os_reason(e)), True
    try:
        moved: Path | None = set_aside(path, "newer" if newer else "broken")
    except OSError:
        moved = None
    return _recover(
        path,
        what,
        validate,
        restore,
        reason=reason,
        why=words,
        moved_to=moved,
        newer=newer,
        unreadable=unreadable,
    )


def _recover(
    path: Path,
    what: str,
    validate: Callable[[Any], T],
    restore: bool,
    missing: bool = False,
    **told: Any,
) -> Loaded[T]:
    """After ``path`` failed (or is missing): the newest good backup, put back in place
    with ``restore`` when the file's place is free."""
    found = _from_backups(path, validate)
    if found is None:
        return Loaded(None) if missing else Loaded(None, what, **told)
    value, obj = found
    restored = False
    if restore and not os.path.lexists(path):
        with contextlib.suppress(OSError):
            write_json(path, obj)
            restored = True
    if missing:
        told = {"reason": "it was missing", "why": lambda: _("it was missing")}
    return Loaded(value, what, from_backup=True, restored=restored, **told)


def check_header(obj: Any, fmt: str, version: int) -> dict[str, Any]:
    """The object's format tag and version must be exactly ours (:class:`Newer` if the
    version is above ours)."""
    if not isinstance(obj, dict):
        raise Invalid(N_("it is not a JSON object"))
    if obj.get("format") != fmt:
        raise Invalid(N_("it is not a {fmt} file"), fmt=fmt)
    found = obj.get("version")
    if isinstance(found, int) and not isinstance(found, bool) and found > version:
        raise Newer(N_("it was made by a newer version of Split"))
    if found != version or isinstance(found, bool):
        raise Invalid(
            N_("it is version {found}, this game reads version {version}"),
            found=repr(found)[:20],
            version=version,
        )
    return obj


def bounded_text(obj: dict, key: str, limit: int) -> str:
    """A string field of at most ``limit`` printable characters."""
    value = obj.get(key)
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise Invalid(N_("{key} must be text of at most {limit} characters"), key=key, limit=limit)
    return value


def bounded_int(obj: dict, key: str, low: int, high: int) -> int:
    """A whole-number field from ``low`` to ``high``."""
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(
            N_("{key} must be a whole number from {low} to {high}"), key=key, low=low, high=high
        )
    return value


# ---------------------------------------------------------------------- locks


def _try_lock(fd: int) -> bool:
    """Lock the open file ``fd`` for this process without waiting; False if another
    process holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)


def _open_lock_file(path: Path) -> int:
    """A descriptor on the lock file ``path``, created if needed. Never through a link,
    never waiting on a FIFO: anything but a regular file in its place (a folder, a FIFO,
    a link) is set aside once and a fresh file made (OSError if that fails too)."""
    flags = os.O_RDWR | os.O_CREAT | _O_NOFOLLOW | _O_NONBLOCK | _O_BINARY
    try:
        fd = os.open(path, flags, 0o644)
    except OSError:
        if not os.path.lexists(path):
            raise
    else:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
    set_aside(path)
    fd = os.open(path, flags, 0o644)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "the lock file is not a regular file", str(path))
    return fd


_HELD: dict[Path, int] = {}  # the data folders this process owns, with the lock's fd


def lock_data_dir(folder: Path | None = None) -> bool:
    """Own the data folder for as long as this process runs: True if this process now
    owns it (or already did), False if another running game does; OSError if no lock
    can be taken there at all. The lock goes with the process, however it ends."""
    folder = folder or data_dir()
    path = folder / "split.lock"
    if path in _HELD:
        return True
    fd = _open_lock_file(path)
    if not _try_lock(fd):
        os.close(fd)
        return False
    _HELD[path] = fd
    return True


def release_data_dir(folder: Path | None = None) -> None:
    """Give the data folder up (tests; a process's end does it anyway)."""
    path = (folder or data_dir()) / "split.lock"
    fd = _HELD.pop(path, None)
    if fd is not None:
        _unlock(fd)
        os.close(fd)


@contextlib.contextmanager
def file_lock(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold ``path`` (a lock file) while the block runs, waiting up to ``timeout``
    seconds for another process to let it go (TimeoutError after that; with 0, it
    does not wait at all)."""
    fd = _open_lock_file(path)
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise TimeoutError(errno.ETIMEDOUT, "another process holds the lock", str(path))
            time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)
