"""Drawing the table: a static layer (everything that is not moving) plus the cards in
flight, and the list of things the pointer can touch (:class:`Hit`).

The renderer draws a :class:`~.frame.Frame` (the table, frozen) and lists the hit
regions it drew. The static layer is rebuilt only for a new frame: the table makes one
when its ``version`` moved (``TableScene.invalidate``), at the few points where what it
shows changes. Drawings in between only restore the rectangles the flying cards covered
and blit the cards again, which keeps an animated frame cheap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from split import i18n
from split.engine.actions import TAKE
from split.engine.state import PERFECT_BONUS, STRONG_BONUS, WEAK_BONUS
from split.i18n import N_

from .. import cards as cardart
from .. import typeset, widgets
from ..typeset import _, is_rtl
from .boards import draw_board
from .frame import Frame, only_the_pointer_moved
from .hits import Hit, focusable, hit_at
from .intents import Key
from .layout import HOVER_LIFT, TableLayout
from .narration import Tone
from .panels import draw_panel
from .toasts import draw_notices

T = TypeVar("T")

GLOW = (255, 226, 90)
HINT_GLOW = (120, 220, 255)
SELECT_GLOW = (140, 255, 160)
FOCUS_RING = (120, 200, 255)
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
    ("log", N_("Log"), "L"),
)
"""The side panel's buttons: name, label, key."""
SAY_BUTTON = ("say", N_("Say\u2026"), "M")
"""At a network table, where no move can be taken back, Undo's place: quick messages."""


def side_buttons(remote: bool) -> tuple[tuple[str, str, str], ...]:
    """The side panel's buttons of a table here, or of a network table."""
    if not remote:
        return BUTTONS
    return tuple(SAY_BUTTON if b[0] == "undo" else b for b in BUTTONS)


def button_key(name: str, remote: bool = False) -> Key:
    """The hit key of the side panel's button ``name`` (buttons are keyed by place)."""
    return ("button", [b[0] for b in side_buttons(remote)].index(name), -1)


Board = tuple[pygame.Rect, widgets.Colour, int]  # a board's panel: where, colour, radius


