"""One test (or a few) per rule of RULES.md, each built from a small laid-out position."""

from __future__ import annotations

import json

import pytest
from engine_helpers import legal, play, position, seat_json

from split.engine import events as ev
from split.engine.actions import parse_action
from split.engine.cards import (
    DECK_SIZE,
    MatchType,
    canonical_deck,
    card_str,
    is_red,
    match_type,
    parse_card,
)
from split.engine.notation import parse_config, state_json
from split.engine.setup import GameConfig, SetupError
from split.engine.sheet import negative_value, row_value
from split.engine.state import IllegalAction, Scratch

C = parse_card


def test_r1_1_deck_has_every_card_twice():
    deck = canonical_deck()
    assert len(deck) == DECK_SIZE == 104
    assert all(deck.count(c) == 2 for c in range(52))
    assert [card_str(c) for c in deck[:4]] == ["AC", "AC", "AD", "AD"]


def test_r1_2_colours():
    assert is_red(C("7H")) and is_red(C("7D"))
    assert not is_red(C("7C")) and not is_red(C("7S"))


def test_r2_1_play_passes_to_the_left():
    s = position([["2C", "5H"], ["3C", "6H"], ["4C", "7H"]])
    assert s.current == 0
    play(s, "draw", "discard 2C")
    assert s.current == 1
    play(s, "draw", "discard 3C")
    assert s.current == 2
    play(s, "draw", "discard 4C")
    assert s.current == 0


def test_r2_3_deal_one_card_at_a_time_from_the_player_after_the_dealer():
    deck = canonical_deck()  # AC AC AD AD AH AH AS AS 2C ...
    config = parse_config(
        {"players": 3, "dealer": 1, "rounds": [{"deck": [card_str(c) for c in deck]}]}
    )
    s = Scratch.new(config)
    # seat 2 (after dealer 1) gets deck[0], seat 0 deck[1], seat 1 deck[2], ...
    assert sorted(s.hands[2]) == sorted(deck[0:27:3])
    assert sorted(s.hands[0]) == sorted(deck[1:27:3])
    assert sorted(s.hands[1]) == sorted(deck[2:27:3])
    assert all(len(h) == 9 for h in s.hands)
    assert s.discard == [deck[27]]
    assert len(s.draw) == 104 - 28
    assert s.draw[-1] == deck[28]  # the top of the draw pile is the next card


def test_r2_4_player_after_dealer_starts():
    s = Scratch.new(GameConfig(4, dealer=2, seed=3))
    assert s.current == 3 and s.phase == "start"


def test_r2_3_r2_4_the_first_deal_is_told_by_its_events():
    deck = canonical_deck()
    config = parse_config(
        {"players": 3, "dealer": 1, "rounds": [{"deck": [card_str(c) for c in deck]}]}
    )
    s, events = Scratch.start(config)
    started, turn = events
    assert isinstance(started, ev.RoundStarted) and started.round == 1 and started.dealer == 1
    # R2.3: one card at a time from the seat after the dealer, 9 each
    assert [seat for seat, _card in started.deal[:4]] == [2, 0, 1, 2]
    assert [card for _seat, card in started.deal] == deck[:27]
    for seat in range(3):
        assert sorted(c for p, c in started.deal if p == seat) == sorted(s.hands[seat])
    assert started.discard == (deck[27],) and started.draw_pile == 104 - 28
    assert turn == ev.TurnStarted(2)  # R2.4: the player after the dealer starts
    assert state_json(Scratch.new(config)) == state_json(s)


def test_r2_3_a_game_keeps_the_events_of_its_first_deal():
    from split.engine import Game

    config = GameConfig(4, dealer=2, seed=11)
    game = Game(config)
    opening = Scratch.start(config)[1]
    assert game.opening_events == opening
    for action in game.state.legal_actions()[:1]:
        game.apply(action)
    assert game.opening_events == opening, "later actions do not change the first deal"
    assert Game.from_json(game.to_json()).opening_events == opening


def test_r3_3_matches_laid_out_before_play_are_in_the_opening_events():
    config = parse_config(
        {
            "players": 2,
            "dealer": 1,
            "rounds": [{"hands": [["2C"], ["3C"]], "draw": ["4C"], "table": [[["7H", "7D"]], []]}],
        }
    )
    s, (started, _turn) = Scratch.start(config)
    assert [sorted(m) for m in started.table[0]] == [sorted((C("7H"), C("7D")))]
    assert started.table == tuple(tuple(m) for m in s.matches)  # R3.3: in front of seat 0


