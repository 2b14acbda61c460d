"""What one seat may see (R10), and how a search bot rebuilds a full state from it.

A :class:`PlayerView` is a frozen copy: it holds no reference to the game, so
nothing hidden (other hands, the draw pile's order, later rounds' decks) can be
reached from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import CARD_COUNT, COPIES, Card
from .setup import GameConfig
from .sheet import sheet_score
from .state import GameState, Phase, Scratch


@dataclass(frozen=True)
class PlayerView:
    """R10: your own hand; every match; the discard row; hand and pile sizes; every sheet;
    and the cards known to be in other hands (taken from the row or returned by upgrades)."""

    seat: int
    players: int
    round: int
    dealer: int
    phase: Phase
    current: int | None
    must_use: Card | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    matches: tuple[tuple[tuple[Card, Card], ...], ...]
    discard: tuple[Card, ...]
    draw_pile: int
    rows: tuple[tuple[int, ...], ...]
    negatives: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    had_turn: tuple[bool, ...]
    turn: int

    @classmethod
    def of(cls, state: GameState, seat: int) -> PlayerView:
        """The view of ``seat`` in ``state``."""
        # Every search's rollout asks for one at each decision: the fields go straight
        # into the new view's dict, the values the dataclass's ``__init__`` would set
        # one by one through ``object.__setattr__`` (the view stays frozen all the same).
        view = object.__new__(cls)
        view.__dict__.update(
            seat=seat,
            players=state.config.players,
            round=state.round,
            dealer=state.dealer,
            phase=state.phase,
            current=state.current,
            must_use=state.must_use,
            hand=tuple(sorted(state.hands[seat])),
            hand_sizes=tuple(map(len, state.hands)),
            matches=tuple(map(tuple, state.matches)),
            discard=tuple(state.discard),
            draw_pile=len(state.draw),
            rows=tuple(map(tuple, state.rows)),
            negatives=tuple(state.negatives),
            known=tuple(map(tuple, map(sorted, state.known))),
            had_turn=tuple(state.had_turn),
            turn=state.turn,
        )
        return view

    def score(self, seat: int) -> int:
        return sheet_score(self.rows[seat], self.negatives[seat])

    def unseen(self) -> list[Card]:
        """The cards this seat cannot place: other hands' unknown cards and the draw pile."""
        counts = Counter({c: COPIES for c in range(CARD_COUNT)})
        counts.subtract(self.hand)
        counts.subtract(self.discard)
        for owned in self.matches:
            for a, b in owned:
                counts[a] -= 1
                counts[b] -= 1
        for seat, known in enumerate(self.known):
            if seat != self.seat:
                counts.subtract(known)
        return sorted(counts.elements())

    def determinize(self, hidden: list[Card], seed: int = 0) -> Scratch:
        """A full state consistent with this view, with ``hidden`` (a permutation of
        :meth:`unseen`) filling the other hands' unknown cards first, then the draw pile
        (top first), to play on. Later rounds are shuffled from ``seed``."""
        hands: list[list[Card]] = []
        pos = 0
        for seat in range(self.players):
            if seat == self.seat:
                hands.append(list(self.hand))
                continue
            need = self.hand_sizes[seat] - len(self.known[seat])
            hands.append(list(self.known[seat]) + hidden[pos : pos + need])
            pos += need
        draw = hidden[pos:]
        draw.reverse()
        config = GameConfig(self.players, self.dealer, seed)
        state = Scratch.__new__(Scratch)
        state.config = config
        state.round = self.round
        state.dealer = self.dealer
        state.phase = self.phase
        state.current = self.current
        state.must_use = self.must_use
        state.hands = hands
        state.matches = [list(m) for m in self.matches]
        state.discard = list(self.discard)
        state.draw = draw
        state.rows = [list(r) for r in self.rows]
        state.negatives = list(self.negatives)
        state.had_turn = list(self.had_turn)
        state.known = [list(k) for k in self.known]
        state.went_out = None
        state.turn = self.turn
        state._legal = None
        return state


__all__ = ["PlayerView"]
