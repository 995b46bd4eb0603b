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


# ---------------------------------------------------------------- each joker reading changes only its own plays


def _lockstep(other, seed):
    """The same seeded 6NT hand under the defaults and under ``other``, the same common action each
    step (the joker kept unnominated). Yields ``(state under defaults, only-default, only-other)``
    for every position where the legal sets differ."""
    ga, gb = Game500(4), Game500(4, **other)
    rng = random.Random(seed)
    pack = ga.shuffled_pack(rng)
    a, b = ga.new_hand(3, [0] * 4, pack), gb.new_hand(3, [0] * 4, pack)
    for text in ("bid 6NT", "pass", "pass", "pass"):
        a.apply_action(text)
        b.apply_action(text)
    while not a.is_terminal():
        la, lb = {str(x) for x in a.legal_actions()}, {str(x) for x in b.legal_actions()}
        if la != lb:
            yield a, la - lb, lb - la
        common = [x for x in a.legal_actions() if str(x) in lb]
        if a.phase == "nominate":
            common = [x for x in common if str(x) == "nominate none"]
        act = rng.choice(common)
        a.apply_action(act)
        b.apply_action(act)


def _joker_leads(texts):
    return {t for t in texts if t.startswith("play Jo naming")}


def _check_loose(st, only_a, only_b):
    assert not only_a and only_b == _joker_leads(only_b) and len(st.tricks) < 9
    assert {t[-1] for t in only_b} == {s.symbol for s in st.led_suits}


def _check_void(st, only_a, only_b):
    seat = st.current_player()
    assert only_a == {"play Jo"} and not only_b
    assert st.trick.plays and st.trick.led_suit in st.shown_void[seat] and len(st.hands[seat]) > 1


def _check_lead_any(st, only_a, only_b):
    seat = st.current_player()
    assert not st.trick.plays and only_a | only_b == _joker_leads(only_a | only_b)
    assert {t[-1] for t in only_b} <= {s.symbol for s in st.led_suits} - {s.symbol for s in st.shown_void[seat]}
    assert {t[-1] for t in only_a} <= {s.symbol for s in st.shown_void[seat]}


def _check_lead_last(st, only_a, only_b):
    assert not only_b and only_a and only_a == _joker_leads(only_a) and len(st.tricks) < 9


def _check_first_last(st, only_a, only_b):
    seat = st.current_player()
    assert not only_a and only_b == {"play Jo"} and st.trick.plays
    led = st.trick.led_suit
    assert any(c.suit is led for c in st.hands[seat]) and led not in st.played_suits[seat]


@pytest.mark.parametrize("other,check", [
    ({"joker-lead": "loose"}, _check_loose),
    ({"joker-void": "last-card-exempt"}, _check_void),
    ({"joker-void": "last-card-loses"}, _check_void),
    ({"joker-lead-any": True}, _check_lead_any),
    ({"joker-lead-last": True}, _check_lead_last),
    ({"joker-first-last": True}, _check_first_last),
], ids=["loose", "void-exempt", "void-loses", "lead-any", "lead-last", "first-last"])
def test_each_joker_reading_changes_only_its_own_plays(other, check):
    found = 0
    for seed in range(60):
        for st, only_a, only_b in _lockstep(other, seed):
            check(st, only_a, only_b)
            found += 1
    assert found >= 3  # the reading does change the legal set in some of these hands
