"""The tutorial's deal and its script: what you are asked to do at each step, in words.

The deal is a laid-out setup in the notation (``assets/tutorial/deal.json``): you and
Ada, you first. The script is the whole round as actions in the notation, yours and
Ada's; each of yours has a coach line. The round teaches, in order: drawing, a weak
match and its trade (R6.3), a strong match and its bonus card (R6.2), a perfect match
and its negative box (R6.1), upgrading your own match (R5.2), skipping a bonus (R6.4),
discarding (R4.4); then, after Ada's turn, taking from the discard row with the card
above it (R4.1, R4.2), upgrading Ada's match to take it, and going out (R4.4, R8).
Between the steps it asks you once to take a move back (Undo, after your nines) and
once to ask for a hint (before you take from the discard row). A short second round
shows going out early (R7): you went out, so you deal (R8.3) and Ada plays first; she
goes out on her first turn, and every match your hand can make is laid down for you.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from split.engine import Game
from split.engine.actions import Action, parse_action
from split.engine.cards import card_label, parse_card
from split.engine.notation import parse_config
from split.i18n import N_, _
from split.resources import asset_root

YOU, ADA = 0, 1
MAX_DEAL_BYTES = 64 * 1024  # the shipped deal is a few hundred bytes


@dataclass(frozen=True)
class Step:
    """One action of the lesson: who plays it, and the coach's words (a catalog
    message with ``{a}``, ``{b}``, ``{c}`` for the step's cards; each of yours has
    them, Ada's may)."""

    seat: int
    action: str
    say: str = ""
    cards: tuple[str, ...] = ()

    @property
    def parsed(self) -> Action:
        return parse_action(self.action)

    def words(self) -> str:
        """The coach line in the current language, cards written as the table writes them."""
        names = dict(zip("abc", (card_label(parse_card(c)) for c in self.cards), strict=False))
        return _(self.say).format(**names)


ADA_FIRST = N_(
    "Round 2. You went out, so you dealt, and Ada plays first. Watch her turn: nobody "
    "else has had a turn yet."
)

STEPS: tuple[Step, ...] = (
    Step(
        YOU,
        "draw",
        N_(
            "Welcome to Split! Every card is half a playing card. Start your turn: drag "
            "the draw pile to your hand (or click it)."
        ),
    ),
    Step(
        YOU,
        "match 5H 5S",
        N_(
            "Two cards of the same rank make a match. Drag {a} onto {b}: a red and a "
            "black card make a weak match."
        ),
        ("5H", "5S"),
    ),
    Step(
        YOU,
        "trade 0 1.0",
        N_(
            "A weak match earns a trade. Drag your new match onto Ada's kings, a weak "
            "match too: you swap them, and kings score more."
        ),
    ),
    Step(
        YOU,
        "match 9D 9H",
        N_("Two cards of one colour make a strong match. Drag {a} onto {b}."),
        ("9D", "9H"),
    ),
    Step(
        YOU,
        "draw",
        N_("A strong match earns a bonus card: drag the glowing pile to your hand."),
    ),
    Step(
        YOU,
        "match QS QS",
        N_("Two identical halves make a perfect match. Drag {a} onto the other {a}."),
        ("QS",),
    ),
    Step(
        YOU,
        "penalize 1",
        N_(
            "A perfect match gives another player a negative box: drag the red chip onto "
            "Ada's seat (or click it)."
        ),
    ),
    Step(
        YOU,
        "upgrade KD 0.0",
        N_(
            "Upgrade: lay a card on a match to make it stronger. Drag {a} onto your kings: "
            "{a} and {b} make a strong match, and {c} comes back to your hand."
        ),
        ("KD", "KH", "KC"),
    ),
    Step(YOU, "pass", N_("You could draw another bonus card. This time, press Skip.")),
    Step(
        YOU,
        "discard 2C",
        N_("End your turn by discarding a card: drag {a} onto the discard row."),
        ("2C",),
    ),
    Step(ADA, "draw"),
    Step(ADA, "discard JH"),
    Step(
        YOU,
        "take 1",
        N_(
            "Instead of drawing you may take a card from the discard row, with every card "
            "above it, if you can use it at once. Drag {a} to your hand: {b} comes along."
        ),
        ("2C", "JH"),
    ),
    Step(
        YOU,
        "upgrade 2C 1.0",
        N_(
            "Use {a} at once: drop it on Ada's twos. {a} and {b} make a strong match, so "
            "you take the match from Ada and {c} goes back to her hand."
        ),
        ("2C", "2S", "2H"),
    ),
    Step(YOU, "pass", N_("Skip the bonus card.")),
    Step(YOU, "match JC JH", N_("Match {a} with {b}."), ("JC", "JH")),
    Step(YOU, "pass", N_("Skip the trade.")),
    Step(
        YOU,
        "discard KC",
        N_(
            "Discard your last card to go out: the round ends, and every match fills a "
            "box on your score sheet. Drag {a} onto the discard row."
        ),
        ("KC",),
    ),
    # the second round: going out early (R7)
    Step(YOU, "next-round", N_("One more rule to see: press Next round.")),
    *(
        Step(ADA, action, ADA_FIRST)
        for action in ("draw", "match 7C 7S", "pass", "match 10D 10H", "pass", "discard 5D")
    ),
)

ADA_TURN = N_("Now Ada plays. Watch the discard row.")
# before you take from the discard row, you are shown the Hint button
HINT_AT = next(i for i, step in enumerate(STEPS) if step.action == "take 1")
ASK_HINT = N_(
    "Not sure what to do? Press Hint (H) or the glowing Hint button: it lights a good "
    "move and says why."
)
# your strong match of nines is taken back once, then played again
UNDO_AFTER = next(i for i, step in enumerate(STEPS) if step.action == "match 9D 9H")
ASK_UNDO = N_(
    "Changed your mind? Undo takes back a move of this turn, up to your last draw from "
    "the pile. Press the glowing Undo button (or Ctrl+Z)."
)
# said over the score sheets when a round ends, before the next step's words
DONE = N_(
    "Each match crossed a box in its rank's row: a row scores its first open box. Cards "
    "left in hand fill negative boxes. A game is three rounds; the highest score wins."
)
EARLY = N_(
    "Ada went out before you had a turn, so every match your hand could make was laid "
    "down for you (R7): no upgrades and no bonuses, but each one scores. The card left "
    "in your hand fills a negative box. You know the whole game now."
)


def load_deal() -> Game:
    """The tutorial's game, from its laid-out setup (validated by the engine)."""
    path = asset_root() / "tutorial" / "deal.json"
    with path.open("rb") as f:
        raw = f.read(MAX_DEAL_BYTES + 1)
    if len(raw) > MAX_DEAL_BYTES:
        raise ValueError(f"{path} is too large for a tutorial deal")
    return Game(parse_config(json.loads(raw.decode("utf-8"))))


def step_at(done: int) -> Step | None:
    """The step after ``done`` actions of the round, or None when the script is over."""
    return STEPS[done] if done < len(STEPS) else None
