"""The code's types are checked in the suite: the two mypy runs of the project's rules
(``mypy split`` and ``mypy --strict split/engine split/net split/ui/table``) report no
error. mypy runs as a subprocess of this interpreter from the repository's root, with
the settings of pyproject.toml and a cache under .mypy_cache (a second run only rechecks
what changed)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+: error: ", re.MULTILINE)
LINE = re.compile(r"^(?P<path>[^:\s]+\.py):(?P<line>\d+): error: ", re.MULTILINE)

RUNS = {
    "mypy split": ["split"],
    "mypy --strict split/engine split/net split/ui/table": [
        "--strict",
        "--cache-dir=.mypy_cache/strict",  # its own: the two runs' options differ
        "split/engine",
        "split/net",
        "split/ui/table",
    ],
}


def mypy(args: list[str]) -> tuple[int, str]:
    """mypy's exit status and its report (stdout and stderr)."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def summary(report: str) -> str:
    """The errors counted per file, most first, then the report itself."""
    per_file = Counter(m["path"] for m in ERROR.finditer(report))
    counts = "\n".join(f"{n:4d}  {path}" for path, n in per_file.most_common())
    total = sum(per_file.values())
    return f"{total} error(s) in {len(per_file)} file(s):\n{counts}\n\n{report}"


def test_error_lines_are_counted_per_file():
    report = (
        "split/a.py:1: error: one  [x]\nsplit/a.py:2: note: see\n"
        "split/b/c.py:3: error: two  [y]\nsplit/a.py:9: error: three  [z]\n"
    )
    assert summary(report).startswith(
        "3 error(s) in 2 file(s):\n   2  split/a.py\n   1  split/b/c.py"
    )


@pytest.mark.parametrize("command", list(RUNS))
def test_mypy_reports_no_error(command: str) -> None:
    status, report = mypy(RUNS[command])
    assert status == 0 and not ERROR.search(report), f"{command}: {summary(report)}"


def test_a_new_event_fails_type_checking_where_the_table_reacts(tmp_path: Path) -> None:
    """Events are dispatched with match ... assert_never: an event type added to the
    union (events.py shadowed by a copy with one more) is an error wherever the table
    handles events, its reaction first, until it is handled there."""
    source = (ROOT / "split/engine/events.py").read_text(encoding="utf-8")
    assert "\nEvent = (\n    RoundStarted\n" in source
    shadow = tmp_path / "events.py"
    shadow.write_text(
        source.replace(
            "\nEvent = (\n    RoundStarted\n",
            "\nclass Sneezed(NamedTuple):\n    seat: int\n\n\nEvent = (\n    Sneezed\n"
            "    | RoundStarted\n",
        ),
        encoding="utf-8",
    )
    status, report = mypy(
        [
            "--strict",
            f"--cache-dir={tmp_path / 'cache'}",
            "--shadow-file",
            "split/engine/events.py",
            str(shadow),
            "split/ui/table",
        ]
    )
    core = (ROOT / "split/ui/table/core.py").read_text(encoding="utf-8").splitlines()
    react = next(i for i, line in enumerate(core, 1) if "def react(" in line)
    errors = {(m["path"], int(m["line"])) for m in LINE.finditer(report)}
    assert status != 0
    assert any(p.endswith("core.py") and line > react for p, line in errors), report
    unhandled = {Path(p).name for p, _ in errors}
    assert unhandled == {"core.py", "animator.py", "narration.py", "toasts.py", "model.py"}


def test_the_frames_picture_cannot_be_written(tmp_path: Path) -> None:
    """A frame's picture (``Frame.model``) is typed read-only (``model.Picture``): each
    way of writing into it is a type error, reading it is not."""
    lines = [
        "from split.ui.table.frame import Frame",
        "",
        "",
        "def reads(f: Frame) -> int:",
        "    return len(f.model.hands[0]) + f.model.score(0) + f.model.discard[-1]",
        "",
        "",
        "def writes(f: Frame) -> None:",
        "    f.model.hands[0].append(3)  # write",
        "    f.model.discard.clear()  # write",
        "    f.model.matches[1][0] = (1, 2)  # write",
        "    f.model.draw_pile = 0  # write",
        "    f.model = f.model  # write",
    ]
    probe = tmp_path / "probe.py"
    probe.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, report = mypy(["--cache-dir=.mypy_cache/probe", str(probe)])
    flagged = {int(m["line"]) for m in LINE.finditer(report)}
    writes = {n for n, line in enumerate(lines, 1) if line.endswith("# write")}
    assert status != 0 and flagged == writes, report
