"""Computer players. A player has ``choose(state) -> Action`` for the seat to act, and
``explain(state, action) -> str`` saying why in words.

- :class:`RandomPlayer`: any legal action, uniformly, from a seeded RNG (both games).
- :class:`cardkit.players.sensible501.Sensible501`: a simple, sensible 501♠ player.
- :class:`cardkit.players.sensible500.Sensible500`: the rule-based Five Hundred player (kind
  ``"sensible"``, alias ``"rules"``).

:func:`find_player` builds one by name for the command line.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Protocol, TypeVar

from ..errors import CardkitError
from ..game import Action, Game, State

#: A game's own state class, as a player for that game reads it.
S = TypeVar("S", bound=State)


class Player(Protocol):
    """What a computer player offers."""

    def choose(self, state: State) -> Action:
        """The action for ``state.current_player()``; always legal."""
        ...

    def explain(self, state: State, action: Action) -> str:
        """Why ``action``, in words."""
        ...


class RandomPlayer:
    """Chooses uniformly among the legal actions, from ``random.Random(seed)``."""

    name = "random"
    kind: ClassVar[str] = "random"
    plays: ClassVar[type[Game] | None] = None
    needs_game: ClassVar[bool] = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(state.legal_actions())

    def explain(self, state: State, action: Action) -> str:
        """Why: chance (a phrase in the language in use)."""
        from ..i18n import _

        return _("chosen at random among the legal actions")


def own_state(state: State, kind: type[S], game: type[Game]) -> S:
    """``state`` as the state class ``kind`` of ``game``, the one game a player plays.

    Raises:
        CardkitError: ``state`` is a hand of another game.
    """
    if not isinstance(state, kind):
        raise CardkitError(f"this player plays {game.title}, not {state.game.title}")
    return state


def player_names(game: str | Game) -> list[str]:
    """The player kinds available for ``game`` (a name or a game); see :mod:`cardkit.registry`."""
    from ..registry import player_kinds

    return player_kinds(game)


def find_player(game: str | Game, kind: str, seed: int | None = None) -> Any:
    """A new computer player of ``kind`` for ``game`` (a game's name, or the :class:`Game` itself,
    which the ``sampler`` kind needs to know the table's options); see :mod:`cardkit.registry`.

    Raises:
        UnknownOptionError: an unknown kind, listing the valid ones.
    """
    from ..registry import find_player as find

    return find(game, kind, seed)
