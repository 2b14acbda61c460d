"""pygame's transforms as the table calls them, with a bot thinking on another thread.

pygame lets go of the GIL while it scales or turns a picture. With a bot's search (or
the coach's review of your move) running Python on another thread, taking the GIL
back waited out the whole switch interval, 5 ms, at every call: a new hand's tilted
cards (two turns a card) held a frame up by about 100 ms. Here the interval is
lowered for the call only, so the GIL comes back within 0.1 ms (``python -m split
bench render --thinking`` measures frames with a bot searching beside them).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

BRIEF = 0.0001  # seconds: the switch interval while a transform runs
NORMAL = sys.getswitchinterval()


@contextmanager
def _brief_waits() -> Iterator[None]:
    sys.setswitchinterval(BRIEF)
    try:
        yield
    finally:
        sys.setswitchinterval(NORMAL)


def smoothscale(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``surface`` scaled smoothly to ``size``."""
    with _brief_waits():
        return pygame.transform.smoothscale(surface, size)


def rotozoom(surface: pygame.Surface, angle: float) -> pygame.Surface:
    """``surface`` turned ``angle`` degrees counter-clockwise, smoothly."""
    with _brief_waits():
        return pygame.transform.rotozoom(surface, angle, 1.0)


def rotate(surface: pygame.Surface, angle: float) -> pygame.Surface:
    """``surface`` turned ``angle`` degrees counter-clockwise."""
    with _brief_waits():
        return pygame.transform.rotate(surface, angle)
