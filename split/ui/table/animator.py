"""Engine events turned into motion: each event updates the model and flies its cards.

Events wait in a queue and play one after another; a deal's flights overlap by design.
While a card flies, the place it flies to keeps it hidden (``hidden``,
``hidden_matches``, ``hidden_discard``), so it appears there as it lands. The
animator asks its :class:`Stage` (the table) for the :class:`~.geometry.Geometry` of
the picture as it is (where things are and what they look like).

With reduced motion (a setting) nothing flies: what would fly fades in where it lands
and out where it left, over the same time, in place (:class:`Flight` with ``fade``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Protocol, assert_never

import pygame

from split.engine import events as ev

from .. import cards as cardart
from ..model import TableModel
from .geometry import Geometry

Point = tuple[int, int]


class Flight:
    """A card sprite flying from one place to another, then landing; or, with
    ``fade`` ("in" or "out"), staying at ``src`` while it fades in or out."""

    def __init__(
        self,
        image: pygame.Surface,
        src: Point,
        dst: Point,
        dur: float,
        delay: float = 0.0,
        on_land: Callable[[], None] | None = None,
        fade: str | None = None,
    ) -> None:
        self.sprite = cardart.CardSprite(image, src)
        self.src, self.dst = src, dst
        self.dur, self.t = dur, -delay
        self.on_land = on_land
        self.fade = fade
        if fade is not None:
            self.advance(0)

    @property
    def done(self) -> bool:
        return self.t >= self.dur

    def advance(self, dt: float) -> None:
        """Move on by ``dt`` seconds (easing out, in a low arc; a fade in place)."""
        self.t += dt
        k = 1.0 if self.dur <= 0 else min(1.0, max(0.0, self.t / self.dur))
        if self.fade is not None:
            self.sprite.lie(round(255 * (k if self.fade == "in" else 1 - k)))
            return
        if self.t <= 0:
            self.sprite.move_to(*self.src)
            return
        k = 1 - (1 - k) ** 3  # ease out
        x = self.src[0] + (self.dst[0] - self.src[0]) * k
        y = self.src[1] + (self.dst[1] - self.src[1]) * k - math.sin(k * math.pi) * 18
        self.sprite.move_to(x, y)

    def land(self) -> None:
        """Arrive now."""
        if self.on_land is not None:
            self.on_land()

    def land_now(self) -> None:
        """Jump to the end of the flight and arrive."""
        self.t = max(self.t, self.dur, 0.0)
        self.advance(0)
        self.land()


class Stage(Protocol):
    """What the animator needs from the table: places, pictures, speed and sound, and a
    say after each event has changed the model."""

    def geometry(self) -> Geometry: ...
    def timing(self) -> tuple[float, float, float]: ...
    def play_sound(self, name: str) -> None: ...
    def viewer_seat(self) -> int: ...
    def react(self, e: ev.Event) -> None: ...
    def paused(self) -> bool: ...
    def reduced_motion(self) -> bool: ...


class Animator:
    """The queue of events still to show, and the cards in the air."""

    def __init__(self, model: TableModel, stage: Stage) -> None:
        self.model = model
        self.stage = stage
        self.pending: list[ev.Event] = []
        self.flights: list[Flight] = []
        self.wait = 0.0  # seconds before the next event plays
        self.hurry = False
        players = model.players
        self.hidden: list[Counter[int]] = [Counter() for _ in range(players)]
        self.hidden_matches: Counter[tuple[int, tuple[int, ...]]] = Counter()
        self.hidden_discard: Counter[int] = Counter()
        # keys of things flying back after a refused drop
        self.returning: Counter[tuple[object, ...]] = Counter()
        self.pile_in_air = 0  # dealt cards still flying: the pile counts them
        self.last_event: ev.Event | None = None  # the event animated last
        self._upgrade_src: Point | None = None

    # ------------------------------------------------------------------ the queue

    def queue(self, events: Iterable[ev.Event]) -> None:
        """Show these events after those already waiting."""
        self.pending.extend(events)

    def busy(self) -> bool:
        """Whether events wait, cards fly or a pause runs."""
        return bool(self.pending or self.flights or self.wait > 0)

    def timing(self) -> tuple[float, float, float]:
        """The stage's speeds, or none at all while hurrying."""
        return (0.0, 0.0, 0.0) if self.hurry else self.stage.timing()

    def step(self, dt: float) -> bool:
        """Advance ``dt`` seconds: land what arrives, then play waiting events while
        nothing flies. True if anything changed on the table."""
        for f in self.flights:
            f.advance(dt)
        landed = [f for f in self.flights if f.done]
        if landed:
            self.flights = [f for f in self.flights if not f.done]
            for f in landed:
                f.land()
        if self.wait > 0:
            self.wait = max(0.0, self.wait - dt)
        played = False
        while self.pending and self.wait <= 0 and not self.flights and not self.stage.paused():
            self.play(self.pending.pop(0))
            played = True
        return bool(landed) or played

    def finish(self) -> None:
        """Land every card now and play the queued events instantly."""
        self.hurry = True
        for f in self.flights:
            f.land_now()
        self.flights = []
        self.wait = 0
        while self.pending and not self.stage.paused():
            self.play(self.pending.pop(0))
            for f in self.flights:
                f.land()
            self.flights = []
            self.wait = 0
        self.hurry = False

    # ------------------------------------------------------------------ flights

    def fly(
        self,
        image: pygame.Surface,
        src: Point,
        dst: Point,
        delay: float = 0.0,
        on_land: Callable[[], None] | None = None,
        dur: float | None = None,
        ghost: bool = True,
        was: pygame.Surface | None = None,
    ) -> None:
        """Fly ``image`` from ``src`` to ``dst``; at no speed it lands at once. With
        reduced motion it fades in at ``dst`` instead, and (with ``ghost``: not for
        what leaves the face-down pile) out at ``src``, as it looked there (``was``,
        if not ``image``)."""
        fdur = self.timing()[0] if dur is None else dur
        if fdur <= 0 and delay <= 0:
            Flight(image, src, dst, fdur, delay, on_land).land_now()
            return
        if not self.stage.reduced_motion():
            self.flights.append(Flight(image, src, dst, fdur, delay, on_land))
            return
        self.flights.append(Flight(image, dst, dst, fdur, delay, on_land, "in"))
        if ghost and src != dst:
            self.flights.append(
                Flight(image if was is None else was, src, src, fdur, delay, None, "out")
            )

    def fly_back(
        self, image: pygame.Surface, src: Point, dst: Point, keys: tuple[tuple[object, ...], ...]
    ) -> None:
        """A refused drop: the dragged thing flies home, hidden there until it lands."""
        for k in keys:
            self.returning[k] += 1

        def back() -> None:
            for k in keys:
                self.returning[k] -= 1

        self.fly(image, src, dst, on_land=back, dur=max(0.12, self.stage.timing()[0] * 0.7))

    def _hide_hand(self, seat: int, card: int) -> Callable[[], None]:
        self.hidden[seat][card] += 1

        def unhide() -> None:
            self.hidden[seat][card] -= 1

        return unhide

    def _hide_match(self, seat: int, cards: tuple[int, int]) -> Callable[[], None]:
        key: tuple[int, tuple[int, ...]] = (seat, tuple(cards))
        self.hidden_matches[key] += 1

        def unhide() -> None:
            self.hidden_matches[key] -= 1

        return unhide

    def _hide_discard(self, card: int) -> Callable[[], None]:
        self.hidden_discard[card] += 1

        def unhide() -> None:
            self.hidden_discard[card] -= 1

        return unhide

    def _from_pile(self, then: Callable[[], None]) -> Callable[[], None]:
        """The pile shows one more card until this dealt card lands."""
        self.pile_in_air += 1

        def landed() -> None:
            self.pile_in_air -= 1
            then()

        return landed

    def pile_count(self) -> int:
        """Cards the draw pile shows: those in it, and dealt cards not yet landed."""
        return self.model.draw_pile + self.pile_in_air

    def _pile(self) -> Point:
        return self.stage.geometry().pile_top(self.pile_count())

    # ------------------------------------------------------------------ events

    def play(self, e: ev.Event) -> None:
        """Animate one event: update the model, let the table react, start the flights.
        Where a card leaves from is asked before the model changes, where it lands after."""
        dur, _pause, stagger = self.timing()
        st = self.stage
        M = self.model
        self.last_event = e
        before = st.geometry()
        you = st.viewer_seat()

        def changed() -> Geometry:
            M.apply_event(e)
            st.react(e)
            return st.geometry()

        match e:
            case ev.RoundStarted():
                geo = changed()
                st.play_sound("shuffle")
                pile = geo.pile_top(self.pile_count())
                delay = 0.0
                for seat, card in e.deal:
                    land = self._from_pile(self._hide_hand(seat, card))
                    dst = geo.hand_pos(seat, card)
                    self.fly(geo.face(seat, card), pile, dst, delay, land, ghost=False)
                    delay += stagger
                for i, card in enumerate(M.discard):
                    land = self._from_pile(self._hide_discard(card))
                    dst = geo.discard_pos(i)
                    self.fly(geo.disc_art().half(card), pile, dst, delay, land, ghost=False)
                self.wait = delay
                if self.flights:
                    st.play_sound("deal")
            case ev.CardDrawn():
                src = before.pile_top(self.pile_count())
                geo = changed()
                unhide = self._hide_hand(e.seat, e.card)
                dst = geo.hand_pos(e.seat, e.card)
                self.fly(geo.face(e.seat, e.card), src, dst, on_land=unhide, ghost=False)
                st.play_sound("draw")
            case ev.CardsTaken():
                srcs = [before.discard_pos(e.index + i) for i in range(len(e.cards))]
                geo = changed()
                size = "mid" if e.seat != you else "hand"
                for src, card in zip(srcs, e.cards, strict=True):
                    unhide = self._hide_hand(e.seat, card)
                    dst = geo.hand_pos(e.seat, card)
                    self.fly(geo.art(size).half(card), src, dst, on_land=unhide)
                st.play_sound("draw")
            case ev.MatchPlayed() | ev.AutoMatched():
                src = before.hand_pos(e.seat, e.cards[0])
                geo = changed()
                dst = geo.match_pos(e.seat, e.match)
                unhide = self._hide_match(e.seat, e.cards)
                size = "own" if e.seat == you else "opp"
                self.fly(geo.art(size).match(*e.cards), src, dst, on_land=unhide)
                st.play_sound("match")
            case ev.MatchUpgraded():
                src_card = before.hand_pos(e.seat, e.card)
                src_match = before.match_pos(e.owner, e.old_match)
                old = before.art("own" if e.owner == you else "opp").match(*e.old_cards)
                geo = changed()
                dst = geo.match_pos(e.seat, e.match)
                unhide = self._hide_match(e.seat, e.cards)
                size = "own" if e.seat == you else "opp"
                self.fly(geo.art(size).match(*e.cards), src_match, dst, on_land=unhide, was=old)
                self.fly(geo.face(e.seat, e.card), src_card, dst)
                self._upgrade_src = src_match  # the returned half leaves from the old match
                st.play_sound("upgrade")
            case ev.CardReturned():
                src = self._upgrade_src if self._upgrade_src is not None else self._pile()
                geo = changed()
                unhide = self._hide_hand(e.seat, e.card)
                dst = geo.hand_pos(e.seat, e.card)
                self.fly(geo.art("mid").half(e.card), src, dst, on_land=unhide)
            case ev.MatchesTraded():
                a_src = before.match_pos(e.seat, e.given_index)
                b_src = before.match_pos(e.other, e.taken_index)
                geo = changed()
                a_dst = geo.match_pos(e.other, len(M.matches[e.other]) - 1)
                b_dst = geo.match_pos(e.seat, len(M.matches[e.seat]) - 1)
                u1 = self._hide_match(e.other, e.given)
                u2 = self._hide_match(e.seat, e.taken)
                self.fly(geo.art("opp").match(*e.given), a_src, a_dst, on_land=u1)
                self.fly(geo.art("opp").match(*e.taken), b_src, b_dst, on_land=u2)
                st.play_sound("match")
            case ev.CardDiscarded():
                src = before.hand_pos(e.seat, e.card)
                geo = changed()
                unhide = self._hide_discard(e.card)
                dst = geo.discard_pos(len(M.discard) - 1)
                self.fly(geo.disc_art().half(e.card), src, dst, on_land=unhide)
                st.play_sound("discard")
            case ev.NegativeFilled():
                geo = changed()
                if e.reason == "perfect":
                    src = geo.score_pos(e.by) if e.by is not None else self._pile()
                    self.fly(geo.chip(), src, geo.score_pos(e.seat))
                    st.play_sound("penalty")
                else:
                    self.wait = dur * 0.5
            case ev.RowFilled():
                changed()
                self.wait = dur * 0.4
            case ev.WentOut() | ev.DrawPileEmptied():
                changed()
                self.wait = dur
            case ev.RoundScored():
                changed()
                st.play_sound("round_end")
                self.wait = dur * 2
            case ev.TurnStarted() | ev.BonusStarted() | ev.BonusDeclined() | ev.GameOver():
                changed()
            case _:
                assert_never(e)
