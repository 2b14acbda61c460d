"""``normal``: plays the score sheet (R9) one decision at a time.

Every legal action gets a value in points for this seat, from the view alone:

- a match is worth the box it adds to its row (rows are triangular, so a rank you
  already collect is worth more), plus its bonus, minus the risk that a weak or
  strong match gets stolen by an upgrade (R5.2);
- the hand is a liability: every card may become a negative box (R8.2), more so
  late in the round, while pairs and cards that may still pair keep some value;
- a take (R4.1) is the play it allows plus what the cards that come with it are
  worth in hand, against the expected value of a blind draw;
- a discard gives up the card worth least in hand and avoids feeding the next
  player (a card that would let them steal one of our matches is the worst);
- bonuses: the perfect penalty goes to the leader (R6.1), the strong bonus card is
  drawn when its expected value is positive, trades move a match up in value.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, NamedTuple

from split.engine.actions import DISCARD, DRAW, MATCH, PASS, PENALIZE, TAKE, TRADE, UPGRADE, Action
from split.engine.cards import MATCH_TYPES, UPGRADERS, MatchType
from split.engine.sheet import negative_step
from split.engine.state import STRONG_BONUS
from split.engine.view import PlayerView

from .knowledge import BASE, Knowledge

PERFECT, STRONG, WEAK = MatchType.PERFECT, MatchType.STRONG, MatchType.WEAK
NO_STEALS = (0.0, 0.0, 0.0, 0.0)  # a rank's four cards when none of it is on the table


def can_go_out(hand: Sequence[int]) -> bool:
    """Whether ``hand`` can be played down to one card and that card discarded this turn
    (R4.4): every rank pairs up but exactly one card (matches never need another's
    card; R5.4 keeps the last card for the discard)."""
    counts: dict[int, int] = {}
    for c in hand:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    return sum(n % 2 for n in counts.values()) == 1


class Evaluator:
    """Values of actions for the seat of one view (see the module docstring)."""

    __slots__ = (
        "view",
        "k",
        "me",
        "pair",
        "_draw_ev",
        "_rank_values",
        "_steals",
        "_by_rank",
        "_others",
    )

    # The weights of the values, as class attributes so that a policy can be another
    # set of them (a subclass); ``normal``'s are these.
    knowledge: ClassVar[type[Knowledge]] = Knowledge
    pair_share: ClassVar[float] = 0.85  # a pair in hand: nearly its match already
    end_pair_share: ClassVar[float | None] = None  # ... when the round may end before
    # my next turn (``Knowledge.end_near``; None: ``pair_share`` all the same)
    exposure_share: ClassVar[float] = 0.6  # of a stolen match's cost, by its chance
    trade_share: ClassVar[float] = 0.7  # of the best trade a weak match's bonus allows
    out_bonus: ClassVar[float] = 6.0  # going out, beyond what it costs the others
    own_upgrade: ClassVar[float] = 1.0  # upgrading my own match, beyond its values
    discard_cost: ClassVar[float] = 3.0  # a discard below a play that pays
    keep_steal: ClassVar[float] = 0.5  # of the steal a card kept could still make
    draw_steal: ClassVar[float] = 0.5  # of the steal a drawn card could make
    own_danger: ClassVar[float] = 0.9  # a discard that upgrades my match: its loss
    far_seat: ClassVar[float] = 0.5  # what a discard hands the seats after the next
    held_rank: ClassVar[float] = 0.8  # ... a seat known to hold its rank
    rank_odds: ClassVar[float] = 0.4  # ... a seat that may hold its rank
    steal_feed: ClassVar[float] = 0.3  # ... a seat it lets steal a match

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        k = self.k = self.knowledge(view)
        self.me = view.seat
        end = self.end_pair_share
        self.pair = self.pair_share if end is None or not k.end_near else end  # of a match
        self._draw_ev: float | None = None  # computed once: every strong match asks
        # Memos: a search asks the same questions of one view many times over.
        self._rank_values: dict[int, float] = {}  # by rank << 5 | count
        self._steals: dict[int, Sequence[float]] = {}  # by rank: its four cards'
        # table matches by rank: owner, and the cards that upgrade the match (R5.2)
        by_rank: dict[int, list[tuple[int, frozenset[int]]]] = {}
        self._by_rank = by_rank
        for owner, owned in enumerate(view.matches):
            for a, b in owned:
                entry = (owner, UPGRADERS[a][b])
                group = by_rank.get(a >> 2)
                if group is None:
                    by_rank[a >> 2] = [entry]
                else:
                    group.append(entry)
        self._others: list[_Other] | None = None  # what danger reads of the others, once

    # ----------------------------------------------------------- hand

    def rank_value(self, rank: int, count: int) -> float:
        """What ``count`` cards of ``rank`` are worth in my hand."""
        if count == 0:
            return 0.0
        key = rank << 5 | count  # never 32 cards of a rank in a hand: 8 at most
        v = self._rank_values.get(key)
        if v is None:
            k = self.k
            gain = BASE[rank] * (k.boxes[self.me][rank] + 1)  # k.gain(self.me, rank)
            v = (count >> 1) * self.pair * gain
            if count & 1:  # a single
                v += k.single_potential(rank * 4) - k._cost1  # k.card_cost()
            self._rank_values[key] = v
        return v

    def hand_delta(self, removed: Sequence[int] = (), added: Sequence[int] = ()) -> float:
        """Change in hand value when ``removed`` leave and ``added`` join my hand."""
        counts = self.k.hand_rank
        value = self.rank_value
        if not added and 0 < len(removed) <= 2:  # a discard, an upgrade, a match: one rank
            rank = removed[0] >> 2
            if len(removed) == 1 or removed[1] >> 2 == rank:
                c = counts[rank]
                return 0.0 + (value(rank, c - len(removed)) - value(rank, c))
        change: dict[int, int] = {}
        for c in removed:
            change[c >> 2] = change.get(c >> 2, 0) - 1
        for c in added:
            change[c >> 2] = change.get(c >> 2, 0) + 1
        total = 0.0
        for rank, d in change.items():
            if d:
                total += value(rank, counts[rank] + d) - value(rank, counts[rank])
        return total

    def steal_options(self, card: int) -> float:
        """Best upgrade ``card`` could make on the table (used for cards kept or drawn)."""
        return self._rank_steals(card >> 2)[card & 3]

    def _rank_steals(self, rank: int) -> Sequence[float]:
        """:meth:`steal_options` of the four cards of ``rank`` at once, by suit: each card's
        is the best value of the upgrades it makes (R5.2), and an upgrade's value depends
        only on the match (every value is at least 3: the same best in any order).
        Memoized by rank."""
        best = self._steals.get(rank)
        if best is not None:
            return best
        matches = self._by_rank.get(rank)
        if matches is None:  # nothing of the rank on the table
            self._steals[rank] = NO_STEALS
            return NO_STEALS
        values = [0.0, 0.0, 0.0, 0.0]
        low = rank * 4
        k = self.k
        me = self.me
        boxes = k.boxes
        for owner, up in matches:
            if owner == me:
                v = 3.0
            else:
                # k.gain(me, rank) + k.weights[owner] * k.last_box(owner, rank)
                v = BASE[rank] * (boxes[me][rank] + 1) + k.weights[owner] * (
                    BASE[rank] * boxes[owner][rank]
                )
            for c in up:
                if v > values[c - low]:
                    values[c - low] = v
        self._steals[rank] = values
        return values

    def draw_ev(self) -> float:
        """Expected value of one blind card from the pile."""
        if self._draw_ev is None:
            self._draw_ev = self._draw_ev_now()
        return self._draw_ev

    def _draw_ev_now(self) -> float:
        k = self.k
        counts = k.hand_rank
        ev = self.draw_hand_value() / k.unseen_total
        # Cards that would upgrade something on the table are worth a steal.
        steal = 0.0
        unseen = k.unseen
        for rank in sorted(self._by_rank):  # only a rank on the table can be stolen
            if counts[rank] == 0:
                low = rank * 4
                for u, s in zip(unseen[low : low + 4], self._rank_steals(rank), strict=True):
                    if u and s:
                        steal += u * self.draw_steal * s
        return ev + steal / k.unseen_total

    def draw_hand_value(self) -> float:
        """What a blind card adds to my hand, times the unseen cards: over the ranks, its
        unseen cards times the :meth:`rank_value` one more card of it adds (the same
        sums, to the bit, written out: every draw of every rollout asks it; a policy
        that redefines :meth:`rank_value` redefines this too)."""
        k = self.k
        counts = k.hand_rank
        pair = self.pair
        row = k.boxes[self.me]
        potential = k.single_potential
        cost1 = k._cost1
        total = 0.0
        for rank, u in enumerate(k.unseen_rank):
            if u:
                c = counts[rank]
                gain = BASE[rank] * (row[rank] + 1)
                single = potential(rank * 4) - cost1
                more = (c + 1 >> 1) * pair * gain  # rank_value(rank, c + 1)
                if c & 1:
                    now = (c >> 1) * pair * gain + single  # rank_value(rank, c)
                else:
                    more += single
                    now = (c >> 1) * pair * gain if c else 0.0
                total += u * (more - now)
        return total

    # ----------------------------------------------------------- matches

    def exposure_loss(self, a: int, b: int) -> float:
        k = self.k
        p = k.exposure(a, b)
        if not p:
            return 0.0
        return p * (k.gain(self.me, a >> 2) + k.card_cost()) * self.exposure_share

    def bonus_value(self, t: MatchType, rank: int) -> float:
        k = self.k
        if t is PERFECT:
            return max(
                k.weights[s] * negative_step(self.view.negatives[s] + self.view.hand_sizes[s] + 1)
                for s in range(k.n)
                if s != self.me
            )
        if t is STRONG:
            return max(0.0, self.draw_ev()) if self.view.draw_pile > 1 else 0.0
        best = 0.0
        for i, (a, b) in enumerate(self.view.matches[self.me]):
            if MATCH_TYPES[a][b] is WEAK:
                best = max(best, self._best_trade_for(a >> 2, WEAK, i))
        best = max(best, self._best_trade_for(rank, WEAK, -1))
        return self.trade_share * best

    def _best_trade_for(self, rank: int, t: MatchType, mine: int) -> float:
        best = 0.0
        for other, owned in enumerate(self.view.matches):
            if other == self.me:
                continue
            for c, d in owned:
                if MATCH_TYPES[c][d] is t:
                    best = max(best, self.trade_value(rank, other, c >> 2))
        return best

    def trade_value(self, mine_rank: int, other: int, their_rank: int) -> float:
        """R6.3: my row gains their rank's box and loses mine; theirs the reverse."""
        if mine_rank == their_rank:
            return 0.0
        k = self.k
        me = self.me
        mine_delta = k.gain(me, their_rank) - k.last_box(me, mine_rank)
        their_delta = k.gain(other, mine_rank) - k.last_box(other, their_rank)
        return mine_delta - k.weights[other] * their_delta

    def going_out(self, hand_after: int) -> float:
        """A play that leaves one card lets me go out with the discard (R4.4)."""
        if hand_after != 1:
            return 0.0
        k = self.k
        v = self.out_bonus
        for s in range(k.n):
            if s != self.me:
                v += k.weights[s] * k.card_cost(s, self.view.hand_sizes[s]) / max(k.phi, 0.01)
        return v

    def match_value(self, x: int, y: int, hand_after: int, in_hand: bool = True) -> float:
        k = self.k
        rank = x >> 2
        t = MATCH_TYPES[x][y] or WEAK  # x and y match: never None
        v = k.gain(self.me, rank) + self.bonus_value(t, rank) - self.exposure_loss(x, y)
        if in_hand:
            v += self.hand_delta((x, y))
        return v + self.going_out(hand_after)

    def upgrade_value(self, card: int, owner: int, index: int, hand_after: int) -> float:
        k = self.k
        a, b = self.view.matches[owner][index]
        # cards of one rank always make a match: the types are never None
        old = MATCH_TYPES[a][b] or WEAK
        kept, returned = (a, b) if (MATCH_TYPES[card][a] or WEAK) > old else (b, a)
        t = MATCH_TYPES[card][kept] or WEAK
        rank = card >> 2
        v = self.bonus_value(t, rank) - self.exposure_loss(card, kept)
        if owner == self.me:
            v += self.exposure_loss(a, b) + self.hand_delta((card,), (returned,))
            return v + self.own_upgrade
        v += k.gain(self.me, rank) + self.hand_delta((card,))
        v += k.weights[owner] * (k.last_box(owner, rank) + k.card_cost(owner))
        return v + self.going_out(hand_after)

    # ----------------------------------------------------------- discards

    def danger(self, card: int) -> float:
        """What putting ``card`` on the discard row may hand to the other players."""
        k = self.k
        me = self.me
        rank = card >> 2
        base = BASE[rank]
        boxes = k.boxes
        d = 0.0
        # how many other players have a match ``card`` would upgrade (``_by_rank`` lists
        # the matches owner by owner, so one owner's are together)
        steals = 0
        last = -1
        for owner, up in self._by_rank.get(rank, ()):
            if card not in up:
                continue
            if owner == me:
                # k.last_box(me, rank), k.card_cost()
                x = self.own_danger * (base * boxes[me][rank] + k._cost1 + 4)
                if x > d:
                    d = x
            elif owner != last:
                steals += 1
                last = owner
        others = self._others
        if others is None:
            others = self._others = self._other_seats()
        p1 = k.unseen_rank[rank] / k.unseen_total
        for o in others:
            gain = base * (boxes[o.seat][rank] + 1)  # k.gain(o.seat, rank)
            if card in o.known:
                # they hold this very card: a perfect match for them and a negative box
                # for someone, likely me (issue 17, item 4)
                d += o.near * (o.w_held * (gain + 4) + o.mine)
                continue
            if rank in o.known_ranks:
                d += o.nw8 * gain  # near * w * 0.8 * gain
                continue
            p = 1.0 - (1.0 - p1) ** o.hidden
            d += o.nw4 * p * gain  # near * w * 0.4 * p * gain
            if steals:
                x = o.nw3 * gain  # near * w * 0.3 * gain
                for _ in range(steals):  # added one by one: the same sums as ever, to the bit
                    d += x
        return d

    def _other_seats(self) -> list[_Other]:
        """What :meth:`danger` reads of each other seat, in turn order from mine."""
        k = self.k
        view = self.view
        me = self.me
        mine = negative_step(view.negatives[me] + 1)
        out = []
        for step in range(1, k.n):
            s = (me + step) % k.n
            near = 1.0 if step == 1 else self.far_seat
            w = max(k.weights[s], 0.3)
            known = view.known[s]
            hidden = max(0, view.hand_sizes[s] - len(known))
            out.append(
                _Other(
                    s,
                    near,
                    max(w, 0.5),
                    mine,
                    frozenset(known),
                    frozenset(c >> 2 for c in known),
                    hidden,
                    near * w * self.held_rank,
                    near * w * self.rank_odds,
                    near * w * self.steal_feed,
                )
            )
        return out

    def discard_value(self, card: int) -> float:
        # self.hand_delta((card,)) - self.danger(card) - 0.5 * self.steal_options(card),
        # without the two calls: a search values every discard of every rollout turn
        rank = card >> 2
        c = self.k.hand_rank[rank]
        value = self.rank_value
        kept = 0.0 + (value(rank, c - 1) - value(rank, c))
        return kept - self.danger(card) - self.keep_steal * self._rank_steals(rank)[card & 3]

    # ----------------------------------------------------------- takes

    def take_value(self, index: int) -> float:
        view = self.view
        taken = view.discard[index:]
        card = taken[0]
        hand = list(view.hand) + list(taken)
        size = len(hand)
        best = None
        used: tuple[int, ...] = ()
        if size >= 3:
            for y in set(hand):
                if y >> 2 != card >> 2:
                    continue
                if y == card and hand.count(card) < 2:
                    continue
                v = self.match_value(card, y, size - 2, in_hand=False)
                if best is None or v > best:
                    best, used = v, (card, y)
        for owner, owned in enumerate(view.matches):
            if owner != self.me and size < 2:
                continue
            for m, (a, b) in enumerate(owned):
                if a >> 2 != card >> 2:
                    continue
                if card not in UPGRADERS[a][b]:  # a perfect match upgrades to nothing
                    continue
                v = self.upgrade_value(card, owner, m, size - 1) - self.hand_delta((card,))
                if best is None or v > best:
                    best, used = v, (card,)
        if best is None:
            return -1e9
        rest = list(taken)
        from_hand = []
        for c in used:
            if c in rest:
                rest.remove(c)
            else:
                from_hand.append(c)
        return best + self.hand_delta(from_hand, rest)

    # ----------------------------------------------------------- all

    def value(self, action: Action) -> float:
        kind = action.kind
        view = self.view
        if kind == DISCARD:
            # a play that pays beats ending the turn
            return self.discard_value(action.card) - self.discard_cost
        if kind == MATCH:
            return self.match_value(action.card, action[2], len(view.hand) - 2)
        if kind == UPGRADE:
            return self.upgrade_value(action.card, action.seat, action.target, len(view.hand) - 1)
        if kind == TAKE:
            return self.take_value(action.position)
        if kind == DRAW:
            if view.draw_pile <= 1:
                return self.end_now_value()
            return self.draw_ev()
        if kind == PASS:
            if view.phase == STRONG_BONUS and can_go_out(view.hand):
                # R4.4: pass, match every pair, discard the last card: the round ends
                # now, and a bonus card would only spoil the hand (issue 17, item 3)
                return self.going_out(1)
            return 0.0
        if kind == PENALIZE:
            # R6.1: the box goes to the player most likely to beat me, the leader, not
            # to whoever's next box costs most (issue 17, item 5); the cost breaks ties
            s = action.penalized
            k = self.k
            step = negative_step(view.negatives[s] + view.hand_sizes[s] + 1)
            return k.projected[s] + 0.25 * step
        if kind == TRADE:
            mine = view.matches[self.me][action.mine]
            theirs = view.matches[action.seat][action.target]
            return self.trade_value(mine[0] >> 2, action.seat, theirs[0] >> 2) - 1.0
        return 0.0

    def end_now_value(self) -> float:
        """Drawing the last card ends the round at once (R8.1), with one more card in hand."""
        k = self.k
        mine = k.projected[self.me] - k.card_cost(extra=1) / max(k.phi, 0.01)
        best_other = max(k.projected[s] for s in range(k.n) if s != self.me)
        return 5.0 if mine > best_other else -5.0


