"""Time to judge an exercise file whose ``rules`` list holds many different objects.

Old: the whole schema handed to ``jsonschema`` as it is, which compares every pair of a
``uniqueItems`` list it cannot sort (time quadratic in the list's length). New:
:func:`cardkit.exercises.schema.validate`, which checks every list's length first and reports the
long list without running the rest of the schema. Sizes are the JSON file's bytes; the old way
runs only up to ``--old-max`` bytes (it grows with the square of the size), and its time for the
largest size is extrapolated from its largest run. "new file" is all of
:func:`cardkit.exercises.load_file` (read, parse, judge) on the file written out. Nothing asserted.

    .venv/bin/python benchmarks/bench_exercise_schema.py [SIZE ...] [--old-max BYTES]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from cardkit.exercises import ExerciseError, load_file
from cardkit.exercises.schema import SCHEMA, _jsonschema, validate


def lesson(size: int) -> dict[str, Any]:
    """An exercise file of about ``size`` bytes of JSON: one exercise whose ``rules`` list holds
    distinct objects ``{"r": i}``."""
    def of(n: int) -> dict[str, Any]:
        return {"format": "cardkit-exercises", "version": 1, "lesson": "501/01", "language": "en", "game": "501",
                "exercises": [{"id": "a", "kind": "deal", "ask": "pack-size", "rules": [{"r": i} for i in range(n)],
                               "prompt": "?", "position": {}}]}

    n = max(1, size // 12)
    while n > 1 and len(json.dumps(of(n))) > size:
        n = n * 99 // 100
    return of(n)


def old(data: Any) -> int:
    """The problems the schema alone finds, as :func:`validate` found them before (their count)."""
    return len(list(_jsonschema().Draft202012Validator(SCHEMA).iter_errors(data)))


def timed(check: Any, data: Any) -> float:
    """Seconds ``check(data)`` takes."""
    t = time.perf_counter()
    check(data)
    return time.perf_counter() - t


def load(path: Path) -> None:
    """:func:`load_file` of ``path``, which refuses it."""
    try:
        load_file(path)
    except ExerciseError:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", type=int, default=[10_000, 20_000, 40_000, 990_000])
    ap.add_argument("--old-max", type=int, default=40_000, help="largest size the old way runs (bytes)")
    args = ap.parse_args()
    _jsonschema()  # imported before timing
    print("exercise file with one long 'rules' list of distinct objects:")
    print(f"  {'bytes':>9}  {'items':>7}  {'old':>10}  {'new':>10}  {'new file':>10}")
    folder = tempfile.TemporaryDirectory()
    path = Path(folder.name) / "lesson.json"
    last: tuple[int, float] | None = None
    for size in args.sizes:
        data = lesson(size)
        text = json.dumps(data)
        path.write_text(text, encoding="utf-8")
        real = len(text.encode("utf-8"))
        items = len(data["exercises"][0]["rules"])
        new_s = timed(validate, data)
        file_s = timed(load, path)
        if real <= args.old_max:
            old_s = timed(old, data)
            last = (items, old_s)
            old_text = f"{old_s:9.3f}s"
        elif last is not None:
            old_text = f"~{last[1] * (items / last[0]) ** 2:8.0f}s"  # quadratic, from the largest run
        else:
            old_text = f"{'skipped':>10}"
        print(f"  {real:>9}  {items:>7}  {old_text:>10}  {new_s * 1000:8.2f}ms  {file_s * 1000:8.2f}ms")
    folder.cleanup()
    print("  (~: extrapolated as the square of the number of items from the largest old run)")


if __name__ == "__main__":
    main()
