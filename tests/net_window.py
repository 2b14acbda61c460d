"""One player's window of a network game, as its own process: the real app, driven
through its real loop with mouse and key events (tests/app_driver, tests/ui_driver).

    python tests/net_window.py host --players 4 --name Ann --shots DIR
    python tests/net_window.py join --address 127.0.0.1:47211 --code K7Q2XP --name Bo

The host prints one JSON line {"port": ..., "code": ...} once its table is open, waits
until every friend's seat is taken, then starts. Every window plays its turns with a
bot's choices made by drag and drop, reads each round's summary, and at the end prints
{"scores": [...], "seat": n} and saves screenshots of its lobby, table and results in
DIR (``--shots``) if given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from app_driver import button, click_button, post, start  # noqa: E402
from ui_driver import gesture  # noqa: E402

from split.bots import make_bot  # noqa: E402
from split.engine import PlayerView  # noqa: E402
from split.ui.menu.lobby import LobbyScene, NetResults, net_game  # noqa: E402
from split.ui.results import RoundSummaryScene  # noqa: E402


def _until(app, condition, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out on {type(app.scene).__name__}")
        app.step(block=False)
        time.sleep(0.01)


def _shot(app, shots: Path | None, name: str) -> None:
    if shots is not None:
        app.run_frames(2)
        pygame.image.save(app.screen, str(shots / f"{name}.png"))


def _type(app, text: str) -> None:
    for ch in text:
        post(pygame.TEXTINPUT, text=ch)
    app.run_frames(2)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("role", choices=("host", "join"))
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--name", default="Ann")
    p.add_argument("--address", default="")
    p.add_argument("--code", default="")
    p.add_argument("--shots", type=Path)
    p.add_argument("--speed", default="fast")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    app, ctx = start(seed=args.seed, size=(1280, 720))
    ctx.change(speed=args.speed)
    rng = random.Random(args.seed)
    click_button(app, "new")
    setup = app.scene
    if args.role == "host":
        setup.seats[0].name = args.name
        while len(setup.seats) < args.players:
            click_button(app, "more")
        while len(setup.seats) > args.players:
            click_button(app, "fewer")
        for i in range(1, args.players):
            while setup.seats[i].kind != "human":
                click_button(app, f"kind{i}")
        click_button(app, "host")
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        net = lobby.net
        print(json.dumps({"port": net.host.port, "code": net.code}), flush=True)
        _until(app, lambda: net.game.seats and "open" not in net.game.seats.kinds, 60)
        _shot(app, args.shots, "lobby")
        click_button(app, "start")
    else:
        click_button(app, "join")
        for field, text in (("address", args.address), ("code", args.code)):
            click_button(app, field)
            _type(app, text)
        click_button(app, "name")
        for _ in range(30):
            post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        _type(app, args.name)
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        _shot(app, args.shots, "join")
        click_button(app, "join")
        # seated, or already at the table: one step may hear both the welcome and the
        # start when this window is the last to join a busy machine's table
        _until(
            app,
            lambda: (
                net_game(app.scene) is not None
                or (isinstance(app.scene, LobbyScene) and app.scene.net.game.ready)
            ),
            60,
        )
        if isinstance(app.scene, LobbyScene):
            _shot(app, args.shots, "lobby")
    _until(app, lambda: net_game(app.scene) is not None, 60)
    table = app.scene
    # the expert's reviews of this window's moves (for its round summary) are not what
    # the network test watches, and they were most of its CPU: four windows reviewing
    table.expert.close()
    bot = make_bot("normal", args.seed)
    shot_at = rng.randrange(15, 40)
    moves = 0
    while not isinstance(app.scene, NetResults):
        app.step(block=False)
        scene = app.scene
        if isinstance(scene, RoundSummaryScene):
            _until(app, lambda: button(app, "next").enabled, 30)
            click_button(app, "next")
        elif scene is table and table.legal() and not table.busy():
            legal = table.legal()
            gesture(app, table, bot.choose(PlayerView.of(table.state, table.viewer), legal))
            moves += 1
            if moves == shot_at:
                _until(app, lambda: not table.busy(), 10)
                _shot(app, args.shots, "table")
        elif table.gone:
            raise SystemExit(f"the game ended early: {table.prompt()[0]}")
        time.sleep(0.005)
    _shot(app, args.shots, "results")
    print(json.dumps({"scores": table.state.scores(), "seat": table.viewer}), flush=True)
    net_game(table).leave_table(table) if args.role == "join" else None
    if args.role == "host":
        time.sleep(1.0)  # the friends read the results first
        net_game(table).leave_table(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
