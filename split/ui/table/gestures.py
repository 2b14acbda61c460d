"""Input turned into intents: press, drag and drop, click, and keys.

:meth:`Gestures.handle` reads one pygame event against the table's
:class:`~.frame.Frame` and the hit regions drawn from it, and returns what the player
meant (:mod:`.intents`: play this action, select, open a panel…), which the table
applies; a drop on nothing, or a refused one, asks for the card to fly home. The
gestures keep only their own state: the press (and the drag it becomes), the focus
ring and the card under the pointer. The pure parts (what a drop means, what may glow
while dragging, which things show a hint) are functions of their arguments.

Tab / Shift-Tab move a focus ring over everything clickable and Enter clicks it;
1-9 pick a hand card; S toggles rank/suit order; H hint; T score sheets; R the
reference cards; Space or a click hurries the animation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import pygame

from split.engine.actions import DISCARD, DRAW, MATCH, PASS, PENALIZE, TAKE, TRADE, UPGRADE, Action
from split.engine.state import PERFECT_BONUS, PLAY, START, STRONG_BONUS, WEAK_BONUS
from split.i18n import N_
from split.i18n.words import message

from .. import cards as cardart
from .frame import Frame, Pointer
from .hits import Hit, focusable, hit_at
from .intents import (
    ClosePanels,
    Explain,
    Hint,
    Hurry,
    Intent,
    Key,
    Lifted,
    Play,
    Refuse,
    ReorderHand,
    Replay,
    Say,
    ScrollLog,
    Select,
    SendBack,
    Sort,
    Sound,
    Speed,
    TogglePanel,
    Undo,
)
from .narration import PHRASES, not_a_match
from .render import side_buttons

DRAG_THRESHOLD = 6  # pixels the pointer moves before a press becomes a drag
NOWHERE = pygame.Rect(0, 0, 0, 0)  # the rectangle of a thing picked by key
LOG_KEYS = {pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10, pygame.K_UP: 1, pygame.K_DOWN: -1}
"""How far the open log scrolls back for each key (entries)."""
WHEEL_STEP = 3  # entries a notch of the wheel scrolls the open log

Drop = Action | Literal["reorder", "not-a-match"] | None


@dataclass(frozen=True)
class Press:
    """A mouse button held on ``hit`` since ``pos``; becomes a drag once it moves (then
    ``sprite`` is what is dragged, lifted from ``origin``, hiding ``hides`` in place)."""

    hit: Hit
    pos: tuple[int, int]
    sprite: cardart.CardSprite | None = None
    offset: tuple[int, int] = (0, 0)
    origin: tuple[int, int] = (0, 0)
    hides: tuple[tuple[object, ...], ...] = ()
    targets: frozenset[Key] = frozenset()
    lifted: object = None  # what was under ``hit`` when it was lifted (see ``under``)


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


def under(hit: Hit, f: Frame) -> object:
    """What the frame ``f`` shows at ``hit``: the hand card, the discard cards from
    there on, the match, the pile's count, the chip. A drag dropped on a frame whose
    value differs from the one it lifted is sent back: the table moved under it."""
    if hit.kind == "hand":
        return f.hand[hit.a] if 0 <= hit.a < len(f.hand) else None
    if hit.kind == "discard":
        return tuple(f.model.discard[hit.a :]) if 0 <= hit.a < len(f.model.discard) else None
    if hit.kind == "match":
        seats = f.model.matches
        if 0 <= hit.a < len(seats) and 0 <= hit.b < len(seats[hit.a]):
            return seats[hit.a][hit.b]
        return None
    if hit.kind == "pile":
        return f.pile_count
    return (hit.kind, f.phase)


def targets_for(src: Hit, legal: Sequence[Action], cards: Sequence[int]) -> set[Key]:
    """Keys of everything a drag from ``src`` may legally land on (they glow)."""
    out: set[Key] = set()
    if src.kind == "hand":
        card = cards[src.a]
        for a in legal:
            if a.kind == MATCH and card in a.cards:
                lower, upper = a.cards
                other = upper if lower == card else lower
                for j, c in enumerate(cards):
                    if c == other and j != src.a:
                        out.add(("hand", j, -1))
            elif a.kind == UPGRADE and a.card == card:
                out.add(("match", a.seat, a.target))
            elif a.kind == DISCARD and a.card == card:
                out.add(("discard_area", -1, -1))
    elif src.kind in ("pile", "discard"):
        out.add(("hand_area", -1, -1))
    elif src.kind == "match":
        for a in legal:
            if a.kind == TRADE and a.mine == src.b:
                out.add(("match", a.seat, a.target))
    elif src.kind == "chip":
        for a in legal:
            if a.kind == PENALIZE:
                out.add(("seat", a.penalized, -1))
    return out


def glow_targets(
    press: Press | None,
    human_turn: bool,
    phase: str,
    legal: Sequence[Action],
    selected: tuple[str, int] | None,
    cards: Sequence[int],
    viewer: int,
) -> frozenset[Key]:
    """What glows as a place you can use now: a drag's legal targets, the same for a
    card or match picked by a click, and the pile while the strong bonus's draw (R6.2)
    is offered."""
    if press is not None and press.sprite is not None:
        return press.targets
    if not human_turn:
        return frozenset()
    out: set[Key] = set()
    if selected is not None and selected[0] == "hand" and selected[1] < len(cards):
        out |= targets_for(Hit("hand", selected[1], -1, NOWHERE), legal, cards)
    elif selected is not None and selected[0] == "match":
        out |= targets_for(Hit("match", viewer, selected[1], NOWHERE), legal, cards)
    if phase == STRONG_BONUS and Action.draw() in legal:
        out.add(("pile", -1, -1))
    return frozenset(out)


def action_keys(action: Action, cards: Sequence[int], viewer: int) -> list[Key]:
    """Keys of the things a hint for ``action`` lights."""
    k = action.kind
    if k == DRAW:
        return [("pile", -1, -1)]
    if k == TAKE:
        return [("discard", action.position, -1)]
    if k in (MATCH, UPGRADE, DISCARD):
        wanted = list(action.cards) if k == MATCH else [action.card]
        keys: list[Key] = []
        used: set[int] = set()
        for c in wanted:
            for j, x in enumerate(cards):
                if x == c and j not in used:
                    used.add(j)
                    keys.append(("hand", j, -1))
                    break
        if k == UPGRADE:
            keys.append(("match", action.seat, action.target))
        if k == DISCARD:
            keys.append(("discard_area", -1, -1))
        return keys
    if k == PENALIZE:
        return [("seat", action.penalized, -1)]
    if k == TRADE:
        return [("match", viewer, action.mine), ("match", action.seat, action.target)]
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


# ---------------------------------------------------------------------- the gestures

Lift = tuple[pygame.Surface, tuple[int, int], tuple[tuple[object, ...], ...]]


class Gestures:
    """The mouse and the keys at the table: a press (and the drag it becomes), the
    focus ring and the card under the pointer; each event becomes intents."""

    def __init__(self) -> None:
        self.press: Press | None = None
        self.focus: Key | None = None  # the thing the focus ring is on (Tab, Enter)
        self.hover: int | None = None  # the hand card under the pointer (it rises)

    def pointer(self) -> Pointer:
        """The pointer and the focus ring as a value, for the table's frame."""
        p = self.press
        dragging = p is not None and p.sprite is not None
        return Pointer(
            focus=self.focus,
            hover=self.hover,
            pressed=p is not None,
            dragging=dragging,
            hides=p.hides if p is not None and dragging else (),
            targets=p.targets if p is not None else frozenset(),
        )

    def dragged(self) -> cardart.CardSprite | None:
        """What is being dragged, drawn over everything."""
        return self.press.sprite if self.press is not None else None

    def blur(self) -> None:
        """The focus ring goes (the mouse took over, or the turn moved on)."""
        self.focus = None

    def handle(self, event: pygame.event.Event, f: Frame, hits: Sequence[Hit]) -> list[Intent]:
        """One pygame event, read against the frame ``f`` and its ``hits``: what the
        player meant."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN:
            self.focus = None  # the mouse is in use: the keyboard's ring goes
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not f.animating:
                return self._down(event.pos, f, hits)
            hit = hit_at(hits, event.pos)
            if hit is None or hit.kind != "button":
                return [Hurry()]  # a click on the table while cards fly lands them
            # a button pressed while cards fly (a refused card going home, a bot's
            # move) lands them and is pressed: the keys work then too
            return [Hurry(), *self._down(event.pos, f, hits)]
        if kind == pygame.MOUSEWHEEL and f.show_log:
            return [ScrollLog(WHEEL_STEP * event.y)]  # up: back in time
        if kind == pygame.MOUSEMOTION and self.press is not None:
            return self._move(event.pos, f)
        if kind == pygame.MOUSEMOTION:
            hit = hit_at(hits, event.pos)
            self.hover = hit.a if hit is not None and hit.kind == "hand" else None
            return []
        if kind == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            return self._up(event.pos, f, hits)
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return [Select(None)]
        if kind == pygame.KEYDOWN and self.press is not None and self.press.sprite is not None:
            # a card is in the hand: keys wait, but Escape puts it back where it was
            return self._cancel() if event.key == pygame.K_ESCAPE else []
        if kind == pygame.KEYDOWN:
            return self._key(event, f, hits)
        return []

    def _cancel(self) -> list[Intent]:
        """The drag is called off: what was lifted flies back home."""
        p = self.press
        assert p is not None and p.sprite is not None
        self.press = None
        at = (int(p.sprite.x), int(p.sprite.y))
        return [SendBack(p.sprite.image, at, p.origin, p.hides + (p.hit.key,))]

    # ------------------------------------------------------------------ keys

    def _key(self, event: pygame.event.Event, f: Frame, hits: Sequence[Hit]) -> list[Intent]:
        """A key: what it asks (nothing if it is not one of the table's)."""
        k = event.key
        if k == pygame.K_SPACE:
            return [Hurry()]
        if k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            return [Undo()]
        if k == pygame.K_s:
            return [Sort()]
        if k == pygame.K_h:
            return [Hint()]
        if k == pygame.K_t:
            return [TogglePanel("sheets")]
        if k == pygame.K_r:
            return [TogglePanel("reference")]
        if k == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            return [TogglePanel("keys")]
        if k == pygame.K_m and f.remote:
            return [TogglePanel("say")]
        if k == pygame.K_l:
            return [TogglePanel("log")]
        if f.show_log and k in LOG_KEYS:
            return [ScrollLog(LOG_KEYS[k])]
        if k == pygame.K_y:
            return [Replay()] if f.log_recent else []
        if f.show_say and pygame.K_1 <= k < pygame.K_1 + len(PHRASES):
            return [Sound("click"), Say(list(PHRASES)[k - pygame.K_1])]
        if k == pygame.K_d:
            return self.click(Hit("pile", -1, -1, NOWHERE), f)
        if k == pygame.K_p:
            return self.click_button("skip", f)
        items = focusable(hits)
        if k == pygame.K_TAB:
            if items:
                keys = [h.key for h in items]
                back = event.mod & pygame.KMOD_SHIFT
                at = keys.index(self.focus) if self.focus in keys else (0 if back else -1)
                self.focus = keys[(at + (-1 if back else 1)) % len(keys)]
            return []
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None:
            for h in items:
                if h.key == self.focus:
                    return self.click(h, f)
            return []
        if k == pygame.K_ESCAPE:
            return [ClosePanels(deselect=True)]
        if pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(f.hand):
            return self.click(Hit("hand", k - pygame.K_1, -1, NOWHERE), f)
        return []

    # ------------------------------------------------------------------ drag and drop

    def _down(self, pos: tuple[int, int], f: Frame, hits: Sequence[Hit]) -> list[Intent]:
        """The left button went down: a press begins (or a click beside a panel closes it)."""
        hit = hit_at(hits, pos)
        if f.show_say and hit is not None and hit.kind == "phrase":
            return [Sound("click"), Say(list(PHRASES)[hit.a])]
        if f.panel is not None and (hit is None or hit.kind not in ("button", "log")):
            return [ClosePanels()]  # a click beside a panel closes it
        if hit is not None:
            self.press = Press(hit, pos)
        return []

    def _lift(self, hit: Hit, f: Frame) -> Lift | Intent | None:
        """Whether ``hit`` can be lifted now: (image, top-left, keys it hides), or why
        not, or None."""
        if not f.human_turn:
            return None
        geo = f.geometry
        legal = f.legal
        cards = f.hand
        if hit.kind == "hand" and hit.a < len(cards):
            pos = geo.hand_positions()[hit.a]
            return geo.art("hand").half(cards[hit.a]), pos, (("hand", hit.a),)
        if hit.kind == "pile" and Action.draw() in legal:
            return geo.art("mid").back(), geo.pile_top(f.pile_count), ()
        if hit.kind == "discard" and f.phase == START:
            if Action.take(hit.a) not in legal:
                return Refuse(Action.take(hit.a))
            taken = f.model.discard[hit.a :]
            art = geo.disc_art()
            img = pygame.Surface((art.w + (len(taken) - 1) * art.w // 3, art.h), pygame.SRCALPHA)
            for i, c in enumerate(taken):
                img.blit(art.half(c), (i * art.w // 3, 0))
            keys = tuple(("discard", j, -1) for j in range(hit.a, len(f.model.discard)))
            return img, geo.discard_pos(hit.a), keys
        if hit.kind == "match" and hit.a == f.viewer and f.phase == WEAK_BONUS:
            pair = f.model.matches[hit.a][hit.b]
            return geo.art("own").match(*pair), geo.match_pos(hit.a, hit.b), (hit.key,)
        if hit.kind == "chip" and f.phase == PERFECT_BONUS:
            return geo.chip(), hit.rect.topleft, (hit.key,)
        return None

    def _move(self, pos: tuple[int, int], f: Frame) -> list[Intent]:
        """The pointer moved while pressed: a drag may begin, or follows the pointer."""
        p = self.press
        assert p is not None
        out: list[Intent] = []
        if p.sprite is None:
            if abs(pos[0] - p.pos[0]) + abs(pos[1] - p.pos[1]) < DRAG_THRESHOLD:
                return []
            lifted = self._lift(p.hit, f)
            if not isinstance(lifted, tuple):
                return [] if lifted is None else [lifted]
            img, origin, hides = lifted
            p = replace(
                p,
                sprite=cardart.CardSprite(img, origin),
                origin=origin,
                offset=(p.pos[0] - origin[0], p.pos[1] - origin[1]),
                hides=hides,
                targets=frozenset(targets_for(p.hit, f.legal, f.hand)),
                lifted=under(p.hit, f),
            )
            self.press = p
            out.append(Lifted())
        assert p.sprite is not None
        p.sprite.move_to(pos[0] - p.offset[0], pos[1] - p.offset[1])
        return out

    def _up(self, pos: tuple[int, int], f: Frame, hits: Sequence[Hit]) -> list[Intent]:
        p = self.press
        assert p is not None
        self.press = None
        if p.sprite is None:
            hit = hit_at(hits, pos)
            if hit is not None and hit.key == p.hit.key:
                return self.click(hit, f)
            return []
        at = (int(p.sprite.x), int(p.sprite.y))
        home = SendBack(p.sprite.image, at, p.origin, p.hides + (p.hit.key,))
        if not f.human_turn or under(p.hit, f) != p.lifted:
            return [home]  # the table moved while it was dragged (an update, a resync)
        target = hit_at(hits, pos, skip=p.hides + (p.hit.key,))
        between = False
        geo = f.geometry
        if target is not None and target.kind == "hand":
            lefts = [x for x, _y in geo.hand_positions()]
            between = on_seam(lefts, geo.art("hand").w, pos[0])
        cards = f.hand
        action = drop_action(p.hit, target, cards, f.viewer, f.phase, between)
        if action == "reorder":
            # the places of the other cards, as the row will be without this one
            lefts = [x for x, _y in geo.layout.hand_positions(len(cards) - 1)]
            half = geo.art("hand").w // 2
            to = insert_place(lefts, half, pos[0], geo.layout.rtl)
            return [ReorderHand(p.hit.a, to), Select(None)]
        if action == "not-a-match":
            assert target is not None
            return [Explain(error=not_a_match(cards[p.hit.a], cards[target.a])), home]
        if action is None:
            return [home]
        return [Play(action, home)]

    # ------------------------------------------------------------------ clicks

    def click_button(self, name: str, f: Frame) -> list[Intent]:
        """A side-panel button (or its key)."""
        out: list[Intent] = [Sound("click")]
        if name == "skip":
            if f.human_turn and f.phase in (STRONG_BONUS, WEAK_BONUS):
                out.append(Play(Action.pass_()))
        elif name == "undo":
            out.append(Undo())
        elif name == "hint":
            out.append(Hint())
        elif name == "sort":
            out.append(Sort())
        elif name == "sheets":
            out.append(TogglePanel("sheets"))
        elif name == "rules":
            out.append(TogglePanel("reference"))
        elif name == "speed":
            out.append(Speed())
        elif name == "say":
            out.append(TogglePanel("say"))
        elif name == "log":
            out.append(TogglePanel("log"))
        return out

    def click(self, hit: Hit, f: Frame) -> list[Intent]:
        """A click (or Enter on the focused thing): the click alternative of every drag."""
        if hit.kind == "button":
            return self.click_button(side_buttons(f.remote)[hit.a][0], f)
        if hit.kind == "replay":
            return [Sound("click"), Replay()]
        if not f.human_turn:
            return []
        phase = f.phase
        sel = f.selected
        cards = f.hand
        if hit.kind == "pile":
            return [Play(Action.draw())]
        if hit.kind in ("discard", "discard_area"):
            if phase == START and hit.kind == "discard":
                return [Play(Action.take(hit.a))]
            if sel and sel[0] == "hand":
                return [Play(Action.discard(cards[sel[1]]))]
            if phase == START:
                return [Explain(note=None), Refuse(Action.take(hit.a))]
            return [Explain(error=None, note=message(N_("Pick a card from your hand first.")))]
        if hit.kind == "hand":
            if sel and sel[0] == "hand" and sel[1] != hit.a and sel[1] < len(cards):
                a, b = cards[sel[1]], cards[hit.a]
                if a >> 2 == b >> 2:
                    return [Play(Action.match(a, b))]
            return [
                Select(None if sel == ("hand", hit.a) else ("hand", hit.a)),
                Explain(error=None),
            ]
        if hit.kind == "match":
            if phase == WEAK_BONUS:
                if hit.a == f.viewer:
                    return [Select(None if sel == ("match", hit.b) else ("match", hit.b))]
                if sel and sel[0] == "match":
                    return [Play(Action.trade(sel[1], hit.a, hit.b))]
                return [
                    Explain(
                        error=None, note=message(N_("Pick one of your matches first, then theirs."))
                    )
                ]
            if sel and sel[0] == "hand":
                return [Play(Action.upgrade(cards[sel[1]], hit.a, hit.b))]
            if phase == PERFECT_BONUS:
                return [Play(Action.penalize(hit.a))]
            return [
                Explain(
                    error=None,
                    note=message(
                        N_("Pick a card from your hand first, then the match to upgrade.")
                    ),
                )
            ]
        if hit.kind == "seat":
            if phase == PERFECT_BONUS:
                return [Play(Action.penalize(hit.a))]
            return []
        if hit.kind == "chip":
            return [
                Explain(
                    error=None,
                    note=message(N_("Drag the chip onto a player, or click their seat.")),
                )
            ]
        return []
