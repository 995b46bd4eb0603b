"""Decisions per second of every computer player kind, old and new side by side.

Each kind sits in seat A of hands of the game's main table (501♠: 3 players, Five Hundred: 4),
the game's rule-based player in the other seats; the figure is the kind's decisions per second
over those hands (every decision: auction, talon or kitty, cards), with its slowest decision
(``--phases``: each phase's too). The search players' target is at most 1 s a decision on this
machine. The first solve of a process compiles the solver, so one hand is played before timing.
Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_players.py [--hands N] [--kinds random,sensible,...] [--phases]

``--kinds solver,solver-rule-talon --phases`` compares the solver player with and without its
solved talon and kitty decisions.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardkit import find_game
from cardkit.registry import find_player, player_kinds


#: The solver player with the rule-based player's talon and kitty decisions (``talon_samples=0``),
#: for old against new in one run: ``--kinds solver,solver-rule-talon``.
OLD_TALON = "solver-rule-talon"


def rate(game_name: str, kind: str, hands: int,
         phases: dict[str, list[float]] | None = None) -> tuple[float, float, int]:
    """(decisions per second, slowest decision in seconds, decisions) of ``kind`` in seat 0;
    ``phases``, when given, gets each decision's seconds under its phase's name."""
    game = find_game(game_name)
    rng = random.Random(11)
    base = [find_player(game, game.rule_player, s) for s in range(game.players)]
    if kind == OLD_TALON:  # the solver player before it solved its talon and kitty decisions
        from cardkit.players.solver_player import SolverPlayer

        me: Any = SolverPlayer(game, seed=1, talon_samples=0)
    else:
        me = find_player(game, kind, 1)
    times: list[float] = []
    for h in range(hands + 1):
        state = game.new_hand(h % game.players, game.initial_scores(), game.shuffled_pack(rng))
        while not state.is_terminal():
            seat = state.current_player()
            if seat == 0:
                phase = state.phase
                t = time.perf_counter()
                a = me.choose(state).action
                if h > 0:  # hand 0 warms up (compiles the solver)
                    times.append(time.perf_counter() - t)
                    if phases is not None:
                        phases.setdefault(phase, []).append(times[-1])
            else:
                a = base[seat].choose(state).action
            state.apply_action(a)
    total = sum(times)
    return (len(times) / total if total else float("inf")), max(times, default=0.0), len(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=3, help="timed hands per kind (default 3)")
    ap.add_argument("--kinds", default=None, help="comma-separated kinds (default: every kind of the game)")
    ap.add_argument("--phases", action="store_true", help="also each phase's decisions, mean and slowest")
    args = ap.parse_args()
    for name in ("501", "500"):
        kinds = args.kinds.split(",") if args.kinds else player_kinds(name)
        for kind in kinds:
            if kind not in player_kinds(name) and not (kind == OLD_TALON and "solver" in player_kinds(name)):
                continue
            phases: dict[str, list[float]] = {}
            per_s, slowest, n = rate(name, kind, args.hands, phases)
            print(f"{name:>4} {kind:<9} {per_s:>10.1f} decisions/s  slowest {slowest:6.3f} s  ({n} decisions)",
                  flush=True)
            if args.phases:
                for phase, ts in phases.items():
                    print(f"{'':>4} {'':<9} {phase:>10}: {len(ts):>3} decisions, mean {sum(ts) / len(ts):6.3f} s, "
                          f"slowest {max(ts):6.3f} s", flush=True)


if __name__ == "__main__":
    main()
