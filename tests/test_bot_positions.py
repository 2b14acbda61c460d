"""Positions a good player never gets wrong (issue 17), as laid-out setups: each test
plays the setup to the position with the engine, then asks `normal` (which `hard`
builds on) for its choice."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from split.bots import decision_seed, make_bot
from split.bots.knowledge import Knowledge
from split.bots.normal import Evaluator, NormalBot, PatientValues, can_go_out
from split.engine import Game
from split.engine.actions import parse_action
from split.engine.cards import parse_card
from split.engine.notation import parse_config
from split.engine.view import PlayerView


def position(setup: dict, actions: list[str], players: int = 2) -> Game:
    obj = {"players": players, "dealer": players - 1, "seed": 5, "rounds": [setup]}
    game = Game(parse_config(obj))
    for text in actions:
        game.apply(parse_action(text))
    return game


def choice(game: Game, bot: str = "normal", policy: type[Evaluator] = Evaluator) -> str:
    """The choice of ``bot``; for ``normal``, playing with the values of ``policy``."""
    s = game.state
    legal = s.legal_actions()
    b = make_bot(bot, seed=1) if bot != "normal" else NormalBot(1, policy)
    return str(b.choose(PlayerView.of(s, s.current), legal))


def test_can_go_out_counts_the_cards_left_unpaired():
    hand = [parse_card(c) for c in ("4C", "4C", "7D", "9D", "9H")]
    assert can_go_out(hand)
    assert can_go_out([parse_card("7D")])
    assert not can_go_out([parse_card(c) for c in ("4C", "7D", "9D")])
    assert not can_go_out([parse_card(c) for c in ("4C", "4D")])


def test_it_goes_out_instead_of_drawing_the_strong_bonus():
    """Item 3 (R4.4, R6.2): in the strong-bonus step with 4♣ 4♣ 7♦ 9♦ 9♥ in hand, pass,
    match both pairs and discard 7♦: out. Drawing the bonus only spoils the hand."""
    game = position(
        {
            "hands": [["5H", "5D", "4C", "4C", "9D", "9H"], ["2S", "3S", "6S", "8S", "KS"]],
            "discard": ["QC"],
            "draw": ["7D", "JS"],
        },
        ["draw", "match 5D 5H"],  # 7D drawn; a strong match: its bonus step
    )
    assert game.state.phase == "strong-bonus"
    assert choice(game) == "pass"


def test_with_one_card_left_it_passes_the_bonus_and_goes_out():
    """Item 3: a single card in hand in the strong-bonus step: pass, then discard it."""
    game = position(
        {
            "hands": [["5H", "5D"], ["2S", "3S", "6S", "8S", "KS"]],
            "discard": ["QC"],
            "draw": ["7D", "JS"],
        },
        ["draw", "match 5D 5H"],
    )
    assert [str(c) for c in game.state.hands[0]] and len(game.state.hands[0]) == 1
    assert choice(game) == "pass"


def test_the_negative_box_goes_to_the_leader():
    """Item 5 (R6.1): with three players, the perfect bonus's negative box goes to the
    player most likely to win (Bo: four matches on the table, an empty-ish hand), not
    to the one far behind whose next box merely costs more (Cy: a big hand)."""
    game = position(
        {
            "hands": [
                ["7H", "7H", "2C", "3D"],
                ["4S", "6S"],
                ["2S", "3S", "5S", "8S", "9S", "10S", "QS", "KS", "JC", "4D", "6D", "8D", "9D"],
            ],
            "discard": ["QC"],
            "draw": ["10C", "JS"],
            "table": [
                [],
                [["AC", "AC"], ["AD", "AH"], ["KC", "KH"], ["QH", "QD"]],
                [],
            ],
        },
        ["draw", "match 7H 7H"],
        players=3,
    )
    assert game.state.phase == "perfect-bonus"
    assert choice(game) == "penalize 1"


def test_it_never_hands_the_next_player_a_perfect_match():
    """Item 4: Ada took the 3♠ from the row with J♦ above it, so everyone knows she holds
    J♦; discarding my J♦ would give her a perfect match (and me a negative box). (A guard:
    in this position the old `normal` also kept J♦; the danger of an identical known
    card is now counted as the perfect match and negative box it gives.)"""
    game = position(
        {
            "hands": [["JD", "QS", "8C", "2H", "2H", "5C"], ["3C", "4S", "6S", "9S", "KS"]],
            "discard": ["3S", "JD"],
            "draw": ["10C", "7H", "AS"],
        },
        [
            "draw",
            "match 2H 2H",
            "penalize 1",
            "discard 10C",
            "take 0",
            "match 3C 3S",
            "pass",
            "discard 9S",
        ],
    )
    s = game.state
    assert s.current == 0 and parse_card("JD") in s.hands[1]
    game.apply(parse_action("draw"))
    assert choice(game) != "discard JD"


def test_bot_seeds_say_nothing_about_the_deal():
    """Item 6: a seat's seed was deal_seed * 7919 + slot, so a bot could read the deal
    off its own seed; seeds are now a keyed hash: neighbouring deals and seats give
    unrelated seeds, and the old formula does not hold."""
    seeds = [decision_seed(d, s, -1) for d in range(50) for s in range(4)]
    assert len(set(seeds)) == len(seeds)
    assert all(
        decision_seed(d, s, -1) != (d * 7919 + s) & 0x7FFFFFFF for d in range(50) for s in range(4)
    )
    diffs = {decision_seed(d + 1, 0, -1) - decision_seed(d, 0, -1) for d in range(50)}
    assert len(diffs) == 50, "no constant step from one deal to the next"


def test_hard_overrides_normal_only_beyond_the_noise():
    """Items 1-2: `hard` keeps `normal`'s first choice unless its playouts beat it by a
    margin the noise cannot explain (paired differences over 1.64 standard errors)."""
    from split.bots.hard import overriding, scaled_playouts

    noisy = [[10.0, 12.0, 8.0, 11.0], [12.0, 9.0, 11.0, 10.5]]  # mean +0.4, sd ~3
    assert overriding(noisy) == 0
    clear = [[10.0, 12.0, 8.0, 11.0], [14.0, 16.5, 12.0, 15.0], [11.0, 13.0, 9.0, 12.0]]
    assert overriding(clear) == 1  # +4.1 with little spread; +1.0 exactly is not chosen
    assert overriding([[1.0], [50.0]]) == 0  # one playout proves nothing
    assert scaled_playouts(10, 2) == 10 and scaled_playouts(10, 4) == 5
    assert scaled_playouts(10, 6) < scaled_playouts(10, 4)


def test_hard_takes_the_free_upgrade_to_perfect():
    """Item 2: hand 2♥ 8♦ 10♦ J♥, my strong match J♦ J♥: upgrading with J♥ to a perfect
    match keeps the hand size, makes the match safe and gives a negative box; `hard`
    discarded 10♦ when ten noisy playouts overrode that first choice."""
    game = position(
        {
            "hands": [["2H", "8D", "10D", "JH", "5C"], ["3S", "4S", "6S", "9S", "KS"]],
            "discard": ["QC"],
            "draw": ["5S", "7H", "AS"],
            "table": [[["JD", "JH"]], []],
        },
        ["draw", "match 5C 5S", "pass"],
    )
    assert choice(game) == "upgrade JH 0.0"
    for seed in range(4):
        s = game.state
        bot = make_bot("hard", seed=seed)
        picked = str(bot.choose(PlayerView.of(s, 0), s.legal_actions()))
        assert picked == "upgrade JH 0.0", (seed, picked)


def test_it_does_not_hand_the_next_player_a_known_identical_card():
    """Item 4 (R6.1, R10): Ada took 3♠ from the row with 2♦ above it, so everyone knows
    she holds 2♦. Every other 2 lies in my perfect matches, so my 2♦ can never pair and
    looks like the card to drop; but discarding it gives Ada a perfect match and me a
    negative box. The old `normal` (and `hard` on it) discarded 2♦ here."""
    game = position(
        {
            "hands": [["2D", "AS", "KC"], ["3C", "4S", "6S", "9S", "8H"]],
            "discard": ["3S", "2D"],
            "draw": ["10C", "QS"],
            "table": [
                [
                    ["2C", "2C"],
                    ["2H", "2H"],
                    ["2S", "2S"],
                    ["KH", "KH"],
                    ["KD", "KD"],
                    ["AD", "AD"],
                    ["QH", "QH"],
                    ["QD", "QD"],
                ],
                [],
            ],
        },
        ["draw", "discard 10C", "take 0", "match 3C 3S", "pass", "discard 9S", "draw"],
    )
    s = game.state
    assert s.current == 0 and parse_card("2D") in s.hands[1] and parse_card("2D") in s.known[1]
    assert choice(game) != "discard 2D"
    for bot in ("hard", "expert"):
        for seed in range(3):
            picked = str(make_bot(bot, seed=seed).choose(PlayerView.of(s, 0), s.legal_actions()))
            assert picked != "discard 2D", (bot, seed)


def test_hard_upgrades_its_weak_match_instead_of_leaving_it_open():
    """Item 1 (R5.2): hand A♣ 4♠ 6♥ and the drawn 2♦, my weak match 4♣ 4♥ on the table.
    Upgrading it with 4♠ (a strong match, 4♥ back in hand) is `normal`'s first choice
    and leaves no card that upgrades it on the row; the old `hard` let ten noisy
    playouts override it with a discard for 7 of 20 seeds."""
    game = position(
        {
            "hands": [["AC", "4S", "6H"], ["3S", "5S", "7S", "8S", "9S", "10S"]],
            "discard": ["QC"],
            "draw": ["2D", "JS", "9H"],
            "table": [[["4C", "4H"]], []],
        },
        ["draw"],
    )
    assert choice(game) == "upgrade 4S 0.0"
    s = game.state
    for seed in range(10):
        picked = str(make_bot("hard", seed=seed).choose(PlayerView.of(s, 0), s.legal_actions()))
        assert picked == "upgrade 4S 0.0", (seed, picked)


def watched(game: Game, expert, moves: list[str]) -> PlayerView:
    """Play ``moves``, seat 0's through ``expert`` (which sees only its own views, R10);
    return seat 0's view at the end, read by its reader."""
    for text in moves:
        s = game.state
        if s.current == 0:
            assert str(expert.choose(PlayerView.of(s, 0), [parse_action(text)])) == text
        game.apply(parse_action(text))
    view = PlayerView.of(game.state, 0)
    expert.reader.observe(view)
    return view


