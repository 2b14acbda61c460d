"""The table's pure parts, without a window: its layout (from size, seats and reading
direction) and its words (event log lines, the prompt, a hint's action)."""

from __future__ import annotations

import pygame
import pytest

from split.engine import events as ev
from split.engine.actions import Action
from split.engine.cards import MatchType, parse_card
from split.engine.state import GameConfig, GameState
from split.i18n.words import verbatim
from split.ui.table.gestures import drop_action, insert_place, targets_for
from split.ui.table.hits import Hit
from split.ui.table.layout import card_size, lay_out
from split.ui.table.narration import Tone, describe, event_line, prompt_line

C = parse_card
SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]
NAMES = ["Ana", "Bo", "Cy"]


# ---------------------------------------------------------------- layout


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("rtl", [False, True])
def test_every_seat_inside_the_window_and_none_overlap(size, players, rtl):
    lay = lay_out(size, players, rtl)
    window = pygame.Rect((0, 0), size)
    assert len(lay.seats) == players - 1
    for seat in lay.seats:
        assert lay.table_rect.contains(seat)
        assert not seat.colliderect(lay.discard_rect), "a seat reaches into the discard row"
        assert not seat.colliderect(lay.prompt_rect), "a seat covers the prompt"
    assert lay.table_rect.contains(lay.own_seat)  # beside your hand (issue 28)
    for r in (lay.hand_rect, lay.own_rect, lay.prompt_rect, lay.discard_rect):
        assert not lay.own_seat.colliderect(r)
    rects = [*lay.seats, lay.own_seat]
    for i, a in enumerate(rects):
        assert window.contains(a)
        for b in rects[i + 1 :]:
            assert not a.colliderect(b)
    assert not lay.side.colliderect(lay.table_rect)
    assert lay.side.width + lay.table_rect.width == size[0]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("rtl", [False, True])
def test_your_hand_and_board_fill_the_felt_below_your_matches(size, players, rtl):
    """Issue 28: no band of empty felt between your matches and your hand (it was taller
    than a card at 1280x720), the hand as large as fits, your board beside it at the
    bottom on the reading side and as tall as the hand's room."""
    lay = lay_out(size, players, rtl)
    W, H = size
    band = lay.hand_y - lay.own_rect.bottom  # from your matches to the top of the hand
    assert 0 <= band <= 2 * lay.m, band
    hand_h = lay.heights["hand"]
    assert hand_h >= int(H * 0.24) and lay.hand_y + hand_h * 1.09 <= H  # the fan's arc fits
    board, hand = lay.own_seat, lay.hand_rect
    assert board.bottom == H - lay.m and board.top <= lay.own_rect.bottom + 2 * lay.m
    gap = hand.left - board.right if not rtl else board.left - hand.right
    assert 0 <= gap <= 2 * lay.m, "your board is beside your hand"
    assert (board.centerx < hand.centerx) != rtl, "on the reading side"
    assert lay.portrait_rect(board, own=True).height >= lay.heights["back"]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("rtl", [False, True])
def test_the_boards_along_the_top_leave_no_band_of_felt(size, players, rtl):
    """Issue 28 item 1: the other players' boards share the top row from one edge of
    the table to the other, with no felt between them wider than a card (at two seats
    Ada's board took the middle 40 %, leaving a third of the table bare on each side;
    at four, Bo's left bands wider than a card beside the side columns)."""
    lay = lay_out(size, players, rtl)
    card_w = card_size(lay.heights["mid"])[0]
    row = sorted((r for r in lay.seats if r.top == lay.m), key=lambda r: r.left)
    edges = [
        lay.table_rect.left,
        *(x for r in row for x in (r.left, r.right)),
        lay.table_rect.right,
    ]
    gaps = [b - a for a, b in zip(edges[::2], edges[1::2], strict=True)]
    assert all(0 <= g <= 2 * lay.m < card_w for g in gaps), gaps


