"""The stronger computer players (the determinized solver, OpenSpiel's information-set search)
and the duplicate tournament that measures them."""

from __future__ import annotations

import csv
import math
import random
import re

import pytest

from cardkit import find_game
from cardkit.cli import main
from cardkit.explore.strength import COLUMNS, duel, lineup, read_rows, round_robin, summary
from cardkit.errors import CardkitError
from cardkit.i18n import action_text
from cardkit.players.solver_player import SolverPlayer
from cardkit.registry import find_player, player_kinds


def play_hand(game, players, seed):  # type: ignore[no-untyped-def]
    state = game.new_hand(0, game.initial_scores(), game.shuffled_pack(random.Random(seed)))
    lines = []
    while not state.is_terminal():
        p = players[state.current_player()]
        d = p.choose(state)
        a = d.action
        assert a in state.legal_actions()
        lines.append((state.phase, len(state.tricks), d.reason))
        state.apply_action(a)
    return state, lines


@pytest.mark.parametrize("name", ["501", "500"])
def test_solver_player_solves_from_the_first_lead(name: str) -> None:
    game = find_game(name)
    # a budget never reached: every decision solves exactly its number of deals
    p = SolverPlayer(game, seed=1, budget=30, min_samples=3, max_samples=3, bid_samples=4)
    base = find_player(game, game.rule_player, 2)
    solved_first_trick = checked_bids = 0
    for seed in range(6):
        state = game.new_hand(0, game.initial_scores(), game.shuffled_pack(random.Random(seed)))
        while not state.is_terminal():
            seat = state.current_player()
            if seat == 0 or state.phase == "play" and not state.tricks:
                d = p.choose(state)
                a, text, last = d.action, d.reason, d.facts
                assert a in state.legal_actions()
                assert text.startswith((f"{a}:", f"{action_text(a)}:"))  # "declare no-trump 66:" as read
                if last.get("by") == "bid check":  # a bid checked by solving sampled deals
                    n, made = last["samples"], last["made"]
                    assert n == p.bid_samples == 4 and 0 <= made <= n
                    assert (a == last["proposed"]) == (2 * made >= n)
                    assert "sampled deals of the unseen cards, solved with every card open" in text
                    checked_bids += 1
                if state.phase == "play" and not state.tricks and last.get("by") == "samples":
                    assert last["solver"] and re.search(rf"of {last['samples']} sampled deals? of the unseen cards \(solved\)", text)
                    assert last["samples"] == 3
                    solved_first_trick += 1
            else:
                a = base.choose(state).action
            state.apply_action(a)
    assert solved_first_trick >= 2


@pytest.mark.parametrize("name", ["501", "500"])
def test_solver_player_checks_bids_by_solving_sampled_deals(name: str) -> None:
    game = find_game(name)
    base = find_player(game, game.rule_player, 2)
    checked = 0
    for seed in range(60):
        state = game.new_hand(0, game.initial_scores(), game.shuffled_pack(random.Random(seed)))
        while state.phase == "auction" and str(base.choose(state.clone()).action) in ("look", "pass"):
            state.apply_action(base.choose(state).action)
        if state.phase != "auction":
            continue
        p = SolverPlayer(game, seed=seed, budget=0.0, bid_samples=3)
        d = p.choose(state)
        a, last = d.action, d.facts
        n, made = last["samples"], last["made"]
        assert last["by"] == "bid check" and n == 1 and made in (0, 1)  # no time: one deal
        assert str(a) == (str(last["proposed"]) if made else "pass")
        assert "sampled deals of the unseen cards, solved with every card open" in d.reason
        checked += 1
        if checked == 2:
            break
    assert checked == 2


@pytest.mark.parametrize("name", ["501", "500"])
def test_ismcts_player_plays_legal_hands_and_says_why(name: str) -> None:
    pytest.importorskip("pyspiel")
    from cardkit.players.ismcts import ISMCTSPlayer

    game = find_game(name)
    assert "ismcts" in player_kinds(game) and "solver" in player_kinds(game)
    players = [ISMCTSPlayer(game, seed=s, simulations=6) for s in range(game.players)]
    state, lines = play_hand(game, players, 3)
    assert state.phase == "over"
    searched = [t for ph, _, t in lines if "simulations of the search" in t]
    assert searched and all("of 6 simulations" in t for t in searched)
    from cardkit.i18n import language

    p = players[0]
    state = game.new_hand(0, game.initial_scores(), game.shuffled_pack(random.Random(5)))
    while state.phase != "play" or state.current_player() != 0 or len(state.legal_actions()) < 2:
        state.apply_action(p.choose(state).action if state.current_player() == 0 else players[1].choose(state).action)
    with language("es"):
        d = p.choose(state)
    a, text = d.action, d.reason
    assert text.startswith(f"juega {a.card}") and "de 6 simulaciones de la búsqueda, vale " in text, text
    assert " por mano de media" in text and "siguiente: juega " in text, text


def test_ismcts_leaves_the_wide_501_auction_to_the_rules() -> None:
    pytest.importorskip("pyspiel")
    game = find_game("501")
    p = find_player(game, "ismcts", 1)
    state = game.new_hand(0, game.initial_scores(), game.shuffled_pack(random.Random(1)))
    d = p.choose(state)  # look, pass and 155 bids: more than a search can try
    assert "rule-based player's" in d.reason


