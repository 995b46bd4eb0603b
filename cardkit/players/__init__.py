"""Computer players. Each is a :class:`~cardkit.game.Player`: ``choose(state)`` gives the
:class:`~cardkit.game.Decision` for the seat to act, its action and the reason for it in words.

- :class:`RandomPlayer`: any legal action, uniformly, from a seeded RNG (both games).
- :class:`cardkit.players.sensible501.Sensible501`: a simple, sensible 501♠ player.
- :class:`cardkit.players.sensible500.Sensible500`: the rule-based Five Hundred player (kind
  ``"sensible"``, alias ``"rules"``).

:func:`cardkit.registry.find_player` builds one by name for the command line.
"""

from __future__ import annotations

import random
from typing import ClassVar, TypeVar

from ..errors import CardkitError
from ..game import Decision, Game, Player, State

#: A game's own state class, as a player for that game reads it.
S = TypeVar("S", bound=State)


class RandomPlayer:
    """Chooses uniformly among the legal actions, from ``random.Random(seed)``."""

    name = "random"
    kind: ClassVar[str] = "random"
    plays: ClassVar[type[Game] | None] = None

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Decision:
        """A uniformly random legal action; the reason: chance (a phrase in the language in use)."""
        from ..i18n import _

        return Decision(self.rng.choice(state.legal_actions()), _("chosen at random among the legal actions"))


def own_state(state: State, kind: type[S], game: type[Game]) -> S:
    """``state`` as the state class ``kind`` of ``game``, the one game a player plays.

    Raises:
        CardkitError: ``state`` is a hand of another game.
    """
    if not isinstance(state, kind):
        raise CardkitError(f"this player plays {game.title}, not {state.game.title}")
    return state


__all__ = ["Decision", "Player", "RandomPlayer", "own_state"]
