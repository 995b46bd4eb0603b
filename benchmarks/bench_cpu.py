"""Engine speed in CPU time, for a shared or loaded machine: random legal hands per CPU second.

Wall-clock figures (``bench_500.py``, ``bench_501.py``) swing several-fold when other work shares the
machine; CPU time (:func:`time.process_time`) of the best of 15 runs of 300 hands (as ``timeit``
takes the least-disturbed run) moves a few per cent. Each hand: a seeded shuffle and cut, the deal,
then a seeded RNG picks among ``legal_actions()`` and ``apply_action`` (which checks every action)
carries it out until the hand is scored. Four-player Five Hundred and three-player 501♠.

    .venv/bin/python benchmarks/bench_cpu.py
    .venv/bin/python benchmarks/run.py --against /tmp/old --repeats 3 cpu   # old against new
"""

from __future__ import annotations

import random
import time

from cardkit.game import Game
from cardkit.game500 import Game500
from cardkit.game501 import Game501


def hands_per_cpu_second(game: Game, n: int, seed: int = 0) -> float:
    """Play ``n`` random hands of ``game`` from ``seed``; hands per CPU second."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for i in range(n):
        state = game.new_hand(i % game.players, game.initial_scores(), game.shuffled_pack(rng))
        while state.current_player() is not None:
            state.apply_action(choice(state.legal_actions()))
    return n / (time.process_time() - start)


def main() -> None:
    for label, game in (("Five Hundred, 4 players", Game500(4)), ("501♠, 3 players", Game501(3))):
        hands_per_cpu_second(game, 50, 9)  # warm-up: imports, interned cards, caches
        best = max(hands_per_cpu_second(game, 300) for _ in range(15))
        print(f"  {label}: {best:8.0f} hands per CPU second (best of 15 runs of 300 hands)", flush=True)


if __name__ == "__main__":
    main()
