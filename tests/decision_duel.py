"""A duel of decisions: the shipped expert against a variant of it, move by move.

A change to the expert's search usually moves its win rate by a point or two, which
takes 400 games (more than an hour here) to tell from the noise. This tool measures
it where it happens. The shipped expert plays whole games against the other bots, as
``split sim`` plays them. At each of its searched decisions the variant decides the
same position from the same random state (so the same sampled worlds, as far as the
two searches go alike). Where the two choose differently, both moves are played to the
round's end by the expert's policy (:class:`~split.bots.normal.PatientValues`) in
``--truth`` worlds sampled by the expert's own reader
(paired: the same deal and policy seed for both), and the round's points of each
(mine against the rivals', as the expert's leaf weighs them at round end) are
compared. The games go on with the shipped move, so the positions are the shipped
expert's, and the games are the ones ``split sim`` plays.

A variant is the expert with some of ``split.bots.expert``'s upper-case constants
(``--set DEEP_WORLDS=64``) and of its constructor's options (``--option worlds=96``)
changed. Both run in the same process, one after the other at each decision, so their
CPU per decision is measured side by side, in the same sitting.

    python tests/decision_duel.py --bots expert,hard --games 6 --seed 78 \\
        --set FIRST_SHARE=0.5 --truth 160 --jobs 2

The truth is the expert's policy played to the round's end, the policy its rollouts
use, so a variant that plays deeper rollouts is measured by its own yardstick:
a gain here is a reason to run ``split sim``, not a replacement for it. In the last
round the truth still counts points, not the chance of winning the game.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: the project's root first on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from split.bots import base, expert
from split.bots.expert import ExpertBot, round_value
from split.bots.hard import paired
from split.bots.normal import NormalBot
from split.bots.tournament import play_game
from split.cliargs import MAX_COUNT, SEED, Parser, whole
from split.engine.actions import Action
from split.engine.view import PlayerView

OPTIONS = ("worlds", "candidates", "turns", "lead", "z", "max_ms")  # ExpertBot's


@dataclass(frozen=True)
class Variant:
    """What the variant changes: module constants of ``split.bots.expert`` and options
    of the bot, by name."""

    constants: dict[str, float] = field(default_factory=dict)
    options: dict[str, float] = field(default_factory=dict)


@dataclass
class Difference:
    """One decision where the two chose differently, and what the variant's move gained
    over the shipped one to the round's end (points, its standard error)."""

    game: int
    round: int
    shipped: str
    variant: str
    gain: float
    se: float


@dataclass
class GameDuel:
    """One game's duel: every searched decision's CPU on each side, the differences."""

    game: int
    scores: list[int]
    shipped_ms: list[float] = field(default_factory=list)
    variant_ms: list[float] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)


def parse_variant(sets: Sequence[str], options: Sequence[str]) -> Variant:
    """``NAME=NUMBER`` pairs, checked: a constant must be an upper-case number of
    ``split.bots.expert``, an option one of ``OPTIONS``. ValueError names the bad one."""

    def pairs(items: Sequence[str], known: Any, what: str) -> dict[str, float]:
        out: dict[str, float] = {}
        for item in items:
            name, sep, text = item.partition("=")
            name = name.strip()
            if not sep or not known(name):
                raise ValueError(f"{item!r}: not {what}=NUMBER")
            try:
                value = float(text)
            except ValueError:
                raise ValueError(f"{item!r}: {text!r} is not a number") from None
            if not math.isfinite(value):
                raise ValueError(f"{item!r}: {text!r} is not a finite number")
            out[name] = int(value) if value.is_integer() and "." not in text else value
        return out

    def constant(name: str) -> bool:
        value = getattr(expert, name, None)
        return name.isupper() and isinstance(value, int | float) and not isinstance(value, bool)

    return Variant(
        pairs(sets, constant, "a number constant of split.bots.expert"),
        pairs(options, OPTIONS.__contains__, f"one of {', '.join(OPTIONS)}"),
    )


