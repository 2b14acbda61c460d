"""``split bench WHAT``: the project's speed benchmarks, each living with its layer.

- ``render``: frame times of a six-player table mid-game (split.ui.bench).
- ``engine``: random-play decisions per second (the same measure as ``split sim``).
- ``idle``: CPU the menu uses over 10 s with nothing moving (Linux: read from /proc).
- ``net``: network play on the loopback address: a move's way to every client, and an
  idle host's CPU (split.net.bench).
- ``start``: launch to the first frame of the menu, the whole process timed
  (``--exe dist/Split`` for the one-file build; from source otherwise).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from split.cliargs import Parser, program, real, whole


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _game_command(exe: str | None) -> tuple[list[str], dict[str, str]]:
    """How to start the game (the built ``exe`` or this Python from source) with a
    throw-away data folder, on the dummy driver when there is no display."""
    cmd = [exe] if exe else [sys.executable, "-m", "split"]
    env = dict(os.environ, SPLIT_DATA_DIR=tempfile.mkdtemp(prefix="split-bench-"))
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return cmd, env


def _cannot_run(prog: str, cmd: list[str], why: str) -> int:
    """One line on stderr: the program under test could not be measured; status 1."""
    shown = " ".join(cmd)
    shown = shown if len(shown) <= 120 else shown[:117] + "..."
    print(f"{prog}: cannot measure {shown}: {' '.join(why.split())}", file=sys.stderr)
    return 1


def _idle(argv: list[str]) -> int:
    p = Parser(prog="split bench idle")
    p.add_argument("--exe", type=program, help="the built executable (default: this Python)")
    p.add_argument("--seconds", type=real(0, 3600, True), default=10.0)
    args = p.parse_args(argv)
    cmd, env = _game_command(args.exe)
    try:
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as err:
        return _cannot_run(p.prog, cmd, err.strerror or str(err))
    used = 0.0
    try:
        # start-up and the first frames are not idling; a program that ends in them
        # (a crash, or not the game at all) is told at once
        proc.wait(3)
    except subprocess.TimeoutExpired:
        try:
            before = _cpu_seconds(proc.pid)
            time.sleep(args.seconds)
            used = _cpu_seconds(proc.pid) - before
        except OSError as err:
            if proc.poll() is None:
                return _cannot_run(p.prog, cmd, err.strerror or str(err))
    finally:
        ended = proc.poll()
        proc.kill()
        proc.wait()
    if ended is not None:  # it did not idle: it ended (a crash, or not the game at all)
        return _cannot_run(p.prog, cmd, f"it exited with status {ended} instead of idling")
    shown = "a real display" if env.get("DISPLAY") else "the dummy driver"
    print(
        f"idle menu: {100 * used / args.seconds:.1f}% of one core over {args.seconds:g} s ({shown})"
    )
    return 0


def _start(argv: list[str]) -> int:
    p = Parser(prog="split bench start")
    p.add_argument("--exe", type=program, help="the built executable (default: this Python)")
    p.add_argument("--runs", type=whole(1, 1000), default=5)
    args = p.parse_args(argv)
    cmd, env = _game_command(args.exe)
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        try:
            subprocess.run(
                [*cmd, "--first-frame"], env=env, check=True, capture_output=True, timeout=600
            )
        except OSError as err:
            return _cannot_run(p.prog, cmd, err.strerror or str(err))
        except subprocess.CalledProcessError as err:
            return _cannot_run(p.prog, cmd, f"it exited with status {err.returncode}")
        except subprocess.TimeoutExpired:
            return _cannot_run(p.prog, cmd, "it did not draw its first frame in 600 s")
        times.append(time.perf_counter() - t0)
    print(
        f"launch to first menu frame and exit: median {statistics.median(times):.3f} s, "
        f"best {min(times):.3f} s over {args.runs} runs ({' '.join(cmd)})"
    )
    return 0


def cli(argv: list[str]) -> int:
    p = Parser(prog="split bench", description=__doc__)
    p.add_argument("what", choices=["render", "engine", "start", "idle", "net"])
    args, rest = p.parse_known_args(argv)
    if args.what == "render":
        from split.ui.bench import cli as render

        return render(rest)
    if args.what == "start":
        return _start(rest)
    if args.what == "net":
        from split.net.bench import cli as net

        return net(rest)
    if args.what == "idle":
        return _idle(rest)
    from split.bots.tournament import cli as sim

    return sim(["--bots", "random", "--players", "4", "--games", "300", "--json", *rest])
