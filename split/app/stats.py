"""Statistics: games played and won per opponent strength, scores, the last 20 games."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from split.bots import BOT_NAMES
from split.engine.sheet import rows_dict

from .storage import Invalid, Loaded, check_header, data_dir, read_json, write_json

FORMAT, VERSION = "split-stats", 1
RECENT = 20


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
        for kind in {s.kind for s in session.seats if s.kind != "human"}:
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


def _count(obj: dict, key: str) -> int:
    v = obj.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise Invalid(f"{key} must be a whole number of at least 0")
    return v


def parse_stats(obj: Any) -> Stats:
    obj = check_header(obj, FORMAT, VERSION)
    games, wins = _count(obj, "games"), _count(obj, "wins")
    if wins > games:
        raise Invalid("it counts more wins than games")
    best = obj.get("best")
    if best is not None and (isinstance(best, bool) or not isinstance(best, int)):
        raise Invalid("best must be a whole number")
    total = obj.get("total_score")
    if isinstance(total, bool) or not isinstance(total, int):
        raise Invalid("total_score must be a whole number")
    by = obj.get("by_strength")
    if not isinstance(by, dict):
        raise Invalid("by_strength must be an object")
    clean: dict[str, list[int]] = {}
    for kind, pair in by.items():
        if kind not in BOT_NAMES or not isinstance(pair, list) or len(pair) != 2:
            raise Invalid(f"by_strength has a bad entry {kind!r}")
        played, won = pair
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in pair):
            raise Invalid(f"by_strength {kind!r} must hold counts")
        if won > played:
            raise Invalid(f"by_strength {kind!r} counts more wins than games")
        clean[kind] = [played, won]
    recent = obj.get("recent")
    if not isinstance(recent, list) or len(recent) > RECENT:
        raise Invalid(f"recent must be a list of at most {RECENT} games")
    for g in recent:
        _check_recent(g)
    return Stats(games, wins, best, total, clean, recent)


def _check_recent(g: Any) -> None:
    if not isinstance(g, dict) or not isinstance(g.get("id"), str):
        raise Invalid("a recent game lacks its id")
    if not isinstance(g.get("won"), bool) or not isinstance(g.get("finished"), str):
        raise Invalid("a recent game lacks its result")
    sheets = g.get("sheets")
    if not isinstance(sheets, list) or not 2 <= len(sheets) <= 6:
        raise Invalid("a recent game lacks its sheets")
    for sh in sheets:
        if not isinstance(sh, dict) or not isinstance(sh.get("name"), str):
            raise Invalid("a recent sheet lacks its name")
        if not isinstance(sh.get("score"), int) or not isinstance(sh.get("rows"), dict):
            raise Invalid("a recent sheet lacks its score")


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def load_stats(path: Path | None = None) -> tuple[Stats, str | None]:
    loaded: Loaded[Stats] = read_json(path or stats_path(), "statistics file", parse_stats)
    return (loaded.value or Stats()), loaded.problem


def save_stats(stats: Stats, path: Path | None = None) -> None:
    write_json(path or stats_path(), stats.to_json())
