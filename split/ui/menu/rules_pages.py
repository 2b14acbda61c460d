"""The rules of RULES.md in the player's words, page by page, with pictures of real cards.

Strings are marked with ``N_`` (extracted for translation) and translated when a
page is drawn, so a language switch shows at once. A picture is a row of card
groups: each group is one or two cards in notation, shown joined when two.
"""

from __future__ import annotations

from dataclasses import dataclass

from split.i18n import N_

from ..shortcuts import KEYS, KEYS_TITLE


@dataclass(frozen=True)
class Picture:
    """A row of card groups under a page, with its caption."""

    groups: tuple[tuple[str, ...], ...]
    caption: str


@dataclass(frozen=True)
class RulesPage:
    """One page of the rules: a title, its paragraphs, maybe a picture."""

    title: str
    paragraphs: tuple[str, ...]
    picture: Picture | None = None


# Rules a reader of the box may have read otherwise, stated in their own words
R2_2 = N_(
    "The players choose who deals first when they set up a game; if they do not, the "
    "first dealer is drawn at random."
)
R6_1 = N_("Perfect: you must choose another player; they fill in one negative box.")
R6_3 = N_(
    "Weak: you may trade one of your matches, the one you just made included, for "
    "another player's match of the same kind. You may also pass."
)
R8_3 = N_(
    "The player who went out deals the next round. If the round ended on the draw pile, "
    "the deal passes to the player after the last dealer."
)
R1_4 = N_(
    "The four reference cards of the box sum up matches, bonuses, the turn and scoring. "
    "At the table the Reference button (R) shows them."
)
R4_2 = N_(
    "The cards you take along with it may be part of that play: take a 7 with the 7 "
    "discarded after it, and lay the two down as a match."
)
R7_2 = N_(
    "This is done for them: the game pairs identical halves first, then halves of one "
    "colour, then the rest, and lays down as many matches as their hand allows."
)
R7_3 = N_(
    "It happens only when someone goes out, not when the draw pile runs out. A player has "
    "had a turn as soon as their turn begins."
)
R9_4 = N_(
    "Rows have no last box: a row's value keeps growing, and three rounds can bring up to "
    "twelve matches of one rank."
)
R10 = N_(
    "Everyone sees their own hand, every match on the table, the whole discard row, how "
    "many cards each player holds and how many are left in the draw pile, every score "
    "sheet, and everything played, taken or discarded so far. Other hands and the order of "
    "the draw pile stay hidden. The computer players see exactly this and nothing more."
)
STATED = {
    "R1.4": R1_4,
    "R2.2": R2_2,
    "R4.2": R4_2,
    "R6.1": R6_1,
    "R6.3": R6_3,
    "R7.2": R7_2,
    "R7.3": R7_3,
    "R8.3": R8_3,
    "R9.4": R9_4,
    "R10": R10,
}
"""The rules each page states in its own sentence (tests check every language has them)."""

