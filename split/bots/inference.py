"""What a seat can read about another's hidden cards from what it watched them do.

Between two of my turns every other player has had one turn, and both of its ends
are public (R10: everything played, taken or discarded):

- they **drew** while the discard row held cards of some ranks: every card they held
  then lacks those ranks, for any card of such a rank in hand makes a match with the
  row's card, a take the bots (and most people) never pass up (R4.1, R4.2);
- they **discarded** a card: they hold no other card of its rank, which would have made
  a match with it.

A seat sees the table only when it decides, so it reads the turns between from the
row its own discard left and the row it finds (R4.1, R4.4): the last card is always
the discard of the player before it; when the row has grown by exactly one card per
other player, every one of them drew, and each one's discard and the row it saw
are known. Each fact covers the cards its player held at that moment; cards drawn
from the pile since (at most what the pile lost) may be anything.
:meth:`HandReader.sample` deals the unseen cards into a world that keeps these facts
for the oldest cards of each hand. It reads only the seat's own successive views and
its own moves (R10), never the deal; a reader that missed a move (a new round, a
resumed game) starts afresh.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from split.engine.actions import Action, ActionKind
from split.engine.cards import Card, upgrades
from split.engine.state import Phase
from split.engine.view import PlayerView

SOFT = 0.03  # the chance a sampled card ignores the facts, at three players and more


class HandReader:
    """Facts about the other players' hands (see the module docstring)."""

    def __init__(self) -> None:
        # by seat: (absent ranks, cards drawn since), oldest first
        self.facts: dict[int, list[tuple[frozenset[int], int]]] = {}
        self._key: tuple[int, int] | None = None  # (round, turn) of my last decision
        self._row_after: tuple[Card, ...] | None = None  # the row my turn left
        self._pile_after = 0
        self.unstolen: frozenset[Card] = frozenset()  # cards no other hand holds

    def copy(self) -> HandReader:
        """An independent copy (a bot reads on in its copy; the seat's stays as it was)."""
        other = HandReader()
        other.facts = {seat: list(facts) for seat, facts in self.facts.items()}
        other._key, other._row_after = self._key, self._row_after
        other._pile_after, other.unstolen = self._pile_after, self.unstolen
        return other

    def _watch_my_matches(self, view: PlayerView) -> None:
        """At my turn's start, every other player has had a turn since my matches were
        laid: none holds a card that upgrades one of them, or it would have taken it
        (R5.2, a steal the bots never pass up)."""
        if view.phase is not Phase.START or view.current != view.seat:
            return
        banned = set()
        for a, b in view.matches[view.seat]:
            rank = a >> 2
            for c in range(rank * 4, rank * 4 + 4):
                if upgrades(c, a, b):
                    banned.add(c)
        self.unstolen = frozenset(banned)

    def observe(self, view: PlayerView) -> None:
        """Read what happened since my last decision (call before deciding)."""
        key = self._key
        if key is None or key[0] != view.round or view.turn < key[1]:
            self.unstolen = frozenset()
            self.facts = {}
        elif view.turn == key[1] + view.players and self._row_after is not None:
            self._read_turns(view)
        elif view.turn != key[1]:
            self.facts = {}  # turns I cannot account for: forget
        self._watch_my_matches(view)
        self._row_after = None

    def _read_turns(self, view: PlayerView) -> None:
        """The other players' turns since my discard, in order, from the two rows."""
        row = self._row_after
        assert row is not None
        now = view.discard
        if not now:
            self.facts = {}
            return
        n, k = view.players, len(row)
        drawn = max(0, self._pile_after - view.draw_pile)
        # every other player drew (the row grew by one card a turn): each drew one at
        # the start, and the bonus draws (strong matches) are the rest, whoever made them
        all_drew = len(now) == k + n - 1 and now[:k] == row
        # the most cards each other player drew from the pile since my discard
        most = 1 + max(0, drawn - (n - 1)) if all_drew else drawn
        for j in range(1, n):
            seat = (view.seat + j) % n
            facts = [(ranks, since + most) for ranks, since in self.facts.get(seat, [])]
            if all_drew:
                seen = now[: k + j - 1]  # the row at the start of its turn
                if seen:
                    facts.append((frozenset(c >> 2 for c in seen), most))
                facts.append((frozenset((now[k + j - 1] >> 2,)), 0))  # its discard
            elif j == n - 1:
                facts.append((frozenset((now[-1] >> 2,)), 0))  # the last discard
            self.facts[seat] = facts[-6:]

    def record(self, view: PlayerView, action: Action) -> None:
        """Remember my move; a discard ends my turn and leaves the row for the others."""
        self._key = (view.round, view.turn)
        if action.kind == ActionKind.DISCARD:
            self._row_after = (*view.discard, action.card)
            self._pile_after = view.draw_pile
        else:
            self._row_after = None

    def sample(self, view: PlayerView, unseen: Sequence[Card], rng: random.Random) -> list[Card]:
        """A permutation of ``unseen`` for :meth:`PlayerView.determinize` that keeps what
        is known of the other hands: a hand that has had its turn holds no pair (it
        would have matched it: a player ends a turn with a pair in hand about once in
        seventy), and the oldest cards avoid the ranks the facts rule out.

        At three players and more a fact can be wrong (a player kept a pair and threw
        away a third card of its rank: 0.2-1 % of facts), so there each card ignores
        the facts with the chance ``SOFT``: a world where a fact was wrong is rare, not
        impossible. At two players the facts are exact and always kept."""
        soft = SOFT if view.players > 2 else 0.0
        pool = list(unseen)
        rng.shuffle(pool)
        hidden: list[Card] = []
        for s in range(view.players):
            if s == view.seat:
                continue
            need = view.hand_sizes[s] - len(view.known[s])
            facts = self.facts.get(s, [])
            paired = view.had_turn[s]  # pairs were matched on its turn
            held = {c >> 2 for c in view.known[s]} if paired else set()
            unstolen = self.unstolen if paired else frozenset()
            for slot in range(need):  # oldest first: it is covered by the most facts
                banned = set(held)
                if not soft or rng.random() >= soft:
                    for ranks, since in facts:
                        if slot < need - since:
                            banned |= ranks
                pick = 0
                for j, c in enumerate(pool):
                    if c >> 2 not in banned and c not in unstolen:
                        pick = j
                        break
                card = pool.pop(pick)
                hidden.append(card)
                if paired:
                    held.add(card >> 2)
        return hidden + pool
