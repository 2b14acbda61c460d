"""``python -m split``: the game, or one of its tools (scenario, sim, bench)."""

from split.app.cli import main

raise SystemExit(main())
