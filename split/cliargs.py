"""Command lines that fail in one line: a parser whose errors are one line on stderr
and exit status 2, and argument types that check their values (positive, finite,
within bounds, an existing file, a window size) so no tool gets a value it cannot use.

Every layer's tool (``split sim``, ``split bench``, ``split autoplay``, the game's own
options) parses with :class:`Parser`. Standard library only.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from typing import NoReturn

MAX_COUNT = 10**7  # games, frames, runs: beyond this a typo, not a wish


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose error is one line, ``PROG: error: MESSAGE``, exit 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {' '.join(message.split())}\n")
        sys.exit(2)


def _bad(text: str, what: str) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(f"{text!r} is not {what}")


def whole(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (ASCII digits)."""

    def check(text: str) -> int:
        s = text.strip()
        digits = s[1:] if s[:1] in "+-" else s
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 12:
            raise _bad(text, f"a whole number from {low} to {high}")
        value = int(s)
        if not low <= value <= high:
            raise _bad(text, f"a whole number from {low} to {high}")
        return value

    return check


def real(low: float, high: float, low_open: bool = False) -> Callable[[str], float]:
    """A finite number from ``low`` (excluded with ``low_open``) to ``high``."""
    where = f"{'over' if low_open else 'from'} {low:g} {'and up' if low_open else ''} to {high:g}"

    def check(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise _bad(text, f"a number {where}") from None
        if not math.isfinite(value) or value > high or value < low or (low_open and value == low):
            raise _bad(text, f"a number {' '.join(where.split())}")
        return value

    return check


def window_size(text: str) -> tuple[int, int]:
    """``WxH``, each from 320 to 7680."""
    w, sep, h = text.lower().partition("x")
    try:
        if not sep:
            raise ValueError
        size = (whole(320, 7680)(w), whole(240, 4320)(h))
    except (ValueError, argparse.ArgumentTypeError):
        raise _bad(text, "a window size like 1280x720 (320x240 to 7680x4320)") from None
    return size


def existing_file(text: str) -> str:
    """A path to a file that exists."""
    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not an existing file")
    return text


def program(text: str) -> str:
    """A path to a regular file this user may run."""
    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not an existing file")
    if not os.access(text, os.X_OK):
        raise argparse.ArgumentTypeError(f"{text!r} is not executable")
    return text


def no_arguments(prog: str, option: str, rest: list[str]) -> None:
    """An option that takes nothing: anything after it is a one-line error, status 2."""
    if rest:
        shown = " ".join(rest)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        Parser(prog=prog).error(f"{option} takes no arguments (got {shown!r})")


SEED = whole(-(2**63), 2**63 - 1)
COUNT = whole(1, MAX_COUNT)
