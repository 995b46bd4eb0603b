"""Run every ``benchmarks/bench_*.py`` in turn, each in its own interpreter, and print its figures.

    .venv/bin/python benchmarks/run.py [NAME ...]

With names (``501``, ``import``), only the matching ``bench_NAME.py`` scripts run. Exits with the
first non-zero status of a script, after running them all.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def scripts(names: list[str]) -> list[Path]:
    """The benchmark scripts, sorted, limited to ``bench_NAME.py`` for the given ``names``."""
    found = sorted(HERE.glob("bench_*.py"))
    if names:
        found = [p for p in found if p.stem.removeprefix("bench_") in names]
    return found


def main(argv: list[str]) -> int:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE.parent) + os.pathsep + env.get("PYTHONPATH", "")
    status = 0
    todo = scripts(argv)
    if not todo:
        print(f"no benchmark matches {' '.join(argv)}; have: "
              + " ".join(p.stem.removeprefix("bench_") for p in scripts([])), file=sys.stderr)
        return 2
    for path in todo:
        print(f"== {path.name}", flush=True)
        t0 = time.perf_counter()
        rc = subprocess.run([sys.executable, str(path)], env=env).returncode
        print(f"== {path.name}: {'ok' if rc == 0 else f'exit status {rc}'} ({time.perf_counter() - t0:.1f} s)\n",
              flush=True)
        status = status or rc
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
