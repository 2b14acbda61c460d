"""The scenario runner of NOTATION.md: ``python -m split scenario FILE.json [--trace]``."""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import threading
from typing import TextIO

from .notation import ActionError, parse_actions, parse_config, play_actions, state_json
from .setup import SetupError
from .state import GameState


def _dump(obj: object, out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


MAX_SCENARIO_BYTES = 4 << 20  # 4 MiB: a full game's record is a few kilobytes
READ_SECONDS = 10.0  # a file that takes longer than this to read is not a scenario
MAX_ERROR_CHARS = 300  # an error message quotes at most this much of the file


def _read(path: str) -> bytes:
    """The bytes of the scenario file: a regular file (a FIFO or a device is refused
    before it is opened, so nothing blocks), at most :data:`MAX_SCENARIO_BYTES`, read
    in at most :data:`READ_SECONDS` (``stat`` calls some endless kernel files, like
    /proc/kmsg, regular: they are opened without blocking and the read is timed)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise OSError(errno.EINVAL, "not a regular file")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    got: list[bytes | OSError] = []

    def read() -> None:
        try:
            with os.fdopen(fd, "rb") as f:
                got.append(f.read(MAX_SCENARIO_BYTES + 1) or b"")
        except OSError as err:
            got.append(err)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(READ_SECONDS)
    if not got:  # the thread is left blocked on a file that never ends; the run ends
        raise OSError(errno.ETIMEDOUT, f"not read within {READ_SECONDS:g} s")
    raw = got[0]
    if isinstance(raw, OSError):
        raise raw
    if len(raw) > MAX_SCENARIO_BYTES:
        raise OSError(errno.EFBIG, f"larger than {MAX_SCENARIO_BYTES >> 20} MiB")
    return raw


def _cut(text: str) -> str:
    """``text`` cut to :data:`MAX_ERROR_CHARS` (a hostile file's megabytes are not echoed)."""
    if len(text) <= MAX_ERROR_CHARS:
        return text
    tail = f"... ({len(text)} characters)"
    return text[: MAX_ERROR_CHARS - len(tail)] + tail


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
        why = err.strerror or err
        _dump({"error": _cut(f"cannot read {path}: {why}"), "action": None}, out)
        return 2
    except (ValueError, RecursionError) as err:  # JSON errors and SetupError are ValueErrors
        reason = str(err) if isinstance(err, SetupError) else f"not valid JSON: {err}"
        _dump({"error": _cut(reason), "action": None}, out)
        return 2
    if trace:
        _dump(state_json(state), out)
    try:
        play_actions(
            state, actions, on_state=(lambda s: _dump(state_json(s), out)) if trace else None
        )
    except ActionError as err:
        _dump({"error": _cut(str(err)), "action": err.index}, out)
        return 2
    if not trace:
        _dump(state_json(state), out)
    return 0
