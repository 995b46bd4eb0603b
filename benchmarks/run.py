"""Run every ``benchmarks/bench_*.py`` in turn, each in its own interpreter, and print its figures.

    .venv/bin/python benchmarks/run.py [NAME ...]

With names (``501``, ``import``), only the matching ``bench_NAME.py`` scripts run. Exits with the
first non-zero status of a script, after running them all.

Old against new in one run, on the same machine under the same load:

    .venv/bin/python benchmarks/run.py --against /tmp/old --repeats 3 500 501

runs each script ``--repeats`` times against the kit of the tree at ``/tmp/old`` (e.g. made by
``git worktree add /tmp/old COMMIT``) and against this tree's kit, alternating old and new, with
the same (this tree's) benchmark scripts; each run's figures are headed ``old`` or ``new``.
"""

from __future__ import annotations

import argparse
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


def run_script(path: Path, root: Path, label: str = "") -> int:
    """Run one benchmark script with the kit of the tree at ``root`` first on the import path;
    print its figures under a heading. Returns the script's exit status."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    head = f"{path.name}{f' [{label}: {root}]' if label else ''}"
    print(f"== {head}", flush=True)
    t0 = time.perf_counter()
    rc = subprocess.run([sys.executable, str(path)], env=env).returncode
    print(f"== {head}: {'ok' if rc == 0 else f'exit status {rc}'} ({time.perf_counter() - t0:.1f} s)\n",
          flush=True)
    return rc


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Run the benchmark scripts and print their figures.")
    parser.add_argument("names", nargs="*", help="only bench_NAME.py for these names (default: all)")
    parser.add_argument("--against", type=Path, help="also run against the kit of this tree (old vs new)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each script per tree (default 1)")
    args = parser.parse_args(argv)
    status = 0
    todo = scripts(args.names)
    if not todo:
        print(f"no benchmark matches {' '.join(args.names)}; have: "
              + " ".join(p.stem.removeprefix("bench_") for p in scripts([])), file=sys.stderr)
        return 2
    if args.against is not None and not (args.against / "cardkit").is_dir():
        print(f"--against {args.against}: no cardkit package there", file=sys.stderr)
        return 2
    for path in todo:
        for _ in range(max(args.repeats, 1)):
            if args.against is None:
                rc = run_script(path, HERE.parent)
            else:
                rc_old = run_script(path, args.against.resolve(), "old")
                rc_new = run_script(path, HERE.parent, "new")
                rc = rc_old or rc_new
            status = status or rc
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
