"""How the game meets each desktop: SDL's platform hints, and the Linux menu entry.

``set_platform_hints()`` runs before pygame starts SDL. ``install_desktop()`` and
``uninstall_desktop()`` are ``split --install-desktop`` / ``--uninstall-desktop``:
a freedesktop.org menu entry and icon in the user's own data folder
(``$XDG_DATA_HOME``, else ``~/.local/share``), pointing at the running program.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping, MutableMapping
from pathlib import Path

from split.resources import asset_path

APP_ID = "split"  # the menu entry's file name and the icon's theme name
ICON_SIZE = 256  # assets/images/icon.png; desktops scale it for smaller places
WM_CLASS = "Split"  # matches StartupWMClass, so the dock groups the window with the entry
MARKER = "X-Split-Installed-By"  # uninstall only removes an entry that carries this key

# Read by SDL when its video subsystem starts (each hint can also be given as an
# environment variable of the same name). Values already set by the player win.
HINTS: dict[str, dict[str, str]] = {
    # Sharp, not bitmap-stretched, on a 125 %/150 % display: Windows otherwise
    # scales the whole window up as a blurry picture.
    "win32": {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"},
    "linux": {"SDL_VIDEO_X11_WMCLASS": WM_CLASS, "SDL_VIDEO_WAYLAND_WMCLASS": WM_CLASS},
}


def set_platform_hints(
    environ: MutableMapping[str, str] | None = None, platform: str | None = None
) -> dict[str, str]:
    """Put this platform's SDL hints into the environment (before ``pygame.init()``);
    returns the hints that were set."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    key = "linux" if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) else platform
    added = {}
    for name, value in HINTS.get(key, {}).items():
        if name not in environ:
            environ[name] = value
            added[name] = value
    return added


# ------------------------------------------------------------------------ menu entry


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` if it is an absolute path (as the spec asks), else ``~/.local/share``."""
    environ = os.environ if environ is None else environ
    value = environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def launch_command() -> list[str]:
    """The command that starts this very game: the frozen file itself, or this
    interpreter running the package."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "split"]


def escape_value(text: str) -> str:
    """A desktop entry string value: backslash, newline and tab written as escapes."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def exec_quote(arg: str) -> str:
    """One argument of a desktop entry's Exec key (Desktop Entry spec, "The Exec key"):
    double-quoted if it has a reserved character, "%" doubled (it starts a field code),
    then escaped as any string value."""
    reserved = set(" \t\n\"'\\><~|&;$*?#()`")
    if arg and not reserved & set(arg):
        quoted = arg
    else:
        inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
        quoted = f'"{inner}"'
    return escape_value(quoted.replace("%", "%%"))


def desktop_entry(command: list[str]) -> str:
    """The text of ``split.desktop`` for a program started by ``command``."""
    exec_line = " ".join(exec_quote(a) for a in command)
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.0\n"
        "Name=Split\n"
        "GenericName=Card Game\n"
        "Comment=Pair half-cards into matches: the card game Split\n"
        f"Exec={exec_line}\n"
        f"TryExec={escape_value(command[0])}\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;CardGame;\n"
        "Keywords=cards;card game;split;half-card;\n"
        "StartupNotify=true\n"
        f"StartupWMClass={WM_CLASS}\n"
        f"{MARKER}=split --install-desktop\n"
    )


def entry_paths(home: Path) -> tuple[Path, Path]:
    """Where the menu entry and the icon go under a data home."""
    entry = home / "applications" / f"{APP_ID}.desktop"
    icon = home / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" / f"{APP_ID}.png"
    return entry, icon


def _replace_with(path: Path, data: bytes, mode: int) -> None:
    """Put a new file with ``data`` and ``mode`` at ``path``, never writing through what
    is there: a temporary file beside it, renamed over it (a link planted at ``path``
    is replaced, its target left alone)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if hasattr(os, "fchmod"):
                os.fchmod(f.fileno(), mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def install_desktop(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the menu entry and its icon (replacing an older one, or whatever is in
    their place, never through a link); returns both paths."""
    entry, icon = entry_paths(data_home() if home is None else home)
    _replace_with(icon, asset_path("images/icon.png").read_bytes(), 0o644)
    text = desktop_entry(command or launch_command())
    # some file managers only trust an executable .desktop file
    _replace_with(entry, text.encode("utf-8"), 0o755)
    return [entry, icon]


def uninstall_desktop(home: Path | None = None) -> list[Path]:
    """Remove what :func:`install_desktop` wrote; returns the paths removed. A
    ``split.desktop`` someone else wrote (no marker) is left alone, and so is its icon."""
    entry, icon = entry_paths(data_home() if home is None else home)
    try:
        text = entry.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = None
    except (OSError, UnicodeDecodeError):
        return []
    if text is not None and f"\n{MARKER}=" not in text:
        return []
    removed = []
    for path in (entry, icon):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def has_desktop_menu(platform: str | None = None) -> bool:
    """Whether this system uses freedesktop.org menu entries (not Windows or macOS)."""
    platform = sys.platform if platform is None else platform
    return platform not in ("win32", "cygwin", "darwin")


def cli_install(uninstall: bool = False) -> int:
    """``split --install-desktop`` / ``--uninstall-desktop``: do it and say what was done."""
    if not has_desktop_menu():
        print("The menu entry is for Linux desktops; nothing to do on this system.")
        return 2
    try:
        paths = uninstall_desktop() if uninstall else install_desktop()
    except OSError as err:
        print(f"Could not write the menu entry: {err}", file=sys.stderr)
        return 1
    if uninstall:
        print("\n".join(f"removed {p}" for p in paths) or "no Split menu entry was installed")
    else:
        print("\n".join(f"wrote {p}" for p in paths))
        print(f"The menu entry starts: {' '.join(launch_command())}")
    return 0
