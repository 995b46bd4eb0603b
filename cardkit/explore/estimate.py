"""Estimates: how a hand (and a contract) fares over many deals of the unseen cards.

"I held this; should I have bid 8♥?" — :func:`estimate_bid` deals the other cards at random
(:class:`cardkit.explore.Predeal`, constraints allowed), lets the hand win the auction at the
contract (everyone else passes), and then either plays the hand out with computer players
(``method="playout"``) or, once the contract and the exchange or burying are settled, solves the
play with perfect information (``method="solver"``, :mod:`cardkit.solver`). The result is a pandas
table, one row per deal, with the summary in ``table.attrs["summary"]``: the probability the
contract makes and the expected score change, with standard errors.

:func:`bid_odds` does this for several contracts (:func:`odds_table` shows it in words);
:func:`results_chart` and :func:`bid_odds_chart` draw them with altair.

Scores keep each game's sign: in 501♠ scores count down, so a made contract is a *negative* change
(rules.md 501 §10); in Five Hundred a made contract is positive (rules.md 500 §10).
"""

from __future__ import annotations

import math
import queue
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from ..errors import CardkitError, IllegalActionError, InvalidActionError
from ..game import Action, Game, Player, State
from .deal import Constraint, CardsLike, Predeal, SeatKey, seat_index

if TYPE_CHECKING:
    from ..solver import Solver

PlayerFactory = Callable[[int, int], Player]


def make_players(game: Game, kind: str | PlayerFactory | Sequence[str], seed: int = 0) -> list[Player]:
    """One computer player per seat.

    Args:
        kind: a player kind for every seat (``"random"``, ``"sensible"``, ``"sampler"``), a list of
            kinds, one per seat, or a factory ``f(seat, seed) -> player``.
        seed: each seat's player is seeded with ``seed * 100 + seat``.

    Raises:
        UnknownOptionError: an unknown kind for this game.
    """
    n = game.players
    if callable(kind):
        return [kind(s, seed * 100 + s) for s in range(n)]
    kinds = [kind] * n if isinstance(kind, str) else list(kind)
    if len(kinds) != n:
        raise CardkitError(f"{len(kinds)} player kinds for {n} seats")
    return [player_of(game, k, seed * 100 + s) for s, k in enumerate(kinds)]


def player_of(game: Game, kind: str, seed: int) -> Player:
    """A computer player of ``kind`` for ``game``, from the registry (:mod:`cardkit.registry`)."""
    from ..registry import find_player

    return find_player(game, kind, seed)


def default_kind(game: Game) -> str:
    """The game's rule-based player kind (:attr:`Game.rule_player`)."""
    return game.rule_player


def contract_action(game: Game, contract: Any) -> Action:
    """The auction action bidding ``contract`` (``80`` or ``"80"`` in 501♠, ``"8H"`` in Five Hundred).

    Raises:
        InvalidActionError: not a bid of this game.
    """
    if isinstance(contract, Action):
        bid = contract
    else:
        try:
            bid = game.bid_action(contract)
        except InvalidActionError as e:
            try:
                bid = game.parse_action(str(contract))  # a bid's whole text: "bid 80"
            except InvalidActionError:
                raise e from None
    if bid.worth() is None:
        raise InvalidActionError(f"{contract!r} is not a bid of {game.title}")
    return bid


def force_contract(state: State, seat: int, contract: Any, blind: bool = False) -> State:
    """Settle the auction of ``state`` in place: ``seat`` bids ``contract`` and everyone else passes.

    In 501♠ the seat looks at its cards first unless ``blind`` (rules.md 501 §6); the others pass
    blind. Where the contract may be bid only over a higher bid already made (Five Hundred's
    misère, only once somebody has bid seven, or 8♠ under ``misere=after-eight-spades``, rules.md
    500 §4), the auction instead climbs: every seat bids the cheapest legal bid below the contract
    in turn until ``seat`` may bid it, then the others pass. Returns ``state`` after the auction.

    Raises:
        IllegalActionError: the contract cannot be bid here even so; ``state`` is unchanged.
    """
    bid = contract_action(state.game, contract)
    trial = state.clone()
    try:
        _settle(trial, seat, bid, blind, climb=False)
        climb = False
    except IllegalActionError as direct:
        try:
            placed = _settle(state.clone(), seat, bid, blind, climb=True)
        except IllegalActionError:
            raise direct from None
        if not placed:  # the climb passed the contract by without making it legal
            raise direct from None
        climb = True
    _settle(state, seat, bid, blind, climb)
    return state


