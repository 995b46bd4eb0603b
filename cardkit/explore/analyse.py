"""Double-dummy analysis of kept deals: each deal's result for contracts asked, and a table of
every denomination × contractor (as bridge's DDS gives with ``CalcDDtable``).

A contract is reached through the engine's own actions, as :func:`cardkit.explore.estimate_bid`
with ``method="solver"`` does it: the contracting seat bids, everyone else passes
(:func:`~cardkit.explore.estimate.force_contract`), the game's rule-based players make the
decisions before the play (501♠'s exchange; Five Hundred's burying, calling and nominating), and
the solver (:mod:`cardkit.solver`) plays the cards with everyone seeing everything. The figure is
the game's own: the declarer's hand total in points (501♠, rules.md 501 §10) or the contracting
side's tricks (Five Hundred, rules.md 500 §10).

Denominations are the trump choices the game's actions carry (:attr:`cardkit.game.Action.choice`:
♠ ♣ ♦ ♥ NT in both games): Five Hundred bids one (the lowest bid of it, 6♥, is used: the tricks
do not depend on the level), 501♠ declares one after the auction (at the lowest contract, 66).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from ..errors import CardkitError
from ..game import Action, Game, Player, State
from .deal import Deal, SeatKey, seat_index
from .dealsfile import FileDeal

class EndedBeforePlay(CardkitError):
    """The hand ended before its play (a 501♠ bidder's player abandoned, rules.md 501 §7)."""


#: The columns of a result row that are not the game's own figure.
_COMMON = ("made", "score", "summary")


def denominations(game: Game) -> list[str]:
    """The game's denominations, as its actions write them (``["♠", "♣", "♦", "♥", "NT"]``): the
    distinct :attr:`~cardkit.game.Action.choice` of its actions, in the engine's order."""
    out: list[str] = []
    for a in game.action_space():
        if a.choice is not None and a.choice not in out:
            out.append(a.choice)
    return out


def _lowest(actions: Iterable[Action]) -> Action:
    return min(actions, key=lambda a: (a.amount if a.amount is not None else 0, a.worth() or 0))


def denomination_bid(game: Game, denomination: str) -> Action:
    """The lowest bid of ``denomination`` when bids carry one (Five Hundred's ``bid 6♥``), else the
    lowest bid (501♠'s ``bid 66``, the trump declared after the auction).

    Raises:
        CardkitError: ``denomination`` is not one of :func:`denominations`.
    """
    if denomination not in denominations(game):
        raise CardkitError(f"{denomination!r} is not a denomination of {game.title}: "
                           f"{', '.join(denominations(game))}")
    bids = [a for a in game.action_space() if a.verb == "bid" and a.worth() is not None]
    with_it = [b for b in bids if b.choice == denomination]
    return _lowest(with_it or [b for b in bids if b.choice is None])


def reach_play(game: Game, deal: Deal, seat: int, contract: Any = None, denomination: str | None = None,
               players: Sequence[Player] | None = None) -> State:
    """The hand of ``deal`` in its play phase with ``seat`` contracting.

    Args:
        contract: the bid (``"8H"``, ``100``); the seat's player chooses the rest (501♠'s trump).
        denomination: a denomination (:func:`denominations`): every choice of the contracting seat
            that carries a denomination takes it at the lowest amount (501♠'s ``declare ♥ 66``);
            without ``contract``, the bid is the lowest of it (:func:`denomination_bid`).
        players: one per seat for the other decisions before the play; the game's rule-based ones
            by default.

    Raises:
        EndedBeforePlay: the hand ended before its play (a 501 player abandoning).
        CardkitError: neither ``contract`` nor ``denomination``; an illegal contract.
    """
    from .estimate import default_kind, force_contract, make_players

    if contract is None and denomination is None:
        raise CardkitError("give a contract or a denomination")
    players = players if players is not None else make_players(game, default_kind(game), 0)
    state = deal.new_hand(game)
    force_contract(state, seat, contract if contract is not None else denomination_bid(game, str(denomination)))
    while not state.is_terminal() and state.phase != "play":
        cur = state.actor()
        if cur == seat and denomination is not None:
            mine = [a for a in state.legal_actions() if a.choice == denomination]
            if mine:
                state.apply_action(_lowest(mine))
                continue
        state.apply_action(players[cur].choose(state).action)
    if state.is_terminal():
        raise EndedBeforePlay(f"the hand ended before its play ({state.summary()})")
    return state


def figure_name(row: dict[str, Any]) -> str:
    """The game's own figure in a solver result row: ``"points"`` (501♠) or ``"tricks"``."""
    return next(k for k in row if k not in _COMMON)


class Analyser:
    """Solves contracts on deals of one ``game``, with one solver and one set of players reused.

    Args:
        game: the table.
        players: the player kind for the decisions before the play (the game's rule-based one by default).
        time_limit: seconds one contract's search may take where the game's solver takes a budget
            (Five Hundred's; ``None``: no limit). A search past it gives ``None`` for the figure and
            for ``made``, and says so in ``summary``.
    """

    def __init__(self, game: Game, players: str | None = None, time_limit: float | None = None) -> None:
        from .estimate import default_kind, make_players
        from .solve import new_solver

        self.game = game
        self.solver = new_solver(game)
        self.kind = players or default_kind(game)
        self.time_limit = time_limit
        make_players(game, self.kind, 0)  # an unknown kind fails here, before any deal

    def players(self) -> list[Player]:
        """Fresh players (seed 0) for one hand: a deal's result never depends on the hands before it."""
        from .estimate import make_players

        return make_players(self.game, self.kind, 0)

    def result(self, deal: Deal, seat: int, contract: Any = None, denomination: str | None = None) -> dict[str, Any]:
        """The solver's result row (``made``, ``score``, ``summary`` and the game's figure, exact)
        of ``seat`` contracting ``contract`` or ``denomination`` on ``deal`` (see :func:`reach_play`).
        Where the seat's player would end the hand before its play (a 501 bidder abandoning), it
        plays the contract instead in the denomination that scores it best with best play."""
        from .solve import solved_result

        try:
            state = reach_play(self.game, deal, seat, contract, denomination, self.players())
        except EndedBeforePlay:
            if denomination is not None:
                raise
            # the seat's player would rather abandon (501): it plays in the denomination best for it
            rows = [self.result(deal, seat, contract, d) for d in denominations(self.game)]
            best = max(rows, key=lambda r: (r["score"], r[figure_name(r)]) if not self.game.lower_is_better
                       else (-r["score"], r[figure_name(r)]))
            best["summary"] += " (its player would abandon; the best denomination)"
            return best
        set_budget = getattr(self.solver, "set_budget", None) if self.time_limit else None
        if set_budget is None:
            return solved_result(state, seat, self.solver, exact=True).row()
        from ..solver.solve500 import Budget, OverBudget

        set_budget(Budget(seconds=self.time_limit))
        try:
            return solved_result(state, seat, self.solver, exact=True).row()
        except OverBudget:
            figure = next(iter(state.result_fields(seat)))
            return {"made": None, "score": None,
                    "summary": f"{state.summary()}: not settled within {self.time_limit:g} s", figure: None}
        finally:
            set_budget(None)

    def table(self, deal: Deal, seats: Sequence[int] | None = None) -> Any:
        """The denomination table of ``deal``: a pandas DataFrame indexed by contractor (seat
        name), one column per denomination (♠ ♣ ♦ ♥ NT), each cell the game's figure with best
        play: the contracting side's tricks (Five Hundred) or the declarer's points (501♠); a cell
        past the time limit is missing (NaN). ``attrs["figure"]`` names the figure. Seats dealt no
        cards are left out."""
        import pandas as pd

        game = self.game
        dealt = set(game.deal_targets(deal.dealer))
        seats = [s for s in (seats if seats is not None else range(game.players)) if s in dealt]
        denoms = denominations(game)
        cells: dict[str, dict[str, Any]] = {}
        figure = "tricks"
        for s in seats:
            row: dict[str, Any] = {}
            for d in denoms:
                r = self.result(deal, s, denomination=d)
                figure = figure_name(r)
                row[d] = None if r[figure] is None else int(r[figure])
            cells[game.names[s]] = row
        out = pd.DataFrame.from_dict(cells, orient="index", columns=denoms)
        out.index.name = "contractor"
        out.attrs["figure"] = figure
        return out


def denomination_table(game: Game, deal: Deal, seats: Sequence[SeatKey] | None = None) -> Any:
    """:meth:`Analyser.table` of one deal: what each seat takes as contractor in each denomination."""
    an = Analyser(game)
    return an.table(deal, None if seats is None else [seat_index(game, s) for s in seats])


def analyse_rows(deals: Sequence[FileDeal], contracts: Sequence[Any], seats: Sequence[SeatKey] | None = None,
                 players: str | None = None, progress: Callable[[int], None] | None = None,
                 time_limit: float | None = None) -> list[dict[str, Any]]:
    """One row per deal: ``line``, ``deal``, ``seed``, ``dealer``, then for each contract and
    contracting seat the solver's figure (``"8H B tricks"``, ``"100 A points"``) and whether it
    is made (``"8H B made"``); without ``seats``, a ``seat`` column names each deal's contractor
    and the columns read ``"8H tricks"``, ``"8H made"``.

    Args:
        deals: deals of one game (e.g. :func:`cardkit.explore.dealsfile.read_deals`).
        contracts: bids (``"8H"``, ``"10NT"``; ``100``).
        seats: the contracting seats; by default the seat on each deal's dealer's left (who
            speaks first, as in :func:`~cardkit.explore.estimate.estimate_bid`).
        progress: called with the number of deals done after each.
        time_limit: seconds one contract's search may take (see :class:`Analyser`); past it the
            cells are empty (``None``).

    Raises:
        CardkitError: deals of several games, no contract, a seat dealt no cards, or a contract
            that cannot be bid.
    """
    if not deals:
        return []
    if not contracts:
        raise CardkitError("give at least one contract")
    game = deals[0].game
    for d in deals:
        if (d.game.name, d.game.players, d.game.options) != (game.name, game.players, game.options):
            raise CardkitError(f"line {d.line}: a deal of {d.game.name}/{d.game.players} among deals of "
                               f"{game.name}/{game.players}; analyse one game at a time")
    from .estimate import contract_action

    for c in contracts:
        contract_action(game, c)  # a clear error before any deal
    an = Analyser(game, players, time_limit)
    fixed = None if seats is None else [seat_index(game, s) for s in seats]
    rows = []
    for i, fd in enumerate(deals):
        deal = fd.deal
        row: dict[str, Any] = {"line": fd.line, "deal": fd.number, "seed": fd.seed,
                               "dealer": game.names[deal.dealer]}
        if fixed is None:
            row["seat"] = game.names[(deal.dealer + 1) % game.players]
        for s in fixed if fixed is not None else [(deal.dealer + 1) % game.players]:
            if s not in game.deal_targets(deal.dealer):
                raise CardkitError(f"line {fd.line}: seat {game.names[s]} is dealt no cards with dealer "
                                   f"{game.names[deal.dealer]}, so it cannot contract")
            label = f"{game.names[s]} " if fixed is not None else ""
            for c in contracts:
                r = an.result(deal, s, contract=c)
                fig = figure_name(r)
                row[f"{c} {label}{fig}"] = None if r[fig] is None else int(r[fig])
                row[f"{c} {label}made"] = None if r["made"] is None else bool(r["made"])
        rows.append(row)
        if progress is not None:
            progress(i + 1)
    return rows


def table_rows(deals: Sequence[FileDeal], seats: Sequence[SeatKey] | None = None,
               players: str | None = None, time_limit: float | None = None) -> list[dict[str, Any]]:
    """The denomination table of every deal as rows: ``line``, ``deal``, ``contractor``, then
    one column per denomination (see :meth:`Analyser.table`; a cell past ``time_limit`` seconds
    is ``None``).

    Raises:
        CardkitError: deals of several games.
    """
    if not deals:
        return []
    game = deals[0].game
    an = Analyser(game, players, time_limit)
    fixed = None if seats is None else [seat_index(game, s) for s in seats]
    rows = []
    for fd in deals:
        if (fd.game.name, fd.game.players) != (game.name, game.players):
            raise CardkitError(f"line {fd.line}: a deal of another game; analyse one game at a time")
        t = an.table(fd.deal, fixed)
        for seat, cells in t.iterrows():
            rows.append({"line": fd.line, "deal": fd.number, "contractor": seat,
                         **{k: None if v != v else int(v) for k, v in cells.items()}})
    return rows


__all__ = ["Analyser", "EndedBeforePlay", "analyse_rows", "denomination_bid", "denomination_table", "denominations", "figure_name",
           "reach_play", "table_rows"]
