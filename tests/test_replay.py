"""The replay cursor (cardkit.replay.Replay): positions, stepping, branching, and live play.

The figures are the rule text's worked example (rules.md 501 §12: A's blind 100 fails, final
scores 701, 469, 481) and seeded matches checked against :meth:`Match.play`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit import CardkitError, IllegalActionError, InvalidActionError, Match, find_game
from cardkit.registry import find_player
from cardkit.records import load
from cardkit.replay import Replay

DATA = Path(__file__).resolve().parent.parent / "data" / "examples"
WORKED = DATA / "501_worked_blind_contract.json"


def test_record_start_end_and_scores():
    r = Replay.from_record(WORKED)
    assert r.cursor == (0, 0) and r.at_start() and r.state.phase == "auction"
    assert r.hands == 1 and len(r.script[0]) == 30
    assert r.end() is None
    assert r.cursor == (0, 30) and r.state.is_terminal()
    assert r.state.scores_after() == [701, 469, 481]
    assert r.scores == [701, 469, 481]
    # a record replay is not live: it stops at the record's end and says so
    assert r.step() == "end of the record"
    assert r.next() is False and r.cursor == (0, 30)
    assert not r.can_step()  # what greys out Next ▶
    r.back()
    assert r.can_step() and r.next() and not r.can_step()


def test_back_next_goto_and_log():
    r = Replay.from_record(WORKED)
    assert r.back() is False  # at the start
    assert r.next() and r.next() and r.cursor == (0, 2)
    assert [(s, str(a)) for s, a in r.log] == [(0, "bid 80"), (1, "pass")]
    assert r.back() and r.cursor == (0, 1) and r.state.high_bid == 80
    r.goto(0, 4)
    assert str(r.state.history()[-1]) == "declare ♦ 100"
    assert r.view(1).seat == 1
    with pytest.raises(CardkitError, match=r"no position \(0, 31\)"):
        r.goto(0, 31)
    assert r.cursor == (0, 4)  # a bad goto changes nothing
    r.start()
    assert r.cursor == (0, 0)


def test_apply_same_action_keeps_script_and_different_action_branches():
    r = Replay.from_record(WORKED)
    r.apply("bid 80")  # the script's own next action: the script is kept
    assert r.cursor == (0, 1) and len(r.script[0]) == 30
    r.apply("bid 85")  # B bids instead of passing: the script branches
    assert r.cursor == (0, 2)
    assert [str(a) for a in r.script[0]] == ["bid 80", "bid 85"]
    assert r.state.high_bid == 85
    assert r.at_frontier()


def test_illegal_or_unreadable_action_changes_nothing():
    r = Replay.from_record(WORKED)
    with pytest.raises(IllegalActionError, match=r"rules.md 501 §5"):
        r.apply("bid 60")
    with pytest.raises(InvalidActionError):
        r.apply("sing a song")
    assert r.cursor == (0, 0) and len(r.script[0]) == 30


def test_match_at_position_replays_every_hand():
    r = Replay.from_record(WORKED)
    r.goto(0, 10)
    m = r.match
    assert len(m.hands) == 1 and len(m.state.history()) == 10
    assert [str(a) for a in m.state.history()] == [str(a) for a in r.script[0][:10]]


@pytest.mark.parametrize("name,players,seed", [("501", 3, 7), ("500", 4, 3), ("500", 5, 4)])
def test_live_replay_plays_the_same_match_as_match_play(name, players, seed):
    """Stepping a live replay with computer players deals and plays exactly what Match.play does."""
    game = find_game(name, players)
    match = Match(game, seed=seed)
    match.play([find_player(game, "random", seed=s) for s in range(players)], max_hands=3)
    r = Replay(game, seed=seed, players={s: find_player(game, "random", seed=s) for s in range(players)},
               live=True)
    while r.cursor[0] < min(3, len(match.hands)) - 1 or not r.state.is_terminal():
        assert r.next()
    assert r.hands == min(3, len(match.hands))
    for h in range(r.hands):
        assert r.pack(h) == match.hands[h].pack
        assert r.script[h] == match.hands[h].history()


def test_live_replay_stops_at_a_waiting_seat_and_settle_moves_computers():
    game = find_game("501")
    r = Replay(game, seed=1, players={1: find_player(game, "sensible", 11), 2: find_player(game, "sensible", 12)},
               live=True)
    r.settle()
    seat = r.state.current_player()
    assert seat == 0 and r.waiting() == 0
    assert r.step() == "A to act: your turn"
    assert not r.can_step()
    r.apply(r.state.legal_actions()[0])
    assert r.can_step() == (r.waiting() is None)  # B, a computer, acts next
    # with look, a blind waiting seat takes the game's look action (rules.md 501 §6)
    r2 = Replay(game, seed=1, players={1: find_player(game, "sensible", 11), 2: find_player(game, "sensible", 12)},
                live=True)
    r2.settle(look=True)
    assert "look" in [str(a) for a in r2.script[0]]


def test_match_of_another_game_is_refused():
    with pytest.raises(CardkitError, match="cannot replay"):
        Replay(find_game("500"), match=load(WORKED))


@pytest.mark.parametrize("name,players,seed", [("501", 3, 5), ("500", 4, 8)])
def test_next_hand_deals_as_match_does_and_refuses_mid_hand(name, players, seed):
    """A replay that is not live, its actions applied one by one (as the table server does),
    deals each next hand with the pack, dealer and running scores of Match.new_hand
    (rules.md 501 §2, 500 §2); mid-hand and after the match's end it refuses, unchanged."""
    game = find_game(name, players)
    match = Match(game, seed=seed)
    match.play([find_player(game, "random", seed=s) for s in range(players)], max_hands=3)
    r = Replay(game, seed=seed)
    for h, hand in enumerate(match.hands):
        if h:
            r.next_hand()
        assert r.cursor == (h, 0) and r.pack(h) == hand.pack and r.state.dealer == hand.dealer
        assert r.state.scores_before == hand.scores_before
        for i, a in enumerate(hand.history()):
            if i == 1:
                with pytest.raises(CardkitError, match="not over"):
                    r.next_hand()
                assert r.cursor == (h, 1)
            r.apply(str(a))
        assert r.state.is_terminal() and r.scores == hand.scores_after()
    assert r.scores == match.scores and r.outcome == match.outcome
    assert r.match.scores == match.scores and len(r.match.hands) == len(match.hands)
    if match.outcome is not None:
        with pytest.raises(CardkitError, match="match is over"):
            r.next_hand()
        return
    r.next_hand()  # past the script: a new hand, as Match.new_hand deals it
    match.new_hand()
    assert r.cursor == (len(match.hands) - 1, 0) and r.pack(r.cursor[0]) == match.state.pack
    assert r.state.dealer == match.state.dealer and r.state.scores_before == match.scores
