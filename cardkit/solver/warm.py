"""Compile the solver's search kernels once, so that the first "Review my hand" of a class answers
in a second rather than after half a minute: ``python -m cardkit.solver.warm`` (``make install``
runs it).

numba compiles each kernel the first time it is called and keeps the machine code in the
package's ``__pycache__`` (``cache=True``, :mod:`cardkit.solver._jit`); every later process, each
classroom page's kernel included, loads it from there. Without numba this does nothing
noticeable (the plain-Python search needs no compiling).
"""

from __future__ import annotations

import sys
import time

from ..registry import GAMES, find_game
from .positions import random_play_state


def warm() -> float:
    """Solve one small position of every kind the kernels search: 501♠, Five Hundred with trumps
    and no trumps, and misère (rules.md 501 §8, 500 §6–§9), each at two tricks from the end and at
    the first lead of a short hand, with every card's value (the table "Review my hand" reads).

    Returns:
        the seconds it took (about half a minute on a 2-core machine the first time, a second or two after).
    """
    from . import solve

    start = time.perf_counter()
    positions = []
    for cls in GAMES:  # each game's kinds of position (its declared ``solver_warmup``)
        game = find_game(cls.name)
        positions += [random_play_state(game, seed=i, tricks_left=left, prefer=prefer)
                      for i, (left, prefer) in enumerate(cls.solver_warmup, 1)]
    for state in positions:
        solve(state)
    return time.perf_counter() - start


def main() -> int:
    """``python -m cardkit.solver.warm``: compile, and say how long it took."""
    print(f"cardkit: the solver is compiled ({warm():.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
