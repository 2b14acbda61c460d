"""The score sheet as on the box (R9): a 0 box first, the ringed first open box is the
row's value, every box that can be filled is shown and the columns line up."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from split.engine.cards import RANKS  # noqa: E402
from split.engine.sheet import negative_value, row_value  # noqa: E402
from split.ui import sheets, widgets  # noqa: E402


class Drawn:
    """What a sheet drew: every text with its rectangle, every ringed box."""

    def __init__(self, monkeypatch) -> None:
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.rings: list[pygame.Rect] = []
        self.crosses: list[tuple[tuple[int, int], int]] = []
        real_text, real_rect, real_line = widgets.text, pygame.draw.rect, pygame.draw.line

        def text(surface, words, *args, **kw):
            r = real_text(surface, words, *args, **kw)
            self.texts.append((words, r))
            return r

        def rect(surface, colour, r, *args, **kw):
            if tuple(colour)[:3] == sheets.RING:
                self.rings.append(pygame.Rect(r).inflate(-2, -2))
            return real_rect(surface, colour, r, *args, **kw)

        def line(surface, colour, a, b, width=1):
            if tuple(colour)[:3] == sheets.FILLED:
                self.crosses.append((tuple(a), width))
            return real_line(surface, colour, a, b, width)

        monkeypatch.setattr(widgets, "text", text)
        monkeypatch.setattr(pygame.draw, "rect", rect)
        monkeypatch.setattr(pygame.draw, "line", line)

    def value_in(self, box: pygame.Rect) -> str:
        found = [w for w, r in self.texts if box.collidepoint(r.center)]
        assert len(found) == 1, (box, found)
        return found[0]


def draw(monkeypatch, rows, negatives, rect=None) -> Drawn:
    rect = rect or pygame.Rect(0, 0, 420, 640)
    surface = pygame.Surface((rect.right + 10, rect.bottom + 10))
    drawn = Drawn(monkeypatch)
    sheets.draw_sheet(surface, rect, "Ada", rows, negatives)
    return drawn


@pytest.mark.parametrize("k", [0, 1, 2, 5, 6, 8, 12])
def test_the_ringed_box_of_a_row_prints_what_the_row_scores(monkeypatch, k):
    """R9.1: a row's value is the number in its first open box; an untouched row is
    worth 0, so it starts with a 0 box. The ace row with k boxes filled rings the box
    printing row_value(A, k) (before: a 15 ringed on an untouched row worth 0)."""
    rows = [k] + [0] * 12
    drawn = draw(monkeypatch, rows, 0)
    assert len(drawn.rings) == 14  # 13 rank rows and the negative row
    ace, two = drawn.rings[0], drawn.rings[1]
    assert drawn.value_in(ace) == str(row_value(0, k))
    assert drawn.value_in(two) == "0"


@pytest.mark.parametrize("negatives", [0, 3, 20, 23, 35])
def test_the_negative_row_shows_every_box_it_needs(monkeypatch, negatives):
    """R9.2: the negative row rings its first open box, which prints the negative value;
    23 filled boxes show 23 crossed boxes (before: 20 crossed beside -61)."""
    drawn = draw(monkeypatch, [0] * 13, negatives)
    ring = drawn.rings[-1]
    assert drawn.value_in(ring) == str(negative_value(negatives))
    label = next(w for w, _r in drawn.texts if w.startswith("Negative"))
    assert label.endswith(str(-negative_value(negatives)))
    assert len(drawn.crosses) // 2 == negatives  # two strokes per crossed box


def test_a_long_row_keeps_every_row_in_line(monkeypatch):
    """Eight matches of one rank: that row shows its first open box, and every row gets
    the same boxes at the same places (before: the long row scrolled out of line)."""
    rows = [0] * 13
    rows[6] = 8
    drawn = draw(monkeypatch, rows, 0)
    xs = {r.centerx for r in drawn.rings[:13]}
    assert drawn.value_in(drawn.rings[6]) == str(row_value(6, 8))
    assert len(xs) == 2  # the 0 boxes of 12 rows in one column, the long row's ninth box


def test_a_thumbnail_crosses_boxes_without_unreadable_digits(monkeypatch):
    """Statistics thumbnails: crossed boxes too small to read lose their digits and keep
    a thin X (before: thick strokes turned to bars and a tiny 25 read as 75)."""
    rows = [3, 2, 1] + [0] * 10
    drawn = draw(monkeypatch, rows, 4, pygame.Rect(0, 0, 150, 190))
    widths = {w for _a, w in drawn.crosses}
    assert widths == {1}
    crossed = sum(rows) + 4
    assert len(drawn.crosses) == 2 * crossed
    # the rank labels fit their column, "10" included
    ten = next(r for w, r in drawn.texts if w == "10" and r.left < 40)
    zero = next(r for w, r in drawn.texts if w == "0" and abs(r.centery - ten.centery) <= 3)
    assert ten.left >= 0 and ten.right <= zero.left, "the 10 label is clipped"
    # a thumbnail rings only the rows that score (A, 2, 3 and the negatives), thinly
    assert len(drawn.rings) == 4


def test_every_rank_has_its_row(monkeypatch):
    drawn = draw(monkeypatch, [0] * 13, 0)
    labels = [w for w, r in drawn.texts if w in RANKS and r.left < 60]
    assert labels[:13] == list(RANKS)


def test_a_thumbnails_crosses_are_xs_not_bars(monkeypatch):
    """Statistics thumbnails: in a flat box the cross is a small X in its middle (its
    strokes as tall as they are wide), so it never reads as a bar."""
    ends: list[tuple[tuple[int, int], tuple[int, int]]] = []
    real = pygame.draw.line

    def line(surface, colour, a, b, width=1):
        if tuple(colour)[:3] == sheets.FILLED:
            ends.append((tuple(a), tuple(b)))
        return real(surface, colour, a, b, width)

    monkeypatch.setattr(pygame.draw, "line", line)
    surface = pygame.Surface((320, 170))
    sheets.draw_sheet(surface, pygame.Rect(0, 0, 300, 150), "Ada", [3] + [0] * 12, 2)
    assert ends
    for (x1, y1), (x2, y2) in ends:
        assert abs(abs(x2 - x1) - abs(y2 - y1)) <= 1, "a stroke along a flat box"
