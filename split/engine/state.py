"""The state machine of a game of Split (R2-R9), with the phases of NOTATION.md.

:class:`GameState` holds one game's position. :meth:`GameState.legal_actions`
lists what the player to act may do. A game's position changes only through its
record, :meth:`split.engine.game.Game.apply`, which checks an action against that
list and either applies it, returning the events it caused, or raises
:class:`IllegalAction` with the reason and leaves the state untouched.

A position that is nobody's record - a search's rollout, a guessed world, a bot
tournament's game - is a :class:`Scratch`: :meth:`GameState.scratch` copies one, and
:meth:`Scratch.play` applies an action to it with the same check.

>>> from split.engine.setup import GameConfig
>>> s = Scratch.new(GameConfig(2, 0, 1))
>>> [type(e).__name__ for e in s.play(s.legal_actions()[0])]
['CardDrawn']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Self, TypeVar

from . import events as ev
from .actions import (
    DISCARD,
    DRAW,
    MATCH,
    NEXT_ROUND,
    PASS,
    PENALIZE,
    TAKE,
    TRADE,
    UPGRADE,
    Action,
)
from .cards import CARD_COUNT, DECK_SIZE, MATCH_TYPES, RANKS, UPGRADERS, Card, MatchType
from .refusals import Refusal, refusal
from .setup import ROUNDS, GameConfig, deal
from .sheet import sheet_score


class Phase(StrEnum):
    """Where a turn or round stands; each value is the phase's name in NOTATION.md."""

    START = "start"
    PLAY = "play"
    PERFECT_BONUS = "perfect-bonus"
    STRONG_BONUS = "strong-bonus"
    WEAK_BONUS = "weak-bonus"
    ROUND_OVER = "round-over"
    GAME_OVER = "game-over"


# The phases as module constants too, read in the hot paths below (a global is
# several times faster than an attribute of an Enum class).
START = Phase.START
PLAY = Phase.PLAY
PERFECT_BONUS = Phase.PERFECT_BONUS
STRONG_BONUS = Phase.STRONG_BONUS
WEAK_BONUS = Phase.WEAK_BONUS
ROUND_OVER = Phase.ROUND_OVER
GAME_OVER = Phase.GAME_OVER

_BONUS_PHASE = {
    MatchType.PERFECT: PERFECT_BONUS,
    MatchType.STRONG: STRONG_BONUS,
    MatchType.WEAK: WEAK_BONUS,
}
_PHASE_TYPE = {phase: t for t, phase in _BONUS_PHASE.items()}

_DRAW_ACTION = Action.draw()
_PASS_ACTION = Action.pass_()
_NEXT_ROUND_ACTION = Action.next_round()
# Every take, match and discard there can be, made once: the legal lists of a search's
# rollouts share them (an action is an immutable tuple).
_TAKES = tuple(Action(TAKE, i) for i in range(DECK_SIZE))
_MATCHES = tuple(tuple(Action(MATCH, x, y) for y in range(CARD_COUNT)) for x in range(CARD_COUNT))
_DISCARDS = tuple(Action(DISCARD, x) for x in range(CARD_COUNT))


_S = TypeVar("_S", bound="GameState")


class IllegalAction(ValueError):
    """An action refused where it stands; ``str()`` is the reason in words."""


