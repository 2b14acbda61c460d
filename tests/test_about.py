"""What the About screen shows, and opening the data folder on each system."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import split
from split.app import about
from split.resources import asset_root

ROOT = Path(__file__).resolve().parent.parent


def test_about_info_gathers_version_licences_and_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path / "data"))
    info = about.about_info()
    assert info.version == split.__version__
    assert info.licence.startswith("MIT License") and "Split Desktop contributors" in info.licence
    assert info.data_dir == tmp_path / "data"  # shown as it is: About creates nothing
    found = {(f.part, f.name) for f in info.asset_licences}
    assert {
        ("fonts", "LICENSE-DejaVu.txt"),
        ("fonts", "OFL.txt"),
        ("sounds", "LICENSE.txt"),
    } <= found
    # and the libraries inside the executable, each with its licence (issue 15 added
    # websockets and zeroconf, which LGPL-licensed zeroconf needs to be shown with)
    libraries = {f.part.split()[0]: f for f in info.asset_licences if " " in f.part}
    assert set(libraries) == set(about.LIBRARIES)
    assert "GNU Lesser General Public" in libraries["zeroconf"].text
    assert "LGPL" in libraries["pygame-ce"].text
    assert "Aymeric Augustin" in libraries["websockets"].text


def test_asset_licences_are_read_whole_and_in_order():
    files = about.asset_licences()
    assert [(f.part, f.name) for f in files] == sorted((f.part, f.name) for f in files)
    ofl = next(f for f in files if f.name == "OFL.txt")
    assert ofl.text == (asset_root() / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in ofl.text


def test_asset_licences_find_nested_folders_and_skip_other_files(tmp_path):
    (tmp_path / "cards" / "art").mkdir(parents=True)
    (tmp_path / "cards" / "art" / "COPYING").write_text("CC0", encoding="utf-8")
    (tmp_path / "cards" / "README.md").write_text("not a licence", encoding="utf-8")
    (tmp_path / "notes-on-the-licence.txt").write_text("also not", encoding="utf-8")
    (tmp_path / "LICENCE.txt").write_text("top", encoding="utf-8")
    found = [(f.part, f.name, f.text) for f in about.asset_licences(tmp_path)]
    assert found == [(".", "LICENCE.txt", "top"), ("cards/art", "COPYING", "CC0")]


def test_game_licence_is_the_repository_licence():
    assert about.game_licence() == (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_game_licence_from_an_installed_wheel(tmp_path, monkeypatch):
    """No LICENSE beside the assets: the distribution's licence file (metadata 2.4 path)."""

    class Metadata(dict):  # the part of email.message.Message that is used
        def get_all(self, key):
            return [self[key]] if key in self else None

    class Dist:
        metadata = Metadata({"License-File": "LICENSE"})

        def read_text(self, name: str) -> str | None:
            return "MIT from the wheel" if name == "licenses/LICENSE" else None

    dist = Dist()
    monkeypatch.setattr(about, "asset_root", lambda: tmp_path / "site" / "split" / "assets")
    monkeypatch.setattr(about.metadata, "distribution", lambda name: dist)
    assert about.game_licence() == "MIT from the wheel"


# --- open the folder -----------------------------------------------------------------------


class FakeProc:
    def __init__(self, code: int | None):
        self.code = code

    def wait(self, timeout: float) -> int:
        if self.code is None:
            raise subprocess.TimeoutExpired("xdg-open", timeout)
        return self.code


def _recording_popen(calls: list, code: int | None = 0):
    def popen(command, **kwargs):
        calls.append((command, kwargs))
        return FakeProc(code)

    return popen


@pytest.mark.parametrize(("platform", "program"), [("linux", "xdg-open"), ("darwin", "open")])
def test_open_folder_runs_the_system_opener(tmp_path, platform, program):
    calls: list = []
    assert about.open_folder(tmp_path, platform, popen=_recording_popen(calls)) is None
    ((command, kwargs),) = calls
    assert command == [program, str(tmp_path)]
    assert kwargs["stdin"] is subprocess.DEVNULL and kwargs["start_new_session"]


