"""What a seat's view declares for its page (issue 27, item 4), on a real table in a real SQLite
file: each card of its own hand with the action a click sends, legal or not; the cards chosen
together (Five Hundred buries three, rules.md 500 §5); partners and sides from the game's units
(500 §1); the whole bid ladder (500 §4); a refusal's rule in plain words.

Seed 1, four-handed Five Hundred, B deals: C bids 6♠, D, A and B pass (the deal of
tests/browser/test_seat_page.py, checked by hand there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.rulecards import rule_text

from cardkit.server.store import Store
from cardkit.server.tables import Room, TableError


@pytest.fixture
def room(tmp_path: Path) -> Room:
    r = Room.create(Store(str(tmp_path / "tables.sqlite")), "500", 4, seed=1)
    for seat, action in [(2, "bid 6♠"), (3, "pass"), (0, "pass"), (1, "pass")]:
        r.act(seat, action)
    return r


def test_a_contractor_chooses_three_cards_to_bury(room: Room) -> None:
    v = room.view(2)
    assert v["phase"] == "bury" and v["pick"] == 3
    assert [x["action"] for x in v["hand_actions"]][-3:] == ["bury A♥", "bury Q♥", "bury 10♥"]
    assert all(x["legal"] for x in v["hand_actions"]) and len(v["hand_actions"]) == 13
    room.act(2, "bury A♥")
    assert room.view(2)["pick"] == 2  # the rest of the run, after one burial
    # another seat's cards take the phase's action too, none of them legal: a click is refused
    w = room.view(0)
    assert w["pick"] == 0 and w["hand_actions"][0] == {"card": "J♠", "action": "bury J♠", "label": "bury J♠",
                                                       "legal": False}
    with pytest.raises(TableError) as e:
        room.act(0, "bury J♠")
    assert e.value.status == 409 and e.value.body() == {"error": "it is C's turn, not A's", "rule": "server.md §4",
                                                           "rule_name": "out-of-turn"}


def test_a_card_that_does_not_follow_suit_is_refused_with_its_rule(room: Room) -> None:
    for c in ("A♥", "Q♥", "10♥"):
        room.act(2, f"bury {c}")
    room.act(2, "play A♠")
    room.act(3, "play 7♠")
    v = room.view(0)
    assert [x["card"] for x in v["hand_actions"] if x["legal"]] == ["J♠", "K♠", "Q♠"]
    with pytest.raises(TableError) as e:
        room.act(0, "play A♣")
    assert e.value.body() == {
        "error": "A cannot play A♣: must follow ♠: A holds J♠ K♠ Q♠ [rules.md 500 §7]", "rule": "rules.md 500 §7",
        "plain": "A cannot play A♣: must follow ♠: A holds J♠ K♠ Q♠ (rule 7 of Five Hundred)",
        "rule_words": "rule 7 of Five Hundred", "rule_name": "follow-suit",
        # the rule's card that "rule 7 of Five Hundred" opens on the page
        "rule_heading": "Rule 7 of Five Hundred: Play", "rule_text": rule_text("500", 7)}
    assert "Follow the suit led" in rule_text("500", 7)
    assert room.step == 9  # nothing changed
    room.act(0, "play K♠")
    room.act(1, "play 6♠")
    assert room.view(0)["sides"] == [{"seats": [0, 2], "score": 0, "change": None, "tricks": 1},
                                     {"seats": [1, 3], "score": 0, "change": None, "tricks": 0}]


def test_partners_sides_and_the_bid_ladder(tmp_path: Path) -> None:
    r = Room.create(Store(str(tmp_path / "tables.sqlite")), "500", 4, seed=1)
    assert [r.view(s)["partners"] for s in range(4)] == [[2], [3], [0], [1]]
    assert r.view(r.everyone)["partners"] == [] and r.view(0)["hand_actions"] == []  # the auction plays no card
    bids = next(g for g in r.view(2)["groups"] if g["verb"] == "bid")
    ladder = bids["every"]
    assert len(ladder) == 27 and [x["action"] for x in ladder if not x["legal"]] == ["bid misère"]
    assert ladder[0] == {"action": "bid 6♠", "label": "bid 6♠", "amount": 6, "choice": "♠", "choice_label": "♠",
                         "legal": True}
    three = Room.create(Store(str(tmp_path / "three.sqlite")), "500", 3, seed=1)
    assert three.view(0)["partners"] == [] and three.view(0)["sides"] == []
    r501 = Room.create(Store(str(tmp_path / "501.sqlite")), "501", 3, seed=5)
    assert all("every" not in g for g in r501.view(0)["groups"])  # 155 bids: a stepper, not a list
