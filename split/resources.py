"""Where the shipped assets are: from source, from an installed wheel and from the frozen app."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def asset_root() -> Path:
    """The folder holding ``assets/`` content (fonts, sounds, images, locale)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    here = Path(__file__).resolve().parent
    packaged = here / "assets"  # installed wheel: assets are copied into the package
    if packaged.is_dir():
        return packaged
    return here.parent / "assets"  # source checkout


def asset_path(relative: str) -> Path:
    """The path of one asset, e.g. ``asset_path("fonts/NotoSans-Regular.ttf")``."""
    return asset_root() / relative
