"""Duplicate-style tournaments between computer players (cardkit.explore.tournament)."""

import pytest

from cardkit import CardkitError, find_game
from cardkit.explore.tournament import margin, seatings, standings, standings_chart, tournament


@pytest.fixture(scope="module")
def results():
    return tournament(find_game("501"), ["sensible", "random", "random"], deals=30, seed=1)


def test_every_deal_played_in_every_seat(results):
    assert len(results) == 30 * 3 * 3
    # each kind sits in each seat on each deal: sensible once per deal per seat
    sens = results[results["kind"] == "sensible"]
    assert sorted(sens.groupby("deal")["seat"].apply(lambda s: "".join(sorted(s)))) == ["ABC"] * 30
    # 501 gain is minus the change (scores count down, rules.md 501 §10)
    assert (results["gain"] == -results["change"]).all()


def test_same_cards_for_every_seating(results):
    # the dealer is the same for a deal in every seating (summaries name seats, so compare dealers)
    sizes = results.groupby(["deal", "seating"]).size()
    assert (sizes == 3).all()


def test_rule_based_beats_random_by_a_margin(results):
    diff, se = margin(results, "sensible", "random")
    assert diff > 150 and diff > 10 * se  # seeded: about 228 ± 5 points per hand
    table = standings(results)
    assert list(table.index) == ["sensible", "random"]
    assert table.loc["sensible", "seat-hands"] == 90 and table.loc["random", "seat-hands"] == 180


def test_chart_and_errors(results):
    spec = standings_chart(results).to_dict()
    assert len(spec["hconcat"]) == 2
    with pytest.raises(CardkitError, match="a line-up of 2 kinds for 3 seats"):
        tournament(find_game("501"), ["random", "random"], deals=1)


def test_seatings_keep_partners():
    assert seatings(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert len(seatings(["x", "x", "x"])) == 1
