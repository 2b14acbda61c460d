"""The score pad (R9) and the four reference cards (R1.4), drawn as panels.

A sheet has a row per rank A..K with its boxes and the values of R9.1 printed in
them; filled boxes are crossed, boxes filled this round are lit, and the first
open box of every row is ringed (it is the row's value). The negative row of
R9.2 sits below with its running values.
"""

from __future__ import annotations

import pygame

from split import i18n
from split.engine.cards import RANKS
from split.engine.sheet import negative_value, row_value, sheet_score

from . import typeset, widgets
from .typeset import _

ROW_BOXES = 6
NEG_BOXES = 20
FILLED = (70, 70, 80)
NEW = (250, 200, 60)
BOX = (250, 248, 236)
RING = (40, 140, 220)
NEG = (200, 60, 60)


def draw_sheet(
    surface: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    rows: list[int],
    negatives: int,
    new_rows: list[int] | None = None,
    new_negatives: int = 0,
) -> None:
    """One player's sheet inside ``rect``.

    Laid out left to right (the name, then the total; a row's rank, then its boxes) and
    mirrored in right-to-left languages: the name and the ranks on the right, the total
    on the left, and the boxes filling from right to left."""
    widgets.panel(surface, rect, (245, 242, 228, 255), 8)
    # Everything scales with the row height, so a sheet fits any rectangle: the
    # header, 13 rank rows, the negative label (1.3 rows) and two negative rows.
    fs = max(8, min(rect.width // 12, rect.height // 22))
    row_h = max(7, (rect.height - 10 - int(fs * 1.7)) * 10 // 163)
    fs = max(8, min(fs, int(row_h * 1.2)))
    y = rect.top + 4
    score = sheet_score(rows, negatives)
    ink = (20, 20, 20)
    name_box = widgets.mirror(pygame.Rect(rect.left, y, rect.width - 48, fs), rect)
    widgets.line(surface, name, name_box, y, fs + 2, ink, True, pad=6)
    widgets.line(surface, str(score), rect, y, fs + 2, ink, True, pad=6, end=True)
    rtl = typeset.is_rtl()
    y += int(fs * 1.7)
    label_w = int(fs * 1.8)
    box_w = (rect.width - label_w - 10) // ROW_BOXES
    small = max(7, min(int(row_h * 0.7), int(box_w * 0.42)))
    for r, rank in enumerate(RANKS):
        k = rows[r]
        fresh = new_rows[r] if new_rows else 0
        widgets.text(
            surface,
            i18n.symbols(rank),  # a rank, not a number: "10" in every language
            (rect.right - 6 if rtl else rect.left + 6, y + row_h // 2),
            small + 2,
            ink,
            True,
            anchor="midright" if rtl else "midleft",
        )
        shown = min(k + 1, ROW_BOXES) if k >= ROW_BOXES else ROW_BOXES
        first = max(0, k + 1 - ROW_BOXES)  # long rows scroll so the first open box shows
        for i in range(shown):
            j = first + i + 1  # box number, 1-based
            box = widgets.mirror(
                pygame.Rect(rect.left + label_w + i * box_w, y, box_w - 2, row_h - 2), rect
            )
            filled = j <= k
            new = filled and j > k - fresh
            pygame.draw.rect(surface, NEW if new else BOX, box)
            pygame.draw.rect(surface, (150, 150, 140), box, 1)
            value = str(row_value(r, j))
            col = (120, 120, 120) if filled else (30, 30, 30)
            widgets.text(surface, value, box.center, small, col, anchor="center")
            if filled:
                pygame.draw.line(surface, FILLED, box.topleft, box.bottomright, 2)
                pygame.draw.line(surface, FILLED, box.bottomleft, box.topright, 2)
            if j == k + 1:
                pygame.draw.rect(surface, RING, box.inflate(2, 2), 2)
        y += row_h
    y += 2
    negative = _("Negative") + f"  {-negative_value(negatives)}"
    widgets.line(surface, negative, rect, y, min(small + 1, row_h), NEG, True, pad=6)
    y += int(row_h * 1.3)
    per = NEG_BOXES // 2
    nb_w = (rect.width - 12) // per
    nb_h = row_h
    for j in range(1, NEG_BOXES + 1):
        i = j - 1
        box = widgets.mirror(
            pygame.Rect(
                rect.left + 6 + (i % per) * nb_w, y + (i // per) * nb_h, nb_w - 2, nb_h - 2
            ),
            rect,
        )
        filled = j <= negatives
        new = filled and j > negatives - new_negatives
        pygame.draw.rect(surface, NEW if new else BOX, box)
        pygame.draw.rect(surface, (170, 120, 120), box, 1)
        widgets.text(
            surface,
            str(negative_value(j)),
            box.center,
            max(8, small - 1),
            (130, 120, 120) if filled else NEG,
            anchor="center",
        )
        if filled:
            pygame.draw.line(surface, FILLED, box.topleft, box.bottomright, 2)
            pygame.draw.line(surface, FILLED, box.bottomleft, box.topright, 2)
        if j == negatives + 1:
            pygame.draw.rect(surface, RING, box.inflate(2, 2), 2)


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


def draw_reference(surface: pygame.Surface, area: pygame.Rect) -> None:
    """The four reference cards in a row (2 x 2 when narrow), in reading order: the first
    on the right in right-to-left languages, each card's text from its reading side."""
    cols = 4 if area.width > 1100 else 2
    rows = 4 // cols
    w, h = area.width // cols, area.height // rows
    fs = max(12, min(w // 26, h // 15))
    for i, (title, body) in enumerate(reference_texts()):
        r = widgets.mirror(
            pygame.Rect(
                area.left + (i % cols) * w + 6, area.top + (i // cols) * h + 6, w - 12, h - 12
            ),
            area,
        )
        widgets.panel(surface, r, (245, 240, 222, 255), 12)
        widgets.line(surface, title, r, r.top + 10, fs + 4, (120, 30, 30), True, pad=12)
        widgets.paragraph(surface, body, r.inflate(-24, -24).move(0, fs + 12), fs, (25, 25, 25))