@contextmanager
def playing(bot: ExpertBot, variant: Variant) -> Iterator[None]:
    """``bot`` is the variant inside the block, the shipped expert again after it."""
    constants = {name: getattr(expert, name) for name in variant.constants}
    options = {name: getattr(bot, name) for name in variant.options}
    try:
        for name, value in variant.constants.items():
            setattr(expert, name, value)
        for name, value in variant.options.items():
            setattr(bot, name, value)
        yield
    finally:
        for name, value in constants.items():
            setattr(expert, name, value)
        for name, value in options.items():
            setattr(bot, name, value)


def truth(
    bot: ExpertBot, view: PlayerView, moves: tuple[Action, Action], worlds: int, seed: str
) -> tuple[float, float]:
    """How much better ``moves[1]`` is than ``moves[0]`` played to the round's end by
    ``bot``'s policy, in ``worlds`` deals sampled by ``bot``'s reader: the mean and its
    standard error of the paired differences of the round's points."""
    rng = random.Random(seed)
    unseen = view.unseen()
    diffs = []
    for _ in range(worlds):
        base_state = view.determinize(bot.reader.sample(view, unseen, rng), rng.getrandbits(31))
        policy = rng.getrandbits(32)
        values = []
        for move in moves:
            state = base_state.clone()
            state.play(move)
            ExpertBot._rollout(state, NormalBot(policy, bot.policy), view.seat, view.turn, 0)
            values.append(round_value(state, view.seat, bot.lead))
        diffs.append(values[1] - values[0])
    mean, se = paired(diffs, [0.0] * len(diffs))
    return mean, se


class DuelExpert(ExpertBot):
    """The shipped expert, which lets the variant decide each searched position too."""

    variant = Variant()
    truth_worlds = 160
    truth_key = ""  # the run's seed and the game's: each truth's seed starts with it
    duel: GameDuel | None = None

    def _choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        before = self.rng.getstate()
        c0 = time.thread_time()
        shipped = super()._choose(view, legal)
        c1 = time.thread_time()
        searched = self.last_playouts > 0
        after = self.rng.getstate()
        kept = (self.last_playouts, self.last_rollouts, self.last_capped, self.last_dropped)
        self.rng.setstate(before)
        self.last_playouts = 0
        with playing(self, self.variant):
            other = super()._choose(view, legal)
        c2 = time.thread_time()
        searched = searched or self.last_playouts > 0
        self.rng.setstate(after)
        self.last_playouts, self.last_rollouts, self.last_capped, self.last_dropped = kept
        duel = self.duel
        if duel is None or not searched:
            return shipped
        duel.shipped_ms.append((c1 - c0) * 1000.0)
        duel.variant_ms.append((c2 - c1) * 1000.0)
        if other != shipped:
            n = len(duel.shipped_ms)
            gain, se = truth(
                self, view, (shipped, other), self.truth_worlds, f"{self.truth_key}:{n}"
            )
            duel.differences.append(
                Difference(duel.game, view.round, str(shipped), str(other), gain, se)
            )
        return shipped


def duel_game(
    names: Sequence[str],
    game: int,
    seed: int,
    variant: Variant,
    truth_worlds: int,
    options: dict[str, dict[str, Any]] | None = None,
) -> GameDuel:
    """Game number ``game`` of a ``split sim`` run seeded ``seed``, its expert duelling;
    ``options`` by bot name, as for ``split sim`` (the expert's are both sides')."""
    duel = GameDuel(game, [])
    made, run_seed = base.make_bot, seed

    def make(name: str, seed: int = 0, **options: Any) -> base.Bot:
        if name != "expert":
            return made(name, seed, **options)
        bot = DuelExpert(seed, **options)
        bot.variant, bot.truth_worlds, bot.duel = variant, truth_worlds, duel
        bot.truth_key = f"{run_seed}:{game}"
        return bot

    base.make_bot = make
    try:
        duel.scores = play_game(names, game, seed, options).scores
    finally:
        base.make_bot = made
    return duel


Chunk = tuple[Sequence[str], list[int], int, Variant, int, dict[str, dict[str, Any]] | None]


def _chunk(args: Chunk) -> list[GameDuel]:
    names, games, seed, variant, truth_worlds, options = args
    return [duel_game(names, g, seed, variant, truth_worlds, options) for g in games]


