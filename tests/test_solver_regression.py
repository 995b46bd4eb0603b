"""The deals the solver found slowest (benchmarks/bench_solver.py keeps the 10 worst of each game
over its 200 seeded deals): the solver still gives each its recorded value, and every action's
value on half of them. The values were recorded when the new solver and the one before it (both exact, the
earlier one checked against exhaustive search) agreed on every deal of the benchmark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardkit import find_game
from cardkit.solver.positions import random_play_state
from cardkit.solver.solve500 import Solver500
from cardkit.solver.solve501 import Solver501

DEALS = json.loads((Path(__file__).parent / "data" / "solver_slowest_deals.json").read_text(encoding="utf-8"))
PLAYERS = {"501": 3, "500": 4}


def test_the_file_holds_ten_deals_of_each_game():
    assert "all equal" in DEALS["about"]
    assert [len(DEALS[g]) for g in ("501", "500")] == [10, 10]


@pytest.mark.parametrize("name", ["501", "500"])
def test_slowest_deals_keep_their_values(name):
    game = find_game(name, PLAYERS[name])
    solver = Solver501() if name == "501" else Solver500()
    for i, deal in enumerate(DEALS[name]):
        state = random_play_state(game, seed=deal["seed"])
        assert str(getattr(state, "contract", "")) == deal["kind"], f"seed {deal['seed']}: another deal"
        assert solver.position_value(state) == deal["value"], f"seed {deal['seed']}"
        if i % 2:  # every action's value on half of them (the whole table doubles the time)
            got = [[str(v.action), v.value] for v in solver.solve(state).values]
            assert got == deal["actions"], f"seed {deal['seed']}"


def test_warm_compiles_both_kernels_in_a_new_process() -> None:
    """``python -m cardkit.solver.warm`` (run by ``make install``) leaves both games' search kernels
    compiled, so a class's first "Review my hand" loads them instead of compiling them."""
    import subprocess
    import sys

    from cardkit.solver import _jit

    # numba is a dependency of the kit (pyproject.toml), so the compiled kernels are there to warm
    assert _jit.ENABLED, "numba is not importable, or CARDKIT_SOLVER_NOJIT=1 is set"
    code = ("from cardkit.solver.warm import warm; warm(); from cardkit.solver import core500, core501; "
            "print(len(core501.search.signatures), len(core500.search.signatures))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600)
    n501, n500 = map(int, out.stdout.split())
    assert n501 >= 1 and n500 >= 1
