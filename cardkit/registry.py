"""The registry: every game and every computer player, as lists of classes.

Games are found by their declared :attr:`~cardkit.game.Game.name`; players by their declared
``kind`` among those that play the game (a player class's ``plays`` is the :class:`Game` subclass
it plays, or ``None`` when it plays any game). Nothing else in the kit lists the games or players,
so adding one is adding a class here.

>>> find_game("500", 5)
Game500(players=5, ...)
>>> find_game("bridge")
Traceback (most recent call last):
...
cardkit.errors.UnknownOptionError: unknown game 'bridge': use one of 501, 500
>>> [p.kind for p in players_for(find_game("501"))]
['random', 'sensible', 'sampler', 'solver', 'ismcts']
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, Sequence

from .errors import UnknownOptionError
from .game import Action, Game, State
from .game500 import Game500
from .game501 import Game501

__all__ = ["GAMES", "PlayerClass", "find_game", "find_game_class", "find_player", "game_names", "players",
           "player_kinds", "players_for"]

#: Every game, in the order the command line and errors list them.
GAMES: tuple[type[Game], ...] = (Game501, Game500)


class PlayerClass(Protocol):
    """What the registry needs of a computer player class.

    A class may also declare ``aliases: ClassVar[tuple[str, ...]]``, other names that
    :func:`find_player` accepts for it (older kind names that saved records and commands may still
    use, e.g. ``("rules",)`` for the Five Hundred rule-based player); they are not listed among
    the kinds.
    """

    #: The player's kind, as named on the command line: ``"random"``, ``"sensible"``, …
    kind: ClassVar[str]
    #: The game class it plays, or ``None`` for any game.
    plays: ClassVar[type[Game] | None]
    #: Whether it is built as ``cls(game, seed=...)`` (it needs the table's options) rather than
    #: ``cls(seed=...)``.
    needs_game: ClassVar[bool]

    def __init__(self, *table: Game, seed: int | None = None) -> None:
        """``cls(game, seed=...)`` when :attr:`needs_game`, else ``cls(seed=...)``."""
        ...

    def choose(self, state: State) -> Action:
        """The action for the seat to act."""
        ...


def game_names() -> list[str]:
    """The name of every game: ``["501", "500"]``."""
    return [g.name for g in GAMES]


def find_game_class(name: str) -> type[Game]:
    """The game class called ``name``.

    Raises:
        UnknownOptionError: no game has that name; the message lists the games.
    """
    for g in GAMES:
        if g.name == str(name):
            return g
    raise UnknownOptionError(f"unknown game {name!r}: use one of {', '.join(game_names())}")


def find_game(name: str, players: int | None = None, **options: Any) -> Game:
    """The game called ``name`` for ``players`` seats (the game's default when ``None``), with
    rule ``options``.

    Raises:
        UnknownOptionError: an unknown game name, number of players, option or value; the message
            lists the valid ones.
    """
    cls = find_game_class(name)
    kwargs: dict[str, Any] = dict(options)
    if players is not None:
        kwargs["players"] = players
    return cls(**kwargs)


def players() -> Sequence[type[PlayerClass]]:
    """Every computer player class (imported when first asked for)."""
    from .players import RandomPlayer
    from .players.sampler import SamplingPlayer
    from .players.sensible500 import Sensible500
    from .players.sensible501 import Sensible501

    from .players.solver_player import SolverPlayer

    found: list[type[PlayerClass]] = [RandomPlayer, Sensible501, Sensible500, SamplingPlayer, SolverPlayer]
    try:  # the information-set search needs the optional extra ``openspiel``
        from .players.ismcts import ISMCTSPlayer
    except ImportError:
        pass
    else:
        found.append(ISMCTSPlayer)
    return tuple(found)


def _game_class(game: str | Game | type[Game]) -> type[Game]:
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, type):
        return game
    return find_game_class(game)


def players_for(game: str | Game | type[Game]) -> list[type[PlayerClass]]:
    """The player classes that play ``game`` (a name, a game or a game class).

    Raises:
        UnknownOptionError: an unknown game name.
    """
    cls = _game_class(game)
    return [p for p in players() if p.plays is None or issubclass(cls, p.plays)]


def player_kinds(game: str | Game | type[Game]) -> list[str]:
    """The kinds of player available for ``game``, e.g. ``["random", "sensible", "sampler"]``."""
    return [p.kind for p in players_for(game)]


def find_player(game: str | Game, kind: str, seed: int | None = None) -> Any:
    """A new computer player of ``kind`` for ``game`` (a name, or the :class:`Game` itself, which
    players that need the table's options are built with; a name builds the default table).
    ``kind`` may be one of a player's ``aliases``: ``find_player("500", "rules")`` is the
    ``"sensible"`` player.

    Raises:
        UnknownOptionError: an unknown game, or a kind that does not play it (listing those that do).
    """
    cls = _game_class(game)
    for p in players_for(cls):
        if p.kind == kind or kind in getattr(p, "aliases", ()):
            if p.needs_game:
                table = game if isinstance(game, Game) else find_game(cls.name)
                return p(table, seed=seed)
            return p(seed=seed)
    raise UnknownOptionError(f"unknown player {kind!r} for {cls.name}: use one of {', '.join(player_kinds(cls))}")
