"""What just happened to you, shown where it happened: a short toast naming it and a
flash of your seat's panel (LOOK.md, "Motion"). The table keeps the data
(:class:`Toasts`); :func:`draw_overlay` draws it over the rendered table.

Neither moves: a toast appears, stays :data:`TOAST_SECONDS`, and goes; a flash is a
ring that blinks twice. The table wakes only when one of them changes
(:meth:`Toasts.next_change`), so an idle table stays idle. They do not depend on the
speed setting: at "instant" the flights go, the toasts and flashes stay.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, assert_never

import pygame

from split import i18n
from split.engine import events as ev
from split.i18n.words import Words

from .. import typeset, widgets
from ..text import text_size

if TYPE_CHECKING:
    from .frame import Frame

TOAST_SECONDS = 2.2
BUBBLE_SECONDS = 4.0  # a quick message stays on its seat's board this long
FLASH_BLINKS = ((0.0, 0.35), (0.55, 0.9))  # (on, off) seconds after the event
FLASH_COLOUR = (235, 80, 70)  # red: something was taken from you (LOOK.md palette)
MAX_TOASTS = 3


@dataclass(frozen=True)
class Toast:
    """A line about what happened to ``seat``, shown from ``start`` (clock seconds),
    worded when drawn."""

    words: Words
    seat: int
    start: float


@dataclass
class Toasts:
    """The toasts and seat flashes now on the table. ``clock`` gives seconds (tests
    pass their own)."""

    clock: Callable[[], float] = time.perf_counter
    toasts: list[Toast] = field(default_factory=list)
    flashes: dict[int, float] = field(default_factory=dict)  # seat -> start
    bubbles: dict[int, Toast] = field(default_factory=dict)  # seat -> its quick message

    def add(self, words: Words, seat: int) -> None:
        """Toast ``words`` and flash ``seat``'s panel, from now."""
        now = self.clock()
        self.toasts = [*self.toasts, Toast(words, seat, now)][-MAX_TOASTS:]
        self.flashes[seat] = now

    def bubble(self, seat: int, words: Words) -> None:
        """Show a quick message on ``seat``'s board, from now (it replaces the last)."""
        self.bubbles = {**self.bubbles, seat: Toast(words, seat, self.clock())}

    def expire(self) -> bool:
        """Drop what has had its time; True if anything went."""
        now = self.clock()
        toasts = [t for t in self.toasts if now - t.start < TOAST_SECONDS]
        flashes = {s: t for s, t in self.flashes.items() if now - t < FLASH_BLINKS[-1][1]}
        bubbles = {s: b for s, b in self.bubbles.items() if now - b.start < BUBBLE_SECONDS}
        changed = (len(toasts), len(flashes), len(bubbles)) != (
            len(self.toasts),
            len(self.flashes),
            len(self.bubbles),
        )
        self.toasts, self.flashes, self.bubbles = toasts, flashes, bubbles
        return changed

    def flashing(self, seat: int) -> bool:
        """Whether ``seat``'s panel shows its ring now (it blinks)."""
        start = self.flashes.get(seat)
        if start is None:
            return False
        age = self.clock() - start
        return any(on <= age < off for on, off in FLASH_BLINKS)

    def next_change(self) -> float | None:
        """Seconds until a toast goes or a flash blinks (None when there is none)."""
        now = self.clock()
        due = [t.start + TOAST_SECONDS - now for t in self.toasts]
        due += [b.start + BUBBLE_SECONDS - now for b in self.bubbles.values()]
        for start in self.flashes.values():
            due += [start + edge - now for blink in FLASH_BLINKS for edge in blink]
        due = [d for d in due if d > 0]
        return min(due) if due else None


def victim_of(e: ev.Event) -> int | None:
    """The seat another player's action took something from, or None: the owner of an
    upgraded match (R5.2), the other side of a trade (R6.3), the player given a
    negative box (R6.1). Every kind of event is named: a new one fails type checking."""
    match e:
        case ev.MatchUpgraded():
            return e.owner if e.owner != e.seat else None
        case ev.MatchesTraded():
            return e.other
        case ev.NegativeFilled():
            return e.seat if e.reason == "perfect" and e.by != e.seat else None
        case (
            ev.RoundStarted()
            | ev.TurnStarted()
            | ev.CardDrawn()
            | ev.CardsTaken()
            | ev.MatchPlayed()
            | ev.CardReturned()
            | ev.BonusStarted()
            | ev.BonusDeclined()
            | ev.CardDiscarded()
            | ev.WentOut()
            | ev.DrawPileEmptied()
            | ev.AutoMatched()
            | ev.RowFilled()
            | ev.RoundScored()
            | ev.GameOver()
        ):
            return None  # nothing taken from anyone (a returned card follows its upgrade)
        case _:
            assert_never(e)