def test_the_expert_reads_the_other_hand_from_what_it_saw():
    """Issue 17, the expert's edge (R10: only what was played, taken or discarded):
    Bo drew while 3♦ and Q♣ lay in the row, then discarded 9♠; a hand that has had its
    turn holds no pair (it would have matched it), no 3 or Q (it would have taken one),
    no 9 (it would have matched the 9 it threw away). Every deal the expert samples
    keeps those facts for Bo's older cards; the one card drawn since may be anything."""
    import random

    from split.bots.expert import ExpertBot

    game = position(
        {
            "hands": [["2H", "8D", "10D", "KH", "5C"], ["4S", "6S", "7C", "9S", "JS", "AC"]],
            "discard": ["QC"],
            "draw": ["3D", "8H", "AS"],
        },
        [],
    )
    expert = ExpertBot(1, worlds=2)
    view = watched(game, expert, ["draw", "discard 3D", "draw", "discard 9S", "draw"])
    assert (frozenset({2, 11}), 1) in expert.reader.facts[1]  # 3s and Qs: Bo drew one since
    rng = random.Random(3)
    for _ in range(50):
        hidden = expert.reader.sample(view, view.unseen(), rng)
        bo = hidden[: view.hand_sizes[1]]
        ranks = [c >> 2 for c in bo]
        assert len(set(ranks)) == len(ranks), "no pair in a hand that has had its turn"
        assert 8 not in ranks  # the 9s
        assert sum(r in (2, 11) for r in ranks) <= 1  # only the card drawn since
        assert sorted(hidden) == view.unseen()


