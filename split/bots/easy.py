"""``easy``: plays whatever match it sees, discards its highest unpaired card, takes bonuses.

It looks only at its own hand and the table: no score sheet arithmetic, no risk.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from split.engine.actions import Action, ActionKind
from split.engine.cards import MATCH_TYPES
from split.engine.view import PlayerView


class EasyBot:
    """Simple habits; ties are broken by its own seeded generator."""

    name = "easy"
    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _pick(self, options: list[Action]) -> Action:
        options.sort()
        return options[int(self.rng.random() * len(options))]

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if ActionKind.PENALIZE in kinds:  # R6.1: the player with the best sheet
            return max(legal, key=lambda a: (view.score(a.penalized), -a.penalized))
        if ActionKind.TRADE in kinds:
            # Trade a match for a higher-ranked one of the same type (aces count high).
            def rank_worth(r: int) -> int:
                return 13 if r == 0 else r

            best, gain = None, 0
            for a in legal:
                if a.kind != ActionKind.TRADE:
                    continue
                mine = view.matches[view.seat][a.mine][0] >> 2
                theirs = view.matches[a.seat][a.target][0] >> 2
                if rank_worth(theirs) - rank_worth(mine) > gain:
                    best, gain = a, rank_worth(theirs) - rank_worth(mine)
            return best if best is not None else Action.pass_()
        if (
            ActionKind.PASS in kinds and ActionKind.DRAW in kinds
        ):  # strong bonus: always take the card
            return Action.draw()
        if ActionKind.TAKE in kinds:
            # Take the top card only when it matches a card in hand.
            top = len(view.discard) - 1
            for a in legal:
                if a.kind == ActionKind.TAKE and a.position == top:
                    rank = view.discard[top] >> 2
                    if any(c >> 2 == rank for c in view.hand):
                        return a
            return Action.draw()
        if ActionKind.DRAW in kinds:
            return Action.draw()
        plays = [a for a in legal if a.kind in (ActionKind.MATCH, ActionKind.UPGRADE)]
        if plays:
            best_type = max(self._type(view, a) for a in plays)
            return self._pick([a for a in plays if self._type(view, a) == best_type])
        discards = [a for a in legal if a.kind == ActionKind.DISCARD]
        counts: dict[int, int] = {}
        for c in view.hand:
            counts[c >> 2] = counts.get(c >> 2, 0) + 1
        unpaired = [a for a in discards if counts[a.card >> 2] == 1] or discards
        top_rank = max(a.card >> 2 for a in unpaired)
        return self._pick([a for a in unpaired if a.card >> 2 == top_rank])

    @staticmethod
    def _type(view: PlayerView, a: Action) -> int:
        if a.kind == ActionKind.MATCH:
            low, high = a.cards
            return int(MATCH_TYPES[low][high] or 0)
        x, y = view.matches[a.seat][a.target]
        return max(
            int(t) for t in (MATCH_TYPES[a.card][x], MATCH_TYPES[a.card][y]) if t is not None
        )
