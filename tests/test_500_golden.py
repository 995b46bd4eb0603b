"""Golden playthroughs of Five Hundred: seeded hands with every legal-action list, compared exactly.

A change in the engine's behaviour shows as a diff here. To accept an intended change, regenerate
with ``CARDKIT_UPDATE_GOLDEN=1 pytest tests/test_500_golden.py`` and review the diff.
"""

import json
import os
from pathlib import Path

import pytest

from cardkit import Match
from cardkit.game500 import Game500
from cardkit.players import RandomPlayer

GOLDEN = Path(__file__).with_name("golden")

#: (file stem, players, options, seed, opening actions)
CASES = [
    ("500_4p_seed3", 4, {}, 3, []),
    ("500_4p_seed11_nt_loose", 4, {"joker-lead": "loose"}, 11, ["bid 6NT"]),
    ("500_4p_seed5_misere", 4, {}, 5, ["bid 7♠", "bid misère"]),
    ("500_4p_seed8_open_misere", 4, {"misere": "after-eight-spades"}, 8, ["bid open misère"]),
    ("500_3p_seed2_misere", 3, {}, 2, ["bid misère"]),
    ("500_5p_seed4_call", 5, {"call-holder": "surfaces", "self-call": "on"}, 4, ["bid 7♥"]),
    ("500_6p_seed6_improvised", 6, {"six-pack": "improvised", "six-seating": "three-pairs"}, 6, ["bid 7NT"]),
]


def playthrough(players, options, seed, opening):
    """One seeded hand (an opening of bids, then passes; random when no opening): the deal, then each step's player, legal actions (text) and action taken."""
    game = Game500(players, **options)
    match = Match(game, seed=seed)
    state = match.new_hand()
    chooser = RandomPlayer(seed)
    steps = []
    opening_all, opening = list(opening), list(opening)
    started = False
    while not state.is_terminal():
        legal = [str(a) for a in state.legal_actions()]
        if opening and opening[0] in legal:
            action = opening.pop(0)
        elif state.phase == "auction" and started:  # after the opening bids, the others pass
            action = "pass"
        else:
            action = str(chooser.choose(state).action)
        started = started or bool(opening_all)
        steps.append({"player": state.current_player(), "phase": state.phase, "legal": legal, "action": action})
        match.apply_action(action)
    return {"game": "500", "players": players, "options": game.options, "seed": seed, "dealer": state.dealer,
            "pack": state.pack.codes(), "steps": steps, "summary": state.summary(), "returns": state.returns()}


@pytest.mark.parametrize("stem,players,options,seed,opening", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(stem, players, options, seed, opening):
    got = playthrough(players, options, seed, opening)
    path = GOLDEN / f"{stem}.json"
    if os.environ.get("CARDKIT_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got == want
