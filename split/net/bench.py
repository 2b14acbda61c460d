"""``split bench net``: network play on the loopback address.

- **latency**: from a player's move leaving its client (the drop of a card) to the
  host's events for it arriving back at *every* client, over whole games of people
  playing with a bot's choices (median and p99, milliseconds);
- **idle**: the CPU of a host process with five remote players connected and nobody
  moving (percent of one core, Linux).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from split.bots import make_bot
from split.cliargs import Parser, real, whole
from split.engine import Game, GameConfig, PlayerView
from split.engine.actions import Action
from split.engine.state import GAME_OVER, ROUND_OVER

from .client import Client, Gone
from .host import PERSON, Host, SeatPlan
from .protocol import HostMessage, Update
from .remote import RemoteGame

LOOPBACK = "127.0.0.1"


class _Stamped(Client):
    """A client that notes when each move's update arrives (on its own thread)."""

    def __init__(self, host: str, port: int, code: str, name: str, token: str | None) -> None:
        super().__init__(host, port, code, name, token)
        self.arrived: list[float] = []  # the time of each move's update, in order

    def _put(self, msg: HostMessage | Gone) -> None:
        if isinstance(msg, Update) and msg.action is not None:
            self.arrived.append(time.perf_counter())
        super()._put(msg)


def _join(port: int, code: str, name: str, token: str | None) -> tuple[RemoteGame, _Stamped]:
    client = _Stamped(LOOPBACK, port, code, name, token)
    remote = RemoteGame(client.start())
    deadline = time.monotonic() + 5
    while not remote.ready:
        remote.pump()
        if time.monotonic() > deadline or remote.gone is not None:
            raise SystemExit("could not join the host")
        time.sleep(0.001)
    return remote, client


def latency(players: int, games: int, seed: int) -> list[float]:
    """Milliseconds from each move's send to its update at the last client."""
    out: list[float] = []
    for g in range(games):
        plans = [SeatPlan(f"P{i}", PERSON) for i in range(players)]
        host = Host(Game(GameConfig(players, g % players, seed + g)), plans, pause=0)
        host.start(LOOPBACK, 0)
        try:
            joined = [_join(host.port, host.code, "P0", host.own_token)]
            joined += [_join(host.port, host.code, f"P{i}", None) for i in range(1, players)]
            remotes = [r for r, _client in joined]
            bots = [make_bot("normal", seed + i) for i in range(players)]
            sent: dict[int, float] = {}  # move number -> when it left its client
            host.begin()
            asked: set[tuple[int, int]] = set()
            while not all(r.state is not None and r.state.phase == GAME_OVER for r in remotes):
                for seat, (r, bot) in enumerate(zip(remotes, bots, strict=True)):
                    r.pump()
                    s = r.state
                    if r.waiting or s is None or s.phase == GAME_OVER:
                        continue
                    if s.phase == ROUND_OVER:
                        if (seat, s.round) not in asked:
                            asked.add((seat, s.round))
                            r.send(Action.next_round())
                    elif s.current == seat:
                        action = bot.choose(PlayerView.of(s, seat), s.legal_actions())
                        sent[len(r.actions)] = time.perf_counter()
                        r.send(action)
                time.sleep(0.0002)
            stamps = [client.arrived for _r, client in joined]
            for move, t0 in sent.items():
                out.append(1000 * (max(a[move] for a in stamps) - t0))
        finally:
            host.stop()
    return out


_SERVE = """
import json, sys, time
from split.engine import Game, GameConfig
from split.net.host import PERSON, Host, SeatPlan
plans = [SeatPlan(f"P{i}", PERSON) for i in range(6)]
host = Host(Game(GameConfig(6, 5, 1)), plans, pause=0)
host.start("127.0.0.1", 0)
host.begin()
print(json.dumps({"port": host.port, "code": host.code, "token": host.own_token}), flush=True)
time.sleep(3600)
"""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle(seconds: float) -> float:
    """Percent of one core a host process uses with its seats connected and idle."""
    proc = subprocess.Popen([sys.executable, "-c", _SERVE], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        table = json.loads(proc.stdout.readline())
        joined = [_join(table["port"], table["code"], "P0", table["token"])]
        joined += [_join(table["port"], table["code"], f"P{i}", None) for i in range(1, 6)]
        remotes = [r for r, _client in joined]
        time.sleep(1)
        before = _cpu_seconds(proc.pid)
        time.sleep(seconds)
        used = _cpu_seconds(proc.pid) - before
        for r in remotes:
            r.leave()
        return 100 * used / seconds
    finally:
        proc.kill()
        proc.wait()


def cli(argv: list[str]) -> int:
    p = Parser(prog="split bench net", description=__doc__)
    p.add_argument("--players", type=whole(2, 6), default=4)
    p.add_argument("--games", type=whole(1, 1000), default=3)
    p.add_argument("--seed", type=whole(0, 2**31), default=1)
    p.add_argument("--idle-seconds", type=real(0, 3600, True), default=10.0)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    ms = sorted(latency(args.players, args.games, args.seed))
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    cpu = idle(args.idle_seconds) if sys.platform.startswith("linux") else None
    result = {
        "players": args.players,
        "games": args.games,
        "moves": len(ms),
        "latency_ms_median": round(statistics.median(ms), 2),
        "latency_ms_p99": round(p99, 2),
        "host_idle_cpu_percent": None if cpu is None else round(cpu, 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"loopback, {args.players} players, {args.games} games, {len(ms)} moves: a move "
            f"reaches every client in {result['latency_ms_median']} ms median, "
            f"{result['latency_ms_p99']} ms p99; host with 5 idle remote players: "
            f"{'n/a' if cpu is None else f'{cpu:.2f}%'} of one core"
        )
    return 0


__all__ = ["cli", "idle", "latency"]
