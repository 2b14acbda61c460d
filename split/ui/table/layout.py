"""Where everything on the table goes: a pure function of the window size, the number of
seats, the reading direction and the text size (the UI scale).

The table is laid out left to right (the table, then the side panel) and mirrored as a
whole in right-to-left languages: the side panel on the left, the pile on the right,
rows of cards starting from the right. Nothing here reads the game or the language
setting; positions of cards take the counts they depend on as arguments.

>>> lay = lay_out((1280, 720), 3, rtl=False)
>>> lay.side.right, len(lay.seats)
(1280, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..cards import CardArt

Point = tuple[int, int]
FAN_DEGREES = 9.0  # the tilt of a card at the end of a hand that fills the table
HOVER_LIFT = 0.10  # how far the card under the pointer rises, in card heights
FAN_DROP = 1.09  # a fanned hand's height, in card heights (the arc lowers its ends)
HAND_MOST = 0.30  # the tallest hand card, in window heights
UI_SCALES = (100, 125, 150, 175, 200)
"""The sizes of the table's words and of what holds them, in per cent (a setting)."""


def mirror(rect: pygame.Rect, within: pygame.Rect, rtl: bool) -> pygame.Rect:
    """``rect`` reflected left to right inside ``within`` when ``rtl``."""
    if not rtl:
        return rect
    return pygame.Rect(within.left + within.right - rect.right, rect.top, rect.width, rect.height)


def mirror_x(x: float, width: float, within: pygame.Rect, rtl: bool) -> int:
    """The left edge of a ``width``-wide thing at ``x``, mirrored like :func:`mirror`."""
    if not rtl:
        return int(x)
    return int(within.left + within.right - x - width)


def board_head(fs: int) -> int:
    """The height of an opponent's board above its card backs, for words ``fs`` tall:
    the name and score, then two lines of facts (a narrow panel wraps them; the second
    may stay empty)."""
    return 4 + int(fs * 1.3) + 2 * int(fs * 1.05)


def prompt_band(fs: int) -> int:
    """The height of the words between the discard row and your matches: the discard
    row's label and the prompt."""
    return fs + int(fs * 2.6)


def card_size(height: int) -> tuple[int, int]:
    """(width, height) of a half card drawn ``height`` pixels tall."""
    return CardArt(height).size  # CardArt renders nothing until asked: this is cheap


@dataclass(frozen=True)
class DiscardGrid:
    """How the discard row is spread: step between cards, cards per line, line height,
    and the card height used."""

    step: float
    per: int
    line: int
    height: int


