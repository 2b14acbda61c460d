"""``expert``: ``hard``'s determinized search, from better-read hidden hands.

``hard`` deals the cards it cannot see at random. Most such deals are impossible
for a player who has watched the table: the other hands hold pairs that their owners
would have matched, cards that would have stolen our matches, ranks they passed over
in the discard row. ``expert`` deals them with :class:`~split.bots.inference.HandReader`,
which keeps what the seat has seen (R10), and searches more of them: per decision,
its policy's best ``candidates`` actions are played in the same ``worlds`` sampled
deals (paired, so the deal's luck cancels out of the comparison), every seat plays
on with the policy until this seat's next turn (``turns``; 0: to the round's end,
where the sheets are the truth), and the position is scored as ``hard`` scores it.
The policy's first choice stands unless another beats it beyond the noise (a lower
margin at bigger tables, ``BIG_TABLE_Z``).

The policy is ``normal``'s values with other weights
(:class:`~split.bots.normal.PatientValues`): a pair is kept in hand, where no upgrade
can steal it, until its bonus pays or the hand goes out with it, and every match that
keeps the hand able to go out this turn counts going out, and near the round's end a
pair is laid down after all. ``normal`` with those weights beats ``normal`` in 75 % of
two-player games and wins 46 % at a four-player table of ``normal`` (issue 29's report
has the figures). Alone, with no search (``worlds=0``), it wins 54.8 % [49.9, 59.6] of
400 two-player games against ``hard`` and 30.9 % [26.5, 35.6] of 400 four-player games
among three ``hard``, where the expert wins 70.8 % and 44.5 % (seed 2026; 38.0 % of
another 400, seed 2028: 41.2 % [37.9, 44.7] of the 800): its search is worth 16 and
about 10 points of win rate.

The worlds go where they decide something: a candidate that clearly trails the first
choice after a few worlds is dropped (:meth:`ExpertBot.search`). With 24 uniform deals
the expert only matched ``hard``; with hands read this way it won 59 % of 400
two-player games with 96 worlds, and 61 % with 128 and the dropping; at four players,
the reader following every other player's turn, 38 % of 400 games among three
``hard`` (the report of issue 17 has the figures). The work is fixed by ``worlds``
(scaled down at bigger tables, :func:`table_worlds`) and ``candidates``, so the same seed
and view give the same choice on any machine, idle or busy, and a resumed game goes on
as it would have. ``max_ms`` is only a safety cap on the searching thread's CPU time
(other programs do not count against it), several times what the budget needs on an
ordinary machine; when it is reached the worlds played so far decide and
``last_capped`` says so (``split sim`` counts it).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import NamedTuple

from split.engine.actions import Action, ActionKind
from split.engine.setup import ROUNDS
from split.engine.state import GAME_OVER, ROUND_OVER, START, GameState, Scratch
from split.engine.view import PlayerView

from .hard import OVERRIDE_Z, overriding, paired, static_value
from .inference import HandReader
from .knowledge import Knowledge
from .normal import Evaluator, NormalBot, PatientValues

MAX_ROUND_ACTIONS = 400


def win_value(margin: float, spread: float) -> float:
    """A margin over the rivals turned into the chance of finishing first, scaled to
    sheet points near an even game: ``spread`` is how far the margin may still move
    (the rest of the last round); the slope at 0 is 1, and a lead or a deficit much
    larger than the spread counts little more than a certain win or loss.

    At three players and more the margin it is given is the leaf's
    (:func:`~split.bots.hard.static_value`) or :func:`round_value`'s, not one over the
    best rival. The chance of first place itself, the product over the rivals of
    beating each on the margin between the two standings (at the game's end with the
    least spread), played the same (issue 29: 44.5 % [39.7, 49.4] of 400 four-player
    games among three ``hard``, seed 2026, as the shipped expert on the same deals;
    paired 0.000 ± 0.023 wins a game, 331 of the 400 games played otherwise), so the
    margin stays.

    >>> round(win_value(0.0, 40.0), 6), win_value(30.0, 40.0) < 30.0 < win_value(300.0, 40.0)
    (0.0, True)
    """
    return spread * 1.2533 * math.erf(margin / (spread * 1.4142))


# How fast the worlds fall with the table's size (see ``table_worlds``). More worlds at
# three players and more do not win more: a power of 0.8 (74 worlds at four players
# against 52; decision p95 632 ms, 15.3 CPU-s a game against 12.3) won 41.1 %
# [36.4, 46.0] of 400 four-player games among three ``hard`` (seed 2026), paired
# -0.034 ± 0.035 wins a game against this power's 44.5 % on the same deals.
TABLE_POWER = 1.3


def table_worlds(worlds: int, players: int) -> int:
    """The worlds of a search at a table of ``players``: fewer at bigger tables, whose
    rollouts play more turns and whose calls stay open longer, so that a decision's
    95th percentile stays under a second at every size (without a clock to cut it):
    128 at two players gives 76, 52, 39 and 31 at three to six.

    >>> [table_worlds(128, n) for n in range(2, 7)]
    [128, 76, 52, 39, 31]
    """
    return max(2, round(worlds * float((2 / players) ** TABLE_POWER)))


def hands_back_a_pair(view: PlayerView, action: Action) -> bool:
    """Whether ``action`` steals a match whose half handed back pairs with a card its
    owner is known to hold (R5.2, R10: taken from the row or handed back before), so
    that the owner can match the two on its next turn (issue 29, the second error).
    The leaf already counts such a pair as nearly a match for its owner (the known
    card is in that hand in every sampled world, and :func:`~split.bots.hard.static_value`
    counts each pair in a hand); what one turn misses is the steal a turn later."""
    if action.kind != ActionKind.UPGRADE or action.seat == view.seat:
        return False
    rank = view.matches[action.seat][action.target][0] >> 2
    return any(c >> 2 == rank for c in view.known[action.seat])


def round_value(state: GameState, seat: int, lead: float) -> float:
    """This seat's sheet at the end of the round against its rivals': minus the best
    rival's with weight ``lead``, minus their mean with the rest.

    At three players and more this weighs the rivals 1 in all and the leaf
    (:func:`~split.bots.hard.static_value`, the leader 0.8 and the others 0.35) 1.5 at four,
    so a line that ends the round is scored on another scale than one that stops a turn
    ahead. Both ways of putting them on one scale were measured (issue 29, 400
    four-player games among three ``hard``, seed 2026, the same deals as the shipped
    44.5 %) and lost: the leaf's weights at the round's end, 38.9 % of the 153 of them
    played before the run was stopped (paired -0.042 ± 0.053 wins a game, one standard
    error); the leaf on this scale, 39.9 % [35.2, 44.7] of all 400 (paired -0.046 ±
    0.031). Nor does the other way win: the rivals weighed half at the end of rounds 1
    and 2, so that ending the round counts for more still, finished first less and last
    less (places 169/93/63/75 of 400, against 181/71/54/94), 41.6 % [36.9, 46.5]
    (paired -0.029 ± 0.031). So the two scales stay."""
    scores = state.scores()
    others = [v for s, v in enumerate(scores) if s != seat]
    best = max(others)
    mean = sum(others) / len(others)
    return scores[seat] - lead * best - (1.0 - lead) * mean


class Assessment(NamedTuple):
    """A move weighed by the expert: what it would have played, and the points lost."""

    best: Action
    played: Action
    loss: float


WORLDS = 128  # sampled deals per decision (52 at four players, 31 at six: see
# ``table_worlds``), half of them for the first search (``FIRST_SHARE``)
SAFETY_MS = 4000.0  # CPU ms: the cap a normal machine never reaches (p95 0.6-1 s)
# The one judge of hints and reviews (issue 24): their search, the same for both. Its
# seed is the decision's (``split.bots.base.game_decision_seed``), so a hint and the
# review of the same move are one search. A review runs after each of a person's moves
# on a worker thread, so it stays as cheap as the old quick search.
JUDGE_WORLDS = 24
PRUNE_FROM, PRUNE_EVERY, PRUNE_Z = 16, 8, 2.5  # when a clearly worse candidate is dropped
# The margin over the policy's first choice that makes the search override it, in
# standard errors: ``hard``'s at two players; at bigger tables a lower one, where a
# judge that knew every hand and played each round to its end found the overrides
# the lower margin adds slightly better on the whole (issue 17's report has the
# figures: within the noise of a 4-player win rate).
BIG_TABLE_Z = 0.8
# A close call is played again deeper (see ``ExpertBot.decide``): three turns deep at
# two players, two at bigger tables, where a round of turns is longer. The first,
# one-turn search only has to find the close calls, so it plays ``FIRST_SHARE`` of the
# budget, and a decision's CPU stays about what the whole budget of one-turn worlds took.
# Measured against the expert that replayed only a close call with an upgrade in it
# (issue 29, ``tests/decision_duel.py``: where the two chose otherwise, both moves
# played to the round's end by ``normal`` in 160 sampled deals, against ``hard``): the
# new move was better by 4.0 ± 1.1 sheet points in 73 decisions at two players (better
# in 53; seed 78, six games), 3.4 ± 1.0 in 46 at three, 1.3 ± 0.6 in 153 at four (seeds
# 78 and 79) and 1.2 ± 0.8 in 60 at six, and at three to six players a decision's CPU
# p95 fell from 1.14-1.19 s to 0.85-0.88 s.
# Variants weighed the same way at two players (seed 80, four games, or 81 and six) and
# found no better within the noise: DEEP_Z 0.3 (+0.4 ± 1.2 points in 36 decisions that
# differed), every candidate played three turns deep after 16 first worlds (+0.1 ± 1.1
# in 70, 30 % more CPU), a first search two turns deep (+1.7 ± 1.4 in 48, 55 % more
# CPU), DEEP_WORLDS 32 (-2.4 ± 1.7 in 20, 16 % less CPU); at four players ``z`` 1.64
# (-0.2 ± 1.3 in 7). A leaf fitted to the round's end by least squares (twelve
# quantities a seat) did no better than ``static_value`` on positions it had not seen:
# the leaf a turn ahead tells little of how the round ends (correlation 0.13 with the
# differences between candidates at the round's end, 0.32 three turns ahead).
DEEP_BAND, DEEP_MAX, DEEP_WORLDS, DEEP_Z = 4.0, 4, 48, 1.0
FIRST_SHARE = 0.5
# A pair in hand, of the match it makes, as the expert's leaf scores a position a few
# turns ahead (``hard``'s 0.7): as much as the match, for its policy lays a pair down
# only when that pays, and a lower share would have the search override every pair the
# policy keeps (a held pair's leaf would trail the laid match by a sure 30 % of its box).
LEAF_PAIR = 1.0
# Deeper at three players and more does not win more: a first search two turns deep and
# a replay three (17.5 CPU-s a four-player game against 12.3; decision CPU p95 779 ms at
# four players, 0.85-0.99 s at three, five and six) won 43.4 % [38.6, 48.3] of 400
# four-player games among three ``hard`` (seed 2026), paired -0.011 ± 0.033 wins a game
# against the shipped 44.5 % on the same deals (places 174/68/63/95 against 181/71/54/94).
DEEP_TURNS, DEEP_TURNS_BIG = 3, 2


def deep_turns(players: int) -> int:
    """How many of its own turns the deeper replay plays on at a table of ``players``.

    >>> [deep_turns(n) for n in range(2, 7)]
    [3, 2, 2, 2, 2]
    """
    return DEEP_TURNS if players == 2 else DEEP_TURNS_BIG


# In the last round, the spread of the final margin (see ``win_value``): its least,
# and what the whole round adds, shrinking with the square root of the pile left.
WIN_SPREAD = (10.0, 50.0)


class ExpertBot:
    """Paired playouts over well-read deals (see the module docstring)."""

    name = "expert"
    needs_view = True

    def __init__(
        self,
        seed: int = 0,
        worlds: int = WORLDS,
        candidates: int = 6,
        max_ms: float = SAFETY_MS,
        lead: float = 0.5,
        z: float | None = None,
        turns: int = 1,
        policy: type[Evaluator] = PatientValues,
    ) -> None:
        self.turns = turns
        self.policy = policy  # the values of its candidates and of every rollout's moves
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.max_ms = max_ms
        self.lead = lead
        self.z = z  # None: OVERRIDE_Z at two players, BIG_TABLE_Z at more
        self.last_playouts = 0  # worlds the last search played
        self.last_rollouts = 0  # rollouts it played, over all its candidates
        self.last_capped = False  # whether the safety cap cut the last search
        self.last_dropped: frozenset[int] = frozenset()  # candidates the search dropped
        self.dropped_at: dict[int, int] = {}  # by dropped candidate: the worlds it had
        self.reader = HandReader()  # what the other hands lack, from watching them

    def candidates_of(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The policy's best few actions, its first choice first."""
        ev = self.policy(view)
        values = [ev.value(a) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: (-values[i], legal[i]))
        return [legal[i] for i in order[: self.candidates]]

    def search(
        self,
        view: PlayerView,
        cands: Sequence[Action],
        keep: Sequence[int] = (0,),
        worlds: int | None = None,
        turns: int | None = None,
    ) -> list[list[float]]:
        """Per candidate, its value in each sampled world (the same worlds for all),
        ``worlds`` of them (default: the budget, scaled to the table) played on for
        ``turns`` of this seat's turns (default ``self.turns``).

        A candidate that trails the first choice by more than ``PRUNE_Z`` standard
        errors after ``PRUNE_FROM`` worlds can no longer override it (see
        :func:`~split.bots.hard.overriding`): it is dropped (``last_dropped``), and the
        worlds left go to the candidates still in question; one in ``keep`` is played
        on for its values all the same. Once every other candidate is dropped the
        choice is settled and the search stops. Whether a candidate is dropped depends
        only on its own values and the first choice's, so ``keep`` changes nothing of
        the others (the hint and the review of a move are one judge)."""
        deadline = time.thread_time() + self.max_ms / 1000.0
        seat = view.seat
        weights = Knowledge(view).weights
        unseen = view.unseen()
        horizon = self.turns if turns is None else turns
        # the last round: what counts is finishing first (the sheets' margin as a
        # chance of winning), not points; the spread shrinks as the draw pile runs down
        last = view.round == ROUNDS
        left = view.draw_pile / (103 - 9 * view.players)  # of the pile after the deal
        spread = WIN_SPREAD[0] + WIN_SPREAD[1] * math.sqrt(left)
        scores: list[list[float]] = [[] for _ in cands]
        live = set(range(len(cands)))  # not dropped
        self.dropped_at = {}
        self.last_rollouts = 0
        total = table_worlds(self.worlds if worlds is None else worlds, view.players)
        for world in range(1, total + 1):
            if world > 1 and time.thread_time() > deadline:
                self.last_capped = True
                break
            hidden = self.reader.sample(view, unseen, self.rng)
            base = view.determinize(hidden, seed=self.rng.getrandbits(31))
            policy_seed = self.rng.getrandbits(32)
            played = [i for i in range(len(cands)) if i in live or i in keep]
            for i in played:
                state = base.clone()
                state.play(cands[i])
                self._rollout(state, NormalBot(policy_seed, self.policy), seat, view.turn, horizon)
                if state.phase is ROUND_OVER or state.phase is GAME_OVER:
                    value = round_value(state, seat, self.lead)
                else:
                    value = static_value(state, seat, weights, LEAF_PAIR)
                scores[i].append(win_value(value, spread) if last else value)
            self.last_rollouts += len(played)
            if world >= PRUNE_FROM and world % PRUNE_EVERY == 0 and len(live) > 1:
                for i in sorted(live):
                    if i and self._behind(scores, i):
                        live.discard(i)
                        self.dropped_at[i] = world
                if live == {0}:
                    break  # settled: nothing left can override the first choice
        self.last_playouts = len(scores[0])
        self.last_dropped = frozenset(range(len(cands))) - live
        return scores

    def pick(self, view: PlayerView, scores: Sequence[Sequence[float]], ours: int) -> int:
        """The candidate to play among the first ``ours`` (the policy's) of the last
        search: the first choice unless one not dropped beats it beyond the margin."""
        n = len(scores[0])
        kept = [list(x) if i not in self.last_dropped else [] for i, x in enumerate(scores[:ours])]
        kept[0] = list(scores[0])
        return overriding(kept, self.margin(view)) if n > 1 else 0

    def margin(self, view: PlayerView) -> float:
        """How clearly another candidate must beat the first choice (see ``BIG_TABLE_Z``)."""
        if self.z is not None:
            return self.z
        return OVERRIDE_Z if view.players == 2 else BIG_TABLE_Z

    @staticmethod
    def _behind(scores: Sequence[Sequence[float]], i: int) -> bool:
        mean, se = paired(scores[i], scores[0])
        return mean + PRUNE_Z * se < 0.0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.last_playouts = 0
        self.last_capped = False
        self.reader.observe(view)
        action = self._choose(view, legal)
        self.reader.record(view, action)
        return action

    def _choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        cands = self.candidates_of(view, legal)
        if len(cands) == 1 or self.worlds <= 0:
            return cands[0]
        return cands[self.decide(view, cands, len(cands))[0]]

    def decide(
        self, view: PlayerView, cands: Sequence[Action], ours: int, keep: Sequence[int] = (0,)
    ) -> tuple[int, list[list[float]]]:
        """The candidate to play among the first ``ours``, and the values of the search.

        Much of what a move does shows only turns later, and one turn sees none of it:
        the upgrade that gains no box and leaves a card to throw into the row, the
        steal that hands back half a pair its owner re-matches while the same steal a
        turn later would not, the pair laid down where the next card steals it (issue
        29). So a first, one-turn search of ``FIRST_SHARE`` of the budget finds the
        close calls, and when another candidate is close to its choice, the choice and
        the candidates within ``DEEP_BAND``
        standard errors of it (at most ``DEEP_MAX`` in all) are played again
        :func:`deep_turns` turns deep in ``DEEP_WORLDS`` fresh worlds, and that search
        decides (an override needs ``DEEP_Z`` standard errors). A steal
        that hands back a pair (:func:`hands_back_a_pair`) is played again against its
        rivals however far ahead it looks (those within the band first): one turn
        sees the owner re-match the pair, but not what the same steal would have
        gained a turn later, so its lead is a bias that no number of one-turn worlds
        measures (the second error's position: 7.0 points ahead by 36 standard errors
        at one turn, 6.4 behind to the round's end)."""
        scores = self.search(view, cands, keep, round(self.worlds * FIRST_SHARE))
        dropped, at, played = self.last_dropped, self.dropped_at, self.last_playouts
        best = self.pick(view, scores, ours)
        group = self._deep_group(view, cands, scores, best, ours)
        if group:
            worlds = max(PRUNE_FROM, DEEP_WORLDS * self.worlds // WORLDS)  # a judge's: fewer
            again = [cands[i] for i in group]
            deep = self.search(view, again, worlds=worlds, turns=deep_turns(view.players))
            kept = [x if i not in self.last_dropped else [] for i, x in enumerate(deep)]
            best = group[overriding(kept, DEEP_Z)]
        self.last_dropped, self.dropped_at, self.last_playouts = dropped, at, played
        return best, scores

    def _deep_group(
        self,
        view: PlayerView,
        cands: Sequence[Action],
        scores: Sequence[Sequence[float]],
        best: int,
        ours: int,
    ) -> list[int]:
        """``best`` and the candidates close enough to it to be played again deeper,
        the closest first (empty: nothing close); the first of the group stands unless
        another beats it in the deeper replay. When ``best`` is a steal that hands back
        a pair, the closest of the others comes with it however far behind, and comes
        first: the steal's lead at one turn is a bias, so the steal has to win the
        deeper replay to be played (with the expert's patient policy a round's end
        varies much more, and three turns deep its values are too noisy to beat the
        steal's bias: issue 29's second error, `discard AH` 5.9 ± 2.3 points better to
        the round's end in 400 deals, 0 ± 4 three turns deep in 48). A dropped
        candidate is judged on the worlds it had, so a review, which plays the move it
        weighs to the end, forms the same group as the hint."""
        any_gap = hands_back_a_pair(view, cands[best])
        close: list[tuple[bool, float, int]] = []  # (outside the band, gap, candidate)
        for i in range(ours):
            if i == best:
                continue
            n = self.dropped_at.get(i, len(scores[i]))
            if n < 2 or len(scores[best]) < n:
                continue
            mean, se = paired(scores[i][:n], scores[best][:n])
            outside = mean < -DEEP_BAND * se
            if any_gap or not outside:
                close.append((outside, -mean, i))
        others = [i for *_, i in sorted(close)[: DEEP_MAX - 1]]
        if not others:
            return []
        return others[:1] + [best] + others[1:] if any_gap else [best] + others

    def judge(
        self, view: PlayerView, legal: Sequence[Action], played: Action | None = None
    ) -> Assessment:
        """The expert's choice by one search, and what ``played`` (if given) loses against
        it: the difference of their mean values on the same sampled worlds, in sheet
        points (0 when ``played`` is as good). The choice is made among the policy's
        candidates alone, and ``played`` changes none of their worlds (each candidate's
        values depend only on the worlds and itself; a candidate is dropped only on its
        own trail), so with the same seed the hint (no ``played``) and the review of any
        move name the same choice: a hint never contradicts the review of its move."""
        cands = self.candidates_of(view, legal)
        ours = len(cands)
        if played is not None and played not in cands:
            cands.append(played)
        if ours == 1 and len(cands) == 1:
            return Assessment(cands[0], played or cands[0], 0.0)
        mine = cands.index(played) if played is not None else 0
        best, scores = self.decide(view, cands, ours, keep=(0, mine))
        if played is None or mine == best:
            return Assessment(cands[best], cands[best] if played is None else played, 0.0)
        n = min(len(scores[mine]), len(scores[best]))
        loss = (sum(scores[best][:n]) - sum(scores[mine][:n])) / max(1, n)
        if loss <= 0.0:  # the move was as good as its own choice
            return Assessment(played, played, 0.0)
        return Assessment(cands[best], played, loss)

    def assess(self, view: PlayerView, legal: Sequence[Action], played: Action) -> Assessment:
        """What this bot would have played instead of ``played``, and the sheet points
        that cost by its search (see :meth:`judge`)."""
        return self.judge(view, legal, played)

    @staticmethod
    def _rollout(state: Scratch, bot: NormalBot, seat: int, turn: int, turns: int) -> None:
        """Every seat plays ``bot``'s policy until this seat has started ``turns`` more turns
        (0: until the round ends)."""
        own = 0
        for _ in range(MAX_ROUND_ACTIONS):
            phase = state.phase
            if phase is ROUND_OVER or phase is GAME_OVER:
                return
            if turns and phase is START and state.current == seat and state.turn > turn:
                own += 1
                turn = state.turn
                if own >= turns:
                    return
            legal = state.legal_actions()
            cur = state.current
            if len(legal) == 1 or cur is None:
                state.play(legal[0])
                continue
            state.play(bot.choose(PlayerView.of(state, cur), legal))
