"""The solver player's talon (501♠: declare and give, rules.md 501 §7) and kitty (Five Hundred:
bury three, rules.md 500 §5) decisions, made by solving sampled deals of the unseen cards, on
hand-checked positions."""

from __future__ import annotations

import random

from cardkit import Card, Cards, find_game
from cardkit.cards import Suit
from cardkit.game import State
from cardkit.game501 import Declare
from cardkit.i18n import language
from cardkit.players.solver_player import (Clock, SolverPlayer, clearly_better, plan_words, talon_plans,
                                           weakest_first)
from cardkit.registry import find_player


def talon_501(hand: str, talon: str, bid: str) -> State:
    """A (seat 0, first to speak) holds ``hand``, looks, bids ``bid``, B and C pass: A's talon
    decision with ``talon`` turned up and taken (rules.md 501 §7)."""
    game = find_game("501", 3)
    mine, up = Cards.parse(hand), Cards.parse(talon)
    rest = [c for c in game.new_pack() if c not in set(mine) | set(up)]
    state = game.new_hand(2, game.initial_scores(), game.deal_from_hands(2, [mine, rest[:7], rest[7:]], up))
    for a in ["look", bid, "pass", "pass"]:
        state.apply_action(a)
    assert state.phase == "talon" and state.current_player() == 0 and len(state.hands[0]) == 10
    return state


def kitty_500() -> State:
    """B (seat 1) bids 6♠ on the joker, both bowers, A K Q 10 of spades and three aces, the others
    pass, and B takes the kitty 4♥ 5♥ 4♦: thirteen cards, three to bury (rules.md 500 §5)."""
    game = find_game("500", 4)
    mine, kitty = Cards.parse("JK JS JC AS KS QS 10S AH AD AC"), Cards.parse("4H 5H 4D")
    rest = [c for c in game.new_pack() if c not in set(mine) | set(kitty)]
    pack = game.deal_from_hands(0, [rest[:10], mine, rest[10:20], rest[20:]], kitty)
    state = game.new_hand(0, game.initial_scores(), pack)
    for a in ["bid 6S", "pass", "pass", "pass"]:
        state.apply_action(a)
    assert state.phase == "bury" and state.current_player() == 1 and len(state.hands[1]) == 13
    return state


STRONG = ("AS 10S KS QS JS 9S AH", "AC 9D 9H")  # six spades with the marriage, three aces


def test_weakest_cards_come_first_trumps_last() -> None:
    state = talon_501(*STRONG, "bid 66")
    state.apply_action(Declare(Suit.SPADES, 66))
    order = weakest_first(state, state.hands[0])
    assert set(order[:2]) == {Card.parse("9D"), Card.parse("9H")}  # the nines: the lowest plain cards
    assert set(order[2:4]) == {Card.parse("AH"), Card.parse("AC")}
    assert [c.suit for c in order[4:]] == [Suit.SPADES] * 6 and order[-1] == Card.parse("AS")


def test_under_a_misere_the_high_cards_are_the_weakest_to_keep() -> None:
    game = find_game("500", 3)  # misère needs no seven first with three (rules.md 500 §4, §12)
    state = game.new_hand(0, game.initial_scores(), game.shuffled_pack(random.Random(1)))  # the joker with B
    for a in ["bid misère", "pass", "pass"]:
        state.apply_action(a)
    assert state.misere() and state.phase == "bury"
    hand = state.hands[state.current_player()]
    order = weakest_first(state, hand)
    plain = [c for c in order if c.suit is not None]
    assert all(a.rank.value >= b.rank.value for a, b in zip(plain, plain[1:]) if a.suit is b.suit)
    assert order[0] == Card.parse("JK")  # it must be played when void in the suit led (§8): bury it first
    assert order[1].rank.value == max(c.rank.value for c in plain)


def test_the_501_plans_are_the_rules_and_each_other_trump_at_the_same_contract() -> None:
    state = talon_501(*STRONG, "bid 66")
    base = find_player(state.game, "sensible", 1)
    plans = talon_plans(state, 0, base, 6)
    assert len(plans) == 6
    rule = [base.choose(state.clone()).action]
    assert plans[0][0] == rule[0] == Declare(Suit.SPADES, 66)  # the rule's choice first (rules.md 501 §7)
    assert {c.card for c in plans[0][1:]} == {Card.parse("9D"), Card.parse("9H")}
    # the contract in each other trump, no-trump included, with the rule's gives for it
    assert [p[0] for p in plans[1:5]] == [Declare(t, 66) for t in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)]
    # then other gives after the rule's declaration: one nine and one ace, the next weakest pair
    assert plans[5][0] == plans[0][0]
    assert sorted(c.card.rank.name for c in plans[5][1:]) == ["ACE", "NINE"]
    for plan in plans:  # every plan is legal step by step, two gives after one declaration
        st = state.clone()
        for a in plan:
            assert a in st.legal_actions()
            st.apply_action(a)
        assert st.phase == "play" and len(st.hands[0]) == 8
    assert plan_words(plans[0]) in ("declare ♠ 66, give 9♦ and 9♥", "declare ♠ 66, give 9♥ and 9♦")
    assert len(talon_plans(state, 0, base, 3)) == 3


