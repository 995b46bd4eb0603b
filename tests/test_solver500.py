"""The Five Hundred solver (cardkit.solver): hand-checked deals, a cross-check against plain
exhaustive search through the engine's own State on random endings for every table size and the
joker options (rules.md 500 §8), misère included, and invariants of best play.
"""

from __future__ import annotations

import pytest

from cardkit.errors import CardkitError
from cardkit.game500 import Game500
from cardkit.solver import best_line, solve
from cardkit.solver.exhaustive import exhaustive_actions_500
from cardkit.solver.positions import random_play_state
from cardkit.solver.solve500 import Position500, Solver500

# Auction choices that reach each kind of contract (the rest is random): misère needs a seven first
# with four players (rules.md 500 §4); "nominate none" keeps a contractor's joker free (§8).
PREFER = {
    "misere": ["bid misère", "bid 7♠", "pass", "nominate none"],
    "no-trump": ["bid 7NT", "pass", "nominate none"],
    "open-misere": ["bid open misère", "pass", "nominate none"],
    "trumps": ["bid 7♥", "pass"],
    "random": [],
}

CONFIGS = [
    ({"players": 4}, 3),
    ({"players": 3}, 3),
    ({"players": 5, "five-misere": "allowed"}, 2),
    ({"players": 5, "call-cards": "any", "self-call": "on"}, 2),
    ({"players": 6}, 2),
    ({"players": 6, "six-pack": "improvised", "six-seating": "three-pairs"}, 2),
    ({"players": 4, "joker-lead": "loose"}, 3),
    ({"players": 4, "joker-void": "last-card-loses"}, 3),
    ({"players": 4, "joker-void": "last-card-exempt", "joker-first-last": True}, 3),
    ({"players": 4, "joker-lead-any": True}, 3),
    ({"players": 4, "joker-lead-last": True}, 3),
    ({"players": 4, "no-nt-nomination": True, "misere": "after-eight-spades"}, 3),
]


def hand_at_first_lead(hands: dict, bid: str, nominate: str | None = None):
    """Four players, dealer D, so A bids first: A bids ``bid``, the others pass, A buries the
    kitty 4♥ 4♦ 5♣ (and nominates), standing at A's opening lead."""
    g = Game500()
    state = g.new_hand(3, [0] * 4, g.arrange(3, hands, kitty="4H 4D 5C"))
    for a in [f"bid {bid}", "pass", "pass", "pass", "bury 4H", "bury 4D", "bury 5C"]:
        state.apply_action(a)
    if nominate:
        state.apply_action(f"nominate {nominate}")
    return state


def test_all_the_top_trumps_take_ten():
    """Hand-checked: A holds the joker, both bowers and A K Q 10 9 8 7 of spades, the ten best
    trumps (rules.md 500 §6): every lead wins, 10 tricks whatever A leads."""
    state = hand_at_first_lead({0: "JK JS JC AS KS QS 10S 9S 8S 7S"}, "10♠")
    sol = solve(state)
    assert sol.value == 10 and sol.made and sol.unit == "tricks" and sol.side == (0, 2)
    assert {v.value for v in sol.values} == {10} and len(sol.values) == 10


def test_no_trump_free_joker_and_the_jack():
    """Hand-checked, 10NT: A holds the free joker and every spade but the J♠, which B holds with
    J♣ and eight hearts. Leading A♠, K♠ or Q♠ (B must follow with the J♠), or the joker naming any
    suit (§8: B follows the named suit; then the spades run) keeps all 10 tricks; leading the 10♠
    or lower lets the J♠ win one: 9. In no-trump the jacks are plain cards (§6)."""
    state = hand_at_first_lead({0: "JK AS KS QS 10S 9S 8S 7S 6S 5S", 1: "JS JC AH KH QH JH 10H 9H 8H 7H"},
                               "10NT", nominate="none")
    t = {str(v.action): v.value for v in solve(state).values}
    assert t == {"play Jo naming ♠": 10, "play Jo naming ♣": 10, "play Jo naming ♦": 10, "play Jo naming ♥": 10,
                 "play A♠": 10, "play K♠": 10, "play Q♠": 10, "play 10♠": 9, "play 9♠": 9, "play 8♠": 9,
                 "play 7♠": 9, "play 6♠": 9, "play 5♠": 9}