@dataclass(eq=False)
class GameState:
    """A whole game's position. Create one with :meth:`new`; copy with :meth:`clone`."""

    config: GameConfig
    round: int = 0
    dealer: int = 0
    phase: Phase = START
    current: int | None = None
    must_use: Card | None = None
    hands: list[list[Card]] = field(default_factory=list)
    matches: list[list[tuple[Card, Card]]] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    draw: list[Card] = field(default_factory=list)  # top card last
    rows: list[list[int]] = field(default_factory=list)
    negatives: list[int] = field(default_factory=list)
    had_turn: list[bool] = field(default_factory=list)
    # Cards every player knows to be in a hand: taken from the discard row or
    # returned by an upgrade, and not played or discarded since (R10).
    known: list[list[Card]] = field(default_factory=list)
    went_out: int | None = None
    turn: int = 0  # turns started in this game, for views and logs
    _legal: list[Action] | None = None

    # ----------------------------------------------------------------- making

    @classmethod
    def start(cls, config: GameConfig) -> tuple[Self, list[ev.Event]]:
        """A game at the start of its first round, with the events of its first deal
        (R2.3, R2.4); :class:`SetupError` if the config is bad."""
        config.check()
        n = config.players
        state = cls(
            config=config,
            dealer=config.dealer,
            rows=[[0] * len(RANKS) for _ in range(n)],
            negatives=[0] * n,
        )
        events = state._start_round(1, config.dealer)
        return state, events

    @classmethod
    def new(cls, config: GameConfig) -> Self:
        """A game at the start of its first round; :class:`SetupError` if the config is bad."""
        return cls.start(config)[0]

    @property
    def players(self) -> int:
        return self.config.players

    def clone(self) -> Self:
        """An independent copy of the same class, cheap enough for search bots."""
        return self._copy(type(self))

    def scratch(self) -> Scratch:
        """An independent copy to play on with :meth:`Scratch.play` (a rollout, a what-if)."""
        return self._copy(Scratch)

    def _copy(self, cls: type[_S]) -> _S:
        other = cls.__new__(cls)
        other.config = self.config
        other.round = self.round
        other.dealer = self.dealer
        other.phase = self.phase
        other.current = self.current
        other.must_use = self.must_use
        copy = list.copy
        other.hands = list(map(copy, self.hands))
        other.matches = list(map(copy, self.matches))
        other.discard = self.discard[:]
        other.draw = self.draw[:]
        other.rows = list(map(copy, self.rows))
        other.negatives = self.negatives[:]
        other.had_turn = self.had_turn[:]
        other.known = list(map(copy, self.known))
        other.went_out = self.went_out
        other.turn = self.turn
        other._legal = self._legal
        return other

    def _start_round(self, number: int, dealer: int) -> list[ev.Event]:
        n = self.players
        pos = deal(self.config.setup_for(number), n, dealer)
        self.round = number
        self.dealer = dealer
        self.hands = pos.hands
        self.matches = pos.table
        self.discard = pos.discard
        self.draw = pos.draw
        self.had_turn = [False] * n
        self.known = [[] for _ in range(n)]
        self.went_out = None
        self.must_use = None
        first = (dealer + 1) % n  # R2.4
        events: list[ev.Event] = [
            ev.RoundStarted(
                number,
                dealer,
                pos.deal,
                tuple(pos.discard),
                tuple(tuple(m) for m in pos.table),
                len(pos.draw),
            )
        ]
        events.append(self._begin_turn(first))
        return events

    def _begin_turn(self, seat: int) -> ev.TurnStarted:
        self.current = seat
        self.phase = START
        self.must_use = None
        self.had_turn[seat] = True  # R7.3: a turn counts from the moment it starts
        self.turn += 1
        return ev.TurnStarted(seat)

    # ----------------------------------------------------------------- queries

    def score(self, seat: int) -> int:
        """R9.4: the value of ``seat``'s sheet now."""
        return sheet_score(self.rows[seat], self.negatives[seat])

    def scores(self) -> list[int]:
        return [self.score(s) for s in range(self.players)]

    def winners(self) -> list[int]:
        """R9.4: the seats with the highest score (equal highest share the win)."""
        scores = self.scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to act, each once (unsorted)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _generate(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self._plays()
        if phase == START:
            return self._takes()
        if phase == PERFECT_BONUS:
            return [Action(PENALIZE, s) for s in range(self.players) if s != self.current]
        if phase == STRONG_BONUS:
            return [_DRAW_ACTION, _PASS_ACTION]
        if phase == WEAK_BONUS:
            return self._trades()
        if phase == ROUND_OVER:
            return [_NEXT_ROUND_ACTION]
        return []

    def _takes(self) -> list[Action]:
        """A draw, and every take (R4.2) after which at least one legal play (with R5.4)
        uses the taken card."""
        seat = self.current
        assert seat is not None  # a take is the player to act's
        hand = self.hands[seat]
        row = self.discard
        matches = self.matches
        # cards of each rank in hand and in the row from the take's card on, counted
        # from the row's newest card back
        counts = [0] * len(RANKS)
        for c in hand:
            counts[c >> 2] += 1
        size = len(hand) + len(row)
        takeable = [False] * len(row)
        for index in range(len(row) - 1, -1, -1):
            card = row[index]
            rank = card >> 2
            counts[rank] += 1
            new_size = size - index  # the hand after taking
            if new_size >= 3 and counts[rank] >= 2:
                takeable[index] = True
                continue
            for owner, owned in enumerate(matches):
                if new_size < 2 and owner != seat:
                    continue
                for a, b in owned:
                    if card in UPGRADERS[a][b]:
                        takeable[index] = True
                        break
                if takeable[index]:
                    break
        out = [_DRAW_ACTION]
        out.extend([_TAKES[i] for i, ok in enumerate(takeable) if ok])
        return out

    def _plays(self) -> list[Action]:
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        size = len(hand)
        must = self.must_use
        distinct = sorted(set(hand))
        pairs = len(distinct) < size  # some card twice in hand
        count = len(distinct)
        out: list[Action] = []
        if size >= 3:  # R5.1 with R5.4: two cards leave, one must stay
            for i, x in enumerate(distinct):
                rank = x >> 2
                if must is not None and rank != must >> 2:
                    continue
                if pairs and (must is None or x == must) and hand.count(x) >= 2:
                    out.append(_MATCHES[x][x])
                j = i + 1
                while j < count:
                    y = distinct[j]
                    if y >> 2 != rank:
                        break
                    if must is None or x == must or y == must:
                        out.append(_MATCHES[x][y])
                    j += 1
        ranks = {x >> 2 for x in distinct}
        by_rank: dict[int, list[tuple[int, int, frozenset[Card]]]] = {}
        for owner, owned in enumerate(self.matches):
            if owner != seat and size < 2:
                continue  # R5.4: upgrading another's match costs a card
            for m, (a, b) in enumerate(owned):
                if a >> 2 in ranks:
                    by_rank.setdefault(a >> 2, []).append((owner, m, UPGRADERS[a][b]))
        if by_rank:
            for x in distinct:
                if must is not None and x != must:
                    continue
                for owner, m, up in by_rank.get(x >> 2, ()):
                    if x in up:  # R5.2
                        out.append(Action(UPGRADE, x, owner, m))
        if must is None:
            out.extend([_DISCARDS[x] for x in distinct])
        return out

    def _trades(self) -> list[Action]:
        seat = self.current
        assert seat is not None
        out = [_PASS_ACTION]
        mine = self.matches[seat]
        for other in range(self.players):
            if other == seat:
                continue
            theirs = self.matches[other]
            for i, (a, b) in enumerate(mine):
                t = MATCH_TYPES[a][b]
                for j, (c, d) in enumerate(theirs):
                    if MATCH_TYPES[c][d] is t:
                        out.append(Action(TRADE, i, other, j))
        return out

    # ----------------------------------------------------------------- acting

    def refusal(self, action: Action) -> Refusal:
        """Why ``action`` is not legal here: a code and its parameters, for any language."""
        return refusal(self, action)

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal here, in the engine's English (cards in notation)."""
        return str(refusal(self, action))

    def _apply(self, action: Action) -> list[ev.Event]:
        """Apply a legal action and return its events; :class:`IllegalAction` otherwise,
        the state untouched. The way in for :class:`~split.engine.game.Game` (a game's
        record) and the notation's replays; others play on a :meth:`scratch` copy."""
        if action not in self.legal_actions():
            raise IllegalAction(f"{action}: {self.explain_illegal(action)}")
        self._legal = None
        return self._play(action)

    def _play(self, action: Action) -> list[ev.Event]:
        """Apply an action known to be legal here (no check)."""
        kind = action.kind
        if kind == NEXT_ROUND:
            return self._next_round()
        seat = self.current
        assert seat is not None  # every other action is a move of the player to act
        phase = self.phase
        if kind == DRAW:
            return self._draw(seat, bonus=phase == STRONG_BONUS)
        if kind == DISCARD:
            return self._discard(seat, action.card)
        if kind == MATCH:
            return self._match(seat, *action.cards)
        if kind == UPGRADE:
            return self._upgrade(seat, action.card, action.seat, action.target)
        if kind == TAKE:
            at = action.position
            taken = self.discard[at:]
            del self.discard[at:]
            self.hands[seat].extend(taken)
            self.known[seat].extend(taken)
            self.must_use = taken[0]
            self.phase = PLAY
            return [ev.CardsTaken(seat, at, tuple(taken))]
        if kind == PENALIZE:
            victim = action.penalized
            self.negatives[victim] += 1
            self.phase = PLAY
            return [ev.NegativeFilled(victim, 1, self.negatives[victim], "perfect", seat)]
        if kind == PASS:
            self.phase = PLAY
            return [ev.BonusDeclined(seat, _PHASE_TYPE[phase])]
        return self._trade(seat, action.mine, action.seat, action.target)

    def _draw(self, seat: int, bonus: bool) -> list[ev.Event]:
        card = self.draw.pop()
        self.hands[seat].append(card)
        out: list[ev.Event] = [ev.CardDrawn(seat, card, bonus, len(self.draw))]
        if not self.draw:  # R4.1, R6.2, R8.1: the last card ends the round at once
            out.append(ev.DrawPileEmptied(seat))
            out.extend(self._end_round())
        else:
            self.phase = PLAY
        return out

    def _forget(self, seat: int, card: Card) -> None:
        known = self.known[seat]
        if card in known:
            known.remove(card)

    def _used(self, card: Card) -> None:
        if self.must_use == card:
            self.must_use = None

    def _match(self, seat: int, x: Card, y: Card) -> list[ev.Event]:
        hand = self.hands[seat]
        hand.remove(x)
        hand.remove(y)
        self._forget(seat, x)
        self._forget(seat, y)
        self._used(x)
        self._used(y)
        owned = self.matches[seat]
        owned.append((x, y))
        t = MATCH_TYPES[x][y]
        assert t is not None  # a legal match: two cards of one rank
        self.phase = _BONUS_PHASE[t]
        return [ev.MatchPlayed(seat, (x, y), t, len(owned) - 1), ev.BonusStarted(seat, t)]

    def _upgrade(self, seat: int, card: Card, owner: int, index: int) -> list[ev.Event]:
        old = self.matches[owner].pop(index)
        a, b = old
        old_type, with_a = MATCH_TYPES[a][b], MATCH_TYPES[card][a]
        assert old_type is not None and with_a is not None  # a legal upgrade: one rank
        kept, returned = (a, b) if with_a > old_type else (b, a)
        self.hands[seat].remove(card)
        self._forget(seat, card)
        self._used(card)
        self.hands[owner].append(returned)
        self.known[owner].append(returned)
        new = (card, kept) if card <= kept else (kept, card)
        owned = self.matches[seat]
        owned.append(new)
        t = MATCH_TYPES[card][kept]
        assert t is not None
        self.phase = _BONUS_PHASE[t]
        return [
            ev.MatchUpgraded(
                seat, card, owner, index, old, old_type, kept, returned, new, t,
                len(owned) - 1,
            ),
            ev.CardReturned(owner, returned),
            ev.BonusStarted(seat, t),
        ]  # fmt: skip

    def _trade(self, seat: int, mine: int, other: int, theirs: int) -> list[ev.Event]:
        given = self.matches[seat].pop(mine)
        taken = self.matches[other].pop(theirs)
        self.matches[seat].append(taken)
        self.matches[other].append(given)
        self.phase = PLAY
        t = MATCH_TYPES[given[0]][given[1]]
        assert t is not None
        return [ev.MatchesTraded(seat, mine, given, other, theirs, taken, t)]

    def _discard(self, seat: int, card: Card) -> list[ev.Event]:
        hand = self.hands[seat]
        hand.remove(card)
        self._forget(seat, card)
        self.discard.append(card)
        out: list[ev.Event] = [ev.CardDiscarded(seat, card)]
        if not hand:  # R4.4: gone out
            self.went_out = seat
            out.append(ev.WentOut(seat))
            out.extend(self._end_round())
        else:
            out.append(self._begin_turn((seat + 1) % self.players))
        return out

    def _end_round(self) -> list[ev.Event]:
        """R7 and R8.2: automatic matches, then the round's scoring."""
        n = self.players
        out: list[ev.Event] = []
        out_seat = self.went_out
        if out_seat is not None and not all(self.had_turn):
            for seat in range(n):
                if not self.had_turn[seat]:
                    out.extend(self._auto_match(seat))
        before = self.scores()
        parts = []
        for seat in range(n):
            hand = tuple(sorted(self.hands[seat]))
            penalty = 0 if seat == out_seat else len(hand)
            if penalty:
                self.negatives[seat] += penalty
                out.append(ev.NegativeFilled(seat, penalty, self.negatives[seat], "hand", None))
            added = [0] * len(RANKS)
            for a, _ in self.matches[seat]:
                added[a >> 2] += 1
            for rank, count in enumerate(added):
                if count:
                    self.rows[seat][rank] += count
                    out.append(ev.RowFilled(seat, rank, count, self.rows[seat][rank]))
            parts.append(ev.SeatScore(seat, hand, penalty, tuple(added), before[seat], 0))
        after = self.scores()
        parts = [p._replace(score_after=after[p.seat]) for p in parts]
        reason = "out" if out_seat is not None else "draw-pile"
        out.append(ev.RoundScored(self.round, reason, out_seat, tuple(parts)))
        self.current = None
        self.must_use = None
        if self.round >= ROUNDS:
            self.phase = GAME_OVER
            out.append(ev.GameOver(tuple(after), tuple(self.winners())))
        else:
            self.phase = ROUND_OVER
        return out

    def _auto_match(self, seat: int) -> list[ev.Event]:
        """R7.2: identical halves first, then same colour, then the rest; as many as can be."""
        hand = sorted(self.hands[seat])
        out: list[ev.Event] = []
        rest: list[Card] = []
        for rank in range(len(RANKS)):
            cards = [c for c in hand if c >> 2 == rank]
            pairs, singles = [], []
            for suit in range(4):
                k = cards.count(rank * 4 + suit)
                pairs += [(rank * 4 + suit,) * 2] * (k // 2)
                if k % 2:
                    singles.append(rank * 4 + suit)
            # singles: at most one per suit; pair same colour (C+S, D+H) first.
            for colour in ((0, 3), (1, 2)):
                same = [c for c in singles if c & 3 in colour]
                if len(same) == 2:
                    pairs.append((same[0], same[1]))
                    singles = [c for c in singles if c not in same]
            while len(singles) >= 2:
                pairs.append((singles[0], singles[1]))
                singles = singles[2:]
            rest += singles
            for x, y in pairs:
                self.matches[seat].append((x, y))
                t = MATCH_TYPES[x][y]
                assert t is not None  # R7.2 pairs one rank
                out.append(ev.AutoMatched(seat, (x, y), t, len(self.matches[seat]) - 1))
        self.hands[seat] = rest
        self.known[seat] = [c for c in self.known[seat] if c in rest]
        return out

    def _next_round(self) -> list[ev.Event]:
        dealer = self.went_out if self.went_out is not None else (self.dealer + 1) % self.players
        return self._start_round(self.round + 1, dealer)  # R8.3


class Scratch(GameState):
    """A position that is nobody's record, to play on freely: a search's rollout, a
    guessed world, a game between bots. Make one with :meth:`GameState.scratch`,
    :meth:`new` or :meth:`~split.engine.view.PlayerView.determinize`."""

    def play(self, action: Action) -> list[ev.Event]:
        """Apply a legal action and return its events; :class:`IllegalAction` otherwise,
        the state untouched."""
        return self._apply(action)


__all__ = ["GameState", "IllegalAction", "Phase", "Scratch"]