def prompt_fit(text: str, fs: int, box: pygame.Rect) -> tuple[int, list[str]]:
    """The prompt's size and lines: body size while it fits the bar, else smaller (down
    to half), so a long hint or refusal is never cut off or spills out (the bar holds
    two lines at body size; large words in a narrow bar take three smaller ones)."""
    size = fs
    while True:
        lines = typeset.wrap(text, size, box.width - 20)
        if len(lines) * int(size * 1.25) <= box.height - 4 or size <= max(9, fs // 2):
            return size, lines
        size -= 1


def _lifted(surface: pygame.Surface, sprite: cardart.CardSprite) -> pygame.Rect:
    """A card in the air (flying or dragged) over its longer, darker shadow; or, fading
    in or out (reduced motion), lying on the table."""
    h = sprite.image.get_height()
    if not sprite.lifted:
        return cardart.blit_faded(surface, sprite.image, sprite.rect.topleft, h // 14, sprite.alpha)
    return cardart.blit_with_shadow(surface, sprite.image, sprite.rect.topleft, h // 14, True)


def _screen_order(items: list[T]) -> list[T]:
    """Rows of cards are drawn from the left of the screen, so each card's rank corner
    (top left) stays above the card before it: reversed when the row runs right to left."""
    return items[::-1] if is_rtl() else items


class Renderer:
    """The static layer, the hit list built with it, and the side panel's buttons."""

    def __init__(self) -> None:
        self.static: pygame.Surface | None = None
        self.hits: list[Hit] = []
        self.buttons: dict[str, widgets.Button] = {}
        self.glow_keys: frozenset[Key] = frozenset()  # lit as legal drop targets
        self.hide_keys: set[tuple[object, ...]] = set()  # lifted or flying home: not drawn in place
        self.builds = 0  # static-layer rebuilds, for the bench
        self._frame: Frame | None = None  # the frame the static layer shows
        self._on_screen = False  # whether the window shows the current static layer
        self._dyn_rects: list[pygame.Rect] = []
        # the backdrop, with the layout and the boards' panels it was drawn for
        self._backdrop: tuple[TableLayout, pygame.Surface, list[Board]] | None = None

    def stale(self, f: Frame) -> bool:
        """Whether the static layer shows another frame than ``f``."""
        return self._frame is not f

    def ensure(self, f: Frame) -> list[Hit]:
        """The hit list for ``f``: the static layer (and its hits) is built again when
        it is stale, unless only the pointer moved (:func:`.frame.only_the_pointer_moved`):
        then what was drawn is still what is touched, and the next frame draws anew."""
        drawn = self._frame
        if drawn is not f and (drawn is None or not only_the_pointer_moved(drawn, f)):
            self.build(f)
        return self.hits

    def hit_at(self, pos: tuple[int, int], skip: tuple[object, ...] = ()) -> Hit | None:
        """The topmost thing at ``pos`` (as last drawn), leaving out the keys in ``skip``."""
        return hit_at(self.hits, pos, skip)

    def draw(
        self,
        f: Frame,
        surface: pygame.Surface,
        full_redraw: bool,
        under: Callable[[pygame.Surface], list[pygame.Rect]] | None = None,
        sprites: Sequence[cardart.CardSprite] = (),
    ) -> list[pygame.Rect] | None:
        """Draw the frame ``f`` into ``surface``: all of it when the static layer
        changed (or ``full_redraw``), else just what the flying cards touch; then
        ``under`` (what is drawn over the table but under the cards in the air), then
        ``sprites`` (flying and dragged cards), on top of everything. The changed
        rectangles, or None for all of the window."""
        static = self.static
        if self.stale(f) or static is None:
            static = self.build(f)
        full = full_redraw or not self._on_screen
        rects: list[pygame.Rect] = []
        if full:
            surface.blit(static, (0, 0))
            self._on_screen = True
        else:
            for r in self._dyn_rects:
                surface.blit(static, r, r)
            rects.extend(self._dyn_rects)
        if under is not None:
            rects.extend(under(surface))
        new = [_lifted(surface, sprite) for sprite in sprites]
        self._dyn_rects = [r.inflate(2, 2) for r in new]
        rects.extend(self._dyn_rects)
        return None if full else rects

    # ------------------------------------------------------------------ the static layer

    def build(self, f: Frame) -> pygame.Surface:
        """Draw everything that is not moving, and list what can be touched; the layer."""
        lay = f.layout
        W, H = lay.size
        if self.static is None or self.static.get_size() != (W, H):
            self.static = pygame.Surface((W, H)).convert()
        surf = self.static
        surf.blit(self.backdrop(f), (0, 0))
        self.hits = []
        dragging = f.pointer.dragging
        self.glow_keys = f.glow
        self.hide_keys = set(f.pointer.hides) | set(f.hidden.returning)
        self._opponents(f, surf)
        self._center(f, surf, dragging)
        self._prompt(f, surf)
        self._own(f, surf, dragging)
        self._side(f, surf)
        self.hits += draw_panel(f, surf)
        if f.hand_hidden:
            widgets.panel(surf, pygame.Rect(0, 0, W, H), (0, 20, 10, 235), 0)
        focus = f.pointer.focus
        for h in focusable(self.hits):
            if h.key == focus:
                pygame.draw.rect(surf, FOCUS_RING, h.rect.inflate(6, 6), 3, border_radius=6)
        if f.panel is None:  # over everything still, as they were over the table
            draw_notices(f, surf)  # (an open panel covers them: they wait under it)
        self._frame = f
        self._on_screen = False
        self.builds += 1
        return surf

    def backdrop(self, f: Frame) -> pygame.Surface:
        """The felt under the boards' and the side panel's translucent backgrounds: one
        opaque blit for the static layer (eight alpha panels blended at every rebuild
        were a fifth of it: bench render's p99). Made when the layout changes; when the
        turn moves, only the boards whose light changed are drawn again."""
        lay = f.layout
        boards = self._boards(f)
        kept = self._backdrop
        if kept is None or kept[0] != lay:
            surf = cardart.felt(lay.size).copy()
            widgets.panel(surf, lay.side, (0, 18, 10, 200), 0)
            changed = boards
        else:
            _lay, surf, drawn = kept
            changed = [b for b, old in zip(boards, drawn, strict=True) if b != old]
            felt = cardart.felt(lay.size)
            for rect, _colour, _radius in changed:
                surf.blit(felt, rect, rect)  # the bare felt again under the new panel
        for rect, colour, radius in changed:
            widgets.panel(surf, rect, colour, radius)
        self._backdrop = (lay, surf, boards)
        return surf

    @staticmethod
    def _boards(f: Frame) -> list[Board]:
        """Each board's panel (the other seats', then yours): where, its colour (gold
        at the seat to act) and its corners' radius."""
        boards: list[Board] = []
        for seat in f.geometry.opponents():
            colour = (60, 50, 10, 170) if seat == f.current else (0, 30, 18, 150)
            boards.append((f.geometry.seat_rect(seat), colour, 10))
        colour = (60, 50, 10, 200) if f.viewer == f.model.current else (0, 40, 20, 200)
        boards.append((f.layout.own_seat, colour, 8))
        return boards

    def _glow(
        self, f: Frame, surf: pygame.Surface, key: Key, rect: pygame.Rect, art: cardart.CardArt
    ) -> None:
        colour = None
        if key in self.glow_keys:
            colour = GLOW
        elif key in f.hint_keys:
            colour = HINT_GLOW
        if colour is not None:
            g = art.glow(rect.width, rect.height, colour)
            surf.blit(g, g.get_rect(center=rect.center))

    def _opponents(self, f: Frame, surf: pygame.Surface) -> None:
        cur = f.current
        for seat in f.geometry.opponents():
            r = f.geometry.seat_rect(seat)
            active = seat == cur  # its panel is on the backdrop
            if active:
                pygame.draw.rect(surf, widgets.GOLD, r, 2, border_radius=10)
            self.hits.append(Hit("seat", seat, -1, r))
            if ("seat", seat, -1) in self.glow_keys or ("seat", seat, -1) in f.hint_keys:
                pygame.draw.rect(surf, GLOW, r.inflate(4, 4), 4, border_radius=12)
            draw_board(f, surf, seat, r)
            shown = len(f.model.hands[seat]) - sum(f.hidden.hands[seat].values())
            back_art = f.geometry.art("back")
            for i in range(max(0, shown)):
                cardart.blit_with_shadow(
                    surf, back_art.back(), f.geometry.back_pos(seat, i), back_art.radius
                )
            self._matches(f, surf, seat, f.geometry.art("opp"))

    def _matches(self, f: Frame, surf: pygame.Surface, seat: int, art: cardart.CardArt) -> None:
        hidden: Counter[tuple[int, tuple[int, ...]]] = Counter()
        shown = []
        for m, cards in enumerate(f.model.matches[seat]):
            if ("match", seat, m) in self.hide_keys:
                continue
            hk: tuple[int, tuple[int, ...]] = (seat, tuple(cards))
            if f.hidden.matches[hk] - hidden[hk] > 0:
                hidden[hk] += 1
                continue
            shown.append((m, cards))
        for m, cards in _screen_order(shown):
            pos = f.geometry.match_pos(seat, m)
            img = art.match(*cards)
            rect = img.get_rect(topleft=pos)
            self._glow(f, surf, ("match", seat, m), rect, art)
            if f.selected == ("match", m) and seat == f.viewer:
                g = art.glow(rect.width, rect.height, SELECT_GLOW)
                surf.blit(g, g.get_rect(center=rect.center))
            cardart.blit_with_shadow(surf, img, pos, art.radius)
            self.hits.append(Hit("match", seat, m, rect))

    def _center(self, f: Frame, surf: pygame.Surface, dragging: bool) -> None:
        lay = f.layout
        fs = lay.fs
        art = f.geometry.art("mid")
        # the draw pile
        k = f.pile_count
        x, y = lay.pile_pos
        for i in range(min(6, k // 12) + (1 if k else 0)):
            if i == 0:
                cardart.blit_with_shadow(surf, art.back(), (x, y), art.radius)
            else:
                surf.blit(art.back(), (x - i, y - i))
        prect = pygame.Rect(lay.pile_top(k), art.size)
        if k:
            self._glow(f, surf, ("pile", -1, -1), prect, art)
            if ("pile", -1, -1) in f.hint_keys or ("pile", -1, -1) in self.glow_keys:
                surf.blit(art.back(), prect.topleft)
            self.hits.append(Hit("pile", -1, -1, prect))
        label, size = _("Pile: {n}").format(n=k), int(fs * 0.85)
        # centred under the pile, a margin clear of the window's edges; from the pile's
        # edge towards the discard row when large words need more room
        centred = 2 * min(x + art.w // 2 - lay.m, lay.window.right - x - art.w // 2 - lay.m)
        if typeset.render(label, size, widgets.INK).get_width() <= centred:  # cached
            at, width, anchor = (x + art.w // 2, y + art.h + 2), centred, "midtop"
        elif lay.rtl:
            at, anchor = (x + art.w, y + art.h + 2), "topright"
            width = x + art.w - lay.discard_rect.right - lay.m
        else:
            at, width, anchor = (x, y + art.h + 2), lay.discard_rect.left - x - lay.m, "topleft"
        widgets.text(surf, label, at, size, widgets.INK, width=width, anchor=anchor)
        # the discard row, spread so every card shows (R4.3)
        dr = lay.discard_rect
        area_key = ("discard_area", -1, -1)
        if area_key in self.glow_keys or area_key in f.hint_keys:
            colour = GLOW if area_key in self.glow_keys else HINT_GLOW
            pygame.draw.rect(surf, colour, dr, 3, border_radius=8)
        else:
            pygame.draw.rect(surf, (255, 255, 255, 40), dr, 1, border_radius=8)
        self.hits.append(Hit("discard_area", -1, -1, dr))
        legal = [] if dragging else f.legal  # while dragging only targets glow
        takeable = {a.position for a in legal if a.kind == TAKE}
        hidden: Counter[int] = Counter()
        discard = f.model.discard
        n = len(discard)
        art = f.geometry.disc_art()
        shown = []
        for i, card in enumerate(discard):
            if ("discard", i, -1) in self.hide_keys:
                continue
            if f.hidden.discard[card] - hidden[card] > 0 and i >= n - 4:
                hidden[card] += 1
                continue
            shown.append((i, card))
        # line by line from the top, each from the left of the screen: every card's rank
        # corner stays above the cards drawn before it, in either reading direction
        spots = {i: f.geometry.discard_pos(i) for i, _card in shown}
        for i, card in sorted(shown, key=lambda ic: (spots[ic[0]][1], spots[ic[0]][0])):
            pos = spots[i]
            rect = pygame.Rect(pos, art.size)
            if i in takeable:
                g = art.glow(art.w, art.h, (250, 250, 210))
                surf.blit(g, g.get_rect(center=rect.center))
            self._glow(f, surf, ("discard", i, -1), rect, art)
            cardart.blit_with_shadow(surf, art.half(card), pos, art.radius)
            self.hits.append(Hit("discard", i, -1, rect))
        if not n:
            widgets.text(surf, _("Discard row"), dr.center, fs, widgets.DIM, anchor="center")

    def _prompt(self, f: Frame, surf: pygame.Surface) -> None:
        text, tone = f.prompt
        fs = f.layout.fs
        r = f.layout.prompt_rect
        chip = None
        words = r  # where the words go: beside the chip when it shows (R6.1)
        if f.human_turn and f.phase == PERFECT_BONUS:
            chip = f.geometry.chip()
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

    def _own(self, f: Frame, surf: pygame.Surface, dragging: bool) -> None:
        v = f.viewer
        if f.hand_hidden:
            return
        lay = f.layout
        self._matches(f, surf, v, f.geometry.art("own"))
        if not f.model.matches[v]:
            y = lay.own_rect.centery - int(lay.fs * 0.7)
            widgets.line(surf, _("Your matches"), lay.own_rect, y, lay.fs, widgets.DIM)
        self.hits.append(Hit("hand_area", -1, -1, lay.hand_rect))
        if ("hand_area", -1, -1) in self.glow_keys:
            pygame.draw.rect(surf, GLOW, lay.hand_rect, 3, border_radius=10)
        art = f.geometry.art("hand")
        positions = f.geometry.hand_positions()
        hidden: Counter[int] = Counter()
        must = f.must_use if f.human_turn and not dragging else None
        hover = None if dragging else f.pointer.hover
        shown = []
        for i, card in enumerate(f.hand):
            if ("hand", i, -1) in self.hide_keys:
                continue
            if f.hidden.hands[v][card] - hidden[card] > 0:
                hidden[card] += 1
                continue
            shown.append((i, card))
        for i, card in _screen_order(shown):
            rect = pygame.Rect(positions[i], art.size)
            self._glow(f, surf, ("hand", i, -1), rect, art)
            if (f.selected == ("hand", i) and not dragging) or card == must:
                g = art.glow(art.w, art.h, SELECT_GLOW if card != must else (255, 160, 80))
                surf.blit(g, g.get_rect(center=rect.center))
            face, shadow = art.tilted(None if f.hand_covered else card, lay.hand_angle(rect.x))
            dx, dy = cardart.shadow_offset(art.h, hover == i)
            surf.blit(shadow, shadow.get_rect(center=(rect.centerx + dx, rect.centery + dy)))
            surf.blit(face, face.get_rect(center=rect.center))
            if f.hand_covered:
                continue
            if hover == i:  # the card keeps its place under the pointer while it rises
                rect = rect.union(rect.move(0, int(art.h * HOVER_LIFT)))
            self.hits.append(Hit("hand", i, -1, rect))

    def _side(self, f: Frame, surf: pygame.Surface) -> None:
        lay = f.layout
        side, fs, m = lay.side, lay.fs, lay.m
        y = m  # the panel is on the backdrop
        s = f.model
        widgets.line(surf, _("Round {n} of 3").format(n=s.round), side, y, fs, widgets.INK, True, m)
        y += int(fs * 1.5)
        y = self._buttons(f, surf, y)
        # the game log: every action of every player in words; when your turn comes,
        # until your first move, only what the others did since your last one, with
        # its Replay (Y)
        recent = f.log_recent
        head = _("Since your last turn") if recent else _("Log")
        widgets.line(
            surf, head, side, y, int(fs * 0.9), widgets.GOLD if recent else widgets.DIM, True, m
        )
        y += int(fs * 1.4)
        if recent:  # a button of its own under the heading, as wide as a button pair
            r = pygame.Rect(side.left + m, y, side.width - 2 * m, int(fs * 1.8))
            widgets.Button("replay", _("Replay on the table"), r, True, i18n.key_name("Y")).draw(
                surf
            )
            self.hits.append(Hit("replay", -1, -1, r))
            y = r.bottom + m
        foot = side.bottom - m - f.log_foot  # a tutorial's coach lies below
        log_rect = pygame.Rect(side.left + m, y, side.width - 2 * m, max(0, foot - y))
        lfs = max(11, int(fs * 0.78))
        cap = max(0, log_rect.height // int(lfs * 1.25))
        entries = f.log[-recent:] if recent else f.log[-40:]
        lines = typeset.newest_lines(entries, lfs, log_rect.width, cap)
        ly = log_rect.top
        for line in lines:
            widgets.line(surf, line, log_rect, ly, lfs, (215, 225, 215))
            ly += int(lfs * 1.25)
        # your own seat, beside your hand: name and score
        own = lay.own_seat  # its panel is on the backdrop
        v = f.viewer
        draw_board(f, surf, v, own)
        self.hits.append(Hit("seat", v, -1, own))

    def _buttons(self, f: Frame, surf: pygame.Surface, y: int) -> int:
        """The side panel's buttons from ``y`` down; returns the y below them."""
        lay = f.layout
        side, fs, m = lay.side, lay.fs, lay.m
        bw = (side.width - 3 * m) // 2
        bh = int(fs * 2)
        speed = f.speed
        by_rank = f.sort_order == "rank"
        your_turn = f.human_turn
        self.buttons = {}
        for i, (name, label, key) in enumerate(side_buttons(f.remote)):
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
                enabled = your_turn and f.phase in (STRONG_BONUS, WEAK_BONUS)
            if name == "hint":
                enabled = your_turn
            if name == "undo":
                enabled = f.can_undo
            if name == "say":
                enabled = not f.hand_hidden
            shown = i18n.key_name(key) if key else ""
            b = widgets.Button(name, label, r, enabled, shown, hot=name == "skip" and enabled)
            if ("button", i, -1) in f.hint_keys:
                pygame.draw.rect(surf, HINT_GLOW, r.inflate(6, 6), 3, border_radius=8)
            b.draw(surf)
            self.buttons[name] = b
            self.hits.append(Hit("button", i, -1, r))
        return y + ((len(BUTTONS) + 1) // 2) * (bh + m // 2) + m  # as many at a network table