@pytest.mark.parametrize("config,most", CONFIGS, ids=lambda x: str(x) if isinstance(x, dict) else str(x))
def test_agrees_with_exhaustive_search(config, most):
    """Per-action values equal plain exhaustive search through the engine on random endings of
    1..``most`` tricks, at every point of a trick, over the kinds of contract."""
    game = Game500(**config)
    kinds = [k for k in PREFER if game.misere_allowed() or "misere" not in k]
    for seed in range(15):
        state = random_play_state(game, seed=seed, tricks_left=1 + seed % most, mid_trick=seed % 3,
                                  prefer=PREFER[kinds[seed % len(kinds)]])
        fast = [(str(v.action), v.value) for v in solve(state).values]
        slow = [(str(a), v) for a, v in exhaustive_actions_500(state)]
        assert fast == slow, f"seed {seed}"


def test_agrees_with_exhaustive_search_four_tricks():
    """Four players, endings of 4 tricks (a few positions: the exhaustive search is slow)."""
    game = Game500()
    for seed, kind in enumerate(["no-trump", "trumps", "misere"]):
        state = random_play_state(game, seed=100 + seed, tricks_left=4, mid_trick=seed % 3, prefer=PREFER[kind])
        fast = [(str(v.action), v.value) for v in solve(state).values]
        slow = [(str(a), v) for a, v in exhaustive_actions_500(state)]
        assert fast == slow, f"seed {seed}"


@pytest.mark.parametrize("players,kind,left", [(3, "random", 10), (4, "no-trump", 7), (4, "trumps", 7),
                                               (4, "misere", 10), (3, "open-misere", 10)])
def test_best_line_keeps_the_value_and_the_engine_scores_it(players, kind, left):
    """Play phases from ``left`` tricks out: the value stays the same along the best line, and the
    finished hand (scored by the engine) gives the counted side exactly that many tricks; made()
    agrees."""
    game = Game500(players)
    for seed in range(2):
        state = random_play_state(game, seed=seed, tricks_left=left, prefer=PREFER[kind])
        sol = solve(state)
        line = best_line(state)
        assert {s.value for s in line} == {sol.value}
        end = state.clone()
        for step in line:
            end.apply_action(step.action)
        if state.contract.is_misere:
            assert end.tricks_won[end.contractor] == sol.value and end.made() == (sol.value == 0) == sol.made
        else:
            assert end.contract_tricks() == sol.value and end.made() == sol.made


def test_larger_tables_mid_hand():
    """Five and six players, from the fifth trick: the solution is the best of its action values
    and the best line realises it."""
    for config in ({"players": 5}, {"players": 6}, {"players": 6, "six-pack": "improvised"}):
        state = random_play_state(Game500(**config), seed=7, tricks_left=5, prefer=PREFER["trumps"])
        sol = solve(state)
        best = max if sol.maximising else min
        assert sol.value == best(v.value for v in sol.values)
        assert Solver500().position_value(state) == sol.value
        end = state.clone()
        for step in best_line(state):
            end.apply_action(step.action)
        assert end.contract_tricks() == sol.value


def test_identical_cards_of_the_improvised_pack_get_their_own_numbers():
    state = random_play_state(Game500(6, **{"six-pack": "improvised"}), seed=3)
    pos = Position500.from_state(state)
    twins = [i for i in range(63) if pos.twin[i] >= 0]
    assert len(twins) == 20  # ten cards appear twice (rules.md 500 §2)
    assert all(pos.strength[i] == pos.strength[pos.twin[i]] for i in twins)


def test_not_in_play_phase_is_a_clear_error():
    game = Game500()
    state = game.new_hand(0, game.initial_scores(), game.new_pack())
    with pytest.raises(CardkitError, match="play phase.*rules.md 500 §7"):
        solve(state)


JOKER_OPTIONS = [
    {},
    {"joker-lead": "loose"},
    {"joker-void": "last-card-loses"},
    {"joker-void": "last-card-exempt"},
    {"joker-first-last": True},
    {"joker-lead-any": True},
    {"joker-lead-last": True},
    {"players": 3},
]


@pytest.mark.parametrize("options", JOKER_OPTIONS, ids=str)
def test_free_joker_endings_agree_with_exhaustive_search(options):
    """Endings of 2–3 tricks in which the unnominated joker of a no-trump or misère contract is
    still in a hand (rules.md 500 §8 under each joker option): the fast solver's legal moves and
    values equal the engine's, action by action."""
    opts = dict(options)
    game = Game500(opts.pop("players", 4), **opts)
    found = 0
    for seed in range(400):
        kind = ("no-trump", "misere", "open-misere")[seed % 3]
        state = random_play_state(game, seed=seed, tricks_left=2 + seed % 2, mid_trick=seed % 3, prefer=PREFER[kind])
        pos = Position500.from_state(state)
        if pos.jk < 0 or not any((h >> pos.jk) & 1 for h in pos.hands):
            continue
        fast = [(str(v.action), v.value) for v in solve(state).values]
        slow = [(str(a), v) for a, v in exhaustive_actions_500(state)]
        assert fast == slow, f"seed {seed}"
        found += 1
        if found == 8:
            break
    assert found == 8


