"""``split sim``: bots play each other without a window, and the results are summed up.

    python -m split sim --players 4 --bots hard,normal,normal,normal --games 200 --seed 1 --json

Bot slot ``i`` sits at seat ``(i + g) % N`` in game ``g``, so no bot keeps the first
seat; each game's deal seed, first dealer and secret come from ``--seed`` and the game
number. Each decision's bot is made as the app makes it (:class:`SeatedBots`: seeded
by the game's secret, seat and move number, its reading rebuilt from the record), so a
game here is the game the app would play. A *decision* is every action a seat takes
(forced ones included; ``next-round`` is not a seat's action). Bots are asked only
when there is a choice (their readers still watch the forced moves, in the record),
and decision times cover those asks: wall ms, and the CPU seconds the asks took per
game. A search cut by its safety cap counts in ``cap_hits``. A bot that returns an
action not in the legal list is counted in ``illegal_actions`` and a random legal
action is played instead.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import IO, Any, TypeGuard

from split.cliargs import COUNT, MAX_COUNT, SEED, Parser, real, whole
from split.engine.game import Game
from split.engine.setup import ROUNDS, GameConfig
from split.engine.sheet import places
from split.engine.view import PlayerView

from .base import BOT_NAMES, SeatedBots
from .hard import paired


@dataclass
class GameResult:
    """One game's outcome, by seat and by bot slot."""

    scores: list[int]  # by seat
    winners: list[int]  # seats
    slot_of_seat: list[int]
    decisions: int
    illegal: int
    times_ms: list[list[float]] = field(default_factory=list)  # by bot slot
    worlds: list[list[int]] = field(default_factory=list)  # by bot slot: a search's deals
    capped: list[int] = field(default_factory=list)  # by bot slot: searches the cap cut
    cpu_s: list[float] = field(default_factory=list)  # by bot slot: CPU seconds deciding
    cpu_ms: list[list[float]] = field(default_factory=list)  # by bot slot: each decision's
    round_scores: list[list[int]] = field(default_factory=list)  # by round: sheets by seat

    def places(self) -> list[int]:
        """By seat, its place at the end (:func:`~split.engine.sheet.places`)."""
        return places(self.scores)


def game_setup(seed: int, game: int, players: int) -> tuple[int, int]:
    """The deal seed and first dealer of game number ``game`` of a run seeded ``seed``."""
    rng = random.Random(f"sim:{seed}:{game}")
    return rng.getrandbits(31), rng.randrange(players)


def game_secret(seed: int, game: int) -> str:
    """The secret of game number ``game`` of a run seeded ``seed``: a run is repeatable,
    and its bots, which never see the run's seed, cannot trace their seeds back."""
    text = f"sim-secret:{seed}:{game}".encode()
    return hashlib.blake2b(text, digest_size=16).hexdigest()


