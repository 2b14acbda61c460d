"""The table's words: an action described, the prompt line, an event's line in the log.

Pure functions of what they are given (the state, the players' names as words in a
sentence, the seat the log speaks to); no drawing here. Lines about the one person at
the table say "you", so in every language the verb agrees with its subject.

What the table keeps to say later (a refusal, a hint, a how-to, a toast, a log line)
it keeps as :class:`~split.i18n.words.Words` made here (:func:`refused`,
:func:`hint_words`, :func:`logged`…): worded in the current language when drawn, so
a language switch rewords all of it at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple, assert_never

from split import i18n
from split.bots.hints import explain
from split.engine import events as ev
from split.engine.actions import DISCARD, DRAW, MATCH, PASS, PENALIZE, TAKE, TRADE, UPGRADE, Action
from split.engine.cards import MatchType, card_label
from split.engine.refusals import Refusal, Why
from split.engine.state import (
    GAME_OVER,
    PERFECT_BONUS,
    PLAY,
    ROUND_OVER,
    START,
    STRONG_BONUS,
    WEAK_BONUS,
    GameState,
)
from split.engine.view import PlayerView
from split.i18n import N_, _, ngettext
from split.i18n.words import Words, message, words


class Undone(NamedTuple):
    """A log record of the table's own: ``seat`` took back ``action`` (``discard``: the
    discard row after it, for the words of a take)."""

    seat: int
    action: Action
    discard: tuple[int, ...]


class Tone(Enum):
    """How the prompt line reads: its colour is the renderer's business."""

    PLAIN = "plain"
    WAITING = "waiting"
    YOUR_TURN = "your-turn"
    NOTE = "note"
    REFUSED = "refused"


def describe(
    action: Action,
    discard: Sequence[int],
    names: Sequence[str],
    you: int | None = None,
    matches: Sequence[Sequence[tuple[int, int]]] | None = None,
) -> str:
    """``action`` in words, for hints (``discard``: the discard row it is taken from;
    ``you``: the seat the words speak to; ``matches``: the table's matches by seat,
    to name the matches a trade of yours swaps)."""
    k = action.kind
    if k == DRAW:
        return _("draw a card")
    if k == TAKE:
        return _("take {card} from the discard row").format(
            card=card_label(discard[action.position])
        )
    if k == MATCH:
        lower, upper = action.cards
        return _("match {a} and {b}").format(a=card_label(lower), b=card_label(upper))
    if k == UPGRADE:
        if you is not None and action.seat == you:
            return _("upgrade your match with {card}").format(card=card_label(action.card))
        return _("upgrade a match from {name} with {card}").format(
            name=names[action.seat], card=card_label(action.card)
        )
    if k == DISCARD:
        return _("discard {card}").format(card=card_label(action.card))
    if k == PENALIZE:
        return _("give {name} a negative box").format(name=names[action.penalized])
    if k == TRADE:
        if matches is None or you is None:
            return _("trade with {name}").format(name=names[action.seat])
        (a, b), (c, d) = matches[you][action.mine], matches[action.seat][action.target]
        return _("trade your {a} {b} for {c} {d} from {name}").format(
            a=card_label(a),
            b=card_label(b),
            c=card_label(c),
            d=card_label(d),
            name=names[action.seat],
        )
    if k == PASS:
        return _("skip the bonus")
    return _("next round")


