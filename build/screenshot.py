"""Save the README's screenshot, drawn by the game itself: a four-player table mid-game.

python build/screenshot.py            # writes docs/table.png
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from split.ui.bench import _mid_game  # noqa: E402
from split.ui.loop import App  # noqa: E402
from split.ui.screens import SeatSetup  # noqa: E402
from split.ui.table import TableScene, TableSettings  # noqa: E402


def main() -> int:
    pygame.init()
    game = _mid_game(4, 11, 40)
    seats = [SeatSetup("You", "human")] + [SeatSetup(n, "normal") for n in ("Ada", "Bo", "Cy")]
    app = App((1280, 720))
    table = TableScene(game, seats, settings=TableSettings(speed="instant"))
    app.push(table)
    app.run_until(lambda: table.human_turn() and not table.animating(), max_frames=5000)
    app.full_redraw = True
    app.run_frames(2)
    out = ROOT / "docs" / "table.png"
    out.parent.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(out))
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
