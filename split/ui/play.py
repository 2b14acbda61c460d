"""Open a window on a table, for trying the UI and for the real-window tests.

    python -m split.ui.play --seats You:human,Ada:normal,Bo:easy --seed 7 --speed fast

``--state-out FILE`` writes the game's state JSON (NOTATION.md) after every applied
action and on exit, plus the table's hit rectangles, so a test that moves the real
mouse can find the cards and check the result through the game's own state.
``--new`` opens the new-game screen first.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from split.engine import Action

    from .screens import SeatSetup
    from .table import TableScene


def _parse_seats(text: str) -> list[SeatSetup]:
    from .screens import SeatSetup

    seats = []
    for part in text.split(","):
        name, _sep, kind = part.partition(":")
        seats.append(SeatSetup(name.strip(), (kind or "human").strip()))
    return seats


def write_state(table: TableScene, path: Path) -> None:
    """The state JSON plus ``hits`` (kind, a, b, x, y, w, h) and whether the table is idle."""
    from split.engine.notation import state_json

    out = state_json(table.state)
    out["hits"] = [[h.kind, h.a, h.b, *h.rect] for h in table.hits()]
    out["idle"] = table.human_turn()
    out["order"] = table.hand.cards
    out["actions"] = [str(a) for a in table.game.actions]
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(out))
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m split.ui.play")
    p.add_argument("--seats", default="You:human,Ada:normal,Bo:normal")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dealer", type=int, default=0)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--speed", default="normal", choices=["normal", "fast", "instant"])
    p.add_argument("--state-out", type=Path)
    p.add_argument("--new", action="store_true", help="start on the new-game screen")
    p.add_argument("--language", default="en", help="en, gl, te, fa or id")
    args = p.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from split import i18n
    from split.engine import Game, GameConfig

    from .loop import App
    from .screens import NewGameScene
    from .table import TableScene, TableSettings

    i18n.set_language(args.language)
    w, _x, h = args.size.partition("x")
    pygame.init()
    app = App((int(w), int(h)))
    settings = TableSettings(speed=args.speed)
    sound = None
    try:
        from .sound import Sound

        sound = Sound()
    except Exception:  # noqa: BLE001 - no sound is fine
        sound = None
    holder: dict = {}

    def on_term(
        signum: int, frame: object
    ) -> None:  # a test's terminate(): close as the window would
        app.running = False
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    signal.signal(signal.SIGTERM, on_term)

    def on_action(action: Action, events: Sequence[object]) -> None:
        if args.state_out and "table" in holder:
            holder["dirty"] = True

    def make(seats: Sequence[SeatSetup], dealer: int) -> TableScene:
        game = Game(GameConfig(len(seats), dealer, args.seed))
        holder["table"] = TableScene(game, seats, on_action, settings, sound)
        return holder["table"]

    if args.new:
        app.push(NewGameScene(on_start=make))
    else:
        app.push(make(_parse_seats(args.seats), args.dealer))
    last_idle = None
    while app.running and app.scenes:
        app.step(block=True)
        table = holder.get("table")
        if args.state_out and table is not None:
            idle = table.human_turn()
            if holder.pop("dirty", False) or idle != last_idle:
                write_state(table, args.state_out)
                last_idle = idle
    if args.state_out and "table" in holder:
        write_state(holder["table"], args.state_out)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
