"""The scenario runner of NOTATION.md: through the function its command line calls, and
through the real command line (run_cli)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from split.engine.cards import canonical_deck, card_str
from split.engine.scenario import run

DECK = [card_str(c) for c in canonical_deck()]

ROOT = Path(__file__).resolve().parent.parent

EXAMPLE = {
    "players": 3,
    "dealer": 0,
    "seed": 7,
    "rounds": [
        {
            "hands": [["2C"], ["7H", "7D", "KS"], ["9S", "9S"]],
            "discard": ["5C"],
            "draw": ["QH", "3D"],
            "table": [[["4H", "4D"]], [], []],
        }
    ],
    "actions": ["draw", "match 7D 7H", "pass"],
}


def _write(tmp_path, obj, raw=None) -> Path:
    path = tmp_path / "s.json"
    path.write_text(raw if raw is not None else json.dumps(obj), encoding="utf-8")
    return path


def run_cli(tmp_path, obj, *flags, raw=None):
    """The exit status and the JSON lines of ``python -m split scenario FILE [flags]``."""
    proc = subprocess.run(
        [sys.executable, "-m", "split", "scenario", str(_write(tmp_path, obj, raw)), *flags],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc.returncode, lines


def run_file(tmp_path, obj, *flags, raw=None):
    """The same as :func:`run_cli`, through the function the command line calls (the
    command line itself is run by the tests that use run_cli)."""
    assert set(flags) <= {"--trace"}
    out = io.StringIO()
    code = run(str(_write(tmp_path, obj, raw)), trace="--trace" in flags, out=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_notation_example_end_state(tmp_path):
    code, [state] = run_cli(tmp_path, EXAMPLE)
    assert code == 0
    assert {k: state[k] for k in ("round", "dealer", "phase", "current", "must_use")} == {
        "round": 1,
        "dealer": 0,
        "phase": "play",
        "current": 1,
        "must_use": None,
    }
    assert state["draw_pile"] == 94 and state["discard"] == ["5C"]
    p0, p1, p2 = state["players"]
    assert p0["hand"] == ["2C"]
    assert p0["matches"] == [{"cards": ["4D", "4H"], "type": "strong"}]
    assert p1["hand"] == ["QH", "KS"]
    assert p1["matches"] == [{"cards": ["7D", "7H"], "type": "strong"}]
    assert p2["hand"] == ["9S", "9S"]
    assert list(p0["rows"]) == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert p0["negatives"] == 0 and p0["score"] == 0
    assert state["legal"] == ["discard KS", "discard QH"]


def test_trace_prints_the_state_before_and_after_each_action(tmp_path):
    code, states = run_file(tmp_path, EXAMPLE, "--trace")
    assert code == 0 and len(states) == 4
    assert states[0]["phase"] == "start" and states[0]["current"] == 1
    assert states[1]["phase"] == "play"
    assert states[2]["phase"] == "strong-bonus"
    assert states[2]["legal"] == ["draw", "pass"]


def test_illegal_action_is_reported_with_its_index(tmp_path):
    obj = dict(EXAMPLE, actions=["draw", "match 7D KS", "pass"])
    code, lines = run_file(tmp_path, obj)
    assert code == 2 and len(lines) == 1
    assert lines[0]["action"] == 1 and "same rank" in lines[0]["error"]


def test_trace_ends_with_the_error_object(tmp_path):
    obj = dict(EXAMPLE, actions=["draw", "bogus"])
    code, lines = run_cli(tmp_path, obj, "--trace")
    assert code == 2 and len(lines) == 3
    assert lines[-1]["action"] == 1 and "unknown action" in lines[-1]["error"]


def test_defaults_and_unknown_keys(tmp_path):
    code, [state] = run_file(tmp_path, {"players": 2, "actions": [], "comment": "ignored"})
    assert code == 0 and state["dealer"] == 0 and state["current"] == 1
    assert all(len(p["hand"]) == 9 for p in state["players"])


def test_same_seed_same_deal(tmp_path):
    _, [a] = run_file(tmp_path, {"players": 4, "seed": 11, "actions": []})
    _, [b] = run_file(tmp_path, {"players": 4, "seed": 11, "actions": []})
    _, [c] = run_file(tmp_path, {"players": 4, "seed": 12, "actions": []})
    assert a == b and a != c


def test_deck_setup_deals_by_r2_3(tmp_path):
    deck = DECK
    code, [state] = run_file(tmp_path, {"players": 2, "rounds": [{"deck": deck}], "actions": []})
    assert code == 0
    # seat 1 (after dealer 0) receives deck[0], deck[2], ...
    assert state["players"][1]["hand"] == sorted(deck[0:18:2], key=deck.index)
    assert state["discard"] == [deck[18]]
    assert state["draw_pile"] == 104 - 19


MALFORMED = [
    ("not json", "{players: 3"),
    ("not an object", "[1, 2]"),
    ("no players", {"actions": []}),
    ("no actions", {"players": 2}),
    ("players not int", {"players": "2", "actions": []}),
    ("players bool", {"players": True, "actions": []}),
    ("too few players", {"players": 1, "actions": []}),
    ("too many players", {"players": 7, "actions": []}),
    ("dealer out of range", {"players": 2, "dealer": 2, "actions": []}),
    ("seed not int", {"players": 2, "seed": 1.5, "actions": []}),
    ("actions not strings", {"players": 2, "actions": [1]}),
    ("rounds not a list", {"players": 2, "rounds": {}, "actions": []}),
    ("four rounds", {"players": 2, "rounds": [{"hands": [[], []]}] * 4, "actions": []}),
    ("setup neither", {"players": 2, "rounds": [{}], "actions": []}),
    ("short deck", {"players": 2, "rounds": [{"deck": ["AC"]}], "actions": []}),
    ("deck bad card", {"players": 2, "rounds": [{"deck": ["XX"] * 104}], "actions": []}),
    ("deck wrong counts", {"players": 2, "rounds": [{"deck": ["AC"] * 104}], "actions": []}),
    ("hands per seat", {"players": 3, "rounds": [{"hands": [[], []]}], "actions": []}),
    ("hand not list", {"players": 2, "rounds": [{"hands": ["AC", []]}], "actions": []}),
    ("bad card", {"players": 2, "rounds": [{"hands": [["1C"], []]}], "actions": []}),
    ("three copies", {"players": 2, "rounds": [{"hands": [["AC", "AC"], ["AC"]]}], "actions": []}),
    (
        "table not a match",
        {
            "players": 2,
            "rounds": [{"hands": [[], []], "table": [[["AC", "2C"]], []]}],
            "actions": [],
        },
    ),
    (
        "table three cards",
        {
            "players": 2,
            "rounds": [{"hands": [[], []], "table": [[["AC", "AC", "AD"]], []]}],
            "actions": [],
        },
    ),
    ("empty draw pile", None),
]


def _full_hands():
    deck = DECK
    return {"players": 2, "rounds": [{"hands": [deck[:52], deck[52:]]}], "actions": []}


@pytest.mark.parametrize("name,obj", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_files_exit_2_with_null_action(tmp_path, name, obj):
    if obj is None:
        obj = _full_hands()
    raw = obj if isinstance(obj, str) else None
    code, lines = run_file(tmp_path, obj, raw=raw)
    assert code == 2 and len(lines) == 1
    assert lines[0]["action"] is None and lines[0]["error"]


def test_missing_file(tmp_path, capsys):
    assert run(str(tmp_path / "nope.json")) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["action"] is None and "cannot read" in out["error"]


def test_action_at_game_over_is_refused(tmp_path):
    from split.engine.setup import GameConfig
    from split.engine.state import Scratch

    s = Scratch.new(GameConfig(2, 0, 3))
    actions = []
    while not s.is_over:
        a = s.legal_actions()[-1]
        actions.append(str(a))
        s.play(a)
    code, lines = run_file(tmp_path, {"players": 2, "seed": 3, "actions": actions + ["draw"]})
    assert code == 2 and lines[0]["action"] == len(actions)
    assert "game is over" in lines[0]["error"]
    code, [final] = run_file(tmp_path, {"players": 2, "seed": 3, "actions": actions})
    assert code == 0 and final["phase"] == "game-over" and final["legal"] == []
