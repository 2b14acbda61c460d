"""The command line: ``split`` plays; ``split scenario|sim|bench`` are the tools;
``split --version`` and ``split --install-desktop|--uninstall-desktop`` answer at once.

Each tool lives with its layer and is imported only when asked for, so starting
the game pays for none of them.
"""

from __future__ import annotations

import sys

from split.cliargs import Parser, no_arguments


def _scenario(argv: list[str]) -> int:
    p = Parser(prog="split scenario", description="Play a scenario file.")
    p.add_argument("file")
    p.add_argument("--trace", action="store_true", help="print the state after every action")
    args = p.parse_args(argv)
    from split.engine.scenario import run

    return run(args.file, trace=args.trace)


def _sim(argv: list[str]) -> int:
    from split.bots.tournament import cli

    return cli(argv)


def _bench(argv: list[str]) -> int:
    from split.app.bench import cli

    return cli(argv)


def _autoplay(argv: list[str]) -> int:
    from split.app.autoplay import cli

    return cli(argv)


TOOLS = {"scenario": _scenario, "sim": _sim, "bench": _bench, "autoplay": _autoplay}


def _version() -> int:
    import split

    print(f"Split {split.__version__}")
    return 0


def _desktop(uninstall: bool) -> int:
    from split.app.desktop import cli_install

    return cli_install(uninstall=uninstall)


# Answered before the game's own options, without starting pygame.
OPTIONS = {
    "--version": _version,
    "--install-desktop": lambda: _desktop(uninstall=False),
    "--uninstall-desktop": lambda: _desktop(uninstall=True),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in TOOLS:
        return TOOLS[argv[0]](argv[1:])
    if argv and argv[0] in OPTIONS:
        no_arguments("split", argv[0], argv[1:])
        return OPTIONS[argv[0]]()
    from split.app.main import main as play

    return play(argv)
