"""PyInstaller's entry script: the frozen app starts here, with the same command line
as ``python -m split`` (the game, ``--version``, ``--install-desktop``, the tools)."""

import multiprocessing

from split.app.cli import main

if __name__ == "__main__":
    # A frozen app that starts worker processes (bot tournaments) must let them
    # run their task instead of a second copy of the game.
    multiprocessing.freeze_support()
    raise SystemExit(main())
