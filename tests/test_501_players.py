"""The 501♠ computer players: always legal; the sensible player's bids track hand strength."""

from __future__ import annotations

import random

import pytest

from cardkit import Cards, Match
from cardkit.game501 import MIN_BID, Bid, Declare, Game501
from cardkit.players import RandomPlayer
from cardkit.registry import find_player
from cardkit.players.sensible501 import Sensible501, best_trump, bid_limit, opening_bid


class Checked:
    """Wraps a player: every choice must be in the legal list, with an explanation."""

    def __init__(self, player):
        self.player = player
        self.choices = 0

    def choose(self, state):
        legal = state.legal_actions()
        d = self.player.choose(state)
        a = d.action
        assert a in legal, f"{a} not legal in {state!r}"
        assert isinstance(d.reason, str) and d.reason
        self.choices += 1
        return d


@pytest.mark.parametrize("players", [3, 4])
def test_sensible_always_acts_legally_over_many_seeded_matches(players):
    hands = 0
    for seed in range(12):
        kinds = [Sensible501(seed * 10 + i) if (i + seed) % 3 else RandomPlayer(seed * 10 + i)
                 for i in range(players)]
        wrapped = [Checked(p) for p in kinds]
        m = Match(Game501(players), seed=seed)
        out = m.play(wrapped, max_hands=60)
        assert out is not None and min(out.scores) <= 0
        hands += len(m.hands)
    assert hands > 100


def test_sensible_only_matches_end():
    for seed in range(8):
        m = Match(Game501(3), seed=seed)
        out = m.play([Checked(Sensible501(seed + i)) for i in range(3)], max_hands=100)
        assert out is not None and all(out.scores[w] == min(out.scores) for w in out.winners)


def deal_first(hand: str):
    """A state where A (seat 0, first to speak, having looked) holds ``hand``."""
    game = Game501(3)
    rest = [c for c in game.new_pack() if c not in set(Cards.parse(hand))]
    pack = game.deal_from_hands(2, [Cards.parse(hand), rest[:7], rest[7:14]], rest[14:17])
    state = game.new_hand(2, game.initial_scores(), pack)
    state.apply_action("look")
    return state


def test_better_hands_open_higher():
    hands = ["9S JS 9C JC 9D JD 9H",          # nothing
             "AS 9S JS 9C JC 9D JD",          # one ace
             "AS 10S KS QS 9H JH 9D",         # ace-ten and a marriage
             "AS 10S KS QS AH 10H KH",        # two ace-tens and a marriage
             "AS 10S KS QS AH 10H AD"]        # three aces, tens, a marriage
    calls = []
    for h in hands:
        state = deal_first(h)
        a = Sensible501(0).choose(state).action
        calls.append(a.points if isinstance(a, Bid) else 0)
    assert calls == sorted(calls)
    assert calls[0] == 0 and calls[-1] > calls[2] > MIN_BID - 1
    assert len(set(calls)) >= 3


def test_opening_bids_track_strength_over_seeded_deals():
    game = Game501(3)
    rows = []
    for seed in range(300):
        state = game.new_hand(2, game.initial_scores(), game.shuffled_pack(random.Random(seed)))
        state.apply_action("look")
        _t, est = best_trump(state.hands[0])
        a = Sensible501(seed).choose(state).action
        rows.append((est, a.points if isinstance(a, Bid) else 0))
    rows.sort()
    third = len(rows) // 3
    low = sum(b for _, b in rows[:third]) / third
    high = sum(b for _, b in rows[-third:]) / third
    assert high > low + 30
    assert len({b for _, b in rows if b}) >= 4  # not always 66


def test_limits_and_contracts_are_monotone_and_legal():
    ests = range(0, 250)
    assert all(bid_limit(a) <= bid_limit(b) for a, b in zip(ests, ests[1:]))
    opens = [opening_bid(e) or 0 for e in ests]
    assert opens == sorted(opens) and max(opens) <= 160
    assert all(o == 0 or MIN_BID <= o <= bid_limit(e) for e, o in zip(ests, opens))


def test_declarer_declares_its_best_trump_at_the_bid():
    state = deal_first("AS 10S KS QS AH 10H KH")
    for a in ["bid 75", "pass", "pass"]:
        state.apply_action(a)
    a = Sensible501(0).choose(state).action
    assert isinstance(a, Declare) and a.contract == 75
    assert a.trump == best_trump(state.hands[0])[0]


def test_hopeless_contract_is_abandoned():
    state = deal_first("9S JS 9C JC 9D JD 9H")
    for a in ["bid 150", "pass", "pass"]:
        state.apply_action(a)
    assert str(Sensible501(0).choose(state).action) == "abandon"


def test_find_player_and_unknown_kind():
    assert isinstance(find_player("501", "sensible", 1), Sensible501)
    assert isinstance(find_player("501", "random", 1), RandomPlayer)
    with pytest.raises(ValueError, match="unknown player 'genius'"):
        find_player("501", "genius")


def test_sensible_beats_random_players():
    wins = 0
    for seed in range(20):
        m = Match(Game501(3), seed=seed)
        players = [RandomPlayer(seed * 3 + i) for i in range(3)]
        players[seed % 3] = Sensible501(seed)
        out = m.play(players)
        wins += (seed % 3) in out.winners
    assert wins >= 15
