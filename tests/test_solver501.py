"""The 501♠ solver (cardkit.solver): hand-checked positions, a cross-check against plain exhaustive
search through the engine's own State on many random endings, and invariants of best play.

The exhaustive reference (cardkit.solver.exhaustive) knows no rule: it plays every legal action of
the engine on clones, so agreement proves the fast solver follows rules.md 501 §8–§10.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from cardkit.errors import CardkitError
from cardkit.game501 import Game501
from cardkit.solver import best_line, solve
from cardkit.solver.exhaustive import exhaustive_actions_501
from cardkit.solver.positions import random_play_state, setup_501
from cardkit.solver.solve501 import Position501, Solver501, card_index, index_card

# Declarer A holds A 10 K Q of trumps (♥) and A 10 of ♠ and ♣; see test_trump_marriage_and_must_trump.
STRONG = ["AH 10H KH QH AS 10S AC 10C", "JH KS QS JS AD 10D KD QD", "9H 9S KC QC JC 9C JD 9D"]
# Declarer A holds nothing above the defenders: see test_marriage_counts_only_with_a_trick.
WEAK = ["KS QS JS 9S JH 9H JD 9D", "AS 10S AH 10H KH QH AD 10D", "KD QD AC 10C KC QC JC 9C"]


def table(state) -> dict[str, int]:
    return {str(v.action): v.value for v in solve(state).values}


def test_card_numbering_round_trips():
    pack = Game501().new_pack()
    assert sorted(card_index(c) for c in pack) == list(range(24))
    assert all(index_card(card_index(c)) is c for c in pack)


def test_trump_marriage_and_must_trump():
    """Hand-checked. Leading K♥ or Q♥ with the marriage (40 in trumps, rules.md 501 §9) and drawing
    the defenders' two trumps wins all 8 tricks: 120 + 40 = 160, the most this hand can hold. Leading
    K♥ or Q♥ without declaring loses the marriage for good (the pair is broken): 120. Leading A♣
    first lets B, void in clubs, trump with J♥ (must trump, rules.md 501 §8) while C follows with
    K♣: the defenders take 11 + 2 + 4, so 160 − 17 = 143; 10♣ likewise gives 160 − 16 = 144."""
    state = setup_501(STRONG, declarer=0, trump="H", contract=150)
    t = table(state)
    assert t == {"play A♥": 160, "play 10♥": 160, "play K♥": 120, "play K♥ marriage": 160, "play Q♥": 120,
                 "play Q♥ marriage": 160, "play A♠": 160, "play 10♠": 160, "play A♣": 143, "play 10♣": 144}
    sol = solve(state)
    assert sol.value == 160 and sol.made and sol.maximising and sol.unit == "points"
    assert "A makes 150 with best play (160)" in str(sol)


def test_defender_to_act_minimises():
    """Hand-checked. After A leads A♣, B must trump (J♥ is B's only trump, rules.md 501 §8), so B
    has one legal card. Then C, whose partner is winning, gives the trick its most points: K♣ makes
    it 11 + 2 + 4 and A takes all the rest (160 − 17 = 143); Q♣, J♣, 9♣ leave A 144, 145, 147."""
    state = setup_501(STRONG, declarer=0, trump="H", contract=150, plays=["AC"])
    assert table(state) == {"play J♥": 143}
    state.apply_action("play JH")
    sol = solve(state)
    assert not sol.maximising and sol.seat == 2
    assert table(state) == {"play K♣": 143, "play Q♣": 144, "play J♣": 145, "play 9♣": 147}
    assert sol.value == 143 and [str(v.action) for v in sol.best()] == ["play K♣"]


def test_marriage_counts_only_with_a_trick():
    """Hand-checked: A (declarer, no-trump) holds only cards below the defenders'. Whatever A
    leads, B or C wins it, and the defenders keep the lead (B runs the hearts and diamonds, then
    the last spade), so A takes no trick: the declared ♠ marriage does not count (rules.md 501 §9)
    and A's total is 0."""
    state = setup_501(WEAK, declarer=0, trump=None, contract=100)
    t = table(state)
    assert t["play K♠ marriage"] == 0 and set(t.values()) == {0}
    assert not solve(state).made


def test_pending_marriage_counts_once_a_trick_is_won():
    """A declares the ♠ marriage on the first lead and loses that trick; later A wins a trick, and
    the 20 then counts (rules.md 501 §9): the solver's total includes it, as the engine scores."""
    state = setup_501(STRONG, declarer=0, trump="D", contract=100)  # ♥ is plain now: 20
    state.apply_action("play KH marriage")
    pos = Position501.from_state(state)
    assert (pos.pend, pos.dwon, pos.banked) == (20, 0, 0)
    line = best_line(state)
    finished = state.clone()
    for step in line:
        finished.apply_action(step.action)
    assert finished.hand_totals()[0] == line[0].value == solve(state).value


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_agrees_with_exhaustive_search(tricks_left):
    """Per-action values equal plain exhaustive search through the engine on random endings of 1–3
    tricks, starting at each point of a trick (lead, second, third card)."""
    for seed in range(40):
        state = random_play_state(Game501(), seed=1000 * tricks_left + seed, tricks_left=tricks_left,
                                  mid_trick=seed % 3)
        fast = [(str(v.action), v.value) for v in solve(state).values]
        slow = [(str(a), v) for a, v in exhaustive_actions_501(state)]
        assert fast == slow, f"seed {seed}"


def test_agrees_with_exhaustive_search_four_tricks():
    """As above on endings of 4 tricks (the exhaustive search takes a while: a few positions)."""
    for seed in range(6):
        state = random_play_state(Game501(), seed=4000 + seed, tricks_left=4, mid_trick=seed % 3)
        fast = [(str(v.action), v.value) for v in solve(state).values]
        slow = [(str(a), v) for a, v in exhaustive_actions_501(state)]
        assert fast == slow, f"seed {seed}"


def test_best_line_keeps_the_value_and_the_engine_scores_it():
    """Over random whole play phases: the value stays the same along the best line, the engine's
    finished hand gives the declarer exactly that total, and the verdict matches made()."""
    for seed in range(8):
        state = random_play_state(Game501(), seed=seed)
        sol = solve(state)
        line = best_line(state)
        assert len(line) == 24 and {s.value for s in line} == {sol.value}
        end = state.clone()
        for step in line:
            assert end.current_player() == step.seat
            end.apply_action(step.action)
        assert end.hand_totals()[end.declarer] == sol.value
        assert end.made() == sol.made
        assert 0 <= sol.value <= 220


def test_direct_value_equals_best_action():
    solver = Solver501()
    for seed in range(10):
        state = random_play_state(Game501(), seed=50 + seed, mid_trick=seed % 3)
        sol = solver.solve(state)
        assert solver.value(Position501.from_state(state)) == sol.value
        best = max if sol.maximising else min
        assert sol.value == best(v.value for v in sol.values)


def test_state_left_unchanged():
    state = random_play_state(Game501(), seed=9, tricks_left=5, mid_trick=1)
    before = (state.history(), [list(h) for h in state.hands])
    solve(state)
    best_line(state)
    assert (state.history(), [list(h) for h in state.hands]) == before


def test_not_in_play_phase_is_a_clear_error():
    game = Game501()
    state = game.new_hand(0, game.initial_scores(), game.new_pack())
    with pytest.raises(CardkitError, match="play phase.*rules.md 501 §8"):
        solve(state)


def test_plain_python_kernel_gives_the_same_values():
    """The kernel run uncompiled (CARDKIT_SOLVER_NOJIT=1) agrees with the compiled one."""
    code = ("from cardkit.game501 import Game501\n"
            "from cardkit.solver import solve, _jit\n"
            "from cardkit.solver.positions import random_play_state\n"
            "assert not _jit.ENABLED\n"
            "for seed in range(5):\n"
            "    s = random_play_state(Game501(), seed=seed, tricks_left=3, mid_trick=seed % 3)\n"
            "    print([v.value for v in solve(s).values])\n")
    env = dict(os.environ, CARDKIT_SOLVER_NOJIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    want = []
    for seed in range(5):
        s = random_play_state(Game501(), seed=seed, tricks_left=3, mid_trick=seed % 3)
        want.append(str([v.value for v in solve(s).values]))
    assert out.split("\n")[:5] == want


def test_the_compiled_kernel_loads_from_numba_s_cache(tmp_path):
    """The kernel compiled once and kept in numba's cache (a fresh cache folder) gives the same
    values in the next process, which loads it from there (one source is compiled as two
    kernels, two_tricks and three_tricks: each must be kept under its own name)."""
    pytest.importorskip("numba")
    code = ("from cardkit.game501 import Game501\n"
            "from cardkit.solver import _jit\n"
            "from cardkit.solver.solve501 import Solver501\n"
            "from cardkit.solver.positions import random_play_state\n"
            "assert _jit.ENABLED\n"
            "print([Solver501().position_value(random_play_state(Game501(), seed=seed)) for seed in range(4)])\n")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), CARDKIT_SOLVER_CACHE="1")
    env.pop("CARDKIT_SOLVER_NOJIT", None)
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[1].stderr[-2000:]
    want = str([Solver501().position_value(random_play_state(Game501(), seed=seed)) for seed in range(4)])
    assert [r.stdout.strip() for r in runs] == [want, want]
    assert any(f.name.endswith(".nbi") for f in tmp_path.rglob("*"))


