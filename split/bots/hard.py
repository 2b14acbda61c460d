"""``hard``: determinized Monte Carlo search on top of ``normal``.

For a decision with a choice, ``normal`` first ranks the legal actions and the best
few become candidates. Then, ``playouts`` times, the hidden cards
(:meth:`PlayerView.unseen`) are shuffled into a full state consistent with the view
(:meth:`PlayerView.determinize`); each candidate is applied to a copy of that same
state (common random numbers) and every seat plays on with ``normal`` until this
seat's next turn begins or the round ends. The position reached is scored from
this seat's side, and the candidate with the best mean wins.

Budget: the work is fixed by ``playouts`` and ``candidates``, so the same seed and
view give the same choice on any machine, idle or busy. ``max_ms`` is only a safety
cap on the CPU time of the thread that searches (other programs on the machine do not
count against it), far above what the budget needs on an ordinary machine: when it
is reached the playouts done so far decide, and ``last_capped`` says so. Search sees
only the view; the hidden cards are sampled.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from split.engine.actions import Action
from split.engine.sheet import negative_step, row_value
from split.engine.state import GAME_OVER, ROUND_OVER, START, GameState, Scratch
from split.engine.view import PlayerView

from .knowledge import BASE
from .normal import Evaluator, NormalBot

DEFAULT_PLAYOUTS = 10
DEFAULT_CANDIDATES = 4
DEFAULT_MAX_MS = 1000.0  # CPU ms: a safety; the budget needs about 20 (p95 50) at two players
MAX_ROLLOUT_ACTIONS = 80
LEAF_PAIR = 0.7  # a pair in a hand, of the match it makes, as the search scores it


def static_value(
    state: GameState, seat: int, weights: Sequence[float], pair: float = LEAF_PAIR
) -> float:
    """This seat's standing in a full state: sheet with table matches counted, hands
    costed by how late the round is, pairs in hand nearly matches (``pair`` of one);
    minus the others'."""
    n = state.players
    if state.phase in (ROUND_OVER, GAME_OVER):
        scores = state.scores()
        return scores[seat] - sum(weights[s] * scores[s] for s in range(n))
    initial = 104 - 9 * n - 1
    late = 1.0 - len(state.draw) / initial
    phi = 0.3 + 0.7 * max(0.0, min(1.0, late))
    total = 0.0
    for s in range(n):
        w = 1.0 if s == seat else -weights[s]
        if w == 0.0:
            continue
        boxes = state.rows[s][:]
        for a, _ in state.matches[s]:
            boxes[a >> 2] += 1
        v = 0.0
        for r, k in enumerate(boxes):
            if k:
                v += row_value(r, k)
        counts = [0] * 13
        for c in state.hands[s]:
            counts[c >> 2] += 1
        singles = 0
        for r, k in enumerate(counts):
            if k >= 2:
                v += pair * (k // 2) * BASE[r] * (boxes[r] + 1)
            singles += k & 1
        neg = state.negatives[s]
        cost = 0.0
        for i in range(1, singles + 1):
            cost += negative_step(neg + i)
        v -= phi * cost
        for i in range(1, neg + 1):
            v -= negative_step(i)
        total += w * v
    return total


OVERRIDE_Z = 1.64  # one-sided 95%: what the noise of a few playouts cannot explain


def scaled_playouts(playouts: int, players: int) -> int:
    """Fewer determinizations at bigger tables, whose rollouts are longer: a 4-player
    decision stays near a 2-player one in time (issue 17: <= 100 ms p95): 10, 7, 5, 4
    and 3 playouts for 2 to 6 players."""
    return max(2, round(playouts * 2 / players))


def overriding(scores: Sequence[Sequence[float]], z: float = OVERRIDE_Z) -> int:
    """The candidate to play: ``normal``'s first choice (index 0) unless another beats
    it in the paired playouts by a margin the noise cannot explain (mean difference
    over ``z`` standard errors, by default ``OVERRIDE_Z``), the best such one (issue 17,
    items 1-2)."""
    n = len(scores[0])
    if n < 2:
        return 0
    best, best_mean = 0, 0.0
    for i in range(1, len(scores)):
        if len(scores[i]) != n:  # dropped early by a search (see ``paired``)
            continue
        mean, se = paired(scores[i], scores[0])
        if mean > z * se and mean > best_mean:
            best, best_mean = i, mean
    return best


def paired(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """The mean of ``x - y`` over the playouts both have, and its standard error."""
    diffs = [a - b for a, b in zip(xs, ys, strict=False)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


class HardBot:
    """Monte Carlo over determinizations with ``normal`` playouts (see module docstring)."""

    name = "hard"
    needs_view = True

    def __init__(
        self,
        seed: int = 0,
        playouts: int = DEFAULT_PLAYOUTS,
        candidates: int = DEFAULT_CANDIDATES,
        max_ms: float = DEFAULT_MAX_MS,
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.candidates = candidates
        self.max_ms = max_ms
        self.normal = NormalBot(seed ^ 0x5EED)
        self.last_playouts = 0  # how many playouts the last search finished (for tests)
        self.last_capped = False  # whether the safety cap cut the last search

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.last_capped = False
        if len(legal) == 1:
            return legal[0]
        deadline = time.thread_time() + self.max_ms / 1000.0
        ev = Evaluator(view)
        values = [ev.value(a) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: (-values[i], legal[i]))
        cands = [legal[i] for i in order[: self.candidates]]
        fallback = cands[0]
        self.last_playouts = 0
        if len(cands) == 1 or self.playouts <= 0:
            return fallback
        weights = ev.k.weights
        seat = view.seat
        unseen = view.unseen()
        # per candidate, its value in each playout (the same deal for all: paired)
        scores: list[list[float]] = [[] for _ in cands]
        rollout_bot = NormalBot(self.rng.getrandbits(32))
        for done in range(scaled_playouts(self.playouts, len(view.hand_sizes))):
            if done and time.thread_time() > deadline:
                self.last_capped = True
                break
            hidden = unseen[:]
            self.rng.shuffle(hidden)
            base = view.determinize(hidden, seed=self.rng.getrandbits(31))
            for i, action in enumerate(cands):
                state = base.clone()
                state.play(action)
                self._rollout(state, seat, view.turn, rollout_bot)
                scores[i].append(static_value(state, seat, weights))
        self.last_playouts = len(scores[0])
        return cands[overriding(scores)]

    @staticmethod
    def _rollout(state: Scratch, seat: int, turn: int, bot: NormalBot) -> None:
        """Everyone plays ``normal`` until ``seat``'s next turn begins or the round ends."""
        for _ in range(MAX_ROLLOUT_ACTIONS):
            phase = state.phase
            if phase in (ROUND_OVER, GAME_OVER):
                return
            cur = state.current
            if cur is None:
                return
            if cur == seat and phase == START and state.turn > turn:
                return
            legal = state.legal_actions()
            if len(legal) == 1:
                state.play(legal[0])
                continue
            state.play(bot.choose(PlayerView.of(state, cur), legal))
