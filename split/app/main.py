"""Placeholder start-up (written by the packaging work; the real app replaces it).

``--selftest`` checks what a frozen build must have: the assets, pygame, the mixer
module and a headless display, then exits 0 and prints ``selftest ok``.
"""

from __future__ import annotations

import argparse
import os
import sys


def _selftest() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    import split
    from split.resources import asset_path, asset_root
    from split.ui.sound import EFFECTS, Sound

    missing = [f"sounds/{n}.wav" for n in EFFECTS if not asset_path(f"sounds/{n}.wav").is_file()]
    if not asset_path("images/icon.png").is_file():
        missing.append("images/icon.png")
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    pygame.display.set_icon(pygame.image.load(str(asset_path("images/icon.png"))))
    sound = Sound()
    sound.preload()
    pygame.quit()
    print(f"split {split.__version__}  assets {asset_root()}")
    print(f"sound: {sound.disabled_reason or 'ok'}, effects {len(sound.loaded())}/{len(EFFECTS)}")
    if missing:
        print("missing assets: " + ", ".join(missing))
        return 1
    print("selftest ok")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Start the game (placeholder: only ``--selftest`` does anything yet)."""
    parser = argparse.ArgumentParser(prog="split", description="Split, the half-card game")
    parser.add_argument("--selftest", action="store_true", help="check the install and exit")
    args = parser.parse_args(argv)
    if args.selftest:
        return _selftest()
    print("window coming soon")
    return 0


if __name__ == "__main__":
    sys.exit(main())
