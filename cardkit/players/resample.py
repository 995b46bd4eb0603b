"""Dealing again the cards a seat cannot see, at any moment of a hand.

:func:`resample` is what OpenSpiel calls ``resample_from_infostate`` (:mod:`cardkit.openspiel`) and
what the solver player bids with (:mod:`cardkit.players.solver_player`). The rule of what a seat
knows lives in each game's state: this is :meth:`cardkit.game.State.resample`.
"""

from __future__ import annotations

import random

from ..errors import CardkitError
from ..game import State


def resample(state: State, seat: int, rng: random.Random) -> State:
    """A copy of the engine's ``state`` with every card hidden from ``seat`` dealt again at random,
    consistently with what ``seat`` has seen (:meth:`State.resample`): in the play phase by what the
    seat knows (voids shown, cards given, marriages, the exposed talon, the called card); before the
    play, the cards ``seat`` cannot see shuffled among the places it cannot see into (hands, talon
    or kitty, buried cards), keeping the cards it gave where it gave them.
    """
    return state.resample(seat, rng)


def resample_whole(state: State, seat: int, rng: random.Random, tries: int = 200) -> State:
    """:func:`resample` made a whole hand (:meth:`State.redealt`): its pack and history lead to
    the resampled cards, with the face-down actions ``seat`` did not see drawn again.

    What ``seat`` has seen can say more than :meth:`State.resample` reads (Five Hundred: whether
    the contractor nominated tells whether it kept the joker; 501♠: a defender got one card from
    the declarer, so at most one talon card): a sample no deal leads to, or whose whole hand looks
    otherwise to ``seat`` (its :meth:`State.view`), is drawn again, which keeps every consistent
    deal equally likely.

    Raises:
        CardkitError: ``tries`` samples in a row had no deal behind them.
    """
    seen = state.view(seat)
    last = "its view differs"
    for _ in range(tries):
        try:
            whole = state.resample(seat, rng).redealt(seat, rng)
        except CardkitError as e:
            last = str(e)
            continue
        if whole.view(seat) == seen:
            return whole
    raise CardkitError(f"no consistent deal found in {tries} samples: {last}")
