"""Speed and memory of the play solver (cardkit.solver) on one core, old and new side by side.

Targets (issue 18), 200 seeded deals at the opening lead:

- 501♠, value of the whole play phase: median ≤ 1 ms, max ≤ 50 ms;
- Five Hundred, four hands of 10: value median ≤ 10 ms, p99 ≤ 100 ms, max ≤ 300 ms; per-card
  table median ≤ 20 ms;
- a 100-deal bid estimate by the solver: ≤ 1 s (501♠), ≤ 3 s (Five Hundred);
- the solver's tables ≤ 64 MB.

Each deal: a seeded shuffle, then uniformly random legal actions through the auction and the
exchange (or the kitty) up to the first lead (:func:`cardkit.solver.positions.random_play_state`),
then the solver. Per deal: ``value`` (the position's value, one exact answer) and ``table``
(:func:`cardkit.solver.solve`: every legal action's value, after the value, sharing its table).
Times are CPU time of the process (``process_time``, less sensitive to a busy machine) and
wall-clock; node counts are the kernel's own. The first call, which loads or compiles the numba
kernel, is left out.

``--old REF`` measures the solver of git revision ``REF`` in the same run: the revision is checked
out into a temporary worktree and this script runs again there in a subprocess (same seeds, same
machine, back to back), so old and new figures sit side by side. Every deal's values are compared
between old and new (they must be equal: both are exact). ``--slowest FILE`` writes the 10 slowest
deals of each game (new solver) with their values, the regression file read by the tests.

    .venv/bin/python benchmarks/bench_solver.py [--deals 200] [--game 501|500|all] [--old REF]
        [--slowest tests/data/solver_slowest.json]

Prints figures; asserts nothing (a disagreement between old and new values is printed loudly).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def nodes(solver: Any) -> int:
    """The solver's node counter (the kernel's ``stats[0]``)."""
    return int(solver.stats[0])


HANDS = {  # the bid estimated 100 times (a fixed hand for the seat left of the dealer)
    "501": ("AS 10S KS QS AH 10H KC", 100),
    "500": ("JK JH JD AH KH 9S 5S 4H 6D 7D", "8H"),
}


def measure(game_name: str, players: int, deals: int, estimate: bool) -> dict[str, Any]:
    """Solve ``deals`` random deals of ``game_name``; per deal CPU/wall times (ms), node counts
    and the values (the position's, and every action's)."""
    from cardkit import find_game
    from cardkit.solver import solver_for
    from cardkit.solver.positions import random_play_state

    game = find_game(game_name, players)
    states = [random_play_state(game, seed=seed) for seed in range(deals)]
    t0 = time.perf_counter()
    solver_for(states[0]).solve(random_play_state(game, seed=10_000))
    warm = time.perf_counter() - t0
    solver = type(solver_for(states[0]))()
    rows = []
    for seed, st in enumerate(states):
        n0 = nodes(solver)
        t0, c0 = time.perf_counter(), time.process_time()
        value = solver.position_value(st)
        t1, c1 = time.perf_counter(), time.process_time()
        n1 = nodes(solver)
        sol = solver.solve(st)
        t2, c2 = time.perf_counter(), time.process_time()
        n2 = nodes(solver)
        rows.append({"seed": seed, "value": int(value), "actions": [[str(v.action), int(v.value)] for v in sol.values],
                     "kind": str(getattr(st, "contract", "")),
                     "v_cpu": (c1 - c0) * 1000, "v_wall": (t1 - t0) * 1000, "v_nodes": n1 - n0,
                     "t_cpu": (c2 - c1) * 1000, "t_wall": (t2 - t1) * 1000, "t_nodes": n2 - n1})
    out: dict[str, Any] = {"warm_s": warm, "rows": rows, "table_mb": solver.table_bytes() / 2**20}
    if estimate:
        from cardkit.explore.estimate import estimate_bid

        hand, contract = HANDS[game_name]
        estimate_bid(game, hand, contract, n=3, method="solver", progress=False, seed=99)  # warm
        t0, c0 = time.perf_counter(), time.process_time()
        df = estimate_bid(game, hand, contract, n=100, method="solver", progress=False, seed=1)
        out["est_wall"], out["est_cpu"] = time.perf_counter() - t0, time.process_time() - c0
        out["est_made"] = int(df["made"].sum())
    return out


def summary(f: dict[str, Any]) -> dict[str, float]:
    """Median, p90, p99 and max of the per-deal figures."""
    out: dict[str, float] = {}
    for key in ("v_cpu", "v_wall", "v_nodes", "t_cpu", "t_wall", "t_nodes"):
        xs = [r[key] for r in f["rows"]]
        out[key + "_med"] = statistics.median(xs)
        out[key + "_p90"] = quantile(xs, 0.9)
        out[key + "_p99"] = quantile(xs, 0.99)
        out[key + "_max"] = max(xs)
    return out


def run_here(args: argparse.Namespace) -> dict[str, Any]:
    """Every measurement of this checkout's cardkit (one process)."""
    from cardkit.solver import _jit

    res: dict[str, Any] = {"jit": _jit.ENABLED}
    if args.game in ("501", "all"):
        res["501"] = measure("501", 3, args.deals, not args.no_estimate)
    if args.game in ("500", "all"):
        res["500"] = measure("500", 4, args.deals, not args.no_estimate)
    return res


def run_old(ref: str, args: argparse.Namespace) -> dict[str, Any]:
    """This script's measurements of git revision ``ref``'s cardkit, in a subprocess."""
    tmp = Path(tempfile.mkdtemp(prefix="cardkit-old-"))
    tree = tmp / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), ref], check=True)
    try:
        out = tmp / "out.json"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--here", str(out), "--deals", str(args.deals),
               "--game", args.game] + (["--no-estimate"] if args.no_estimate else [])
        env = dict(os.environ, PYTHONPATH=str(tree))
        subprocess.run(cmd, check=True, cwd=str(tree), env=env)
        return json.loads(out.read_text())
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)


