"""The kit's OpenSpiel games through pyspiel's API, beside OpenSpiel's C++ euchre.

What a researcher's algorithm pays per call, on ``python_cardkit_501`` (3 players),
``python_cardkit_500`` (4 players) and ``euchre``, all called as a researcher calls them (the
``pyspiel`` state's methods):

- ``infostate``: ``information_state_string(p)`` for the seat to act, the first call on a state
  reached at a random point of a random hand (the state rebuilt from its actions, so nothing is
  kept from an earlier call: the cold cost);
- ``infostate, along a hand``: the same string asked at every decision of a random hand as play
  goes on (as a tree search or CFR asks it), per call;
- ``observation``: ``observation_string(p)``, the first call on such a state;
- ``clone``: ``state.clone()`` of such a state;
- ``clone + apply``: a clone and one legal action applied to it (a copy-on-write clone pays its
  copy there);
- ``resample``: ``resample_from_infostate(p, sampler)`` for the seat to act;
- ``play``: random play, ``legal_actions()`` and ``apply_action()`` from the first card of the deal
  (chance outcomes included in the time) to the end of the hand, in player actions per second (the
  deal's chance actions are not counted).

Times are this process's CPU time (``process_time``: what other processes on a busy machine take
is not counted), the best of ``--repeats`` passes chunk by chunk (every 10 states, every hand). ``--compare REV``
times git revision ``REV`` too, in the same run: it is checked out in a temporary worktree and
this script runs there in a subprocess, alternating with this tree, so old and new figures sit side
by side (``--against DIR`` does the same with an existing checkout). Nothing is asserted.

    .venv/bin/python benchmarks/bench_openspiel.py [--repeats 5] [--states 200] [--hands 40]
        [--compare 9d1c70e | --against DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if not os.environ.get("PYTHONPATH"):  # this tree's kit, not an installed one (run.py sets PYTHONPATH)
    sys.path.insert(0, str(ROOT))

GAMES = ("euchre", "python_cardkit_501", "python_cardkit_500")
ONLY = set(GAMES)  # the games measured (--games)
#: The targets of the issue (Five Hundred, 4 players): µs per call at most, actions/s at least.
TARGETS = {"infostate": 20.0, "clone": 8.0, "resample": 40.0, "play": 150_000.0}
FIGURES = [("infostate", "µs"), ("infostate, along a hand", "µs"), ("observation", "µs"), ("clone", "µs"),
           ("clone + apply", "µs"), ("resample", "µs"), ("play", "actions/s")]


def random_histories(game: Any, n: int, rng: random.Random) -> list[list[int]]:
    """``n`` action lists, each a random hand's actions up to a decision point chosen uniformly
    among the hand's decisions (chance outcomes from ``legal_actions``, as in play)."""
    out: list[list[int]] = []
    while len(out) < n:
        state = game.new_initial_state()
        decisions: list[int] = []
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions.append(len(state.history()))
            state.apply_action(rng.choice(state.legal_actions()))
        history = state.history()
        out.append(history[:rng.choice(decisions)])
    return out


def rebuild(game: Any, histories: list[list[int]]) -> list[Any]:
    """Fresh states (nothing kept from an earlier call) from their actions."""
    states = []
    for h in histories:
        s = game.new_initial_state()
        for a in h:
            s.apply_action(a)
        states.append(s)
    return states


CHUNK = 10  # states per timed chunk


def chunk_times(states: list[Any], call: Callable[[Any], Any]) -> list[float]:
    """Seconds spent by ``call`` on each chunk of :data:`CHUNK` states (one pass)."""
    out = []
    clock = time.process_time
    for i in range(0, len(states), CHUNK):
        part = states[i:i + CHUNK]
        t0 = clock()
        for s in part:
            call(s)
        out.append(clock() - t0)
    return out


def along_hand(game: Any, seed: int) -> tuple[float, int]:
    """Seconds spent in ``information_state_string`` of the seat to act at every decision of the
    random hand of ``seed``, and the number of calls."""
    rng = random.Random(seed)
    calls, spent = 0, 0.0
    clock = time.process_time
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            t0 = clock()
            state.information_state_string(state.current_player())
            spent += clock() - t0
            calls += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return spent, calls


def random_play(game: Any, seed: int) -> tuple[float, int]:
    """Seconds of random play of the hand of ``seed`` through ``legal_actions`` / ``apply_action``
    from the deal's first card to the end, and its number of player actions."""
    rng = random.Random(seed)
    count = 0
    t0 = time.process_time()
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            count += 1
    return time.process_time() - t0, count


def clone_and_apply(state: Any) -> None:
    c = state.clone()
    c.apply_action(c.legal_actions()[0])


