"""What of an event one seat may see (R10): the engine's events tell everything, so the
host hides, seat by seat, each card that goes into another player's hand unseen.

Three events carry such cards: a deal (every hand's cards), a draw from the pile (the
drawer's new card, bonus draws too), and a round's scoring (the cards left in each
hand: their number scores, their faces stay hidden). Every other card in an event is
on the table, in the discard row or was just played, so everyone saw it.

>>> from split.engine import events as ev
>>> for_seat(ev.CardDrawn(2, 17, False, 40), 0)
CardDrawn(seat=2, card=52, bonus=False, draw_pile=40)
>>> for_seat(ev.CardDrawn(2, 17, False, 40), 2)
CardDrawn(seat=2, card=17, bonus=False, draw_pile=40)
"""

from __future__ import annotations

from collections.abc import Iterable

from split.engine import events as ev
from split.engine.cards import HIDDEN


def for_seat(e: ev.Event, seat: int) -> ev.Event:
    """``e`` as ``seat`` may see it: other players' unseen cards become :data:`HIDDEN`."""
    if isinstance(e, ev.RoundStarted):
        deal = tuple((s, c if s == seat else HIDDEN) for s, c in e.deal)
        return e._replace(deal=deal)
    if isinstance(e, ev.CardDrawn):
        return e if e.seat == seat else e._replace(card=HIDDEN)
    if isinstance(e, ev.RoundScored):
        seats = tuple(
            p if p.seat == seat else p._replace(hand=(HIDDEN,) * len(p.hand)) for p in e.seats
        )
        return e._replace(seats=seats)
    return e


def events_for_seat(events: Iterable[ev.Event], seat: int) -> list[ev.Event]:
    """Each of ``events`` as ``seat`` may see it."""
    return [for_seat(e, seat) for e in events]