def test_r3_1_different_ranks_never_match():
    assert match_type(C("7H"), C("8H")) is None
    s = position([["7H", "8H", "2C"], ["3C"]])
    play(s, "draw")
    with pytest.raises(IllegalAction, match="same rank"):
        play(s, "match 7H 8H")


def test_r3_2_match_types():
    assert match_type(C("7H"), C("7S")) is MatchType.WEAK
    assert match_type(C("7H"), C("7D")) is MatchType.STRONG
    assert match_type(C("7H"), C("7H")) is MatchType.PERFECT
    assert MatchType.WEAK < MatchType.STRONG < MatchType.PERFECT


def test_r4_1_draw_takes_the_top_card():
    s = position([["2C"], ["3C"]], draw=["QH"])
    events = play(s, "draw")
    assert C("QH") in s.hands[0]
    assert events[0] == ev.CardDrawn(0, C("QH"), False, len(s.draw))
    assert s.phase == "play"


def test_r4_1_drawing_the_last_card_ends_the_round_at_once():
    # Every card but one is in hands or the discard row.
    deck = canonical_deck()
    hands = [[card_str(c) for c in deck[:50]], [card_str(c) for c in deck[50:100]]]
    discard = [card_str(c) for c in deck[100:103]]
    s = position(hands, discard=discard)
    assert len(s.draw) == 1
    events = play(s, "draw")
    assert any(isinstance(e, ev.DrawPileEmptied) for e in events)
    assert s.phase == "round-over" and s.current is None
    # R8.2: nobody went out, so both pay for every card in hand
    assert s.negatives == [51, 50]


def test_r4_1_take_brings_the_cards_above_it():
    s = position([["7H", "2C", "3C"], ["4C"]], discard=["7D", "9S", "KH"])
    assert "take 0" in legal(s)
    events = play(s, "take 0")
    assert sorted(s.hands[0]) == sorted(C(x) for x in ["7H", "2C", "3C", "7D", "9S", "KH"])
    assert s.discard == []
    assert events == [ev.CardsTaken(0, 0, (C("7D"), C("9S"), C("KH")))]


def test_r4_2_only_a_usable_card_may_be_taken():
    s = position([["7H", "2C"], ["4C"]], discard=["7D", "9S"])
    # 7D + 7H match leaves 9S and 2C: legal. 9S has no partner and no match to upgrade.
    assert legal(s) == ["draw", "take 0"]
    with pytest.raises(IllegalAction, match="R4.2"):
        play(s, "take 1")
    assert s.discard == [C("7D"), C("9S")]  # untouched


def test_r4_2_cards_taken_along_may_be_part_of_the_play():
    # 9S pairs with the 9C taken along above it.
    s = position([["2C"], ["4C"]], discard=["9S", "9C"])
    assert "take 0" in legal(s)


def test_r4_2_taking_counts_r5_4():
    # Taking the 7D gives hand 7H 7D: the match would leave nothing to discard.
    s = position([["7H"], ["4C"]], discard=["7D"])
    assert legal(s) == ["draw"]


def test_r4_2_next_play_must_use_the_taken_card():
    s = position([["7H", "2C", "2D", "5S"], ["4C"]], discard=["7D"])
    play(s, "take 0")
    assert s.must_use == C("7D")
    assert legal(s) == ["match 7D 7H"]  # no 2C+2D, no discard
    with pytest.raises(IllegalAction, match="must use"):
        play(s, "match 2C 2D")
    with pytest.raises(IllegalAction, match="R4.2"):
        play(s, "discard 5S")
    play(s, "match 7D 7H", "pass")
    assert s.must_use is None
    assert "match 2C 2D" in legal(s) and "discard 5S" in legal(s)


def test_r4_2_take_for_an_upgrade():
    s = position([["2C"], ["4C"]], discard=["7H"], table=[[], [["7H", "7S"]]])
    assert "take 0" in legal(s)
    play(s, "take 0")
    assert legal(s) == ["upgrade 7H 1.0"]


def test_r4_3_discard_row_is_visible_to_all():
    s = position([["2C"], ["4C"]], discard=["7H", "9S", "KD"])
    assert state_json(s)["discard"] == ["7H", "9S", "KD"]


def test_r4_4_discard_ends_the_turn_on_top_of_the_row():
    s = position([["2C", "5H"], ["4C"]], discard=["7H"])
    play(s, "draw", "discard 5H")
    assert s.discard == [C("7H"), C("5H")]
    assert s.current == 1 and s.phase == "start"