def fmt(x: float, unit: str) -> str:
    if unit == "nodes":
        return f"{x / 1000:,.1f} k" if x < 1e6 else f"{x / 1e6:,.2f} M"
    return f"{x:,.2f} ms" if x < 100 else f"{x:,.0f} ms"


def report(title: str, new: dict[str, Any], old: dict[str, Any] | None, targets: dict[str, float]) -> None:
    sn = summary(new)
    so = summary(old) if old else None
    print(f"\n{title}: {len(new['rows'])} deals; first call {new['warm_s']:.2f} s; tables {new['table_mb']:.1f} MB"
          + (f" (old {old['table_mb']:.1f} MB)" if old else ""))
    print(f"  {'figure':<28}{'old':>14}{'new':>14}   target")
    for key, label, unit in [("v_cpu", "value, CPU", "ms"), ("v_wall", "value, wall", "ms"),
                             ("v_nodes", "value, nodes", "nodes"), ("t_cpu", "per-card table, CPU", "ms"),
                             ("t_wall", "per-card table, wall", "ms"), ("t_nodes", "per-card table, nodes", "nodes")]:
        for q in ("med", "p90", "p99", "max"):
            k = f"{key}_{q}"
            tgt = targets.get(k)
            mark = "" if tgt is None else f"≤ {tgt:g} ms: {'met' if sn[k] <= tgt else 'NOT met'}"
            print(f"  {label + ' ' + q:<28}{fmt(so[k], unit) if so else '-':>14}{fmt(sn[k], unit):>14}   {mark}")
    if "est_wall" in new:
        tgt = targets["est"]
        o = f"{old['est_cpu']:.2f} s" if old and "est_cpu" in old else "-"
        print(f"  {'100-deal estimate, CPU':<28}{o:>14}{new['est_cpu']:>12.2f} s   "
              f"≤ {tgt:g} s: {'met' if new['est_cpu'] <= tgt else 'NOT met'}"
              f"  (wall {new['est_wall']:.2f} s; made {new['est_made']}"
              + (f", old made {old['est_made']})" if old else ")"))
    if old:
        bad = [(a["seed"], a["value"], b["value"]) for a, b in zip(new["rows"], old["rows"])
               if a["value"] != b["value"] or a["actions"] != b["actions"]]
        print(f"  old and new values: {'all equal' if not bad else f'{len(bad)} DIFFER: {bad[:5]}'}")
    worst = sorted(new["rows"], key=lambda r: -r["v_cpu"])[:10]
    print("  slowest seeds (value CPU ms, nodes): "
          + ", ".join(f"{r['seed']} ({r['v_cpu']:.0f}, {r['v_nodes'] / 1000:.0f} k)" for r in worst))


SLOWEST_ABOUT = ("The 10 deals of each game the solver took longest over (benchmarks/bench_solver.py "
                 "--slowest): random_play_state(find_game(game, 3 or 4 players), seed) at the opening lead, "
                 "its value and every action's value; read by tests/test_solver_regression.py.")


def disagreements(new: dict[str, Any], old: dict[str, Any]) -> list[tuple[str, int]]:
    """``(game, seed)`` of every deal whose values differ between ``new`` and ``old``."""
    return [(g, a["seed"]) for g in ("501", "500") if g in new and g in old
            for a, b in zip(new[g]["rows"], old[g]["rows"]) if a["value"] != b["value"] or a["actions"] != b["actions"]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--game", default="all", choices=["501", "500", "all"])
    ap.add_argument("--old", default=None, help="a git revision whose solver is measured too, e.g. origin/main~5")
    ap.add_argument("--no-estimate", action="store_true", help="skip the 100-deal bid estimates")
    ap.add_argument("--slowest", default=None, help="write the 10 slowest deals of each game to this JSON file")
    ap.add_argument("--here", default=None, help=argparse.SUPPRESS)  # internal: write raw figures as JSON
    args = ap.parse_args()
    if args.here:
        Path(args.here).write_text(json.dumps(run_here(args)))
        return
    old = run_old(args.old, args) if args.old else None
    new = run_here(args)
    import cardkit.solver as cs

    print(f"numba kernel: {'on' if new['jit'] else 'OFF (plain Python)'}; {args.deals} seeded deals each; "
          f"solver from {Path(cs.__file__).parent}" + (f"; old: {args.old}" if old else ""))
    if "501" in new:
        report("501♠, 3 hands of 8", new["501"], old["501"] if old else None,
               {"v_cpu_med": 1, "v_cpu_max": 50, "est": 1})
    if "500" in new:
        report("Five Hundred, 4 hands of 10", new["500"], old["500"] if old else None,
               {"v_cpu_med": 10, "v_cpu_p99": 100, "v_cpu_max": 300, "t_cpu_med": 20, "est": 3})
    if args.slowest:
        keep: dict[str, Any] = {"about": SLOWEST_ABOUT + (f" Old solver ({args.old}) values compared: "
                                                          f"{'all equal' if old and not disagreements(new, old) else 'NOT checked'}.")}
        keep.update({g: [{k: r[k] for k in ("seed", "value", "actions", "kind", "v_nodes")}
                         for r in sorted(new[g]["rows"], key=lambda r: -r["v_cpu"])[:10]]
                     for g in ("501", "500") if g in new})
        Path(args.slowest).write_text(json.dumps(keep, ensure_ascii=False, indent=1) + "\n")
        print(f"\nslowest deals written to {args.slowest}")


if __name__ == "__main__":
    main()
