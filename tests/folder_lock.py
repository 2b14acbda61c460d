"""A second process that owns a data folder (as another window would), for the tests of
who may write there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hold_lock(folder: Path) -> subprocess.Popen[str]:
    """Start a process that takes ``folder``'s lock and keeps it for a minute; returns
    once it holds the lock (kill it to let go)."""
    code = (
        "import sys, time; from pathlib import Path; from split.app.storage import "
        "lock_data_dir; print(lock_data_dir(Path(sys.argv[1])), flush=True); time.sleep(60)"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(folder)], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "True"
    return proc
