"""``python -m split bench render``: frame times of a six-player table mid-game.

Six bots play at 1920x1080 (dummy video driver unless a display is asked for) with
their moves animated; every loop iteration (events, update, draw, display update)
is timed. Prints the median and p99 frame time, and the time from launching
Python to the first drawn frame (measured in a fresh subprocess, from source).
``--thinking`` has the expert search on another thread all the while, as a bot's turn
or the coach's review of your move does in play.
Targets: median <= 4 ms, p99 <= 10 ms, first frame <= 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from split.cliargs import COUNT, SEED, Parser, window_size

if TYPE_CHECKING:
    from split.engine import Game


def _mid_game(players: int, seed: int, moves: int) -> Game:
    from split.engine import Game, GameConfig

    game = Game(GameConfig(players, 0, seed))
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.state.legal_actions()
        if not legal or game.state.phase in ("round-over", "game-over"):
            break
        plays = [a for a in legal if a.kind in ("match", "upgrade")]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal))
    return game


def _search_beside(game: Game, stop: threading.Event) -> None:
    """The expert searching the position of ``game`` (a copy of the table's) again and
    again until ``stop``: the Python a bot's turn, or the coach's review of yours, runs
    on another thread while the table draws."""
    from split.bots import make_bot
    from split.engine import PlayerView

    s = game.state
    bot = make_bot("expert", 1)
    while not stop.is_set() and s.current is not None:
        bot.choose(PlayerView.of(s, s.current), s.legal_actions())


def measure(
    frames: int = 600,
    size: tuple[int, int] = (1920, 1080),
    seed: int = 3,
    speed: str = "fast",
    thinking: bool = False,
) -> dict[str, Any]:
    """Run the table for ``frames`` iterations; return frame-time statistics in ms.
    ``thinking``: with the expert searching on another thread the whole time."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from .loop import App
    from .screens import SeatSetup
    from .table import TableScene, TableSettings

    pygame.init()
    game = _mid_game(6, seed, 70)
    seats = [SeatSetup(n, "random") for n in ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")]
    app = App(size)
    table = TableScene(game, seats, settings=TableSettings(speed=speed))
    app.push(table)
    app.run_frames(3)
    stop = threading.Event()
    beside = None
    if thinking:  # on a copy of the table's game: the table's own is played on here
        beside = threading.Thread(target=_search_beside, args=(_mid_game(6, seed, 70), stop))
        beside.start()
    times: list[float] = []
    rebuilds = 0
    for _ in range(frames * 50):
        if len(times) >= frames:
            break
        if not app.running or app.scene is not table:
            # a round ended: go on with the next one so the table keeps moving
            while app.scene is not table and app.scenes:
                app.pop()
            if table.state.phase == "round-over":
                table.next_round()
            elif table.state.is_over:
                break
        moving = bool(table.animator.flights)
        built = table.renderer.builds
        t0 = time.perf_counter()
        app.step(block=False)
        spent = (time.perf_counter() - t0) * 1000
        if moving:  # only frames with cards in flight count: idle frames would flatter us
            times.append(spent)
        rebuilds += table.renderer.builds - built
        time.sleep(0.004)  # let animations advance in real time, as at 60 fps
    stop.set()
    if beside is not None:
        beside.join()
    times.sort()
    pygame.quit()
    return {
        "thinking": thinking,
        "frames": len(times),
        "animated_only": True,
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(times[int(len(times) * 0.99) - 1], 3),
        "max_ms": round(times[-1], 3),
        "static_rebuilds": rebuilds,
        "actions_played": len(game.actions),
    }


def first_frame() -> float:
    """Seconds from launching Python (from source) to the table's first drawn frame."""
    code = (
        "import time,os;os.environ.setdefault('SDL_VIDEODRIVER','dummy');"
        "os.environ.setdefault('SDL_AUDIODRIVER','dummy');"
        "os.environ['PYGAME_HIDE_SUPPORT_PROMPT']='1';"
        "from split.ui.bench import _first_frame_child;_first_frame_child()"
    )
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    env["SPLIT_BENCH_T0"] = repr(time.time())
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("first-frame ")]
    if not lines:
        raise RuntimeError(out.stderr)
    return float(lines[-1].split()[1])


def _first_frame_child() -> None:
    import pygame

    from split.engine import Game, GameConfig

    from .loop import App
    from .screens import SeatSetup
    from .table import TableScene

    t0 = float(os.environ["SPLIT_BENCH_T0"])
    app = App((1920, 1080))
    seats = [SeatSetup("You", "human")] + [SeatSetup(n, "normal") for n in ("A", "B", "C")]
    app.push(TableScene(Game(GameConfig(4, 0, 1)), seats))
    app.step(block=False)
    print(f"first-frame {time.time() - t0:.3f}")
    pygame.quit()


def render_bench(args: argparse.Namespace) -> int:
    """The bench: prints a line per figure (or JSON with ``--json``); 0 if targets are met."""
    result = measure(args.frames, args.size, args.seed, thinking=args.thinking)
    result["first_frame_s"] = round(first_frame(), 3)
    ok = result["median_ms"] <= 4 and result["p99_ms"] <= 10 and result["first_frame_s"] <= 1
    result["targets_met"] = ok
    if args.json:
        print(json.dumps(result))
    else:
        size = "x".join(map(str, args.size))
        beside = ", the expert searching beside" if args.thinking else ""
        print(f"render bench: six players, {size}, {result['frames']} frames{beside}")
        print(f"  median frame   {result['median_ms']:.2f} ms   (target <= 4)")
        print(f"  p99 frame      {result['p99_ms']:.2f} ms   (target <= 10)")
        print(f"  worst frame    {result['max_ms']:.2f} ms")
        print(f"  static rebuilds {result['static_rebuilds']}, actions {result['actions_played']}")
        print(f"  launch to first frame {result['first_frame_s']:.3f} s   (target <= 1)")
    return 0 if ok else 1


def cli(argv: list[str] | None = None) -> int:
    p = Parser(prog="split bench render", description=__doc__)
    p.add_argument("--frames", type=COUNT, default=600)
    p.add_argument("--size", type=window_size, default=(1920, 1080), help="e.g. 1920x1080")
    p.add_argument("--seed", type=SEED, default=3)
    p.add_argument("--json", action="store_true")
    p.add_argument("--thinking", action="store_true", help="with a bot searching on another thread")
    return render_bench(p.parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(cli())
