"""Speed of the Five Hundred engine on one core: random legal full hands per second, deal to score.

Target (issue 3): ≥ 1,000 four-player hands/s.

Each hand: a seeded shuffle and cut, the deal, then a seeded RNG picks uniformly among
``legal_actions()`` and ``apply_action`` (which checks every action) carries it out, through the
auction, the kitty, (5 players) the call, (no-trump/misère) the nomination and the play, until the
hand is scored. Random auctions climb high, so many hands are 10NT or open misère; misères can stop
early, and every-one-passes hands are thrown in. Figures are printed for every table size; nothing
is asserted.

With ``open_spiel`` installed (``pip install open_spiel``, the ``bench`` extra), the same kind of
random playouts of OpenSpiel's C++ Euchre (a 24-card, five-trick cousin with bowers) are timed too,
and the two engines are compared in cards played per second. Without it that part is skipped and
the reason printed.

    .venv/bin/python benchmarks/bench_500.py [--hands N] [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time

from cardkit.game500 import Game500


def random_hands(n: int, players: int = 4, seed: int = 0, **options: object) -> dict[str, float]:
    """Play ``n`` random hands of ``players``-seat Five Hundred from ``seed``.

    Returns figures: ``hands``, ``seconds``, ``actions``, ``cards`` (cards played to tricks),
    ``thrown_in``, ``misere``, ``played_out`` (hands that reached the tenth trick).
    """
    game = Game500(players, **options)
    rng = random.Random(seed)
    choice = rng.choice
    actions = cards = thrown = misere = played_out = 0
    start = time.perf_counter()
    for i in range(n):
        state = game.new_hand(i % players, [0] * players, game.shuffled_pack(rng))
        while state._to_act is not None:
            state.apply_action(choice(state.legal_actions()))
            actions += 1
        cards += sum(len(t.plays) for t in state.tricks)
        if state.contract is None:
            thrown += 1
        elif state.contract.is_misere:
            misere += 1
        if len(state.tricks) == 10:
            played_out += 1
    seconds = time.perf_counter() - start
    return {"hands": n, "seconds": seconds, "actions": actions, "cards": cards, "thrown_in": thrown,
            "misere": misere, "played_out": played_out}


def euchre_playouts(seconds: float, seed: int = 0) -> dict[str, float] | str:
    """Random playouts of OpenSpiel's Euchre for about ``seconds``; a string says why it was skipped."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as e:
        return f"skipped: OpenSpiel is not installed ({e}); `pip install open_spiel` adds it"
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    games = actions = cards = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        cards += state.num_cards_played()
        games += 1
    return {"hands": games, "seconds": time.perf_counter() - start, "actions": actions, "cards": cards}


def main(argv: list[str] | None = None) -> None:
    """Print the figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=3000, help="hands per table size (default 3000)")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds of Euchre playouts (default 3)")
    args = p.parse_args(argv)
    random_hands(200)  # warm up
    print("Five Hundred, random legal hands on one core (every action checked):")
    four = None
    for players in (4, 3, 5, 6):
        f = random_hands(args.hands, players, seed=players)
        rate = f["hands"] / f["seconds"]
        if players == 4:
            four = f
        print(f"  {players} players: {rate:8.0f} hands/s  {f['actions'] / f['seconds']:9.0f} actions/s  "
              f"{f['cards'] / f['seconds']:9.0f} cards/s  ({f['hands']} hands in {f['seconds']:.2f} s; "
              f"{f['played_out']} to ten tricks, {f['misere']} misère, {f['thrown_in']} thrown in)")
    assert four is not None
    target = 1000
    rate4 = four["hands"] / four["seconds"]
    print(f"  target ≥ {target} four-player hands/s: {'met' if rate4 >= target else 'NOT met'} ({rate4:.0f})")
    e = euchre_playouts(args.seconds)
    if isinstance(e, str):
        print(f"OpenSpiel Euchre: {e}")
        return
    erate = e["cards"] / e["seconds"]
    ours = four["cards"] / four["seconds"]
    print(f"OpenSpiel Euchre (C++ via pyspiel), random playouts: {e['hands'] / e['seconds']:8.0f} hands/s  "
          f"{erate:9.0f} cards/s")
    print(f"  cards/s, Five Hundred (4 players) ÷ OpenSpiel Euchre: {ours / erate:.2f}")


if __name__ == "__main__":
    main()
