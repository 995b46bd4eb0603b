"""Paired comparisons (cardkit.explore.compare): the same deals under two rule sets, players or
methods; a rule that cannot matter gives exactly 0; Dask gives the same rows as one process."""

from __future__ import annotations

import json

import pytest

from cardkit import CardkitError, find_game
from cardkit.cli import main
from cardkit.explore.compare import Variant, bid_counts, compare, comparison_table


def test_a_rule_that_cannot_matter_gives_exactly_zero() -> None:
    # the improvised six-handed pack (rules.md 500 §2) changes nothing at a table of four
    a, b = find_game("500"), find_game("500", **{"six-pack": "improvised"})
    rows = compare(a, b, deals=30, seed=2)
    assert [r["deal"] for r in rows] == list(range(30))
    assert not any(r["mattered"] for r in rows)
    assert all(r["a_summary"] == r["b_summary"] and r["a_gain"] == r["b_gain"] for r in rows)
    table = comparison_table(rows, a, b)
    assert table.loc["contractor's gain per hand", "B − A"] == "0 (the same on all 30 deals)"
    assert table.loc["deals played differently", "B − A"] == "0% (0–11%)"  # Wilson: 0 of 30 is at most 11 %


def test_a_rule_that_matters_shows_where_and_the_paired_difference() -> None:
    # random players lead the joker early: "only on the last trick" (rules.md 500 §8) changes many hands
    a = Variant(find_game("500"), "random")
    b = Variant(find_game("500", **{"joker-lead-last": True}), "random")
    rows = compare(a, b, deals=60, seed=3)
    differ = [r for r in rows if r["mattered"]]
    assert 10 <= len(differ) < 60
    same = [r for r in rows if not r["mattered"]]
    assert all(r["a_summary"] == r["b_summary"] for r in same)
    table = comparison_table(rows, a, b)
    n = len(differ)
    from cardkit.explore.intervals import rate_interval
    iv = rate_interval(n, 60)
    assert table.loc["deals played differently", "B − A"] == f"{n / 60:.0%} ({iv.low * 100:.0f}–{iv.high:.0%})"
    assert b.name() == "joker-lead-last=True, random" and a.name() == "default rules, random"


def test_players_and_methods_compare_on_the_same_deals() -> None:
    game = find_game("501")
    rows = compare(Variant(game, "random"), Variant(game, "sensible"), deals=40, seed=1)
    made_random = sum(bool(r["a_made"]) for r in rows)
    made_sensible = sum(bool(r["b_made"]) for r in rows)
    assert made_sensible > made_random  # the rule-based bidder makes more contracts on the same cards
    g500 = find_game("500")
    solved = compare(Variant(g500), Variant(g500, method="solver"), deals=12, seed=5)
    # the same auction (the same players and streams) before the play: the same contract both ways
    assert all(r["a_bid"] == r["b_bid"] and r["a_contractor"] == r["b_contractor"] for r in solved)
    counts = bid_counts(solved)
    assert counts["A"].sum() == counts["B"].sum() == 12 and list(counts["A"]) == list(counts["B"])


def test_a_dask_cluster_gives_the_same_rows() -> None:
    pytest.importorskip("dask.distributed")
    from cardkit.explore.cluster import dask_client

    a, b = Variant(find_game("500"), "random"), Variant(find_game("500", **{"joker-lead": "loose"}), "random")
    here = compare(a, b, deals=24, seed=7, chunk=5)
    with dask_client(workers=2) as client:
        there = compare(a, b, deals=24, seed=7, chunk=5, client=client)
    assert there == here


def test_bad_comparisons_are_clear_errors(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CardkitError, match="do not deal the same cards"):
        compare(find_game("500", 4), find_game("500", 5), deals=2)
    with pytest.raises(CardkitError, match="unknown method 'guess'"):
        compare(Variant(find_game("501"), method="guess"), find_game("501"), deals=2)
    with pytest.raises(CardkitError, match="deals=0"):
        compare(find_game("501"), find_game("501"), deals=0)
    assert main(["compare", "500", "--deals", "3", "--workers", "1"]) == 2
    assert "A and B are the same" in capsys.readouterr().err


def test_the_command_line_answers_the_joker_lead_question_in_one_line(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["compare", "500", "--rule-b", "joker-lead=loose", "--player-a", "random", "--player-b", "random",
                 "--deals", "20", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["a"] == "default rules, random" and out["b"] == "joker-lead=loose, random"
    assert len(out["rows"]) == 20 and [r["measure"] for r in out["table"]] == [
        "contracts made (share of deals)", "contractor's gain per hand", "passed out (no contract)",
        "deals played differently", "deals scored differently"]
    assert main(["compare", "500", "--rule-b", "joker-lead=loose", "--deals", "10", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Five Hundred, 4 players, 10 deals (seed 0), each played under A and under B:")
    assert "B: joker-lead=loose, sensible" in text