def test_open_folder_on_windows_uses_startfile(tmp_path):
    opened = []
    assert about.open_folder(tmp_path, "win32", startfile=opened.append) is None
    assert opened == [str(tmp_path)]


def test_open_folder_reports_instead_of_raising(tmp_path):
    def missing(command, **kwargs):
        raise FileNotFoundError(2, "No such file or directory", command[0])

    def refused(path):
        raise OSError(13, "Access is denied")

    message = about.open_folder(tmp_path, "linux", popen=missing)
    assert message == f"Could not open {tmp_path}: No such file or directory"
    assert "Access is denied" in about.open_folder(tmp_path, "win32", startfile=refused)
    failing = _recording_popen([], code=4)
    assert "xdg-open exited with status 4" in about.open_folder(tmp_path, "linux", popen=failing)
    assert "does not exist" in about.open_folder(tmp_path / "gone", "linux")


def test_a_slow_file_manager_is_not_waited_for(tmp_path):
    assert about.open_folder(tmp_path, "linux", popen=_recording_popen([], code=None)) is None


def test_frozen_linux_app_gives_the_opener_the_users_library_path(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/tmp/_MEIxyz")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/opt/mine/lib")
    calls: list = []
    about.open_folder(tmp_path, "linux", popen=_recording_popen(calls))
    env = calls[0][1]["env"]
    assert env["LD_LIBRARY_PATH"] == "/opt/mine/lib" and "LD_LIBRARY_PATH_ORIG" not in env
    monkeypatch.delenv("LD_LIBRARY_PATH_ORIG")
    about.open_folder(tmp_path, "linux", popen=_recording_popen(calls))
    assert "LD_LIBRARY_PATH" not in calls[1][1]["env"]


def test_about_needs_no_pygame():
    code = "import sys, split.app.about; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# ---------------------------------------------------------------- the screen, by mouse


def _about_screen(tmp_path, monkeypatch, lang="en"):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from app_driver import click_button, start

    from split.ui.menu.about import AboutScene

    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path / "data"))
    app, ctx = start()
    if lang != "en":
        ctx.change(language=lang)
    click_button(app, "about")
    assert isinstance(app.scene, AboutScene)
    return app, ctx


def test_about_screen_from_the_menu_shows_version_licences_and_opens_the_folder(
    tmp_path, monkeypatch
):
    import pygame
    from app_driver import click_button, post

    opened = []
    app, ctx = _about_screen(tmp_path, monkeypatch)
    monkeypatch.setattr(ctx, "open_folder", lambda path: opened.append(path))
    scene = app.scene
    names = [b.name for b in scene.buttons]
    # the game's licence first, then every licence file of the assets, then Open and Back
    assert names[: len(scene.texts)] == [f"licence:{i}" for i in range(len(scene.texts))]
    assert names[-2:] == ["open", "back"]
    assert scene.texts[0][1].startswith("MIT License")
    assert scene.facts.version == split.__version__
    # picking the fonts' OFL shows its text; the wheel scrolls it
    ofl = next(i for i, (label, _t, _l) in enumerate(scene.texts) if label.endswith("OFL.txt"))
    click_button(app, f"licence:{ofl}")
    assert scene.pick == ofl and scene.scroll == 0
    assert any("SIL OPEN FONT LICENSE" in line for line in scene.lines(600))
    post(pygame.MOUSEWHEEL, x=0, y=-2)
    app.run_frames(2)
    assert scene.scroll == 6
    click_button(app, "open")
    assert opened == [tmp_path / "data"]
    click_button(app, "back")
    assert type(app.scene).__name__ == "MainMenu"


def test_about_screen_says_when_the_folder_cannot_be_opened(tmp_path, monkeypatch):
    from app_driver import click_button

    app, _ctx = _about_screen(tmp_path, monkeypatch)
    monkeypatch.setattr(
        "split.app.context._open_folder",
        lambda path, **kw: f"Could not open {path}: no xdg-open",
    )
    click_button(app, "open")
    assert app.scene.problem.startswith("Could not open the folder")