def measure_game(name: str, repeats: int, n_states: int, hands: int) -> dict[str, float]:
    """Every figure of one game. Each chunk of states (each hand, for the figures of whole hands)
    keeps its best time over ``repeats`` passes, so that a pass slowed by another process's burst
    costs only the chunks it hit."""
    import pyspiel

    game = pyspiel.load_game(name)
    histories = random_histories(game, n_states, random.Random(1))
    states = rebuild(game, histories)
    sampler = random.Random(2).random
    best: dict[str, list[float]] = {}
    counts: dict[str, list[int]] = {}

    def keep(key: str, times: list[float]) -> None:
        best[key] = times if key not in best else [min(a, b) for a, b in zip(best[key], times)]

    for _ in range(repeats):
        keep("infostate", chunk_times(rebuild(game, histories),
                                      lambda s: s.information_state_string(s.current_player())))
        keep("observation", chunk_times(rebuild(game, histories), lambda s: s.observation_string(s.current_player())))
        keep("clone", chunk_times(states, lambda s: s.clone()))
        keep("clone + apply", chunk_times(states, clone_and_apply))
        keep("resample", chunk_times(states, lambda s: s.resample_from_infostate(s.current_player(), sampler)))
        along = [along_hand(game, 1000 + h) for h in range(max(1, hands // 4))]
        keep("infostate, along a hand", [t for t, _ in along])
        counts["infostate, along a hand"] = [n for _, n in along]
        play = [random_play(game, 2000 + h) for h in range(hands)]
        keep("play", [t for t, _ in play])
        counts["play"] = [n for _, n in play]
    out = {key: sum(times) / n_states * 1e6 for key, times in best.items() if key not in counts}
    out["infostate, along a hand"] = sum(best["infostate, along a hand"]) / sum(counts["infostate, along a hand"]) * 1e6
    out["play"] = sum(counts["play"]) / sum(best["play"])
    return out


def measure(repeats: int, n_states: int, hands: int) -> dict[str, dict[str, float]]:
    """Every figure of every game of :data:`GAMES`, with this process's kit."""
    import cardkit
    import cardkit.openspiel  # noqa: F401  (registers the kit's games)

    unmeasured = {key: float("nan") for key, _ in FIGURES}
    out = {name: measure_game(name, repeats, n_states, hands) if name in ONLY else dict(unmeasured) for name in GAMES}
    out["kit"] = {"path": cardkit.__file__}  # type: ignore[dict-item]
    return out


def run_tree(tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    """This script's figures with the kit of ``tree``, in a subprocess."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--json", "--games", args.games,
           "--repeats", str(args.repeats), "--states", str(args.states), "--hands", str(args.hands)]
    run = subprocess.run(cmd, env=env, cwd=str(tree), capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(run.stdout)
    return result


def best_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The best figure of each kind over several runs (fewest µs, most actions/s)."""
    out: dict[str, Any] = {"kit": runs[0]["kit"]}
    for name in GAMES:
        out[name] = {}
        for key, unit in FIGURES:
            values = [r[name][key] for r in runs]
            out[name][key] = max(values) if unit == "actions/s" else min(values)
    return out


def compared(old_tree: Path, args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """Old and new figures, the two trees run in turn ``--rounds`` times."""
    old_runs, new_runs = [], []
    for _ in range(args.rounds):
        old_runs.append(run_tree(old_tree, args))
        new_runs.append(run_tree(ROOT, args))
    return best_of(old_runs), best_of(new_runs)


def fmt(value: float, unit: str) -> str:
    return f"{value:,.0f}" if unit == "actions/s" else f"{value:,.1f}"


def report(new: dict[str, Any], old: dict[str, Any] | None, old_label: str) -> None:
    print(f"kit: {new['kit']['path']}" + (f"; old: {old['kit']['path']} ({old_label})" if old else ""))
    head = f"{'':26}{'euchre':>10}"
    for name in GAMES[1:]:
        short = name.removeprefix("python_cardkit_")
        head += (f"{short + ' old':>12}{short + ' new':>12}" if old else f"{short:>12}")
    print(head + "   target (500)")
    for key, unit in FIGURES:
        line = f"{key + (' µs' if unit == 'µs' else ' actions/s'):26}{fmt(new['euchre'][key], unit):>10}"
        for name in GAMES[1:]:
            if old:
                line += f"{fmt(old[name][key], unit):>12}"
            line += f"{fmt(new[name][key], unit):>12}"
        if key in TARGETS:
            t, v = TARGETS[key], new["python_cardkit_500"][key]
            ok = v >= t if unit == "actions/s" else v <= t
            line += f"   {'≥' if unit == 'actions/s' else '≤'} {fmt(t, unit)}: {'met' if ok else 'NOT met'}"
        print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=5, help="passes per figure; the best is kept (default 5)")
    ap.add_argument("--states", type=int, default=200, help="states sampled per game (default 200)")
    ap.add_argument("--hands", type=int, default=40, help="random hands played per pass (default 40)")
    ap.add_argument("--compare", metavar="REV", help="also time git revision REV (a temporary worktree)")
    ap.add_argument("--against", metavar="DIR", help="also time the kit of the checkout DIR")
    ap.add_argument("--rounds", type=int, default=2, help="with --compare/--against: runs of each tree, "
                                                           "alternating (default 2)")
    ap.add_argument("--games", default=",".join(GAMES), help="the games to time, by OpenSpiel name, comma-separated "
                                                             "(default: all three)")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    ONLY.intersection_update(args.games.split(","))
    if args.json:
        print(json.dumps(measure(args.repeats, args.states, args.hands)))
        return
    if args.compare or args.against:
        if args.against:
            old, new = compared(Path(args.against).resolve(), args)
            label = args.against
        else:
            tmp = Path(tempfile.mkdtemp(prefix="cardkit-os-"))
            tree = tmp / "tree"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), args.compare],
                           check=True)
            try:
                old, new = compared(tree, args)
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
            label = args.compare
        report(new, old, label)
        return
    report(measure(args.repeats, args.states, args.hands), None, "")


if __name__ == "__main__":
    main()
