"""Statistics: games played and won per opponent strength, scores, the last 20 games."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from split.bots import BOT_NAMES
from split.engine.cards import RANKS
from split.engine.sheet import rows_dict
from split.i18n import N_

from .storage import (
    STATISTICS_FILE,
    Invalid,
    Loaded,
    bounded_int,
    bounded_text,
    check_header,
    data_dir,
    file_lock,
    read_json,
    write_json,
)

FORMAT, VERSION = "split-stats", 1
RECENT = 20
# Who sat at a kept game's seat: a player at this computer, a friend at another (a
# network game), a bot of unknown strength (a network game's, seen from a friend's
# computer), or a bot by its strength.
SEAT_KINDS = ("human", "friend", "bot", *BOT_NAMES)


@dataclass
class Stats:
    games: int = 0
    wins: int = 0
    best: int | None = None
    total_score: int = 0
    by_strength: dict[str, list[int]] = field(default_factory=dict)  # kind -> [played, won]
    recent: list[dict[str, Any]] = field(default_factory=list)  # newest first

    @property
    def average(self) -> float | None:
        return self.total_score / self.games if self.games else None

    def record(self, session) -> bool:
        """Add a finished game (once: a game id already recorded is skipped)."""
        if any(g.get("id") == session.game_id for g in self.recent):
            return False
        state = session.state
        humans = session.humans()
        if not humans:
            return False
        winners = state.winners()
        best_human = max(state.score(h) for h in humans)
        won = any(h in winners for h in humans)
        self.games += 1
        self.wins += won
        self.total_score += best_human
        self.best = best_human if self.best is None else max(self.best, best_human)
        for kind in {s.kind for s in session.seats if s.kind in BOT_NAMES}:
            played, w = self.by_strength.get(kind, [0, 0])
            self.by_strength[kind] = [played + 1, w + won]
        sheets = [
            {
                "name": seat.name,
                "kind": seat.kind,
                "score": state.score(i),
                "negatives": state.negatives[i],
                "rows": rows_dict(state.rows[i]),
            }
            for i, seat in enumerate(session.seats)
        ]
        entry = {
            "id": session.game_id,
            "finished": time.strftime("%Y-%m-%d %H:%M"),
            "won": won,
            "winners": winners,
            "sheets": sheets,
        }
        self.recent = [entry, *self.recent][:RECENT]
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "games": self.games,
            "wins": self.wins,
            "best": self.best,
            "total_score": self.total_score,
            "by_strength": self.by_strength,
            "recent": self.recent,
        }


MAX_GAMES = 10**9  # counts a lifetime of play cannot reach
MAX_SCORE = 10**6  # far beyond any three rounds (R9)
MAX_NEGATIVES = 1000
MAX_BOXES = 100  # boxes of one rank's row
MAX_TEXT = 64  # names, game ids, dates


def _count(obj: dict, key: str) -> int:
    return bounded_int(obj, key, 0, MAX_GAMES)


def parse_stats(obj: Any) -> Stats:
    """Validate a statistics file with every number and string bounded: whatever it
    holds, the statistics screen can draw it at once (:class:`Invalid` otherwise)."""
    obj = check_header(obj, FORMAT, VERSION)
    games, wins = _count(obj, "games"), _count(obj, "wins")
    if wins > games:
        raise Invalid(N_("it counts more wins than games"))
    best = obj.get("best")
    if best is not None:
        best = bounded_int(obj, "best", -MAX_SCORE, MAX_SCORE)
    total = bounded_int(obj, "total_score", -MAX_SCORE * MAX_GAMES, MAX_SCORE * MAX_GAMES)
    by = obj.get("by_strength")
    if not isinstance(by, dict) or len(by) > len(BOT_NAMES):
        raise Invalid(N_("by_strength must be an object"))
    clean: dict[str, list[int]] = {}
    for kind, pair in by.items():
        if kind not in BOT_NAMES or not isinstance(pair, list) or len(pair) != 2:
            raise Invalid(N_("by_strength has a bad entry {kind}"), kind=repr(str(kind)[:MAX_TEXT]))
        played, won = (bounded_int({"n": x}, "n", 0, MAX_GAMES) for x in pair)
        if won > played:
            raise Invalid(N_("by_strength {kind} counts more wins than games"), kind=repr(kind))
        clean[kind] = [played, won]
    recent = obj.get("recent")
    if not isinstance(recent, list) or len(recent) > RECENT:
        raise Invalid(N_("recent must be a list of at most {count} games"), count=RECENT)
    return Stats(games, wins, best, total, clean, [_check_recent(g) for g in recent])


def _check_recent(g: Any) -> dict[str, Any]:
    """One recent game, every field bounded; the game as the statistics keep it."""
    if not isinstance(g, dict):
        raise Invalid(N_("a recent game is not an object"))
    if not isinstance(g.get("won"), bool):
        raise Invalid(N_("a recent game lacks its result"))
    sheets = g.get("sheets")
    if not isinstance(sheets, list) or not 2 <= len(sheets) <= 6:
        raise Invalid(N_("a recent game lacks its sheets"))
    winners = g.get("winners", [])
    if not isinstance(winners, list) or len(winners) > 6:
        raise Invalid(N_("a recent game's winners are off"))
    return {
        "id": bounded_text(g, "id", MAX_TEXT),
        "finished": bounded_text(g, "finished", MAX_TEXT),
        "won": g["won"],
        "winners": [bounded_int({"w": w}, "w", 0, 5) for w in winners],
        "sheets": [_check_sheet(sh) for sh in sheets],
    }


def _check_sheet(sh: Any) -> dict[str, Any]:
    if not isinstance(sh, dict) or not isinstance(sh.get("rows"), dict):
        raise Invalid(N_("a recent sheet lacks its rows"))
    rows = sh["rows"]
    if set(rows) - set(RANKS):
        raise Invalid(N_("a recent sheet has a row that is not a rank"))
    kind = sh.get("kind", "human")
    if kind not in SEAT_KINDS:
        raise Invalid(N_("a recent sheet has an unknown player kind"))
    return {
        "name": bounded_text(sh, "name", MAX_TEXT),
        "kind": kind,
        "score": bounded_int(sh, "score", -MAX_SCORE, MAX_SCORE),
        "negatives": bounded_int(sh, "negatives", 0, MAX_NEGATIVES),
        "rows": {r: bounded_int(rows, r, 0, MAX_BOXES) for r in rows},
    }


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def load_stats(path: Path | None = None, restore: bool = False) -> tuple[Stats, str | None]:
    """The statistics (empty if there are none) and what to tell about the file; with
    ``restore``, a backup used in its place is put back on disk."""
    loaded: Loaded[Stats] = read_json(path or stats_path(), STATISTICS_FILE, parse_stats, restore)
    return (loaded.value or Stats()), loaded.problem


def save_stats(stats: Stats, path: Path | None = None) -> None:
    write_json(path or stats_path(), stats.to_json(), backup=True)


def record_game(
    session: Any, path: Path | None = None, timeout: float = 10.0
) -> tuple[bool, str | None]:
    """Count a finished game: under the statistics' lock, read the file as it is now,
    add the game and write it back, so games counted by another process in between
    are kept (a merge, never a blind overwrite). Returns (recorded, problem); OSError
    if the file cannot be written, TimeoutError if the lock stays held ``timeout``
    seconds (0: not waited for)."""
    path = path or stats_path()
    with file_lock(path.with_name(path.name + ".lock"), timeout):
        stats, problem = load_stats(path, restore=True)
        recorded = stats.record(session)
        if recorded:
            save_stats(stats, path)
    return recorded, problem
