"""Write docs/screens/<lang>-rules.png and <lang>-table.png for every language (1280x720).

Headless: ``PYTHONPATH=. python build/screenshots.py``. The images are the real app screen.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SPLIT_DATA_DIR", tempfile.mkdtemp(prefix="split-shots-"))

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from split import i18n  # noqa: E402
from split.app.main import create_app  # noqa: E402
from split.app.session import Session  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.ui.menu.game import GameTable  # noqa: E402
from split.ui.menu.rules import RulesScene  # noqa: E402

SIZE = (1280, 720)
OUT = ROOT / "docs" / "screens"
HUMAN_TURNS = 3  # the table is shown after your third move: cards on the table, a log


def play_a_while(app, table, turns: int) -> None:
    """Finish the deal, then play ``turns`` of your own moves as the hint suggests (the
    bots move in between), and stop at your next turn with every animation done."""
    from split.bots.hints import hint

    moves = 0
    for _ in range(5000):
        table.finish_animations()
        app.run_frames(1)
        if app.scene is not table:  # the round ended: show the table as it was
            break
        if not table.human_turn():
            continue
        if moves >= turns and table.state.phase == "start":
            break
        table.try_action(hint(table.state, table.state.legal_actions()).action)
        if table.state.current != table.viewer:  # your turn is over
            moves += 1
    table.finish_animations()
    app.run_frames(3)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    app, ctx = create_app(SIZE, seed=1, sound=False)
    app.run_frames(2)
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            while len(app.scenes) > 1:
                app.pop()
            app.push(RulesScene(ctx, 0))
            app.run_frames(3)
            pygame.image.save(app.screen, str(OUT / f"{lang}-rules.png"))
            app.pop()
            seats = tuple(
                SeatChoice(n, k)
                for n, k in (("You", "human"), ("Ada", "easy"), ("Bo", "random"), ("Cy", "random"))
            )
            table = app.push(GameTable(ctx, Session.new(seats, seed=3, path=None)))
            play_a_while(app, table, HUMAN_TURNS)
            pygame.image.save(app.screen, str(OUT / f"{lang}-table.png"))
            print(f"{lang}: rules, table")
    finally:
        i18n.set_language("en")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
