"""Five Hundred records, example files, the command line and the sensible player."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit import Match, find_game
from cardkit.cli import main
from cardkit.game500 import Game500
from cardkit.players import RandomPlayer
from cardkit.registry import find_player
from cardkit.records import dumps, load, loads

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "data" / "examples"

#: file stem → (summary, final scores, winners) checked by hand against rules.md 500 §10, §11, §15
FOUR_HANDED = {
    "made_8_hearts": ("A 8♥: 9 tricks, made", [300, 10, 300, 10], None),
    "failed_10_no_trumps": ("A 10NT: 9 tricks, failed", [-520, 10, -520, 10], [1, 3]),
    "sweep_7_spades": ("A 7♠: 10 tricks, made", [250, 0, 250, 0], None),
    "made_misere": ("B misère: made", [0, 250, 0, 250], None),
    "failed_open_misere": ("A open misère: failed at trick 4", [-500, 0, -500, 0], [1, 3]),
    "joker_readings": ("A 6NT: 6 tricks, made", [120, 40, 120, 40], None),
}


#: the variants' examples (rules.md 500 §2, §12–§14, §16): stem → (players, summary, scores)
VARIANTS = {
    "three_handed_6_spades": (3, "A 6♠: 8 tricks, made", [40, 20, 0]),
    "five_handed_called_partner": (5, "A and C 7♠: 8 tricks, made", [70, 0, 70, 0, 20]),
    "six_handed_misere": (6, "B misère: made", [0, 250, 0, 250, 0, 250]),
    "six_handed_identical_cards": (6, "A 6NT: 10 tricks, made", [250, 0, 250, 0, 250, 0]),
}


@pytest.mark.parametrize("stem", sorted(VARIANTS))
def test_variant_examples_replay_to_their_scores(stem, capsys):
    players, summary, scores = VARIANTS[stem]
    path = EXAMPLES / f"500_{stem}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["title"] and len(data["description"]) > 80 and data["players"] == players
    m = load(path)
    assert m.hands[0].summary() == summary and m.scores == scores
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == scores


def test_identical_cards_example_first_trick():
    m = load(EXAMPLES / "500_six_handed_identical_cards.json")
    first = m.hands[0].tricks[0]
    assert [str(c) for _, c in first.plays[:2]] == ["4♦", "4♦"] and first.winner == 0
    assert m.game.options["six-pack"] == "improvised"


@pytest.mark.parametrize("stem", sorted(FOUR_HANDED))
def test_four_handed_examples_replay_to_their_scores(stem):
    summary, scores, winners = FOUR_HANDED[stem]
    path = EXAMPLES / f"500_{stem}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["title"] and len(data["description"]) > 80 and data["players"] == 4
    m = load(path)
    assert m.hands[0].summary() == summary and m.scores == scores
    assert (list(m.outcome.winners) if m.outcome else None) == winners


def test_replay_command_prints_json_scores():
    path = EXAMPLES / "500_made_8_hearts.json"
    out = subprocess.run([sys.executable, "-m", "cardkit", "replay", str(path), "--json"], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    assert json.loads(out)["scores"] == [300, 10, 300, 10]


def test_play_command_with_rules(capsys):
    assert main(["play", "500", "--seed", "3", "--rule", "joker-lead=loose", "--rule", "win=points", "--quiet"]) == 0
    assert "hand" in capsys.readouterr().out
    assert main(["play", "500", "--rule", "joker-lead=wild"]) == 2
    assert "use one of strict, loose" in capsys.readouterr().err
    assert main(["play", "500", "--players", "5", "--seed", "2", "--player", "sensible", "--quiet",
                 "--rule", "call-holder=surfaces"]) == 0


def test_record_saves_options_and_round_trips():
    game = find_game("500", 4, **{"joker-lead": "loose", "joker-void": "last-card-loses", "win": "points"})
    m = Match(game, seed=9)
    m.play([RandomPlayer(i) for i in range(4)], max_hands=3)
    text = dumps(m)
    data = json.loads(text)
    assert data["options"]["joker-lead"] == "loose" and data["options"]["joker-lead-any"] is False
    again = loads(text)
    assert again.scores == m.scores and again.game.rules == game.rules
    assert [h.summary() for h in again.hands] == [h.summary() for h in m.hands]


def test_sensible_player_beats_random_players():
    game = Game500()
    totals = [0, 0]
    for seed in range(6):
        m = Match(game, seed=seed)
        bots = [find_player("500", "sensible", seed), RandomPlayer(seed), find_player("500", "sensible", seed + 50),
                RandomPlayer(seed + 50)]
        for _ in range(5):
            if m.is_over():
                break
            st = m.new_hand()
            while not st.is_terminal():
                action = bots[st.current_player()].choose(st).action
                assert action in st.legal_actions()
                m.apply_action(action)
        totals[0] += m.scores[0]
        totals[1] += m.scores[1]
    assert totals[0] > totals[1] + 500


def test_joker_last_card_example_is_where_the_two_last_card_readings_differ():
    """rules.md 500 §8, joker-void: as the holder's last card, to a suit the holder has shown void in,
    the joker still wins under `last-card-exempt` (the record's reading, and `off`) and loses to the best
    card of the suit led under `last-card-loses`: the appendix on the joker readings shows this hand."""
    m = load(EXAMPLES / "500_joker_last_card.json")
    hand = m.hands[0]
    assert m.game.options["joker-void"] == "last-card-exempt"
    last = hand.tricks[-1]
    assert [(s, str(c)) for s, c in last.plays] == [(3, "5♠"), (0, "Jo"), (1, "6♦"), (2, "8♦")]
    assert len(hand.tricks) == 10 and hand.nominated is None

    def replayed(how):
        game = Game500(**{"joker-void": how})
        state = game.new_hand(hand.dealer, hand.scores_before, hand.pack)
        for action in hand.history():
            state.apply_action(action)
        return state

    results = {how: replayed(how) for how in ("off", "last-card-exempt", "last-card-loses")}
    assert {how: s.tricks[-1].winner for how, s in results.items()} == {
        "off": 0, "last-card-exempt": 0, "last-card-loses": 3}
    assert {how: s.returns() for how, s in results.items()} == {
        "off": [-120, 60, -120, 60], "last-card-exempt": [-120, 60, -120, 60],
        "last-card-loses": [-120, 70, -120, 70]}


def test_five_handed_summary_is_in_words_and_older_records_still_load(tmp_path):
    """rules.md 500 §13: the called side reads "A and C" ("A y C"); a record saved when it read
    "A+C" still loads, and one that names the side wrongly does not."""
    from cardkit.errors import RecordError
    from cardkit.i18n import language

    path = EXAMPLES / "500_five_handed_called_partner.json"
    m = load(path)
    assert m.hands[0].summary() == "A and C 7♠: 8 tricks, made"
    with language("es"):
        assert m.hands[0].summary().startswith("A y C 7♠: ")
    data = json.loads(path.read_text(encoding="utf-8"))
    old = tmp_path / "old.json"
    for said, loads_ in (("A+C 7♠: 8 tricks, made", True), ("A+B 7♠: 8 tricks, made", False)):
        data["hands"][0]["result"]["summary"] = said
        old.write_text(json.dumps(data), encoding="utf-8")
        if loads_:
            assert load(old).hands[0].summary() == "A and C 7♠: 8 tricks, made"
        else:
            with pytest.raises(RecordError):
                load(old)
