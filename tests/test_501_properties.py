"""Invariants of 501♠ over random seeded hands (hypothesis), played by the random player.

At every step of every hand:
- every card of the pack is in exactly one place: a hand, the talon (until the auction ends), a
  completed trick or the trick in progress (rules.md 501 §3, §4, §7, §8);
- someone must act ⇔ the legal set is non-empty, and an action is listed ⇔ ``why_illegal`` is ``None``
  (checked over a universe of actions of every kind, legal or not);
- an illegal action raises :class:`IllegalActionError` naming a rules.md 501 item and changes nothing.

At the end: 120 card points and 8 tricks in a played-out hand, the score rule of §10 / §7, and a saved
record replays to the same record.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import Card, Cards, IllegalActionError, Match
from cardkit.game501 import Game501
from cardkit.players import RandomPlayer
from cardkit.records import dumps, loads

SETTINGS = settings(max_examples=40, deadline=None)


def universe(state) -> list[str]:
    """Action texts of every kind, many of them illegal at any one moment."""
    out = ["look", "pass", "abandon"]
    high = state.high_bid or 66
    for n in sorted({0, 65, 66, 67, high - 1, high, high + 1, 150, 219, 220, 221}):
        out.append(f"bid {n}")
        for t in ("S", "C", "D", "H", "NT"):
            out.append(f"declare {t} {n}")
    for c in Game501().new_pack():
        out += [f"play {c.code}", f"play {c.code} marriage", f"give {c.code}"]
    return out


def places(state) -> Counter:
    """Every card where it is now, counted."""
    where: Counter = Counter()
    for h in state.hands:
        where.update(h)
    if state.declarer is None:
        where.update(state.talon)
    for t in state.tricks:
        where.update(c for _, c in t.plays)
    if state.trick is not None:
        where.update(c for _, c in state.trick.plays)
    return where


def snapshot(state) -> tuple:
    return (state.view(), [str(a) for a in state.history()], state.current_player(), state.phase,
            state.returns(), [list(h) for h in state.hands], state.view(state.current_player() or 0))


def random_hand(seed: int, players: int):
    game = Game501(players)
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    return game.new_hand(dealer, game.initial_scores(), game.shuffled_pack(rng)), rng


@SETTINGS
@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4]))
def test_every_step_cards_in_one_place_and_legal_set_agrees_with_checks(seed, players):
    state, rng = random_hand(seed, players)
    pack = Counter(state.pack)
    assert len(pack) == 24 and set(pack.values()) == {1}
    while True:
        assert places(state) == pack
        seat = state.current_player()
        legal = state.legal_actions()
        if seat is None:
            assert legal == [] and state.is_terminal()
            break
        assert legal, "someone must act but nothing is legal"
        assert seat in state.active
        assert len(set(legal)) == len(legal)
        listed = {str(a) for a in legal}
        for a in legal:
            assert state.why_illegal(a) is None, a
        illegal = []
        for text in universe(state):
            a = state.game.parse_action(text)
            why = state.why_illegal(a)
            assert (why is None) == (str(a) in listed), (text, why)
            if why is not None:
                assert "rules.md 501 §" in why
                illegal.append(a)
        if illegal:
            before = snapshot(state)
            for a in rng.sample(illegal, min(2, len(illegal))):
                try:
                    state.apply_action(a)
                except IllegalActionError as e:
                    assert e.rule.startswith("rules.md 501 §")
                else:
                    raise AssertionError(f"{a} was accepted")
            assert snapshot(state) == before
        state.apply_action(rng.choice(legal))


@SETTINGS
@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4]))
def test_played_out_hand_counts_120_and_scores_by_the_rules(seed, players):
    state, rng = random_hand(seed, players)
    # bid at once so most hands are played out; then random actions, never abandoning
    state.apply_action(rng.choice(["bid 66", "look"]))
    while not state.is_terminal():
        legal = [a for a in state.legal_actions() if str(a) != "abandon"]
        state.apply_action(rng.choice(legal))
    r = state.returns()
    out = [s for s in range(players) if s not in state.active]
    assert all(r[s] == 0 for s in out)
    if state.contract is None:  # all passed
        assert r == [0] * players
        return
    assert len(state.tricks) == 8 and sum(state.tricks_won) == 8
    assert sum(state.points) == 120
    totals = state.hand_totals()
    d = state.declarer
    mult = 2 if state.declarer_blind else 1
    assert r[d] == (-1 if totals[d] >= state.contract else 1) * state.contract * mult
    for s in state.active:
        if s != d:
            assert r[s] == -totals[s]
    for seat, _suit, value in state.marriages:
        assert value in (20, 40)
    assert sum(totals) == 120 + sum(v for s, _, v in state.marriages if state.tricks_won[s])


@SETTINGS
@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4]), cut=st.integers(0, 40))
def test_saved_record_replays_equal(seed, players, cut):
    state, rng = random_hand(seed, players)
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    text = dumps(state)
    m = loads(text)
    again = m.hands[0]
    assert again.pack == state.pack
    assert [str(a) for a in again.history()] == [str(a) for a in state.history()]
    assert again.view() == state.view() and again.returns() == state.returns()
    assert dumps(m) == text


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4]))
def test_saved_match_replays_equal(seed, players):
    game = Game501(players)
    m = Match(game, seed=seed)
    m.play([RandomPlayer(seed + i) for i in range(players)], max_hands=4)
    text = dumps(m)
    again = loads(text)
    assert again.scores == m.scores and again.dealer == m.dealer
    assert [h.returns() for h in again.hands] == [h.returns() for h in m.hands]
    assert dumps(again) == text
    if m.outcome:
        assert again.outcome == m.outcome


def test_universe_holds_every_card_action():
    g = Game501()
    state = g.new_hand(0, g.initial_scores(), g.new_pack())
    u = universe(state)
    assert sum(t.startswith("give ") for t in u) == 24 and "look" in u
    assert Cards(Card.parse(t.split()[1]) for t in u if t.startswith("give ")) == g.new_pack()


@SETTINGS
@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4]), cut=st.integers(0, 34))
def test_clone_is_equal_and_independent(seed, players, cut):
    import copy

    state, rng = random_hand(seed, players)
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    deep = copy.deepcopy(state)
    # the turn kept for this step reads the state it was made for: a clone drops it (RuledState.forget_step)
    skip = {"game", "_turn", "_turn_at"}
    assert {k: v for k, v in vars(twin).items() if k not in skip} == {k: v for k, v in vars(deep).items() if k not in skip}
    assert twin._turn is None or twin._turn.state is twin
    assert twin.game is state.game
    for k, v in vars(state).items():
        if isinstance(v, (list, set, dict)):
            assert vars(twin)[k] is not v, f"clone shares the mutable {k}"
    before = snapshot(state)
    while not twin.is_terminal():
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert snapshot(state) == before
    if not state.is_terminal():
        assert state.why_illegal(state.legal_actions()[0]) is None