def prompt_line(
    state: GameState,
    names: Sequence[str],
    *,
    error: Words | None,
    note: Words | None,
    busy: bool,
    your_turn: bool,
    current: int | None = None,
    you: int | None = None,
) -> tuple[str, Tone]:
    """The prompt line: what you can do now (or why a move was refused), and always
    whose turn it is. ``current`` is the seat the table shows playing (it lags behind
    the state while events play; default the state's), ``you`` the seat spoken to."""
    if error is not None:
        return _("Not allowed: {reason}").format(reason=error.text(names)), Tone.REFUSED
    if note is not None:
        return note.text(names), Tone.NOTE
    s = state
    if s.phase == GAME_OVER:
        return _("The game is over."), Tone.PLAIN
    if s.phase == ROUND_OVER:
        return _("The round is over."), Tone.PLAIN
    playing = current if current is not None else s.current
    if playing is None:
        return "", Tone.PLAIN
    if busy or not your_turn:
        if you is not None and playing == you:
            return _("Your turn\u2026"), Tone.YOUR_TURN
        return _("{name} is playing\u2026").format(name=names[playing]), Tone.WAITING
    if s.phase == START:
        return _(
            "Your turn: draw (drag the pile to your hand, or click it) or take a lit "
            "card from the discard row."
        ), Tone.YOUR_TURN
    if s.phase == PLAY:
        if s.must_use is not None:
            return _(
                "Now play {card}, the card you took: drop it on a card of its rank or on a match."
            ).format(card=card_label(s.must_use)), Tone.YOUR_TURN
        if len(s.hands[playing]) == 1:  # R5.4: no play may leave you without a card
            return _(
                "Discard your last card (drop it on the discard row) to go out."
            ), Tone.YOUR_TURN
        return _(
            "Match (drop a card on one of its rank), upgrade (drop it on a match), or "
            "discard (drop it on the discard row) to end your turn."
        ), Tone.YOUR_TURN
    if s.phase == PERFECT_BONUS:
        return _(
            "Perfect match! Choose a player to fill in a negative box: click their "
            "seat or drag the red chip onto it."
        ), Tone.YOUR_TURN
    if s.phase == STRONG_BONUS:
        return _("Strong match! Draw a bonus card from the pile, or Skip."), Tone.YOUR_TURN
    if s.phase == WEAK_BONUS:
        if len(s.legal_actions()) == 1:
            return _("Weak match: no trade is possible. Skip to go on."), Tone.YOUR_TURN
        return _(
            "Weak match: drag one of your matches onto another player's match of the "
            "same type to trade, or Skip."
        ), Tone.YOUR_TURN
    return "", Tone.PLAIN


_REFUSALS: dict[Why, str] = {
    Why.GAME_OVER: N_("the game is over"),
    Why.ROUND_OVER: N_("the round is over"),
    Why.EXPECT_DRAW_OR_TAKE: N_("not now: first draw a card or take one from the discard row"),
    Why.EXPECT_PENALIZE: N_("not now: first choose a player for the negative box"),
    Why.EXPECT_BONUS_DRAW: N_("not now: draw the bonus card or skip it"),
    Why.EXPECT_TRADE: N_("not now: trade a match or skip"),
    Why.EXPECT_PLAY: N_("not now: make a play, or discard a card to end your turn"),
    Why.NO_DISCARD_CARD: N_("there is no such card in the discard row"),
    Why.CANNOT_TAKE: N_("{card} cannot be taken: no play would use it"),
    Why.PENALIZE_SELF: N_("choose another player, not yourself"),
    Why.NO_SEAT: N_("there is no such player"),
    Why.NO_OWN_MATCH: N_("you have no such match"),
    Why.TRADE_SELF: N_("trade with another player"),
    Why.NO_MATCH: N_("there is no such match"),
    Why.TRADE_TYPE: N_("you can only trade for a match of the same type as the one you give"),
    Why.USE_TAKEN_FIRST: N_("first make a play that uses the card you took, {card}"),
    Why.NOT_HELD: N_("you hold no {card}"),
    Why.SECOND_NOT_HELD: N_("you hold no second {card}"),
    Why.MUST_USE_TAKEN: N_("your next play must use the card you took, {card}"),
    Why.MATCH_RANK: N_("a match is two cards of the same rank"),
    Why.KEEP_ONE: N_("you must keep a card to discard"),
    Why.UPGRADE_RANK: N_("an upgrade needs a card of the match's rank"),
    Why.PERFECT_FINAL: N_("a perfect match cannot be upgraded"),
    Why.NOT_STRONGER: N_("{card} does not make this {type} match stronger"),
}
"""What each refusal code says (``{card}``: the card it names, ``{type}``: a match type)."""


