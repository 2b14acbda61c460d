"""Assets are found from a source checkout, from an installed wheel and from a frozen app."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import split.resources as resources

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ("sounds/deal.wav", "images/icon.png")


def _load_copy(path: Path):
    """Import a copy of split/resources.py that lives at ``path`` (its own cache)."""
    spec = importlib.util.spec_from_file_location(f"resources_copy_{abs(hash(path))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fake_package(tmp_path: Path, with_assets: bool) -> Path:
    """``tmp/site/split/resources.py``, optionally with ``split/assets/sounds/deal.wav``."""
    package = tmp_path / "site" / "split"
    package.mkdir(parents=True)
    shutil.copy(Path(resources.__file__), package / "resources.py")
    if with_assets:
        (package / "assets" / "sounds").mkdir(parents=True)
        (package / "assets" / "sounds" / "deal.wav").write_bytes(b"RIFF")
    return package


def test_from_source_the_top_level_assets_folder_is_used():
    if (ROOT / "split" / "assets").is_dir():
        pytest.skip("this checkout has split/assets")
    if Path(resources.__file__).resolve().parent != ROOT / "split":
        pytest.skip("split is imported from an installed copy")
    assert resources.asset_root() == ROOT / "assets"
    for relative in SAMPLES:
        assert resources.asset_path(relative).is_file(), relative


def test_packaged_assets_win_over_the_source_folder(tmp_path):
    package = _fake_package(tmp_path, with_assets=True)
    (tmp_path / "site" / "assets").mkdir()  # a decoy where a checkout keeps them
    module = _load_copy(package / "resources.py")
    assert module.asset_root() == package.resolve() / "assets"
    assert module.asset_path("sounds/deal.wav").is_file()


def test_without_packaged_assets_the_parent_folder_is_used(tmp_path):
    package = _fake_package(tmp_path, with_assets=False)
    module = _load_copy(package / "resources.py")
    assert module.asset_root() == package.resolve().parent / "assets"


def test_frozen_app_uses_meipass(tmp_path, monkeypatch):
    package = _fake_package(tmp_path, with_assets=True)
    module = _load_copy(package / "resources.py")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    assert module.asset_root() == tmp_path / "bundle" / "assets"


def _pyproject() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def test_every_python_package_is_listed_for_the_wheel():
    """The package list in pyproject.toml is explicit (for split.assets): keep it complete."""
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts) for init in ROOT.glob("split/**/__init__.py")
    }
    assert on_disk - listed == set(), "add these to [tool.setuptools] packages"
    assert "split.assets" in listed
    assert _pyproject()["tool"]["setuptools"]["package-dir"]["split.assets"] == "assets"


def _source_copy(tmp_path: Path) -> Path:
    """The files a build reads, copied so the build cannot touch the work tree."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "split", src / "split", ignore=ignore)
    shutil.copytree(ROOT / "assets", src / "assets", ignore=ignore)
    return src


def _asset_root_in(site: Path) -> Path:
    """asset_root() as a fresh interpreter sees it with only ``site`` on the path."""
    code = "import split.resources as r; print(r.asset_root())"
    out = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
        cwd=site,
    )
    return Path(out.stdout.strip())


def _check_installed_layout(site: Path) -> None:
    assets = site / "split" / "assets"
    for relative in SAMPLES:
        assert (assets / relative).is_file(), relative
    shipped = {p.relative_to(ROOT / "assets") for p in (ROOT / "assets").rglob("*") if p.is_file()}
    packaged = {p.relative_to(assets) for p in assets.rglob("*") if p.is_file()}
    assert shipped <= packaged, f"missing from the wheel: {sorted(map(str, shipped - packaged))}"
    assert _asset_root_in(site) == assets


def test_wheel_layout_puts_assets_inside_the_package(tmp_path):
    """What the wheel will hold, from the same setuptools config (build_py, no network)."""
    pytest.importorskip("setuptools")
    src = _source_copy(tmp_path)
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py"]
        + ["--build-lib", str(site)],
        cwd=src,
        check=True,
        capture_output=True,
    )
    _check_installed_layout(site)


def test_real_wheel_contains_the_assets(tmp_path):
    """A real ``pip wheel``, where the interpreter can build one without downloading."""
    pytest.importorskip("wheel")
    setuptools = pytest.importorskip("setuptools")
    if int(setuptools.__version__.split(".")[0]) < 68:
        pytest.skip("pyproject.toml asks for setuptools>=68")
    src = _source_copy(tmp_path)
    out = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
        + ["-w", str(out), str(src)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("split_desktop-*.whl")
    site = tmp_path / "site"
    shutil.unpack_archive(wheel, site, format="zip")
    _check_installed_layout(site)
