"""Speed of cardkit.explore: numpy deal statistics, and bid estimates with the solver.

Targets (issue 8): ≥ 1,000,000 random deals per second for numpy deal statistics; a 100-deal bid
estimate with the solver in ≤ 10 s for 501♠ and ≤ 30 s for Five Hundred. Prints figures; asserts
nothing.

    .venv/bin/python benchmarks/bench_explore.py [--deals N] [--estimate-deals N] [--skip-estimates]
                                                 [--tournament DEALS]

Deal statistics: ``random_deals`` shuffles every unseen card into place for a whole array of deals
(one seat's seven cards fixed, as seen by that player), then computes suit lengths of a seat, a
marriage test and "the talon holds a given card" over all of them. The rate counts deals per second
of that whole pipeline.
"""

from __future__ import annotations

import argparse
import time


def deal_stats_rate(game_name: str, players: int, n: int, hands: dict | None = None) -> tuple[float, float, float]:
    """(deals per second, simulated talon share, exact talon share) for ``n`` deals."""
    from cardkit import find_game
    from cardkit.explore.stats import exact_holds, random_deals

    game = find_game(game_name, players=players)
    card = "9C" if game_name == "501" else "JK"
    t0 = time.perf_counter()
    deals = random_deals(game, n, dealer=0, hands=hands, seed=1)
    deals.suit_lengths(1)
    deals.marriage(1)
    talon = deals.probability(deals.holds("talon", card))
    seconds = time.perf_counter() - t0
    return n / seconds, talon, exact_holds(deals, "talon", card)


def estimate_timing(game_name: str, n: int) -> None:
    """Time a ``n``-deal bid estimate, solved when the solver is there, else played out."""
    from cardkit import find_game
    from cardkit.explore.estimate import BID_EXAMPLES, estimate_bid

    ex = BID_EXAMPLES[game_name]
    for method in ("solver", "playout"):
        if method == "solver":  # load or compile the search once, outside the timing
            t0 = time.perf_counter()
            try:
                estimate_bid(find_game(ex["game"]), ex["hand"], ex["contract"], n=1, seat=ex["seat"],
                             method=method, seed=999, progress=False)
            except Exception:  # noqa: BLE001 - reported below
                pass
            print(f"  {game_name} solver warm-up (load or compile, one deal): {time.perf_counter() - t0:.1f} s")
        t0 = time.perf_counter()
        try:
            table = estimate_bid(find_game(ex["game"]), ex["hand"], ex["contract"], n=n, seat=ex["seat"], method=method,
                                 seed=1, progress=False)
        except Exception as e:  # the solver may not be available for this game yet
            print(f"  {game_name} {method}: not available ({e})")
            continue
        s = time.perf_counter() - t0
        made = table.attrs["summary"]["p_make"]
        print(f"  {game_name} bid {ex['contract']} with {ex['hand']}: {n} deals by {method} in {s:.1f} s "
              f"({n / s:.1f} deals/s), makes {made:.0%}")


def sampler_tournament(deals: int) -> None:
    """The sampling player (solver on each sample) against the rule-based one, duplicate-style."""
    from cardkit import find_game
    from cardkit.explore.tournament import margin, tournament
    from cardkit.players.sampler import SamplingPlayer

    for name, base in (("501", "sensible"), ("500", "sensible")):
        game = find_game(name)
        lineup = ["sampler", base, base] if name == "501" else ["sampler", base, "sampler", base]
        t0 = time.perf_counter()
        results = tournament(game, lineup, deals=deals, seed=7,
                             factories={"sampler": lambda s, seed, g=game: SamplingPlayer(g, seed=seed, samples=8)})
        diff, se = margin(results, "sampler", base)
        print(f"  {name}: sampler (8 samples) against {base} over {deals} deals × seatings: "
              f"{diff:+.1f} ± {se:.1f} points per hand ({time.perf_counter() - t0:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2_000_000)
    ap.add_argument("--estimate-deals", type=int, default=100)
    ap.add_argument("--skip-estimates", action="store_true")
    ap.add_argument("--tournament", type=int, default=0, metavar="DEALS",
                    help="also play the sampling player against the rule-based one over DEALS deals")
    args = ap.parse_args()
    print("numpy deal statistics (target ≥ 1,000,000 deals/s):")
    cases = [("501", 3, {1: "AS 10S KS QS JS 9S AH"}), ("501", 3, None)]
    try:
        from cardkit.game500 import Game500  # noqa: F401

        cases.append(("500", 4, None))
    except ImportError:
        print("  (Five Hundred engine not present: 500 deals skipped)")
    for name, players, hands in cases:
        rate, sim, exact = deal_stats_rate(name, players, args.deals, hands)
        seen = "one seat's 7 cards seen" if hands else "nothing seen"
        print(f"  {name} ({players} players, {seen}): {rate:,.0f} deals/s; "
              f"talon/kitty holds the card {sim:.4f} (exact {exact:.4f})")
    if not args.skip_estimates:
        print(f"bid estimates of {args.estimate_deals} deals (targets: 501 ≤ 10 s, 500 ≤ 30 s):")
        for name in ("501", "500"):
            estimate_timing(name, args.estimate_deals)
    if args.tournament:
        print("sampling player against the rule-based player:")
        sampler_tournament(args.tournament)


if __name__ == "__main__":
    main()
