"""Hints for a human player: the suggested action and a one-line reason.

>>> from split.engine import GameConfig, GameState
>>> s = GameState.new(GameConfig(2, 0, 3))
>>> h = hint(s, s.legal_actions())
>>> h.action in s.legal_actions() and bool(h.reason)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from split.engine.actions import Action, ActionKind
from split.engine.cards import MATCH_TYPES, RANKS, MatchType, card_label
from split.engine.state import GameState, Phase
from split.engine.view import PlayerView
from split.i18n import _, ngettext, symbols

from .base import make_bot
from .expert import JUDGE_WORLDS, ExpertBot


class Hint(NamedTuple):
    """A suggested action and why, in words a player understands."""

    action: Action
    reason: str


def _type_name(t: MatchType) -> str:
    return {
        MatchType.WEAK: _("weak"),
        MatchType.STRONG: _("strong"),
        MatchType.PERFECT: _("perfect"),
    }[t]


def _bonus_words(t: MatchType) -> str:
    return {
        MatchType.PERFECT: _("give another player a negative box"),
        MatchType.STRONG: _("draw a bonus card"),
        MatchType.WEAK: _("you may trade a match"),
    }[t]


def explain(view: PlayerView, action: Action, names: Sequence[str] | None = None) -> str:
    """A one-line reason for ``action`` in ``view``'s position; players are called by
    ``names`` (by seat), or "Seat 2" without them.

    Ranks are the cards' universal symbols (A, 2-10, J, Q, K): an English message adds
    the plural "s" to them, other languages write the rank as it is.
    """

    def name(seat: int) -> str:
        return names[seat] if names is not None else _("Seat {n}").format(n=seat + 1)

    kind = action.kind
    if kind == ActionKind.MATCH:
        t = MATCH_TYPES[action.card][action.cards[1]] or MatchType.WEAK  # a legal match: never None
        # TRANSLATORS: {rank} is a card rank symbol (A, 2-10, J, Q, K); "s" is the English plural.
        return _("Match the two {rank}s: {type} match, {bonus}.").format(
            rank=symbols(RANKS[action.card >> 2]), type=_type_name(t), bonus=_bonus_words(t)
        )
    if kind == ActionKind.UPGRADE:
        a, b = view.matches[action.seat][action.target]
        old = MATCH_TYPES[a][b] or MatchType.WEAK
        t = max(
            x for x in (MATCH_TYPES[action.card][a], MATCH_TYPES[action.card][b]) if x is not None
        )
        if action.seat == view.seat:
            return _("Upgrade your {old} {rank}s with {card}: it becomes {type}, {bonus}.").format(
                old=_type_name(old),
                rank=symbols(RANKS[action.card >> 2]),
                card=card_label(action.card),
                type=_type_name(t),
                bonus=_bonus_words(t),
            )
        return _("Steal {name}'s {old} {rank}s with {card}: a {type} match for you.").format(
            name=name(action.seat),
            old=_type_name(old),
            rank=symbols(RANKS[action.card >> 2]),
            card=card_label(action.card),
            type=_type_name(t),
        )
    if kind == ActionKind.DISCARD:
        counts = [0] * len(RANKS)
        for c in view.hand:
            counts[c >> 2] += 1
        card = card_label(action.card)
        if counts[action.card >> 2] > 1:
            return _(
                "Discard {card}: you must end your turn, and it is the card you need least."
            ).format(card=card)
        # the pairs kept in hand rather than matched: there no upgrade can steal them (R5.2)
        pairs = [r for r, k in enumerate(counts) if k >= 2]
        if len(pairs) == 1:
            # TRANSLATORS: {rank} is a card rank symbol (A, 2-10, J, Q, K); "s": English plural.
            return _(
                "Discard {card} and keep your two {rank}s: in your hand no one can steal them."
            ).format(card=card, rank=symbols(RANKS[pairs[0]]))
        if pairs:
            return _(
                "Discard {card} and keep your pairs: in your hand no one can steal them."
            ).format(card=card)
        return _("Discard {card}: it pairs with nothing in your hand and helps no one.").format(
            card=card
        )
    if kind == ActionKind.TAKE:
        taken = view.discard[action.position :]
        card = card_label(taken[0])
        if len(taken) == 1:
            return _("Take {card} from the discard row: you can play it right away.").format(
                card=card
            )
        above = len(taken) - 1
        return ngettext(
            "Take {card} and the card above it: you can play it, and the other pays.",
            "Take {card} and the {count} cards above it: you can play it, and the rest pay.",
            above,
        ).format(card=card, count=above)
    if kind == ActionKind.DRAW:
        if view.phase == Phase.STRONG_BONUS:
            if view.draw_pile <= 1:
                return _("Draw the last card: the round ends now while you are ahead.")
            return _("Draw the bonus card: it is likely to pair with something you hold.")
        if view.draw_pile <= 1:
            return _("Draw the last card: the round ends now.")
        return _("Draw from the pile: nothing in the discard row is worth taking.")
    if kind == ActionKind.PASS:
        if view.phase == Phase.STRONG_BONUS:
            return _("Pass: another card in hand is more likely to cost you a negative box.")
        return _("Pass: no trade would move your matches up in value.")
    if kind == ActionKind.PENALIZE:
        return _("Give {name} the negative box: they are the one to slow down.").format(
            name=name(action.penalized)
        )
    if kind == ActionKind.TRADE:
        mine = view.matches[view.seat][action.mine]
        theirs = view.matches[action.seat][action.target]
        return _(
            "Trade your {mine}s for {name}'s {theirs}s: they are worth more on your sheet."
        ).format(
            mine=symbols(RANKS[mine[0] >> 2]),
            name=name(action.seat),
            theirs=symbols(RANKS[theirs[0] >> 2]),
        )
    return _("Start the next round.")


def hint(
    state_or_view: GameState | PlayerView,
    legal: Sequence[Action],
    strength: str = "normal",
    names: Sequence[str] | None = None,
    seed: int | None = None,
) -> Hint:
    """The action a ``strength`` bot would choose for the player to act, with a reason
    (players called by ``names``, see :func:`explain`). The table asks the strongest,
    ``expert``, through the one judge of hints and reviews (:meth:`ExpertBot.judge`
    with ``JUDGE_WORLDS`` worlds), seeded with ``seed``, the decision's seed, which
    its review uses too (None: a seed from the turn and seat).

    A full state is reduced to the acting seat's view first, so a hint never uses
    hidden cards (R10).
    """
    if isinstance(state_or_view, GameState):
        state = state_or_view
        seat = state.current if state.current is not None else 0
        view = PlayerView.of(state, seat)
    else:
        view = state_or_view
    if len(legal) == 1:
        action = legal[0]
    else:
        if seed is None:
            seed = view.turn * 131 + view.seat
        if strength == "expert":
            action = ExpertBot(seed, worlds=JUDGE_WORLDS).judge(view, legal).best
        else:
            action = make_bot(strength, seed=seed).choose(view, legal)
        if action not in legal:
            action = legal[0]
    return Hint(action, explain(view, action, names))


__all__ = ["Hint", "explain", "hint"]
