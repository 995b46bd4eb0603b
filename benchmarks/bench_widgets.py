"""Speed of the table widget and of the notebook suite.

Targets (issue 5): a widget step, click to updated view, median ≤ 30 ms; the nbval run of every
notebook ≤ 90 s on a 2-core machine.

- *step*: the median and 90th percentile time of one click on a :class:`cardkit.widgets.Table`,
  from ``button.click()`` to the widget's values updated (the engine's step and the re-drawn board,
  scores and action panel): "Next ▶" through the worked record, "◀ Back" back through it, and the
  user's own card clicks in live hands against computer players (which includes their replies).
- *nbval*: wall time of ``pytest --nbval notebooks`` as ``make test-notebooks`` runs it (skipped
  with ``--no-nbval``).

Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_widgets.py [--no-nbval]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def quantiles(ms: list[float]) -> str:
    ms = sorted(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    return f"median {statistics.median(ms):6.2f} ms   p90 {p90:6.2f} ms   max {ms[-1]:6.2f} ms   (n={len(ms)})"


def time_clicks(button_of, table, n: int) -> list[float]:
    """Click ``button_of(table)`` up to ``n`` times; the time of each click in ms."""
    out = []
    for _ in range(n):
        b = button_of(table)
        if b is None:
            break
        t0 = time.perf_counter()
        b.click()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def bench_steps() -> dict[str, list[float]]:
    from cardkit.registry import find_player
    from cardkit.widgets import Table

    worked = ROOT / "data" / "examples" / "501_worked_blind_contract.json"
    figures: dict[str, list[float]] = {"next": [], "back": [], "user card click": []}
    for _ in range(5):
        t = Table.from_record(worked)
        figures["next"] += time_clicks(lambda t: t.next_button if not t.state.is_terminal() else None, t, 40)
        figures["back"] += time_clicks(lambda t: t.back_button if t.position != (0, 0) else None, t, 40)
    for seed in range(10):
        t = Table("501", seed=seed, humans=[0])
        chooser = find_player("501", "sensible", seed=seed)
        for _ in range(80):
            st = t.state
            if st.is_terminal():
                break
            a = chooser.choose(st).action
            words = str(a).split()
            if words[0] in ("play", "give") and len(words) == 2:
                b = next(b for b in t.find("cardkit-card") if b.description == words[1])
                t0 = time.perf_counter()
                b.click()
                figures["user card click"].append((time.perf_counter() - t0) * 1000)
            else:
                t.act(a)
    return figures


def bench_nbval() -> float:
    cmd = [sys.executable, "-m", "pytest", "-q", "--nbval", "notebooks", "--nbval-current-env",
           "--nbval-sanitize-with", "tests/nbval_sanitize.cfg", "-p", "no:cacheprovider"]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-300:]
    print(f"  nbval: {last}")
    return seconds


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-nbval", action="store_true", help="skip the nbval run of the notebooks")
    args = ap.parse_args(argv)
    print("Table widget, one click to updated view (target: median ≤ 30 ms)")
    for name, ms in bench_steps().items():
        print(f"  {name:<16} {quantiles(ms)}")
    if not args.no_nbval:
        n = len(list((ROOT / "notebooks").rglob("*.ipynb")))
        seconds = bench_nbval()
        print(f"nbval over {n} notebooks: {seconds:.1f} s (target ≤ 90 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