def refusal_text(r: Refusal) -> str:
    """Why a move was refused, in the current language (cards as players read them)."""
    card = card_label(r.cards[0]) if r.cards else ""
    said = _(_REFUSALS[r.code])
    kind = match_type(r.match_type) if r.match_type is not None else ""
    text = said.format(card=card, type=kind)
    return f"{text} ({r.rule})" if r.rule else text


def refused(r: Refusal) -> Words:
    """The engine's refusal ``r``, to be worded when drawn."""
    return words(_refusal, r)


def _refusal(names: Sequence[str], r: Refusal) -> str:
    return refusal_text(r)


def not_a_match(a: int, b: int) -> Words:
    """Why a hand card dropped on a card of another rank did nothing (R3.1), and how to
    move a card in the hand instead."""
    return message(
        N_(
            "{a} and {b} are not a match: a match is two cards of the same rank (R3.1). "
            "To move a card in your hand, drop it between two cards."
        ),
        a=card_label(a),
        b=card_label(b),
    )


def hint_words(
    action: Action, view: PlayerView, discard: tuple[int, ...], you: int | None
) -> Words:
    """The hint to play ``action`` in ``view``'s position, and why (``discard``: the
    discard row as the table shows it; ``you``: the seat spoken to)."""
    return words(_hint, action, view, discard, you)


def _hint(
    names: Sequence[str],
    action: Action,
    view: PlayerView,
    discard: tuple[int, ...],
    you: int | None,
) -> str:
    described = describe(action, discard, names, you)
    reason = explain(view, action, names)
    return _("Hint: {action}. {reason}").format(action=described, reason=reason)


def not_now(action: Action, discard: tuple[int, ...], you: int | None) -> Words:
    """A legal move that is not the one asked for now (the tutorial's step)."""
    return words(_not_now, action, discard, you)


def _not_now(
    names: Sequence[str], action: Action, discard: tuple[int, ...], you: int | None
) -> str:
    return _("Not now: {what}.").format(what=describe(action, discard, names, you))


def match_type(t: MatchType) -> str:
    """A match type in words."""
    return {
        MatchType.WEAK: _("weak"),
        MatchType.STRONG: _("strong"),
        MatchType.PERFECT: _("perfect"),
    }[t]


LogEntry = Undone | ev.Event
"""What the log records: an engine event, or a record of the table's own."""

PHRASES: dict[str, str] = {
    "hello": N_("Hello!"),
    "well-played": N_("Well played!"),
    "your-turn": N_("Your turn, go ahead!"),
    "one-moment": N_("One moment, please."),
    "oops": N_("Oops!"),
    "thanks": N_("Thanks!"),
    "good-game": N_("Good game!"),
}
"""The quick messages of a network table (the protocol's ``PHRASES``), in words."""


def phrase(key: str) -> Words:
    """A quick message as its sender's bubble shows it."""
    return message(PHRASES[key])


def said(seat: int, key: str) -> Words:
    """The log's line for a quick message from ``seat``."""
    return words(_said, seat, key)


def _said(names: Sequence[str], seat: int, key: str) -> str:
    return _("{name}: \u201c{phrase}\u201d").format(name=names[seat], phrase=_(PHRASES[key]))


def late(seat: int, you: int | None) -> Words:
    """The log's line for a turn timer that ran out at ``seat``."""
    return words(_late, seat, you)


def _late(names: Sequence[str], seat: int, you: int | None) -> str:
    if seat == you:
        return _("Your time for this turn ran out: a bot plays the rest of it for you.")
    return _("{name}'s time for this turn ran out: a bot plays the rest of it.").format(
        name=names[seat]
    )