def run(
    names: Sequence[str],
    games: int,
    seed: int,
    variant: Variant,
    truth_worlds: int = 160,
    jobs: int = 1,
    options: dict[str, dict[str, Any]] | None = None,
) -> list[GameDuel]:
    """The duels of games 0 to ``games - 1`` (``jobs`` worker processes); ``options``
    by bot name (see :func:`duel_game`)."""
    if jobs <= 1 or games <= 1:
        return _chunk((names, list(range(games)), seed, variant, truth_worlds, options))
    from concurrent.futures import ProcessPoolExecutor

    chunks = [list(range(j, games, jobs)) for j in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(_chunk, [(names, c, seed, variant, truth_worlds, options) for c in chunks])
        return sorted((d for part in parts for d in part), key=lambda d: d.game)


def summary(duels: Sequence[GameDuel]) -> dict[str, Any]:
    """Decisions, differences and the variant's mean gain (± its standard error over the
    differing decisions), how many it won, and each side's CPU per decision."""
    shipped = [t for d in duels for t in d.shipped_ms]
    variant = [t for d in duels for t in d.variant_ms]
    diffs = [x for d in duels for x in d.differences]
    gains = [x.gain for x in diffs]

    def cpu(times: list[float]) -> dict[str, float]:
        if not times:
            return {"mean_ms": 0.0, "p95_ms": 0.0}
        ordered = sorted(times)
        return {
            "mean_ms": round(statistics.fmean(times), 1),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        }

    se = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
    return {
        "games": len(duels),
        "decisions": len(shipped),
        "differing": len(diffs),
        "gain_mean": round(statistics.fmean(gains), 2) if gains else 0.0,
        "gain_se": round(se, 2),
        "variant_better": sum(g > 0 for g in gains),
        "gain_per_game": round(sum(gains) / len(duels), 2) if duels else 0.0,
        "shipped_cpu": cpu(shipped),
        "variant_cpu": cpu(variant),
        "scores": [d.scores for d in duels],
        "differences": [asdict(x) for x in diffs],
    }


def main(argv: list[str]) -> int:
    p = Parser(prog="decision_duel", description="The shipped expert against a variant.")
    p.add_argument("--bots", default="expert,hard", help="one expert and its opponents")
    p.add_argument("--games", type=whole(1, MAX_COUNT), default=6)
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--set", action="append", default=[], help="NAME=NUMBER, a constant")
    p.add_argument("--option", action="append", default=[], help="NAME=NUMBER, a bot option")
    p.add_argument("--truth", type=whole(2, 100_000), default=160, help="worlds of the truth")
    p.add_argument("--jobs", type=whole(1, 256), default=1)
    p.add_argument("--worlds", type=whole(1, 100_000), default=None, help="both sides' budget")
    p.add_argument("--json", action="store_true", help="the whole summary as JSON")
    args = p.parse_args(argv)
    names = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    if names.count("expert") != 1 or not 2 <= len(names) <= 6:
        p.error("--bots must name one expert and 1 to 5 others")
    bad = [b for b in names if b not in base.BOT_NAMES]
    if bad:
        p.error(f"unknown bot(s) {', '.join(bad)}")
    try:
        variant = parse_variant(args.set, args.option)
    except ValueError as err:
        p.error(str(err))
    options = {"expert": {"worlds": args.worlds}} if args.worlds is not None else None
    result = summary(run(names, args.games, args.seed, variant, args.truth, args.jobs, options))
    if args.json:
        print(json.dumps(result))
    else:
        for x in result["differences"]:
            print(
                f"game {x['game']} round {x['round']}: {x['shipped']} -> {x['variant']}: "
                f"{x['gain']:+.1f} ± {x['se']:.1f}"
            )
        print(
            f"{result['differing']} of {result['decisions']} decisions differ; the variant's "
            f"move {result['gain_mean']:+.2f} ± {result['gain_se']:.2f} points, better in "
            f"{result['variant_better']}; CPU ms a decision shipped "
            f"{result['shipped_cpu']['mean_ms']} (p95 {result['shipped_cpu']['p95_ms']}), "
            f"variant {result['variant_cpu']['mean_ms']} (p95 {result['variant_cpu']['p95_ms']})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