def _settle(state: State, seat: int, bid: Action, blind: bool, climb: bool) -> bool:
    """:func:`force_contract`'s auction, others passing (``climb`` false) or climbing to it; true
    when ``seat`` bid the contract."""
    placed = False
    target = bid.worth() or 0
    while not state.is_terminal() and state.phase == "auction":
        cur = state.current_player()
        legal = state.legal_actions()
        if cur == seat and not placed:
            look = state.game.look_action  # a seat playing blind looks first (rules.md 501 §6)
            if look is not None and not blind and look in legal:
                state.apply_action(look)
                continue
            if not climb or bid in legal:
                state.apply_action(bid)
                placed = True
                continue
        if climb and not placed:
            cheaper = sorted((a for a in legal if (a.worth() or 0) and (a.worth() or 0) < target),
                             key=lambda a: a.worth() or 0)
            if cheaper:
                state.apply_action(cheaper[0])
                continue
            if cur == seat:  # nothing cheaper left and the contract still refused: the engine says why
                state.apply_action(bid)
        state.apply_action("pass")
    return placed


def contracting_seat(state: State) -> int | None:
    """The seat that won the auction: 501's bidder, Five Hundred's contractor (or ``None``)."""
    return state.contractor


def _result_row(state: State, seat: int) -> dict[str, Any]:
    made = state.made()
    # a 501 hand the bidder abandoned (rules.md 501 §7) counts as not made; so does another seat's contract
    mine = state.contractor == seat
    row: dict[str, Any] = {"made": bool(made) and mine, "score": state.returns()[seat], "summary": state.summary()}
    row.update(state.result_fields(seat))
    return row


def play_out(state: State, players: Sequence[Player], until: Callable[[State], bool] | None = None) -> State:
    """Let ``players`` (one per seat) act until the hand is over or ``until(state)`` is true."""
    while not state.is_terminal() and not (until and until(state)):
        state.apply_action(players[state.actor()].choose(state).action)
    return state


def _solved_row(state: State, seat: int, solver: Solver[State], exact: bool) -> dict[str, Any]:
    from .solve import solved_result

    return solved_result(state, seat, solver, exact).row()


class _Solving:
    """The solver rows of one estimate, solved in the caller's thread (one solver) or by a pool of
    threads, one solver each, with at most two deals a thread waiting (so a time limit still
    stops the dealing)."""

    def __init__(self, solvers: list[Solver[State]], seat: int, exact: bool) -> None:
        self.seat, self.exact = seat, exact
        self.free: queue.SimpleQueue[Solver[State]] = queue.SimpleQueue()
        for solver in solvers:
            self.free.put(solver)
        self.pool = ThreadPoolExecutor(len(solvers)) if len(solvers) > 1 else None
        self.waiting: list[Future[dict[str, Any]]] = []
        self.limit = 2 * len(solvers)

    def _solve(self, state: State) -> dict[str, Any]:
        solver = self.free.get()
        try:
            return _solved_row(state, self.seat, solver, self.exact)
        finally:
            self.free.put(solver)

    def submit(self, state: State) -> dict[str, Any] | Future[dict[str, Any]]:
        """The row of ``state`` (in its play phase), or a future of it when solving in threads."""
        if self.pool is None:
            return self._solve(state)
        self.waiting = [f for f in self.waiting if not f.done()]
        if len(self.waiting) >= self.limit:
            wait(self.waiting, return_when=FIRST_COMPLETED)
        future = self.pool.submit(self._solve, state)
        self.waiting.append(future)
        return future

    @staticmethod
    def result(row: dict[str, Any] | Future[dict[str, Any]]) -> dict[str, Any]:
        """A row, waiting for it if it is still being solved."""
        return row.result() if isinstance(row, Future) else row

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True)


