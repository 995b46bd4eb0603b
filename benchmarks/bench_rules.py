"""Random play through the engine: legal actions listed, one applied, every refusal built.

Measures what the rule tables (:mod:`cardkit.rulebook`) cost where every caller pays: per hand of
random play, ``legal_actions()`` + ``apply_action()`` at every step ("play", actions per second),
and at a sample of steps the refusal of every illegal action of the table ("refuse", refusals
per second). ``--against DIR`` runs the same figures in a subprocess on another checkout of the kit
(e.g. a clone of an older commit), so old and new print in one run. Nothing asserted.

    .venv/bin/python benchmarks/bench_rules.py [--hands N] [--against DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time


def measure(hands: int) -> dict[str, float]:
    from cardkit.registry import find_game

    out: dict[str, float] = {}
    for name, players in (("501", 3), ("500", 4), ("500", 5)):
        game = find_game(name, players)
        space = game.action_space()
        rng = random.Random(1)
        steps, t0 = 0, time.perf_counter()
        for h in range(hands):
            state = game.new_hand(h % players, game.initial_scores(), game.shuffled_pack(rng))
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        out[f"{name}/{players} play, actions/s"] = steps / (time.perf_counter() - t0)
        refusals, t0 = 0, time.perf_counter()
        for h in range(max(1, hands // 20)):
            state = game.new_hand(h % players, game.initial_scores(), game.shuffled_pack(rng))
            while not state.is_terminal():
                legal = set(state.legal_actions())
                for a in space:
                    if a not in legal:
                        state.why_illegal(a)
                        refusals += 1
                state.apply_action(rng.choice(list(legal)))
        out[f"{name}/{players} refuse, refusals/s"] = refusals / (time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--against", help="another checkout of the kit to measure in the same run")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    figures = {"this checkout": measure(args.hands)}
    if args.json:
        print(json.dumps(figures["this checkout"]))
        return
    if args.against:
        env = dict(os.environ, PYTHONPATH=os.path.abspath(args.against))
        run = subprocess.run([sys.executable, os.path.abspath(__file__), "--hands", str(args.hands), "--json"],
                             env=env, cwd=args.against, capture_output=True, text=True, check=True)
        figures = {args.against: json.loads(run.stdout), **figures}
    names = list(figures)
    print(f"{'':34}" + "".join(f"{n[-24:]:>26}" for n in names))
    for key in figures[names[0]]:
        print(f"{key:34}" + "".join(f"{figures[n][key]:>26,.0f}" for n in names))


if __name__ == "__main__":
    main()
