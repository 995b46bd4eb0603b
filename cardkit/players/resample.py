"""Dealing again the cards a seat cannot see, at any moment of a hand.

:func:`resample` is what OpenSpiel calls ``resample_from_infostate`` (:mod:`cardkit.openspiel`) and
what the solver player bids with (:mod:`cardkit.players.solver_player`). The rule of what a seat
knows lives in each game's state: this is :meth:`cardkit.game.State.resample`.
"""

from __future__ import annotations

import random

from ..game import State


def resample(state: State, seat: int, rng: random.Random) -> State:
    """A copy of the engine's ``state`` with every card hidden from ``seat`` dealt again at random,
    consistently with what ``seat`` has seen (:meth:`State.resample`): in the play phase by what the
    seat knows (voids shown, cards given, marriages, the exposed talon, the called card); before the
    play, the cards ``seat`` cannot see shuffled among the places it cannot see into (hands, talon
    or kitty, buried cards), keeping the cards it gave where it gave them.
    """
    return state.resample(seat, rng)