def test_a_sure_501_contract_keeps_the_rules_plan_and_says_how_the_deals_went() -> None:
    state = talon_501(*STRONG, "bid 66")
    p = SolverPlayer(state.game, seed=3, budget=60.0, talon_samples=4)
    d = p.choose(state)
    a = d.action
    # A takes at least the six spade tricks' points with its ♠ marriage (40): every plan makes
    # 66 in every deal, so the tie goes to the rule-based player's plan
    assert a == Declare(Suit.SPADES, 66) and a in state.legal_actions()
    last = d.facts
    assert (last["by"], last["samples"], last["choices"], last["made"]) == ("talon", 4, 6, 4)
    assert last["plan"] == last["rule"] and last["mean"] == 66  # 501 counts down: 66 off A's score
    text = d.reason
    assert text.startswith("declare ♠ 66: best of 6 choices on 4 sampled deals of the unseen cards, solved with "
                           "every card open: declare ♠ 66, give 9")
    assert text.endswith("makes the contract in 4 of them, a score change of -66 on average")
    with language("es"):
        es = p.reason(state, a, d.facts)
    assert es.startswith("declara ♠ 66: la mejor de 6 opciones en 4 repartos simulados de las cartas no vistas")
    assert "cumple el contrato en 4 de ellos" in es
    # then it follows its plan: the two gives, each explained by the same deals
    plan = last["plan"]
    state.apply_action(a)
    for step in plan[1:]:
        d = p.choose(state)
        b = d.action
        assert b == step and b in state.legal_actions() and d.facts["samples"] == 4
        assert d.reason.startswith(f"{b}: best of 6 choices on 4 sampled deals")
        state.apply_action(b)
    assert state.phase == "play"


def test_a_hopeless_501_contract_is_abandoned_as_the_rules_say() -> None:
    # no king-queen pair: the hand total is at most the pack's 120 card points, below 150 (rules.md
    # 501 §9, §10), so every declaration fails in every deal and abandoning costs no more
    state = talon_501("9S JS 9C JC 9D JD 9H", "JH 10S AC", "bid 150")
    p = SolverPlayer(state.game, seed=3, budget=60.0, talon_samples=3)
    d = p.choose(state)
    a = d.action
    assert str(a) == "abandon" and a in state.legal_actions()
    assert d.facts["choices"] == 6 and d.facts["top_made"] == 0 and d.facts["samples"] == 3
    assert [str(x[0]) for x in talon_plans(state, 0, p.base, 6)[1:]] == [
        "declare ♠ 150", "declare ♣ 150", "declare ♦ 150", "declare ♥ 150", "declare NT 150"]
    assert d.reason == ("abandon: none of the other 5 choices does better on 3 sampled deals of the "
                                   "unseen cards, solved with every card open; the best makes the contract in 0 "
                                   "of them")


def test_a_sure_sweep_keeps_the_low_cards_out_of_the_kitty_in_five_hundred() -> None:
    state = kitty_500()
    p = SolverPlayer(state.game, seed=5, budget=60.0, talon_samples=3)
    buried = []
    for _ in range(3):
        d = p.choose(state)
        a = d.action
        assert a in state.legal_actions() and d.facts["by"] == "talon"
        assert "sampled deals of the unseen cards" in d.reason
        buried.append(a.card)
        state.apply_action(a)
    # seven trumps from the joker down draw the defenders' five (12 in a black suit, rules.md 500
    # §6), then the three aces: all ten tricks, 250 for a 6♠ contract (§10), in every deal
    assert set(buried) == set(Cards.parse("4H 5H 4D"))
    assert d.facts["made"] == 3 and d.facts["mean"] == 250 and d.facts["plan"] == d.facts["rule"]
    assert state.phase == "play"


def test_the_decision_is_bounded_by_deals_and_choices_not_the_clock() -> None:
    state = talon_501(*STRONG, "bid 66")
    no_time = SolverPlayer(state.game, seed=3, budget=0.0, min_samples=2, talon_samples=16, talon_choices=3)
    last = no_time.choose(state).facts
    assert (last["samples"], last["choices"]) == (2, 3)  # the budget spent: the minimum
    capped = SolverPlayer(state.game, seed=3, budget=60.0, talon_samples=5, talon_choices=4)
    last = capped.choose(state).facts
    assert (last["samples"], last["choices"]) == (5, 4)  # time to spare: the cap
    rules = SolverPlayer(state.game, seed=3, talon_samples=0)
    d = rules.choose(state)
    assert d.action == Declare(Suit.SPADES, 66) and d.facts["by"] == "rules"


def test_the_clock_counts_deals_between_its_least_and_most() -> None:
    spent = Clock(0.0, 2, 5)  # no time at all: the least
    assert [spent.more(n) for n in range(4)] == [True, True, False, False]
    ample = Clock(1e9, 1, 3)  # time to spare: the most
    assert [ample.more(n) for n in range(5)] == [True, True, True, False, False]


def test_another_plan_must_beat_the_rules_by_more_than_the_noise() -> None:
    assert not clearly_better([80, 80, 80, 80], [-80, 80, 80, 80])  # one deal in four: +40 = 80 / √4, not more
    assert clearly_better([80, 80, 80, 80], [-80, -80, 80, 80])  # two in four: +80 > 92.4 / √4
    assert not clearly_better([80, 80, 80, -80], [-80, 80, 80, 80])  # the same on average: no
    assert not clearly_better([250, 40, 40, 40], [40, 40, 40, 40])  # one lucky sweep in four deals: 52.5 = 105 / 2
    assert clearly_better([250, 250, 40, 250], [40, 40, 40, 40])  # sweeps in three of four
    assert not clearly_better([], [])