def test_the_expert_reads_every_hand_at_a_bigger_table():
    """The same reading at four players: between two of my turns each other player drew
    (the row grew by one card a turn, R4.1) and discarded one (R4.4), so each lacks the
    ranks that lay in the row when its turn began, and the rank it threw away; the one
    card each drew since may be anything."""
    import random

    from split.bots.expert import ExpertBot

    game = position(
        {
            "hands": [
                ["2H", "8D", "10D", "KH", "5C"],
                ["4S", "6S", "7C", "9S", "JS", "AC"],
                ["2C", "5S", "7D", "10H", "JD"],
                ["2S", "4D", "6C", "8C", "KC"],
            ],
            "discard": ["QC"],
            "draw": ["3D", "8H", "AS", "10S", "5D"],
        },
        [],
        players=4,
    )
    expert = ExpertBot(1, worlds=2)
    turns = ["draw", "discard 3D", "draw", "discard 9S", "draw", "discard 7D", "draw", "discard 4D"]
    view = watched(game, expert, turns)
    q, three, nine, seven, four = 11, 2, 8, 6, 3  # ranks: A is 0
    saw = {1: {q, three}, 2: {q, three, nine}, 3: {q, three, nine, seven}}
    threw = {1: nine, 2: seven, 3: four}
    for seat in (1, 2, 3):
        drew, discarded = (frozenset(saw[seat]), 1), (frozenset({threw[seat]}), 0)
        assert expert.reader.facts[seat] == [drew, discarded]
    rng = random.Random(3)
    kept = 0
    for _ in range(50):
        hidden = expert.reader.sample(view, view.unseen(), rng)
        start = 0
        for seat in (1, 2, 3):
            ranks = [c >> 2 for c in hidden[start : start + view.hand_sizes[seat]]]
            start += view.hand_sizes[seat]
            # soft at four players (issue 29): a sampled card ignores the facts now and then
            kept += threw[seat] not in ranks and sum(r in saw[seat] for r in ranks) <= 1
        assert sorted(hidden) == view.unseen()
    assert kept >= 0.8 * 150