def estimate_bid(game: Game, hand: CardsLike | None, contract: Any, n: int = 100, seat: SeatKey | None = None,
                 dealer: int = 0, blind: bool = False, method: str = "playout",
                 players: str | PlayerFactory | Sequence[str] | None = None,
                 accept: Mapping[SeatKey, Constraint | Sequence[Constraint]] | str | None = None,
                 talon: CardsLike | None = None, seed: int = 0, progress: bool = True,
                 exact: bool = False, time_limit: float | None = None, jobs: int = 1,
                 until_halfwidth: float | None = None, client: Any = None, chunk: int = 20,
                 deals_file: Any = None) -> Any:
    """The results of ``hand`` playing ``contract`` over ``n`` deals of the unseen cards.

    Args:
        game: the table.
        hand: the seat's cards (some or all), or ``None`` for a hand dealt at random too
            (e.g. "does blind 80 pay in the long run?").
        contract: the bid: ``80`` (501♠, rules.md 501 §5) or ``"8H"``, ``"misere"`` (Five Hundred, §4);
            ``None`` for a hand with no contract forced: the computer players bid as they see fit
            (play-out only), and ``made`` is true where the seat won the auction and made it.
        n: the number of deals.
        seat: the seat holding ``hand``; the dealer's left by default (first to speak).
        dealer: the dealer.
        blind: 501♠: bid without looking, so the result counts double (rules.md 501 §6).
        method: ``"playout"`` (computer players play every card) or ``"solver"`` (perfect-information
            play from the opening lead, after the players' exchange or burying).
        players: player kinds for the other decisions and the play (see :func:`make_players`);
            the game's rule-based player by default.
        accept: constraints on the seats or the talon, as in :class:`cardkit.explore.Predeal`: a
            dict of :class:`Constraint` s or deal-language text (``"C: trumps(H) >= 3"``).
        talon: cards known to be in the talon / kitty.
        seed: the seed of the deals and the players: deal ``i`` is drawn, and its players seeded,
            from (``seed``, ``i``) alone (:func:`cardkit.explore.tournament.deal_seed`), so a deal's
            result does not depend on the deals before it, on ``jobs`` or on the Dask workers.
        progress: show a progress bar (tqdm) while running.
        exact: with the solver, also find the exact hand total (501♠) or trick count (Five
            Hundred) with best play (slower; else only made or not is searched, and ``points`` or
            ``tricks`` is NaN).
        time_limit: stop dealing after this many seconds (``None``: no limit); the table then
            holds the deals done, at least one, and ``attrs["setup"]["stopped"]`` is true.
        jobs: with the solver, how many deals are solved at once, each by a solver of its own in a
            thread (the compiled search runs without holding the interpreter, so 2 uses two cores);
            the table is the same as with 1.
        until_halfwidth: stop dealing once the chance to make is known within this much either
            side (a share, e.g. 0.05: half the width of its 95 % Wilson interval), after at least
            :data:`MIN_SEQUENTIAL` deals; ``n`` is then the most. ``attrs["setup"]["stopped"]`` is
            true when it stopped early. (Stopping on the interval's own width makes the interval a
            little less sure than 95 % at the stop; the deals themselves stay independent.)
        client: a ``dask.distributed.Client`` (:func:`cardkit.explore.cluster.dask_client`): each
            ``chunk`` of deals is a task on its workers (``players`` then must be kinds, not a
            factory); the table is the same as in one process. The time limit and
            ``until_halfwidth`` are checked as chunks finish, so a stopped run may hold a few
            more deals than one process would.
        deals_file: a path (or open text file) to write the deals used to, one a line, numbered as
            the table's rows (:mod:`cardkit.explore.dealsfile`; read them back with
            :func:`~cardkit.explore.dealsfile.read_deals`, analyse them with ``cardkit analyse``).

    Returns:
        A pandas DataFrame, one row per deal: ``made`` (false when a 501 bidder abandons),
        ``score`` (the seat's score change),
        ``summary`` and ``points``/``trump`` (501♠) or ``tricks`` (Five Hundred). Its
        ``attrs["summary"]`` is :func:`summarise` of the table.

    Raises:
        DealError: an impossible set-up. CardkitError: an unknown method, player or contract, or
        ``jobs`` below 1.
    """
    if method not in ("playout", "solver"):
        raise CardkitError(f"unknown method {method!r}: use 'playout' or 'solver'")
    if n < 1:
        raise CardkitError(f"n={n}: estimate over at least one deal")
    if jobs < 1:
        raise CardkitError(f"jobs={jobs}: solve at least one deal at a time")
    if until_halfwidth is not None and not 0 < until_halfwidth < 0.5:
        raise CardkitError(f"until_halfwidth={until_halfwidth}: a share between 0 and 0.5, e.g. 0.05")
    game.check_table(dealer, game.initial_scores())
    s = (dealer + 1) % game.players if seat is None else seat_index(game, seat)
    if s < 0 or s not in game.deal_targets(dealer):  # the talon, or 501's sitting-out dealer (rules.md 501 §1)
        raise CardkitError(f"seat {seat!r} is dealt no cards with dealer {game.names[dealer]}, so it cannot bid")
    if contract is not None:
        contract_action(game, contract)  # a clear error before any deal
    elif method != "playout":
        raise CardkitError("a hand with no contract is estimated by method='playout' only")
    setup = Predeal(game, dealer=dealer, hands={s: hand} if hand else None, talon=talon, accept=accept)
    kind = players if players is not None else default_kind(game)
    make_players(game, kind, seed)  # a clear error for an unknown kind before any deal
    if client is not None:
        if callable(kind):
            raise CardkitError("on Dask, give the players as kinds (e.g. 'sensible'), not a factory")
        table = _estimate_on_dask(client, game, setup, s, contract, blind, method, kind, exact, seed, n, chunk,
                                  time_limit, until_halfwidth, hand)
        _keep_deals(deals_file, game, setup, seed, table, contract, s, hand)
        return table
    solvers: list[Solver[State]] = []
    if method == "solver":
        from .solve import new_solver

        solvers = [new_solver(game) for _j in range(jobs)]
    solving = _Solving(solvers, s, exact)
    rows: list[Any] = []
    import time

    deadline = None if time_limit is None else time.monotonic() + time_limit
    stopped = False
    for i in with_progress(range(n), progress, f"{game.title} bid {contract}"):
        if deadline is not None and rows and time.monotonic() > deadline:
            stopped = True
            break
        if until_halfwidth is not None and i >= MIN_SEQUENTIAL and _narrow_enough(rows, until_halfwidth):
            stopped = True
            break
        state, table_players = _deal_hand(game, setup, s, contract, blind, kind, seed, i)
        if method == "playout":
            play_out(state, table_players)
            row = _result_row(state, s)
        else:
            play_out(state, table_players, until=lambda st: st.phase == "play")
            if state.is_terminal():
                row = _result_row(state, s)
            else:
                rows.append((i, solving.submit(state)))
                continue
        if contract is None:
            row["won auction"] = contracting_seat(state) == s
        rows.append((i, row))
    done = [(i, solving.result(row)) for i, row in rows]
    solving.close()
    table = _results_table(game, done, s, contract, hand, blind, method, n, stopped, until_halfwidth)
    _keep_deals(deals_file, game, setup, seed, table, contract, s, hand)
    return table