def play_game(
    names: Sequence[str], game: int, seed: int, options: dict[str, dict[str, Any]] | None = None
) -> GameResult:
    """Play game number ``game`` of a run: bot slot i at seat (i + game) % N; ``options``
    by bot name go to :func:`make_bot` (an option changes the bot, not its seeding)."""
    n = len(names)
    options = options or {}
    deal_seed, dealer = game_setup(seed, game, n)
    slot_of_seat = [0] * n
    for slot in range(n):
        slot_of_seat[(slot + game) % n] = slot
    seat_name = [names[slot_of_seat[seat]] for seat in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    worlds: list[list[int]] = [[] for _ in range(n)]
    capped = [0] * n
    cpu = [0.0] * n
    cpu_ms: list[list[float]] = [[] for _ in range(n)]
    fallback = random.Random(deal_seed)
    record = Game(GameConfig(n, dealer, deal_seed), game_secret(seed, game))
    seated = SeatedBots(options)
    decisions = illegal = 0
    round_scores: list[list[int]] = []
    clock, cpu_clock = time.perf_counter, time.thread_time
    while not record.state.is_over:
        state = record.state
        legal = state.legal_actions()
        seat = state.current
        if seat is None:  # round-over: next-round is nobody's decision
            round_scores.append(state.scores())
            record.apply(legal[0])
            continue
        decisions += 1
        if len(legal) == 1:
            record.apply(legal[0])
            continue
        slot = slot_of_seat[seat]
        t0, c0 = clock(), cpu_clock()
        bot = seated.bot(record, seat_name[seat])
        action = bot.choose(PlayerView.of(state, seat), legal)
        times[slot].append((clock() - t0) * 1000.0)
        cpu[slot] += cpu_clock() - c0
        cpu_ms[slot].append((cpu_clock() - c0) * 1000.0)
        played = getattr(bot, "last_playouts", None)
        if played:  # a search ran (none: a forced or obvious choice)
            worlds[slot].append(played)
        if getattr(bot, "last_capped", False):
            capped[slot] += 1
        if action not in legal:
            illegal += 1
            action = legal[fallback.randrange(len(legal))]
        record.apply(action)
    state = record.state
    round_scores.append(state.scores())
    return GameResult(
        state.scores(),
        state.winners(),
        slot_of_seat,
        decisions,
        illegal,
        times,
        worlds,
        capped,
        cpu,
        cpu_ms,
        round_scores,
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (fractional wins allowed)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def _play_one(args: tuple[list[str], int, int, dict[str, dict[str, Any]]]) -> GameResult:
    names, game, seed, options = args
    return play_game(names, game, seed, options)


def record_line(names: Sequence[str], seed: int, game: int, r: GameResult) -> str:
    """One game of a run as a line of JSON (``split sim --record``): the run's seed, the
    bots by slot, the slot at each seat, and by seat the scores, sheets after each round
    and winners, and by slot the CPU seconds and capped searches, so that two runs of the
    same seed can be compared game by game (the same deals, ``--against``)."""
    line = {
        "game": game,
        "seed": seed,
        "bots": list(names),
        "slot_of_seat": r.slot_of_seat,
        "scores": r.scores,
        "round_scores": r.round_scores,
        "winners": r.winners,
        "cpu_s": [round(x, 3) for x in r.cpu_s],
        "capped": r.capped,
    }
    return json.dumps(line, separators=(",", ":"))


MAX_RECORD_CHARS = 64 * 2**20  # an earlier run's record (``--against``): ~200 a game
MAX_RECORD_LINE = 64 * 2**10


class RecordError(ValueError):
    """An earlier run's record that cannot be compared with this run, and why."""


def read_record(path: str, names: Sequence[str], seed: int) -> dict[int, list[float]]:
    """An earlier run's record (``split sim --against``): by game, each bot slot's share
    of the win (R9.4: a tie shares it). The file is hostile until checked: its size and
    lines are bounded, and every line must be a game of a run with the same seed and
    the same bots, so that the same game number is the same deal; otherwise
    :class:`RecordError` says which line and why (an unreadable file raises OSError)."""
    shares: dict[int, list[float]] = {}
    size = 0
    with open(path, encoding="utf-8") as f:
        for number in range(1, MAX_COUNT + 1):
            try:
                line = f.readline(MAX_RECORD_LINE + 1)
            except UnicodeDecodeError:
                raise RecordError(f"line {number} is not text") from None
            if not line:
                return shares
            size += len(line)
            if len(line) > MAX_RECORD_LINE or size > MAX_RECORD_CHARS:
                raise RecordError(f"line {number}: too long for a record of split sim")
            if line.strip():
                game, share = _record_game(line, names, seed, number)
                if game in shares:
                    raise RecordError(f"line {number}: game {game} again")
                shares[game] = share
    raise RecordError(f"more than {MAX_COUNT} lines")


def _record_game(
    line: str, names: Sequence[str], seed: int, number: int
) -> tuple[int, list[float]]:
    """One line of a record: its game number and each slot's share of the win."""
    n = len(names)
    try:
        obj = json.loads(line)
    except ValueError:
        raise RecordError(f"line {number} is not JSON") from None
    if not isinstance(obj, dict):
        raise RecordError(f"line {number} is not a game")
    game, slots, winners = obj.get("game"), obj.get("slot_of_seat"), obj.get("winners")
    if type(obj.get("seed")) is not int or obj["seed"] != seed:
        raise RecordError(f"line {number} is a game of another seed, not {seed}'s")
    if obj.get("bots") != list(names):
        raise RecordError(f"line {number} is a game of other bots, not {','.join(names)}")
    if type(game) is not int or not 0 <= game < MAX_COUNT:
        raise RecordError(f"line {number}: no game number")
    if not _seats(slots, n) or sorted(slots) != list(range(n)):
        raise RecordError(f"line {number}: no seat for each bot")
    if not _seats(winners, n) or not winners or len(set(winners)) != len(winners):
        raise RecordError(f"line {number}: no winners")
    return game, win_shares(winners, slots)


def _seats(value: object, n: int) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(type(x) is int and 0 <= x < n for x in value)


def win_shares(winners: Sequence[int], slot_of_seat: Sequence[int]) -> list[float]:
    """By bot slot, its share of the game's win (R9.4: a tie shares it)."""
    share = [0.0] * len(slot_of_seat)
    for seat in winners:
        share[slot_of_seat[seat]] = 1.0 / len(winners)
    return share


def against(
    names: Sequence[str], results: Sequence[GameResult], earlier: dict[int, list[float]]
) -> dict[str, Any]:
    """This run's wins against an earlier run's on the games both played (the same
    deals): by bot, the wins of each and the mean difference a game with its standard
    error (paired, so the deals' luck cancels out)."""
    both = [
        (win_shares(r.winners, r.slot_of_seat), earlier[g])
        for g, r in enumerate(results)
        if g in earlier
    ]
    bots = []
    for slot, name in enumerate(names):
        now = [x[slot] for x, _ in both]
        before = [y[slot] for _, y in both]
        mean, se = paired(now, before) if len(both) > 1 else (0.0, None)
        bots.append(
            {
                "bot": name,
                "wins": round(sum(now), 4),
                "earlier_wins": round(sum(before), 4),
                "difference_per_game": round(mean, 4),
                "se": None if se is None else round(se, 4),
            }
        )
    return {"games": len(both), "bots": bots}


def run(
    names: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, dict[str, Any]] | None = None,
    record: Callable[[int, GameResult], None] | None = None,
    earlier: dict[int, list[float]] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the JSON summary of ``split sim``; ``record`` is
    told of each game as it ends, in the games' order; with ``earlier`` (an earlier
    run's wins by game, :func:`read_record`) the summary compares the two
    (:func:`against`)."""
    names = list(names)
    n = len(names)
    options = options or {}
    t0 = time.perf_counter()
    tasks = [(names, g, seed, options) for g in range(games)]
    results_list: list[GameResult] = []
    with ExitStack() as stack:
        played: Iterable[GameResult] = map(_play_one, tasks)
        if jobs > 1 and games > 1:
            from concurrent.futures import ProcessPoolExecutor

            played = stack.enter_context(ProcessPoolExecutor(jobs)).map(_play_one, tasks)
        for g, r in enumerate(played):  # in the games' order, each as soon as it can be
            results_list.append(r)
            if record is not None:
                record(g, r)
    wall = time.perf_counter() - t0

    seat_scores = [0.0] * n
    seat_wins = [0.0] * n
    slot_scores = [0.0] * n
    slot_wins = [0.0] * n
    slot_times: list[list[float]] = [[] for _ in range(n)]
    slot_worlds: list[list[int]] = [[] for _ in range(n)]
    slot_capped = [0] * n
    slot_cpu = [0.0] * n
    slot_cpu_ms: list[list[float]] = [[] for _ in range(n)]
    slot_places = [[0] * n for _ in range(n)]  # by slot: games finished in each place
    slot_rounds = [[0.0] * ROUNDS for _ in range(n)]  # by slot: points by round (R8.4)
    decisions = illegal = 0
    for r in results_list:
        decisions += r.decisions
        illegal += r.illegal
        share = 1.0 / len(r.winners)
        places = r.places()
        for seat in range(n):
            slot = r.slot_of_seat[seat]
            seat_scores[seat] += r.scores[seat]
            slot_scores[slot] += r.scores[seat]
            slot_places[slot][places[seat] - 1] += 1
            before = 0
            for k, sheets in enumerate(r.round_scores):
                slot_rounds[slot][k] += sheets[seat] - before
                before = sheets[seat]
            if seat in r.winners:
                seat_wins[seat] += share
                slot_wins[slot] += share
        for slot in range(n):
            slot_times[slot].extend(r.times_ms[slot])
            slot_worlds[slot].extend(r.worlds[slot])
            slot_capped[slot] += r.capped[slot]
            slot_cpu[slot] += r.cpu_s[slot]
            slot_cpu_ms[slot].extend(r.cpu_ms[slot])
    g = max(games, 1)
    bots = []
    for slot, name in enumerate(names):
        t = slot_times[slot]
        lo, hi = wilson(slot_wins[slot], games)
        w = slot_worlds[slot]
        bots.append(
            {
                "bot": name,
                "wins": round(slot_wins[slot], 4),
                "win_rate": round(slot_wins[slot] / g, 4),
                "win_rate_ci95": [round(lo, 4), round(hi, 4)],
                "mean_score": round(slot_scores[slot] / g, 2),
                # games finished first, second, ... (a tie shares the higher place), and
                # the mean points each round added to the sheet
                "places": slot_places[slot],
                "round_points_mean": [round(x / g, 2) for x in slot_rounds[slot]],
                "decision_ms_mean": round(sum(t) / len(t), 4) if t else 0.0,
                "decision_ms_p95": round(_percentile(t, 0.95), 4),
                # the deals a search played per decision (hard's playouts, the expert's
                # worlds): the mean and the 5th percentile, where its time cap cut it
                "searches": len(w),
                "search_deals_mean": round(sum(w) / len(w), 2) if w else 0.0,
                "search_deals_p5": _percentile([float(x) for x in w], 0.05),
                # searches its safety cap cut short (0 on an ordinary machine)
                "cap_hits": slot_capped[slot],
                "cpu_s_per_game": round(slot_cpu[slot] / g, 3),
                # a decision's CPU time: its wall time on a quiet machine, near enough
                "decision_cpu_ms_p95": round(_percentile(slot_cpu_ms[slot], 0.95), 3),
            }
        )
    summary: dict[str, Any] = {
        "games": games,
        "players": n,
        "seed": seed,
        "decisions": decisions,
        "wall_s": round(wall, 3),
        "decisions_per_s": round(decisions / wall, 1) if wall > 0 else 0.0,
        "illegal_actions": illegal,
        "mean_score": [round(s / g, 2) for s in seat_scores],
        "wins": [round(w, 4) for w in seat_wins],
        "bots": bots,
    }
    if earlier is not None:
        summary["against"] = against(names, results_list, earlier)
    return summary


def _table(summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['games']} games, {summary['players']} players, seed {summary['seed']}: "
        f"{summary['decisions']} decisions in {summary['wall_s']} s "
        f"({summary['decisions_per_s']:.0f}/s), illegal actions {summary['illegal_actions']}",
        "",
        f"{'slot':>4}  {'bot':<8} {'wins':>8} {'win rate':>8} {'95% CI':>15} "
        f"{'mean score':>10} {'ms mean':>8} {'ms p95':>8} {'deals':>6} {'capped':>6} "
        f"{'CPU s/game':>10}  places",
    ]
    for i, b in enumerate(summary["bots"]):
        lo, hi = b["win_rate_ci95"]
        lines.append(
            f"{i:>4}  {b['bot']:<8} {b['wins']:>8.1f} {b['win_rate']:>8.1%} "
            f"{f'{lo:.1%}-{hi:.1%}':>15} {b['mean_score']:>10.1f} "
            f"{b['decision_ms_mean']:>8.3f} {b['decision_ms_p95']:>8.3f} "
            f"{b['search_deals_mean']:>6.1f} {b['cap_hits']:>6} {b['cpu_s_per_game']:>10.2f}  "
            + "/".join(str(k) for k in b["places"])
        )
    seats = ", ".join(f"{w:.1f}" for w in summary["wins"])
    lines += ["", f"wins by seat: {seats}"]
    if "against" in summary:
        pair = summary["against"]
        lines += ["", f"against the earlier run, on the {pair['games']} games both played:"]
        for b in pair["bots"]:
            se = "" if b["se"] is None else f" ± {b['se']:.3f}"
            lines.append(
                f"  {b['bot']:<8} {b['wins']:.1f} wins, before {b['earlier_wins']:.1f}: "
                f"{b['difference_per_game']:+.3f}{se} a game (one standard error)"
            )
    return "\n".join(lines)


class Recorder:
    """Writes each game of a run to an open file as it ends (``--record``); a write that
    fails is reported once and the run goes on without the record."""

    def __init__(self, out: IO[str], names: Sequence[str], seed: int) -> None:
        self.out = out
        self.names = list(names)
        self.seed = seed
        self.failed = False

    def __call__(self, game: int, result: GameResult) -> None:
        if self.failed:
            return
        try:
            self.out.write(record_line(self.names, self.seed, game, result) + "\n")
            self.out.flush()
        except OSError as e:
            self.failed = True
            print(f"split sim: the record stopped at game {game}: {e}", file=sys.stderr)

    def close(self) -> None:
        try:
            self.out.close()
        except OSError as e:  # what was left to write (reported already if it failed)
            if not self.failed:
                self.failed = True
                print(f"split sim: the record's end was not written: {e}", file=sys.stderr)


def cli(argv: list[str]) -> int:
    p = Parser(prog="split sim", description="Bots play each other.")
    p.add_argument(
        "--players", type=whole(2, 6), default=None, help="2 to 6 (default: len(--bots))"
    )
    p.add_argument(
        "--bots",
        default="random",
        help=f"comma-separated, one per seat or one for all ({', '.join(BOT_NAMES)})",
    )
    p.add_argument("--games", type=whole(0, MAX_COUNT), default=100)
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--jobs", type=whole(1, 256), default=1, help="worker processes (default 1)")
    p.add_argument("--hard-playouts", type=COUNT, default=None, help="hard's playout budget")
    p.add_argument(
        "--hard-max-ms", type=real(0, 60000, True), default=None, help="hard's wall-clock cap"
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument(
        "--record", metavar="FILE", default=None, help="write each game as a JSON line to FILE"
    )
    p.add_argument(
        "--against",
        metavar="FILE",
        default=None,
        help="compare the wins, game by game, with an earlier --record of the same seed and bots",
    )
    args = p.parse_args(argv)
    names = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    bad = [b for b in names if b not in BOT_NAMES]
    if bad:
        p.error(f"unknown bot(s) {', '.join(bad)}: choose from {', '.join(BOT_NAMES)}")
    players = args.players if args.players is not None else (len(names) if len(names) > 1 else 2)
    if not 2 <= players <= 6:
        p.error("--players must be 2 to 6")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        p.error(f"--bots names {len(names)} bots for {players} players")
    if args.games < 0:
        p.error("--games must be 0 or more")
    hard: dict[str, Any] = {}
    if args.hard_playouts is not None:
        hard["playouts"] = args.hard_playouts
    if args.hard_max_ms is not None:
        hard["max_ms"] = args.hard_max_ms
    options = {"hard": hard} if hard else None
    earlier = None
    if args.against is not None:
        try:
            earlier = read_record(args.against, names, args.seed)
        except OSError as e:
            p.error(f"cannot read --against {args.against}: {e.strerror or e}")
        except RecordError as e:
            p.error(f"--against {args.against}: {e}")
    recorder = None
    if args.record is not None:
        try:
            out = open(args.record, "w", encoding="utf-8")  # noqa: SIM115 (Recorder closes it)
        except OSError as e:
            p.error(f"cannot write --record {args.record}: {e.strerror or e}")
        recorder = Recorder(out, names, args.seed)
    try:
        summary = run(names, args.games, args.seed, max(1, args.jobs), options, recorder, earlier)
    finally:
        if recorder is not None:
            recorder.close()
    if args.json:
        json.dump(summary, sys.stdout)
        sys.stdout.write("\n")
    else:
        print(_table(summary))
    return 0 if summary["illegal_actions"] == 0 else 1
