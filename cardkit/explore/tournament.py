"""Tournaments between computer players over seeded deals, duplicate-style.

Every deal is played once for each seating of the line-up: the line-up is turned round the table
(its distinct cyclic shifts), so each player kind sits in each seat with the same cards. Luck of
the cards cancels out; what is left is the play. With Five Hundred's partnerships
(rules.md 500 §1) a line-up ``[A, B, A, B]`` keeps partners together and swaps the sides.

Results are single hands (not whole matches), from the hand's initial scores, as a pandas table;
``gain`` is the score change with the sign that favours the player: in 501♠ scores count down
(rules.md 501 §10), so its gain is minus the change; in Five Hundred it is the change itself.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from ..errors import CardkitError
from ..game import Game, Player
from .deal import deal_rng
from .estimate import PlayerFactory, with_progress, player_of


def seatings(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct cyclic shifts of ``lineup`` (one kind per seat), the line-up itself first.

    >>> seatings(["sensible", "random", "random"])
    [('sensible', 'random', 'random'), ('random', 'random', 'sensible'), ('random', 'sensible', 'random')]
    >>> seatings(["a", "b", "a", "b"])
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    """
    out: list[tuple[str, ...]] = []
    n = len(lineup)
    for k in range(n):
        s = tuple(lineup[(i + k) % n] for i in range(n))
        if s not in out:
            out.append(s)
    return out


def deal_pack(game: Game, seed: int, deal: int) -> tuple[int, list[Any]]:
    """Deal ``deal`` of a run seeded ``seed``: its dealer (``deal mod seats``) and its pack."""
    return deal % game.players, game.shuffled_pack(deal_rng(seed, deal))


def deal_seed(seed: int, deal: int, seating: int, seat: int) -> int:
    """The seed of the player in ``seat`` of ``seating`` at deal ``deal`` of a run seeded ``seed``:
    a stream of its own for every deal (so a deal's result does not depend on the deals before it)."""
    return ((seed * 1_000_003 + deal) * 97 + seating) * 13 + seat


def gain_sign(game: Game) -> int:
    """+1 when a higher score is better (Five Hundred), −1 when scores count down (501♠, §10)."""
    return -1 if game.lower_is_better else 1


def tournament(game: Game, lineup: Sequence[str], deals: int = 50, seed: int = 0,
               factories: dict[str, PlayerFactory] | None = None, progress: bool = False) -> Any:
    """Play ``deals`` seeded deals, each once per seating of ``lineup`` (see :func:`seatings`).

    Args:
        game: the table; ``len(lineup)`` must be its number of seats.
        lineup: a player kind per seat (``"random"``, ``"sensible"``, ``"sampler"``, or a
            name in ``factories``).
        deals: the number of deals; deal ``d`` has dealer ``d mod seats`` and a pack shuffled from
            (``seed``, ``d``) (:func:`deal_pack`).
        seed: seeds the packs and the players: each deal's players have seeds of their own from
            (``seed``, ``d``, seating, seat) (:func:`deal_seed`), so a deal's result does not
            depend on how many deals the run has.
        factories: extra player kinds, name → ``f(seat, seed) -> player``.
        progress: show a progress bar.

    Returns:
        A pandas DataFrame, one row per deal, seating and seat: ``deal``, ``seating``, ``seat``,
        ``kind``, ``change`` (the seat's score change), ``gain`` and ``summary``.

    Raises:
        CardkitError: a line-up of the wrong length, or an unknown kind.
    """
    import pandas as pd

    from ..frames import frame

    if len(lineup) != game.players:
        raise CardkitError(f"a line-up of {len(lineup)} kinds for {game.players} seats")
    factories = dict(factories or {})
    sign = gain_sign(game)
    packs = [deal_pack(game, seed, d) for d in range(deals)]
    rows = []
    for si, seating in enumerate(seatings(lineup)):
        for d, (dealer, pack) in enumerate(with_progress(packs, progress, f"seating {si + 1}")):
            players = [_make(game, kind, deal_seed(seed, d, si, s), factories) for s, kind in enumerate(seating)]
            state = game.new_hand(dealer, game.initial_scores(), pack)
            while not state.is_terminal():
                state.apply_action(players[state.actor()].choose(state).action)
            ret = state.returns()
            for s, kind in enumerate(seating):
                rows.append({"deal": d, "seating": si, "seat": game.names[s], "kind": kind, "change": ret[s],
                             "gain": sign * ret[s], "summary": state.summary()})
    return frame(pd.DataFrame(rows))


