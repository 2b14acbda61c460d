"""The command line: ``split`` plays; ``split scenario|sim|bench`` are the tools."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "scenario":
        p = argparse.ArgumentParser(prog="split scenario", description="Play a scenario file.")
        p.add_argument("file")
        p.add_argument("--trace", action="store_true", help="print the state after every action")
        args = p.parse_args(argv[1:])
        from split.engine.scenario import run

        return run(args.file, trace=args.trace)
    print("window coming soon")
    return 0
