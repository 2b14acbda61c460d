"""The score pad (R9) and the four reference cards (R1.4), drawn as panels.

A sheet has a row per rank A..K with its boxes and the values of R9.1 printed in
them, starting with a 0 box; filled boxes are crossed, boxes filled this round are
lit, and the first open box of every row is ringed (it is the row's value). The
negative row of R9.2 sits below, in lines of ten, the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from split import i18n
from split.engine.cards import RANKS
from split.engine.sheet import negative_value, row_value, sheet_score

from . import typeset, widgets
from .typeset import _

ROW_BOXES = 7  # the 0 box and six more: every row shows at least these
NEG_PER_LINE = 10
NEG_LINES = 2  # the negative row shows at least two lines of ten
MAX_NEG_LINES = 32  # a sheet never draws more (320 boxes; a real game fills far fewer)
FILLED = (70, 70, 80)
NEW = (250, 200, 60)
BOX = (250, 248, 236)
RING = (40, 140, 220)
NEG = (200, 60, 60)
INK = (20, 20, 20)


def sheet_columns(rows: Sequence[int]) -> int:
    """Boxes per rank row: the 0 box and six more, or as many as the fullest row needs
    to show its first open box. Every row gets the same number, so columns align."""
    return max(ROW_BOXES, max(rows, default=0) + 1)


def negative_lines(negatives: int) -> int:
    """Lines of ten in the negative row: enough that the first open box shows."""
    return max(NEG_LINES, min(MAX_NEG_LINES, -(-(negatives + 1) // NEG_PER_LINE)))


def _box(
    surface: pygame.Surface,
    box: pygame.Rect,
    value: int,
    filled: bool,
    new: bool,
    is_open: bool,
    size: int,
    colour: tuple[int, int, int],
    edge: tuple[int, int, int],
) -> None:
    """One box of a sheet: its printed value, crossed when filled, lit when filled this
    round, ringed when it is the first open box (the row's value, R9.1)."""
    pygame.draw.rect(surface, NEW if new else BOX, box)
    pygame.draw.rect(surface, edge, box, 1)
    small = box.height < 12 or box.width < 14  # a thumbnail: no digits too small to read
    if not (small and filled):
        widgets.text(
            surface,
            str(value),
            box.center,
            size,
            (140, 140, 140) if filled else colour,
            width=box.width - 2,
            anchor="center",
        )
    if filled:
        thick = 1 if small else 2
        inner = box
        if small:  # a small X in the middle of a flat box, not a stroke along its length
            side = max(3, min(box.width, box.height) - 2)
            inner = pygame.Rect(0, 0, side, side)
            inner.center = box.center
        pygame.draw.line(surface, FILLED, inner.topleft, inner.bottomright, thick)
        pygame.draw.line(surface, FILLED, inner.bottomleft, inner.topright, thick)
    if is_open and not (small and value == 0):  # a thumbnail rings only rows that score
        pygame.draw.rect(surface, RING, box.inflate(2, 2), 1 if small else 2)


def draw_sheet(
    surface: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    rows: Sequence[int],
    negatives: int,
    new_rows: Sequence[int] | None = None,
    new_negatives: int = 0,
) -> None:
    """One player's sheet inside ``rect``, as on the box's score pad (R9).

    Every row starts with a 0 box, crossed first: a row with k boxes filled has boxes
    0..k-1 crossed and its first open box, ringed, prints the row's value (R9.1) — so
    what is ringed is what the row scores. The negative row works the same way with the
    values of R9.2, in lines of ten, as many lines as its first open box needs. Every
    row shows the same number of boxes, so the columns line up.

    Laid out left to right (the name, then the total; a row's rank, then its boxes) and
    mirrored in right-to-left languages: the name and the ranks on the right, the total
    on the left, and the boxes filling from right to left."""
    widgets.panel(surface, rect, (245, 242, 228, 255), 8)
    lines = negative_lines(negatives)
    # Everything scales with the row height, so a sheet fits any rectangle: the
    # header (1.7 rows), 13 rank rows, the negative label (1.3 rows), its lines.
    fs = max(8, min(rect.width // 12, rect.height // 22))
    row_h = max(5, int((rect.height - 10 - int(fs * 1.7)) / (13 + 1.3 + lines + 0.2)))
    fs = max(8, min(fs, int(row_h * 1.2)))
    y = rect.top + 4
    score = sheet_score(rows, negatives)
    name_box = widgets.mirror(pygame.Rect(rect.left, y, rect.width - 48, fs), rect)
    widgets.line(surface, name, name_box, y, fs + 2, INK, True, pad=6)
    widgets.line(surface, str(score), rect, y, fs + 2, INK, True, pad=6, end=True)
    y += int(fs * 1.7)
    cols = sheet_columns(rows)
    label_w = max(int(fs * 1.8), int(row_h * 1.6))
    box_w = max(4, (rect.width - label_w - 10) // cols)
    small = max(7, min(int(row_h * 0.7), int(box_w * 0.42)))
    for r, rank in enumerate(RANKS):
        k = rows[r]
        fresh = new_rows[r] if new_rows else 0
        label = pygame.Rect(rect.left + 4, y, label_w - 4, row_h)
        widgets.text(
            surface,
            i18n.symbols(rank),  # a rank, not a number: "10" in every language
            widgets.mirror(label, rect).center,
            small + 2,
            INK,
            True,
            width=label_w - 4,
            anchor="center",
        )
        for j in range(cols):  # box j: the value with j boxes filled; box 0 is the 0 box
            box = widgets.mirror(
                pygame.Rect(rect.left + label_w + j * box_w, y, box_w - 2, row_h - 2), rect
            )
            filled = j < k
            _box(
                surface,
                box,
                row_value(r, j),
                filled,
                filled and j >= k - fresh,
                j == k,
                small,
                (30, 30, 30),
                (150, 150, 140),
            )
        y += row_h
    y += 2
    negative = _("Negative") + f"  {-negative_value(negatives)}"
    widgets.line(surface, negative, rect, y, min(small + 1, row_h), NEG, True, pad=6)
    y += int(row_h * 1.3)
    nb_w = (rect.width - 12) // NEG_PER_LINE
    for j in range(lines * NEG_PER_LINE):
        line, col = divmod(j, NEG_PER_LINE)
        box = widgets.mirror(
            pygame.Rect(rect.left + 6 + col * nb_w, y + line * row_h, nb_w - 2, row_h - 2), rect
        )
        filled = j < negatives
        _box(
            surface,
            box,
            negative_value(j),
            filled,
            filled and j >= negatives - new_negatives,
            j == negatives,
            max(7, small - 1),
            NEG,
            (170, 120, 120),
        )


def sheets_layout(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Rectangles for ``count`` sheets side by side (two rows when the area is narrow),
    in reading order: the first on the right in right-to-left languages."""
    cols = count if area.width / max(1, count) >= 230 or count <= 3 else (count + 1) // 2
    rows = (count + cols - 1) // cols
    w = area.width // cols
    h = area.height // rows
    return [
        widgets.mirror(
            pygame.Rect(
                area.left + (i % cols) * w + 4, area.top + (i // cols) * h + 4, w - 8, h - 8
            ),
            area,
        )
        for i in range(count)
    ]


def reference_texts() -> list[tuple[str, str]]:
    """R1.4: the four reference cards, title and body."""
    return [
        (
            _("Matches"),
            _(
                "Two cards of the same rank. Weak: different colours. Strong: same colour, "
                "different suits. Perfect: identical halves. Upgrade: put a card on any match "
                "to make it stronger; you take the new match, the loose half goes back to its "
                "owner's hand."
            ),
        ),
        (
            _("Bonuses"),
            _(
                "Perfect: choose another player; they fill in a negative box. Strong: you may "
                "draw the top card of the pile. Weak: you may trade one of your matches for "
                "another player's match of the same type."
            ),
        ),
        (
            _("The turn"),
            _(
                "1. Draw a card, or take a card from the discard row with every card above "
                "it (you must use it at once). 2. Make as many matches and upgrades as you "
                "like, keeping one card. 3. Discard one card. An empty hand ends the round."
            ),
        ),
        (
            _("Scoring"),
            _(
                "Each match fills a box in its rank's row; a row is worth its first open box. "
                "Each card left in hand fills a negative box. Three rounds; highest total wins."
            ),
        ),
    ]


REFERENCE_SUITS = ("\u2665", "\u2660", "\u2666", "\u2663")  # one suit per card


def draw_reference(surface: pygame.Surface, area: pygame.Rect) -> None:
    """The four reference cards in a row (2 x 2 when narrow), in reading order: the first
    on the right in right-to-left languages. Each is drawn as a card of the box: a
    rounded card with a printed frame, its suit in two corners, a title band and its
    text from the reading side."""
    cols = 4 if area.width > 1100 else 2
    rows = 4 // cols
    w, h = area.width // cols, area.height // rows
    card_h = min(h - 12, int((w - 12) * 1.45))  # a card's shape, not a column's
    texts = reference_texts()
    fs = max(12, min(w // 16, card_h // 12))
    while fs > 10 and any(  # one size for the four, the largest that fits them all
        len(typeset.wrap(body, fs, w - 12 - fs - 20)) * int(fs * 1.3) > card_h - fs * 6
        for _t, body in texts
    ):
        fs -= 1
    for i, (title, body) in enumerate(texts):
        r = widgets.mirror(
            pygame.Rect(
                area.left + (i % cols) * w + 6,
                area.top + (i // cols) * h + 6 + (h - 12 - card_h) // 2,
                w - 12,
                card_h,
            ),
            area,
        )
        ink = (170, 30, 40) if i % 2 == 0 else (25, 25, 35)
        shadow = r.move(3, 5)
        widgets.panel(surface, shadow, (0, 0, 0, 90), 14)
        pygame.draw.rect(surface, (250, 247, 236), r, border_radius=14)
        pygame.draw.rect(surface, (120, 110, 95), r, 1, border_radius=14)
        frame = r.inflate(-fs, -fs)
        pygame.draw.rect(surface, ink, frame, 2, border_radius=10)
        band = pygame.Rect(frame.left + 2, frame.top + 2, frame.width - 4, int(fs * 2.4))
        pygame.draw.rect(surface, ink, band, border_top_left_radius=9, border_top_right_radius=9)
        widgets.line(surface, title, band, band.top + fs // 2, fs + 4, (255, 250, 235), True, 12)
        suit = REFERENCE_SUITS[i]
        for corner in (
            (frame.left + fs, frame.bottom - fs),
            (frame.right - fs, frame.bottom - fs),
        ):
            mark = typeset.symbol(suit, int(fs * 1.3), ink)
            surface.blit(mark, mark.get_rect(center=corner))
        text = pygame.Rect(frame.left + 10, band.bottom + fs // 2, frame.width - 20, 0)
        text.height = frame.bottom - fs * 2 - text.top
        widgets.paragraph(surface, body, text, fs, (25, 25, 25))
