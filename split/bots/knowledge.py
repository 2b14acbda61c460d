"""What a bot works out from its view once per decision: boxes, unseen cards, costs.

Everything here is computed from a :class:`~split.engine.view.PlayerView` (or any
object with the same fields), never from hidden state (R10).
"""

from __future__ import annotations

from typing import ClassVar

from split.engine.cards import CARD_COUNT, COPIES, MATCH_TYPES, MatchType
from split.engine.setup import HAND_SIZE
from split.engine.sheet import negative_step, negative_value, row_value
from split.engine.view import PlayerView

BASE = (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)  # R9.1 row bases by rank
RANK_COUNT = 13
# R9.1 row values by rank and boxes, looked up: a search builds this per position
ROW_VALUES = tuple(tuple(row_value(r, k) for k in range(CARD_COUNT)) for r in range(RANK_COUNT))
NEGATIVE_VALUES = tuple(negative_value(k) for k in range(CARD_COUNT))  # R9.2, looked up too
LEADER_WEIGHT = 0.35 + 0.45  # the others' weights: the leader's, and the rest's 0.35
WEAK, STRONG, PERFECT = MatchType.WEAK, MatchType.STRONG, MatchType.PERFECT


class Knowledge:
    """Derived facts for the seat a view belongs to."""

    __slots__ = (
        "view",
        "seat",
        "n",
        "boxes",
        "unseen",
        "unseen_rank",
        "unseen_total",
        "phi",
        "pile",
        "hand_rank",
        "weights",
        "end_near",
        "_projected",
        "_draws_left",
        "_cost1",
        "_potential",
        "_power",
    )

    # The weights of what it works out, as class attributes so that a policy can be
    # another set of them (a subclass of :class:`~split.bots.normal.Evaluator` names it).
    phi_floor: ClassVar[float] = 0.3  # what a card in hand costs at the deal, of a box
    phi_rise: ClassVar[float] = 0.7  # ... and more by the round's end
    short_hand: ClassVar[tuple[float, float]] = (0.85, 0.65)  # ... when a hand has 2, 3
    draws_late: ClassVar[float] = 1.3  # how fewer cards a seat sees as the round ages
    single_share: ClassVar[float] = 0.6  # a single: this much of the match it may make
    exposure_hands: ClassVar[float] = 0.5  # the others' cards that may steal, a card each
    exposure_late: ClassVar[float] = 2.0  # ... and the draws left, by lateness

    def __init__(self, view: PlayerView) -> None:
        # Built at every decision of every search's rollout: one pass over each of the
        # view's lists, no generator.
        self.view = view
        seat = self.seat = view.seat
        n = self.n = view.players
        hand = view.hand
        boxes = self.boxes = list(map(list, view.rows))
        unseen = self.unseen = [COPIES] * CARD_COUNT  # less every card this seat can place
        hr = [0] * RANK_COUNT
        for c in hand:
            unseen[c] -= 1
            hr[c >> 2] += 1
        for c in view.discard:
            unseen[c] -= 1
        for s, owned in enumerate(view.matches):
            row = boxes[s]
            for a, b in owned:
                row[a >> 2] += 1
                unseen[a] -= 1
                unseen[b] -= 1
        for s, known in enumerate(view.known):
            if known and s != seat:
                for c in known:
                    unseen[c] -= 1
        quads = iter(unseen)  # one iterator four times: the four suits of each rank
        ur = [a + b + c + d for a, b, c, d in zip(quads, quads, quads, quads)]  # noqa: B905
        self.unseen_rank = ur
        self.unseen_total = max(1, sum(ur))
        self.hand_rank = hr
        pile = self.pile = view.draw_pile
        initial = max(1, 104 - HAND_SIZE * n - 1)
        late = 1.0 - pile / initial
        phi = self.phi_floor + self.phi_rise * max(0.0, min(1.0, late))
        sizes = view.hand_sizes
        short = min(sizes[:seat] + sizes[seat + 1 :])  # the shortest other hand
        if short <= 2:
            phi = max(phi, self.short_hand[0])
        elif short <= 3:
            phi = max(phi, self.short_hand[1])
        if pile <= n:
            phi = 1.0
        self.phi = phi
        # the round may end before this seat's next turn: another hand is down to two
        # cards (with a draw: one match and the discard, R4.4), or the pile to a card a
        # seat (R8.1)
        self.end_near = short <= 2 or pile <= n
        negatives = view.negatives
        self._projected: list[int] | None = None  # asked of most views only at 3 and more
        if n == 2:
            w = [1.0, 1.0]
            w[seat] = 0.0
        else:
            proj = self.projected
            leader = -1  # the first other seat with the best projection
            for s in range(n):
                if s != seat and (leader < 0 or proj[s] > proj[leader]):
                    leader = s
            w = [0.35] * n
            w[seat] = 0.0
            w[leader] = LEADER_WEIGHT
        self.weights = w
        # roughly how many more cards this seat will see from the pile this round
        self._draws_left = max(0.5, min(pile / n, 12.0) * (self.draws_late - phi))
        self._cost1 = phi * negative_step(negatives[seat] + sizes[seat] + 1)
        self._potential: dict[int, float] = {}  # single_potential by rank
        self._power: float | None = None  # of the exposures, once asked

    @property
    def projected(self) -> list[int]:
        """Projected score if the round ended now (matches on the table count, hands cost)."""
        proj = self._projected
        if proj is None:
            boxes, negatives, sizes = self.boxes, self.view.negatives, self.view.hand_sizes
            proj = []
            for s in range(self.n):
                k = negatives[s] + sizes[s]
                neg = NEGATIVE_VALUES[k] if k < CARD_COUNT else negative_value(k)
                proj.append(sum(map(tuple.__getitem__, ROW_VALUES, boxes[s])) - neg)
            self._projected = proj
        return proj

    # ------------------------------------------------------------ values

    def gain(self, seat: int, rank: int) -> float:
        """R9.1: what one more box in ``rank``'s row is worth to ``seat`` (triangular rows)."""
        return BASE[rank] * (self.boxes[seat][rank] + 1)

    def last_box(self, seat: int, rank: int) -> float:
        """What ``seat`` loses when one of its ``rank`` matches goes away."""
        return BASE[rank] * self.boxes[seat][rank]

    def card_cost(self, seat: int | None = None, extra: int = 1) -> float:
        """Expected negative boxes (R8.2) of holding ``extra`` more cards, by lateness."""
        if seat is None and extra == 1:
            return self._cost1
        s = self.seat if seat is None else seat
        k = self.view.negatives[s] + self.view.hand_sizes[s]
        return self.phi * sum(negative_step(k + i) for i in range(1, extra + 1))

    def single_potential(self, card: int) -> float:
        """Value of an unpaired card: the chance a same-rank card turns up, times the match."""
        rank = card >> 2
        v = self._potential.get(rank)
        if v is None:
            p1 = self.unseen_rank[rank] / self.unseen_total
            p = 1.0 - (1.0 - p1) ** self._draws_left
            gain = BASE[rank] * (self.boxes[self.seat][rank] + 1)  # self.gain(self.seat, rank)
            v = self._potential[rank] = self.single_share * p * gain
        return v

    def weak_exposure(self, rank: int) -> float:
        """Chance that a weak match of ``rank`` on my table gets stolen (any card of the rank
        upgrades a weak match, R5.2)."""
        u = self.unseen_rank[rank]
        if u == 0:
            return 0.0
        per = u / self.unseen_total
        p = 1.0 - float((1.0 - per) ** self._exposure_power())
        return min(0.8, p)

    def strong_exposure(self, a: int, b: int) -> float:
        """Chance a strong match gets stolen: only the two identical cards upgrade it."""
        u = self.unseen[a] + self.unseen[b]
        if u == 0:
            return 0.0
        per = u / self.unseen_total
        return min(0.6, 1.0 - float((1.0 - per) ** self._exposure_power()))

    def _exposure_power(self) -> float:
        """How many cards the others may still see that could steal from me."""
        power = self._power
        if power is None:
            sizes = self.view.hand_sizes
            others = sum(sizes) - sizes[self.seat]  # the other hands
            power = self._power = others * self.exposure_hands + self.exposure_late * (
                1.2 - self.phi
            )
        return power

    def exposure(self, a: int, b: int) -> float:
        t = MATCH_TYPES[a][b]
        if t is WEAK:
            return self.weak_exposure(a >> 2)
        if t is STRONG:
            return self.strong_exposure(a, b)
        return 0.0
