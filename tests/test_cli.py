"""The command line, ``python -m cardkit``: play and replay for 501♠, and errors on stderr."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "data" / "examples" / "501_worked_blind_contract.json"
MADE = ROOT / "data" / "examples" / "501_worked_blind_contract_made.json"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def last_row(out: str) -> list[int]:
    rows = [line for line in out.splitlines() if re.match(r"^\s+\d+\s+[A-D]\s", line)]
    return [int(x) for x in rows[-1].split()[2:5]]


def test_play_prints_transcript_score_sheet_and_winner(capsys):
    code, out, err = run(capsys, "play", "501", "--players", "3", "--seed", "7")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("— hand 1, dealer ")
    assert re.search(r"^  [ABC] holds ", out, re.M) and re.search(r"^  [ABC]: bid \d+$", out, re.M)
    assert re.search(r"^    trick to [ABC]$", out, re.M)
    assert re.search(r"^hand\s+dealer\s+A\s+B\s+C\s+summary$", out, re.M)
    assert re.search(r"^\s+start\s+501\s+501\s+501$", out, re.M)
    winner = lines[-1]
    m = re.match(r"^([ABC])( and ([ABC]))? wins?: a score reached 0 or below", winner)
    assert m, winner
    final = last_row(out)
    assert final[ord(m.group(1)) - ord("A")] == min(final) <= 0


def test_play_is_reproducible_and_quiet_prints_only_the_sheet(capsys):
    _, out1, _ = run(capsys, "play", "501", "--seed", "3", "--quiet")
    _, out2, _ = run(capsys, "play", "501", "--seed", "3", "--quiet")
    assert out1 == out2 and "holds" not in out1 and out1.splitlines()[0].startswith("hand")


def test_play_four_players_and_random_players(capsys):
    code, out, _ = run(capsys, "play", "501", "--players", "4", "--seed", "2", "--player", "random", "--quiet")
    assert code == 0 and re.search(r"^hand\s+dealer\s+A\s+B\s+C\s+D\s+summary$", out, re.M)


def test_play_save_then_replay(capsys, tmp_path):
    rec = tmp_path / "m.json"
    _, out, _ = run(capsys, "play", "501", "--seed", "5", "--quiet", "--save", str(rec))
    code, out2, err = run(capsys, "replay", str(rec), "--json")
    data = json.loads(out2)
    assert code == 0 and err == "" and data["scores"] == last_row(out)


@pytest.mark.parametrize("path, scores, summary", [(WORKED, [701, 469, 481], "A blind 100 ♦: 88, failed"),
                                                   (MADE, [301, 492, 471], "A blind 100 ♣: 101, made")])
def test_replay_json_prints_one_object_with_scores(capsys, path, scores, summary):
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 0 and err == "" and out.count("\n") == 1
    data = json.loads(out)
    assert data["scores"] == scores and data["summaries"] == [summary]
    assert data["game"] == "501" and data["names"] == ["A", "B", "C"] and data["winners"] is None


def test_replay_text_shows_the_hand(capsys):
    code, out, _ = run(capsys, "replay", str(WORKED))
    assert code == 0
    assert "  A: bid 80" in out and "  A: play K♠ marriage" in out and "  A gives 10♥ to B" in out
    assert "A blind 100 ♦: 88, failed — A +200, B -32, C -20" in out
    assert re.search(r"^\s+1\s+C\s+701\s+469\s+481\s+A blind 100", out, re.M)


@pytest.mark.parametrize("argv, words", [
    (["replay", "/nonexistent/record.json"], "No such file"),
    (["play", "502"], "unknown game '502'"),
    (["play", "501", "--players", "5"], "3 or 4 players, not 5"),
    (["play", "501", "--rule", "jokers"], "NAME=VALUE"),
    (["play", "501", "--rule", "jokers=2"], "no rule options"),
    (["play", "501", "--player", "random", "--player", "random"], "--player given 2 times"),
    (["play", "501", "--player", "genius"], "unknown player 'genius'"),
])
def test_errors_go_to_stderr_with_a_nonzero_exit(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code != 0 and out == ""
    assert err.startswith("error: ") and words in err


def test_bad_record_names_its_place_on_stderr(capsys, tmp_path):
    data = json.loads(WORKED.read_text(encoding="utf-8"))
    data["hands"][0]["actions"][7] = "play 9♥"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(bad), "--json")
    assert code == 2 and out == "" and "hands[0].actions[7]" in err and "rules.md 501 §" in err


def test_python_dash_m_cardkit_in_a_subprocess(tmp_path):
    ok = subprocess.run([sys.executable, "-m", "cardkit", "replay", str(WORKED), "--json"],
                        capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=60)
    assert ok.returncode == 0 and json.loads(ok.stdout)["scores"] == [701, 469, 481]
    bad = subprocess.run([sys.executable, "-m", "cardkit", "play", "501", "--players", "5"],
                         capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and "error:" in bad.stderr
    usage = subprocess.run([sys.executable, "-m", "cardkit"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert usage.returncode != 0 and "usage" in usage.stderr


def test_every_registered_player_kind_plays_a_legal_hand():
    """The command line's --player kinds all build and act legally (sampler needs the table's rules)."""
    from cardkit import Match, find_game
    from cardkit.registry import find_player, player_kinds

    for name in ("501", "500"):
        game = find_game(name)
        for kind in player_kinds(name):
            match = Match(game, seed=5)
            state = match.new_hand()
            players = [find_player(game, kind, seed=i) for i in range(game.players)]
            for _ in range(12):  # the auction and the first actions after it
                if state.is_terminal():
                    break
                action = players[state.current_player()].choose(state).action
                assert state.why_illegal(action) is None, (name, kind, str(action))
                match.apply_action(action)