def _make(game: Game, kind: str, seed: int, factories: dict[str, PlayerFactory]) -> Player:
    if kind in factories:
        return factories[kind](0, seed)
    return player_of(game, kind, seed)


def standings(results: Any) -> Any:
    """Per kind: seat-hands played, total and mean gain per seat-hand, the mean's standard error and
    its 95 % interval ``low``–``high`` (Student's *t* over deals, so the duplicate pairing is kept;
    :func:`cardkit.explore.intervals.mean_interval`), and ``deals``, best first."""
    import pandas as pd

    from ..frames import frame
    from .intervals import mean_interval

    per_deal = results.groupby(["kind", "deal"])["gain"].mean().reset_index()
    rows = []
    for kind, grp in per_deal.groupby("kind"):
        n = len(grp)
        sd = float(grp["gain"].std(ddof=1)) if n > 1 else 0.0
        played = int((results["kind"] == kind).sum())
        iv = mean_interval(grp["gain"])
        rows.append({"kind": kind, "deals": n, "seat-hands": played,
                     "total gain": int(results.loc[results["kind"] == kind, "gain"].sum()),
                     "mean gain": round(iv.estimate, 2),
                     "std. error": round(sd / math.sqrt(n), 2) if n else float("nan"),
                     "low": round(iv.low, 2), "high": round(iv.high, 2)})
    return frame(pd.DataFrame(rows).sort_values("mean gain", ascending=False).set_index("kind"))


def margin(results: Any, a: str, b: str) -> tuple[float, float]:
    """The mean over deals of (``a``'s mean gain − ``b``'s) and its standard error: the duplicate
    comparison of two kinds on the same cards. :func:`margin_interval` gives its 95 % interval."""
    diff = _differences(results, a, b)
    n = len(diff)
    se = float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
    return float(diff.mean()), se


def margin_interval(results: Any, a: str, b: str) -> Any:
    """The duplicate comparison of :func:`margin` as an :class:`~cardkit.explore.intervals.Interval`:
    the mean per-deal difference (``a`` − ``b``) with Student's *t* 95 % interval over the deals.
    An interval that excludes 0 says the deals show a difference at that level; one that covers 0
    says these deals cannot tell the two apart (not that they play alike)."""
    from .intervals import mean_interval

    return mean_interval(_differences(results, a, b))


def _differences(results: Any, a: str, b: str) -> Any:
    """Per deal: ``a``'s mean gain − ``b``'s (raises CardkitError for a kind not in the results)."""
    kinds = set(results["kind"])
    for k in (a, b):
        if k not in kinds:
            raise CardkitError(f"no player kind {k!r} in these results (they have {', '.join(sorted(kinds))})")
    per = results.groupby(["deal", "kind"])["gain"].mean().unstack("kind")
    return per[a] - per[b]


def standings_chart(results: Any, title: str = "mean gain per hand") -> Any:
    """An altair chart: each kind's mean gain per seat-hand with its 95 % interval (:func:`standings`),
    and the running total gain over the deals."""
    import altair as alt

    table = standings(results).reset_index()
    base = alt.Chart(table, title=title)
    bars = base.mark_bar().encode(x=alt.X("kind:N", sort="-y"), y=alt.Y("mean gain:Q"),
                                  color=alt.Color("kind:N", legend=None))
    errs = base.mark_rule().encode(x=alt.X("kind:N", sort="-y"), y="low:Q", y2="high:Q")
    run = results.groupby(["kind", "deal"])["gain"].sum().groupby(level=0).cumsum().reset_index()
    line = alt.Chart(run, title="running total gain").mark_line().encode(
        x=alt.X("deal:Q"), y=alt.Y("gain:Q", title="total gain"), color="kind:N")
    return alt.hconcat((bars + errs).properties(width=160, height=180), line.properties(width=260, height=180))


__all__ = ["deal_pack", "deal_seed", "gain_sign", "margin", "margin_interval", "seatings", "standings",
           "standings_chart", "tournament"]

