"""Input turned into actions: press, drag and drop, click, and keys.

Every gesture becomes an :class:`~split.engine.Action` handed to the table's
``try_action`` (the same path a bot's choice takes); a drop on nothing, or a refused
one, flies the card home. The pure parts (what a drop means, what may glow while
dragging, which things show a hint) are functions of their arguments.

Tab / Shift-Tab move a focus ring over everything clickable and Enter clicks it;
1-9 pick a hand card; S toggles rank/suit order; H hint; T score sheets; R the
reference cards; Space or a click hurries the animation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import pygame

from split.engine.actions import DISCARD, DRAW, MATCH, PASS, PENALIZE, TAKE, TRADE, UPGRADE, Action
from split.engine.state import PERFECT_BONUS, PLAY, START, STRONG_BONUS, WEAK_BONUS, GameState
from split.i18n import N_
from split.i18n.words import Words, message

from .. import cards as cardart
from ..model import TableModel
from .animator import Animator
from .hand import HandOrder
from .layout import TableLayout
from .narration import not_a_match, refused
from .render import BUTTONS, Hit, Renderer, focusable

DRAG_THRESHOLD = 6  # pixels the pointer moves before a press becomes a drag
NOWHERE = pygame.Rect(0, 0, 0, 0)  # the rectangle of a thing picked by key

Key = tuple[str, int, int]
Drop = Action | Literal["reorder", "not-a-match"] | None


@dataclass
class Press:
    """A mouse button held on ``hit`` since ``pos``; becomes a drag once it moves."""

    hit: Hit
    pos: tuple[int, int]
    sprite: cardart.CardSprite | None = None
    offset: tuple[int, int] = (0, 0)
    origin: tuple[int, int] = (0, 0)
    hides: tuple[tuple, ...] = ()
    targets: frozenset = frozenset()


# ---------------------------------------------------------------------- pure parts


def drop_action(
    src: Hit,
    target: Hit | None,
    cards: Sequence[int],
    viewer: int,
    phase: str,
    between: bool = False,
) -> Drop:
    """The action a drop of ``src`` on ``target`` means; "reorder" for a move inside
    the hand (a drop between two cards, or beside them); "not-a-match" for a hand card
    dropped on a card of another rank; None for 'no target: send it back'. ``cards``:
    the hand as shown; ``between``: the drop was on the seam between two hand cards."""
    if target is None:
        return None
    if src.kind == "hand":
        card = cards[src.a]
        if target.kind == "hand":
            if between:
                return "reorder"
            if cards[target.a] >> 2 == card >> 2:
                # same rank: a match (or, outside the play phase, an explained refusal)
                return Action.match(card, cards[target.a])
            return "not-a-match"
        if target.kind == "hand_area":
            return "reorder"
        if target.kind == "match":
            return Action.upgrade(card, target.a, target.b)
        if target.kind in ("discard", "discard_area", "pile"):
            return Action.discard(card)
        return None
    if src.kind == "pile" and target.kind in ("hand", "hand_area"):
        return Action.draw()
    if src.kind == "discard" and target.kind in ("hand", "hand_area"):
        return Action.take(src.a)
    if src.kind == "match" and target.kind == "match" and target.a != viewer:
        return Action.trade(src.b, target.a, target.b)
    if src.kind == "chip" and target.kind in ("seat", "match"):
        return Action.penalize(target.a)
    if phase == PLAY and src.kind == "pile":
        return Action.draw()
    return None


def targets_for(src: Hit, legal: Sequence[Action], cards: Sequence[int]) -> set[Key]:
    """Keys of everything a drag from ``src`` may legally land on (they glow)."""
    out: set[Key] = set()
    if src.kind == "hand":
        card = cards[src.a]
        for a in legal:
            if a.kind == MATCH and card in (a.a, a.b):
                other = a.b if a.a == card else a.a
                for j, c in enumerate(cards):
                    if c == other and j != src.a:
                        out.add(("hand", j, -1))
            elif a.kind == UPGRADE and a.a == card:
                out.add(("match", a.b, a.c))
            elif a.kind == DISCARD and a.a == card:
                out.add(("discard_area", -1, -1))
    elif src.kind in ("pile", "discard"):
        out.add(("hand_area", -1, -1))
    elif src.kind == "match":
        for a in legal:
            if a.kind == TRADE and a.a == src.b:
                out.add(("match", a.b, a.c))
    elif src.kind == "chip":
        for a in legal:
            if a.kind == PENALIZE:
                out.add(("seat", a.a, -1))
    return out


def action_keys(action: Action, cards: Sequence[int], viewer: int) -> list[Key]:
    """Keys of the things a hint for ``action`` lights."""
    k = action.kind
    if k == DRAW:
        return [("pile", -1, -1)]
    if k == TAKE:
        return [("discard", action.a, -1)]
    if k in (MATCH, UPGRADE, DISCARD):
        wanted = [action.a, action.b] if k == MATCH else [action.a]
        keys: list[Key] = []
        used: set[int] = set()
        for c in wanted:
            for j, x in enumerate(cards):
                if x == c and j not in used:
                    used.add(j)
                    keys.append(("hand", j, -1))
                    break
        if k == UPGRADE:
            keys.append(("match", action.b, action.c))
        if k == DISCARD:
            keys.append(("discard_area", -1, -1))
        return keys
    if k == PENALIZE:
        return [("seat", action.a, -1)]
    if k == TRADE:
        return [("match", viewer, action.a), ("match", action.b, action.c)]
    if k == PASS:
        return [("button", 0, -1)]
    return []


def on_seam(lefts: Sequence[int], width: int, x: int) -> bool:
    """Whether ``x`` is on a seam of a row of overlapping cards starting at ``lefts``
    (each ``width`` wide, later ones on top): within a quarter of a visible strip (at
    most an eighth of a card) of a card's edge. A drop there moves the card in the hand;
    a drop on the middle of a card means that card."""
    if not lefts:
        return False
    xs = sorted(lefts)
    steps = [b - a for a, b in zip(xs, xs[1:], strict=False) if b > a]
    strip = min([*steps, width])
    band = max(3, min(strip // 4, width // 8))
    edges = [*xs, xs[-1] + width]
    return any(abs(x - e) <= band for e in edges)


def insert_place(lefts: Sequence[int], half: int, x: int, rtl: bool) -> int:
    """Where a card dropped at ``x`` goes in a row whose cards start at ``lefts``: after
    every card whose middle the drop has passed, in reading order."""
    return sum(1 for left in lefts if (left + half > x if rtl else left + half < x))


# ---------------------------------------------------------------------- the table


class Table(Protocol):
    """What gestures read and change on the table."""

    layout: TableLayout
    model: TableModel
    animator: Animator
    renderer: Renderer
    hand: HandOrder
    settings: Any
    viewer: int
    error: Words | None
    note: Words | None
    hint_keys: frozenset
    selected: tuple[str, int] | None
    show_sheets: bool
    show_reference: bool

    @property
    def state(self) -> GameState: ...
    def human_turn(self) -> bool: ...
    def try_action(self, action: Action) -> bool: ...
    def finish_animations(self) -> None: ...
    def toggle_sort(self) -> None: ...
    def next_speed(self) -> None: ...
    def hint(self) -> None: ...
    def undo(self) -> bool: ...
    def play_sound(self, name: str) -> None: ...
    def art(self, which: str) -> cardart.CardArt: ...
    def disc_art(self) -> cardart.CardArt: ...
    def chip(self) -> pygame.Surface: ...
    def hand_positions(self) -> list[tuple[int, int]]: ...
    def discard_pos(self, i: int) -> tuple[int, int]: ...
    def match_pos(self, seat: int, m: int) -> tuple[int, int]: ...


class Gestures:
    """The mouse and the keys at the table: a press (and the drag it becomes), the
    focus ring, and what each gesture asks the table to do."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.press: Press | None = None
        self.focus: int | None = None
        self.hover: int | None = None  # the hand card under the pointer (it rises)

    def glow_targets(self) -> frozenset[Key]:
        """What glows as a place you can use now: a drag's legal targets, the same for a
        card or match picked by a click, and the pile while the strong bonus's draw
        (R6.2) is offered."""
        t = self.t
        press = self.press
        if press is not None and press.sprite is not None:
            return press.targets
        if not t.human_turn():
            return frozenset()
        legal = t.state.legal_actions()
        sel = t.selected
        out: set[Key] = set()
        if sel is not None and sel[0] == "hand" and sel[1] < len(t.hand.cards):
            out |= targets_for(
                Hit("hand", sel[1], -1, pygame.Rect(0, 0, 0, 0)), legal, t.hand.cards
            )
        elif sel is not None and sel[0] == "match":
            src = Hit("match", t.viewer, sel[1], pygame.Rect(0, 0, 0, 0))
            out |= targets_for(src, legal, t.hand.cards)
        if t.state.phase == STRONG_BONUS and Action.draw() in legal:
            out.add(("pile", -1, -1))
        return frozenset(out)

    def handle(self, event: pygame.event.Event) -> bool:
        """One pygame event; True if the table may look different afterwards."""
        t = self.t
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if t.animator.flights or t.animator.pending:
                t.finish_animations()
                return True
            return self._down(event.pos)
        if kind == pygame.MOUSEMOTION and self.press is not None:
            return self._move(event.pos)
        if kind == pygame.MOUSEMOTION:
            return self._hover(event.pos)
        if kind == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            self._up(event.pos)
            return True
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 3:
            t.selected = None
            return True
        if kind == pygame.KEYDOWN:
            return self._key(event)
        return False

    # ------------------------------------------------------------------ keys

    def _key(self, event: pygame.event.Event) -> bool:
        """A key; True if it was one of the table's."""
        t = self.t
        k = event.key
        if k == pygame.K_SPACE:
            t.finish_animations()
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            t.undo()
        elif k == pygame.K_s:
            t.toggle_sort()
        elif k == pygame.K_h:
            t.hint()
        elif k == pygame.K_t:
            t.show_sheets = not t.show_sheets
            t.show_reference = False
        elif k == pygame.K_r:
            t.show_reference = not t.show_reference
            t.show_sheets = False
        elif k == pygame.K_d:
            self.click(Hit("pile", -1, -1, NOWHERE))
        elif k == pygame.K_p:
            self.click_button("skip")
        elif k == pygame.K_TAB:
            items = focusable(t.renderer.hits)
            if not items:
                return False
            back = event.mod & pygame.KMOD_SHIFT
            cur = self.focus if self.focus is not None else (0 if back else -1)
            self.focus = (cur + (-1 if back else 1)) % len(items)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None:
            items = focusable(t.renderer.hits)
            if items:
                self.click(items[self.focus % len(items)])
        elif k == pygame.K_ESCAPE:
            t.selected = None
            t.show_sheets = t.show_reference = False
        elif pygame.K_1 <= k <= pygame.K_9:
            i = k - pygame.K_1
            if i >= len(t.hand.cards):
                return False
            self.click(Hit("hand", i, -1, NOWHERE))
        else:
            return False
        return True

    # ------------------------------------------------------------------ drag and drop

    def _down(self, pos: tuple[int, int]) -> bool:
        """The left button went down; True if that closed a panel."""
        t = self.t
        if t.show_sheets or t.show_reference:
            hit = t.renderer.hit_at(pos)
            if hit is None or hit.kind != "button":
                t.show_sheets = t.show_reference = False  # a click beside a panel closes it
                return True
        hit = t.renderer.hit_at(pos)
        if hit is not None:
            self.press = Press(hit, pos)
        return False

    def _lift(self, hit: Hit) -> tuple[pygame.Surface, tuple[int, int], tuple[tuple, ...]] | None:
        """Whether ``hit`` can be lifted now: (image, top-left, keys it hides) or None."""
        t = self.t
        if not t.human_turn():
            return None
        s = t.state
        legal = s.legal_actions()
        cards = t.hand.cards
        if hit.kind == "hand" and hit.a < len(cards):
            pos = t.hand_positions()[hit.a]
            return t.art("hand").half(cards[hit.a]), pos, (("hand", hit.a),)
        if hit.kind == "pile" and Action.draw() in legal:
            return t.art("mid").back(), t.layout.pile_top(t.animator.pile_count()), ()
        if hit.kind == "discard" and s.phase == START:
            if Action.take(hit.a) not in legal:
                t.error = refused(s.refusal(Action.take(hit.a)))
                return None
            taken = t.model.discard[hit.a :]
            art = t.disc_art()
            img = pygame.Surface((art.w + (len(taken) - 1) * art.w // 3, art.h), pygame.SRCALPHA)
            for i, c in enumerate(taken):
                img.blit(art.half(c), (i * art.w // 3, 0))
            keys = tuple(("discard", j, -1) for j in range(hit.a, len(t.model.discard)))
            return img, t.discard_pos(hit.a), keys
        if hit.kind == "match" and hit.a == t.viewer and s.phase == WEAK_BONUS:
            pair = t.model.matches[hit.a][hit.b]
            return t.art("own").match(*pair), t.match_pos(hit.a, hit.b), (hit.key,)
        if hit.kind == "chip" and s.phase == PERFECT_BONUS:
            return t.chip(), hit.rect.topleft, (hit.key,)
        return None

    def _move(self, pos: tuple[int, int]) -> bool:
        """The pointer moved while pressed; True if a drag began."""
        t = self.t
        p = self.press
        began = False
        if p.sprite is None:
            if abs(pos[0] - p.pos[0]) + abs(pos[1] - p.pos[1]) < DRAG_THRESHOLD:
                return False
            lifted = self._lift(p.hit)
            if lifted is None:
                return t.error is not None
            img, origin, hides = lifted
            p.sprite = cardart.CardSprite(img, origin)
            p.origin = origin
            p.offset = (p.pos[0] - origin[0], p.pos[1] - origin[1])
            p.hides = hides
            p.targets = frozenset(targets_for(p.hit, t.state.legal_actions(), t.hand.cards))
            t.error = None
            t.hint_keys = frozenset()
            began = True
        p.sprite.move_to(pos[0] - p.offset[0], pos[1] - p.offset[1])
        return began

    def _hover(self, pos: tuple[int, int]) -> bool:
        """The pointer moved with no button down: the hand card under it rises (a
        picture change only: True when the card under the pointer changed)."""
        t = self.t
        hit = t.renderer.hit_at(pos)
        over = hit.a if hit is not None and hit.kind == "hand" else None
        if over == self.hover:
            return False
        self.hover = over
        return True

    def _up(self, pos: tuple[int, int]) -> None:
        t = self.t
        p = self.press
        self.press = None
        if p.sprite is None:
            hit = t.renderer.hit_at(pos)
            if hit is not None and hit.key == p.hit.key:
                self.click(hit)
            return
        target = t.renderer.hit_at(pos, skip=p.hides + (p.hit.key,))
        between = False
        if target is not None and target.kind == "hand":
            lefts = [x for x, _y in t.hand_positions()]
            between = on_seam(lefts, t.art("hand").w, pos[0])
        cards = t.hand.cards
        action = drop_action(p.hit, target, cards, t.viewer, t.state.phase, between)
        if action == "reorder":
            self._reorder(p.hit.a, pos)
        elif action == "not-a-match":
            t.error = not_a_match(cards[p.hit.a], cards[target.a])
            self._home(p)
        elif action is None or not t.try_action(action):
            self._home(p)

    def _home(self, p: Press) -> None:
        """A refused drop: what was dragged flies back where it came from."""
        t = self.t
        if p.sprite is not None:
            t.animator.fly_back(
                p.sprite.image, (p.sprite.x, p.sprite.y), p.origin, p.hides + (p.hit.key,)
            )

    def _reorder(self, index: int, pos: tuple[int, int]) -> None:
        """A drop inside the hand: the card moves to where it was dropped."""
        t = self.t
        # the places of the other cards, as the row will be without this one
        lefts = [x for x, _y in t.layout.hand_positions(len(t.hand.cards) - 1)]
        half = t.art("hand").w // 2
        t.hand.move(index, insert_place(lefts, half, pos[0], t.layout.rtl))
        t.selected = None

    # ------------------------------------------------------------------ clicks

    def click_button(self, name: str) -> None:
        """A side-panel button (or its key)."""
        t = self.t
        t.play_sound("click")
        if name == "skip":
            if t.human_turn() and t.state.phase in (STRONG_BONUS, WEAK_BONUS):
                t.try_action(Action.pass_())
        elif name == "undo":
            t.undo()
        elif name == "hint":
            t.hint()
        elif name == "sort":
            t.toggle_sort()
        elif name == "sheets":
            t.show_sheets = not t.show_sheets
            t.show_reference = False
        elif name == "rules":
            t.show_reference = not t.show_reference
            t.show_sheets = False
        elif name == "speed":
            t.next_speed()

    def click(self, hit: Hit) -> None:
        """A click (or Enter on the focused thing): the click alternative of every drag."""
        t = self.t
        if hit.kind == "button":
            self.click_button(BUTTONS[hit.a][0])
            return
        if not t.human_turn():
            return
        s = t.state
        phase = s.phase
        sel = t.selected
        cards = t.hand.cards
        if hit.kind == "pile":
            t.try_action(Action.draw())
        elif hit.kind in ("discard", "discard_area"):
            if phase == START and hit.kind == "discard":
                t.try_action(Action.take(hit.a))
            elif sel and sel[0] == "hand":
                t.try_action(Action.discard(cards[sel[1]]))
            else:
                t.error = refused(s.refusal(Action.take(hit.a))) if phase == START else None
                t.note = (
                    None if phase == START else message(N_("Pick a card from your hand first."))
                )
        elif hit.kind == "hand":
            if sel and sel[0] == "hand" and sel[1] != hit.a and sel[1] < len(cards):
                a, b = cards[sel[1]], cards[hit.a]
                if a >> 2 == b >> 2:
                    t.try_action(Action.match(a, b))
                    return
            t.selected = None if sel == ("hand", hit.a) else ("hand", hit.a)
            t.error = None
        elif hit.kind == "match":
            if phase == WEAK_BONUS:
                if hit.a == t.viewer:
                    t.selected = None if sel == ("match", hit.b) else ("match", hit.b)
                elif sel and sel[0] == "match":
                    t.try_action(Action.trade(sel[1], hit.a, hit.b))
                else:
                    t.error = None
                    t.note = message(N_("Pick one of your matches first, then theirs."))
            elif sel and sel[0] == "hand":
                t.try_action(Action.upgrade(cards[sel[1]], hit.a, hit.b))
            elif phase == PERFECT_BONUS:
                t.try_action(Action.penalize(hit.a))
            else:
                t.error = None
                t.note = message(N_("Pick a card from your hand first, then the match to upgrade."))
        elif hit.kind == "seat":
            if phase == PERFECT_BONUS:
                t.try_action(Action.penalize(hit.a))
        elif hit.kind == "chip":
            t.error = None
            t.note = message(N_("Drag the chip onto a player, or click their seat."))
