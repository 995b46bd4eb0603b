"""501♠: the Russian three-player game counting down from 501 (rules.md 501 §1–§12).

The package keeps one concern per module, as :mod:`cardkit.game500` does:
:mod:`~cardkit.game501.scoring` (card points, contract values, a hand's returns, marriages),
:mod:`~cardkit.game501.actions` (look, bid, abandon, declare, give and the action reader),
:mod:`~cardkit.game501.game` (:class:`Game501`, the table) and :mod:`~cardkit.game501.state`
(:class:`State501`, one hand, and :class:`View501`). Every name is importable from
``cardkit.game501`` itself.

>>> game = Game501(players=3)
>>> state = game.new_hand(dealer=0, scores=[501, 501, 501], pack=game.new_pack())
>>> state.current_player(), state.phase
(1, 'auction')
>>> [str(a) for a in state.legal_actions()[:4]]
['look', 'pass', 'bid 66', 'bid 67']
"""

from __future__ import annotations

from .actions import ABANDON, LOOK, Abandon, Bid, Declare, Give, Look, parse_action
from .game import Game501
from .scoring import (ABANDON_PENALTY, MARRIAGE_PLAIN, MARRIAGE_TRUMP, MAX_BID, MIN_BID, POINTS, RANK_ORDER, RANKS,
                      START_SCORE, abandon_returns, card_points, contract_made, contract_returns, contract_value,
                      declarer_change, marriage_value, rule)
from .state import PHASES, State501, View501

__all__ = [
    "ABANDON", "ABANDON_PENALTY", "LOOK", "MARRIAGE_PLAIN", "MARRIAGE_TRUMP", "MAX_BID", "MIN_BID", "PHASES", "POINTS",
    "RANKS", "RANK_ORDER", "START_SCORE", "Abandon", "Bid", "Declare", "Game501", "Give", "Look", "State501",
    "View501", "abandon_returns", "card_points", "contract_made", "contract_returns", "contract_value",
    "declarer_change", "marriage_value", "parse_action", "rule",
]
