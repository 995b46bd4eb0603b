"""Records: saving and replaying, and malformed records rejected with their place named.

The base record is a 501♠ match of two hands from start scores 20/20/20 (so it ends): an all-pass
hand, then a hand played out. Each bad case mutates one field of a fresh copy.
"""

from __future__ import annotations

import builtins
import copy
import json
from pathlib import Path

import pytest

from cardkit import Match, RecordError
from cardkit.game501 import Game501
from cardkit.records import SCHEMA, dumps, from_record, load, loads, save, to_record, validate

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"


def base_match() -> Match:
    m = Match(Game501(3), seed=12, scores=[20, 20, 20])
    m.new_hand()
    for a in ["pass", "pass", "pass"]:
        m.apply_action(a)
    state = m.new_hand()
    for a in ["look", "bid 66", "pass", "pass"]:
        m.apply_action(a)
    while not state.is_terminal():
        m.apply_action(state.legal_actions()[1 if state.phase == "talon" else 0])
    return m


@pytest.fixture(scope="module")
def base() -> dict:
    m = base_match()
    assert m.is_over() and len(m.hands) == 2
    return to_record(m)


def places(data) -> list[str]:
    with pytest.raises(RecordError) as e:
        from_record(data, "bad.json")
    assert str(e.value).startswith("bad.json: ")
    for place, _msg in e.value.problems:
        assert place in str(e.value)
    return [p for p, _ in e.value.problems]


def test_base_record_replays(base):
    m = from_record(copy.deepcopy(base))
    assert m.scores == base["hands"][1]["result"]["scores"] == base["outcome"]["scores"]
    assert list(m.outcome.winners) == base["outcome"]["winners"]
    assert m.hands[0].summary() == "all passed" and m.hands[1].dealer == (m.hands[0].dealer + 1) % 3
    assert validate(base) == []


def test_dumps_loads_dumps_is_stable(base, tmp_path):
    m = from_record(copy.deepcopy(base))
    text = dumps(m)
    assert json.loads(text) == base
    save(m, tmp_path / "r.json")
    assert load(tmp_path / "r.json").scores == m.scores
    assert (tmp_path / "r.json").read_text(encoding="utf-8") == text + "\n"


def test_records_of_a_single_hand_with_title(tmp_path):
    m = Match(Game501(4), seed=3)
    state = m.new_hand()
    state.apply_action("bid 70")
    rec = to_record(state, title="T", description="D")
    assert rec["title"] == "T" and rec["description"] == "D" and rec["players"] == 4
    assert rec["hands"][0]["result"] is None and rec["hands"][0]["actions"] == ["bid 70"]
    again = from_record(rec)
    assert again.state.high_bid == 70 and not again.state.is_terminal()


def test_deal_form_of_a_hand(base):
    m = from_record(copy.deepcopy(base))
    h = m.hands[1]
    data = copy.deepcopy(base)
    del data["hands"][1]["pack"]
    data["hands"][1]["deal"] = {"hands": [[c.code for c in hand] for hand in
                                          h.game.new_hand(h.dealer, h.scores_before, h.pack).hands],
                                "talon": h.talon.codes()}
    assert from_record(data).scores == m.scores


# ---------------------------------------------------------------- malformed records


def mutate(base, fn):
    data = copy.deepcopy(base)
    fn(data)
    return data