def draw_overlay(fb: Toasts, f: Frame, surface: pygame.Surface) -> list[pygame.Rect]:
    """Draw the flashes and toasts of ``fb`` over the table the frame ``f`` shows;
    the rectangles drawn."""
    drawn: list[pygame.Rect] = []
    for seat in fb.flashes:
        if fb.flashing(seat):
            r = f.geometry.seat_rect(seat).inflate(6, 6)
            pygame.draw.rect(surface, FLASH_COLOUR, r, 4, border_radius=12)
            drawn.append(r)
    lay = f.layout
    fs = lay.fs
    names = [i18n.embed(name) for name in f.names]
    for seat, said in fb.bubbles.items():
        if seat < f.players:
            drawn.append(_bubble(surface, said.words.text(names), f, seat))
    if not fb.toasts:
        return drawn
    # beside your own matches, at the far end of their row (your matches start at the
    # reading side), so a toast names what happened without hiding the cards it names
    area = lay.own_rect
    width = min(area.width - 20, fs * 24, int(area.width * 0.45))
    y = area.top + 2
    for toast in reversed(fb.toasts):  # the newest on top
        lines = typeset.wrap(toast.words.text(names), fs, width - 24)[:2]
        h = 10 + len(lines) * int(fs * 1.3)
        box = pygame.Rect(area.right - width - 4, y, width, h)
        box = widgets.mirror(box, area)
        widgets.panel(surface, box, (40, 10, 10, 225), 8)
        pygame.draw.rect(surface, FLASH_COLOUR, box, 2, border_radius=8)
        for i, line in enumerate(lines):
            widgets.line(
                surface, line, box, box.top + 5 + i * int(fs * 1.3), fs, widgets.INK, pad=12
            )
        drawn.append(box)
        y = box.bottom + 4
    return drawn


BUBBLE_FILL = (250, 246, 228)  # paper, like a speech bubble in a comic
BUBBLE_INK = (30, 30, 30)


def _bubble(surface: pygame.Surface, text: str, f: Frame, seat: int) -> pygame.Rect:
    """A speech bubble with ``text`` over ``seat``'s board: below a board along the top
    of the table, above yours; its tail points at the board. The rectangle drawn."""
    board = f.geometry.seat_rect(seat)
    fs = f.layout.fs
    width = max(board.width, fs * 8)
    lines = typeset.wrap(text, fs, width - fs)[:2]
    tw = max(text_size(line, fs)[0] for line in lines) + fs
    h = len(lines) * int(fs * 1.3) + fs // 2
    w = min(width, tw)
    mine = seat == f.viewer
    tail = fs // 2
    # yours is at the bottom: the bubble above it; the others' below theirs
    top = board.top - tail - h if mine else board.bottom + tail
    box = pygame.Rect(board.centerx - w // 2, top, w, h).clamp(surface.get_rect())
    tip_y = board.top if mine else board.bottom
    base_y = box.bottom - 1 if mine else box.top + 1
    cx = min(max(board.centerx, box.left + tail * 2), box.right - tail * 2)
    tip = [(cx - tail, base_y), (cx + tail, base_y), (cx, tip_y)]
    pygame.draw.rect(surface, BUBBLE_FILL, box, border_radius=fs // 2)
    pygame.draw.rect(surface, BUBBLE_INK, box, 2, border_radius=fs // 2)
    pygame.draw.polygon(surface, BUBBLE_FILL, tip)
    pygame.draw.lines(surface, BUBBLE_INK, False, [tip[0], tip[2], tip[1]], 2)
    y = box.top + fs // 4
    for line in lines:
        widgets.text(
            surface, line, (box.centerx, y), fs, BUBBLE_INK, width=box.width, anchor="midtop"
        )
        y += int(fs * 1.3)
    return box.union(pygame.Rect(cx - tail, min(tip_y, base_y), tail * 2, abs(tip_y - base_y)))
