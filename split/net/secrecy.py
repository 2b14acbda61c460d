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
from typing import assert_never

from split.engine import events as ev
from split.engine.cards import HIDDEN


def for_seat(e: ev.Event, seat: int) -> ev.Event:
    """``e`` as ``seat`` may see it: other players' unseen cards become :data:`HIDDEN`.
    Every event type is named (a new one fails type checking until it is judged)."""
    match e:
        case ev.RoundStarted():
            return e._replace(deal=tuple((s, c if s == seat else HIDDEN) for s, c in e.deal))
        case ev.CardDrawn():
            return e if e.seat == seat else e._replace(card=HIDDEN)
        case ev.RoundScored():
            hidden = (p._replace(hand=(HIDDEN,) * len(p.hand)) for p in e.seats)
            mine = (p if p.seat == seat else h for p, h in zip(e.seats, hidden, strict=True))
            return e._replace(seats=tuple(mine))
        case (  # cards on the table, in the row or just played: everyone saw them
            ev.TurnStarted()
            | ev.CardsTaken()
            | ev.MatchPlayed()
            | ev.MatchUpgraded()
            | ev.CardReturned()
            | ev.BonusStarted()
            | ev.BonusDeclined()
            | ev.NegativeFilled()
            | ev.MatchesTraded()
            | ev.CardDiscarded()
            | ev.WentOut()
            | ev.DrawPileEmptied()
            | ev.AutoMatched()
            | ev.RowFilled()
            | ev.GameOver()
        ):
            return e
        case _:
            assert_never(e)


def events_for_seat(events: Iterable[ev.Event], seat: int) -> list[ev.Event]:
    """Each of ``events`` as ``seat`` may see it."""
    return [for_seat(e, seat) for e in events]
