"""``split bench WHAT``: the project's speed benchmarks, each living with its layer.

- ``render``: frame times of a six-player table mid-game (split.ui.bench).
- ``engine``: random-play decisions per second (the same measure as ``split sim``).
"""

from __future__ import annotations

import argparse


def cli(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="split bench", description=__doc__)
    p.add_argument("what", choices=["render", "engine"])
    args, rest = p.parse_known_args(argv)
    if args.what == "render":
        from split.ui.bench import cli as render

        return render(rest)
    from split.bots.tournament import cli as sim

    return sim(["--bots", "random", "--players", "4", "--games", "300", "--json", *rest])