PAGES: tuple[RulesPage, ...] = (
    RulesPage(
        N_("Half-cards"),
        (
            N_(
                "Split is played with 104 half-cards: every ordinary playing card, "
                "cut in two. Each of the 52 cards appears twice, and its two halves are "
                "identical. Hearts and diamonds are red; clubs and spades are black."
            ),
            N_(
                "Two to six players each get 9 cards. One card is turned face up to start "
                "the discard row; the rest is the draw pile. The player after the dealer "
                "begins, and play passes to the left. A game lasts three rounds."
            ),
            R2_2,
        ),
        Picture((("7H",), ("7H",), ("QS",), ("AD",)), N_("Half-cards: two 7♥ halves, Q♠, A♦")),
    ),
    RulesPage(
        N_("Matches"),
        (
            N_("A match is two halves of the same rank. There are three kinds:"),
            N_("Weak: same rank, different colours (a red and a black half)."),
            N_("Strong: same rank and colour, different suits (7♥ with 7♦)."),
            N_("Perfect: two identical halves (7♥ with 7♥). A perfect match looks whole."),
        ),
        Picture(
            (("7H", "7S"), ("7H", "7D"), ("7H", "7H")),
            N_("Weak, strong and perfect matches of sevens"),
        ),
    ),
    RulesPage(
        N_("Your turn"),
        (
            N_(
                "Start your turn with one of two moves. Draw the top card of the draw pile, "
                "or take a card from the discard row together with every card discarded "
                "after it. You may only take a card you can use at once: your next play "
                "must use it."
            ),
            R4_2,
            N_(
                "Then make as many plays as you like: put a match from your hand on the "
                "table, or upgrade a match. End your turn by discarding one card onto the "
                "discard row. You must always keep a card to discard."
            ),
            N_(
                "If the draw pile's last card is drawn, the round ends at once. If you "
                "discard your last card, you have gone out and the round ends."
            ),
        ),
    ),
    RulesPage(
        N_("Upgrades"),
        (
            N_(
                "Put one card from your hand onto any match on the table, yours or another "
                "player's, so that it forms a stronger match with one of its halves. Weak "
                "can become strong or perfect; strong can become perfect."
            ),
            N_(
                "The new match is yours, even if the old one belonged to someone else. The "
                "half left over goes back into the hand of the player who owned the match."
            ),
        ),
        Picture(
            (("7H", "7S"), ("7H",), ("7H", "7H"), ("7S",)),
            N_("7♥ upgrades 7♥+7♠ to a perfect match; the 7♠ goes back to its owner"),
        ),
    ),
    RulesPage(
        N_("Bonuses"),
        (
            N_("Every match you make, by playing or upgrading, earns its bonus at once:"),
            R6_1,
            N_("Strong: you may draw the top card of the draw pile."),
            R6_3,
        ),
    ),
    RulesPage(
        N_("Going out early"),
        (
            N_(
                "If someone goes out before every player has had a turn this round, each "
                "player who has not had a turn lays down every match they can make from "
                "their hand, without upgrades or bonuses, before the round is scored."
            ),
            R7_2,
            R7_3,
        ),
    ),
    RulesPage(
        N_("Scoring"),
        (
            N_(
                "When a round ends, every player except the one who went out fills in one "
                "negative box for each card left in hand. Then every player fills in one box "
                "in a rank's row for each match of that rank in front of them."
            ),
            N_(
                "A row is worth the number in its first open box, so collecting one rank "
                "pays more and more: 5, 15, 30, 50… for 2 to 9; 10, 30, 60, 100… for 10, J, "
                "Q and K; 15, 45, 90, 150… for aces."
            ),
            N_(
                "Negative boxes cost 2 each for the first five, 3 each for the next five, "
                "5 each for the next five and 10 each after that. Your score is your rows "
                "minus your negatives. After three rounds the highest score wins; equal "
                "highest scores share the win."
            ),
        ),
        Picture((("AH", "AS"), ("AC", "AC"), ("AD", "AH")), N_("Three ace matches: 90 points")),
    ),
    RulesPage(
        N_("The next round"),
        (
            R8_3,
            N_("A game lasts three rounds; each player keeps one score sheet for all three."),
            R9_4,
        ),
    ),
    RulesPage(N_("What you can see"), (R10, R1_4)),
    RulesPage(KEYS_TITLE, KEYS),
    RulesPage(
        N_("Words"),
        (
            N_("The game's words, for readers of the rules in the box:"),
            N_("Half-card: one half of a playing card; each appears twice."),
            N_("Match: two halves of one rank, weak, strong or perfect."),
            N_("Upgrade: a half laid on a match to make it stronger; the match is yours."),
            N_("Discard row: the discarded cards, spread so every card shows."),
            N_("Draw pile: the face-down cards you draw from."),
            N_("Negative box: a box of the sheet's bottom row; each costs points."),
            N_("Going out: discarding your last card; the round ends."),
        ),
        Picture(
            (("7H",), ("7H", "7S"), ("7H", "7D"), ("7H", "7H")),
            N_("A half-card, then a weak, a strong and a perfect match"),
        ),
    ),
)
