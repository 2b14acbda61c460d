"""``split bench WHAT``: the project's speed benchmarks, each living with its layer.

- ``render``: frame times of a six-player table mid-game (split.ui.bench).
- ``engine``: random-play decisions per second (the same measure as ``split sim``).
- ``start``: launch to the first frame of the menu, the whole process timed
  (``--exe dist/Split`` for the one-file build; from source otherwise).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def _start(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="split bench start")
    p.add_argument("--exe", help="the built executable (default: this Python, from source)")
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args(argv)
    cmd = [args.exe] if args.exe else [sys.executable, "-m", "split"]
    env = dict(os.environ, SPLIT_DATA_DIR=tempfile.mkdtemp(prefix="split-bench-"))
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        subprocess.run([*cmd, "--first-frame"], env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    print(
        f"launch to first menu frame and exit: median {statistics.median(times):.3f} s, "
        f"best {min(times):.3f} s over {args.runs} runs ({' '.join(cmd)})"
    )
    return 0


def cli(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="split bench", description=__doc__)
    p.add_argument("what", choices=["render", "engine", "start"])
    args, rest = p.parse_known_args(argv)
    if args.what == "render":
        from split.ui.bench import cli as render

        return render(rest)
    if args.what == "start":
        return _start(rest)
    from split.bots.tournament import cli as sim

    return sim(["--bots", "random", "--players", "4", "--games", "300", "--json", *rest])
