"""Speed and memory of the play solver (cardkit.solver) on one core.

Targets (issue 7): a full 501♠ play phase (8 tricks, three hands of 8) solved in ≤ 20 ms median
over 100 random deals; a full four-hand Five Hundred play phase (10 tricks, four hands of 10) in
≤ 200 ms median.

Each deal: a seeded shuffle, then uniformly random legal actions through the auction and the
exchange (or the kitty) up to the first lead (:func:`cardkit.solver.positions.random_play_state`),
then the solver. Two figures per deal: ``value`` (the position's value: one search) and ``table``
(:func:`cardkit.solver.solve`: every legal action's value, one search each, sharing the table).
The first call, which loads or compiles the numba kernel, is timed on its own and left out.
Peak memory: the process's peak resident set (``ru_maxrss``, numba's compiler included) and
tracemalloc's peak of the Python and numpy allocations of a fresh solver solving every deal (its
transposition table is most of it).
Times are wall-clock (``perf_counter``); the value's CPU time (``process_time``) is printed too,
as a busy machine inflates wall-clock times. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_solver.py [--deals N] [--game 501|500|all]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
import tracemalloc

from cardkit.game import find_game
from cardkit.solver import _jit, solver_for
from cardkit.solver.positions import random_play_state


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def bench(game_name: str, players: int, deals: int, options: dict | None = None) -> dict[str, float]:
    """Solve ``deals`` random deals of ``game_name``; returns timing figures in milliseconds."""
    game = find_game(game_name, players, **(options or {}))
    states = [random_play_state(game, seed=seed) for seed in range(deals)]
    t0 = time.perf_counter()
    solver_for(states[0]).solve(random_play_state(game, seed=10_000))
    warm = time.perf_counter() - t0
    tracemalloc.start()
    solver = type(solver_for(states[0]))()  # a fresh table, allocated under tracemalloc
    values, tables = [], []
    cpu = []
    for st in states:
        t0, c0 = time.perf_counter(), time.process_time()
        solver.position_value(st)
        t1, c1 = time.perf_counter(), time.process_time()
        solver.solve(st)
        t2 = time.perf_counter()
        values.append((t1 - t0) * 1000)
        cpu.append((c1 - c0) * 1000)
        tables.append((t2 - t1) * 1000)
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"warm_s": warm, "value_median": statistics.median(values), "value_p90": quantile(values, 0.9),
            "value_max": max(values), "cpu_median": statistics.median(cpu), "cpu_p90": quantile(cpu, 0.9),
            "table_median": statistics.median(tables),
            "table_p90": quantile(tables, 0.9), "table_max": max(tables), "traced_peak_mb": peak / 2**20,
            "table_mb": solver.table_bytes() / 2**20}


def report(title: str, target_ms: float, f: dict[str, float]) -> None:
    print(f"{title}: first call (load or compile the kernel) {f['warm_s']:.2f} s")
    print(f"  value of the position: median {f['value_median']:.2f} ms, p90 {f['value_p90']:.2f} ms, "
          f"max {f['value_max']:.1f} ms  (target: median ≤ {target_ms:g} ms: "
          f"{'met' if f['value_median'] <= target_ms else 'NOT met'})")
    print(f"  value, CPU time of the process (less sensitive to a busy machine): median {f['cpu_median']:.2f} ms, "
          f"p90 {f['cpu_p90']:.2f} ms")
    print(f"  per-action table:      median {f['table_median']:.2f} ms, p90 {f['table_p90']:.2f} ms, "
          f"max {f['table_max']:.1f} ms")
    print(f"  transposition table {f['table_mb']:.1f} MB; tracemalloc peak (table included) "
          f"{f['traced_peak_mb']:.1f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--game", default="all", choices=["501", "500", "all"])
    args = ap.parse_args()
    print(f"numba kernel: {'on' if _jit.ENABLED else 'OFF (plain Python)'}; {args.deals} seeded deals each")
    if args.game in ("501", "all"):
        report("501♠, 3 hands of 8", 20, bench("501", 3, args.deals))
    if args.game in ("500", "all"):
        try:
            import cardkit.game500  # noqa: F401
        except ImportError:
            print("Five Hundred: no engine (cardkit.game500) yet")
        else:
            report("Five Hundred, 4 hands of 10", 200, bench("500", 4, args.deals))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident set of the process: {rss:.0f} MB")


if __name__ == "__main__":
    main()
