"""Five Hundred invariants over random hands under option combinations (hypothesis, modest sizes)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from cardkit import SUITS, IllegalActionError, Match
from cardkit.actions import PASS, Play
from cardkit.game500 import Bid, Bury, Call, Game500, Nominate, ladder
from cardkit.records import from_record, to_record

JOKER_READINGS = [
    {},
    {"joker-lead": "loose"},
    {"joker-void": "last-card-exempt", "joker-first-last": True},
    {"joker-void": "last-card-loses", "joker-lead-any": True},
    {"joker-lead-last": True, "no-nt-nomination": True},
    {"misere": "after-eight-spades", "win": "points"},
]
SIZES = {
    4: [{}],
    3: [{}],
    5: [{}, {"call-cards": "any", "call-holder": "surfaces", "self-call": "on", "call-share": "full",
             "five-misere": "allowed"}, {"call-cards": "no-trumps"}],
    6: [{}, {"six-pack": "improvised", "six-seating": "three-pairs"}, {"six-pack": "improvised"}],
}
#: Openings that steer random hands into each kind of contract (the rest is random).
OPENINGS = [[], ["bid 6NT"], ["bid 7♠", "bid misère"], ["bid open misère"], ["bid 6♥"]]


def all_cards_in_play(st):
    cards = [c for h in st.hands for c in h] + list(st.kitty) + list(st.buried)
    cards += [c for t in st.tricks for _, c in t.plays]
    if st.trick is not None:
        cards += [c for _, c in st.trick.plays]
    return Counter(cards)


def snapshot(st):
    return (repr(st.view()), [str(a) for a in st.history()], st.phase, st.current_player(), st.returns())


def candidate_actions(st):
    """Actions of every kind, most of them illegal at any moment."""
    pack = list(dict.fromkeys(st.game.new_pack()))
    out = [PASS, *(Bid(c) for c in ladder()), *(Nominate(s) for s in (None, *SUITS))]
    out += [Play(c) for c in pack] + [Bury(c) for c in pack[:8]] + [Call(c) for c in pack[:8]]
    out += [Play(pack[-1], names=None)]
    return out


def play_checked(game, seed, opening, check_every=True):
    rng = random.Random(seed)
    m = Match(game, seed=seed)
    st = m.new_hand()
    pack = Counter(st.pack)
    cands = candidate_actions(st)
    for text in opening:
        if not st.is_terminal() and text in [str(a) for a in st.legal_actions()]:
            m.apply_action(text)
    while not st.is_terminal():
        assert all_cards_in_play(st) == pack
        legal = st.legal_actions()
        assert legal, f"no legal action in phase {st.phase}"
        if check_every:
            for a in legal:  # each legal action, as text, reads back and is accepted
                assert st.why_illegal(str(a)) is None, (str(a), st.why_illegal(str(a)))
        illegal = [a for a in rng.sample(cands, 12) if a not in legal]
        for a in illegal[:3]:
            before = snapshot(st)
            with pytest.raises(IllegalActionError) as e:
                st.apply_action(a)
            assert e.value.rule.startswith("rules.md 500 §")
            assert snapshot(st) == before
        if rng.random() < 0.1:  # a clone is independent: acting on it leaves the hand alone
            before = snapshot(st)
            twin = st.clone()
            twin.apply_action(rng.choice(legal))
            assert snapshot(st) == before and twin.history()[:-1] == st.history()
        m.apply_action(rng.choice(legal))
    assert all_cards_in_play(st) == pack
    return m, st


def check_scores(st):
    g = st.game
    r = st.returns()
    for unit in g.units:
        assert len({r[s] for s in unit}) == 1  # partners share one score
    if st.contract is None:
        assert r == [0] * g.players
        return
    c = st.contract
    if c.is_misere:
        assert st.made() == (st.tricks_won[st.contractor] == 0)
        assert r[st.contractor] == (c.value if st.made() else -c.value)
        assert all(r[s] == 0 for s in range(g.players) if s not in st.contracting_seats()
                   and g.side_of[s] != g.side_of[st.contractor])
        assert st.stopped == (not st.made() and len(st.tricks) < 10)
        return
    assert sum(st.tricks_won) == 10 and len(st.tricks) == 10
    value = c.value
    if st.made() and st.contract_tricks() == 10:
        value = max(value, 250)
    if g.players == 5 and st.partners and g.rules.call_share == "half":
        value //= 2
    assert r[st.contractor] == (value if st.made() else -value)
    for unit in g.units:
        if set(unit) & set(st.contracting_seats()):
            continue
        assert r[unit[0]] == 10 * sum(st.tricks_won[s] for s in unit)


@settings(max_examples=25, deadline=None)
@given(seed=st_.integers(0, 10**6), readings=st_.sampled_from(JOKER_READINGS),
       opening=st_.sampled_from(OPENINGS))
def test_four_handed_invariants(seed, readings, opening):
    game = Game500(4, **readings)
    m, st = play_checked(game, seed, opening)
    check_scores(st)
    again = from_record(to_record(m))
    assert again.hands[0].returns() == st.returns()
    assert [str(a) for a in again.hands[0].history()] == [str(a) for a in st.history()]


@pytest.mark.parametrize("players", [3, 5, 6])
@settings(max_examples=12, deadline=None)
@given(seed=st_.integers(0, 10**6), opening=st_.sampled_from(OPENINGS), which=st_.integers(0, 2))
def test_variant_invariants(players, seed, opening, which):
    options = SIZES[players][which % len(SIZES[players])]
    game = Game500(players, **options)
    m, st = play_checked(game, seed, opening, check_every=False)
    check_scores(st)
    again = from_record(to_record(m))
    assert again.hands[0].returns() == st.returns()


def test_many_random_hands_all_sizes():
    """200 random hands per size and option set: every hand ends, cards are conserved, scores add up."""
    for players, option_sets in SIZES.items():
        for options in option_sets:
            game = Game500(players, **options)
            rng = random.Random(players)
            for i in range(40):
                st = game.new_hand(i % players, [0] * players, game.shuffled_pack(rng))
                pack = Counter(st.pack)
                for text in OPENINGS[i % len(OPENINGS)]:
                    if text in [str(a) for a in st.legal_actions()]:
                        st.apply_action(text)
                while not st.is_terminal():
                    st.apply_action(rng.choice(st.legal_actions()))
                assert all_cards_in_play(st) == pack
                check_scores(st)