def test_about_screen_is_translated_and_mirrored_in_persian(tmp_path, monkeypatch):
    app, _ctx = _about_screen(tmp_path, monkeypatch, lang="fa")
    scene = app.scene
    buttons = {b.name: b for b in scene.buttons}
    assert buttons["back"].label != "Back"
    # the list of licences sits on the right in Persian
    assert buttons["licence:0"].rect.centerx > scene.size[0] // 2


class _Runs:
    """Records every line the screen shapes: (logical text, language, visual text)."""

    def __init__(self, monkeypatch) -> None:
        from split.ui import text, typeset

        self.seen: list[tuple[str, str, str]] = []
        orig = text.visual_runs

        def visual_runs(words, lang=None):
            runs = orig(words, lang)
            self.seen.append((words, lang, "".join(r.text for r in runs)))
            return runs

        monkeypatch.setattr(text, "visual_runs", visual_runs)
        typeset._render.cache_clear()
        typeset._fit.cache_clear()

    def visual(self, part: str) -> list[str]:
        """The visual text of every shaped line whose logical text has ``part``."""
        return [v for t, _lang, v in self.seen if part in t]


def test_persian_about_keeps_versions_paths_and_licences_left_to_right(tmp_path, monkeypatch):
    """Issue 27: in Persian the version and the data folder's path keep ASCII digits and
    read left to right ("pygame-ce 2.5.8", not "۲٫۵٫۸"), and an English licence is laid
    out left to right, so its punctuation ends its lines (tested on the visual runs)."""
    from app_driver import click_button

    app, _ctx = _about_screen(tmp_path, monkeypatch, lang="fa")
    scene = app.scene
    runs = _Runs(monkeypatch)
    scene.dirty = True
    app.run_frames(2)
    version = runs.visual(split.__version__)
    assert version and all(split.__version__ in v for v in version)
    path = str(tmp_path / "data")
    assert any(path in v for v in runs.visual(path)), runs.visual("data")
    # the game's licence: English lines, shaped as English, visual order = logical
    body = scene.texts[0][1]
    licence = [(t, lang, v) for t, lang, v in runs.seen if len(t) > 20 and t in body]
    assert len(licence) > 5 and all(lang == "en" and v == t for t, lang, v in licence)
    assert any(v.rstrip()[-1] in ",." for _t, _l, v in licence)  # at the line's right end
    # a library's licence is listed under its version, as written
    lib = next((i for i, t in enumerate(scene.texts) if t[0].startswith("pygame-ce ")), None)
    if lib is not None:
        label = scene.texts[lib][0]
        number = label.split(" ")[1].split("/")[0]  # "2.5.8"
        assert runs.visual(number) and all(number in v for v in runs.visual(number))
        click_button(app, f"licence:{lib}")
        assert scene.body()[1] == "en"


def test_about_names_every_languages_translators(tmp_path, monkeypatch):
    """Issue 27: the About screen credits each language, from its catalog's
    Last-Translator (set in every catalog: no "FULL NAME" left), in the player's
    language."""
    from app_driver import click_button

    from split import i18n
    from split.ui.menu.about import credits, translator

    for lang in i18n.LANGUAGES:
        who = translator(lang)
        assert who and "FULL NAME" not in who, lang
    app, _ctx = _about_screen(tmp_path, monkeypatch, lang="gl")
    scene = app.scene
    pick = next(i for i, t in enumerate(scene.texts) if t[0] == "Translations")
    click_button(app, f"licence:{pick}")
    text, lang = scene.body()
    assert lang == "gl" and text == credits()
    lines = text.splitlines()
    assert len(lines) == len(i18n.LANGUAGES)
    for (code, name), line in zip(i18n.LANGUAGES.items(), lines, strict=True):
        assert line.startswith(name) and translator(code) in line
    assert "traducido por" in lines[1] and scene.lines(600)[: len(lines)] == lines