def test_lineup_keeps_partners_together() -> None:
    assert lineup(find_game("500", 6, **{"six-seating": "three-pairs"}), "a", "b") == ["a", "b", "b", "a", "b", "b"]
    assert lineup(find_game("500", 5), "a", "b") == ["a", "b", "b", "b", "b"]
    assert lineup(find_game("501", 4), "a", "b") == ["a", "b", "b", "b"]


def test_sensible_beats_random_in_duplicate_deals() -> None:
    game = find_game("501")
    rows = duel(game, "random", "sensible", range(8), seed=1)
    assert [r["deal"] for r in rows] == list(range(8))
    table = summary(rows)
    row = table.iloc[0]
    # random bids wildly and fails its contracts: far below the rule-based player, interval and all
    assert row["deals"] == 8 and row["high"] < -100
    assert all(r["a_decisions"] > 0 and r["b_decisions"] > 0 for r in rows)
    with pytest.raises(CardkitError, match="two different kinds"):
        duel(game, "random", "random", range(1))


def test_summary_interval_by_hand() -> None:
    rows = [{"game": "501", "players": 3, "a": "x", "b": "y", "deal": d, "difference": v, "a_decisions": 2,
             "a_seconds": 0.5, "b_decisions": 4, "b_seconds": 0.1} for d, v in enumerate([1.0, 2.0, 3.0])]
    r = summary(rows).iloc[0]
    se = 1 / math.sqrt(3)
    assert r["mean difference"] == 2.0
    # Student's t at 2 degrees of freedom (4.303, from a printed table), not 1.96: three deals are few
    assert r["low"] == round(2 - 4.303 * se, 1) == -0.5 and r["high"] == round(2 + 4.303 * se, 1) == 4.5
    assert r["a ms/decision"] == round(1000 * 1.5 / 6, 1) and r["b ms/decision"] == round(1000 * 0.3 / 12, 1)


def test_round_robin_appends_and_resumes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = find_game("500")
    path = tmp_path / "s.csv"
    first = round_robin(game, ["random", "sensible"], 4, seed=2, chunk=2, path=path)
    assert len(first) == 4
    again = round_robin(game, ["random", "sensible"], 6, seed=2, chunk=2, path=path)
    assert [r["deal"] for r in again] == [4, 5]  # deals 0-3 were already in the file
    rows = read_rows(path)
    assert [int(r["deal"]) for r in rows] == list(range(6))
    assert tuple(rows[0]) == COLUMNS
    assert {(r["rules"], r["seed"]) for r in rows} == {("", "2")}
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(CardkitError, match="not a strength table"):
        read_rows(bad)


def test_a_deal_gives_the_same_result_however_the_run_was_chunked_or_resumed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every deal has its own random streams from (seed, deal): six deals in one go, in chunks of
    four then resumed, or deal 5 alone, give the same differences and decision counts."""
    game = find_game("501")
    keep = ("deal", "difference", "a_decisions", "b_decisions")
    whole = [tuple(r[k] for k in keep) for r in duel(game, "random", "sensible", range(6), seed=4)]
    path = tmp_path / "r.csv"
    round_robin(game, ["random", "sensible"], 4, seed=4, chunk=4, path=path)
    round_robin(game, ["random", "sensible"], 6, seed=4, chunk=4, path=path)
    resumed = [(int(r["deal"]), float(r["difference"]), int(r["a_decisions"]), int(r["b_decisions"]))
               for r in read_rows(path)]
    assert resumed == whole
    assert [tuple(r[k] for k in keep) for r in duel(game, "random", "sensible", [5], seed=4)] == whole[5:]
    assert len({w[1] for w in whole}) > 1  # the deals differ: not one result repeated


def test_a_file_refuses_another_run_of_the_same_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = find_game("500")
    path = tmp_path / "s.csv"
    round_robin(game, ["random", "sensible"], 2, seed=1, path=path)
    with pytest.raises(CardkitError, match="another run of Five Hundred with 4 players .*seed 1.*seed 2"):
        round_robin(game, ["random", "sensible"], 4, seed=2, path=path)
    loose = find_game("500", **{"joker-lead": "loose"})
    with pytest.raises(CardkitError, match="this run has rules joker-lead=loose"):
        round_robin(loose, ["random", "sensible"], 4, seed=1, path=path)
    assert len(read_rows(path)) == 2  # nothing was added
    # another table size is another run, and may share the file
    round_robin(find_game("500", 3), ["random", "sensible"], 1, seed=2, path=path)
    assert [r["players"] for r in read_rows(path)] == ["4", "4", "3"]
    # the command line says so and changes nothing
    assert main(["tournament", "500", "random", "sensible", "--deals", "3", "--seed", "5", "--csv", str(path)]) == 2
    assert len(read_rows(path)) == 3


def test_tournament_command_smoke(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "t.csv"
    kinds = ["random", "sensible", "solver"]
    assert main(["tournament", "501", *kinds, "--deals", "2", "--against", "sensible", "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert "95 % interval" in text and "random    sensible" in text and "solver    sensible" in text
    with open(out, newline="", encoding="utf-8") as f:
        assert len(list(csv.DictReader(f))) == 4  # two pairs, two deals each
    assert main(["tournament", "501", "random"]) == 2
    assert "at least two player kinds" in capsys.readouterr().err


def test_estimate_with_the_solver_player(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["estimate", "501", "--contract", "100", "--hand", "AS 10S KS QS AH 10H KH",
                 "--deals", "2", "--player", "solver", "--json"]) == 0
    assert '"contract": "100"' in capsys.readouterr().out
