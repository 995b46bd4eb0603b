"""Golden playthroughs of 501♠ (the OpenSpiel idea, and python-chess's perft).

Each file in ``tests/golden/501_*.json`` holds one seeded hand: the pack, then for every step the
player to act, every legal action as text (in the engine's order) and the action taken, then the
returns and the summary; plus perft counts (the number of legal action sequences of a given depth)
from the first lead. The test replays the stored actions and compares every list exactly, so any
change in action generation, ordering or scoring shows as a failure with the step named.

To regenerate after an intended change: ``CARDKIT_REGEN_GOLDEN=1 pytest tests/test_501_golden.py``,
then review the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from cardkit import Cards
from cardkit.game501 import Game501

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("CARDKIT_REGEN_GOLDEN") == "1"

#: (file stem, players, seed): the seed draws the dealer, the shuffle and the guided-random choices.
CASES = [("501_seed1_3p", 3, 1), ("501_seed2_3p", 3, 2), ("501_seed3_4p", 4, 3)]


def choose(state, legal, rng):
    """A guided random choice: modest bids, sometimes a pass; marriages when offered; else uniform."""
    texts = [str(a) for a in legal]
    if state.phase == "auction":
        if "look" in texts and rng.random() < 0.5:
            return legal[0]
        bids = [a for a in legal if str(a).startswith("bid")][:8]
        return rng.choice(bids) if bids and rng.random() < 0.6 else legal[texts.index("pass")]
    if state.phase == "talon":
        return rng.choice(legal[1:1 + 20] + legal[len(legal) // 2:len(legal) // 2 + 3])
    marriages = [a for a in legal if str(a).endswith("marriage")]
    if marriages:
        return marriages[0]
    return rng.choice(legal)


def perft(state, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` (fewer if the hand ends first)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def generate(players: int, seed: int) -> dict:
    game = Game501(players)
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    state = game.new_hand(dealer, game.initial_scores(), game.shuffled_pack(rng))
    data = {"game": "501", "players": players, "seed": seed, "dealer": dealer, "pack": state.pack.codes(),
            "steps": []}
    while not state.is_terminal():
        if state.phase == "play" and not state.tricks and not state.trick.plays:
            data["perft_first_lead"] = [perft(state, d) for d in (1, 2, 3)]
        legal = state.legal_actions()
        a = choose(state, legal, rng)
        data["steps"].append({"player": state.current_player(), "legal": [str(x) for x in legal], "action": str(a)})
        state.apply_action(a)
    data["returns"] = state.returns()
    data["summary"] = state.summary()
    data["points"] = list(state.points)
    return data


def write(path: Path, data: dict) -> None:
    """JSON with one step per line, so a diff points at the step that changed."""
    head = {k: v for k, v in data.items() if k != "steps"}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    lines.append(' "steps": [')
    steps = [" " + json.dumps(s, ensure_ascii=False) for s in data["steps"]]
    lines.append(",\n".join(steps))
    lines.append(" ]")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("stem, players, seed", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(stem, players, seed):
    path = GOLDEN / f"{stem}.json"
    if REGEN or not path.exists():
        if not REGEN:
            pytest.fail(f"{path} is missing: run with CARDKIT_REGEN_GOLDEN=1 to create it")
        GOLDEN.mkdir(exist_ok=True)
        write(path, generate(players, seed))
    want = json.loads(path.read_text(encoding="utf-8"))
    game = Game501(want["players"])
    state = game.new_hand(want["dealer"], game.initial_scores(), Cards.parse(want["pack"]))
    for i, step in enumerate(want["steps"]):
        if state.phase == "play" and not state.tricks and not state.trick.plays:
            assert [perft(state, d) for d in (1, 2, 3)] == want["perft_first_lead"], "perft from the first lead"
        assert state.current_player() == step["player"], f"step {i}: player"
        assert [str(a) for a in state.legal_actions()] == step["legal"], f"step {i}: legal actions"
        state.apply_action(step["action"])
    assert state.is_terminal()
    assert state.returns() == want["returns"]
    assert state.summary() == want["summary"]
    assert state.points == want["points"]


def test_golden_files_are_what_the_generator_makes():
    """The stored files are exactly the generator's output (so regeneration is reproducible)."""
    for stem, players, seed in CASES:
        path = GOLDEN / f"{stem}.json"
        assert json.loads(path.read_text(encoding="utf-8")) == generate(players, seed), stem


def test_golden_cases_cover_the_phases():
    kinds = set()
    for stem, _p, _s in CASES:
        data = json.loads((GOLDEN / f"{stem}.json").read_text(encoding="utf-8"))
        kinds |= {s["action"].split()[0] for s in data["steps"]}
        kinds |= {"marriage" for s in data["steps"] if s["action"].endswith("marriage")}
    assert {"look", "pass", "bid", "declare", "give", "play", "marriage"} <= kinds