@pytest.mark.parametrize("options", JOKER_OPTIONS, ids=str)
def test_quick_tricks_with_the_free_joker_keep_the_value_exact(options):
    """No-trump endings of 3 tricks at a lead, the free joker still in a hand (in the leader's, a
    partner's or an opponent's): the search counts the leader's quick tricks with the joker
    (core500.quick_tricks, rules.md 500 §8 under each joker option), and its value, and the answer
    to a null window at every threshold (a bound on the correct side), equal exhaustive search."""
    from cardkit.solver.exhaustive import exhaustive_value_500

    opts = dict(options)
    game = Game500(opts.pop("players", 4), **opts)
    holders = set()
    found = 0
    for seed in range(600):
        state = random_play_state(game, seed=5000 + seed, tricks_left=3, prefer=PREFER["no-trump"])
        pos = Position500.from_state(state)
        if pos.misere or pos.jk < 0 or pos.table or not any((h >> pos.jk) & 1 for h in pos.hands):
            continue
        holder = next(i for i, h in enumerate(pos.hands) if (h >> pos.jk) & 1)
        holders.add("leader" if holder == pos.leader else
                    "partner" if (pos.side >> holder) & 1 == (pos.side >> pos.leader) & 1 else "opponent")
        exact = exhaustive_value_500(state) - pos.banked
        solver = Solver500()
        assert solver.exact(pos) == exact, f"seed {seed}"
        for t in range(1, 4):
            r = Solver500().future(pos, -1, t - 1, t)
            assert (r >= t) == (exact >= t) and (exact >= r if r >= t else exact <= r), f"seed {seed}, t {t}"
        found += 1
        if found == 12:
            break
    assert found == 12 and len(holders) >= 2


def _leader_quick_tricks(pos: Position500) -> int:
    import numpy as np

    from cardkit.solver import core500

    h = np.zeros(6, np.int64)
    h[:pos.n] = pos.hands
    qt, _rel = core500.quick_tricks(h, pos.n, pos.leader, pos.trump, pos.jk, pos.side, pos.ls, pos.vo, pos.opts,
                                    pos.suitmask, pos.suitorder, pos.suitlen)
    return int(qt)


def test_quick_tricks_cross_to_the_partners_top_cards():
    """Hand-checked no-trump ending of 3 tricks (seed 15): B leads from 7♣ 6♠ 10♣; D, B's partner,
    holds K♠ 10♠ 8♠ over A's 9♠ (C has no spade). B has no top card, but a low spade to D's K♠
    lets D cash K♠ and 10♠ (rules.md 500 §7): 2 quick tricks, and B and D in fact take all 3."""
    from cardkit.solver.exhaustive import exhaustive_value_500

    state = random_play_state(Game500(), seed=15, tricks_left=3, prefer=PREFER["no-trump"])
    assert [" ".join(map(str, state.hands[s])) for s in range(4)] == ["9♠ Q♣ A♣", "7♣ 6♠ 10♣", "8♦ 8♣ A♦",
                                                                    "10♠ 8♠ K♠"]
    pos = Position500.from_state(state)
    assert pos.leader == 1 and pos.side == 0b101 and pos.trump < 0 and not pos.table
    assert _leader_quick_tricks(pos) == 2
    assert exhaustive_value_500(state) - pos.banked == 0  # A and C take none of the 3


