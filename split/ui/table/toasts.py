"""What just happened to you, shown where it happened: a notice naming it, marked
with the portrait of who did it, and a flash of your seat's panel (LOOK.md, "Motion").
The table keeps the data (:class:`Toasts`); :func:`draw_overlay` draws it over the
rendered table.

A notice belongs to the table (felt and gold, like the seats' panels) and stays until
its player's next move, or a click on it (:func:`notice_at`); at most
:data:`MAX_TOASTS` show, the newest first. A flash is a ring that blinks twice. The
table wakes only when one of them changes (:meth:`Toasts.next_change`), so an idle
table stays idle. They do not depend on the speed setting: at "instant" the flights
go, the notices and flashes stay.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, assert_never

import pygame

from split import i18n
from split.engine import events as ev
from split.i18n.words import Words

from .. import typeset, widgets
from ..portraits import portrait
from ..text import text_size
from ..typeset import is_rtl
from .frame import Frame, Toast

BUBBLE_SECONDS = 4.0  # a quick message stays on its seat's board this long
FLASH_BLINKS = ((0.0, 0.35), (0.55, 0.9))  # (on, off) seconds after the event
FLASH_COLOUR = (235, 80, 70)  # red: something was taken from you (LOOK.md palette)
MAX_TOASTS = 3
NOTICE_FILL = (10, 52, 32)  # the seats' panels on the felt
NOTICE_RIM = (204, 170, 86)  # a duller gold than the turn's marker
PATH_SECONDS = 1.6  # a match's path between two seats shows this long
PATH_COLOUR = (250, 214, 110)
PATH_EDGE = (20, 30, 20)


class Route(NamedTuple):
    """Where a match went: from ``src``'s match number ``src_match`` to ``dst``'s
    number ``dst_match`` (and the other way too, when ``both``: a trade)."""

    src: int
    src_match: int
    dst: int
    dst_match: int
    both: bool


@dataclass(frozen=True)
class Path:
    """A :class:`Route` drawn between two seats from ``start`` (clock seconds)."""

    route: Route
    start: float


@dataclass
class Toasts:
    """The notices and seat flashes now on the table. ``clock`` gives seconds (tests
    pass their own)."""

    clock: Callable[[], float] = time.perf_counter
    toasts: list[Toast] = field(default_factory=list)
    flashes: dict[int, float] = field(default_factory=dict)  # seat -> start
    bubbles: dict[int, Toast] = field(default_factory=dict)  # seat -> its quick message
    paths: list[Path] = field(default_factory=list)

    def add(
        self, words: Words, seat: int, by: int | None = None, route: Route | None = None
    ) -> None:
        """Notify ``seat`` of ``words`` (what ``by`` did) and flash its panel, from now;
        with ``route``, draw the way its match went between the two seats for a moment."""
        now = self.clock()
        self.toasts = [*self.toasts, Toast(words, seat, now, by)][-MAX_TOASTS:]
        self.flashes[seat] = now
        if route is not None:  # the newest only: several arcs at once read as a tangle
            self.paths = [Path(route, now)]

    def acted(self, seat: int | None) -> None:
        """``seat`` made a move: its notices have been seen, they go."""
        self.toasts = [t for t in self.toasts if t.seat != seat]

    def dismiss(self, toast: Toast) -> None:
        """A click on a notice: it goes."""
        self.toasts = [t for t in self.toasts if t is not toast]

    def clear(self) -> None:
        """A new round: the last one's notices go (its sheets have the record)."""
        self.toasts = []

    def bubble(self, seat: int, words: Words) -> None:
        """Show a quick message on ``seat``'s board, from now (it replaces the last)."""
        self.bubbles = {**self.bubbles, seat: Toast(words, seat, self.clock())}

    def expire(self) -> bool:
        """Drop what has had its time (flashes, paths and quick messages: a notice
        waits for its player); True if anything went."""
        now = self.clock()
        flashes = {s: t for s, t in self.flashes.items() if now - t < FLASH_BLINKS[-1][1]}
        bubbles = {s: b for s, b in self.bubbles.items() if now - b.start < BUBBLE_SECONDS}
        paths = [p for p in self.paths if now - p.start < PATH_SECONDS]
        was = (len(self.flashes), len(self.bubbles), len(self.paths))
        self.flashes, self.bubbles, self.paths = flashes, bubbles, paths
        return was != (len(flashes), len(bubbles), len(paths))

    def flashing(self, seat: int) -> bool:
        """Whether ``seat``'s panel shows its ring now (it blinks)."""
        start = self.flashes.get(seat)
        if start is None:
            return False
        age = self.clock() - start
        return any(on <= age < off for on, off in FLASH_BLINKS)

    def next_change(self) -> float | None:
        """Seconds until a flash blinks, or a path or a quick message goes (None when
        there is none)."""
        now = self.clock()
        due = [b.start + BUBBLE_SECONDS - now for b in self.bubbles.values()]
        due += [p.start + PATH_SECONDS - now for p in self.paths]
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


