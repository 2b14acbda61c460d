"""What a seat can read about another's hidden cards from what it watched them do.

At two players, between two of my turns the other player had exactly one turn, and
both of its ends are public (R10: everything played, taken or discarded):

- they **drew** while the discard row held cards of some ranks: every card they held
  then lacks those ranks, for any card of such a rank in hand makes a match with the
  row's card, a take the bots (and most people) never pass up (R4.1, R4.2);
- they **discarded** a card: they hold no other card of its rank, which would have made
  a match with it.

Each fact covers the cards they held at that moment; cards drawn from the pile since
(the pile's count tells how many) may be anything. :meth:`HandReader.sample` deals
the unseen cards into a world that keeps these facts for the oldest cards of each
hand. It reads only the seat's own successive views and its own moves (R10), never
the deal; a reader that missed a move (a new round, a resumed game) starts afresh.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from split.engine.actions import Action, ActionKind
from split.engine.cards import Card, upgrades
from split.engine.state import Phase
from split.engine.view import PlayerView


class HandReader:
    """Facts about the other player's hand at two players (see the module docstring)."""

    def __init__(self) -> None:
        self.facts: list[tuple[frozenset[int], int]] = []  # (absent ranks, drawn since)
        self._key: tuple[int, int] | None = None  # (round, turn) of my last decision
        self._row_after: tuple[Card, ...] | None = None  # the row my turn left
        self._pile_after = 0
        self.unstolen: frozenset[Card] = frozenset()  # cards no other hand holds

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
        self._watch_my_matches(view)
        if view.players != 2 or key is None or key[0] != view.round or view.turn < key[1]:
            if key is None or key[0] != view.round or view.turn < key[1]:
                self.facts = []
            self._row_after = None
            return
        if view.turn == key[1] + 2 and self._row_after is not None:
            self._read_turn(view)
        elif view.turn != key[1]:
            self.facts = []  # a turn I cannot account for: forget
        self._row_after = None

    def _read_turn(self, view: PlayerView) -> None:
        row = self._row_after
        assert row is not None
        now = view.discard
        drawn = max(0, self._pile_after - view.draw_pile)
        if not now:
            self.facts = []
            return
        self.facts = [(ranks, since + drawn) for ranks, since in self.facts]
        if len(now) == len(row) + 1 and now[:-1] == row and row:
            # drew at the start: no card of the row's ranks then (bonus draws since)
            self.facts.append((frozenset(c >> 2 for c in row), drawn))
        self.facts.append((frozenset((now[-1] >> 2,)), 0))  # its discard
        self.facts = self.facts[-6:]

    def record(self, view: PlayerView, action: Action) -> None:
        """Remember my move; a discard ends my turn and leaves the row for the other."""
        self._key = (view.round, view.turn)
        if view.players == 2 and action.kind == ActionKind.DISCARD:
            self._row_after = (*view.discard, action.a)
            self._pile_after = view.draw_pile
        else:
            self._row_after = None

    def sample(self, view: PlayerView, unseen: Sequence[Card], rng: random.Random) -> list[Card]:
        """A permutation of ``unseen`` for :meth:`PlayerView.determinize` that keeps what
        is known of the other hands: a hand that has had its turn holds no pair (it
        would have matched it: a player ends a turn with a pair in hand about once in
        seventy), and the oldest cards avoid the ranks the facts rule out."""
        pool = list(unseen)
        rng.shuffle(pool)
        hidden: list[Card] = []
        for s in range(view.players):
            if s == view.seat:
                continue
            need = view.hand_sizes[s] - len(view.known[s])
            facts = self.facts if view.players == 2 else []
            paired = view.had_turn[s]  # pairs were matched on its turn
            held = {c >> 2 for c in view.known[s]} if paired else set()
            unstolen = self.unstolen if paired else frozenset()
            for slot in range(need):  # oldest first: it is covered by the most facts
                banned = set(held)
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