def test_four_player_table_the_dealer_sits_out():
    """With 4 players the dealer sits out (rules.md 501 §1): the solver plays the three active
    seats and agrees with exhaustive search."""
    for seed in range(8):
        state = random_play_state(Game501(players=4), seed=seed, tricks_left=2, mid_trick=seed % 3)
        assert state.dealer not in Position501.from_state(state).seats
        fast = [(str(v.action), v.value) for v in solve(state).values]
        assert fast == [(str(a), v) for a, v in exhaustive_actions_501(state)]


def test_rewind_takes_a_hand_back_and_rejects_what_it_cannot():
    from cardkit.solver.positions import rewind

    state = random_play_state(Game501(), seed=21, tricks_left=3)
    first = rewind(state)
    assert first.phase == "play" and first.tricks == [] and len(first.hands[first.current_player()]) == 8
    assert rewind(state, plays=15).history() == state.history()
    with pytest.raises(ValueError, match="only 15 cards played, not 16"):
        rewind(state, plays=16)
    game = Game501()
    passed = game.new_hand(0, game.initial_scores(), game.new_pack())
    for _ in range(3):
        passed.apply_action("pass")
    with pytest.raises(ValueError, match="never reached its play phase"):
        rewind(passed)


def test_solution_text_marks_every_best_action():
    sol = solve(setup_501(STRONG, declarer=0, trump="H", contract=150))
    lines = sol.lines()
    marked = [line.split()[1] + (" marriage" if "marriage" in line else "") for line in lines[2:-1] if "← best" in line]
    assert marked == ["A♥", "10♥", "K♥ marriage", "Q♥ marriage", "A♠", "10♠"]
    assert [r["action"] for r in sol.rows() if r["best"]] == [str(v.action) for v in sol.best()]