def test_what_the_expert_reads_is_true_of_the_real_hands():
    """At every table size, each fact the reader holds about a hand (these ranks are not
    among its cards, but for the few drawn since) is checked against the real hand
    after each of its decisions in whole games against `normal`. A player may keep a
    pair or pass up a take for its own reasons, so the facts only steer the sampled
    deals (:meth:`HandReader.sample` falls back on any card); they hold almost always.
    A wrong fact is counted at every decision it is held, so one can weigh a few games
    heavily: 24 games a table size keep the share steady (at six players 1.6 % wrong,
    from a handful of wrong facts held over several turns)."""
    from split.bots.expert import ExpertBot
    from split.engine.setup import GameConfig
    from split.engine.state import Scratch

    for players in (2, 3, 4, 6):
        checked = wrong = 0
        for g in range(24):
            state = Scratch.new(GameConfig(players, g % players, 1000 + g))
            expert = ExpertBot(g, worlds=0)  # normal's choices, the expert's reading
            others = [make_bot("normal", seed=g * 10 + s) for s in range(players)]
            while not state.is_over:
                legal, seat = state.legal_actions(), state.current
                if seat is None or len(legal) == 1:
                    state.play(legal[0])
                    continue
                view = PlayerView.of(state, seat)
                if seat != 0:
                    state.play(others[seat].choose(view, legal))
                    continue
                action = expert.choose(view, legal)
                for s, facts in expert.reader.facts.items():
                    hidden = list(state.hands[s])
                    for c in view.known[s]:
                        hidden.remove(c)
                    for ranks, since in facts:
                        checked += 1
                        wrong += sum(c >> 2 in ranks for c in hidden) > since
                state.play(action)
        assert checked > 300, (players, checked)  # it reads at every table size
        assert wrong * 50 <= checked, (players, wrong, checked)  # 98 % at least


