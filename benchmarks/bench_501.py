"""Speed of the 501♠ engine on one core: random legal full hands per second, deal to score.

Target (issue 2): ≥ 2,000 hands/s on a 2-core machine.

Each hand: a seeded shuffle and cut, the deal, then :class:`cardkit.players.RandomPlayer` picks
uniformly among ``legal_actions()`` and ``apply_action`` (which checks every action) carries it
out, through auction, talon, exchange and play, until the hand is scored. Random hands can end
early (all pass, or the bidder abandons), so two rates are printed: every hand, and hands played
out to the eighth trick (timed on their own). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_501.py [--hands N] [--profile]

``--profile`` runs the 3-player hands under cProfile and prints the functions with the most own
time, to find the hot spots of ``legal_actions`` / ``_check`` / ``_do``.
"""

from __future__ import annotations

import argparse
import random
import time

from cardkit.game501 import Game501
from cardkit.players import RandomPlayer


def random_hands(n: int, players: int = 3, seed: int = 0) -> dict[str, float]:
    """Play ``n`` random hands of ``players``-seat 501♠ from ``seed``.

    Returns a dict of figures: ``hands``, ``seconds`` (wall time for all hands), ``actions``,
    ``played`` (hands that reached 8 tricks), ``played_seconds`` (their own time), ``all_passed``,
    ``abandoned``.
    """
    game = Game501(players)
    rng = random.Random(seed)
    chooser = RandomPlayer(seed + 1)
    scores = game.initial_scores()
    clock = time.perf_counter
    actions = played = all_passed = abandoned = 0
    played_seconds = 0.0
    t_all = clock()
    for i in range(n):
        t0 = clock()
        state = game.new_hand(i % players, scores, game.shuffled_pack(rng))
        k = 0
        while not state.is_terminal():
            state.apply_action(chooser.choose(state).action)
            k += 1
        t1 = clock()
        actions += k
        if len(state.tricks) == 8:
            played += 1
            played_seconds += t1 - t0
        elif state.abandoned:
            abandoned += 1
        else:
            all_passed += 1
    seconds = clock() - t_all
    return {"hands": n, "seconds": seconds, "actions": actions, "played": played,
            "played_seconds": played_seconds, "all_passed": all_passed, "abandoned": abandoned}


def legal_actions_rate(n: int, players: int = 3, seed: int = 0) -> float:
    """``legal_actions()`` calls per second over the positions of ``n`` random hands (calls only)."""
    game = Game501(players)
    rng = random.Random(seed)
    chooser = RandomPlayer(seed + 1)
    states = []
    for i in range(n):
        state = game.new_hand(i % players, game.initial_scores(), game.shuffled_pack(rng))
        while not state.is_terminal():
            states.append(state.clone())
            state.apply_action(chooser.choose(state).action)
    t0 = time.perf_counter()
    for s in states:
        s.legal_actions()
    return len(states) / (time.perf_counter() - t0)


def report(players: int, f: dict[str, float]) -> None:
    """Print one table's figures."""
    n, secs = f["hands"], f["seconds"]
    played = f["played"]
    print(f"501♠ {players} players, {n:,.0f} random hands in {secs:.2f} s:")
    print(f"  any hand:        {n / secs:9,.0f} hands/s   (target ≥ 2,000)")
    if played:
        print(f"  played-out hand: {played / f['played_seconds']:9,.0f} hands/s   "
              f"({played / n:.0%} of hands reached 8 tricks)")
    print(f"  actions:         {f['actions'] / secs:9,.0f} actions/s ({f['actions'] / n:.1f} a hand)")
    print(f"  ended early: {f['all_passed']:,.0f} all passed, {f['abandoned']:,.0f} abandoned")


def profile(n: int) -> None:
    """Run ``n`` 3-player hands under cProfile and print the top functions by own time."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    random_hands(n, 3)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(18)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per table size (default 5000)")
    parser.add_argument("--profile", action="store_true", help="profile 3-player hands with cProfile")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.hands)
        return
    random_hands(200)  # warm-up: imports, interned cards, caches
    for players in (3, 4):
        report(players, random_hands(args.hands, players, seed=players))
    print(f"  legal_actions(): {legal_actions_rate(max(args.hands // 10, 100)):9,.0f} calls/s (3 players)")


if __name__ == "__main__":
    main()