@dataclass(frozen=True)
class TableLayout:
    """Every rectangle of the table for one window size, seat count and direction."""

    size: tuple[int, int]
    players: int
    rtl: bool
    m: int  # the margin
    fs: int  # the body font size
    scale: int  # the UI scale it was laid out for, in per cent (UI_SCALES)
    window: pygame.Rect
    side: pygame.Rect
    table_rect: pygame.Rect
    heights: dict[str, int]  # card heights: hand, mid, own, opp, back
    pile_pos: Point
    prompt_rect: pygame.Rect
    own_rect: pygame.Rect
    hand_rect: pygame.Rect
    hand_y: int
    discard_rect: pygame.Rect
    own_seat: pygame.Rect
    seats: tuple[pygame.Rect, ...]  # the other seats' panels, the next player first
    _grids: dict[int, DiscardGrid] = field(default_factory=dict, compare=False, repr=False)

    @property
    def sheet_area(self) -> pygame.Rect:
        """Where the score sheets or the reference cards cover the table."""
        return self.table_rect.inflate(-2 * self.m, -2 * self.m)

    def hand_positions(
        self, count: int, lifted: int | None = None, hover: int | None = None
    ) -> list[Point]:
        """Top-left corners of ``count`` hand cards fanned on an arc, each overlapping the
        one before it so its rank corner shows; ``lifted`` (the selected index) stands
        higher, ``hover`` (the card under the pointer) a little higher."""
        if not count:
            return []
        w, h = card_size(self.heights["hand"])
        r = self.hand_rect
        step = min(w * 0.8, (r.width - w) / max(1, count - 1))
        total = step * (count - 1) + w
        x0 = r.left + (r.width - total) / 2
        out = []
        for i in range(count):
            t = (i - (count - 1) / 2) / max(1, count)
            y = self.hand_y + int(abs(t) ** 2 * h * 0.35)
            if lifted == i:
                y -= int(h * 0.18)
            elif hover == i:
                y -= int(h * HOVER_LIFT)
            out.append((mirror_x(x0 + i * step, w, r, self.rtl), y))
        return out

    def hand_angle(self, x: int) -> float:
        """The tilt (degrees, counter-clockwise) of a hand card whose left edge is at
        ``x``: cards lean outwards from the middle of the hand, like a held fan."""
        w, _h = card_size(self.heights["hand"])
        off = (self.hand_rect.centerx - (x + w / 2)) / max(1.0, self.hand_rect.width / 2)
        return round(max(-1.0, min(1.0, off)) * FAN_DEGREES * 2) / 2

    @property
    def board_head(self) -> int:
        """The height of an opponent's board above its card backs (:func:`board_head`)."""
        return board_head(self.fs)

    def portrait_rect(self, seat: pygame.Rect, own: bool = False) -> pygame.Rect:
        """A seat's portrait in its panel: an opponent's on the reading side beside its
        card backs (as tall as a back); your own at the head of your board, centred, as
        large as leaves room for the words below it."""
        if own:
            words = int(self.fs * 1.3) + 2 * int(self.fs * 1.05) + 8
            p = max(8, min(seat.width - 16, seat.height - words - 8, int(self.size[1] * 0.16)))
            top = seat.top + max(6, (seat.height - p - words) // 2)  # the whole, centred
            return pygame.Rect(seat.centerx - p // 2, top, p, p)
        p = self.heights["back"]
        rect = pygame.Rect(seat.left + 6, seat.top + self.board_head, p, p)
        return mirror(rect, seat, self.rtl)

    def back_pos(self, seat: pygame.Rect, held: int, i: int) -> Point:
        """Where the ``i``-th of ``held`` card backs lies in an opponent's panel ``seat``
        (after the portrait, from the reading side)."""
        w, _h = card_size(self.heights["back"])
        left = seat.left + 6 + self.heights["back"] + max(4, self.m)
        step = min(w * 0.35, (seat.right - left - w - 8) / max(1, held))
        return (mirror_x(left + step * i, w, seat, self.rtl), seat.top + self.board_head)

    def match_pos(self, seat: pygame.Rect | None, count: int, m: int) -> Point:
        """Top-left of match ``m`` of ``count`` in an opponent's panel ``seat``, or in your
        own row when ``seat`` is None. A tall panel (a seat at the side of the table)
        holds its matches in lines; a line overlaps its matches only when they do not fit
        side by side."""
        if seat is None:
            w, h = card_size(self.heights["own"])
            r = self.own_rect
        else:
            w, h = card_size(self.heights["opp"])
            top = seat.top + self.board_head + self.heights["back"] + 4
            r = pygame.Rect(seat.left + 4, top, seat.width - 8, max(h, seat.bottom - top - 4))
        mw = w * 2
        gap = max(4, w // 6)  # room between matches, so each reads as a pair
        per_line = max(1, (r.width + gap) // (mw + gap))
        lines = max(1, min((r.height + gap) // (h + gap), -(-count // per_line)))
        per_line = max(per_line, -(-count // lines))
        line, col = divmod(m, per_line)
        step = min(mw + gap, (r.width - mw) / max(1, per_line - 1)) if per_line > 1 else mw
        return (mirror_x(r.left + col * step, mw, r, self.rtl), r.top + line * (h + gap))

    def discard_grid(self, count: int) -> DiscardGrid:
        """How ``count`` discards are spread so every card shows (R4.3): full cards while
        they fit, then overlapping down to half a card (the rank corner stays visible),
        then more lines with smaller cards."""
        cached = self._grids.get(count)
        if cached is not None:
            return cached
        h = self.heights["mid"]
        area_h = self.discard_rect.height - self.m // 2
        while True:
            w, art_h = card_size(h)
            avail = self.discard_rect.width - w - 4
            per = max(1, int(avail / (w * 0.55)) + 1)
            rows = max(1, -(-count // per))
            line = int(art_h * 0.42)
            if art_h + (rows - 1) * line <= area_h or h <= 30:
                break
            h -= 2
        step = min(w + 4, avail / max(1, count - 1)) if rows == 1 else avail / (per - 1)
        grid = DiscardGrid(step, per, line, h)
        self._grids[count] = grid
        return grid

    def discard_pos(self, i: int, count: int) -> Point:
        """Top-left of discard ``i`` in a row of ``count``."""
        grid = self.discard_grid(count)
        row, col = divmod(i, grid.per)
        dr = self.discard_rect
        w, _h = card_size(grid.height)
        return (
            mirror_x(dr.left + 2 + col * grid.step, w, dr, self.rtl),
            dr.top + 4 + row * grid.line,
        )

    def pile_top(self, cards: int) -> Point:
        """Top-left of the top card of a draw pile of ``cards`` (the pile stacks up)."""
        off = min(6, cards // 12)
        return (self.pile_pos[0] - off, self.pile_pos[1] - off)

    def score_pos(self, seat: pygame.Rect) -> Point:
        """Where a seat's score sits (a penalty chip flies there)."""
        return (mirror_x(seat.right - 30, 2 * max(10, self.fs), seat, self.rtl), seat.top + 4)


def lay_out(size: tuple[int, int], players: int, rtl: bool, scale: int = 100) -> TableLayout:
    """The table's layout for a window of ``size`` with ``players`` seats, its words at
    ``scale`` per cent.

    The UI scale grows the words and what holds them: the side panel, the boards, the
    prompt; the cards in the middle and your hand take the room that is left (never
    under half their size). The words stop growing at a 24th of the window's height
    (176 % at 1280x720, 180 % at 1920x1080), so a small window keeps a table to play on.
    """
    W, H = size
    m = max(6, H // 70)
    base = max(13, int(H * 0.024))  # the words at 100 %
    fs = max(base, min(base * scale // 100, H // 24))
    k = fs / base
    window = pygame.Rect(0, 0, W, H)
    side_w = min(int(W * 0.32), int(max(210, min(440, int(W * 0.21))) * k))
    tw = W - side_w  # the table's width
    side = mirror(pygame.Rect(tw, 0, side_w, H), window, rtl)
    table = mirror(pygame.Rect(0, 0, tw, H), window, rtl)
    # larger words take height from the cards of the middle rows and your hand
    grow = board_head(fs) - board_head(base)
    words = grow + prompt_band(fs) - prompt_band(base)
    room = H - int(H * 0.26) - prompt_band(base) - 4 * m  # the cards' height at 100 %
    c = max(0.5, (room - words) / room)
    top_h = int(H * 0.26) + grow
    heights = {
        "hand": int(H * 0.20 * c),
        "mid": int(H * 0.15 * c),
        "own": int(H * 0.13 * c),
        "opp": int(H * 0.095),
        "back": int(H * 0.06),
    }
    h_hand, h_mid = heights["hand"], heights["mid"]
    mid_w, _h = card_size(h_mid)
    others = players - 1
    # Four or more players sit around the table: the next player at the left side, the
    # last at the right side, the others across the top; fewer sit across the top.
    sides = others >= 3
    col_w = min(int(tw * 0.24), int(max(150, int(tw * 0.17)) * k)) if sides else 0
    left = m + (col_w + m if sides else 0)
    inner = pygame.Rect(left, 0, tw - m - (col_w + m if sides else 0) - left, H)
    y = top_h + m
    prompt = pygame.Rect(inner.left, y + h_mid + fs + m, inner.width, int(fs * 2.6))
    own = mirror(pygame.Rect(m, prompt.bottom + m // 2, tw - 2 * m, heights["own"]), window, rtl)
    # Your hand takes the felt below your matches, as large as it fits (up to HAND_MOST
    # of the window's height): no band of empty felt between them.
    h_hand = max(h_hand, min(int(H * HAND_MOST), int((H - m - own.bottom - m) / FAN_DROP)))
    heights["hand"] = h_hand
    hand_top = H - m - int(h_hand * FAN_DROP)  # room for the fan's arc
    lift = int(h_hand * 0.2)
    # your board beside your hand, at the bottom on the reading side
    own_w = max(fs * 8, min(int(tw * 0.18), fs * 14))
    own_seat = pygame.Rect(m, own.bottom + m, own_w, H - 2 * m - own.bottom)
    hand_left = own_seat.right + m
    hand = pygame.Rect(hand_left, hand_top - lift, tw - m - hand_left, H - hand_top + lift - m)
    hand = mirror(hand, window, rtl)
    own_seat = mirror(own_seat, window, rtl)
    pile_x = inner.left + m
    left = pile_x + mid_w + 4 * m
    discard = mirror(pygame.Rect(left, y - m // 2, inner.right - left, h_mid + m), window, rtl)
    across = others - 2 if sides else others
    room = inner.width + m
    # one to three across share the row: no band of bare felt beside them (at two
    # seats it was a third of the table's width on either side of Ada's board)
    w = room // across
    x0 = inner.left + (room - w * across) // 2
    top_seats = [pygame.Rect(x0 + i * w, m, w - m, top_h - m) for i in range(across)]
    if sides:
        tall = prompt.bottom - m
        top_seats = [
            pygame.Rect(m, m, col_w, tall),
            *top_seats,
            pygame.Rect(tw - m - col_w, m, col_w, tall),
        ]
    # mirrored in right-to-left languages: the next player sits at the right
    seats = tuple(mirror(r, window, rtl) for r in top_seats)
    prompt = mirror(prompt, window, rtl)
    return TableLayout(
        size=size,
        players=players,
        rtl=rtl,
        m=m,
        fs=fs,
        scale=scale,
        window=window,
        side=side,
        table_rect=table,
        heights=heights,
        pile_pos=(mirror_x(pile_x, mid_w, window, rtl), y),
        prompt_rect=prompt,
        own_rect=own,
        hand_rect=hand,
        hand_y=hand_top,
        discard_rect=discard,
        own_seat=own_seat,
        seats=seats,
    )
