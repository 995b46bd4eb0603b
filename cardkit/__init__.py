"""cardkit: the engine of a kit for learning, teaching and exploring 501♠ and Five Hundred.

The engine imports no Jupyter, pandas or altair; ``import cardkit`` stays light.

>>> from cardkit import Card, find_game
>>> str(Card.parse("10H"))
'10♥'
>>> find_game("501", players=3)
Game501(players=3)
"""

from __future__ import annotations

from .actions import PASS, Pass, Play
from .cards import JOKER, SUITS, Card, Cards, Rank, Suit
from .errors import (CardkitError, IllegalActionError, InvalidActionError, InvalidCardError, RecordError,
                     UnknownOptionError)
from .game import Action, Game, Match, Outcome, State, View
from .registry import find_game
from .tricks import Trick

__version__ = "0.1.0"

__all__ = [
    "Action", "Card", "Cards", "CardkitError", "Game", "IllegalActionError", "InvalidActionError",
    "InvalidCardError", "JOKER", "Match", "Outcome", "PASS", "Pass", "Play", "Rank", "RecordError", "SUITS",
    "State", "Suit", "Trick", "UnknownOptionError", "View", "find_game",
]