def actor_of(e: ev.Event) -> int | None:
    """The seat that did what :func:`victim_of` names (None if no seat did it)."""
    match e:
        case ev.MatchUpgraded() | ev.MatchesTraded():
            return e.seat
        case ev.NegativeFilled():
            return e.by
        case _:
            return None


def route_of(e: ev.Event, matches: Sequence[Sequence[object]]) -> Route | None:
    """Where a match went between two seats (``matches``: each seat's matches after
    ``e``): an upgrade takes the owner's match to the upgrading seat (R5.2), a trade
    swaps two (R6.3, each lands at the end of its new row); None for anything else."""
    match e:
        case ev.MatchUpgraded():
            return (
                Route(e.owner, e.old_match, e.seat, e.match, False) if e.owner != e.seat else None
            )
        case ev.MatchesTraded():
            return Route(e.other, e.taken_index, e.seat, len(matches[e.seat]) - 1, True)
        case _:
            return None


def _slot(f: Frame, seat: int, m: int) -> pygame.Rect:
    """Where ``seat``'s match number ``m`` lies (or lay) on the table."""
    w, h = f.geometry.art("own" if seat == f.viewer else "opp").size
    return pygame.Rect(f.geometry.match_pos(seat, m), (2 * w, h))


def path_points(p: Path, f: Frame) -> list[tuple[int, int]]:
    """The drawn path of ``p``: a low arc from the edge of the match's old place to
    the edge of its new one, each end the point of its place nearest the other."""
    r = p.route
    a, b = _slot(f, r.src, r.src_match), _slot(f, r.dst, r.dst_match)
    ax, ay = min(max(b.centerx, a.left), a.right), min(max(b.centery, a.top), a.bottom)
    bx, by = min(max(a.centerx, b.left), b.right), min(max(a.centery, b.top), b.bottom)
    # bowed to one side by a fifth of its length
    dx, dy = bx - ax, by - ay
    cx, cy = (ax + bx) / 2 - dy * 0.2, (ay + by) / 2 + dx * 0.2
    out = []
    for i in range(25):
        t = i / 24
        x = (1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t**2 * bx
        y = (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t**2 * by
        out.append((round(x), round(y)))
    return out


def _arrow(
    surface: pygame.Surface, tip: tuple[int, int], back: tuple[int, int], size: int
) -> pygame.Rect:
    """An arrowhead at ``tip``, pointing away from ``back``."""
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    n = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / n, dy / n
    base = (tip[0] - ux * size, tip[1] - uy * size)
    head = [
        tip,
        (round(base[0] - uy * size * 0.6), round(base[1] + ux * size * 0.6)),
        (round(base[0] + uy * size * 0.6), round(base[1] - ux * size * 0.6)),
    ]
    pygame.draw.polygon(surface, PATH_COLOUR, head)
    return pygame.draw.polygon(surface, PATH_EDGE, head, 2)


def _path(surface: pygame.Surface, p: Path, f: Frame) -> pygame.Rect:
    """A match's path between two seats, with an arrowhead where it went."""
    points = path_points(p, f)
    width = max(4, f.layout.fs // 4)
    r = pygame.draw.lines(surface, PATH_EDGE, False, points, width + 4)
    pygame.draw.lines(surface, PATH_COLOUR, False, points, width)
    size = width * 4
    r = r.union(_arrow(surface, points[-1], points[-4], size))
    if p.route.both:
        r = r.union(_arrow(surface, points[0], points[3], size))
    return r.inflate(4, 4)


@dataclass(frozen=True)
class Notice:
    """A notice as laid out: its box and its lines, the portrait's place in the box."""

    toast: Toast
    box: pygame.Rect
    lines: tuple[str, ...]
    pic: pygame.Rect


def notices(fb: Toasts, f: Frame) -> list[Notice]:
    """Where the notices of ``fb`` go over the table ``f`` shows (:func:`lay_notices`)."""
    return lay_notices(fb.toasts, f)


def lay_notices(toasts: Sequence[Toast], f: Frame) -> list[Notice]:
    """Where the notices go, the newest on top: beside your own matches, at the far end
    of their row (your matches start at the reading side), so a notice names what
    happened without hiding the cards it names; narrower when the row is long (down to
    a dozen letters' width, then over its last matches). As many as fit above your
    hand's cards (the newest always): an older one shows when a newer is dismissed,
    and the log (L) has them all."""
    lay = f.layout
    fs = lay.fs
    names = [i18n.embed(name) for name in f.names]
    area = lay.own_rect
    width = min(area.width - 20, fs * 26)
    held = len(f.model.matches[f.viewer])
    if held:
        last = _slot(f, f.viewer, held - 1)
        free = last.left - area.left if is_rtl() else area.right - last.right
        width = min(width, max(fs * 12, free - fs))
    side = int(fs * 2.2)  # the portrait of who did it
    pad = fs // 2
    y = area.top + 2
    out: list[Notice] = []
    for toast in reversed(toasts):
        room = width - side - 3 * pad - fs  # and the close mark at the far end
        lines = tuple(typeset.wrap(toast.words.text(names), fs, room)[:3])
        h = max(side + pad, pad + len(lines) * int(fs * 1.3))
        box = widgets.mirror(pygame.Rect(area.right - width - 4, y, width, h), area)
        if out and box.bottom > max(area.bottom, lay.hand_y - 4):
            break  # it would cover your hand's cards
        pic = widgets.mirror(pygame.Rect(box.left + pad, box.centery - side // 2, side, side), box)
        out.append(Notice(toast, box, lines, pic))
        y = box.bottom + 4
    return out


def notice_at(fb: Toasts, f: Frame, pos: tuple[int, int]) -> Toast | None:
    """The notice drawn at ``pos``, if any (a click there dismisses it)."""
    return next((n.toast for n in notices(fb, f) if n.box.collidepoint(pos)), None)


def draw_overlay(fb: Toasts, f: Frame, surface: pygame.Surface) -> list[pygame.Rect]:
    """Draw what blinks, fades or goes of ``fb`` (flashes, paths, quick messages) over
    the table the frame ``f`` shows; the rectangles drawn."""
    drawn: list[pygame.Rect] = []
    for seat in fb.flashes:
        if fb.flashing(seat):
            r = f.geometry.seat_rect(seat).inflate(6, 6)
            pygame.draw.rect(surface, FLASH_COLOUR, r, 4, border_radius=12)
            drawn.append(r)
    counts = f.geometry.matches
    for p in fb.paths:
        route = p.route
        if max(route.src, route.dst) >= f.players or route.dst_match >= counts[route.dst]:
            continue  # the table moved on since (the match went again): no path to draw
        drawn.append(_path(surface, p, f))
    names = [i18n.embed(name) for name in f.names]
    for seat, said in fb.bubbles.items():
        if seat < f.players:
            drawn.append(_bubble(surface, said.words.text(names), f, seat))
    return drawn


def draw_notices(f: Frame, surface: pygame.Surface) -> None:
    """Draw the notices the frame ``f`` holds: with the table's still layer (they wait
    for their player, so they are part of the table until read, not drawn again each
    frame like what blinks or fades)."""
    for n in lay_notices(f.notices, f):
        _notice(surface, n, f)


def _notice(surface: pygame.Surface, n: Notice, f: Frame) -> pygame.Rect:
    """One notice: a felt panel with a gold rim, the portrait of who did it on the
    reading side, the words beside it, a close mark at the far end."""
    fs = f.layout.fs
    box, by = n.box, n.toast.by
    pygame.draw.rect(surface, NOTICE_FILL, box, border_radius=8)
    pygame.draw.rect(surface, NOTICE_RIM, box, 2, border_radius=8)
    if by is not None and by < f.players:
        surface.blit(portrait(f.seat_names[by], n.pic.width, f.kinds[by]), n.pic)
    pad = fs // 2
    text = widgets.mirror(
        pygame.Rect(
            box.left + n.pic.width + 2 * pad, box.top, box.width - n.pic.width - 3 * pad - fs, box.h
        ),
        box,
    )
    step = int(fs * 1.3)
    y = box.centery - len(n.lines) * step // 2
    for i, line in enumerate(n.lines):
        widgets.line(surface, line, text, y + i * step, fs, widgets.INK)
    close = typeset.render("\u00d7", fs, widgets.DIM)
    corner = widgets.mirror(
        pygame.Rect(
            box.right - pad - close.get_width(), box.top + 2, close.get_width(), close.get_height()
        ),
        box,
    )
    surface.blit(close, corner)
    return box


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
