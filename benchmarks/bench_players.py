"""Decisions per second of every computer player kind, old and new side by side.

Each kind sits in seat A of hands of the game's main table (501♠: 3 players, Five Hundred: 4),
the game's rule-based player in the other seats; the figure is the kind's decisions per second
over those hands (every decision: auction, talon or kitty, cards), with its slowest decision. The
search players' target is at most 1 s a decision on this machine. The first solve of a process
compiles the solver, so one hand is played before timing. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_players.py [--hands N] [--kinds random,sensible,...]
"""

from __future__ import annotations

import argparse
import random
import time

from cardkit import find_game
from cardkit.registry import find_player, player_kinds


def rate(game_name: str, kind: str, hands: int) -> tuple[float, float, int]:
    """(decisions per second, slowest decision in seconds, decisions) of ``kind`` in seat 0."""
    game = find_game(game_name)
    rng = random.Random(11)
    base = [find_player(game, game.rule_player, s) for s in range(game.players)]
    me = find_player(game, kind, 1)
    times: list[float] = []
    for h in range(hands + 1):
        state = game.new_hand(h % game.players, game.initial_scores(), game.shuffled_pack(rng))
        while not state.is_terminal():
            seat = state.current_player()
            if seat == 0:
                t = time.perf_counter()
                a = me.choose(state)
                if h > 0:  # hand 0 warms up (compiles the solver)
                    times.append(time.perf_counter() - t)
            else:
                a = base[seat].choose(state)
            state.apply_action(a)
    total = sum(times)
    return (len(times) / total if total else float("inf")), max(times, default=0.0), len(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=3, help="timed hands per kind (default 3)")
    ap.add_argument("--kinds", default=None, help="comma-separated kinds (default: every kind of the game)")
    args = ap.parse_args()
    for name in ("501", "500"):
        kinds = args.kinds.split(",") if args.kinds else player_kinds(name)
        for kind in kinds:
            if kind not in player_kinds(name):
                continue
            per_s, slowest, n = rate(name, kind, args.hands)
            print(f"{name:>4} {kind:<9} {per_s:>10.1f} decisions/s  slowest {slowest:6.3f} s  ({n} decisions)",
                  flush=True)


if __name__ == "__main__":
    main()
