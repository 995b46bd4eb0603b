"""Five Hundred for 3, 4, 5 or 6 players (rules.md 500 §1–§16).

The disputed rules are one frozen :class:`Options500`; the hand is a :class:`State500` with the
phases ``auction`` → ``bury`` → (5 players: ``call``) → (no-trump or misère with the joker:
``nominate``) → ``play`` → ``over``.

The package keeps one concern per module: :mod:`~cardkit.game500.options` (the rule options),
:mod:`~cardkit.game500.contracts` (contracts, the bid ladder, scoring), :mod:`~cardkit.game500.actions`
(bid, bury, nominate, call, go alone and the action reader), :mod:`~cardkit.game500.pack` (the pack
per table size), :mod:`~cardkit.game500.game` (:class:`Game500`, the table) and
:mod:`~cardkit.game500.state` (:class:`State500`, one hand, and :class:`View500`). Every name is
importable from ``cardkit.game500`` itself.

>>> game = Game500()
>>> len(game.new_pack()), game.options["joker-lead"]
(43, 'strict')
>>> state = game.new_hand(dealer=0, scores=[0, 0, 0, 0], pack=game.new_pack())
>>> state.current_player(), state.phase
(1, 'auction')
>>> [str(a) for a in state.legal_actions()[:4]]
['pass', 'bid 6♠', 'bid 6♣', 'bid 6♦']
>>> Contract.parse("8H").value, Contract.parse("10NT").value, Contract.parse("misere").value
(300, 520, 250)
"""

from __future__ import annotations

from .actions import (BIDS, GO_ALONE, JOKER_LEADS, NOMINATIONS, Bid, Bury, Call, GoAlone, Nominate, bury_action,
                      contract_text, parse_action, play_action)
from .contracts import (CONTRACTS, LOSS, MISERE, MISERE_CONTRACT, NO_TRUMP, OPEN_MISERE, OPEN_MISERE_CONTRACT,
                        PER_TRICK, SWEEP, TARGET, TRICKS, TRUMPS, Contract, bid_ladder_csv, bid_ladder_rows,
                        contract_made, contract_score, ladder)
from .game import Game500
from .options import OPTION_CHOICES, OPTION_DOCS, Options500
from .pack import pack_500
from .state import PHASES, HandScore, State500, View500, rule

__all__ = [
    "BIDS", "CONTRACTS", "GO_ALONE", "JOKER_LEADS", "LOSS", "MISERE", "MISERE_CONTRACT", "NOMINATIONS", "NO_TRUMP",
    "OPEN_MISERE", "OPEN_MISERE_CONTRACT", "OPTION_CHOICES", "OPTION_DOCS", "PER_TRICK", "PHASES", "SWEEP", "TARGET",
    "TRICKS", "TRUMPS", "Bid", "Bury", "Call", "Contract", "Game500", "GoAlone", "Nominate", "Options500",
    "HandScore", "State500", "View500", "bid_ladder_csv", "bid_ladder_rows", "bury_action", "contract_made",
    "contract_text", "contract_score",
    "ladder", "pack_500", "parse_action", "play_action", "rule",
]
