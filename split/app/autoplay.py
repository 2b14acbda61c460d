"""``split autoplay``: bots play a saved game to its end without a window.

It continues the autosave in the data folder if there is one, so it is how the
crash tests prove that a killed game resumes exactly at its last completed action.
Like a window, it owns the data folder while it plays (it refuses to start while a
window does, and a window opened meanwhile saves nothing); a folder it cannot use is
one line and status 1.
"""

from __future__ import annotations

import json
import sys
import time

from split.cliargs import SEED, Parser, real

from .session import Session, load_session, save_path
from .settings import SEAT_KINDS, SeatChoice
from .storage import data_dir, lock_data_dir, os_reason, sweep_temp_files


def cli(argv: list[str]) -> int:
    p = Parser(prog="split autoplay", description=__doc__)
    p.add_argument("--bots", default="normal,normal,normal", help="comma-separated strengths")
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--delay-ms", type=real(0, 60000), default=0.0, help="pause after every action")
    args = p.parse_args(argv)
    kinds = [k.strip() for k in args.bots.split(",")]
    bad = [k for k in kinds if k not in SEAT_KINDS or k == "human"]
    if bad or not 2 <= len(kinds) <= 6:
        p.error("--bots takes 2 to 6 of random, easy, normal, hard")
    try:
        return _play(args.seed, kinds, args.delay_ms, p)
    except OSError as err:  # the data folder cannot be used, or a save failed
        print(f"split autoplay: the game could not be saved: {os_reason(err)}", file=sys.stderr)
        return 1


def _play(seed: int, kinds: list[str], delay_ms: float, p: Parser) -> int:
    """Own the data folder (every writer does), sweep what a killed write left, then
    play the saved game (or a new one) to its end, saving after every action."""
    folder = data_dir()
    if not lock_data_dir(folder):
        print(
            "split autoplay: Split is already open on this data folder "
            f"({folder}); autoplay writes nothing while it is",
            file=sys.stderr,
        )
        return 1
    sweep_temp_files(folder)
    loaded = load_session(restore=True)
    if loaded.problem:
        print(loaded.problem)
    session = loaded.value
    if session is not None and session.humans():
        p.error("the saved game has a human seat: autoplay plays games of bots only")
    if session is None:
        seats = tuple(SeatChoice(f"Bot {i + 1}", k) for i, k in enumerate(kinds))
        session = Session.new(seats, seed=seed)
        session.path = save_path()
        session.save()
    while not session.state.is_over:
        session.apply(session.bot_action())
        if delay_ms:
            time.sleep(delay_ms / 1000)
    print(json.dumps({"actions": len(session.game.actions), "scores": session.state.scores()}))
    return 0