def test_cards_of_one_run_differ_by_at_most_their_points():
    """The fact the solver prunes with: two cards of one hand with no card left between them win
    the same tricks, so their values differ by at most their point difference (rules.md 501 §3);
    not so for the declarer's K and Q, whose marriage (§9) depends on which one goes."""
    from cardkit.cards import Card, Rank
    from cardkit.game501 import POINTS, RANK_ORDER

    checked = 0
    for seed in range(150):
        state = random_play_state(Game501(), seed=seed, tricks_left=1 + seed % 6, mid_trick=seed % 3)
        seat, hand = state.current_player(), state.hands[state.current_player()]
        present = {c for h in state.hands for c in h} | {c for _, c in state.trick.plays}
        values: dict = {}
        for v in solve(state).values:
            values[v.action.card] = max(values.get(v.action.card, -1), v.value)
        for a in values:
            for b in values:
                if a.suit is not b.suit or RANK_ORDER[a.rank] <= RANK_ORDER[b.rank]:
                    continue
                if seat == state.declarer and {Card(a.suit, Rank.KING), Card(a.suit, Rank.QUEEN)} <= set(hand):
                    continue
                between = [c for c in present if c.suit is a.suit and RANK_ORDER[b.rank] < RANK_ORDER[c.rank] < RANK_ORDER[a.rank]]
                if all(c in values for c in between):
                    checked += 1
                    assert abs(values[a] - values[b]) <= abs(POINTS[a.rank] - POINTS[b.rank]), (seed, a, b)
    assert checked > 50


