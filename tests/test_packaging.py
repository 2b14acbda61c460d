"""Packaging inputs: the version file, the icon files, the desktop entry, the spec, the sounds."""

from __future__ import annotations

import configparser
import importlib.util
import struct
import sys
import types
import wave
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
ICON = BUILD / "icon"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _script(name: str):
    """Import build/<name>.py as a module without making build/ a package."""
    spec = importlib.util.spec_from_file_location(f"build_{name}", BUILD / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# --- version -----------------------------------------------------------------------


def test_version_file_matches_pyproject():
    version = _script("version")
    assert version.main(["--check"]) == 0, "run: python build/version.py"
    assert f"'{version.read_version()}'" in version.VERSION_FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "numbers"),
    [("0.1.0", (0, 1, 0, 0)), ("1.2.3rc1", (1, 2, 3, 0)), ("2", (2, 0, 0, 0)),
     ("1.2.3.4.5", (1, 2, 3, 4)), ("1.0.dev3", (1, 0, 0, 0)), ("0.1.0+local", (0, 1, 0, 0))],
)  # fmt: skip
def test_windows_wants_four_numbers(text, numbers):
    assert _script("version").version_numbers(text) == numbers


def test_version_file_is_what_pyinstaller_reads(monkeypatch):
    pytest.importorskip("PyInstaller")
    # versioninfo imports Windows-only helpers at the top; parsing needs neither.
    monkeypatch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
    import PyInstaller.compat

    monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    from PyInstaller.utils.win32.versioninfo import load_version_info_from_text_file

    info = load_version_info_from_text_file(str(BUILD / "version_info.txt"))
    major, minor, patch, _ = _script("version").version_numbers(_script("version").read_version())
    assert info.ffi.fileVersionMS == (major << 16) | minor
    assert info.ffi.fileVersionLS >> 16 == patch
    assert info.toRaw()


# --- icon --------------------------------------------------------------------------


@pytest.mark.parametrize("size", [16, 32, 48, 64, 128, 256, 512])
def test_icon_png_sizes(size):
    assert _png_size((ICON / f"icon-{size}.png").read_bytes()) == (size, size)


def test_runtime_icon_is_the_256_png():
    runtime = (ROOT / "assets" / "images" / "icon.png").read_bytes()
    assert runtime == (ICON / "icon-256.png").read_bytes()


def test_ico_holds_png_images_of_every_size():
    data = (ICON / "split.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        payload = data[offset : offset + length]
        size = w or 256
        assert (w, planes, bpp) == (h, 1, 32)
        assert _png_size(payload) == (size, size)
        sizes.append(size)
    assert sizes == [16, 32, 48, 64, 128, 256]


def test_icns_holds_png_images_of_the_right_types():
    data = (ICON / "split.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    found = {}
    pos = 8
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        found[kind] = _png_size(data[pos + 8 : pos + length])[0]
        pos += length
    assert pos == len(data)
    expected = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
    expected |= {b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}
    assert found == expected


# --- desktop entry, spec, entry script ---------------------------------------------


def test_desktop_entry():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(BUILD / "split.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application"
    assert desktop["Name"] == "Split"
    assert desktop["Exec"].split()[0] == "Split"
    assert desktop["Icon"] == "split"
    assert desktop["Terminal"] == "false"
    assert "Game" in desktop["Categories"].split(";")


def test_spec_is_python_and_bundles_assets():
    text = (ROOT / "split.spec").read_text(encoding="utf-8")
    compile(text, "split.spec", "exec")
    for needle in ('"assets"', "entry.py", "split.ico", "split.icns", "version_info.txt"):
        assert needle in text


def test_entry_script_calls_the_command_line():
    """The frozen app takes the same command line as ``python -m split`` (--version, ...)."""
    from split.app.cli import main

    assert callable(main)
    assert "from split.app.cli import main" in (BUILD / "entry.py").read_text(encoding="utf-8")


# --- sounds ------------------------------------------------------------------------


def test_sound_generator_reproduces_the_committed_files(tmp_path):
    """Committed WAVs are exactly what build/make_sounds.py writes (±1 LSB for libm)."""
    make_sounds = _script("make_sounds")
    assert make_sounds.main(["--out", str(tmp_path)]) == 0
    for name in make_sounds.EFFECTS:
        with wave.open(str(ROOT / "assets" / "sounds" / f"{name}.wav")) as a:
            committed = a.readframes(a.getnframes())
        with wave.open(str(tmp_path / f"{name}.wav")) as b:
            fresh = b.readframes(b.getnframes())
        assert len(committed) == len(fresh), name
        n = len(fresh) // 2
        pairs = zip(struct.unpack(f"<{n}h", committed), struct.unpack(f"<{n}h", fresh), strict=True)
        assert max(abs(x - y) for x, y in pairs) <= 1, name
