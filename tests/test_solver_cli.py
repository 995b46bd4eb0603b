"""``python -m cardkit solve FILE``: the per-action table of the position a record ends in."""

from __future__ import annotations

import json
from pathlib import Path

from cardkit.cli import main
from cardkit.game import Match
from cardkit.game501 import Game501
from cardkit.records import save
from cardkit.solver.positions import setup_501


# Declarer A holds A 10 K Q of trumps (♥) and A 10 of ♠ and ♣ (hand-checked in test_solver501.py).
STRONG = ["AH 10H KH QH AS 10S AC 10C", "JH KS QS JS AD 10D KD QD", "9H 9S KC QC JC 9C JD 9D"]
EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"


def record_of(state, path: Path) -> Path:
    """A one-hand record that replays ``state``'s deal and actions."""
    match = Match(state.game, seed=0, dealer=state.dealer)
    match.new_hand(state.pack)
    for a in state.history():
        match.apply_action(a)
    save(match, path)
    return path


def test_solve_prints_the_table(tmp_path, capsys):
    state = setup_501(STRONG, declarer=0, trump="H", contract=150, plays=["AC", "JH"])
    assert main(["solve", str(record_of(state, tmp_path / "r.json"))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "501♠: C to play; declarer A, contract 150 ♥; value: A's hand total with best play"
    assert out[2].split() == ["play", "K♣", "143", "←", "best"]
    assert [line.split()[:3] for line in out[3:6]] == [["play", "Q♣", "144"], ["play", "J♣", "145"],
                                                       ["play", "9♣", "147"]]
    assert out[-1] == "A fails 150 with best play (143)"


def test_solve_json(tmp_path, capsys):
    state = setup_501(STRONG, declarer=0, trump="H", contract=150)
    assert main(["solve", "--json", str(record_of(state, tmp_path / "r.json"))]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == 160 and out["made"] is True and out["target"] == 150
    assert {"action": "play K♥", "value": 120} in out["actions"]


def test_solve_a_hand_that_never_reached_play_is_an_error(tmp_path, capsys):
    game = Game501()
    state = game.new_hand(0, [501] * 3, game.new_pack())
    for a in ("pass", "pass", "pass"):  # all passed: no play phase (rules.md 501 §5)
        state.apply_action(a)
    save(state, tmp_path / "all_pass.json")
    assert main(["solve", str(tmp_path / "all_pass.json")]) == 2
    assert "play phase" in capsys.readouterr().err


def test_solve_a_five_hundred_record(tmp_path, capsys):
    """Hand-checked 10NT (see test_solver500.py): A's joker and spades against B's lone J♠."""
    from cardkit.game500 import Game500

    g = Game500()
    state = g.new_hand(3, [0] * 4, g.arrange(3, {0: "JK AS KS QS 10S 9S 8S 7S 6S 5S",
                                                 1: "JS JC AH KH QH JH 10H 9H 8H 7H"}, kitty="4H 4D 5C"))
    for a in ["bid 10NT", "pass", "pass", "pass", "bury 4H", "bury 4D", "bury 5C", "nominate none", "play AS"]:
        state.apply_action(a)
    save(state, tmp_path / "r.json")
    assert main(["solve", "--json", str(tmp_path / "r.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "500" and out["seat"] == 1 and out["unit"] == "tricks"
    assert out["actions"] == [{"action": "play J♠", "value": 10}] and out["made"] is True


def test_solve_a_finished_example_from_its_opening_lead(capsys):
    """Every example record ends with the hand over: solve takes it back to the opening lead, or --plays."""
    from cardkit.cli import main

    assert main(["solve", "data/examples/501_worked_blind_contract.json", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 0 and out["target"] == 100 and out["value"] == 65 and out["made"] is False
    assert main(["solve", "data/examples/500_made_8_hearts.json", "--plays", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 8
    assert main(["solve", "data/examples/500_made_8_hearts.json", "--plays", "400"]) == 2
    assert "not 400" in capsys.readouterr().err


def test_six_handed_opening_lead_is_solved_within_the_default_budget(capsys):
    """The shipped six-handed record (63-card pack, identical cards): its opening lead is solved
    exactly within the default time limit, and a tiny node limit gives bounds and says so."""
    path = str(EXAMPLES / "500_six_handed_identical_cards.json")
    assert main(["solve", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "settled" not in out and out["value"] == 10 and out["made"]
    assert main(["solve", path, "--node-limit", "1"]) == 0
    text = capsys.readouterr().out
    assert "not solved exactly: node budget of 1 spent" in text
    assert main(["solve", path, "--node-limit", "0"]) == 2