def _keep_deals(deals_file: Any, game: Game, setup: Predeal, seed: int, table: Any, contract: Any, seat: int,
                hand: Any) -> None:
    """Write the deals of ``table``'s rows to ``deals_file`` (nothing when it is ``None``)."""
    if deals_file is None:
        return
    from .dealsfile import write_deals

    write_deals(deals_file, game, [setup.numbered(seed, int(i)) for i in table.index], seed=seed,
                comment=f"estimate of {contract} by seat {game.names[seat]} holding {hand or 'a random hand'}")


def _deal_hand(game: Game, setup: Predeal, seat: int, contract: Any, blind: bool,
               kind: str | PlayerFactory | Sequence[str], seed: int, i: int) -> tuple[State, list[Player]]:
    """Deal ``i`` of an estimate seeded ``seed`` (its own random stream), the contract forced,
    and its players (seeded from the seed and ``i`` too)."""
    from .tournament import deal_seed

    deal = setup.numbered(seed, i)
    state = deal.new_hand(game)
    if contract is not None:
        force_contract(state, seat, contract, blind=blind)
    return state, make_players(game, kind, deal_seed(seed, i, 0, 0))


def estimate_deals(game: Game, setup: Predeal, seat: int, contract: Any, blind: bool, method: str,
                   kind: str | Sequence[str], exact: bool, seed: int, deals: Iterable[int]) -> list[tuple[int, Any]]:
    """The result rows ``(i, row)`` of :func:`estimate_bid` for the deals ``deals`` (one Dask task's
    work: the same rows as in one process)."""
    solver: Solver[State] | None = None
    out: list[tuple[int, Any]] = []
    for i in deals:
        state, table_players = _deal_hand(game, setup, seat, contract, blind, kind, seed, i)
        play_out(state, table_players, until=None if method == "playout" else lambda st: st.phase == "play")
        if state.is_terminal():
            row = _result_row(state, seat)
        else:
            from .solve import new_solver

            solver = solver or new_solver(game)
            row = _solved_row(state, seat, solver, exact)
        if contract is None:
            row["won auction"] = contracting_seat(state) == seat
        out.append((i, row))
    return out


