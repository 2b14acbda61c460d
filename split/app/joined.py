"""The tables this window joined as a friend (issue 26): the name it joined with, the
last tables (address and host's name), and the last table's join code while it may
still open that table, so a restarted window rejoins in one click.

The join code is kept for the last table only, and forgotten once that table refuses
it, no longer answers, or its game ends. A code opens one hosting of one table (the
host's Continue makes a new one); it is read aloud to everyone in the room and never
announced on the network; and it lies in the player's own data folder, beside the
friend key that proves more. Older tables keep their address and host's name only.

    memory = FriendMemory(ctx)          # read from the data folder when first asked
    memory.joined("192.168.1.20", "K7Q2XP", "Bo", "Ann")
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from split.i18n import N_
from split.net.protocol import MAX_NAME, check_code

from .storage import Invalid, Loaded, bounded_text, check_header, data_dir, read_json, write_json

FORMAT, VERSION = "split-joined", 1
JOINED_FILE = N_("list of the tables you joined")
FILE_NAME = "joined.json"
MAX_TABLES = 5  # the join screen lists at most four tables: one more is never shown
MAX_ADDRESS = 60  # the join screen's address field


@dataclass(frozen=True)
class JoinedTable:
    """A table joined once: where it was, and its host's name as the table showed it."""

    address: str
    host: str


@dataclass(frozen=True)
class Joined:
    """What a friend's window remembers: the last name it joined with, the last tables
    (newest first), and the join code of the newest while it may still open it."""

    name: str = ""
    tables: tuple[JoinedTable, ...] = ()
    code: str | None = None

    def after_join(self, address: str, code: str, name: str, host: str) -> Joined:
        """Remembered after joining ``address``: first in the list, with its code."""
        others = tuple(t for t in self.tables if t.address != address)
        tables = (JoinedTable(address, host), *others)[:MAX_TABLES]
        return Joined(name, tables, code)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "tables": [{"address": t.address, "host": t.host} for t in self.tables],
            "code": self.code,
        }


def _table(obj: Any) -> JoinedTable:
    if not isinstance(obj, dict) or set(obj) != {"address", "host"}:
        raise Invalid("a table must have exactly an address and a host")
    from split.net.client import parse_address  # (the network's libraries load when used)

    address = bounded_text(obj, "address", MAX_ADDRESS)
    parse_address(address)  # ValueError: not an address
    host = bounded_text(obj, "host", MAX_NAME)
    if not host.strip():
        raise Invalid("a table's host must have a name")
    return JoinedTable(address, host)


def parse_joined(obj: Any) -> Joined:
    """Validate a file of tables joined (:class:`Invalid`, or any error, if it is off)."""
    obj = check_header(obj, FORMAT, VERSION)
    if set(obj) != {"format", "version", "name", "tables", "code"}:
        raise Invalid("it does not hold exactly a name, tables and a code")
    name = bounded_text(obj, "name", MAX_NAME)
    tables = obj["tables"]
    if not isinstance(tables, list) or len(tables) > MAX_TABLES:
        raise Invalid(f"tables must be a list of at most {MAX_TABLES}")
    code = obj["code"]
    if code is not None:
        code = check_code(code)  # ProtocolError: not a join code
        if not tables:
            raise Invalid("a join code without its table")
    return Joined(name, tuple(_table(t) for t in tables), code)


def joined_path() -> Path:
    return data_dir() / FILE_NAME


def read_joined(path: Path | None = None) -> Loaded[Joined]:
    """The tables joined so far (a damaged file is set aside; ``problem`` says so)."""
    return read_json(path or joined_path(), JOINED_FILE, parse_joined)


def write_joined(joined: Joined, path: Path | None = None) -> None:
    """Keep ``joined`` (OSError if it cannot be written; the old file stays)."""
    write_json(path or joined_path(), joined.to_json())


class _Saver(Protocol):
    """What the memory needs of the app's context."""

    saving: bool
    notices: list[str]

    def saving_off(self, err: OSError) -> str: ...


class FriendMemory:
    """The tables joined, as the screens use them (:class:`split.ui.menu.context.
    FriendMemory`): read from the data folder when first asked, kept after each change.
    A window that does not own its data folder reads and writes nothing."""

    def __init__(self, ctx: _Saver) -> None:
        self._ctx = ctx
        self._now: Joined | None = None

    def _current(self) -> Joined:
        if self._now is None:
            self._now = Joined()
            if self._ctx.saving:
                try:
                    loaded = read_joined()
                except OSError:  # the data folder itself is gone: nothing remembered
                    loaded = Loaded(None)
                if loaded.problem:
                    self._ctx.notices.append(loaded.problem)
                if loaded.value is not None:
                    self._now = loaded.value
        return self._now

    def _keep(self, joined: Joined) -> None:
        if joined == self._current():
            return
        try:  # never keep what would not be read back (a host's odd name, say)
            parse_joined(joined.to_json())
        except Exception:  # noqa: BLE001 - any refusal of the reader counts
            return
        self._now = joined
        if not self._ctx.saving:
            return
        try:
            write_joined(joined)
        except OSError as err:
            self._ctx.saving_off(err)

    @property
    def name(self) -> str:
        """The name this window last joined with ("" before its first join)."""
        return self._current().name

    @property
    def tables(self) -> tuple[JoinedTable, ...]:
        """The last tables joined, newest first."""
        return self._current().tables

    @property
    def rejoin(self) -> tuple[JoinedTable, str] | None:
        """The last table and its join code, while the code may still open it."""
        now = self._current()
        return (now.tables[0], now.code) if now.code and now.tables else None

    def joined(self, address: str, code: str, name: str, host: str) -> None:
        """This window took a seat at ``address`` (hosted by ``host``) as ``name``."""
        self._keep(self._current().after_join(address, code, name, host))

    def forget_code(self, address: str | None = None) -> None:
        """The last table's code no longer opens it (refused, or its game is over); with
        ``address``, only if that is the last table's."""
        now = self._current()
        if now.code is not None and (address is None or now.tables[0].address == address):
            self._keep(replace(now, code=None))


__all__ = ["FriendMemory", "Joined", "JoinedTable", "parse_joined", "read_joined"]
