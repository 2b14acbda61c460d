"""The decision duel (``tests/decision_duel.py``), the tool that measures a change to
the expert decision by decision (issue 29): it must not change the shipped games, it
must see no difference where there is none, and find the ones a real change makes."""

from __future__ import annotations

import math

import pytest
from decision_duel import Variant, duel_game, parse_variant, summary

from split.bots import expert
from split.bots.tournament import play_game

NAMES = ["expert", "hard"]
QUICK = {"expert": {"worlds": 8}, "hard": {"playouts": 4}}  # budgets a test can afford


@pytest.mark.slow
def test_the_same_expert_as_its_variant_chooses_the_same():
    """With nothing changed the variant, deciding every position from the shipped
    search's random state, makes every choice the same."""
    duel = duel_game(NAMES, 0, 5, Variant(), truth_worlds=4, options=QUICK)
    assert len(duel.shipped_ms) == len(duel.variant_ms) > 20
    assert duel.differences == []


@pytest.mark.slow
def test_a_variant_that_plays_normals_first_choice_differs_and_is_measured():
    """The variant with one candidate plays ``normal``'s first choice: where the search
    overrode it the two differ, each difference is measured to the round's end, the
    variant spends no search, and the game is the one ``split sim`` plays (the
    variant's choices and search leave nothing behind)."""
    variant = parse_variant([], ["candidates=1"])
    duel = duel_game(NAMES, 0, 5, variant, truth_worlds=6, options=QUICK)
    assert duel.scores == play_game(NAMES, 0, 5, QUICK).scores
    assert duel.differences
    for x in duel.differences:
        assert x.shipped != x.variant and math.isfinite(x.gain) and x.se >= 0.0
    assert any(x.se > 0.0 for x in duel.differences)
    report = summary([duel])
    assert report["differing"] == len(duel.differences)
    assert report["variant_cpu"]["mean_ms"] < report["shipped_cpu"]["mean_ms"]


@pytest.mark.slow
def test_a_constant_is_the_variants_only_while_it_decides():
    """``--set DEEP_TURNS=1`` reaches the variant's replays, and the module's constant
    is the shipped one again between decisions."""
    shipped = expert.DEEP_TURNS
    seen: list[int] = []
    search = expert.ExpertBot.search

    def spy(self, view, cands, keep=(0,), worlds=None, turns=None):
        seen.append(expert.DEEP_TURNS)
        return search(self, view, cands, keep, worlds, turns)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(expert.ExpertBot, "search", spy)
        duel_game(NAMES, 0, 5, parse_variant(["DEEP_TURNS=1"], []), truth_worlds=2, options=QUICK)
    assert shipped == expert.DEEP_TURNS
    assert {1, shipped} <= set(seen)


@pytest.mark.parametrize(
    ("sets", "options", "message"),
    [
        (["DEEP_WORLD=4"], [], "constant"),  # misspelt
        (["Knowledge=1"], [], "constant"),  # not a number constant
        (["DEEP_WORLDS=many"], [], "not a number"),
        (["DEEP_WORLDS=nan"], [], "finite"),
        ([], ["seed=3"], "one of"),
        ([], ["worlds"], "one of"),
    ],
)
def test_a_bad_variant_is_refused_by_name(sets, options, message):
    with pytest.raises(ValueError, match=message):
        parse_variant(sets, options)