def test_r4_4_you_cannot_go_out_without_discarding():
    # Holding 7H 7D after a draw: matching both is refused (R5.4), so a discard ends it.
    s = position([["7H"], ["4C"]], draw=["7D"])
    play(s, "draw")
    assert legal(s) == ["discard 7D", "discard 7H"]


def test_r5_1_play_a_match_from_hand():
    s = position([["7H", "7D", "KS"], ["4C"]])
    play(s, "draw")
    events = play(s, "match 7D 7H")
    assert s.matches[0] == [(C("7D"), C("7H"))]
    assert isinstance(events[0], ev.MatchPlayed) and events[0].type is MatchType.STRONG
    assert s.phase == "strong-bonus"


def test_r5_2_upgrade_takes_the_match():
    s = position([["7H", "2C"], ["4C"]], table=[[], [["7H", "7S"]]])
    play(s, "draw")
    events = play(s, "upgrade 7H 1.0")
    assert s.matches[1] == []
    assert s.matches[0] == [(C("7H"), C("7H"))]
    assert C("7S") in s.hands[1]  # the other half goes to the old owner's hand
    up = events[0]
    assert isinstance(up, ev.MatchUpgraded)
    assert (up.kept, up.returned, up.type) == (C("7H"), C("7S"), MatchType.PERFECT)
    assert events[1] == ev.CardReturned(1, C("7S"))
    assert s.phase == "perfect-bonus"


def test_r5_2_weak_may_become_strong():
    s = position([["7D", "2C"], ["4C"]], table=[[], [["7H", "7S"]]])
    play(s, "draw", "upgrade 7D 1.0")
    assert s.matches[0] == [(C("7D"), C("7H"))]
    assert C("7S") in s.hands[1]
    assert s.phase == "strong-bonus"


def test_r5_2_strong_only_becomes_perfect_and_perfect_never_upgrades():
    s = position(
        [["7C", "7H", "8S", "2C"], ["4C"]],
        table=[[], [["7H", "7D"], ["8H", "8H"]]],
    )
    play(s, "draw")
    lg = legal(s)
    assert "upgrade 7H 1.0" in lg
    assert "upgrade 7C 1.0" not in lg  # 7C would only make a weak match
    assert not any(a.startswith("upgrade 8S") for a in lg)  # perfect
    with pytest.raises(IllegalAction, match="perfect match cannot"):
        play(s, "upgrade 8S 1.1")


def test_r5_2_upgrading_your_own_match():
    s = position([["7H"], ["4C"]], table=[[["7H", "7S"]], []], draw=["3D"])
    play(s, "draw")  # hand 7H 3D
    play(s, "upgrade 7H 0.0")
    assert s.matches[0] == [(C("7H"), C("7H"))]
    assert sorted(s.hands[0]) == sorted([C("3D"), C("7S")])


def test_r5_2_match_lists_renumber_per_notation():
    s = position(
        [["7H", "2C"], ["4C"]],
        table=[[["KC", "KS"]], [["5H", "5D"], ["7H", "7S"], ["9C", "9S"]]],
    )
    play(s, "draw", "upgrade 7H 1.1", "penalize 1")
    assert [m for m in s.matches[1]] == [(C("5D"), C("5H")), (C("9C"), C("9S"))]
    assert s.matches[0][-1] == (C("7H"), C("7H"))


def test_r5_3_every_match_earns_its_bonus():
    s = position([["7H", "7H", "7D", "7S", "2C"], ["4C"]])
    play(s, "draw", "match 7H 7H")
    assert s.phase == "perfect-bonus"
    play(s, "penalize 1", "match 7D 7S")
    assert s.phase == "weak-bonus"


def test_r5_4_keep_a_card_to_discard():
    s = position([["7H", "7D"], ["4C"]], table=[[], [["8H", "8S"]]], draw=["8D"])
    play(s, "draw")  # 7H 7D 8D
    assert "match 7D 7H" in legal(s)
    play(s, "match 7D 7H", "pass")  # 8D alone
    assert legal(s) == ["discard 8D"]  # upgrading 1.0 would empty the hand
    with pytest.raises(IllegalAction, match="R5.4"):
        play(s, "upgrade 8D 1.0")


