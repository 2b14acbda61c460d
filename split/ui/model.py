"""What the table shows, kept up to date by the engine's events (never by diffing states).

:class:`TableModel` starts from a state once (:meth:`TableModel.from_state`, when a
table opens on a game in progress) and from then on changes only through
:meth:`TableModel.apply_event`, one event at a time, as each is animated. Between
animations it equals the engine's state in every thing the table draws; the tests
check that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, assert_never

from split.engine import events as ev
from split.engine.cards import HIDDEN, RANKS, rank_of
from split.engine.sheet import sheet_score
from split.engine.state import GAME_OVER, ROUND_OVER, GameState


class PictureLost(Exception):
    """An event that does not fit the picture (a card that is not where it says): the
    table's picture has drifted from the game, and is rebuilt from the game's state."""


class Picture(Protocol):
    """A picture of the table that can only be read: what a frame holds (its copy of
    the :class:`TableModel`). Its fields are read-only and its lists are sequences, so
    mypy refuses any write into a frame's picture."""

    @property
    def players(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def current(self) -> int | None: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def matches(self) -> Sequence[Sequence[tuple[int, int]]]: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def draw_pile(self) -> int: ...
    @property
    def rows(self) -> Sequence[Sequence[int]]: ...
    @property
    def negatives(self) -> Sequence[int]: ...
    @property
    def round_rows(self) -> Sequence[Sequence[int]]: ...
    @property
    def round_negatives(self) -> Sequence[int]: ...
    def score(self, seat: int) -> int: ...
    def worth_now(self, seat: int) -> int: ...


@dataclass
class TableModel:
    players: int
    round: int = 1
    dealer: int = 0
    current: int | None = None
    hands: list[list[int]] = field(default_factory=list)
    matches: list[list[tuple[int, int]]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    draw_pile: int = 0
    rows: list[list[int]] = field(default_factory=list)
    negatives: list[int] = field(default_factory=list)
    round_rows: list[list[int]] = field(default_factory=list)
    """Boxes filled in this round's scoring, per seat and rank (for the summary)."""
    round_negatives: list[int] = field(default_factory=list)
    last_scored: ev.RoundScored | None = None
    game_over: ev.GameOver | None = None

    @classmethod
    def from_state(cls, state: GameState) -> TableModel:
        n = state.players
        round_rows = [[0] * len(RANKS) for _ in range(n)]
        round_negatives = [0] * n
        if state.phase in (ROUND_OVER, GAME_OVER):  # scored (R8.2): its boxes are filled
            for seat in range(n):
                for a, _b in state.matches[seat]:
                    round_rows[seat][rank_of(a)] += 1
            # a box per card left in hand; the player who went out holds none
            round_negatives = [len(h) for h in state.hands]
        return cls(
            players=n,
            round=state.round,
            dealer=state.dealer,
            current=state.current,
            hands=[list(h) for h in state.hands],
            matches=[list(m) for m in state.matches],
            discard=list(state.discard),
            draw_pile=len(state.draw),
            rows=[list(r) for r in state.rows],
            negatives=list(state.negatives),
            round_rows=round_rows,
            round_negatives=round_negatives,
        )

    @classmethod
    def before_deal(cls, players: int, dealer: int, deck: int) -> TableModel:
        """An empty table with the whole deck in the pile: a new game, before its first
        deal's events play."""
        return cls(
            players=players,
            dealer=dealer,
            hands=[[] for _ in range(players)],
            matches=[[] for _ in range(players)],
            draw_pile=deck,
            rows=[[0] * len(RANKS) for _ in range(players)],
            negatives=[0] * players,
            round_rows=[[0] * len(RANKS) for _ in range(players)],
            round_negatives=[0] * players,
        )

    def copy(self) -> TableModel:
        """A copy with lists of its own (a frame's picture: what the table does next
        never reaches it), as ``copy.deepcopy`` would make it, 20 times sooner (a
        frame is made at every change the mouse makes)."""
        return replace(
            self,
            hands=[list(h) for h in self.hands],
            matches=[list(m) for m in self.matches],
            discard=list(self.discard),
            rows=[list(r) for r in self.rows],
            negatives=list(self.negatives),
            round_rows=[list(r) for r in self.round_rows],
            round_negatives=list(self.round_negatives),
        )

    def score(self, seat: int) -> int:
        return sheet_score(self.rows[seat], self.negatives[seat])

    def worth_now(self, seat: int) -> int:
        """What ``seat``'s matches on the table would add to its sheet if the round
        ended now (R8.2: one box in a rank's row per match; R9.1: the row's value).
        Matches the round's scoring has already filled in add nothing more."""
        rows = list(self.rows[seat])
        scored = list(self.round_rows[seat])
        for a, _b in self.matches[seat]:
            if scored[rank_of(a)]:
                scored[rank_of(a)] -= 1
            else:
                rows[rank_of(a)] += 1
        return sheet_score(rows, 0) - sheet_score(self.rows[seat], 0)

    def same_as(self, state: GameState) -> bool:
        """Whether everything drawn agrees with ``state`` (hands compared as multisets)."""
        return (
            [sorted(h) for h in self.hands] == [sorted(h) for h in state.hands]
            and self.matches == [list(m) for m in state.matches]
            and self.discard == state.discard
            and self.draw_pile == len(state.draw)
            and self.rows == state.rows
            and self.negatives == state.negatives
        )

    def apply_event(self, e: ev.Event) -> None:
        """Change the model as ``e`` says (see :mod:`split.engine.events`);
        :class:`PictureLost` if it does not fit."""
        try:
            self._apply(e)
        except (ValueError, IndexError) as err:
            raise PictureLost(f"{type(e).__name__}: {err}") from err

    def _apply(self, e: ev.Event) -> None:
        match e:
            case ev.RoundStarted():
                n = self.players
                self.round, self.dealer = e.round, e.dealer
                self.hands = [[] for _ in range(n)]
                for seat, card in e.deal:
                    self.hands[seat].append(card)
                self.matches = [list(m) for m in e.table] or [[] for _ in range(n)]
                self.discard = list(e.discard)
                self.draw_pile = e.draw_pile
                self.round_rows = [[0] * len(RANKS) for _ in range(n)]
                self.round_negatives = [0] * n
                self.last_scored = None
            case ev.TurnStarted():
                self.current = e.seat
            case ev.CardDrawn():
                self.hands[e.seat].append(e.card)
                self.draw_pile = e.draw_pile
            case ev.CardsTaken():
                del self.discard[e.index :]
                self.hands[e.seat].extend(e.cards)
            case ev.MatchPlayed() | ev.AutoMatched():
                for c in e.cards:
                    _remove(self.hands[e.seat], c)
                self.matches[e.seat].append(e.cards)
            case ev.MatchUpgraded():
                self.matches[e.owner].pop(e.old_match)
                _remove(self.hands[e.seat], e.card)
                self.matches[e.seat].append(e.cards)
            case ev.CardReturned():
                self.hands[e.seat].append(e.card)
            case ev.MatchesTraded():
                given = self.matches[e.seat].pop(e.given_index)
                taken = self.matches[e.other].pop(e.taken_index)
                self.matches[e.seat].append(taken)
                self.matches[e.other].append(given)
            case ev.CardDiscarded():
                _remove(self.hands[e.seat], e.card)
                self.discard.append(e.card)
            case ev.NegativeFilled():
                self.negatives[e.seat] = e.total
                if e.reason == "hand":
                    self.round_negatives[e.seat] += e.count
            case ev.RowFilled():
                self.rows[e.seat][e.rank] = e.total
                self.round_rows[e.seat][e.rank] += e.count
            case ev.RoundScored():
                self.current = None
                self.last_scored = e
            case ev.GameOver():
                self.game_over = e
            case ev.BonusStarted() | ev.BonusDeclined() | ev.WentOut() | ev.DrawPileEmptied():
                pass  # nothing drawn changes: the prompt and the log tell them
            case _:
                assert_never(e)


def _remove(hand: list[int], card: int) -> None:
    """Take ``card`` out of a hand; in a hand this window may not see (network play,
    R10) the card was one of its hidden ones."""
    hand.remove(card if card in hand or HIDDEN not in hand else HIDDEN)
