"""Time of ``import cardkit`` in a fresh interpreter (target < 0.2 s), and what it loads.

Runs ``python -c "import cardkit"`` several times in new subprocesses and prints the median wall
time, the median of a bare ``python -c pass`` for comparison, the difference (the import's own
cost), and the cumulative time ``-X importtime`` reports for ``cardkit``. Then checks that none of
the heavy modules (pandas, altair, ipywidgets, IPython) is in ``sys.modules`` after the import,
nor after importing every engine module (all of ``cardkit`` but its ``widgets`` and ``explore``
subpackages); numpy and numba are named when loaded, without failing. Prints figures; exits with
status 1 only if a heavy module was loaded.

    .venv/bin/python benchmarks/bench_import.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: Modules the engine must never load (issue 2; style.md "the shape of the house").
HEAVY = ("pandas", "altair", "ipywidgets", "IPython")
#: Modules worth knowing about when loaded (they cost import time), but allowed where used.
NOTED = ("numpy", "numba")
#: Subpackages outside the engine: widgets, and the tables and charts of ``explore``.
NOT_ENGINE = ("widgets", "explore")
ROOT = Path(__file__).resolve().parent.parent
#: Imports every engine module: the package but its widgets and explore subpackages.
ENGINE_MODULES = f"""
import importlib, pathlib, sys, cardkit
top = pathlib.Path(cardkit.__file__).parent
for f in sorted(top.rglob("*.py")):
    parts = f.relative_to(top.parent).with_suffix("").parts
    if not set(parts) & set({NOT_ENGINE!r}) and parts[-1] != "__main__":
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        try:
            importlib.import_module(name)
        except Exception as e:  # a module that does not import is reported, not fatal here
            print(f"  (could not import {{name}}: {{type(e).__name__}}: {{e}})", file=sys.stderr)
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    return env


def wall_time(code: str, runs: int) -> float:
    """Median wall time in seconds of ``python -c code`` in a fresh subprocess, over ``runs`` runs."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=_env())
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def importtime(runs: int) -> float:
    """Median cumulative microseconds ``-X importtime`` reports for the ``cardkit`` package."""
    totals = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import cardkit"], check=True,
                             env=_env(), capture_output=True, text=True).stderr
        for line in out.splitlines():
            # "import time:  self [us] | cumulative | imported package"
            parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
            if len(parts) == 3 and parts[2] == "cardkit":
                totals.append(int(parts[1]))
    return statistics.median(totals)


def heavy_loaded(code: str) -> list[str]:
    """The :data:`HEAVY` and :data:`NOTED` modules in ``sys.modules`` after running ``code`` in a
    fresh interpreter."""
    probe = code + f"\nimport sys; print(' '.join(m for m in {HEAVY + NOTED!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, env=_env(), capture_output=True, text=True)
    return out.stdout.split()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="subprocess runs per figure (default 9)")
    args = parser.parse_args(argv)
    wall_time("import cardkit", 1)  # warm the file cache and the bytecode
    bare = wall_time("pass", args.runs)
    full = wall_time("import cardkit", args.runs)
    own = importtime(args.runs)
    print(f"import cardkit, median of {args.runs} fresh interpreters:")
    print(f"  python -c 'import cardkit': {full * 1000:6.1f} ms   (python -c pass: {bare * 1000:.1f} ms)")
    print(f"  import's own cost:          {(full - bare) * 1000:6.1f} ms   (target < 200 ms)")
    print(f"  -X importtime, cardkit:     {own / 1000:6.1f} ms cumulative")
    status = 0
    for label, code in (("import cardkit", "import cardkit"),
                        ("importing every engine module", ENGINE_MODULES)):
        loaded = heavy_loaded(code)
        bad = [m for m in loaded if m in HEAVY]
        print(f"  {'/'.join(HEAVY)} after {label}: {', '.join(bad) if bad else 'none'}"
              + (f" (also loaded: {', '.join(m for m in loaded if m not in HEAVY)})" if set(loaded) - set(bad) else ""))
        if bad:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
