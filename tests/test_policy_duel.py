"""The policy duel (``tests/policy_duel.py``): how the expert's policy was weighed."""

from __future__ import annotations

import json

import policy_duel
import pytest

from split.bots.normal import Evaluator, PatientValues


def test_normal_against_itself_is_dead_even():
    """The same policy at every seat, from the same seeds: the same games, no edge."""
    result = policy_duel.duel("normal", {}, players=2, deals=6, seed=1)
    assert (result["win"], result["margin"], result["margin_se"]) == (0.5, 0.0, 0.0)


def test_a_policy_that_never_lays_a_pair_down_loses_clearly():
    """A pair valued at three matches is never laid down but to go out: the cards stay
    in hand when the round ends (R8.2), and the variant loses by far."""
    result = policy_duel.duel("normal", {"pair_share": 3.0}, players=2, deals=30, seed=1)
    assert result["margin"] < -3 * result["margin_se"] < 0
    assert result["win"] < 0.4


def test_a_variant_changes_only_the_weights_it_names():
    tuned = policy_duel.variant(PatientValues, {"pair_share": 1.2, "phi_floor": 0.35})
    assert issubclass(tuned, PatientValues)
    assert tuned.pair_share == 1.2 and tuned.knowledge.phi_floor == 0.35
    assert tuned.discard_cost == PatientValues.discard_cost == 1.0
    assert PatientValues.pair_share == 1.5 and Evaluator.pair_share == 0.85


def test_the_command_line_refuses_an_unknown_weight_and_prints_json(capsys):
    with pytest.raises(SystemExit):
        policy_duel.main(["--set", "pair_shares=1.0"])
    assert "no such weight: pair_shares" in capsys.readouterr().err
    assert policy_duel.main(["--policy", "patient", "--deals", "2", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["policy"] == "patient" and out["deals"] == 2 and 0.0 <= out["win"] <= 1.0