BAD = {
    "unknown game": (lambda d: d.update(game="502"), "game"),
    "too many players for the schema": (lambda d: d.update(players=9), "players"),
    "five players at 501": (lambda d: d.update(players=5, names=list("ABCDE"), start_scores=[20] * 5), "players"),
    "wrong format": (lambda d: d.update(format="pgn"), "format"),
    "wrong version": (lambda d: d.update(version=2), "version"),
    "missing hands": (lambda d: d.pop("hands"), "(top)"),
    "unknown field": (lambda d: d.update(colour="red"), "(top)"),
    "names of the wrong count": (lambda d: d.update(names=["A", "B"]), "names"),
    "empty name": (lambda d: d.update(names=["A", "", "C"]), "names[1]"),
    "start scores of the wrong count": (lambda d: d.update(start_scores=[501, 501]), "start_scores"),
    "non-integer score": (lambda d: d.update(start_scores=[501, "x", 501]), "start_scores[1]"),
    "unreadable card": (lambda d: d["hands"][0]["pack"].__setitem__(3, "XX"), "hands[0].pack[3]"),
    "joker in a 501 pack": (lambda d: d["hands"][0]["pack"].__setitem__(3, "JK"), "hands[0].pack[3]"),
    "two of hearts in a 501 pack": (lambda d: d["hands"][1]["pack"].__setitem__(0, "2H"), "hands[1].pack[0]"),
    "duplicate card": (lambda d: d["hands"][0]["pack"].__setitem__(5, d["hands"][0]["pack"][2]), "hands[0].pack[5]"),
    "25-card pack": (lambda d: d["hands"][0]["pack"].append(d["hands"][0]["pack"][0]), "hands[0].pack[24]"),
    "23-card pack": (lambda d: d["hands"][0]["pack"].pop(), "hands[0].pack"),
    "illegal action": (lambda d: d["hands"][1]["actions"].__setitem__(7, "bid 66"), "hands[1].actions[7]"),
    "unreadable action": (lambda d: d["hands"][1]["actions"].__setitem__(2, "bid lots"), "hands[1].actions[2]"),
    "empty action": (lambda d: d["hands"][1]["actions"].__setitem__(2, ""), "hands[1].actions[2]"),
    "wrong dealer": (lambda d: d["hands"][1].update(dealer=(d["hands"][0]["dealer"] + 2) % 3), "hands[1].dealer"),
    "dealer not a seat": (lambda d: d["hands"][0].update(dealer=7), "hands[0].dealer"),
    "negative dealer": (lambda d: d["hands"][0].update(dealer=-1), "hands[0].dealer"),
    "result mismatch": (lambda d: d["hands"][1]["result"].update(scores=[1, 2, 3]), "hands[1].result.scores"),
    "returns mismatch": (lambda d: d["hands"][0]["result"].update(returns=[0, 0, 5]), "hands[0].result.returns"),
    "result of an unfinished hand": (lambda d: d["hands"][1]["actions"].pop(), "hands[1].result"),
    "unfinished hand followed by another": (lambda d: d["hands"][0]["actions"].pop(), "hands[0].actions"),
    "outcome winners mismatch": (lambda d: d["outcome"].update(winners=[0, 1, 2]), "outcome.winners"),
    "outcome without winners": (lambda d: d["outcome"].pop("winners"), "outcome"),
    "outcome scores mismatch": (lambda d: d["outcome"].update(scores=[0, 0, 0]), "outcome.scores"),
    "outcome missing for an ended match": (lambda d: d.update(outcome=None), "outcome"),
    "a hand after the end of the match": (lambda d: d["hands"].append(copy.deepcopy(d["hands"][0])), "hands[2]"),
    "hand with both pack and deal": (lambda d: d["hands"][0].update(deal={"hands": [], "talon": []}), "hands[0]"),
    "deal of wrong sizes": (lambda d: (d["hands"][0].pop("pack"), d["hands"][0].update(
        deal={"hands": [["AS"], ["KS"], ["QS"]], "talon": []})), "hands[0].deal"),
    "unknown option": (lambda d: d.update(options={"jokers": 2}), "options"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_record_is_rejected_with_its_place(base, name):
    fn, place = BAD[name]
    assert place in places(mutate(base, fn))


def test_every_schema_problem_is_listed_at_once(base):
    def two(d):
        d["hands"][0]["pack"][1] = "1X"
        d["hands"][1]["pack"][4] = "ZZ"
        d["players"] = "three"
    got = places(mutate(base, two))
    assert {"hands[0].pack[1]", "hands[1].pack[4]", "players"} <= set(got)


def test_bad_json_names_line_and_column(base):
    text = dumps(from_record(copy.deepcopy(base)))
    broken = text.replace('"game": "501",', '"game": "501"', 1)
    with pytest.raises(RecordError) as e:
        loads(broken, "x.json")
    (place, msg), = e.value.problems
    line = text.splitlines().index(' "game": "501",') + 2
    assert place.startswith(f"line {line} column ") and "not valid JSON" in msg


def test_not_an_object_and_missing_file(tmp_path):
    with pytest.raises(RecordError, match=r"\(top\)"):
        loads("[1, 2, 3]")
    with pytest.raises(RecordError, match=r"\(file\)"):
        load(tmp_path / "nope.json")
    (tmp_path / "latin1.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match=r"\(file\)"):
        load(tmp_path / "latin1.json")


def test_loading_never_executes_code(base, monkeypatch):
    """Records are JSON only: a hostile string is data, and eval/exec/pickle are never reached."""
    def boom(*a, **k):
        raise AssertionError("code was executed")

    monkeypatch.setattr(builtins, "eval", boom)
    monkeypatch.setattr(builtins, "exec", boom)
    import pickle

    monkeypatch.setattr(pickle, "loads", boom)
    data = mutate(base, lambda d: d["hands"][1]["actions"].__setitem__(0, "__import__('os').system('false')"))
    assert "hands[1].actions[0]" in places(data)
    data = mutate(base, lambda d: d.update(title="{{ 7*7 }} $(rm -rf /)"))
    assert from_record(data).scores == from_record(copy.deepcopy(base)).scores


def test_schema_is_plain_json():
    assert json.loads(json.dumps(SCHEMA)) == SCHEMA


@pytest.mark.parametrize("name, scores", [("501_worked_blind_contract.json", [701, 469, 481]),
                                          ("501_worked_blind_contract_made.json", [301, 492, 471])])
def test_example_records(name, scores):
    path = EXAMPLES / name
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["title"] and len(data["description"]) > 100
    assert data["hands"][0]["result"]["scores"] == scores
    m = load(path)
    assert m.scores == scores
    assert dumps(m, title=data["title"], description=data["description"]) + "\n" == path.read_text(encoding="utf-8")


def test_record_layout_one_line_per_list(base):
    text = dumps(from_record(copy.deepcopy(base)))
    lines = text.splitlines()
    assert sum(line.strip().startswith('"pack": ["') for line in lines) == 2
    assert sum(line.strip().startswith('"actions": [') for line in lines) == 2
    assert json.loads(text) == base


def test_format_json_round_trips_any_json_and_survives_nul_text():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from cardkit.records import format_json

    scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=20)

    @settings(max_examples=150, deadline=None)
    @given(values)
    def check(v):
        assert json.loads(format_json(v)) == v

    check()
    tricky = {"title": "\x000\x00", "pack": ["AS", "KS"]}
    assert json.loads(format_json(tricky)) == tricky