@pytest.mark.parametrize("options", JOKER_OPTIONS + [{"players": 6}], ids=str)
def test_quick_tricks_never_exceed_the_leaders_tricks(options):
    """No-trump endings of 3 tricks (six players: 2) at a lead (rules.md 500 §7, §8, each joker
    option): the leader's quick tricks, its own and its partners' reached by a low lead, are never
    more than its side takes with best play (exhaustive search); the partners' count on some."""
    from cardkit.solver.exhaustive import exhaustive_value_500

    opts = dict(options)
    game = Game500(opts.pop("players", 4), **opts)
    checked = crossed = 0
    for seed in range(40):
        state = random_play_state(game, seed=77000 + seed, tricks_left=2 if game.players == 6 else 3,
                                  prefer=PREFER["no-trump"])
        pos = Position500.from_state(state)
        if pos.misere or pos.table or pos.trump >= 0:
            continue
        qt = _leader_quick_tricks(pos)
        left = bin(pos.hands[pos.leader]).count("1")
        exact = exhaustive_value_500(state) - pos.banked
        ours = exact if (pos.side >> pos.leader) & 1 else left - exact
        assert qt <= ours, f"seed {seed}"
        checked += 1
        if qt > 0 and _partner_counts(pos):
            crossed += 1
    assert checked >= 25 and crossed >= 2, (checked, crossed)


def _partner_counts(pos: Position500) -> bool:
    """Whether a partner of the leader holds the highest card left of a suit the leader holds."""
    present = 0
    for h in pos.hands:
        present |= h
    for q, hq in enumerate(pos.hands):
        if q == pos.leader or ((pos.side >> q) & 1) != ((pos.side >> pos.leader) & 1):
            continue
        for s in range(4):
            order = [int(c) for c in pos.suitorder[s, :pos.suitlen[s]] if (present >> int(c)) & 1]
            if order and (hq >> order[0]) & 1 and pos.hands[pos.leader] & int(pos.suitmask[s]):
                return True
    return False