@pytest.mark.parametrize("players", [3, 4])
def test_agrees_with_exhaustive_search_many_positions_and_narrow_windows(players):
    """200 more random endings a table size (1–3 tricks, every point of a trick, trump and no-trump
    contracts as the random auction falls): the per-action values equal exhaustive search, and a
    narrow search around every possible threshold answers the same "at least t?" with a fail-soft
    bound on the correct side of the exact value (what estimates ask)."""
    from cardkit.solver.exhaustive import exhaustive_value_501

    kinds = set()
    for seed in range(200):
        state = random_play_state(Game501(players=players), seed=7000 + seed, tricks_left=1 + seed % 3,
                                  mid_trick=seed % 3)
        kinds.add(state.trump)
        fast = [(str(v.action), v.value) for v in solve(state).values]
        slow = [(str(a), v) for a, v in exhaustive_actions_501(state)]
        assert fast == slow, f"seed {seed}"
        exact = exhaustive_value_501(state)
        solver = Solver501()
        pos = Position501.from_state(state)
        for t in range(pos.banked, exact + 12, 3):
            r = pos.banked + solver.gain(pos, alpha=t - pos.banked - 1, beta=t - pos.banked)
            assert (r >= t) == (exact >= t) and (exact >= r if r >= t else exact <= r), f"seed {seed}, t {t}"
    assert None in kinds and len(kinds) >= 4  # no-trump and several trump suits were met


def test_move_ordering_changes_the_work_never_a_value():
    """Killer leads, trying first a card sure to win the trick and principal variation search
    (core501.HEUR_KILLER, HEUR_SURE, HEUR_PVS) change how many positions the search visits, never
    a value: 60 random endings of 5 tricks (every point of a trick), each technique alone and all
    but the principal variation search, give every action the same value as with all on
    (marriages included, rules.md 501 §9); each changes the node count, and all on visit fewer
    than none and fewer than all but the principal variation search."""
    from cardkit.solver import core501

    def run(heur: int) -> tuple[list, int]:
        solver = Solver501(16)
        solver.heur = heur
        values = []
        for seed in range(60):
            state = random_play_state(Game501(), seed=seed, tricks_left=5, mid_trick=seed % 3)
            values.append([(str(v.action), v.value) for v in solver.solve(state).values])
        return values, int(solver.stats[0])

    every, nodes_all = run(core501.HEUR_ALL)
    no_pvs = core501.HEUR_ALL & ~core501.HEUR_PVS
    for heur in (0, core501.HEUR_KILLER, core501.HEUR_SURE, core501.HEUR_PVS, no_pvs):
        values, nodes = run(heur)
        assert values == every, f"heur {heur}"
        assert nodes != nodes_all, f"heur {heur}: the ordering changed nothing"
        if heur in (0, no_pvs):
            assert nodes_all < nodes


@pytest.mark.parametrize("tricks_left", [2, 3])
def test_direct_endings_equal_exhaustive_search_with_marriages_and_windows(tricks_left):
    """The last two and three tricks are played out directly, not searched node by node
    (core501.two_tricks, three_tricks, one source compiled twice): at a lead with that many tricks left the value equals plain
    exhaustive search, and so does the answer to a narrow window around every threshold (a bound
    on the correct side), on endings where the declarer leads holding a king and queen of one suit
    (the marriage, rules.md 501 §9) as well as on plain ones."""
    from cardkit.solver import core501
    from cardkit.solver.exhaustive import exhaustive_value_501

    married = plain = 0
    for seed in range(400):
        state = random_play_state(Game501(), seed=9000 + 100 * tricks_left + seed, tricks_left=tricks_left)
        pos = Position501.from_state(state)
        hd = pos.hands[pos.decl]
        marriage = pos.leader == pos.decl and any((hd >> (6 * s + 2)) & 3 == 3 for s in range(4))
        if marriage:
            married += 1
        elif plain < 15:
            plain += 1
        else:
            continue
        exact = exhaustive_value_501(state) - pos.banked
        h = np.array(pos.hands, np.int64)
        direct = core501.two_tricks if tricks_left == 2 else core501.three_tricks
        args = (pos.leader, pos.trump, pos.decl, pos.dwon, pos.pend)
        assert direct(h, *args, -core501.INF, core501.INF) == exact, f"seed {seed}"
        assert list(h) == list(pos.hands)
        for t in range(0, exact + 12, 2):
            r = direct(h, *args, t - 1, t)
            assert (r >= t) == (exact >= t) and (exact >= r if r >= t else exact <= r), f"seed {seed}, t {t}"
        assert Solver501().gain(pos) == exact
    assert married >= 3 and plain == 15