def _estimate_on_dask(client: Any, game: Game, setup: Predeal, seat: int, contract: Any, blind: bool, method: str,
                      kind: str | Sequence[str], exact: bool, seed: int, n: int, chunk: int,
                      time_limit: float | None, until_halfwidth: float | None, hand: Any) -> Any:
    """:func:`estimate_bid`'s deals as Dask tasks of ``chunk`` deals, at most two a worker waiting."""
    import time

    from .cluster import first_finished, in_completion_order

    deadline = None if time_limit is None else time.monotonic() + time_limit
    window = 2 * max(1, len(client.scheduler_info()["workers"]))
    rows: list[tuple[int, Any]] = []
    running: set[Any] = set()
    stopped = False
    for start in range(0, n, max(1, chunk)):
        if rows and ((deadline is not None and time.monotonic() > deadline)
                     or (until_halfwidth is not None and _narrow_enough(rows, until_halfwidth))):
            stopped = True
            break
        while len(running) >= window:
            finished, running = first_finished(running)
            for f in finished:
                rows += f.result()
        ds = list(range(start, min(n, start + chunk)))
        running.add(client.submit(estimate_deals, game, setup, seat, contract, blind, method, kind, exact, seed, ds,
                                  pure=False))
    if running:
        for f in in_completion_order(running):
            rows += f.result()
    rows.sort(key=lambda r: r[0])
    return _results_table(game, rows, seat, contract, hand, blind, method, n, stopped, until_halfwidth)


def _results_table(game: Game, rows: Sequence[tuple[int, dict[str, Any]]], seat: int, contract: Any, hand: Any,
                   blind: bool, method: str, n: int, stopped: bool, until_halfwidth: float | None) -> Any:
    """The estimate's table, with its summary and set-up in ``attrs``."""
    import pandas as pd

    from ..frames import frame

    table = frame(pd.DataFrame([{"deal": i, **row} for i, row in rows]).set_index("deal"))
    table.attrs["summary"] = summarise(table)
    table.attrs["setup"] = {"game": game.title, "contract": str(contract), "seat": game.names[seat],
                            "hand": str(hand) if hand else "random", "blind": blind, "method": method, "n": n,
                            "stopped": stopped, "until_halfwidth": until_halfwidth}
    return table


#: The fewest deals a sequential estimate (``until_halfwidth``) plays before it may stop.
MIN_SEQUENTIAL = 10


def _narrow_enough(rows: Sequence[tuple[int, Any]], halfwidth: float) -> bool:
    """True when the finished rows' chance to make is known within ``halfwidth`` (Wilson, 95 %);
    rows still being solved are not counted yet."""
    from .intervals import rate_interval

    done = [_Solving.result(r) for _i, r in rows if not isinstance(r, Future) or r.done()]
    if len(done) < MIN_SEQUENTIAL:
        return False
    return rate_interval(sum(bool(r["made"]) for r in done), len(done)).halfwidth <= halfwidth


