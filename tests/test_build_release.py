"""build/build.py --release and build/version.py --tag: the files a release offers."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

BUILD = Path(__file__).resolve().parent.parent / "build"


def _script(name: str):
    """Import build/<name>.py as a module without making build/ a package."""
    spec = importlib.util.spec_from_file_location(f"build_{name}", BUILD / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("platform", "osname", "name"),
    [("win32", "nt", "Split.exe"), ("darwin", "posix", "Split-macos.zip"),
     ("linux", "posix", "Split-linux")],
)  # fmt: skip
def test_release_file_names(monkeypatch, platform, osname, name):
    build = _script("build")
    monkeypatch.setattr(build.sys, "platform", platform)
    monkeypatch.setattr(build.os, "name", osname)
    assert build.release_name() == name


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux file")
def test_linux_release_file_is_an_executable_copy(tmp_path, monkeypatch):
    build = _script("build")
    monkeypatch.setattr(build, "DIST", tmp_path)
    app = tmp_path / "Split"
    app.write_bytes(b"\x7fELF fake")
    app.chmod(0o755)
    packed = build.package(app)
    assert packed == tmp_path / "release" / "Split-linux"
    assert packed.read_bytes() == app.read_bytes() and os.access(packed, os.X_OK)
    assert build.package(app) == packed  # a second build replaces it


@pytest.mark.parametrize(
    ("tag", "ok"),
    [("v0.1.0", True), ("refs/tags/v0.1.0", True), ("0.1.0", False), ("v0.1.1", False),
     ("v0.1", False), ("v0.1.0-rc1", False)],
)  # fmt: skip
def test_a_release_tag_must_name_the_version(tag, ok):
    version = _script("version")
    assert (version.tag_problem(tag, "0.1.0") is None) == ok


def test_version_script_checks_the_tag_against_pyproject(capsys):
    version = _script("version")
    current = version.read_version()
    assert version.main(["--tag", f"v{current}"]) == 0
    assert version.main(["--tag", f"v{current}.9"]) == 1
    assert f"expected 'v{current}'" in capsys.readouterr().err