@pytest.mark.parametrize("players", range(2, 7))
def test_right_to_left_is_the_mirror_image(players):
    ltr, rtl = lay_out((1280, 720), players, False), lay_out((1280, 720), players, True)

    def mirrored(r: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(1280 - r.right, r.top, r.width, r.height)

    names = (
        "side",
        "table_rect",
        "discard_rect",
        "hand_rect",
        "prompt_rect",
        "own_rect",
        "own_seat",
    )
    for name in names:
        assert getattr(rtl, name) == mirrored(getattr(ltr, name)), name
    assert [mirrored(r) for r in ltr.seats] == list(rtl.seats)
    xs = [r.x for r in ltr.seats]  # the next player first: to your left
    assert xs == sorted(xs)
    assert [r.x for r in rtl.seats] == sorted((r.x for r in rtl.seats), reverse=True)


@pytest.mark.parametrize("rtl", [False, True])
@pytest.mark.parametrize("count", [1, 9, 16, 25])
def test_hand_cards_stay_in_the_hand_area_in_reading_order(rtl, count):
    lay = lay_out((1024, 600), 6, rtl)
    pos = lay.hand_positions(count)
    assert len(pos) == count
    xs = [x for x, _y in pos]
    assert xs == sorted(xs, reverse=rtl)
    for x, y in pos:
        assert lay.hand_rect.left <= x and x < lay.hand_rect.right and y >= lay.hand_rect.top
    assert lay.hand_positions(1)[0][1] == lay.hand_y  # one card sits at the top of the arc


@pytest.mark.parametrize("rtl", [False, True])
def test_the_discard_row_spreads_so_every_card_shows(rtl):
    """R4.3: the row stays inside its area, each card at least half a card from the next."""
    lay = lay_out((1024, 600), 6, rtl)
    for count in (1, 8, 20, 40, 60):
        grid = lay.discard_grid(count)
        assert lay.discard_grid(count) is grid  # worked out once per count
        positions = [lay.discard_pos(i, count) for i in range(count)]
        for x, y in positions:
            assert lay.discard_rect.left <= x < lay.discard_rect.right
            assert lay.discard_rect.top <= y < lay.discard_rect.bottom
        assert len(set(positions)) == count


def test_the_pile_stacks_up_as_it_grows():
    lay = lay_out((1280, 720), 3, False)
    assert lay.pile_top(0) == lay.pile_pos
    assert lay.pile_top(104) == (lay.pile_pos[0] - 6, lay.pile_pos[1] - 6)


# ---------------------------------------------------------------- narration


def test_the_log_keeps_other_hands_secret_and_speaks_to_you():
    drawn = ev.CardDrawn(1, C("7H"), False, 50)
    assert event_line(drawn, NAMES, you=1) == "You drew 7\u2665."
    assert event_line(drawn, NAMES, you=0) == "Bo drew a card."
    bonus = ev.CardDrawn(2, C("7H"), True, 50)
    assert event_line(bonus, NAMES, you=None) == "Cy drew a card. (strong bonus)"


def test_upgrade_penalty_and_game_over_lines():
    up = ev.MatchUpgraded(
        1, C("7D"), 0, 0, (C("7C"), C("7H")), MatchType.WEAK, C("7H"), C("7C"),
        (C("7D"), C("7H")), MatchType.STRONG, 0,
    )  # fmt: skip
    assert event_line(up, NAMES, you=0) == (
        "Bo upgraded your match with 7\u2666: now strong; 7\u2663 came back to you."
    )
    penalty = ev.NegativeFilled(2, 1, 1, "perfect", 0)
    assert event_line(penalty, NAMES, you=2) == "Ana gave you a negative box."
    hand = ev.NegativeFilled(1, 2, 3, "hand", None)
    assert event_line(hand, NAMES, you=None) == "Bo filled 2 negative boxes for cards in hand."
    assert event_line(ev.GameOver((5, 3, 1), (0,)), NAMES, you=0) == "Game over: you win!"
    assert event_line(ev.TurnStarted(1), NAMES, you=0) is None  # not every event is news


def test_the_prompt_says_why_a_move_was_refused_and_whose_turn_it_is():
    state = GameState.new(GameConfig(3, 0, 1))  # seat 1 starts (R2.4)
    text, tone = prompt_line(
        state, NAMES, error=verbatim("draw first"), note=None, busy=False, your_turn=True
    )
    assert (text, tone) == ("Not allowed: draw first", Tone.REFUSED)
    text, tone = prompt_line(state, NAMES, error=None, note=None, busy=False, your_turn=False)
    assert (text, tone) == ("Bo is playing\u2026", Tone.WAITING)
    text, tone = prompt_line(state, NAMES, error=None, note=None, busy=False, your_turn=True)
    assert text.startswith("Your turn: draw") and tone is Tone.YOUR_TURN
    # while cards fly the prompt still says whose turn it is: the one shown playing
    busy = prompt_line(state, NAMES, error=None, note=None, busy=True, your_turn=False, current=2)
    assert busy == ("Cy is playing\u2026", Tone.WAITING)
    mine = prompt_line(
        state, NAMES, error=None, note=None, busy=True, your_turn=False, current=1, you=1
    )
    assert mine == ("Your turn\u2026", Tone.YOUR_TURN)


def test_refusals_are_worded_with_card_signs_not_notation():
    from split.engine.refusals import Refusal, Why
    from split.ui.table.narration import refusal_text

    taken = Refusal(Why.USE_TAKEN_FIRST, (C("QS"),), rule="R4.2")
    assert refusal_text(taken) == "first make a play that uses the card you took, Q\u2660 (R4.2)"
    assert refusal_text(Refusal(Why.CANNOT_TAKE, (C("KC"),), rule="R4.2")).startswith(
        "K\u2663 cannot be taken"
    )
    weak = Refusal(Why.NOT_STRONGER, (C("7D"),), match_type=MatchType.STRONG, rule="R5.2")
    assert refusal_text(weak) == "7\u2666 does not make this strong match stronger (R5.2)"


def test_every_refusal_code_has_words():
    from split.engine.refusals import Refusal, Why
    from split.ui.table.narration import refusal_text

    for why in Why:
        text = refusal_text(Refusal(why, (C("7H"), C("8H")), (1, 0), MatchType.WEAK))
        assert text and "{" not in text and "7H" not in text


def test_a_hint_to_upgrade_your_own_match_says_your():
    up = Action.upgrade(C("7D"), 1, 0)
    assert describe(up, [], NAMES, you=1) == "upgrade your match with 7\u2666"
    assert describe(up, [], NAMES, you=0) == "upgrade a match from Bo with 7\u2666"


def test_a_hint_describes_its_action():
    assert describe(Action.draw(), [], NAMES) == "draw a card"
    assert (
        describe(Action.take(1), [C("3D"), C("7S")], NAMES) == "take 7\u2660 from the discard row"
    )
    assert describe(Action.penalize(2), [], NAMES) == "give Cy a negative box"


def test_a_trade_of_yours_names_the_matches_it_swaps():
    """Issue 17: two trades with the same player differ only in the matches; the round
    summary's "rather than" must tell them apart."""
    matches = [
        [(C("7C"), C("7H"))],
        [(C("9S"), C("9D")), (C("QS"), C("QD"))],
        [],
    ]
    first, second = Action.trade(0, 1, 0), Action.trade(0, 1, 1)
    assert describe(first, [], NAMES) == "trade with Bo"
    said = [describe(a, [], NAMES, 0, matches) for a in (first, second)]
    assert said == [
        "trade your 7♣ 7♥ for 9♠ 9♦ from Bo",
        "trade your 7♣ 7♥ for Q♠ Q♦ from Bo",
    ]


def test_what_the_table_keeps_to_say_is_a_value_worded_in_the_language_of_the_draw():
    """Issue 24: refusals, how-tos, hints and log lines are kept as words to be (a
    message or a narration function with its arguments): equal for equal arguments,
    hashable, and worded whole in the language current when drawn."""
    from split import i18n
    from split.engine.refusals import Refusal, Why
    from split.engine.view import PlayerView
    from split.i18n import N_
    from split.i18n.words import message
    from split.ui.table.narration import hint_words, logged, not_a_match, refused

    state = GameState.new(GameConfig(3, 0, 1))
    view = PlayerView.of(state, 1)
    taken = Refusal(Why.USE_TAKEN_FIRST, (C("QS"),), rule="R4.2")
    upgraded = ev.MatchUpgraded(
        1, C("7D"), 0, 0, (C("7C"), C("7H")), MatchType.WEAK, C("7H"), C("7C"),
        (C("7D"), C("7H")), MatchType.STRONG, 0,
    )  # fmt: skip

    def kept():
        return [
            refused(taken),
            not_a_match(C("2C"), C("KH")),
            message(N_("Pick a card from your hand first.")),
            hint_words(Action.draw(), view, tuple(state.discard), 1),
            logged(upgraded, 0),
        ]

    assert kept() == kept() and len({*kept()}) == len(kept())
    try:
        english = [w.text(NAMES) for w in kept()]
        assert english[0] == "first make a play that uses the card you took, Q\u2660 (R4.2)"
        assert english[3].startswith("Hint: draw a card. Draw from the pile")
        assert english[4].startswith("Bo upgraded your match with 7\u2666")
        i18n.set_language("gl")
        galician = [w.text(NAMES) for w in kept()]
        catalog = i18n.catalog("gl")
        assert "(R4.2)" in galician[0] and "Q\u2660" in galician[0]
        assert galician[2] == catalog.gettext("Pick a card from your hand first.")
        assert all(g != e for g, e in zip(galician, english, strict=True))
    finally:
        i18n.set_language("en")


def test_words_keep_values_not_live_objects():
    from split.i18n.words import words

    def said(names, cards):
        return " ".join(cards)

    with pytest.raises(TypeError):
        words(said, ["7H"])  # a list could change after it was said
    assert words(said, ("7H", "7D")).text() == "7H 7D"


# ---------------------------------------------------------------- what a drop means


def test_a_drop_becomes_the_action_it_shows():
    nowhere = pygame.Rect(0, 0, 0, 0)
    hand = [C("7D"), C("7H"), C("2C")]

    def hit(kind: str, a: int = -1, b: int = -1) -> Hit:
        return Hit(kind, a, b, nowhere)

    assert drop_action(hit("hand", 0), hit("hand", 1), hand, 0, "play") == Action.match(
        C("7D"), C("7H")
    )
    # on a card of another rank: not a match, said so (it used to reorder silently)
    assert drop_action(hit("hand", 0), hit("hand", 2), hand, 0, "play") == "not-a-match"
    # on the seam between two cards: the card moves there, whatever the ranks
    assert drop_action(hit("hand", 0), hit("hand", 2), hand, 0, "play", between=True) == "reorder"
    assert drop_action(hit("hand", 0), hit("hand", 1), hand, 0, "play", True) == "reorder"
    assert drop_action(hit("hand", 2), hit("discard_area"), hand, 0, "play") == Action.discard(
        C("2C")
    )
    assert drop_action(hit("pile"), hit("hand_area"), hand, 0, "start") == Action.draw()
    assert drop_action(hit("hand", 0), None, hand, 0, "play") is None
    legal = [Action.match(C("7D"), C("7H")), Action.discard(C("7D"))]
    assert targets_for(hit("hand", 0), legal, hand) == {("hand", 1, -1), ("discard_area", -1, -1)}


def test_a_seam_is_near_a_card_edge_and_the_middle_is_the_card():
    from split.ui.table.gestures import on_seam

    lefts = [100, 140, 180]  # 80-wide cards, 40 px of each showing
    assert on_seam(lefts, 80, 141) and on_seam(lefts, 80, 178)
    assert not on_seam(lefts, 80, 160)  # the middle of the second card's strip
    assert on_seam(lefts, 80, 258)  # the right edge of the last card


@pytest.mark.parametrize("rtl", [False, True])
def test_a_card_dropped_in_the_hand_goes_where_it_was_dropped(rtl):
    lefts = [0, 50, 100] if not rtl else [100, 50, 0]
    assert insert_place(lefts, 20, 75 if not rtl else 45, rtl) == 2
    assert insert_place(lefts, 20, -5 if not rtl else 200, rtl) == 0


# ---------------------------------------------------------------- what a seat shows


@pytest.mark.parametrize("seed", range(4))
def test_matches_add_nothing_more_once_the_round_is_scored(seed):
    """Issue 24 item 5: a seat shows what its matches would add if the round ended now
    (R8.2, R9.1); once the round's scoring filled their boxes they add nothing more
    (the tutorial's last sheet showed "+80"), in a picture kept by the events as in one
    rebuilt from the state (a game resumed at the round's end)."""
    import random

    from split.engine import Game
    from split.ui.model import TableModel

    game = Game(GameConfig(3, 0, seed))
    model = TableModel.before_deal(3, 0, 104)
    rng = random.Random(seed)
    worth_seen = 0
    for e in game.opening_events:
        model.apply_event(e)
    while game.state.phase != "round-over":
        worth_seen = max(worth_seen, *(model.worth_now(s) for s in range(3)))
        action = rng.choice(sorted(game.state.legal_actions(), key=str))
        for e in game.apply(action):
            model.apply_event(e)
    assert worth_seen > 0, "matches were worth something while the round was played"
    rebuilt = TableModel.from_state(game.state)
    for picture in (model, rebuilt):
        assert [picture.worth_now(s) for s in range(3)] == [0, 0, 0]
    assert rebuilt.round_rows == model.round_rows
    assert rebuilt.round_negatives == model.round_negatives


def test_a_copy_of_the_picture_shares_no_list_with_it():
    """A frame's picture is a copy (``TableModel.copy``, made at each change the mouse
    makes): equal to a deep copy, with no list of its own shared, for every field (a
    field added to the picture is covered by this test, not forgotten by the copy)."""
    import copy
    import dataclasses
    import random

    from split.engine import Game
    from split.ui.model import TableModel

    game = Game(GameConfig(3, 0, 5))
    model = TableModel.before_deal(3, 0, 104)
    for e in game.opening_events:
        model.apply_event(e)
    rng = random.Random(5)
    while game.state.phase != "round-over":  # a scored round: every field filled
        for e in game.apply(rng.choice(sorted(game.state.legal_actions(), key=str))):
            model.apply_event(e)
    assert model.last_scored is not None and any(model.round_rows)
    twin = model.copy()
    assert twin == copy.deepcopy(model)

    def lists(value: object) -> list[list]:
        if not isinstance(value, list):
            return []
        return [value, *(inner for item in value for inner in lists(item))]

    for f in dataclasses.fields(model):
        mine, its = lists(getattr(model, f.name)), lists(getattr(twin, f.name))
        assert all(a is not b for a in mine for b in its), f"{f.name} is shared"
    twin.hands[0].append(0)
    twin.rows[1][0] += 1
    assert model != twin
