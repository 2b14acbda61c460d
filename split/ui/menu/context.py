"""What the app hands the screens: its settings, saves, statistics and sound.

The screens see the app only through :class:`MenuContext` (the app's ``AppContext``
fits it), so the ui never imports the app: the app applies and keeps settings,
saves games and counts them, the screens ask.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from split.engine import Game, GameState

from ..loop import App, Scene


class Seat(Protocol):
    """One seat: its player's name and who plays it ("human" or a bot strength)."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...


class Preferences(Protocol):
    """The player's settings as the screens read them (changed through the context)."""

    @property
    def language(self) -> str: ...

    @property
    def speed(self) -> str: ...

    @property
    def volume(self) -> float: ...

    @property
    def muted(self) -> bool: ...

    @property
    def fullscreen(self) -> bool: ...

    @property
    def card_back(self) -> str: ...

    @property
    def sort_order(self) -> str: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def tutorial_seen(self) -> bool:
        """Whether the tutorial was offered once (the first start offers it)."""


class KeptGame(Protocol):
    """A game the app keeps (its autosave): what the screens use of it."""

    @property
    def game(self) -> Game: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def state(self) -> GameState: ...

    @property
    def path(self) -> Path | None:
        """Where it is saved (None: nowhere, as in tests and benches)."""

    @property
    def hosted(self) -> bool:
        """Whether it is a game hosted on the network."""


class Statistics(Protocol):
    """The player's record: totals, per opponent strength, the last games' sheets."""

    games: int
    wins: int
    best: int | None
    by_strength: dict[str, list[int]]  # bot strength -> [played, won]
    recent: list[dict[str, Any]]  # newest first, each with its final sheets

    @property
    def average(self) -> float | None: ...


class LicenceText(Protocol):
    """A licence that ships with the game: the asset folder it covers and its text."""

    @property
    def part(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def text(self) -> str: ...


class AboutFacts(Protocol):
    """What the About screen shows (gathered by the app; read only)."""

    @property
    def version(self) -> str: ...

    @property
    def licence(self) -> str: ...

    @property
    def asset_licences(self) -> Sequence[LicenceText]: ...

    @property
    def data_dir(self) -> Any:
        """A pathlib.Path."""


class RemoteSeats(Protocol):
    """Who sits where at a network table (:class:`split.net.protocol.Seats`)."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    started: bool


class Finder(Protocol):
    """Tables heard on the local network (:class:`split.net.discovery.Finder`)."""

    def tables(self) -> list[Any]:
        """Each with ``name`` and ``address``."""

    def close(self) -> None: ...


class NetTable(Protocol):
    """A network game from this window (:class:`split.app.network.NetTable`): ``game``
    is the remote game the table plays (:class:`split.ui.table.remote.RemoteGame`,
    with ``pump()``, ``ready``, ``started``, ``seats``, ``seat`` and ``gone``)."""

    game: Any

    @property
    def session(self) -> Any:
        """The host's kept game, or None."""

    @property
    def code(self) -> str | None:
        """The join code (the host's only)."""

    @property
    def addresses(self) -> list[str]:
        """Where friends reach the table (the host's only)."""

    def begin(self) -> None:
        """The host starts the game."""

    def remove(self, seat: int) -> None:
        """The host sends the friend at ``seat`` away (in the lobby)."""

    def set_turn_limit(self, seconds: int) -> None:
        """The host sets the turn timer (in the lobby; 0: none)."""

    def play_again(self) -> None:
        """The host starts a new game for the same people (once this one is over)."""

    def start_again(self) -> None:
        """This window leaves the finished game for the one the host started."""

    def record(self) -> Any:
        """The finished game as this computer's statistics count it (None before)."""

    def leave(self) -> None:
        """Leave the table (a host ends it for everyone)."""


class JoinedTable(Protocol):
    """A table this window joined once (:class:`split.app.joined.JoinedTable`)."""

    @property
    def address(self) -> str: ...

    @property
    def host(self) -> str:
        """The host's name, as the table showed it."""


class FriendMemory(Protocol):
    """The tables this window joined as a friend (:class:`split.app.joined.FriendMemory`)."""

    @property
    def name(self) -> str:
        """The name this window last joined with ("" before its first join)."""

    @property
    def tables(self) -> Sequence[JoinedTable]:
        """The last tables joined, newest first."""

    @property
    def rejoin(self) -> tuple[JoinedTable, str] | None:
        """The last table and its join code, while the code may still open it."""

    def joined(self, address: str, code: str, name: str, host: str) -> None:
        """This window took a seat at ``address`` (hosted by ``host``) as ``name``."""

    def forget_code(self, address: str | None = None) -> None:
        """The last table's code no longer opens it (only if it is ``address``'s)."""


class MenuContext(Protocol):
    """The app's services, shared by every screen."""

    app: App
    sound: Any  # a split.ui.sound.Sound, or None
    live: Any  # what the table reads (speed, sort_order, card_back); setting one keeps it
    notices: list[str]  # problems to tell the player (a damaged file, a failed save)

    @property
    def settings(self) -> Preferences: ...

    @property
    def friends(self) -> FriendMemory:
        """The tables this window joined."""

    def change(self, **changes: Any) -> None:
        """Apply a settings change at once and keep it."""

    def click(self) -> None:
        """Play the click of a pressed button."""

    def keep_seats(self, seats: Sequence[Seat]) -> None:
        """Keep ``seats`` as the default players."""

    def start_game(self, seats: Sequence[Seat], dealer: int | None) -> Scene:
        """The table of a new game with these seats (``dealer`` None: drawn)."""

    def load_saved(self) -> KeptGame | None:
        """The autosaved game, if it can be trusted."""

    def autosave(self, game: KeptGame, /) -> str | None:
        """Save ``game`` as it is now; a notice for the table while the game is not kept
        (saving failed, or this window does not own the data), or when saving works
        again."""

    def finish_game(self, game: KeptGame, /) -> None:
        """``game`` is over: count it in the statistics and drop its autosave."""

    def finish_network_game(self, net: NetTable) -> None:
        """A network game is over: count it for this window's player; the host also
        drops its autosave."""

    def load_stats(self) -> Statistics:
        """The statistics kept so far."""

    def host_table(self, seats: Sequence[Seat], dealer: int | None) -> NetTable | str:
        """Host a table on this network with these seats; a sentence if it cannot."""

    def resume_hosting(self, game: KeptGame, /) -> NetTable | str:
        """Host a saved hosted game again, its seats open for their players."""

    def join_table(self, address: str, code: str, name: str) -> NetTable:
        """Join the table at ``address``; :class:`ValueError` with what is wrong."""

    def find_tables(self) -> Finder | None:
        """Look for tables on this network (None where that cannot be done)."""

    def about(self) -> AboutFacts:
        """The version, the licences and the data folder."""

    def open_folder(self, path: Any) -> str | None:
        """Show ``path`` in the system's file manager; a sentence if it could not."""