class PatientKnowledge(Knowledge):
    """:class:`Knowledge` for a patient hand: a card held costs more from the start."""

    __slots__ = ()
    phi_floor = 0.4


class PatientValues(Evaluator):
    """``normal``'s values, weighted for a player who keeps a pair in hand until it pays:
    a pair held is worth more than the match laid down (its box is as sure, and no
    upgrade can steal it, R5.2), so a match goes down for its bonus or to go out; a
    match on the table weighs its risk of a steal more, a discard costs less against a
    play, and a card in hand costs more from the deal on. When the round may end before
    the next turn (another hand down to two cards, or the pile to a card a seat), a pair
    held is worth what ``normal`` gives it, for the end would leave both its cards in
    hand as negative boxes (R8.2). The expert's candidates and rollouts play with these
    values (issue 29).

    Weighed with ``tests/policy_duel.py`` (each deal played from every seat, against
    ``normal`` at the others, seed 3): 75.3 % ± 0.7 of 2,000 two-player deals, by 115 ± 3
    points a game, and 46.3 % ± 1.1 of 500 four-player deals (a fair share: 25 %), by
    48 ± 2. The weights were found one at a time from ``normal``'s; the pair's share
    alone (1.3) gave 58 %, and counting going out for every match that keeps the hand
    able to go out (:meth:`match_value`) took it to 66 % at two players and from 25 % to
    40 % at four: a patient hand that does not see its way out keeps its pairs too long.
    The same weights without the end's share (``end_pair_share`` None) won 69.1 % ± 0.7
    and 42.4 % ± 1.1; an end's share of 1.1 won 73.5 % at two players, of 0.6, 76.3 %,
    and of 0.5, 46.7 % at four: lower may be a little better, but the expert's games
    were measured with 0.85 (issue 29's report). A point in this duel is not a point of
    the expert's: an exposure share of 1.4 won 47.6 % at four players here (1.7: 47.0 %)
    and 75.6 % at two, but the expert with it won 40.1 % [35.4, 45.0] of 400 four-player
    games among three ``hard``, against 44.5 % with 1.1 on the same deals."""

    __slots__ = ()
    knowledge = PatientKnowledge
    pair_share = 1.5
    end_pair_share = 0.85  # normal's: a pair the round's end may catch in hand
    exposure_share = 1.1
    discard_cost = 1.0

    def match_value(self, x: int, y: int, hand_after: int, in_hand: bool = True) -> float:
        """A match that keeps the hand able to go out this turn counts going out (R4.4):
        a patient hand lays its pairs down together, and the first of them must not
        look like a loss against a discard."""
        v = super().match_value(x, y, hand_after, in_hand)
        if in_hand and hand_after > 1 and can_go_out(self.view.hand):
            v += self.going_out(1)
        return v


