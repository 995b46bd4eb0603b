"""A seat is never sent a card the rules hide from it (rules.md 501 §4–§7, 500 §5, §9, §13).

Every message the table server would push to every seat, at every step of 300 random hands of each
game and table size (501♠ with 3 and 4 players; Five Hundred with 3, 4, 5 and 6), is checked
against the engine's own ``view(seat)`` (and the projector's view with the hands hidden, that of no
seat, against what a seat that holds no card has seen): each card a message names must have been shown to that
seat by ``view(seat)`` in this hand (its own hand unless blind, the talon once exposed, the cards
played, its own gives and burials). The messages are built by the server's own :class:`Room`, the
object that answers ``GET /api/tables/ID`` and the WebSocket pushes; ``test_server.py`` checks the
same over a real server's WebSockets. The Spanish messages (``?lang=es``: log lines, summary and the
``labels`` of the legal actions in Spanish) of the first 100 hands of each table are checked the same way.
"""

from __future__ import annotations

import json
import random

import pytest

from cardkit.server.store import Store
from cardkit.server.tables import NEXT_HAND, Room

from server_tools import SeenCards, cards_in

TABLES = [("501", 3), ("501", 4), ("500", 3), ("500", 4), ("500", 5), ("500", 6)]
HANDS = 300
#: The Spanish messages (``?lang=es``) of the first hands are checked too.
HANDS_ES = 100


def check_messages(room: Room, trackers: list[SeenCards], lang: str = "en") -> int:
    """Check every seat's message in ``lang`` at the table's current step; how many messages were
    checked.

    A log line, once checked, is not checked again (the cards a seat has seen only grow in a hand):
    each tracker keeps the lines it has checked in each language, and the message's log must start
    with them. A Spanish message's ``labels`` are its ``legal`` actions in Spanish.
    """
    for seat, tracker in enumerate(trackers):
        seen = tracker.update(room.state)
        view = json.loads(room.message(seat, lang))["view"]
        view.pop("table")  # the table's id is random text
        view.pop("seats", None)  # the projector's join codes: random text ("Jo6X…" would read as the joker)
        actions = view.pop("legal")
        legal = [*actions, *view.pop("labels", [])]
        log = view.pop("log")
        done = tracker.logs.get(lang, [])
        assert log[:len(done)] == done, "a log line changed"
        view["log"] = log[len(done):]
        tracker.logs[lang] = log
        leaked = cards_in(view) - seen
        assert not leaked, (f"seat {seat} was sent {sorted(leaked)} at step {room.step} "
                            f"({room.state.phase}, {lang}): {room.message(seat, lang)}")
        hidden = cards_in(legal) - seen
        if hidden:
            # Only a Five Hundred call names cards the caller has not seen, and it names every
            # unseen card but those barred by the rule (the joker, the bowers), so it tells nothing.
            assert seat == view["to_act"]
            named = [a for a in legal if cards_in(a) & hidden]
            assert all(a.split()[0] in ("call", "llama") for a in named), named
            unseen = {str(c) for c in room.game.new_pack()} - seen
            assert all(c == "Jo" or c[0] == "J" for c in unseen - hidden), sorted(unseen - hidden)
        if seat != view["to_act"]:
            assert actions in ([], [NEXT_HAND])
    return len(trackers)


def choose(room: Room, rng: random.Random) -> str:
    """A random legal action; "pass" half the time it is legal, so auctions end and cards are played."""
    legal = [str(a) for a in room.state.legal_actions()]
    if "pass" in legal and rng.random() < 0.5:
        return "pass"
    return rng.choice(legal)


@pytest.mark.parametrize("game,players", TABLES)
def test_no_message_shows_a_hidden_card(game: str, players: int) -> None:
    rng = random.Random(f"{game}-{players}")
    store = Store(":memory:")
    hands = messages = 0
    while hands < HANDS:
        room = Room.create(store, game, players, seed=rng.randrange(2**31))
        # every seat, and the whole class (the projector with the hands hidden: a viewer with no seat)
        trackers = [SeenCards(s) for s in range(players + 1)]
        assert room.everyone == players
        while hands < HANDS:
            messages += check_messages(room, trackers)
            # the whole class is shown no card that some seat has not been shown
            assert trackers[-1].seen <= set.intersection(*(t.seen for t in trackers[:-1])), room.step
            if hands < HANDS_ES:
                messages += check_messages(room, trackers, "es")
            if room.state.is_terminal():
                hands += 1
                if not room.can_deal():
                    break
                room.act(rng.randrange(players), NEXT_HAND)
                for t in trackers:
                    t.reset()
                continue
            seat = room.state.current_player()
            room.act(seat, choose(room, rng))
    assert hands == HANDS and messages > HANDS * (players + 1) * 10


def test_the_checker_catches_a_leak() -> None:
    """The check above fails on a message that shows another seat's card (it can fail)."""
    store = Store(":memory:")
    room = Room.create(store, "500", 4, seed=1)
    trackers = [SeenCards(s) for s in range(4)]
    check_messages(room, trackers)
    other = room.state.view(None).hands[1]
    room._cache[0, "en", False] = (room.step, json.dumps({"view": {**room.view(0), "log": [f"B holds {other[0]}"]}},
                                             ensure_ascii=False))
    with pytest.raises(AssertionError, match="seat 0 was sent"):
        check_messages(room, trackers)


def test_the_checker_catches_a_leak_in_spanish() -> None:
    """The Spanish check fails on a Spanish message that shows another seat's card."""
    store = Store(":memory:")
    room = Room.create(store, "501", 3, seed=1)
    trackers = [SeenCards(s) for s in range(3)]
    check_messages(room, trackers, "es")
    other = room.state.view(None).hands[2]
    room._cache[1, "es", False] = (room.step, json.dumps({"view": {**room.view(1, "es"), "log": [f"C tiene {other[0]}"]}},
                                             ensure_ascii=False))
    with pytest.raises(AssertionError, match="seat 1 was sent"):
        check_messages(room, trackers, "es")
