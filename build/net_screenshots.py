"""Write the friends' table pictures of docs/screens/net/: who is away, what a window
missed, and quick messages, as the game draws them (issue 26).

    PYTHONPATH=. python build/net_screenshots.py            # English and Persian
    PYTHONPATH=. python build/net_screenshots.py --lang fa --out /tmp/net

A host on the loopback address seats Ann (played by a bot's choices, as a friend on
another computer), this window as Bo and a bot; then, in each language:
``<lang>-quick.jpg`` (Ann's "Well played!" on her board, Bo's quick messages open),
``<lang>-presence.jpg`` (Ann's window closed: "away (a bot plays)" on her board) and
``<lang>-recap.jpg`` (Bo's connection cut on his turn and taken up again: his log says
what he missed, the bot's moves for him included). Headless (SDL's dummy driver).
These pictures depend on the network's timing, so they are not compared in CI.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the network tests' players

import pygame  # noqa: E402

OUT = ROOT / "docs" / "screens" / "net"
AWAY = "While you were away:"  # the recap's heading in the log (its msgid)


def until(step: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if step():
            return
        time.sleep(0.005)
    raise SystemExit(f"net_screenshots: {what} did not happen in {seconds} s")


def shoot(lang: str, out: Path) -> list[Path]:
    from net_play import Player, join

    from split.app.main import create_app
    from split.engine import Game, GameConfig
    from split.net.host import Host, SeatPlan
    from split.ui.menu.lobby import LobbyScene, net_game

    plans = [SeatPlan("Ann", "human"), SeatPlan("Bo", "human"), SeatPlan("Cy", "normal")]
    host = Host(Game(GameConfig(3, 2, 12)), plans, pause=0.05)
    host.start("127.0.0.1", 0)
    written: list[Path] = []
    try:
        ann = Player(join(host.port, host.code, "Ann", host.own_token))
        app, ctx = create_app((1280, 720), seed=1, sound=False)
        ctx.change(speed="instant", language=lang)
        app.run_frames(2)
        net = ctx.join_table(f"127.0.0.1:{host.port}", host.code, "Bo")
        app.push(LobbyScene(ctx, net))
        until(lambda: app.run_frames(1) or net.game.ready, 5, "Bo's seat")
        host.begin()
        until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5, "the table")
        table = app.scene
        assert net_game(table) is not None

        def bos_turn() -> bool:
            ann.step()
            app.run_frames(1)
            return bool(table.legal()) and not table.busy()

        def press(k: int) -> None:
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
            app.run_frames(2)

        def shot(name: str) -> None:
            app.run_frames(2)
            path = out / f"{lang}-{name}.jpg"
            pygame.image.save(pygame.display.get_surface(), str(path))
            written.append(path)

        until(bos_turn, 15, "Bo's turn")
        ann.remote.say("well-played")
        until(lambda: app.run_frames(1) or 0 in table.feedback.bubbles, 5, "Ann's bubble")
        press(pygame.K_m)  # Bo opens the quick messages
        shot("quick")
        press(pygame.K_ESCAPE)
        ann.remote.leave()  # Ann's window closes: the host's bot plays her seat
        until(lambda: app.run_frames(1) or table.kinds[0] == "away", 5, "Ann away")
        until(bos_turn, 30, "Bo's turn again")
        shot("presence")
        net.game.client.abort()  # Bo's cable is pulled on his turn

        def back() -> bool:
            app.run_frames(1)
            return any(w.args == (AWAY,) for w in table.entries)

        until(back, 20, "Bo's window back with what it missed")
        until(lambda: app.run_frames(1) or not table.busy(), 10, "the table at rest")
        shot("recap")
        net_game(table).leave_table(table)
    finally:
        host.stop()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", action="append", help="a language (default: en and fa)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        os.environ["SPLIT_DATA_DIR"] = data
        pygame.init()
        for lang in args.lang or ["en", "fa"]:
            for path in shoot(lang, args.out):
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