def test_r6_1_perfect_bonus_must_penalize_another_player():
    s = position([["7H", "7H", "2C"], ["4C"], ["5C"]])
    play(s, "draw", "match 7H 7H")
    assert legal(s) == ["penalize 1", "penalize 2"]
    with pytest.raises(IllegalAction, match="another player"):
        play(s, "penalize 0")
    events = play(s, "penalize 2")
    assert s.negatives == [0, 0, 1]
    assert events == [ev.NegativeFilled(2, 1, 1, "perfect", 0)]
    assert s.phase == "play"


def test_r6_2_strong_bonus_may_draw():
    s = position([["7H", "7D", "2C"], ["4C"]], draw=["5S", "KD"])
    play(s, "draw", "match 7D 7H")
    assert legal(s) == ["draw", "pass"]
    play(s, "draw")
    assert C("KD") in s.hands[0] and s.phase == "play"


def test_r6_2_bonus_draw_of_last_card_ends_the_round():
    deck = canonical_deck()
    rest = [card_str(c) for c in deck if c not in (C("7H"), C("7D"))]
    # seat 0: 7H 7D 2C ...; every card but two is placed; draw pile = 2
    hands = [["7H", "7D", "7H", "7D"] + rest[:40], rest[40:90]]
    discard = rest[90:98]
    s = position(hands, discard=discard)
    assert len(s.draw) == 2
    play(s, "draw", "match 7D 7H", "draw")
    assert s.phase == "round-over"


def test_r6_3_weak_bonus_trades_matches_of_the_same_type():
    s = position(
        [["7H", "7S", "2C"], ["4C"], ["5C"]],
        table=[[["KH", "KH"]], [["9H", "9C"], ["JD", "JH"]], [["QS", "QD"]]],
    )
    play(s, "draw", "match 7H 7S")
    lg = legal(s)
    assert "trade 1 1.0" in lg and "trade 1 2.0" in lg  # weak for weak
    assert "trade 0 1.0" not in lg  # perfect for weak: types differ
    assert "trade 1 1.1" not in lg
    events = play(s, "trade 1 2.0")
    assert s.matches[0] == [(C("KH"), C("KH")), (C("QD"), C("QS"))]
    assert s.matches[2] == [(C("7H"), C("7S"))]
    assert isinstance(events[0], ev.MatchesTraded)


def test_r6_3_any_of_your_matches_may_be_traded():
    s = position(
        [["7H", "7S", "2C"], ["4C"]],
        table=[[["KH", "KD"]], [["JD", "JH"]]],
    )
    play(s, "draw", "match 7H 7S")
    assert "trade 0 1.0" in legal(s)  # strong for strong, in a weak bonus


def test_r6_4_pass_is_a_choice_even_with_nothing_to_trade():
    s = position([["7H", "7S", "2C"], ["4C"]])
    play(s, "draw", "match 7H 7S")
    assert s.phase == "weak-bonus"
    assert legal(s) == ["pass"]
    events = play(s, "pass")
    assert events == [ev.BonusDeclined(0, MatchType.WEAK)]


def test_r6_4_single_choice_of_player_is_still_a_step():
    s = position([["7H", "7H", "2C"], ["4C"]])
    play(s, "draw", "match 7H 7H")
    assert s.phase == "perfect-bonus" and legal(s) == ["penalize 1"]


def test_r7_2_largest_number_of_matches_in_rule_order():
    s = position([[], ["5H", "5D", "5C", "5S", "5H"], ["3C"]], draw=["2C"])
    play(s, "draw", "discard 2C")
    # 5H 5H perfect; then black 5C+5S strong; 5D is left over.
    assert [tuple(card_str(c) for c in m) for m in s.matches[1]] == [("5H", "5H"), ("5C", "5S")]
    assert [card_str(c) for c in s.hands[1]] == ["5D"]
    assert s.negatives == [0, 1, 1]


def test_r7_3_no_auto_matches_when_the_draw_pile_runs_out():
    deck = canonical_deck()
    names = [card_str(c) for c in deck]
    s = position([names[:60], names[60:62] + names[70:100], names[62:70]], discard=names[100:103])
    assert len(s.draw) == 1
    events = play(s, "draw")
    assert not any(isinstance(e, ev.AutoMatched) for e in events)


def test_r8_3_after_draw_pile_runs_out_the_deal_passes_left():
    deck = canonical_deck()
    names = [card_str(c) for c in deck]
    s = position([names[:50], names[50:100], []], discard=names[100:103], dealer=2)
    play(s, "draw")
    assert s.phase == "round-over"
    play(s, "next-round")
    assert s.round == 2 and s.dealer == 0 and s.current == 1


