"""What the pointer can touch on the table, as the renderer lists it with each picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pygame


class Hit(NamedTuple):
    """Something on the table the pointer can touch: ``kind`` and its numbers."""

    kind: str  # hand, pile, discard, discard_area, hand_area, match, seat, chip, button
    a: int
    b: int
    rect: pygame.Rect

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.kind, self.a, self.b)


def hit_at(hits: Sequence[Hit], pos: tuple[int, int], skip: tuple[object, ...] = ()) -> Hit | None:
    """The topmost of ``hits`` at ``pos``, leaving out the keys in ``skip``."""
    for h in reversed(hits):
        if h.rect.collidepoint(pos) and h.key not in skip:
            return h
    return None


def focusable(hits: Sequence[Hit]) -> list[Hit]:
    """What Tab moves the focus ring over: every hit but the two drop areas."""
    return [h for h in hits if h.kind not in ("hand_area", "discard_area")]
