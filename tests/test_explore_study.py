"""Rule-variant studies (cardkit.explore.study): every option of a game against its default on the
same deals, the same rows as a paired comparison of each, on one process or on Dask."""

from __future__ import annotations

import json

import pytest

from cardkit import CardkitError, find_game
from cardkit.cli import main
from cardkit.explore.compare import Variant, compare
from cardkit.explore.study import option_values, study, study_table


def test_the_options_a_game_offers_are_studied_each_against_the_default() -> None:
    g = find_game("500")
    pairs = option_values(g)
    assert ("joker-lead", "loose") in pairs and ("joker-lead", "strict") not in pairs  # the default is the base
    assert len(pairs) == sum(len(v) - 1 for v in type(g).option_choices.values())
    assert option_values(find_game("501")) == []
    # six-handed, the improvised pack is another pack (rules.md 500 §2): its deals cannot be the same
    six = find_game("500", 6)
    assert ("six-pack", "improvised") not in option_values(six) and ("six-seating", "three-pairs") in option_values(six)
    with pytest.raises(CardkitError, match="six-pack=improvised changes the pack"):
        study(six, deals=1, options=[("six-pack", "improvised")])
    with pytest.raises(CardkitError, match="offers no rule option"):
        study(find_game("501"), deals=2)


def test_a_study_row_is_the_paired_comparison_of_that_option() -> None:
    g = find_game("500")
    rows = study(g, deals=24, seed=6, player="random", options=[("joker-lead-last", True), ("six-pack", "improvised")])
    mine = [r for r in rows if r["option"] == "joker-lead-last"]
    direct = compare(Variant(g, "random"), Variant(find_game("500", **{"joker-lead-last": True}), "random"),
                     deals=24, seed=6)
    assert [{k: v for k, v in r.items() if k not in ("option", "value", "method")} for r in mine] == direct
    table = study_table(rows, g).set_index("option")
    assert table.loc["six-pack", "played differently"] == 0 and table.loc["six-pack", "gain difference"] == 0
    changed = sum(r["mattered"] for r in mine)
    assert changed > 0 and table.loc["joker-lead-last", "played differently"] == round(changed / 24, 4)
    assert table.loc["joker-lead-last", "words"] == "yes" and table.loc["joker-lead-last", "deals"] == 24


def test_a_study_on_dask_and_by_the_solver() -> None:
    pytest.importorskip("dask.distributed")
    from cardkit.explore.cluster import dask_client

    g = find_game("500")
    opts = [("joker-lead", "loose"), ("no-nt-nomination", True)]
    here = study(g, deals=8, seed=2, player="random", options=opts, chunk=3)
    with dask_client(workers=2) as client:
        there = study(g, deals=8, seed=2, player="random", options=opts, chunk=3, client=client)
    assert there == here and len(here) == 8 * 2
    both = study(g, deals=3, seed=2, methods=("playout", "solver"), options=opts[:1])
    assert [r["method"] for r in both] == ["playout", "solver"] * 3
    # the solver plays the same contract the players bid: the auction is the players' either way
    assert [r["a_bid"] for r in both if r["method"] == "solver"] == [
        r["a_bid"] for r in both if r["method"] == "playout"]


def test_the_command_line_studies_one_option(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "study.csv"
    assert main(["study", "500", "--option", "joker-lead", "--player", "random", "--deals", "12", "--workers", "1",
                 "--json", "--csv", str(out)]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [(r["option"], r["value"], r["deals"]) for r in got["table"]] == [("joker-lead", "loose", 12)]
    assert out.read_text(encoding="utf-8").startswith("game,players,method,option,value,words,deals,")
    # the file reads back for the learner's table, in the game's words
    from cardkit.explore.study import load_study, study_words

    words = study_words(load_study(tmp_path), find_game("500"))
    assert list(words.index) == ["leading the joker: any suit"] and words.iloc[0]["deals"] == 12
    bad = tmp_path / "bad.csv"
    bad.write_text("game,players\n500,4\n", encoding="utf-8")
    with pytest.raises(CardkitError, match="bad.csv: not a study file .missing the columns method"):
        load_study(tmp_path)
    assert main(["study", "500", "--option", "joker-leed", "--deals", "2", "--workers", "1"]) == 2
    assert "joker-leed: Five Hundred has no such rule option" in capsys.readouterr().err
