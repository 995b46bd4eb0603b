"""Each rule decided in one place (issue 26): the legal list, the refusal and its words come from
the game's rule tables; the solver's score is the engine's; the kernel's joker lead is the rule's.

Random hands of every table size under random rule options: at every step, every action of the
table (and a few out of range) is legal exactly when it breaks no rule of the phase's table, and a
refused one names the first rule it breaks, with that rule's item and words."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from cardkit.cards import SUITS, Card, Rank, Suit
from cardkit.errors import IllegalActionError
from cardkit.game500 import OPTION_CHOICES, Game500
from cardkit.game500 import rules as rules500
from cardkit.game500.rules import joker_lead_suits
from cardkit.game501 import MAX_BID, MIN_BID, Bid, Declare, Game501
from cardkit.game501 import rules as rules501
from cardkit.actions import Play
from cardkit.solver import best_line
from cardkit.solver import core500
from cardkit.solver.positions import random_play_state
from cardkit.solver.solve500 import Solver500
from cardkit.solver.solve501 import Solver501

#: Well-formed actions outside every table's action space: bids and contracts out of range, a 501
#: card naming a suit.
OUT_OF_RANGE = [Bid(MIN_BID - 1), Bid(MAX_BID + 1), Declare(Suit.HEARTS, MAX_BID + 1),
                Play(Card(Suit.SPADES, Rank.ACE), names=Suit.HEARTS), Play(Card(Suit.SPADES, Rank.ACE), marriage=True)]
#: Five Hundred has no marriage: a play declaring one (the shared play action can say so).
MARRIAGES = [Play(Card(Suit.SPADES, Rank.ACE), marriage=True), Play(Card(Suit.HEARTS, Rank.SEVEN), marriage=True)]


def tables() -> list[tuple[object, dict[str, rules501.Phase]]]:
    out: list = [(Game501(3), rules501.PHASE_RULES), (Game501(4), rules501.PHASE_RULES)]
    rng = random.Random(26)
    for n in (3, 4, 5, 6):
        out.append((Game500(n), rules500.PHASE_RULES))
    while len(out) < 20:
        options = {k: rng.choice(list(v)) for k, v in OPTION_CHOICES.items()}
        if not (options["joker-lead-any"] and options["joker-lead-last"]):  # contradictory: refused
            out.append((Game500(rng.choice([3, 4, 5, 6]), **options), rules500.PHASE_RULES))
    return out


def test_every_refusal_names_the_first_rule_its_action_breaks():
    broken_seen: set[str] = set()
    kept_seen: set[str] = set()
    selected_seen: set[str] = set()
    for game, phase_rules in tables():
        space = game.action_space() + (OUT_OF_RANGE if isinstance(game, Game501) else MARRIAGES)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_hand(seed % game.players, game.initial_scores(), game.shuffled_pack(rng))
            while not state.is_terminal():
                phase = phase_rules[state.phase]
                turn = state.turn()
                legal = state.legal_actions()
                candidates = list(phase.candidates(turn))
                # the legal list, by definition: the candidates that break no rule of the table
                assert legal == phase.legal(turn) == [a for a in candidates if phase.broken(turn, a) is None]
                for rule in phase.rules:
                    if rule.applies is not None and not rule.applies(turn):
                        continue  # a rule that does not concern this turn is kept by every action
                    if rule.form:  # the legal list skips the rules of an action's form: they hold
                        assert all(rule.keeps(turn, a) for a in candidates), rule.name
                    if rule.select is not None:  # the legal list's one call agrees with the rule's test
                        assert rule.select(turn, candidates) == [a for a in candidates if rule.keeps(turn, a)], \
                            rule.name
                        selected_seen.add(f"{game.name} {state.phase} {rule.name}")
                for a in space:
                    rule = phase.broken(turn, a)
                    try:
                        state.check(a)
                    except IllegalActionError as e:
                        assert rule is not None, (game, a)
                        assert (e.rule_name, e.rule, e.reason) == (
                            rule.name, f"rules.md {game.name} §{rule.item}", rule.reason(turn, a)), (game, str(a))
                        assert e.seat == state.current_player()
                        broken_seen.add(f"{game.name} {state.phase} {rule.name}")
                    else:
                        assert rule is None and a in legal, (game, str(a))
                        kept_seen.add(f"{game.name} {state.phase}")
                state.apply_action(rng.choice(legal))
    every = {f"{g} {p} {r.name}" for g, tables_ in (("501", rules501.PHASE_RULES), ("500", rules500.PHASE_RULES))
             for p, phase in tables_.items() for r in phase.rules}
    # rules no random hand breaks by itself (a bid outside the ladder, a card outside the pack)
    unreached = {"500 auction on-the-ladder", "500 call called-card-in-pack", "500 auction five-misere",
                 "500 play misere-joker", "500 play joker-void", "500 nominate nominate"}
    assert every - unreached <= broken_seen, sorted(every - unreached - broken_seen)
    selecting = {f"{g} {p} {r.name}" for g, tables_ in (("501", rules501.PHASE_RULES), ("500", rules500.PHASE_RULES))
                 for p, phase in tables_.items() for r in phase.rules if r.select is not None}
    assert selecting == selected_seen, sorted(selecting - selected_seen)  # each select checked where it applies


def test_rule_names_are_unique_within_a_phase_and_cite_an_item():
    for tables_ in (rules501.PHASE_RULES, rules500.PHASE_RULES):
        for phase in tables_.values():
            names = [r.name for r in phase.rules]
            assert len(names) == len(set(names))
            assert all(1 <= r.item <= 16 for r in phase.rules)


def test_a_refused_action_leaves_the_state_as_it_was():
    state = Game501().new_hand(0, [501] * 3, Game501().shuffled_pack(random.Random(4)))
    before = (state.phase, state.current_player(), [list(h) for h in state.hands], state.high_bid)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(Bid(MAX_BID + 1))
    assert err.value.rule_name == "bid-maximum" and err.value.rule == "rules.md 501 §5"
    assert (state.phase, state.current_player(), [list(h) for h in state.hands], state.high_bid) == before


def _bits(suits: set[Suit]) -> int:
    return sum(1 << i for i, s in enumerate(SUITS) if s in suits)


@pytest.mark.parametrize("lead,any_,last", [(lead, any_, last) for lead in ("strict", "loose")
                                             for any_ in (False, True) for last in (False, True)
                                             if not (any_ and last)])
def test_the_kernels_joker_lead_is_the_rule(lead, any_, last):
    """core500.joker_lead_ok (the search's test) agrees with rules500.joker_lead_suits (the engine's)
    for every set of suits led, suits shown void and hand size (rules.md 500 §8, §16)."""
    game = Game500(4, **{"joker-lead": lead, "joker-lead-any": any_, "joker-lead-last": last})
    opts = np.zeros(7, dtype=np.int64)
    opts[core500.OPT_STRICT] = lead == "strict"
    opts[core500.OPT_LOOSE] = lead == "loose"
    opts[core500.OPT_ANY] = any_
    opts[core500.OPT_LAST] = last
    subsets = [set(c) for k in range(5) for c in itertools.combinations(SUITS, k)]
    for led, void, cards, seat in itertools.product(subsets, subsets, (1, 2, 6), (0, 2)):
        hm = (1 << cards) - 1
        vo = _bits(void) << (4 * seat)
        engine = bool(joker_lead_suits(game.rules, cards == 1, led, void))
        assert bool(core500.joker_lead_ok(hm, seat, _bits(led), vo, opts)) == engine, (led, void, cards)


@pytest.mark.parametrize("options,prefer", [
    ({"players": 5}, ["bid 7♥", "pass", "go alone"]),
    ({"players": 5, "call-share": "half"}, ["bid 7♥", "pass"]),
    ({"players": 5, "call-share": "full"}, ["bid 7♥", "pass"]),
    ({"players": 6}, ["bid 7NT", "pass", "nominate none"]),
    ({"players": 3}, ["bid misère", "pass", "nominate none"]),
])
def test_the_solvers_five_hundred_score_is_returns_after_its_line(options, prefer):
    opts = dict(options)
    game = Game500(opts.pop("players"), **opts)
    solver = Solver500()
    for seed in range(4):
        state = random_play_state(game, seed=seed, tricks_left=5, prefer=prefer)
        end = state.clone()
        for step in best_line(state):
            end.apply_action(step.action)
        assert solver.result(state).score == end.returns()[state.contractor], seed


def test_the_solvers_501_score_is_returns_after_its_line_blind_or_not():
    solver = Solver501()
    blind = 0
    for seed in range(24):
        looks = [] if seed % 2 else ["look"]  # odd seeds: the first bidder bids blind
        state = random_play_state(Game501(), seed=seed, tricks_left=4, prefer=[*looks, "bid 66", "pass"])
        end = state.clone()
        for step in best_line(state):
            end.apply_action(step.action)
        assert solver.result(state).score == end.returns()[state.declarer], seed
        blind += state.declarer_blind
    assert 0 < blind < 24  # both kinds were scored