def summarise(table: Any) -> dict[str, float]:
    """The figures of a results table, each with its 95 % interval (:mod:`cardkit.explore.intervals`):

    ``n`` (deals); ``p_make`` (share made), ``p_make_low``/``p_make_high`` (Wilson's interval) and
    ``p_make_se`` (binomial standard error); ``mean_score`` (the seat's mean score change),
    ``mean_score_low``/``mean_score_high`` (Student's *t* interval; both the mean itself when every
    deal gave the same score, then ``mean_score_spread`` is 0.0; NaN for one deal) and
    ``mean_score_se``."""
    from .intervals import mean_interval, rate_interval

    n = len(table)
    if not n:
        nan = float("nan")
        return {"n": 0, "p_make": nan, "p_make_low": nan, "p_make_high": nan, "p_make_se": nan,
                "mean_score": nan, "mean_score_low": nan, "mean_score_high": nan, "mean_score_spread": nan,
                "mean_score_se": nan}
    rate = rate_interval(int(table["made"].astype(bool).sum()), n)
    mean = mean_interval(table["score"].astype(float))
    sd = float(table["score"].std(ddof=1)) if n > 1 else 0.0
    p = rate.estimate
    return {"n": n, "p_make": p, "p_make_low": rate.low, "p_make_high": rate.high,
            "p_make_se": math.sqrt(p * (1 - p) / n),
            "mean_score": mean.estimate, "mean_score_low": mean.low, "mean_score_high": mean.high,
            "mean_score_spread": 1.0 if mean.spread else 0.0, "mean_score_se": sd / math.sqrt(n)}


def bid_odds(game: Game, hand: CardsLike | None, contracts: Iterable[Any], n: int = 100, **kwargs: Any) -> Any:
    """One row per contract: the chance it makes and the expected score change, with standard errors.

    Every contract is tried on the same deals (the same ``seed``), so the rows compare fairly.
    Keyword arguments go to :func:`estimate_bid`; ``deals_file`` gets the deals of the first contract
    (all of them: the others stop no later unless a time limit or ``until_halfwidth`` stops them).
    """
    import pandas as pd

    from ..frames import frame

    rows, named = [], {}
    for i, c in enumerate(contracts):
        if i == 1:
            kwargs.pop("deals_file", None)
        t = estimate_bid(game, hand, c, n=n, **kwargs)
        rows.append({"contract": str(c), **{k: round(v, 4) if isinstance(v, float) else v
                                            for k, v in t.attrs["summary"].items()}})
        named[str(c)] = _contract_words(game, c, blind=bool(kwargs.get("blind")))
    out = frame(pd.DataFrame(rows).set_index("contract"))
    out.attrs["contract_words"] = named
    return out


def _contract_words(game: Game, contract: Any, blind: bool = False) -> str:
    """A contract as a player names it, in the language in use: ``"7♥"``, ``"10NT"`` (Spanish
    ``"10 sin triunfo"``), ``"100"``, ``"blind 80"`` (the bid without its verb,
    :func:`cardkit.i18n.bid_text`)."""
    from ..i18n import _, bid_text

    words = bid_text(contract_action(game, contract))
    return _("blind") + " " + words if blind else words


def odds_table(odds: Any) -> Any:
    """:func:`bid_odds` as a learner reads it: one row per contract (named as players name it) with
    the number of deals, the chance it makes and the mean score change, each with its 95 % interval
    ("85% (64–95%)", "+42 (+8 to +76)"; "−80 (all 30 deals)" when every deal gave the same score).
    The numbers stay in ``odds`` for code.

    Args:
        odds: a table made by :func:`bid_odds`.

    Returns:
        a :class:`cardkit.frames.Frame` of text columns "deals", "chance to make",
        "mean score change", indexed by "contract".
    """
    import pandas as pd

    from ..frames import frame
    from ..i18n import _, heading

    named = odds.attrs.get("contract_words", {})
    contract, deals, chance, change = heading("contract"), _("deals"), _("chance to make"), _("mean score change")
    rows = [{contract: named.get(c, c), deals: int(r["n"]), chance: share_words(r),
             change: mean_words(r)}
            for c, r in odds.iterrows()]
    return frame(pd.DataFrame(rows, columns=[contract, deals, chance, change]).set_index(contract))


def share_words(figures: Mapping[str, Any]) -> str:
    """The chance a contract makes with its interval, from :func:`summarise`'s figures:
    ``"85% (64–95%)"``; empty without deals."""
    p, low, high = figures["p_make"], figures["p_make_low"], figures["p_make_high"]
    if p != p:
        return ""
    return f"{p:.0%} ({low * 100:.0f}–{high:.0%})"


