"""What each desktop needs: SDL hints, the Linux menu entry, the data folder per system,
and the command line that installs the entry and reports the version."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from split.app import desktop
from split.app.cli import main as cli_main
from split.resources import asset_path

ROOT = Path(__file__).resolve().parent.parent


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def _unquote_exec(value: str) -> list[str]:
    """Read an Exec value back as a desktop does: string escapes, then quoting, then %%."""
    escapes = {"\\": "\\", "n": "\n", "t": "\t", "r": "\r", "s": " "}
    text, chars = "", iter(value)
    for c in chars:
        text += escapes[next(chars)] if c == "\\" else c
    args, current, quoted, chars = [], None, False, iter(text)
    for c in chars:
        if quoted and c == "\\":
            current += next(chars)
        elif c == '"':
            quoted, current = not quoted, current or ""
        elif c == " " and not quoted:
            if current is not None:
                args.append(current)
            current = None
        else:
            current = (current or "") + c
    if current is not None:
        args.append(current)
    return [a.replace("%%", "%") for a in args]


# --- SDL hints ------------------------------------------------------------------------


def test_windows_gets_per_monitor_dpi_awareness():
    env: dict[str, str] = {}
    assert desktop.set_platform_hints(env, "win32") == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}
    assert env == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}


def test_linux_window_class_matches_the_menu_entry():
    env: dict[str, str] = {}
    desktop.set_platform_hints(env, "linux")
    assert env["SDL_VIDEO_X11_WMCLASS"] == desktop.WM_CLASS == "Split"
    assert desktop.desktop_entry(["Split"]).count(f"StartupWMClass={desktop.WM_CLASS}\n") == 1


def test_hints_the_player_set_win_and_macos_needs_none():
    env = {"SDL_WINDOWS_DPI_AWARENESS": "unaware"}
    assert desktop.set_platform_hints(env, "win32") == {}
    assert env == {"SDL_WINDOWS_DPI_AWARENESS": "unaware"}
    assert desktop.set_platform_hints({}, "darwin") == {}  # Info.plist does macOS's part


def test_hints_are_set_before_pygame_starts(monkeypatch):
    """main() sets them before create_app/_selftest call pygame.init()."""
    import split.app.main as app_main

    seen = {}
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    monkeypatch.setattr(app_main, "set_platform_hints", lambda: seen.setdefault("hints", 1))
    monkeypatch.setattr(app_main, "run", lambda args: seen.setdefault("run", len(seen)))
    assert app_main.main([]) == 1  # run() saw the hints already set
    assert seen == {"hints": 1, "run": 1}


# --- the menu entry -------------------------------------------------------------------


def test_install_writes_entry_and_icon_under_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    entry, icon = desktop.install_desktop(command=["/opt/games/Split"])
    assert entry == tmp_path / "applications" / "split.desktop"
    assert icon == tmp_path / "icons" / "hicolor" / "256x256" / "apps" / "split.png"
    assert icon.read_bytes() == asset_path("images/icon.png").read_bytes()
    fields = _entry(entry)
    assert fields["Exec"] == "/opt/games/Split" and fields["TryExec"] == "/opt/games/Split"
    assert fields["Icon"] == "split" and fields["Type"] == "Application"
    assert fields["Terminal"] == "false" and "Game" in fields["Categories"].split(";")
    # the same keys as the hand-written build/split.desktop, plus the marker
    shipped = set(_entry(ROOT / "build" / "split.desktop"))
    assert set(fields) == shipped | {desktop.MARKER}


def test_without_xdg_data_home_the_entry_goes_to_local_share(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop.data_home() == Path.home() / ".local" / "share"
    # a relative XDG_DATA_HOME is invalid by the spec and ignored
    assert desktop.data_home({"XDG_DATA_HOME": "rel/share"}) == Path.home() / ".local" / "share"


def test_exec_points_at_the_frozen_file_or_this_interpreter(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert desktop.launch_command() == [sys.executable, "-m", "split"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/home/ana/Games/Split-linux")
    assert desktop.launch_command() == ["/home/ana/Games/Split-linux"]


@pytest.mark.parametrize(
    "path",
    ["/home/ana/My Games/Split", "/tmp/100%/Split", '/x/"q"/$HOME/`a`/b\\c/Split', "/plain"],
)
def test_exec_quoting_survives_odd_paths(tmp_path, path):
    text = desktop.desktop_entry([path, "-m", "split"])
    (tmp_path / "e.desktop").write_text(text, encoding="utf-8")
    assert _unquote_exec(_entry(tmp_path / "e.desktop")["Exec"]) == [path, "-m", "split"]


def test_uninstall_removes_what_install_wrote(tmp_path):
    written = desktop.install_desktop(tmp_path, ["/opt/Split"])
    assert desktop.uninstall_desktop(tmp_path) == written
    assert not any(p.exists() for p in written)
    assert desktop.uninstall_desktop(tmp_path) == []  # nothing left: nothing to do


def test_uninstall_leaves_someone_elses_entry(tmp_path):
    entry, icon = desktop.entry_paths(tmp_path)
    entry.parent.mkdir(parents=True)
    entry.write_text("[Desktop Entry]\nName=Split (distro package)\n", encoding="utf-8")
    assert desktop.uninstall_desktop(tmp_path) == []
    assert entry.exists()


@pytest.mark.skipif(not desktop.has_desktop_menu(), reason="freedesktop.org systems only")
def test_command_line_install_and_uninstall(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert cli_main(["--install-desktop"]) == 0
    entry, icon = desktop.entry_paths(tmp_path)
    assert entry.is_file() and icon.is_file()
    assert _unquote_exec(_entry(entry)["Exec"]) == [sys.executable, "-m", "split"]
    assert f"wrote {entry}" in capsys.readouterr().out
    assert cli_main(["--uninstall-desktop"]) == 0
    assert not entry.exists() and not icon.exists()
    assert f"removed {entry}" in capsys.readouterr().out


def test_command_line_install_refuses_on_windows_and_macos(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for platform in ("win32", "darwin"):
        monkeypatch.setattr(sys, "platform", platform)
        assert cli_main(["--install-desktop"]) == 2
        assert "Linux" in capsys.readouterr().out
    assert not (tmp_path / "applications").exists()


# --- version --------------------------------------------------------------------------


def _pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)["project"]["version"]


def test_version_option_prints_the_pyproject_version(capsys):
    assert cli_main(["--version"]) == 0
    assert capsys.readouterr().out == f"Split {_pyproject_version()}\n"


def test_python_m_split_version():
    done = subprocess.run(
        [sys.executable, "-m", "split", "--version"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0 and done.stdout == f"Split {_pyproject_version()}\n"


def test_version_answers_without_starting_pygame():
    code = "import sys; from split.app.cli import main; main(['--version'])"
    code += "; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.splitlines() == [f"Split {_pyproject_version()}", "False"]


# --- the data folder on each system ----------------------------------------------------


def _simulate(monkeypatch, kind: str, tmp_path: Path) -> None:
    """Make platformdirs answer as on Windows or macOS, with folders under tmp_path."""
    import platformdirs
    import platformdirs.macos
    import platformdirs.windows

    monkeypatch.delenv("SPLIT_DATA_DIR", raising=False)
    if kind == "windows":
        folders = {
            "CSIDL_APPDATA": tmp_path / "AppData" / "Roaming",
            "CSIDL_LOCAL_APPDATA": tmp_path / "AppData" / "Local",
        }
        monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda c: str(folders[c]))
        monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    else:
        monkeypatch.setenv("HOME", str(tmp_path))
        monkeypatch.setenv("USERPROFILE", str(tmp_path))  # what "~" is on Windows
        monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.macos.MacOS)


def test_windows_data_folder_is_under_appdata(tmp_path, monkeypatch):
    from split.app.storage import data_dir

    _simulate(monkeypatch, "windows", tmp_path)
    assert data_dir() == tmp_path / "AppData" / "Roaming" / "Split"


def test_windows_data_folder_is_the_users_own_split_folder(tmp_path, monkeypatch):
    from split.app.storage import data_dir

    _simulate(monkeypatch, "windows", tmp_path)
    path = data_dir()
    assert path.name == "Split" and path.parent.parent == tmp_path / "AppData"
    assert path.is_dir()


def test_macos_data_folder_is_in_application_support(tmp_path, monkeypatch):
    from split.app.storage import data_dir

    _simulate(monkeypatch, "macos", tmp_path)
    assert data_dir() == tmp_path / "Library" / "Application Support" / "Split"


def test_split_data_dir_overrides_every_system(tmp_path, monkeypatch):
    from split.app.storage import data_dir

    _simulate(monkeypatch, "windows", tmp_path)
    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path / "portable"))
    assert data_dir() == tmp_path / "portable"
    assert os.path.isdir(tmp_path / "portable")


@pytest.mark.parametrize("planted", ["entry", "icon"])
def test_install_never_writes_through_a_planted_link(tmp_path, planted):
    """Issue 25 item 10: a split.desktop or split.png planted as a link to another file:
    the link is replaced, its target neither overwritten nor made executable (before:
    the target got the entry's text and mode 0755)."""
    home = tmp_path / "share"
    entry, icon = desktop.entry_paths(home)
    victim = tmp_path / "victim.txt"
    victim.write_text("someone's file\n")
    victim.chmod(0o600)
    link = entry if planted == "entry" else icon
    link.parent.mkdir(parents=True)
    link.symlink_to(victim)
    desktop.install_desktop(home, ["/opt/split"])
    assert victim.read_text() == "someone's file\n"
    assert (victim.stat().st_mode & 0o777) == 0o600
    assert not link.is_symlink() and link.is_file()
    assert (entry.stat().st_mode & 0o777) == 0o755
    assert _entry(entry)["Exec"] == "/opt/split"
    assert not list(link.parent.glob(".*"))  # no temporary file left