def test_r8_4_three_rounds_then_game_over():
    s = Scratch.new(GameConfig(2, 0, 5))
    rounds_seen = set()
    while s.phase != "game-over":
        rounds_seen.add(s.round)
        s.play(s.legal_actions()[0])
    assert rounds_seen == {1, 2, 3}
    assert s.legal_actions() == []
    assert state_json(s)["current"] is None


def test_r9_1_row_values():
    assert [row_value(1, k) for k in range(7)] == [0, 5, 15, 30, 50, 75, 105]
    assert [row_value(10, k) for k in range(7)] == [0, 10, 30, 60, 100, 150, 210]
    assert [row_value(0, k) for k in range(7)] == [0, 15, 45, 90, 150, 225, 315]
    assert row_value(9, 2) == 30  # the 10 row
    assert row_value(8, 2) == 15  # the 9 row


def test_r9_2_negative_values():
    table = {0: 0, 1: 2, 2: 4, 5: 10, 6: 13, 10: 25, 11: 30, 15: 50, 16: 60, 20: 100}
    assert {k: negative_value(k) for k in table} == table


def test_r9_3_and_r9_4_score_is_rows_minus_negatives():
    s = position([[], ["4C", "5C", "6C"]], table=[[["AH", "AS"], ["AC", "AD"]], []], draw=["9C"])
    play(s, "draw", "discard 9C")
    p0, p1 = seat_json(s, 0), seat_json(s, 1)
    assert p0["rows"]["A"] == 2 and p0["score"] == 45 and p0["negatives"] == 0
    assert p1["negatives"] == 3 and p1["score"] == -6


def test_r9_4_equal_highest_share_the_win():
    s = Scratch.new(GameConfig(3, 0, 1))
    s.rows = [[1] + [0] * 12, [1] + [0] * 12, [0] * 13]
    assert s.winners() == [0, 1]


def test_r10_view_hides_other_hands_and_the_pile_order():
    from split.engine.view import PlayerView

    s = Scratch.new(GameConfig(3, 0, 2))
    v = PlayerView.of(s, 1)
    assert v.hand == tuple(sorted(s.hands[1]))
    assert v.hand_sizes == (9, 9, 9) and v.draw_pile == len(s.draw)
    # Swapping hidden cards between other hands and the pile leaves the view unchanged.
    other = s.clone()
    other.hands[0][0], other.draw[0] = other.draw[0], other.hands[0][0]
    other.hands[2].reverse()
    other.draw.reverse()
    assert PlayerView.of(other, 1) == v
    assert PlayerView.of(other, 0) != PlayerView.of(s, 0) or s.hands[0][0] == s.draw[0]
    assert sorted(v.unseen()) == sorted(s.hands[0] + s.hands[2] + s.draw)


def test_r10_known_cards_are_public():
    from split.engine.view import PlayerView

    s = position([["7H", "2C", "3C"], ["4C"]], discard=["7D", "9S"])
    play(s, "take 0")
    v = PlayerView.of(s, 1)
    assert v.known[0] == tuple(sorted((C("7D"), C("9S"))))
    play(s, "match 7D 7H", "pass")
    assert PlayerView.of(s, 1).known[0] == (C("9S"),)


def test_illegal_action_leaves_state_untouched():
    s = Scratch.new(GameConfig(4, 1, 9))
    before = json.dumps(state_json(s))
    for text in ["discard AC", "match 2C 2D", "penalize 1", "pass", "take 5", "next-round"]:
        with pytest.raises(IllegalAction):
            s.play(parse_action(text))
        assert json.dumps(state_json(s)) == before


def test_setup_errors_are_reported():
    with pytest.raises(SetupError, match="exactly twice"):
        parse_config({"players": 2, "rounds": [{"deck": ["AC"] * 104}]})
    with pytest.raises(SetupError, match="players"):
        parse_config({"players": 7})
    with pytest.raises(SetupError, match="more than two"):
        parse_config({"players": 2, "rounds": [{"hands": [["AC", "AC"], ["AC"]]}]})


def test_r4_4_gone_out_by_discarding_the_last_card():
    s = position([[], ["4C", "5C"]], draw=["3H"])
    play(s, "draw")
    events = play(s, "discard 3H")
    assert ev.WentOut(0) in events
    assert s.phase == "round-over" and s.went_out == 0 and s.current is None
    assert s.negatives == [0, 2]  # R8.2: all but the one who went out pay