def test_plain_python_kernel_gives_the_same_values():
    """The kernel run uncompiled (CARDKIT_SOLVER_NOJIT=1) agrees with the compiled one."""
    import os
    import subprocess
    import sys

    code = ("from cardkit.game500 import Game500\n"
            "from cardkit.solver import solve, _jit\n"
            "from cardkit.solver.positions import random_play_state\n"
            "assert not _jit.ENABLED\n"
            "for seed in range(4):\n"
            "    s = random_play_state(Game500(), seed=seed, tricks_left=3, mid_trick=seed % 3,\n"
            "                          prefer=['bid 7NT', 'pass', 'nominate none'])\n"
            "    print([v.value for v in solve(s).values])\n")
    env = dict(os.environ, CARDKIT_SOLVER_NOJIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    want = []
    for seed in range(4):
        s = random_play_state(Game500(), seed=seed, tricks_left=3, mid_trick=seed % 3, prefer=PREFER["no-trump"])
        want.append(str([v.value for v in solve(s).values]))
    assert out.split("\n")[:4] == want


@pytest.mark.parametrize("players,kind,left", [(4, "trumps", 6), (4, "no-trump", 6), (6, "random", 5),
                                               (4, "misere", 8)])
def test_a_spent_budget_gives_true_bounds(players, kind, left):
    """A search stopped by its node budget says so and gives, for each action, bounds that hold the
    exact value (solved without a budget); a bigger budget settles the same table exactly."""
    from cardkit.solver.solve500 import Budget

    game = Game500(players)
    for seed in range(3):
        state = random_play_state(game, seed=seed, tricks_left=left, prefer=PREFER[kind])
        exact = solve(state, Solver500())
        for nodes in (1, 50, 400):
            sol = solve(state, Solver500(), budget=Budget(nodes=nodes))
            if sol.settled:
                assert [v.value for v in sol.values] == [v.value for v in exact.values]
                continue
            assert "node budget" in sol.note
            assert all(lo <= v.value <= hi for (lo, hi), v in zip(sol.ranges, exact.values))
            assert sol.value_range[0] <= exact.value <= sol.value_range[1]
            if sol.known:
                assert sol.made == exact.made
        big = solve(state, Solver500(), budget=Budget(nodes=10**9, seconds=600))
        assert big.settled and [v.value for v in big.values] == [v.value for v in exact.values]


@pytest.mark.parametrize("config,most", CONFIGS, ids=lambda x: str(x) if isinstance(x, dict) else str(x))
def test_agrees_with_exhaustive_search_many_positions_and_narrow_windows(config, most):
    """60 more random endings for every table size and option set of CONFIGS (1–2 tricks, every
    point of a trick, each kind of contract in turn): per-action values equal exhaustive search,
    and a narrow search "at least k tricks?" for every k answers the same with a fail-soft bound
    on the correct side of the exact value (what estimates ask)."""
    from cardkit.solver.exhaustive import exhaustive_value_500

    game = Game500(**config)
    kinds = [k for k in PREFER if game.misere_allowed() or "misere" not in k]
    for seed in range(60):
        state = random_play_state(game, seed=5000 + seed, tricks_left=1 + seed % min(most, 2),
                                  mid_trick=seed % 3, prefer=PREFER[kinds[seed % len(kinds)]])
        fast = [(str(v.action), v.value) for v in solve(state).values]
        slow = [(str(a), v) for a, v in exhaustive_actions_500(state)]
        assert fast == slow, f"seed {seed}"
        exact = exhaustive_value_500(state)
        solver = Solver500()
        pos = Position500.from_state(state)
        for k in range(pos.banked, pos.banked + 4):
            r = pos.banked + solver.future(pos, -1, k - pos.banked - 1, k - pos.banked)
            assert (r >= k) == (exact >= k) and (exact >= r if r >= k else exact <= r), f"seed {seed}, k {k}"


def test_plain_python_kernel_gives_the_same_values_at_every_table_size():
    """The Five Hundred kernel run uncompiled (CARDKIT_SOLVER_NOJIT=1) agrees with the compiled one."""
    import os
    import subprocess
    import sys

    code = ("from cardkit.game500 import Game500\n"
            "from cardkit.solver import solve, _jit\n"
            "from cardkit.solver.positions import random_play_state\n"
            "assert not _jit.ENABLED\n"
            "for seed in range(4):\n"
            "    s = random_play_state(Game500(4 + seed % 3), seed=seed, tricks_left=2, mid_trick=seed % 3)\n"
            "    print([v.value for v in solve(s).values])\n")
    env = dict(os.environ, CARDKIT_SOLVER_NOJIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    want = []
    for seed in range(4):
        s = random_play_state(Game500(4 + seed % 3), seed=seed, tricks_left=2, mid_trick=seed % 3)
        want.append(str([v.value for v in solve(s).values]))
    assert out.split("\n")[:4] == want


def test_move_ordering_changes_the_work_never_a_value():
    """Killer moves, trying the cheapest card sure to win a trick first, and leading last a suit
    an opponent can ruff (core500.HEUR_KILLER, HEUR_SURE, HEUR_RUFF) change how many positions the
    search visits, never a value: 40 random endings of 6
    tricks (every point of a trick), each technique off in turn, give every action the same value
    as with all on; each technique changes the node count, and all on visit fewer than none."""
    from cardkit.solver import core500

    def run(heur: int) -> tuple[list, int]:
        solver = Solver500(16)
        solver.heur = heur
        values = []
        for seed in range(40):
            state = random_play_state(Game500(), seed=seed, tricks_left=6, mid_trick=seed % 3)
            values.append([(str(v.action), v.value) for v in solver.solve(state).values])
        return values, int(solver.stats[0])

    every, nodes_all = run(core500.HEUR_ALL)
    for heur in (0, core500.HEUR_KILLER, core500.HEUR_SURE, core500.HEUR_RUFF):
        values, nodes = run(heur)
        assert values == every, f"heur {heur}"
        assert nodes != nodes_all, f"heur {heur}: the ordering changed nothing"
        if heur == 0:
            assert nodes_all < nodes


@pytest.mark.parametrize("options,kind", [
    ({"players": 4}, "trumps"), ({"players": 4}, "no-trump"), ({"players": 4}, "misere"),
    ({"players": 3}, "open-misere"), ({"players": 3}, "random"), ({"players": 6}, "random"),
    ({"players": 5}, "trumps"), ({"players": 5, "call-share": "full"}, "trumps"),
    ({"players": 5, "call-cards": "any", "self-call": "on"}, "random"),
    ({"players": 5, "five-misere": "allowed"}, "misere"),
])
def test_the_solvers_score_is_the_engines_at_the_end_of_its_line(options, kind):
    """The solver's result scores the contract by the engine's own rule (State500.score_if): its
    ``score`` is the contractor's ``returns()`` once the best line is played out, exact or not,
    five-handed with a called partner under either call-share included (rules.md 500 §10, §13)."""
    opts = dict(options)
    game = Game500(opts.pop("players"), **opts)
    solver = Solver500()
    seen = set()
    for seed in range(8):
        state = random_play_state(game, seed=seed, tricks_left=6, prefer=PREFER[kind])
        end = state.clone()
        for step in best_line(state):
            end.apply_action(step.action)
        owed = end.returns()[state.contractor]
        assert solver.result(state).score == solver.result(state, exact=True).score == owed, seed
        seen.add((end.made(), bool(state.partners)))
    if options.get("players") == 5 and kind == "trumps":
        assert any(partnered for _made, partnered in seen)  # a called partner's side was scored
