"""A duel of policies: ``normal``'s values with other weights against ``normal``.

The weights of ``normal``'s values are class attributes of
:class:`~split.bots.normal.Evaluator` and :class:`~split.bots.knowledge.Knowledge`, so a
policy is a subclass with some of them changed (the expert's is
:class:`~split.bots.normal.PatientValues`). This tool plays a policy, with any weights
changed (``--set pair_share=1.5``), against ``normal`` at every other seat. Each deal is
played once with the policy at each seat (paired: the deal's luck cancels out), and it
reports the policy's share of the wins and its mean margin over the others' mean score,
with their standard errors over the deals. A game of ``normal`` bots takes about 20 ms,
so two thousand deals at two players take a minute on one core: quick enough to weigh
one weight at a time, which a win rate of the expert (13 s a game) is not.

    python tests/policy_duel.py --policy patient --players 2 --deals 2000 --seed 2 --jobs 2
    python tests/policy_duel.py --policy normal --set pair_share=1.3 --deals 2000
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from split.bots.knowledge import Knowledge  # noqa: E402
from split.bots.normal import Evaluator, NormalBot, PatientValues  # noqa: E402
from split.engine.game import Game  # noqa: E402
from split.engine.setup import GameConfig  # noqa: E402
from split.engine.view import PlayerView  # noqa: E402

POLICIES: dict[str, type[Evaluator]] = {"normal": Evaluator, "patient": PatientValues}


def weights_of(policy: type[Evaluator]) -> dict[str, float]:
    """The weights a variant may change: the policy's and its knowledge's, by name."""
    weights = {}
    for base, cls in ((Evaluator, policy), (Knowledge, policy.knowledge)):
        for name in vars(base).get("__annotations__", {}):
            value = getattr(cls, name)
            if isinstance(value, float):
                weights[name] = value
    return weights


def variant(policy: type[Evaluator], changes: dict[str, float]) -> type[Evaluator]:
    """``policy`` with the weights in ``changes`` (an unknown name is refused)."""
    known = weights_of(policy)
    unknown = sorted(set(changes) - set(known))
    if unknown:
        raise ValueError(f"no such weight: {', '.join(unknown)} (known: {', '.join(known)})")
    mine = {n: v for n, v in changes.items() if not hasattr(Knowledge, n)}
    theirs = {n: v for n, v in changes.items() if hasattr(Knowledge, n)}
    knowledge = type("VariantKnowledge", (policy.knowledge,), {"__slots__": (), **theirs})
    return type("Variant", (policy,), {"__slots__": (), "knowledge": knowledge, **mine})


def play(job: tuple[str, dict[str, float], int, int, int]) -> tuple[float, float]:
    """One game: the variant's share of the win and its margin over the others' mean."""
    policy, changes, players, deal, seat = job
    mine = variant(POLICIES[policy], changes)
    rng = random.Random(deal)
    seed, dealer = rng.getrandbits(31), rng.randrange(players)
    game = Game(GameConfig(players, dealer, seed))
    bots = [NormalBot(seed * 7 + s, mine if s == seat else Evaluator) for s in range(players)]
    while not game.state.is_over:
        state = game.state
        legal = state.legal_actions()
        current = state.current
        if current is None or len(legal) == 1:
            game.apply(legal[0])
            continue
        game.apply(bots[current].choose(PlayerView.of(state, current), legal))
    scores, winners = game.state.scores(), game.state.winners()
    others = [v for s, v in enumerate(scores) if s != seat]
    win = 1.0 / len(winners) if seat in winners else 0.0
    return win, scores[seat] - sum(others) / len(others)


def duel(
    policy: str,
    changes: dict[str, float],
    players: int = 2,
    deals: int = 2000,
    seed: int = 0,
    jobs: int = 1,
) -> dict[str, Any]:
    """The variant against ``normal`` over ``deals`` deals, each played from every seat."""
    work = [
        (policy, changes, players, seed * 1_000_003 + d, s)
        for d in range(deals)
        for s in range(players)
    ]
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            games = pool.map(play, work, chunksize=50)
    else:
        games = [play(job) for job in work]
    wins = [
        sum(w for w, _ in games[d * players : (d + 1) * players]) / players for d in range(deals)
    ]
    margins = [
        sum(m for _, m in games[d * players : (d + 1) * players]) / players for d in range(deals)
    ]
    return {
        "policy": policy,
        "changes": changes,
        "players": players,
        "deals": deals,
        "seed": seed,
        "win": statistics.fmean(wins),
        "win_se": stderr(wins),
        "margin": statistics.fmean(margins),
        "margin_se": stderr(margins),
    }


def stderr(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for a single value)."""
    return statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", choices=sorted(POLICIES), default="patient")
    parser.add_argument("--set", action="append", default=[], metavar="WEIGHT=VALUE")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    changes: dict[str, float] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        try:
            changes[name] = float(value)
        except ValueError:
            parser.error(f"--set {item}: WEIGHT=VALUE, the value a number")
    try:
        variant(POLICIES[args.policy], changes)
    except ValueError as error:
        parser.error(str(error))
    result = duel(args.policy, changes, args.players, max(1, args.deals), args.seed, args.jobs)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
