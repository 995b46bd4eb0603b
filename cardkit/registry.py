"""The registry: every game with its parts, and every computer player.

Games are found by their declared :attr:`~cardkit.game.Game.name`; each game class is mapped here
to its double-dummy solver (:func:`solver_class`), the function that writes a hand's score out in
words (:func:`score_explainer`) and its table widget (:func:`table_widget`), each imported when
first asked for. Players are found by their ``kind`` among those that play the game
(:func:`players`). Nothing else in the kit lists the games or the players, or asks for a game by
its name, so adding one is adding it here.

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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from .errors import CardkitError, UnknownOptionError
from .game import Game, Player, State
from .game500 import Game500
from .game501 import Game501

if TYPE_CHECKING:
    from .solver import Solver
    from .widgets.table import Table

__all__ = ["GAMES", "PlayerKind", "ScoreExplainer", "find_game", "find_game_class", "find_player", "game_names",
           "player_kinds", "players", "players_for", "rule_player", "score_explainer", "solver_class", "table_widget"]

#: Every game, in the order the command line and errors list them.
GAMES: tuple[type[Game], ...] = (Game501, Game500)

#: A function that writes a finished hand's score arithmetic out in words, one line per seat or
#: side, ending on the engine's own ``returns()``.
ScoreExplainer = Callable[[State], list[str]]


@dataclass(frozen=True)
class _Parts:
    """What the kit builds for one game, each imported when first asked for."""

    solver: Callable[[], type[Solver[State]]] | None
    score_explainer: Callable[[], ScoreExplainer] | None
    table_widget: Callable[[], type[Table]] | None


# The parts are imported by the functions below, when first asked for: a solver needs numpy, a
# table widget ipywidgets, and the engine imports neither. The registry pairs each game with its
# own parts, so the states they are given are always their game's (hence the casts).

def _solver_501() -> type[Solver[State]]:
    from .solver.solve501 import Solver501

    return cast("type[Solver[State]]", Solver501)


def _solver_500() -> type[Solver[State]]:
    from .solver.solve500 import Solver500

    return cast("type[Solver[State]]", Solver500)


def _explainer_501() -> ScoreExplainer:
    from .exercises.explain import score_lines_501

    return cast(ScoreExplainer, score_lines_501)


def _explainer_500() -> ScoreExplainer:
    from .exercises.explain import score_lines_500

    return cast(ScoreExplainer, score_lines_500)


def _table_501() -> type[Table]:
    from .widgets.table import Table

    return Table


def _table_500() -> type[Table]:
    from .widgets.five_hundred import Table500

    return Table500


_PARTS: dict[type[Game], _Parts] = {
    Game501: _Parts(solver=_solver_501, score_explainer=_explainer_501, table_widget=_table_501),
    Game500: _Parts(solver=_solver_500, score_explainer=_explainer_500, table_widget=_table_500),
}


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


def _game_class(game: str | Game | type[Game]) -> type[Game]:
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, type):
        return game
    return find_game_class(game)


def _parts(game: str | Game | type[Game]) -> _Parts | None:
    cls = _game_class(game)
    return next((parts for g, parts in _PARTS.items() if issubclass(cls, g)), None)


def solver_class(game: str | Game | type[Game]) -> type[Solver[State]]:
    """The double-dummy solver class of ``game`` (a name, a game or a game class):
    :class:`~cardkit.solver.solve501.Solver501` or :class:`~cardkit.solver.solve500.Solver500`.

    Raises:
        CardkitError: the game has no solver. UnknownOptionError: an unknown game name.
    """
    parts = _parts(game)
    if parts is None or parts.solver is None:
        raise CardkitError(f"no solver for {_game_class(game).title}")
    return parts.solver()


def score_explainer(game: str | Game | type[Game]) -> ScoreExplainer | None:
    """The function that writes ``game``'s hand scores out in words
    (:func:`cardkit.exercises.explain.score_lines_501`, ``score_lines_500``), or ``None``."""
    parts = _parts(game)
    return None if parts is None or parts.score_explainer is None else parts.score_explainer()


def table_widget(game: str | Game | type[Game]) -> type[Table] | None:
    """The table widget class for ``game`` (:class:`cardkit.widgets.Table`, Five Hundred's
    :class:`cardkit.widgets.five_hundred.Table500` with its call control), or ``None``. Imports
    ipywidgets."""
    parts = _parts(game)
    return None if parts is None or parts.table_widget is None else parts.table_widget()


@dataclass(frozen=True)
class PlayerKind:
    """A kind of computer player as the registry lists it.

    Attributes:
        kind: its name on the command line: ``"random"``, ``"sensible"``, …
        plays: the game class it plays, or ``None`` for any game.
        build: makes a new player for a table and a seed.
        aliases: other names :func:`find_player` accepts for it (older kind names that saved
            records and commands may still use, e.g. ``("rules",)`` for the Five Hundred rule-based
            player); they are not listed among the kinds.
    """

    kind: str
    plays: type[Game] | None
    build: Callable[[Game, int | None], Player]
    aliases: tuple[str, ...] = ()


def players() -> Sequence[PlayerKind]:
    """Every kind of computer player (their classes imported when first asked for)."""
    from .players import RandomPlayer
    from .players.sampler import SamplingPlayer
    from .players.sensible500 import Sensible500
    from .players.sensible501 import Sensible501
    from .players.solver_player import SolverPlayer

    found = [PlayerKind(RandomPlayer.kind, RandomPlayer.plays, lambda game, seed: RandomPlayer(seed)),
             PlayerKind(Sensible501.kind, Sensible501.plays, lambda game, seed: Sensible501(seed)),
             PlayerKind(Sensible500.kind, Sensible500.plays, lambda game, seed: Sensible500(seed),
                        Sensible500.aliases),
             PlayerKind(SamplingPlayer.kind, SamplingPlayer.plays, lambda game, seed: SamplingPlayer(game, seed=seed)),
             PlayerKind(SolverPlayer.kind, SolverPlayer.plays, lambda game, seed: SolverPlayer(game, seed=seed))]
    try:  # the information-set search needs the optional extra ``openspiel``
        from .players.ismcts import ISMCTSPlayer
    except ImportError:
        pass
    else:
        found.append(PlayerKind(ISMCTSPlayer.kind, ISMCTSPlayer.plays,
                                lambda game, seed: ISMCTSPlayer(game, seed=seed)))
    return tuple(found)


def players_for(game: str | Game | type[Game]) -> list[PlayerKind]:
    """The kinds of player that play ``game`` (a name, a game or a game class).

    Raises:
        UnknownOptionError: an unknown game name.
    """
    cls = _game_class(game)
    return [p for p in players() if p.plays is None or issubclass(cls, p.plays)]


def player_kinds(game: str | Game | type[Game]) -> list[str]:
    """The kinds of player available for ``game``, e.g. ``["random", "sensible", "sampler"]``."""
    return [p.kind for p in players_for(game)]


def find_player(game: str | Game, kind: str, seed: int | None = None) -> Player:
    """A new computer player of ``kind`` for ``game`` (a name, or the :class:`Game` itself, which
    players that need the table's options are built with; a name builds the default table).
    ``kind`` may be one of a player's ``aliases``: ``find_player("500", "rules")`` is the
    ``"sensible"`` player.

    Raises:
        UnknownOptionError: an unknown game, or a kind that does not play it (listing those that do).
    """
    cls = _game_class(game)
    for p in players_for(cls):
        if p.kind == kind or kind in p.aliases:
            return p.build(game if isinstance(game, Game) else find_game(cls.name), seed)
    raise UnknownOptionError(f"unknown player {kind!r} for {cls.name}: use one of {', '.join(player_kinds(cls))}")


def rule_player(game: Game, seed: int | None = None) -> Player:
    """A new player of the rule-based kind ``game`` declares (:attr:`Game.rule_player`), which
    estimates, tournaments and the stronger players use to play hands out."""
    return find_player(game, game.rule_player, seed)