def test_r7_going_out_early_auto_matches_for_those_without_a_turn():
    s = position(
        [[], ["5H", "5H", "5D", "5S", "5C", "8H", "8D", "KS"], ["9S", "9C", "9D", "4C"]],
        draw=["2C"],
    )
    play(s, "draw")
    events = play(s, "discard 2C")
    auto = [
        (e.seat, card_str(e.cards[0]), card_str(e.cards[1]))
        for e in events
        if isinstance(e, ev.AutoMatched)
    ]
    # R7.2: identical halves first, then same colour, then the rest
    assert auto == [(1, "5H", "5H"), (1, "5C", "5S"), (1, "8D", "8H"), (2, "9C", "9S")]
    assert sorted(card_str(c) for c in s.hands[1]) == ["5D", "KS"]
    assert sorted(card_str(c) for c in s.hands[2]) == ["4C", "9D"]
    assert s.negatives == [0, 2, 2]
    assert s.rows[1][4] == 2 and s.rows[1][7] == 1 and s.rows[2][8] == 1


def test_r7_2_the_rest_pair_across_colours():
    s = position([[], ["5D", "5S", "5C", "5H", "5D"]], draw=["2C"])
    play(s, "draw", "discard 2C")
    assert [tuple(card_str(c) for c in m) for m in s.matches[1]] == [
        ("5D", "5D"),
        ("5C", "5S"),
    ]
    assert [card_str(c) for c in s.hands[1]] == ["5H"]
    s = position([[], ["5D", "5S"]], draw=["2C"])
    play(s, "draw", "discard 2C")
    assert [match_type(*m) for m in s.matches[1]] == [MatchType.WEAK]
    assert s.negatives == [0, 0]


def test_r7_3_a_player_whose_turn_started_gets_no_auto_matches():
    s = position([["6H", "6H", "2C"], [], ["9S", "9C"]], draw=["3D", "4D"])
    play(s, "draw", "discard 3D")  # seat 1's turn starts
    events = play(s, "draw", "discard 4D")  # seat 1 goes out; seat 2 never had a turn
    auto = [e for e in events if isinstance(e, ev.AutoMatched)]
    assert [e.seat for e in auto] == [2]
    assert sorted(s.hands[0]) == sorted(C(x) for x in ["6H", "6H", "2C"])
    assert s.negatives == [3, 0, 0]


def test_r8_2_round_scoring_with_breakdown():
    s = position(
        [[], ["5H", "KS", "KD"], ["3C", "4C"]],
        table=[[["AH", "AS"], ["AC", "AD"]], [["QH", "QD"]], []],
        draw=["9C"],
    )
    events = play(s, "draw", "discard 9C")
    scored = [e for e in events if isinstance(e, ev.RoundScored)][0]
    assert scored.reason == "out" and scored.went_out == 0
    by_seat = {p.seat: p for p in scored.seats}
    assert by_seat[0].negatives_added == 0 and by_seat[0].rows_added[0] == 2
    assert by_seat[1].negatives_added == 1  # 5H left after KS+KD (R7)
    assert by_seat[1].rows_added[11] == 1 and by_seat[1].rows_added[12] == 1
    assert by_seat[2].negatives_added == 2
    assert [p.score_after for p in scored.seats] == [45, 18, -4]
    assert [seat_json(s, k)["score"] for k in range(3)] == [45, 18, -4]
    # At round-over the hands and matches are those the round ended with.
    assert seat_json(s, 1)["hand"] == ["5H"]
    assert legal(s) == ["next-round"]


def test_r8_2_matches_gained_by_upgrade_count_for_their_owner():
    s = position([["2C"], ["4C"]], table=[[], [["JH", "JS"]]], draw=["JD"])
    play(s, "draw", "upgrade JD 1.0", "pass", "discard 2C")
    assert s.phase == "round-over"
    assert s.rows[0][10] == 1 and s.rows[1][10] == 0
    assert s.negatives == [0, 2]  # 4C and the returned JS


def test_r8_3_the_player_who_went_out_deals_next():
    s = position([["4C", "5C"], []], dealer=0, draw=["3H", "3D"])
    assert s.current == 1
    play(s, "draw", "discard 3H")
    assert s.went_out == 1
    play(s, "next-round")
    assert (s.round, s.dealer, s.current) == (2, 1, 0)
    assert all(len(h) == 9 for h in s.hands) and len(s.discard) == 1
