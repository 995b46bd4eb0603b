"""Computer players. A player has ``choose(state) -> Action`` for the seat to act, and
``explain(state, action) -> str`` saying why in words.

- :class:`RandomPlayer`: any legal action, uniformly, from a seeded RNG (both games).
- :class:`cardkit.players.sensible501.Sensible501`: a simple, sensible 501♠ player.
- :class:`cardkit.players.sensible500.Sensible500`: a simple, sensible Five Hundred player.

:func:`find_player` builds one by name for the command line.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from ..errors import UnknownOptionError
from ..game import Action, Game, State, find_game


class Player(Protocol):
    """What a computer player offers."""

    def choose(self, state: State) -> Action:
        """The action for ``state.current_player()``; always legal."""
        ...


class RandomPlayer:
    """Chooses uniformly among the legal actions, from ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(state.legal_actions())

    def explain(self, state: State, action: Action) -> str:
        """Why: chance."""
        return "chosen at random among the legal actions"


_PLAYERS = {
    ("501", "random"): "cardkit.players:RandomPlayer",
    ("500", "random"): "cardkit.players:RandomPlayer",
    ("501", "sensible"): "cardkit.players.sensible501:Sensible501",
    ("500", "sensible"): "cardkit.players.sensible500:Sensible500",
    ("500", "rules"): "cardkit.players.sampler500:Rules500",
    ("501", "sampler"): "cardkit.players.sampler:SamplingPlayer",
    ("500", "sampler"): "cardkit.players.sampler:SamplingPlayer",
}

#: Player kinds built with the table's rules (``cls(game, seed=...)``), not only a seed.
_NEEDS_GAME = {"sampler"}


def player_names(game: str) -> list[str]:
    """The player kinds available for ``game``."""
    return [p for g, p in _PLAYERS if g == game]


def find_player(game: str | Game, kind: str, seed: int | None = None) -> Any:
    """A new computer player of ``kind`` for ``game`` (a game's name, or the :class:`Game` itself,
    which the ``sampler`` kind needs to know the table's options).

    Raises:
        UnknownOptionError: an unknown kind, listing the valid ones.
    """
    name = game if isinstance(game, str) else game.name
    where = _PLAYERS.get((name, kind))
    if where is None:
        raise UnknownOptionError(f"unknown player {kind!r} for {name}: use one of {', '.join(player_names(name))}")
    module, cls = where.split(":")
    factory = getattr(importlib.import_module(module), cls)
    if kind in _NEEDS_GAME:
        return factory(find_game(name) if isinstance(game, str) else game, seed=seed)
    return factory(seed=seed)
