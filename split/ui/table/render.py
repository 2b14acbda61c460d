"""Drawing the table: a static layer (everything that is not moving) plus the cards in
flight, and the list of things the pointer can touch (:class:`Hit`).

The static layer is rebuilt only when the table's ``version`` or its layout changed
since it was drawn: the table bumps its version (``TableScene.invalidate``) at the few
points where what it shows changes. Frames in between only restore the rectangles the
flying cards covered and blit the cards again, which keeps an animated frame cheap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

import pygame

from split import i18n
from split.engine.actions import TAKE, Action
from split.engine.state import PERFECT_BONUS, STRONG_BONUS, WEAK_BONUS, GameState
from split.i18n import N_

from .. import cards as cardart
from .. import sheets, typeset, widgets
from ..model import TableModel
from ..typeset import _, is_rtl, ngettext
from .animator import Animator
from .hand import HandOrder
from .layout import HOVER_LIFT, TableLayout
from .narration import Tone

GLOW = (255, 226, 90)
HINT_GLOW = (120, 220, 255)
SELECT_GLOW = (140, 255, 160)
FOCUS_RING = (120, 200, 255)
WORTH = (140, 230, 150)  # a seat's matches: what they would score now
TONES = {
    Tone.PLAIN: widgets.INK,
    Tone.WAITING: widgets.DIM,
    Tone.YOUR_TURN: widgets.GOLD,
    Tone.NOTE: (170, 230, 255),
    Tone.REFUSED: widgets.ERROR,
}

BUTTONS: tuple[tuple[str, str, str], ...] = (
    ("skip", N_("Skip"), "P"),
    ("hint", N_("Hint"), "H"),
    ("sort", N_("Sort"), "S"),
    ("sheets", N_("Sheets"), "T"),
    ("rules", N_("Reference"), "R"),
    ("speed", N_("Speed"), ""),
    ("undo", N_("Undo"), ""),
)
"""The side panel's buttons: name, label, key."""


class Hit(NamedTuple):
    """Something on the table the pointer can touch: ``kind`` and its numbers."""

    kind: str  # hand, pile, discard, discard_area, hand_area, match, seat, chip, button
    a: int
    b: int
    rect: pygame.Rect

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.kind, self.a, self.b)


def focusable(hits: Sequence[Hit]) -> list[Hit]:
    """What Tab moves the focus ring over: every hit but the two drop areas."""
    return [h for h in hits if h.kind not in ("hand_area", "discard_area")]


def chip_image(fs: int) -> pygame.Surface:
    """The red penalty chip (R6.1) for body text of size ``fs``."""
    r = max(10, fs)
    surf = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(surf, (200, 40, 40), (r, r), r)
    pygame.draw.circle(surf, (255, 255, 255), (r, r), r, 2)
    label = typeset.symbol("\u2212", int(r * 1.4), (255, 255, 255), True)
    surf.blit(label, label.get_rect(center=(r, r)))
    return surf


def prompt_fit(text: str, fs: int, box: pygame.Rect) -> tuple[int, list[str]]:
    """The prompt's size and lines: body size while it fits the bar in two lines, else
    smaller (down to 60%), so a long hint or refusal is never cut off or spills out."""
    size = fs
    while True:
        lines = typeset.wrap(text, size, box.width - 20)
        if (len(lines) <= 2 and len(lines) * int(size * 1.25) <= box.height - 4) or (
            size <= max(9, int(fs * 0.6))
        ):
            return size, lines
        size -= 1


