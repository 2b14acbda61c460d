"""PyInstaller's entry script: the frozen app starts here."""

import multiprocessing

from split.app.main import main

if __name__ == "__main__":
    # A frozen app that starts worker processes (bot tournaments) must let them
    # run their task instead of a second copy of the game.
    multiprocessing.freeze_support()
    raise SystemExit(main())