class Teller:
    """Tells the log's entries in words, each once per language and names (the whole
    log had been told again at each new line: 80,000 lines for a game's 400); by
    identity, the entry and not its like. Forgets all past ``most`` * 2 entries."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._key: tuple[object, ...] = ()
        self._said: dict[int, tuple[Words, str]] = {}
        self._lines: tuple[tuple[object, ...], list[str]] = ((), [])

    def lines(self, entries: Sequence[Words], names: Sequence[str], last: int) -> list[str]:
        """The newest ``last`` lines that ``entries`` make (some make none)."""
        newest = id(entries[-1]) if entries else 0
        key = (i18n.current_language(), tuple(names), len(entries), newest, last)
        if key != self._lines[0]:
            told = [line for line in (self(e, names) for e in entries) if line]
            self._lines = (key, told[-last:])
        return self._lines[1]

    def __call__(self, entry: Words, names: Sequence[str]) -> str:
        key = (i18n.current_language(), tuple(names))
        if key != self._key or len(self._said) > 2 * self.most:
            self._key, self._said = key, {}
        got = self._said.get(id(entry))
        if got is None or got[0] is not entry:
            got = self._said[id(entry)] = (entry, entry.text(names))
        return got[1]


def logged(entry: LogEntry, you: int | None) -> Words:
    """The log's line for ``entry``, spoken to seat ``you``, to be worded when drawn
    (empty for events the log leaves out). A toast is the same line."""
    return words(_logged, entry, you)


def _logged(names: Sequence[str], entry: LogEntry, you: int | None) -> str:
    return log_line(entry, names, you) or ""


def log_line(entry: LogEntry, names: Sequence[str], you: int | None) -> str | None:
    """One line of the log for an entry: an engine event or an :class:`Undone`."""
    if isinstance(entry, Undone):
        action = describe(entry.action, entry.discard, names, you)
        if you is not None and entry.seat == you:
            return _("Undo: {action}.").format(action=action)
        return _("{name} took back a move: {action}.").format(name=names[entry.seat], action=action)
    return event_line(entry, names, you)


def event_line(e: ev.Event, names: Sequence[str], you: int | None) -> str | None:
    """One line of the log for event ``e`` (None for events the log leaves out).

    ``names`` are the players' names as words in a sentence; ``you`` is the seat the
    log speaks to (the one human at the table), or None. Every kind of event is
    named here: a new one fails type checking until it is told or left out.
    """

    def is_you(seat: int | None) -> bool:
        return you is not None and seat == you

    nm = names
    match e:
        case ev.RoundStarted():
            if is_you(e.dealer):
                return _("Round {n}, you deal.").format(n=e.round)
            return _("Round {n}, dealt by {name}.").format(n=e.round, name=nm[e.dealer])
        case ev.CardDrawn():
            if is_you(e.seat):
                text = _("You drew {card}.").format(card=card_label(e.card))
            else:
                text = _("{name} drew a card.").format(name=nm[e.seat])
            if e.bonus:
                text += " " + _("(strong bonus)")
            return text
        case ev.CardsTaken():
            cards = " ".join(card_label(c) for c in e.cards)
            if is_you(e.seat):
                return _("You took {cards} from the discard row.").format(cards=cards)
            return _("{name} took {cards} from the discard row.").format(
                name=nm[e.seat], cards=cards
            )
        case ev.MatchPlayed():
            a, b = (card_label(c) for c in e.cards)
            if is_you(e.seat):
                line = _("You played a {type} match: {a} {b}.")
            else:
                line = _("{name} played a {type} match: {a} {b}.")
            return line.format(name=nm[e.seat], type=match_type(e.type), a=a, b=b)
        case ev.AutoMatched():
            a, b = (card_label(c) for c in e.cards)
            if is_you(e.seat):
                line = _("You laid down {a} {b} (no turn yet).")
            else:
                line = _("{name} laid down {a} {b} (no turn yet).")
            return line.format(name=nm[e.seat], a=a, b=b)
        case ev.MatchUpgraded():
            return _upgraded(e, nm, is_you(e.seat), is_you(e.owner))
        case ev.BonusDeclined():
            if is_you(e.seat):
                return _("You skipped the bonus.")
            return _("{name} skipped the bonus.").format(name=nm[e.seat])
        case ev.NegativeFilled():
            return _negative(e, nm, is_you(e.by), is_you(e.seat))
        case ev.MatchesTraded():
            if is_you(e.seat):
                line = _("You traded {a} {b} for {c} {d} from {other}.")
            elif is_you(e.other):
                line = _("{name} traded {a} {b} for your {c} {d}.")
            else:
                line = _("{name} traded {a} {b} for {c} {d} from {other}.")
            a, b = (card_label(c) for c in e.given)
            c, d = (card_label(x) for x in e.taken)
            return line.format(name=nm[e.seat], other=nm[e.other], a=a, b=b, c=c, d=d)
        case ev.CardDiscarded():
            if is_you(e.seat):
                return _("You discarded {card}.").format(card=card_label(e.card))
            return _("{name} discarded {card}.").format(name=nm[e.seat], card=card_label(e.card))
        case ev.WentOut():
            if is_you(e.seat):
                return _("You went out!")
            return _("{name} went out!").format(name=nm[e.seat])
        case ev.DrawPileEmptied():
            return _("The draw pile is empty: the round ends.")
        case ev.RoundScored():
            return _("Round {n} scored.").format(n=e.round)
        case ev.GameOver():
            if len(e.winners) == 1 and is_you(e.winners[0]):
                return _("Game over: you win!")
            names_ = i18n.join_words(nm[s] for s in e.winners)
            return _("Game over: {names} win(s).").format(names=names_)
        case ev.TurnStarted() | ev.CardReturned() | ev.BonusStarted() | ev.RowFilled():
            return None  # shown on the table, or told by the line of the event before
        case _:
            assert_never(e)


def _upgraded(e: ev.MatchUpgraded, nm: Sequence[str], by_you: bool, yours: bool) -> str:
    """The log line of an upgrade: whose match, and where the returned half went."""
    if e.seat == e.owner:
        line = (
            _("You upgraded your match with {card}: now {type}; {ret} came back to you.")
            if by_you
            else _(
                "{name} upgraded their own match with {card}: now {type}; {ret} "
                "went back to their hand."
            )
        )
    elif by_you:
        line = _(
            "You upgraded a match from {owner} with {card}: now {type}; {ret} went back to {owner}."
        )
    elif yours:
        line = _("{name} upgraded your match with {card}: now {type}; {ret} came back to you.")
    else:
        line = _(
            "{name} upgraded a match from {owner} with {card}: now {type}; {ret} "
            "went back to {owner}."
        )
    return line.format(
        name=nm[e.seat],
        owner=nm[e.owner],
        card=card_label(e.card),
        type=match_type(e.type),
        ret=card_label(e.returned),
    )


def _negative(e: ev.NegativeFilled, nm: Sequence[str], by_you: bool, to_you: bool) -> str:
    """The log line of a negative box: a perfect match's penalty, or cards left in hand."""
    if e.reason == "perfect" and e.by is not None:
        if by_you:
            line = _("You gave {name} a negative box.")
        elif to_you:
            line = _("{by} gave you a negative box.")
        else:
            line = _("{by} gave {name} a negative box.")
        return line.format(by=nm[e.by], name=nm[e.seat])
    if to_you:
        return ngettext(
            "You filled {n} negative box for cards in hand.",
            "You filled {n} negative boxes for cards in hand.",
            e.count,
        ).format(n=e.count)
    return ngettext(
        "{name} filled {n} negative box for cards in hand.",
        "{name} filled {n} negative boxes for cards in hand.",
        e.count,
    ).format(name=nm[e.seat], n=e.count)