class _Other(NamedTuple):
    """Another seat, as :meth:`Evaluator.danger` weighs a discard it may take."""

    seat: int
    near: float  # 1 for the next seat, 0.5 for the others
    w_held: float  # max(w, 0.5): the weight of a card they are known to hold
    mine: int  # the negative box a card they hold likely costs me
    known: frozenset[int]  # the cards they are known to hold
    known_ranks: frozenset[int]
    hidden: int  # their cards not known
    nw8: float  # near * w * 0.8 (w: their weight, at least 0.3), and so on
    nw4: float
    nw3: float


class NormalBot:
    """Greedy on the score sheet: picks the action of highest value (ties by seeded draw)."""

    name = "normal"
    needs_view = True

    def __init__(self, seed: int = 0, evaluator: type[Evaluator] = Evaluator) -> None:
        self.rng = random.Random(seed)
        self.evaluator = evaluator  # the weights it values with (``Evaluator``'s: normal's)

    def values(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        ev = self.evaluator(view)
        return [ev.value(a) for a in legal]

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, legal)
        best = max(values)
        top = [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
        if len(top) == 1:
            return top[0]
        top.sort()
        return top[int(self.rng.random() * len(top))]


__all__ = ["Evaluator", "NormalBot", "PatientValues", "BASE"]
