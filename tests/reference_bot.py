"""A reference opponent for measuring the game's bots: single-observer information set
Monte Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

It is a tool of the tests, not offered in the game, and shares no code with
``split.bots``: it is built from the public engine API and the player's view alone
(R10), so a gain measured against it is not only a gain against the project's own
bots' ideas.

Each iteration deals the unseen cards at random (:meth:`PlayerView.determinize`),
walks one tree of the observer's information set, every player's moves in it,
choosing by UCB1 among the actions legal in that deal with availability counts,
adds one node, plays on with a greedy policy of its own for a few turns, and scores
the position as if the round ended there (R8.2, R9; a card in hand costs its
negative box as much as the round is late): each player's reward is its projected
sheet against the best other one's, squashed into [0, 1]. The most visited root
action is played. The budget is a fixed number of iterations, so the same seed and
view give the same move on any machine.

Measure a bot against it (``--jobs`` forks the worker processes):

    python tests/reference_bot.py --bots expert,reference --games 40 --seed 2026 --json
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from split.engine.actions import Action, ActionKind
from split.engine.cards import MATCH_TYPES
from split.engine.sheet import sheet_score
from split.engine.state import GameState, Phase, Scratch
from split.engine.view import PlayerView

ITERATIONS = 300  # tree walks a decision: about 0.1 CPU-s at two players
ROLLOUT_ACTIONS = 24  # the greedy policy's moves after the tree, before the position is scored
EXPLORE = 0.7  # UCB1's exploration constant, for rewards in [0, 1]
SCALE = 40.0  # sheet points of lead that make a reward of about 0.88
OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


class Node:
    """One action in the observer's tree: who made it, its visits, availability and
    summed reward (from the mover's side)."""

    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def projected(state: GameState) -> list[float]:
    """Each sheet as if the round were scored now (R8.2, R9.4): matches on the table
    filled in, and a card in hand costing the negative box it will cost if the round
    ends with it, weighed by how far the draw pile has run down."""
    start = 104 - 9 * state.players - 1
    late = 1.0 - len(state.draw) / start
    out = []
    for s in range(state.players):
        rows = list(state.rows[s])
        for a, _ in state.matches[s]:
            rows[a >> 2] += 1
        now = sheet_score(rows, state.negatives[s])
        ended = sheet_score(rows, state.negatives[s] + len(state.hands[s]))
        out.append(now + late * (ended - now))
    return out


def rewards(state: GameState) -> list[float]:
    """Each player's reward in [0, 1]: its projected lead over the best other player."""
    sheet = projected(state)
    out = []
    for s, v in enumerate(sheet):
        best = max(x for t, x in enumerate(sheet) if t != s)
        out.append(0.5 + 0.5 * math.tanh((v - best) / SCALE))
    return out


def greedy(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The playout policy: take the row's card that pairs, match the best pair, upgrade,
    discard a single card, penalize the leader, draw a bonus card while the hand is big."""
    if len(legal) == 1:
        return legal[0]
    seat = state.current
    assert seat is not None
    hand = state.hands[seat]
    phase = state.phase
    if phase is Phase.START:
        ranks = {c >> 2 for c in hand}
        takes = [
            a
            for a in legal
            if a.kind is ActionKind.TAKE and state.discard[a.position] >> 2 in ranks
        ]
        if takes:
            return max(takes, key=lambda a: a.position)  # the fewest cards
        return next(a for a in legal if a.kind is ActionKind.DRAW)
    if phase is Phase.PLAY:
        matches = [a for a in legal if a.kind is ActionKind.MATCH]
        if matches:
            return max(
                matches, key=lambda a: (int(MATCH_TYPES[a.card][a.cards[1]] or 0), a.card >> 2)
            )
        ups = [a for a in legal if a.kind is ActionKind.UPGRADE]
        if ups:
            return rng.choice(ups)
        counts = [0] * 13
        for c in hand:
            counts[c >> 2] += 1
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        singles = [a for a in discards if counts[a.card >> 2] == 1]
        return rng.choice(singles or discards)
    if phase is Phase.PERFECT_BONUS:
        sheet = projected(state)
        return max(legal, key=lambda a: sheet[a.penalized])
    if phase is Phase.STRONG_BONUS:
        want = len(hand) >= 3 and len(state.draw) > 2
        return next(a for a in legal if (a.kind is ActionKind.DRAW) == want)
    passes = [a for a in legal if a.kind is ActionKind.PASS]
    return passes[0] if passes else rng.choice(list(legal))


class ReferenceBot:
    """SO-ISMCTS with a fixed number of iterations (see the module docstring)."""

    name = "reference"

    def __init__(self, seed: int = 0, iterations: int = ITERATIONS) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        root = Node(view.seat)
        unseen = view.unseen()
        for _ in range(self.iterations):
            hidden = list(unseen)
            rng.shuffle(hidden)
            state = view.determinize(hidden, seed=rng.getrandbits(31))
            self._iterate(root, state, rng)
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1, a))

    @staticmethod
    def _iterate(root: Node, state: Scratch, rng: random.Random) -> None:
        node, path = root, []
        expanded = False
        while state.phase not in OVER:  # selection, then one expansion
            legal = state.legal_actions()
            if len(legal) == 1:
                state.play(legal[0])
                continue
            mover = state.current
            assert mover is not None
            untried = [a for a in legal if a not in node.children]
            if untried and not expanded:
                action = rng.choice(untried)
                child = node.children[action] = Node(mover)
                expanded = True
            else:
                log_of = math.log
                best, best_ucb = legal[0], -1.0
                for a in legal:
                    c = node.children[a]
                    c.avail += 1
                    ucb = c.reward / c.visits + EXPLORE * math.sqrt(log_of(c.avail) / c.visits)
                    if ucb > best_ucb:
                        best, best_ucb = a, ucb
                action, child = best, node.children[best]
            state.play(action)
            path.append(child)
            node = child
            if expanded:
                break
        for _ in range(ROLLOUT_ACTIONS):  # the playout
            if state.phase in OVER:
                break
            state.play(greedy(state, state.legal_actions(), rng))
        reward = rewards(state)
        for n in path:
            n.visits += 1
            n.reward += reward[n.mover]


def main(argv: list[str]) -> int:
    """``split sim`` with ``reference`` among the bots (a tool of the tests)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from split.bots import base, tournament

    made = base.make_bot

    def make(name: str, seed: int = 0, **options: object) -> object:
        if name == "reference":
            return ReferenceBot(seed)
        return made(name, seed, **options)

    base.make_bot = make
    base.BOT_NAMES = (*base.BOT_NAMES, "reference")
    tournament.BOT_NAMES = base.BOT_NAMES
    return tournament.cli(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
