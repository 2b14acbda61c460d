"""A seat's board in its panel: the portrait, the name and score, the facts (who plays
it, cards held, dealer) and what its matches would add now.

An opponent's board reads name and score on its first line, its facts on up to two
lines below (wrapped between facts when the panel is narrow, the "+N" at the end of
the first), its portrait beside its card backs. Your own board, beside your hand,
puts a larger portrait at its head and the same lines below it. Everything is mirrored in
right-to-left languages: the portrait and the name on the right.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from split import i18n
from split.bots import BOT_NAMES
from split.engine.state import GAME_OVER, ROUND_OVER

from .. import typeset, widgets
from ..portraits import portrait
from ..typeset import _, ngettext
from .frame import Frame

WORTH = (140, 230, 150)  # a seat's matches: what they would score now
FACT_LINES = 2  # an opponent's facts take at most this many lines


def thinking(f: Frame, seat: int) -> bool:
    """Whether ``seat`` is a bot whose turn the table shows: it is thinking."""
    kind = f.kinds[seat]
    bot = kind in BOT_NAMES or kind == "bot"
    return bot and seat == f.current and f.phase not in (ROUND_OVER, GAME_OVER)


def facts_of(f: Frame, seat: int) -> list[str]:
    """A seat's facts in reading order: who plays it (not for your own; "thinking…"
    while it is a bot's turn), cards held, dealer."""
    held = len(f.model.hands[seat])
    facts = [ngettext("{n} card", "{n} cards", held).format(n=held)]
    if seat != f.viewer:
        kind = f.kinds[seat]
        label = {
            "human": _("human"),
            "remote": _("on the network"),
            "away": _("away (a bot plays)"),
        }.get(kind)
        facts.insert(0, _("thinking…") if thinking(f, seat) else label or _(kind))
    if seat == f.model.dealer:
        facts.append(_("dealer"))
    if f.clock is not None and f.clock[0] == seat:  # the host's turn timer runs
        left = f.clock[1]
        facts.insert(0, _("{time} left").format(time=f"{left // 60}:{left % 60:02d}"))
    return facts


def wrap_facts(facts: Sequence[str], first: int, width: int, size: int, most: int) -> list[str]:
    """The facts joined into lines: the first ``first`` pixels wide, the others
    ``width``; a fact never splits, and the last of ``most`` lines takes what is left."""
    lines: list[list[str]] = [[]]
    for fact in facts:
        room = first if len(lines) == 1 else width
        trial = i18n.join_facts([*lines[-1], fact])
        fits = typeset.render(trial, size, widgets.DIM).get_width() <= room
        if lines[-1] and not fits and len(lines) < most:
            lines.append([fact])
        else:
            lines[-1].append(fact)
    return [i18n.join_facts(line) for line in lines if line]


def _reading(r: pygame.Rect, start: int, end: int) -> pygame.Rect:
    """The part of ``r`` from ``start`` pixels in on the reading side to ``end`` pixels
    from the other side."""
    return widgets.mirror(pygame.Rect(r.left + start, r.top, r.width - start - end, r.h), r)


def _head(f: Frame, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
    """Name on the reading side of ``r``, score at its other end."""
    fs = f.layout.fs
    at = widgets.line(surf, str(f.model.score(seat)), r, r.top + 4, fs, widgets.GOLD, True, 8, True)
    name_box = _reading(r, 0, at.width + 8)
    widgets.line(surf, f.names[seat], name_box, r.top + 4, fs, widgets.INK, True, pad=8)


def _gain(f: Frame, surf: pygame.Surface, seat: int, r: pygame.Rect, y: int, size: int) -> int:
    """The "+N" its matches would add at the end of the line at ``y``; its width."""
    gain = f.model.worth_now(seat)
    if not gain:
        return 0
    at = widgets.line(surf, f"+{gain}", r, y, size, WORTH, True, 8, end=True)
    return at.width + 8


def draw_board(f: Frame, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
    """A seat's board (its panel ``r`` drawn already): portrait, name, score, facts."""
    fs, lay = f.layout.fs, f.layout
    own = seat == f.viewer and r == lay.own_seat
    pic = lay.portrait_rect(r, own)
    surf.blit(portrait(f.seat_names[seat], pic.width, f.kinds[seat]), pic)
    # your own board: the words under the portrait
    text = pygame.Rect(r.left, pic.bottom, r.width, r.bottom - pic.bottom) if own else r
    _head(f, surf, seat, text)
    size = int(fs * 0.85)
    y = text.top + 4 + int(fs * 1.3)
    gain = _gain(f, surf, seat, text, y, size)
    width = text.width - 16
    lines = wrap_facts(facts_of(f, seat), width - gain, width, size, FACT_LINES)
    for i, words in enumerate(lines):
        room = _reading(text, 0, gain if i == 0 else 0)
        widgets.line(surf, words, room, y + i * int(fs * 1.05), size, widgets.DIM, pad=8)