@pytest.mark.slow
def test_the_expert_keeps_the_card_of_an_upgrade_that_gains_no_box():
    """Issue 29, the first error: with 4♣ 8♠ 10♦ 10♥ J♦ K♥ in hand and its own 8♥8♥,
    K♣K♦ (weak) and 4♠4♠ on the table, the old expert played `upgrade KH 0.1` under
    every seed: K♣ comes back, the kings gain no box. Played by `normal` to the round's
    end in 600 deals, ending the turn with `discard 4C` (keeping K♥ and the tens) is
    12.3 ± 2.5 sheet points better; a one-turn search sees it 4.2 ± 1.9 worse, three
    turns deep 9.8 ± 3.9 better. The expert now plays such a close call again three
    turns deep. Its policy (``PatientValues``) makes the upgrade less of a mistake:
    played to the round's end by that policy in 400 deals, `discard 4C` is 3.7 ± 4.1
    points better, `discard 8S` 4.0 ± 3.6; the expert ends the turn keeping K♥ under
    most seeds."""
    game = position(
        {
            "hands": [["4C", "8S", "10D", "10H", "JD"], ["2S", "3S", "6S", "9C", "QC", "7D", "5H"]],
            "discard": ["AC"],
            "draw": ["KH", "3H", "6C"],
            "table": [[["8H", "8H"], ["KC", "KD"], ["4S", "4S"]], [["QH", "QD"], ["9S", "9S"]]],
        },
        ["draw"],
    )
    s = game.state
    legal = s.legal_actions()
    assert parse_action("upgrade KH 0.1") in legal
    picks = [str(make_bot("expert", seed).choose(PlayerView.of(s, 0), legal)) for seed in range(12)]
    kept = [p for p in picks if p.startswith("discard") and p != "discard KH"]
    assert len(kept) > len(picks) // 2, picks


@pytest.mark.slow
def test_the_expert_does_not_steal_a_match_that_hands_back_a_pair():
    """Issue 29, the second error (R5.2): Bo took 4♦ from the row with 3♠ 9♠ 10♠ above
    it, so everyone knows he holds 3♠. Upgrading his weak 3♦ 3♥ with my 3♥ steals it as
    a perfect match, but hands 3♦ back to him, and he re-matches it with 3♠ on his next
    turn. Played by `normal` to the round's end in 600 deals, `discard AH` (keeping
    3♥ for a later steal) is 6.4 ± 1.5 sheet points better; three turns deep 5.6 ± 1.0
    better; a one-turn search sees it 7.0 ± 0.2 worse, a margin far outside the band
    that sends a close call to the deeper replay, so the old expert stole under every
    seed. A steal that hands back a pair is now always played again deeper. (The
    position is a `normal` game's, deal seed 5109, 69 moves into its first round,
    laid out where the steal was played.)"""
    from split.bots.expert import hands_back_a_pair

    game = position(
        {
            "hands": [["4C", "AC", "6C"], ["AH", "10S"]],
            "discard": ["JS", "5C", "4D", "3S", "9S", "10S"],
            "draw": ["3H"],
            "table": [
                [
                    ["10H", "10H"],
                    ["6D", "6H"],
                    ["AS", "AS"],
                    ["7C", "7D"],
                    ["9D", "9H"],
                    ["KH", "KS"],
                    ["QC", "QS"],
                    ["3D", "3H"],
                ],
                [["5D", "5H"], ["2H", "2S"], ["8H", "8H"]],
            ],
        },
        ["take 2", "match 4C 4D", "pass", "discard 6C", "draw"],
    )
    s = game.state
    legal = s.legal_actions()
    assert s.current == 1 and parse_action("upgrade 3H 0.7") in legal
    assert parse_card("3S") in s.known[0]  # the 3♦ handed back would pair with it
    assert hands_back_a_pair(PlayerView.of(s, 1), parse_action("upgrade 3H 0.7"))
    picks = [str(make_bot("expert", seed).choose(PlayerView.of(s, 1), legal)) for seed in range(6)]
    assert picks.count("upgrade 3H 0.7") <= 1, picks


