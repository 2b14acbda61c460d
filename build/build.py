"""Build the one-file executable: catalogs, version file, then PyInstaller.

    python build/build.py               # dist/Split (dist/Split.exe, dist/Split.app)
    python build/build.py --assets      # also re-synthesise sounds and redraw the icon
    python build/build.py --selftest    # afterwards run the built app with --selftest
    python build/build.py --release     # also dist/release/Split-linux (Split.exe,
                                        # Split-macos.zip): the file a release offers

On macOS the .app is ad-hoc signed (``codesign --force --deep -s -``) and the
signature verified: an arm64 app whose signature is broken is "damaged" to Gatekeeper.

Run it from any folder with the interpreter that has the build extra installed
(``pip install -e .[build]``): PyInstaller freezes whatever that interpreter imports.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
DIST = ROOT / "dist"


def run(*args: str | Path, env: dict[str, str] | None = None) -> None:
    """Run one step with this interpreter's tools; stop the build if it fails."""
    command = [str(a) for a in args]
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True, env=env)


def artefact() -> Path:
    """Where PyInstaller puts the app on this platform."""
    if sys.platform == "darwin":
        return DIST / "Split.app"
    return DIST / ("Split.exe" if os.name == "nt" else "Split")


def release_name() -> str:
    """The file name a release offers for this platform."""
    if sys.platform == "darwin":
        return "Split-macos.zip"
    return "Split.exe" if os.name == "nt" else f"Split-{sys.platform.rstrip('0123456789')}"


def sign_macos_app(app: Path) -> None:
    """Ad-hoc sign the whole bundle again and verify it strictly (stops the build if
    either fails). PyInstaller signs it too, but only warns when that fails."""
    run("codesign", "--force", "--deep", "--sign", "-", app)
    run("codesign", "--verify", "--deep", "--strict", "--verbose=2", app)


def package(app: Path) -> Path:
    """Copy or zip the app into dist/release under its release name. The .app is
    zipped by ditto, which keeps the bundle's symlinks and its signature intact."""
    out = DIST / "release"
    out.mkdir(parents=True, exist_ok=True)
    target = out / release_name()
    target.unlink(missing_ok=True)
    if app.suffix == ".app":
        run("ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", app, target)
    else:
        shutil.copy2(app, target)  # keeps the executable bit
    return target


def size_of(path: Path) -> int:
    """Bytes in a file, or in every file under a folder (the .app bundle)."""
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return path.stat().st_size


def check_metadata() -> None:
    """Warn if split-desktop is not installed: the app would then report 0.0.0+source."""
    sys.path.insert(0, str(BUILD))
    from version import read_version

    wanted = read_version()
    try:
        have = metadata.version("split-desktop")
    except metadata.PackageNotFoundError:
        have = None
    if have != wanted:
        print(
            f"warning: split-desktop {wanted} is not installed in this interpreter "
            f"(found {have}); the frozen app cannot show its version. "
            "Run `pip install -e .` first.",
            file=sys.stderr,
        )


def main(argv: list[str] | None = None) -> int:
    """Run every build step in order."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assets", action="store_true", help="regenerate sounds and icon")
    parser.add_argument("--selftest", action="store_true", help="run the built app's selftest")
    parser.add_argument("--release", action="store_true", help="also write dist/release/")
    args = parser.parse_args(argv)
    started = time.monotonic()
    py = sys.executable

    if args.assets:
        run(py, BUILD / "make_sounds.py")
        run(py, BUILD / "make_icon.py")
    catalogs = BUILD / "compile_catalogs.py"
    if catalogs.exists():
        run(py, catalogs)
    else:
        print(f"(no {catalogs.relative_to(ROOT)}: skipping message catalogs)")
    run(py, BUILD / "version.py")
    check_metadata()
    run(
        py,
        "-m",
        "PyInstaller",
        "split.spec",
        "--noconfirm",
        "--distpath",
        DIST,
        "--workpath",
        BUILD / "work",
    )

    app = artefact()
    if app.suffix == ".app":
        sign_macos_app(app)
    print(f"built {app.relative_to(ROOT)}: {size_of(app) / 1e6:.1f} MB")
    if args.release:
        packed = package(app)
        print(f"release file {packed.relative_to(ROOT)}: {size_of(packed) / 1e6:.1f} MB")
    if args.selftest:
        exe = app / "Contents" / "MacOS" / "Split" if app.suffix == ".app" else app
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        run(exe, "--selftest", env=env)
    print(f"done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
