"""What the About screen shows, gathered without pygame: the version, the game's
licence, the licence files that came with the fonts and sounds, the data folder;
and opening that folder in the system's file manager.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import split
from split.app.storage import data_dir_path
from split.resources import asset_root

DISTRIBUTION = "split-desktop"
LICENCE_NAME = re.compile(r"^(LICEN[CS]E|COPYING|OFL)([-._].*)?$", re.IGNORECASE)


@dataclass(frozen=True)
class LicenceFile:
    """One licence text that ships with the game: ``part`` is the asset folder it
    covers (``"fonts"``, ``"sounds"``), ``name`` the file name."""

    part: str
    name: str
    text: str


@dataclass(frozen=True)
class AboutInfo:
    """Everything the About screen shows."""

    version: str
    licence: str  # the game's own licence text ("" if this install lost it)
    asset_licences: Sequence[LicenceFile]
    data_dir: Path


def game_licence() -> str:
    """The game's LICENSE: beside the assets (a checkout, the frozen app), else among
    the installed distribution's licence files (a wheel)."""
    beside = asset_root().parent / "LICENSE"
    if beside.is_file():
        return beside.read_text(encoding="utf-8")
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return ""
    for name in dist.metadata.get_all("License-File") or []:
        for where in (f"licenses/{name}", name):  # metadata 2.4 puts them in licenses/
            text = dist.read_text(where)
            if text:
                return text
    return ""


def asset_licences(root: Path | None = None) -> tuple[LicenceFile, ...]:
    """Every licence file under the assets (fonts/OFL.txt, sounds/LICENSE.txt, ...),
    in folder then name order."""
    root = asset_root() if root is None else root
    found = [p for p in root.rglob("*") if p.is_file() and LICENCE_NAME.match(p.name)]
    return tuple(
        LicenceFile(p.parent.relative_to(root).as_posix(), p.name, p.read_text(encoding="utf-8"))
        for p in sorted(found, key=lambda p: (p.parent.relative_to(root).parts, p.name))
    )


LIBRARIES = ("pygame-ce", "platformdirs", "websockets", "zeroconf", "ifaddr")
"""The libraries the game ships inside its executable (split.spec copies their metadata)."""


def library_licences() -> tuple[LicenceFile, ...]:
    """The licence of each library the game ships: its licence file where the package
    has one, else the licence its metadata names and where its source is."""
    out = []
    for name in LIBRARIES:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        files = [f for f in dist.files or [] if LICENCE_NAME.match(f.name)]
        text = next((t for f in files if (t := _read(f))), None)
        if text is None:
            found = {
                key: next(iter(dist.metadata.get_all(key) or []), "")
                for key in ("License-Expression", "License", "Home-page", "Project-URL")
            }
            kind = found["License-Expression"] or found["License"] or "see its source"
            home = found["Home-page"] or found["Project-URL"]
            text = f"{name} {dist.version}: {kind}\n{home}\n"
        out.append(LicenceFile(f"{name} {dist.version}", files[0].name if files else "", text))
    return tuple(out)


def _read(file: metadata.PackagePath) -> str | None:
    try:
        return Path(str(file.locate())).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def about_info() -> AboutInfo:
    """Gather what the About screen shows: the assets' licences, then the libraries'."""
    licences = asset_licences() + library_licences()
    return AboutInfo(split.__version__, game_licence(), licences, data_dir_path())


# ------------------------------------------------------------------ open the folder


def _child_environment() -> dict[str, str]:
    """The environment for a system program. A frozen Linux app runs with
    LD_LIBRARY_PATH pointing at its own bundled libraries; the file manager must get
    the user's original value back (PyInstaller keeps it in LD_LIBRARY_PATH_ORIG)."""
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        if original is None:
            env.pop("LD_LIBRARY_PATH", None)
        else:
            env["LD_LIBRARY_PATH"] = original
    return env


def open_folder(
    path: Path,
    platform: str | None = None,
    popen: Callable[..., subprocess.Popen] | None = None,
    startfile: Callable[[str], None] | None = None,
    late: Callable[[str], None] | None = None,
) -> str | None:
    """Show ``path`` in the system's file manager. Returns None, or a sentence saying
    why it could not be opened; never raises. With ``late``, the opener's exit is not
    waited for here: a thread waits and hands ``late`` the sentence if it failed (the
    UI thread never blocks on a slow file manager)."""
    platform = sys.platform if platform is None else platform
    if not Path(path).is_dir():
        return f"The folder {path} does not exist."
    try:
        if platform == "win32":
            (startfile or os.startfile)(str(path))  # type: ignore[attr-defined]
            return None
        command = ["open" if platform == "darwin" else "xdg-open", str(path)]
        proc = (popen or subprocess.Popen)(
            command,
            env=_child_environment(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # the file manager outlives the game if it must
        )
    except (OSError, AttributeError) as err:
        return f"Could not open {path}: {getattr(err, 'strerror', None) or err}"
    if late is not None:
        report = late
        threading.Thread(
            target=lambda: _told(_exit_problem(proc, path, command[0]), report), daemon=True
        ).start()
        return None
    return _exit_problem(proc, path, command[0])


def _told(problem: str | None, late: Callable[[str], None]) -> None:
    if problem is not None:
        late(problem)


def _exit_problem(proc: subprocess.Popen, path: Path, program: str) -> str | None:
    """Why the opener failed, from its exit status (None if it worked or still runs)."""
    try:
        # xdg-open and open return at once when they handed the folder over; a
        # launcher that stays in the foreground is left running, not waited for.
        code = proc.wait(timeout=3)
    except subprocess.TimeoutExpired:
        return None
    if code:
        return f"Could not open {path}: {program} exited with status {code}."
    return None
