"""The scenario runner of NOTATION.md: ``python -m split scenario FILE.json [--trace]``."""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from typing import TextIO

from .notation import ActionError, parse_actions, parse_config, play_actions, state_json
from .setup import SetupError
from .state import GameState


def _dump(obj: object, out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


MAX_SCENARIO_BYTES = 4 << 20  # 4 MiB: a full game's record is a few kilobytes


def _read(path: str) -> bytes:
    """The bytes of the scenario file: a regular file (a FIFO or a device is refused
    before it is opened, so nothing blocks), at most :data:`MAX_SCENARIO_BYTES`."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise OSError(errno.EINVAL, "not a regular file")
    with open(path, "rb") as f:
        raw = f.read(MAX_SCENARIO_BYTES + 1)
    if len(raw) > MAX_SCENARIO_BYTES:
        raise OSError(errno.EFBIG, f"larger than {MAX_SCENARIO_BYTES >> 20} MiB")
    return raw


def run(path: str, trace: bool = False, out: TextIO | None = None) -> int:
    """Play the scenario at ``path``; print the final state (or each, with ``trace``).

    Returns the exit status: 0, or 2 with the error object printed last.
    """
    out = sys.stdout if out is None else out
    try:
        obj = json.loads(_read(path).decode("utf-8"))
        config = parse_config(obj)
        actions = parse_actions(obj)
        state = GameState.new(config)
    except OSError as err:
        _dump({"error": f"cannot read {path}: {err.strerror or err}", "action": None}, out)
        return 2
    except (ValueError, RecursionError) as err:  # JSON errors and SetupError are ValueErrors
        reason = str(err) if isinstance(err, SetupError) else f"not valid JSON: {err}"
        _dump({"error": reason, "action": None}, out)
        return 2
    if trace:
        _dump(state_json(state), out)
    try:
        play_actions(
            state, actions, on_state=(lambda s: _dump(state_json(s), out)) if trace else None
        )
    except ActionError as err:
        _dump({"error": str(err), "action": err.index}, out)
        return 2
    if not trace:
        _dump(state_json(state), out)
    return 0