def _lifted(surface: pygame.Surface, sprite: cardart.CardSprite) -> pygame.Rect:
    """A card in the air (flying or dragged) over its longer, darker shadow."""
    h = sprite.image.get_height()
    return cardart.blit_with_shadow(surface, sprite.image, sprite.rect.topleft, h // 14, True)


def _screen_order(items: list) -> list:
    """Rows of cards are drawn from the left of the screen, so each card's rank corner
    (top left) stays above the card before it: reversed when the row runs right to left."""
    return items[::-1] if is_rtl() else items


class Drag(Protocol):
    """A drag in progress, as the renderer sees it."""

    sprite: cardart.CardSprite | None
    hides: tuple[tuple, ...]
    targets: frozenset


class Pointer(Protocol):
    """The gestures in progress, as the renderer sees them."""

    press: Drag | None
    focus: int | None
    hover: int | None


class Table(Protocol):
    """What the renderer reads from the table."""

    layout: TableLayout
    model: TableModel
    animator: Animator
    hand: HandOrder
    settings: Any
    kinds: list[str]
    viewer: int
    n: int
    log: list[str]
    hint_keys: frozenset
    selected: tuple[str, int] | None
    gestures: Pointer
    show_sheets: bool
    show_reference: bool
    scoring: bool
    hand_hidden: bool
    hand_covered: bool
    version: int

    @property
    def state(self) -> GameState: ...
    @property
    def names(self) -> list[str]: ...
    def art(self, which: str) -> cardart.CardArt: ...
    def disc_art(self) -> cardart.CardArt: ...
    def opponents(self) -> list[int]: ...
    def seat_rect(self, seat: int) -> pygame.Rect: ...
    def back_pos(self, seat: int, i: int) -> tuple[int, int]: ...
    def match_pos(self, seat: int, m: int) -> tuple[int, int]: ...
    def discard_pos(self, i: int) -> tuple[int, int]: ...
    def hand_positions(self) -> list[tuple[int, int]]: ...
    def busy(self) -> bool: ...
    def human_turn(self) -> bool: ...
    def legal(self) -> list[Action]: ...
    def prompt(self) -> tuple[str, Tone]: ...
    def glow_targets(self) -> frozenset: ...
    def can_undo(self) -> bool: ...


class Renderer:
    """The static layer, the hit list built with it, and the side panel's buttons."""

    def __init__(self) -> None:
        self.static: pygame.Surface | None = None
        self.hits: list[Hit] = []
        self.buttons: dict[str, widgets.Button] = {}
        self.glow_keys: frozenset = frozenset()  # lit as legal drop targets
        self.hide_keys: set = set()  # lifted or flying home: not drawn in place
        self.builds = 0  # static-layer rebuilds, for the bench
        self._version = -1  # the table's version and layout the static layer shows
        self._layout: TableLayout | None = None
        self._on_screen = False  # whether the window shows the current static layer
        self._dyn_rects: list[pygame.Rect] = []

    def stale(self, t: Table) -> bool:
        """Whether the static layer is older than the table's version or layout."""
        return self._layout is not t.layout or self._version != t.version

    def ensure(self, t: Table) -> None:
        """Rebuild the static layer (and the hit list) if it is stale."""
        if self.stale(t):
            self.build(t)

    def hit_at(self, pos: tuple[int, int], skip: tuple = ()) -> Hit | None:
        """The topmost thing at ``pos`` (as last drawn), leaving out the keys in ``skip``."""
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos) and h.key not in skip:
                return h
        return None

    def draw(
        self, t: Table, surface: pygame.Surface, full_redraw: bool
    ) -> list[pygame.Rect] | None:
        """Draw into ``surface``: all of it when the static layer changed (or
        ``full_redraw``), else just what the flying cards touch; the changed rectangles,
        or None for all of the window."""
        self.ensure(t)
        full = full_redraw or not self._on_screen
        rects: list[pygame.Rect] = []
        if full:
            surface.blit(self.static, (0, 0))
            self._on_screen = True
        else:
            for r in self._dyn_rects:
                surface.blit(self.static, r, r)
            rects.extend(self._dyn_rects)
        new: list[pygame.Rect] = []
        for f in t.animator.flights:
            if f.t >= 0:
                new.append(_lifted(surface, f.sprite))
        press = t.gestures.press
        if press is not None and press.sprite is not None:
            new.append(_lifted(surface, press.sprite))
        self._dyn_rects = [r.inflate(2, 2) for r in new]
        rects.extend(self._dyn_rects)
        return None if full else rects

    # ------------------------------------------------------------------ the static layer

    def build(self, t: Table) -> None:
        """Draw everything that is not moving, and list what can be touched."""
        lay = t.layout
        W, H = lay.size
        if self.static is None or self.static.get_size() != (W, H):
            self.static = pygame.Surface((W, H)).convert()
        surf = self.static
        surf.blit(cardart.felt((W, H)), (0, 0))
        self.hits = []
        press = t.gestures.press
        dragging = press is not None and press.sprite is not None
        self.glow_keys = t.glow_targets()
        hide = set(press.hides) if dragging else set()
        hide |= {k for k, v in t.animator.returning.items() if v > 0}
        self.hide_keys = hide
        self._opponents(t, surf)
        self._center(t, surf, dragging)
        self._prompt(t, surf)
        self._own(t, surf, dragging)
        self._side(t, surf)
        if t.show_sheets:
            self._sheets(t, surf)
        elif t.show_reference:
            sheets.draw_reference(surf, lay.sheet_area)
        if t.hand_hidden:
            widgets.panel(surf, pygame.Rect(0, 0, W, H), (0, 20, 10, 235), 0)
        focus = t.gestures.focus
        if focus is not None:
            items = focusable(self.hits)
            if items:
                r = items[focus % len(items)].rect
                pygame.draw.rect(surf, FOCUS_RING, r.inflate(6, 6), 3, border_radius=6)
        self._version, self._layout = t.version, t.layout
        self._on_screen = False
        self.builds += 1

    def _glow(
        self, t: Table, surf: pygame.Surface, key: tuple, rect: pygame.Rect, art: cardart.CardArt
    ) -> None:
        colour = None
        if key in self.glow_keys:
            colour = GLOW
        elif key in t.hint_keys:
            colour = HINT_GLOW
        if colour is not None:
            g = art.glow(rect.width, rect.height, colour)
            surf.blit(g, g.get_rect(center=rect.center))

    def _seat_header(
        self, t: Table, surf: pygame.Surface, seat: int, r: pygame.Rect, score_room: int
    ) -> None:
        """A seat's name (on the reading side, leaving ``score_room`` pixels) and its
        score (at the other end)."""
        fs = t.layout.fs
        name_box = widgets.mirror(pygame.Rect(r.left, r.top, r.width - score_room + 16, r.h), r)
        widgets.line(surf, t.names[seat], name_box, r.top + 4, fs, widgets.INK, True, pad=8)
        score = str(t.model.score(seat))
        widgets.line(surf, score, r, r.top + 4, fs, widgets.GOLD, True, 8, end=True)

    def _seat_facts(self, t: Table, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        """A seat's second line: its facts (who plays it, cards held, dealer) from the
        reading side, and at the other end what its matches would score if the round
        ended now."""
        fs = t.layout.fs
        held = len(t.model.hands[seat])
        facts = [ngettext("{n} card", "{n} cards", held).format(n=held)]
        if seat != t.viewer:
            kind = t.kinds[seat]
            label = {
                "human": _("human"),
                "remote": _("on the network"),
                "away": _("away (a bot plays)"),
            }.get(kind)
            facts.insert(0, label or _(kind))
        if seat == t.model.dealer:
            facts.append(_("dealer"))
        y = r.top + 4 + int(fs * 1.3)
        size = int(fs * 0.85)
        room = r
        gain = t.model.worth_now(seat)
        if gain:
            at = widgets.line(surf, f"+{gain}", r, y, size, WORTH, True, 8, end=True)
            # the room left on the reading side of it: its right in right-to-left text
            if is_rtl():
                room = pygame.Rect(at.right, r.top, r.right - at.right, r.height)
            else:
                room = pygame.Rect(r.left, r.top, at.left - r.left, r.height)
        widgets.line(surf, i18n.join_facts(facts), room, y, size, widgets.DIM, pad=8)

    def _opponents(self, t: Table, surf: pygame.Surface) -> None:
        cur = t.state.current if not t.busy() else t.model.current
        for seat in t.opponents():
            r = t.seat_rect(seat)
            active = seat == cur
            widgets.panel(surf, r, (60, 50, 10, 170) if active else (0, 30, 18, 150), 10)
            if active:
                pygame.draw.rect(surf, widgets.GOLD, r, 2, border_radius=10)
            self.hits.append(Hit("seat", seat, -1, r))
            if ("seat", seat, -1) in self.glow_keys or ("seat", seat, -1) in t.hint_keys:
                pygame.draw.rect(surf, GLOW, r.inflate(4, 4), 4, border_radius=12)
            self._seat_header(t, surf, seat, r, 70)
            self._seat_facts(t, surf, seat, r)
            shown = len(t.model.hands[seat]) - sum(t.animator.hidden[seat].values())
            back_art = t.art("back")
            for i in range(max(0, shown)):
                cardart.blit_with_shadow(
                    surf, back_art.back(), t.back_pos(seat, i), back_art.radius
                )
            self._matches(t, surf, seat, t.art("opp"))

    def _matches(self, t: Table, surf: pygame.Surface, seat: int, art: cardart.CardArt) -> None:
        hidden: Counter = Counter()
        shown = []
        for m, cards in enumerate(t.model.matches[seat]):
            if ("match", seat, m) in self.hide_keys:
                continue
            hk = (seat, tuple(cards))
            if t.animator.hidden_matches[hk] - hidden[hk] > 0:
                hidden[hk] += 1
                continue
            shown.append((m, cards))
        for m, cards in _screen_order(shown):
            pos = t.match_pos(seat, m)
            img = art.match(*cards)
            rect = img.get_rect(topleft=pos)
            self._glow(t, surf, ("match", seat, m), rect, art)
            if t.selected == ("match", m) and seat == t.viewer:
                g = art.glow(rect.width, rect.height, SELECT_GLOW)
                surf.blit(g, g.get_rect(center=rect.center))
            cardart.blit_with_shadow(surf, img, pos, art.radius)
            self.hits.append(Hit("match", seat, m, rect))

    def _center(self, t: Table, surf: pygame.Surface, dragging: bool) -> None:
        lay = t.layout
        fs = lay.fs
        art = t.art("mid")
        # the draw pile
        k = t.animator.pile_count()
        x, y = lay.pile_pos
        for i in range(min(6, k // 12) + (1 if k else 0)):
            if i == 0:
                cardart.blit_with_shadow(surf, art.back(), (x, y), art.radius)
            else:
                surf.blit(art.back(), (x - i, y - i))
        prect = pygame.Rect(lay.pile_top(k), art.size)
        if k:
            self._glow(t, surf, ("pile", -1, -1), prect, art)
            if ("pile", -1, -1) in t.hint_keys or ("pile", -1, -1) in self.glow_keys:
                surf.blit(art.back(), prect.topleft)
            self.hits.append(Hit("pile", -1, -1, prect))
        widgets.text(
            surf,
            _("Pile: {n}").format(n=k),
            (x + art.w // 2, y + art.h + 2),
            int(fs * 0.85),
            widgets.INK,
            # centred under the pile, a margin clear of the window's edges
            width=2 * min(x + art.w // 2 - lay.m, lay.window.right - x - art.w // 2 - lay.m),
            anchor="midtop",
        )
        # the discard row, spread so every card shows (R4.3)
        dr = lay.discard_rect
        area_key = ("discard_area", -1, -1)
        if area_key in self.glow_keys or area_key in t.hint_keys:
            colour = GLOW if area_key in self.glow_keys else HINT_GLOW
            pygame.draw.rect(surf, colour, dr, 3, border_radius=8)
        else:
            pygame.draw.rect(surf, (255, 255, 255, 40), dr, 1, border_radius=8)
        self.hits.append(Hit("discard_area", -1, -1, dr))
        legal = [] if dragging else t.legal()  # while dragging only targets glow
        takeable = {a.a for a in legal if a.kind == TAKE}
        hidden: Counter = Counter()
        discard = t.model.discard
        n = len(discard)
        art = t.disc_art()
        shown = []
        for i, card in enumerate(discard):
            if ("discard", i, -1) in self.hide_keys:
                continue
            if t.animator.hidden_discard[card] - hidden[card] > 0 and i >= n - 4:
                hidden[card] += 1
                continue
            shown.append((i, card))
        # line by line from the top, each from the left of the screen: every card's rank
        # corner stays above the cards drawn before it, in either reading direction
        spots = {i: t.discard_pos(i) for i, _card in shown}
        for i, card in sorted(shown, key=lambda ic: (spots[ic[0]][1], spots[ic[0]][0])):
            pos = spots[i]
            rect = pygame.Rect(pos, art.size)
            if i in takeable:
                g = art.glow(art.w, art.h, (250, 250, 210))
                surf.blit(g, g.get_rect(center=rect.center))
            self._glow(t, surf, ("discard", i, -1), rect, art)
            cardart.blit_with_shadow(surf, art.half(card), pos, art.radius)
            self.hits.append(Hit("discard", i, -1, rect))
        if not n:
            widgets.text(surf, _("Discard row"), dr.center, fs, widgets.DIM, anchor="center")

    def _prompt(self, t: Table, surf: pygame.Surface) -> None:
        text, tone = t.prompt()
        fs = t.layout.fs
        r = t.layout.prompt_rect
        chip = None
        words = r  # where the words go: beside the chip when it shows (R6.1)
        if t.human_turn() and t.state.phase == PERFECT_BONUS:
            chip = chip_image(fs)
            room = chip.get_width() + 20
            words = widgets.mirror(pygame.Rect(r.left, r.top, r.width - room, r.height), r)
        if text:
            widgets.panel(surf, r, (0, 0, 0, 110), 8)
            size, lines = prompt_fit(text, fs, words)
            top = r.top + (r.height - len(lines) * int(size * 1.25)) // 2
            for i, line in enumerate(lines):
                y = top + i * int(size * 1.25)
                widgets.line(surf, line, words, y, size, TONES[tone], pad=10)
        if chip is not None:
            rect = widgets.mirror(chip.get_rect(midright=(r.right - 10, r.centery)), r)
            if ("chip", -1, -1) not in self.hide_keys:
                surf.blit(chip, rect)
            self.hits.append(Hit("chip", -1, -1, rect))

    def _own(self, t: Table, surf: pygame.Surface, dragging: bool) -> None:
        v = t.viewer
        if t.hand_hidden:
            return
        lay = t.layout
        self._matches(t, surf, v, t.art("own"))
        if not t.model.matches[v]:
            y = lay.own_rect.centery - int(lay.fs * 0.7)
            widgets.line(surf, _("Your matches"), lay.own_rect, y, lay.fs, widgets.DIM)
        self.hits.append(Hit("hand_area", -1, -1, lay.hand_rect))
        if ("hand_area", -1, -1) in self.glow_keys:
            pygame.draw.rect(surf, GLOW, lay.hand_rect, 3, border_radius=10)
        art = t.art("hand")
        positions = t.hand_positions()
        hidden: Counter = Counter()
        must = t.state.must_use if t.human_turn() and not dragging else None
        hover = None if dragging else t.gestures.hover
        shown = []
        for i, card in enumerate(t.hand.cards):
            if ("hand", i, -1) in self.hide_keys:
                continue
            if t.animator.hidden[v][card] - hidden[card] > 0:
                hidden[card] += 1
                continue
            shown.append((i, card))
        for i, card in _screen_order(shown):
            rect = pygame.Rect(positions[i], art.size)
            self._glow(t, surf, ("hand", i, -1), rect, art)
            if (t.selected == ("hand", i) and not dragging) or card == must:
                g = art.glow(art.w, art.h, SELECT_GLOW if card != must else (255, 160, 80))
                surf.blit(g, g.get_rect(center=rect.center))
            face, shadow = art.tilted(None if t.hand_covered else card, lay.hand_angle(rect.x))
            dx, dy = cardart.shadow_offset(art.h, hover == i)
            surf.blit(shadow, shadow.get_rect(center=(rect.centerx + dx, rect.centery + dy)))
            surf.blit(face, face.get_rect(center=rect.center))
            if t.hand_covered:
                continue
            if hover == i:  # the card keeps its place under the pointer while it rises
                rect = rect.union(rect.move(0, int(art.h * HOVER_LIFT)))
            self.hits.append(Hit("hand", i, -1, rect))

    def _side(self, t: Table, surf: pygame.Surface) -> None:
        lay = t.layout
        side, fs, m = lay.side, lay.fs, lay.m
        widgets.panel(surf, side, (0, 18, 10, 200), 0)
        y = m
        s = t.model
        widgets.line(surf, _("Round {n} of 3").format(n=s.round), side, y, fs, widgets.INK, True, m)
        y += int(fs * 1.5)
        y = self._buttons(t, surf, y)
        # the game log: every action of every player in words
        widgets.line(surf, _("Log"), side, y, int(fs * 0.9), widgets.DIM, True, m)
        y += int(fs * 1.3)
        own = lay.own_seat
        log_rect = pygame.Rect(side.left + m, y, side.width - 2 * m, own.top - y - m)
        lfs = max(11, int(fs * 0.78))
        lines: list[str] = []
        cap = max(0, log_rect.height // int(lfs * 1.25))
        for entry in reversed(t.log[-40:]):  # the newest entries that fit, whole
            wrapped = typeset.wrap(entry, lfs, log_rect.width)
            if len(lines) + len(wrapped) > cap:
                break
            lines[:0] = wrapped
        ly = log_rect.top
        for line in lines:
            widgets.line(surf, line, log_rect, ly, lfs, (215, 225, 215))
            ly += int(lfs * 1.25)
        # your own seat: name and score
        v = t.viewer
        active = v == s.current
        widgets.panel(surf, own, (60, 50, 10, 200) if active else (0, 40, 20, 200), 8)
        self._seat_header(t, surf, v, own, 80)
        self._seat_facts(t, surf, v, own)
        self.hits.append(Hit("seat", v, -1, own))

    def _buttons(self, t: Table, surf: pygame.Surface, y: int) -> int:
        """The side panel's buttons from ``y`` down; returns the y below them."""
        lay = t.layout
        side, fs, m = lay.side, lay.fs, lay.m
        bw = (side.width - 3 * m) // 2
        bh = int(fs * 2)
        speed = getattr(t.settings, "speed", "normal")
        by_rank = getattr(t.settings, "sort_order", "rank") == "rank"
        your_turn = t.human_turn()
        self.buttons = {}
        for i, (name, label, key) in enumerate(BUTTONS):
            if name == "speed":
                label = _("Speed: {s}").format(s=_(speed))
            elif name == "sort":
                label = _("By suit") if by_rank else _("By rank")
            else:
                label = _(label)
            x = side.left + m + (i % 2) * (bw + m)
            r = widgets.mirror(pygame.Rect(x, y + (i // 2) * (bh + m // 2), bw, bh), side)
            enabled = True
            if name == "skip":
                enabled = your_turn and t.state.phase in (STRONG_BONUS, WEAK_BONUS)
            if name == "hint":
                enabled = your_turn
            if name == "undo":
                enabled = t.can_undo()
            b = widgets.Button(name, label, r, enabled, i18n.key_name(key) if key else "")
            b.hot = name == "skip" and enabled
            if ("button", i, -1) in t.hint_keys:
                pygame.draw.rect(surf, HINT_GLOW, r.inflate(6, 6), 3, border_radius=8)
            b.draw(surf)
            self.buttons[name] = b
            self.hits.append(Hit("button", i, -1, r))
        return y + ((len(BUTTONS) + 1) // 2) * (bh + m // 2) + m

    def _sheets(self, t: Table, surf: pygame.Surface) -> None:
        area = t.layout.sheet_area
        widgets.panel(surf, area, (0, 0, 0, 170), 10)
        order = [t.viewer, *t.opponents()]
        rects = sheets.sheets_layout(area.inflate(-8, -8), t.n)
        m = t.model
        for r, seat in zip(rects, order, strict=True):
            sheets.draw_sheet(
                surf,
                r,  # your own sheet first: on the right in Persian
                t.names[seat],
                m.rows[seat],
                m.negatives[seat],
                m.round_rows[seat] if t.scoring else None,
                m.round_negatives[seat] if t.scoring else 0,
            )