def weak_kings() -> Game:
    """Early in a round, after a draw: K♥ K♠ (a weak pair) and six singles in hand."""
    return position(
        {
            "hands": [
                ["KH", "KS", "2C", "5D", "9H", "JC", "7D", "3S"],
                ["2S", "3H", "6S", "8S", "KS", "4D", "QH", "10C", "AC"],
            ],
            "discard": ["QC"],
            "draw": ["4H", "JS", "6D", "8C"],
        },
        ["draw"],
    )


def test_the_experts_policy_keeps_a_weak_pair_a_steal_could_take():
    """Issue 29 (R5.1, R5.2): early in the round, with K♥ K♠ in hand and nothing to go
    out with, `normal` lays the weak kings down, where any king upgrades them and takes
    the box; the expert's policy keeps the pair in hand, where nothing can steal it, and
    ends the turn with a single."""
    game = weak_kings()
    assert choice(game) == "match KH KS"
    kept = choice(game, policy=PatientValues)
    assert kept.startswith("discard") and kept not in ("discard KH", "discard KS")


def aces_against(theirs: Sequence[str]) -> Game:
    """After a draw: A♥ A♦ and six singles in hand; the other player holds ``theirs``."""
    hand = ["AH", "AD", "2C", "5D", "9C", "JC", "7D", "3S"]
    return position(
        {"hands": [hand, list(theirs)], "discard": ["QC"], "draw": ["4H", "JS", "6D", "8C"]},
        ["draw"],
    )


def test_the_experts_policy_lays_its_pair_down_when_the_round_may_end():
    """Issue 29 (R4.4, R8.2): with seven cards across the table, the patient policy keeps
    A♥ A♦ in hand, where no upgrade can steal them. With the other hand down to two
    cards, that player may go out before this turn comes again, and every card still in
    hand then fills a negative box: the policy lays the aces down (a pair held is then
    worth what `normal` gives it, ``end_pair_share``), where the same weights blind to
    the end (``end_pair_share`` None) would still hold them."""
    early = aces_against(("2S", "3H", "6S", "8S", "4D", "QS", "10C"))
    assert not Knowledge(PlayerView.of(early.state, 0)).end_near
    assert choice(early, policy=PatientValues).startswith("discard")
    late = aces_against(("2S", "3H"))
    assert Knowledge(PlayerView.of(late.state, 0)).end_near
    assert choice(late, policy=PatientValues) == "match AD AH"
    blind = type("Blind", (PatientValues,), {"__slots__": (), "end_pair_share": None})
    kept = choice(late, policy=blind)
    assert kept.startswith("discard") and kept not in ("discard AH", "discard AD")


def test_the_expert_searches_the_ideas_and_playouts_of_its_policy(monkeypatch):
    """Issue 29: the expert's candidates are its policy's best actions, first choice
    first (here a discard that keeps the weak kings, where `normal`'s first is to lay
    them down), and every seat of every rollout plays that policy."""
    from split.bots import expert as expert_module

    game = weak_kings()
    s = game.state
    view, legal = PlayerView.of(s, 0), s.legal_actions()
    bot = expert_module.ExpertBot(3, worlds=16)
    assert bot.policy is PatientValues
    values = PatientValues(view)
    cands = bot.candidates_of(view, legal)
    assert cands == sorted(legal, key=lambda a: (-values.value(a), a))[: len(cands)]
    assert str(cands[0]).startswith("discard") and "KH" not in str(cands[0])
    policies: list[type[Evaluator]] = []

    class Spy(NormalBot):
        def values(self, view, legal):
            policies.append(self.evaluator)
            return super().values(view, legal)

    monkeypatch.setattr(expert_module, "NormalBot", Spy)
    assert bot.choose(view, legal) in legal
    assert len(policies) > 100 and set(policies) == {PatientValues}