def mean_words(figures: Mapping[str, Any]) -> str:
    """The mean score change with its interval, from :func:`summarise`'s figures, in the language
    in use: ``"+42 (+8 to +76)"``, ``"−80 (all 30 deals)"`` when every deal gave the same score,
    ``"−80 (1 deal)"``; empty without deals."""
    from ..display import signed
    from ..i18n import _, ngettext

    m, n = figures["mean_score"], int(figures["n"])
    if m != m:
        return ""
    low, high = figures["mean_score_low"], figures["mean_score_high"]
    if n == 1 or low != low:
        return f"{signed(m)} (" + _("1 deal") + ")"
    if not figures.get("mean_score_spread", 1.0):
        return f"{signed(m)} (" + ngettext("all {n} deal", "all {n} deals", n).format(n=n) + ")"
    return f"{signed(m)} (" + _("{low} to {high}").format(low=signed(round(low)), high=signed(round(high))) + ")"


def results_chart(table: Any, title: str | None = None) -> Any:
    """An altair histogram of a results table: 501♠ declarer points or Five Hundred tricks, coloured
    by made or failed."""
    import altair as alt

    col = "points" if "points" in table.columns else "tricks"
    data = table.reset_index()[["deal", col, "made"]].copy()
    data["result"] = data["made"].map({True: "made", False: "failed"})
    setup = table.attrs.get("setup", {})
    title = title or f"{setup.get('game', '')} {setup.get('contract', '')}: {len(table)} deals"
    if data[col].isna().all():  # solved for made or not only
        return alt.Chart(data, title=title).mark_bar().encode(
            x=alt.X("result:N", sort=["made", "failed"]), y=alt.Y("count():Q", title="deals"),
            color=alt.Color("result:N", scale=alt.Scale(domain=["made", "failed"], range=["#2a7", "#c33"])),
        ).properties(width=200, height=180)
    return alt.Chart(data, title=title).mark_bar().encode(
        x=alt.X(f"{col}:Q", bin=alt.Bin(maxbins=30), title=col),
        y=alt.Y("count():Q", title="deals"),
        color=alt.Color("result:N", scale=alt.Scale(domain=["made", "failed"], range=["#2a7", "#c33"])),
    ).properties(width=360, height=180)


def bid_odds_chart(odds: Any, title: str = "chance the contract makes") -> Any:
    """An altair bar chart of :func:`bid_odds`: the chance each contract makes, with its 95 % interval
    (Wilson's, :func:`cardkit.explore.intervals.rate_interval`)."""
    import altair as alt

    data = odds.reset_index()
    named = odds.attrs.get("contract_words", {})
    data["contract"] = [named.get(c, c) for c in data["contract"]]
    data["low"], data["high"] = data["p_make_low"], data["p_make_high"]
    order = list(data["contract"])
    base = alt.Chart(data, title=title)
    bars = base.mark_bar(color="#47a").encode(
        x=alt.X("contract:N", sort=order),
        y=alt.Y("p_make:Q", title="chance to make", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])))
    errs = base.mark_rule().encode(x=alt.X("contract:N", sort=order), y="low:Q", y2="high:Q")
    return (bars + errs).properties(width=300, height=180)


def with_progress(it: Iterable[Any], on: bool, desc: str) -> Iterable[Any]:
    """``it``, shown as a progress bar labelled ``desc`` when ``on`` and tqdm is installed."""
    if not on:
        return it
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is in the notebooks extra
        return it
    bar: Iterable[Any] = tqdm(it, desc=desc, leave=False)
    return bar


def _bid_examples() -> dict[str, dict[str, Any]]:
    from ..registry import GAMES

    return {g.name: {"game": g.name, **g.bid_example} for g in GAMES if g.bid_example}


#: Worked examples for the command line, the benchmarks and the notebooks, by game name: game name,
#: hand, contract, seat (each game's :attr:`~cardkit.game.Game.bid_example`).
BID_EXAMPLES: dict[str, dict[str, Any]] = _bid_examples()

__all__ = ["BID_EXAMPLES", "MIN_SEQUENTIAL", "bid_odds", "bid_odds_chart", "contract_action", "contracting_seat",
           "estimate_bid", "force_contract", "make_players", "mean_words", "odds_table", "play_out", "results_chart",
           "share_words", "summarise"]
