"""The panels that open over the table, one at a time: the score sheets (T), the
reference cards (R), the keys (F1 or ?), the quick messages (M, at a network table) and
the whole log (L)."""

from __future__ import annotations

from typing import assert_never

import pygame

from split import i18n

from .. import sheets, typeset, widgets
from ..shortcuts import KEYS, KEYS_TITLE, LOG_HELP
from ..text import text_size
from ..typeset import _
from .frame import Frame
from .hits import Hit
from .narration import PHRASES


def draw_panel(f: Frame, surf: pygame.Surface) -> list[Hit]:
    """Draw the panel the frame ``f`` has open (if any); what on it can be touched."""
    hits: list[Hit] = []
    match f.panel:
        case None:
            pass
        case "sheets":
            _sheets(f, surf)
        case "reference":
            sheets.draw_reference(surf, f.layout.sheet_area)
        case "keys":
            _keys(f, surf)
        case "say":
            _say(f, surf, hits)
        case "log":
            _log(f, surf, hits)
        case _:
            assert_never(f.panel)
    return hits


def _say(f: Frame, surf: pygame.Surface, hits: list[Hit]) -> None:
    """The quick messages (M, or Say… at a network table): one click sends one to
    everyone at the table; 1 to 7 on the keyboard."""
    lay = f.layout
    fs = lay.fs
    keys = list(PHRASES)
    bw = max(fs * 11, max(text_size(_(PHRASES[k]), fs)[0] for k in keys) + fs * 4)
    bh = int(fs * 2)
    gap = fs // 2
    title = int(fs * 2.2)
    w, h = bw + 2 * fs, title + len(keys) * (bh + gap) + fs
    side = lay.side
    # over the table, beside the side panel, its foot at the window's foot
    x = side.left - gap - w if side.centerx > lay.window.centerx else side.right + gap
    area = pygame.Rect(x, lay.window.bottom - gap - h, w, h).clamp(lay.window)
    widgets.panel(surf, area, (8, 22, 14, 240), 10)
    widgets.line(surf, _("Quick messages"), area, area.top + fs // 2, fs, widgets.GOLD, True, fs)
    y = area.top + title
    for i, key in enumerate(keys):
        r = pygame.Rect(area.left + fs, y, bw, bh)
        b = widgets.Button(f"say{i}", _(PHRASES[key]), r, True, i18n.key_name(str(i + 1)))
        b.draw(surf)
        hits.append(Hit("phrase", i, -1, r))
        y += bh + gap


def _log(f: Frame, surf: pygame.Surface, hits: list[Hit]) -> None:
    """The whole log (L, or the Log button), a drawer over the table beside the side
    panel, as tall as the window: every entry the table keeps, the newest at the
    foot, scrolled back with the wheel, the arrows or Page Up and Page Down."""
    lay = f.layout
    fs, m, side = lay.fs, lay.m, lay.side
    table = lay.table_rect
    w = min(table.width - 2 * m, max(int(side.width * 1.5), fs * 26))
    x = side.left - m - w if side.centerx > lay.window.centerx else side.right + m
    area = pygame.Rect(x, m, w, lay.window.height - 2 * m)
    widgets.panel(surf, area, (8, 22, 14, 245), 10)
    pygame.draw.rect(surf, widgets.GOLD, area, 2, border_radius=10)
    hits.append(Hit("log", -1, -1, area))
    inner = area.inflate(-2 * fs, -fs)
    widgets.line(surf, _("Log"), inner, inner.top, fs, widgets.GOLD, True)
    foot = int(fs * 0.8)
    help_y = inner.bottom - int(foot * 1.3)
    widgets.line(surf, _(LOG_HELP), inner, help_y, foot, widgets.DIM)
    top = inner.top + int(fs * 1.8)
    text = pygame.Rect(inner.left, top, inner.width, help_y - fs // 2 - top)
    lfs = max(11, int(fs * 0.85))
    step = int(lfs * 1.25)
    entries = f.log[: len(f.log) - f.log_back] if f.log_back else f.log
    lines = typeset.newest_lines(entries, lfs, text.width, max(0, text.height // step))
    y = text.bottom - len(lines) * step
    for line in lines:
        widgets.line(surf, line, text, y, lfs, (215, 225, 215))
        y += step


def _keys(f: Frame, surf: pygame.Surface) -> None:
    """The keys panel (F1 or ?): the table's keys and everywhere's, in words."""
    area = f.layout.sheet_area
    widgets.panel(surf, area, (8, 22, 14, 240), 10)
    fs = max(14, min(26, area.height // 16))
    inner = area.inflate(-4 * fs, -3 * fs)
    y = inner.top
    widgets.line(surf, _(KEYS_TITLE), inner, y, fs * 3 // 2, widgets.GOLD, True)
    y += fs * 3
    for i, words in enumerate(KEYS):
        colour = widgets.DIM if i == len(KEYS) - 1 else widgets.INK
        box = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        y = widgets.paragraph(surf, _(words), box, fs, colour) + fs


def _sheets(f: Frame, surf: pygame.Surface) -> None:
    area = f.layout.sheet_area
    widgets.panel(surf, area, (0, 0, 0, 170), 10)
    order = [f.viewer, *f.geometry.opponents()]
    rects = sheets.sheets_layout(area.inflate(-8, -8), f.players)
    m = f.model
    for r, seat in zip(rects, order, strict=True):
        sheets.draw_sheet(
            surf,
            r,  # your own sheet first: on the right in Persian
            f.names[seat],
            m.rows[seat],
            m.negatives[seat],
            m.round_rows[seat] if f.scoring else None,
            m.round_negatives[seat] if f.scoring else 0,
        )
