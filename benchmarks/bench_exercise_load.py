"""Time to load a lesson's exercises in a fresh interpreter, as a lesson page does when it opens
(``cardkit.exercises.find_lesson``, which checks every exercise file against its schema).

Old: ``jsonschema`` imported as is, which compiles the optional ``rfc3987_syntax`` grammars.
New: the kit's import (:func:`cardkit.exercises.schema._jsonschema`), which keeps them out. Both
are run in new subprocesses, alternately, in one run; the medians are printed. Nothing asserted.

    .venv/bin/python benchmarks/bench_exercise_load.py [--runs N] [--lesson 500/05]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

OLD = "import jsonschema\n"  # the plain import, loaded first: the kit then finds it in sys.modules
LOAD = "from cardkit.exercises.core import find_lesson\nfind_lesson({lesson!r}, 'en')\n"


def once(code: str) -> float:
    """Wall seconds of ``python -c code`` in a new interpreter."""
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--lesson", default="500/05")
    args = ap.parse_args()
    load = LOAD.format(lesson=args.lesson)
    old, new = [], []
    for _ in range(args.runs):
        old.append(once(OLD + load))
        new.append(once(load))
    print(f"lesson {args.lesson} exercises, median of {args.runs} fresh interpreters:")
    print(f"  old (jsonschema with its IRI grammars): {statistics.median(old):.2f} s")
    print(f"  new (without them):                     {statistics.median(new):.2f} s")


if __name__ == "__main__":
    main()