def test_the_experts_policy_lays_its_pairs_down_to_go_out():
    """Issue 29 (R4.4, R6.2): with K♥ K♠ 5♣ 5♦ 9♦ in hand the player can go out this
    turn: match both pairs, discard 9♦. The policy that keeps pairs in hand counts going
    out for the first match too (the same weights without it discard and keep both
    pairs), and plays the whole turn out."""
    game = position(
        {
            "hands": [
                ["KH", "KS", "5C", "5D"],
                ["2S", "3H", "6S", "8S", "KS", "4D", "QH", "10C", "AC"],
            ],
            "discard": ["QC"],
            "draw": ["9D", "JS", "6D", "8C"],
        },
        ["draw"],
    )
    view = PlayerView.of(game.state, 0)
    legal = game.state.legal_actions()
    blind = type("Blind", (PatientValues,), {"match_value": Evaluator.match_value})
    assert str(NormalBot(1, blind).choose(view, legal)).startswith("discard")
    while game.state.current == 0 and game.state.round == 1:
        game.apply(parse_action(choice(game, policy=PatientValues)))
    assert game.state.phase in ("round-over", "game-over")
    assert game.state.hands[0] == []  # gone out: 0 cards left


def test_the_experts_leaf_values_a_pair_in_hand_as_its_match():
    """Issue 29 (R9.1): the leaf of a search scores a pair in hand at a share of the box
    it would add: `hard`'s 0.7, the expert's 1.0 (``LEAF_PAIR``), so that a pair its
    patient policy keeps does not trail the same pair laid down by a sure 30 %."""
    from split.bots.expert import LEAF_PAIR
    from split.bots.hard import static_value

    game = position(
        {
            "hands": [["7H", "7S", "2C"], ["2S", "3H", "6S", "8S", "KS"]],
            "discard": ["QC"],
            "draw": ["4H", "JS", "6D", "8C"],
            "table": [[["7C", "7D"]], []],
        },
        [],
    )
    s = game.state
    weights = [0.0, 1.0]
    box = 5 * 2  # the 7s' second box (base 5, one 7s match on the table)
    assert LEAF_PAIR == 1.0
    gap = static_value(s, 0, weights, LEAF_PAIR) - static_value(s, 0, weights)
    assert gap == pytest.approx((1.0 - 0.7) * box)


def played_views(players: int, games: int) -> list[PlayerView]:
    """Every view a seat decided from in ``games`` games of the expert's policy."""
    views = []
    for g in range(games):
        game = Game(parse_config({"players": players, "dealer": 0, "seed": 40 + g}))
        bot = NormalBot(g, PatientValues)
        while not game.state.is_over:
            s = game.state
            legal = s.legal_actions()
            if s.current is not None and len(legal) > 1:
                views.append(PlayerView.of(s, s.current))
                game.apply(bot.choose(views[-1], legal))
            else:
                game.apply(legal[0])
    return views


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_written_out_sums_are_the_values_they_stand_for(players):
    """The sums a rollout asks at every decision are written out for speed; each must
    stay, to the bit, the value it stands for: a blind card's worth to the hand is one
    more card of each unseen rank by :meth:`Evaluator.rank_value` (R4.1, R9.1, R8.2),
    and a seat's projection is its sheet with its table matches and its hand as
    negative boxes (R9.4, R9.2)."""
    from split.engine.sheet import sheet_score

    views = played_views(players, 2)
    assert len(views) > 100
    for view in views:
        for policy in (Evaluator, PatientValues):
            ev = policy(view)
            k = ev.k
            counts = k.hand_rank
            one_more = [
                u * (ev.rank_value(r, counts[r] + 1) - ev.rank_value(r, counts[r]))
                for r, u in enumerate(k.unseen_rank)
                if u
            ]
            assert ev.draw_hand_value() == sum(one_more, 0.0)
            sheets = [
                sheet_score(k.boxes[s], view.negatives[s] + view.hand_sizes[s])
                for s in range(players)
            ]
            assert k.projected == sheets
