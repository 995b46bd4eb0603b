"""Measured strength: duplicate matches between two player kinds, with intervals and timings.

:func:`duel` plays deals of one table between kinds ``a`` and ``b``, each deal once for every
seating of the line-up ``a b b`` (three or four seats of 501♠: ``a b b`` / ``a b b b``; Five
Hundred's partnerships: ``a b a b …``, :func:`lineup`), turned round the table as in
:mod:`cardkit.explore.tournament`, so both kinds hold the same cards and the luck of the deal
cancels. A deal's **difference** is ``a``'s mean gain per seat-hand minus ``b``'s (gain: the score
change with the sign that favours the player; 501♠ counts down, rules.md 501 §10). It also times
every decision of each kind.

:func:`round_robin` plays every pair of a list of kinds in chunks of deals, appending one row per
pair and deal to a CSV file (so a long run in the background can be read while it goes, and
stopped and resumed); :func:`summary` turns those rows into the table: per pair the deals, the mean
difference per hand with its 95 % confidence interval (Student's *t*, over deals), and the seconds
per decision of each kind.

Every deal has its own random streams, derived from (seed, deal number): its pack
(:func:`deal_pack`) and its players (:func:`deal_seed`), so a deal's result does not depend on
which deals were played before it, in which chunk, or whether the run was stopped and resumed.
A file's rows record the run they belong to (``rules``, ``seed``); a run with other rules or
another seed refuses to add to a file that holds another run of the same table.

>>> from cardkit import find_game
>>> lineup(find_game("500"), "a", "b"), lineup(find_game("501"), "a", "b")
(['a', 'b', 'a', 'b'], ['a', 'b', 'b'])
"""

from __future__ import annotations

import csv
import os
import time
from itertools import combinations
from typing import Any, Callable, Iterable, Sequence

from ..errors import CardkitError
from ..game import Decision, Game, Player, State
from .estimate import player_of
from .cluster import first_finished, in_completion_order
from .tournament import deal_pack, deal_seed, seatings

#: The columns of a strength CSV file, one row per pair and deal. ``rules`` is the table's rule
#: options that differ from the game's defaults (:func:`rules_text`; empty: every default), ``seed``
#: the run's seed.
COLUMNS = ("game", "players", "rules", "seed", "a", "b", "deal", "difference", "a_decisions", "a_seconds",
           "b_decisions", "b_seconds")


def rules_text(game: Game) -> str:
    """The table's rule options that differ from its game's defaults, ``name=value`` sorted and
    joined by ``;`` (empty when every rule is the default).

    >>> from cardkit import find_game
    >>> rules_text(find_game("500")), rules_text(find_game("500", **{"joker-lead": "loose", "win": "points"}))
    ('', 'joker-lead=loose;win=points')
    """
    from ..registry import find_game

    defaults = find_game(game.name).options
    return ";".join(f"{k}={v}" for k, v in sorted(game.options.items()) if defaults.get(k) != v)


class Timed:
    """A player that counts its decisions and the seconds they take (``decisions``, ``seconds``)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, state: State) -> Decision:
        """The wrapped player's decision, timed."""
        t = time.perf_counter()
        a = self.player.choose(state)
        self.seconds += time.perf_counter() - t
        self.decisions += 1
        return a


def lineup(game: Game, a: str, b: str) -> list[str]:
    """One ``a`` against ``b`` everywhere else; with fixed partnerships (the game's ``units``, as
    Five Hundred's, rules.md 500 §1) ``a`` holds every seat of the first unit instead."""
    units = game.units
    if all(len(u) > 1 for u in units):
        mine = set(units[0])
        return [a if s in mine else b for s in range(game.players)]
    return [a] + [b] * (game.players - 1)


def duel(game: Game, a: str, b: str, deals: Iterable[int], seed: int = 0) -> list[dict[str, Any]]:
    """Play each deal of ``deals`` for every seating of :func:`lineup` ``(a, b)``.

    Returns one dict per deal with the :data:`COLUMNS`.

    Raises:
        UnknownOptionError: a kind that does not play this game.
        CardkitError: ``a`` and ``b`` are the same kind.
    """
    if a == b:
        raise CardkitError(f"a duel needs two different kinds, not {a} twice")
    sign = -1 if game.lower_is_better else 1
    seats = seatings(lineup(game, a, b))
    rules = rules_text(game)
    rows = []
    for d in deals:
        dealer, pack = deal_pack(game, seed, d)
        gains: dict[str, list[int]] = {a: [], b: []}
        spent = {k: [0, 0.0] for k in (a, b)}
        for si, seating in enumerate(seats):
            players = [Timed(player_of(game, kind, deal_seed(seed, d, si, s))) for s, kind in enumerate(seating)]
            state = game.new_hand(dealer, game.initial_scores(), pack)
            while not state.is_terminal():
                state.apply_action(players[state.actor()].choose(state).action)
            for s, kind in enumerate(seating):
                gains[kind].append(sign * state.returns()[s])
            for kind, p in zip(seating, players):
                spent[kind][0] += p.decisions
                spent[kind][1] += p.seconds
        diff = sum(gains[a]) / len(gains[a]) - sum(gains[b]) / len(gains[b])
        rows.append({"game": game.name, "players": game.players, "rules": rules, "seed": seed, "a": a, "b": b,
                     "deal": d,
                     "difference": round(diff, 4), "a_decisions": spent[a][0], "a_seconds": round(spent[a][1], 4),
                     "b_decisions": spent[b][0], "b_seconds": round(spent[b][1], 4)})
    return rows


def round_robin(game: Game, kinds: Sequence[str], deals: int, seed: int = 0, chunk: int = 10,
                path: str | os.PathLike[str] | None = None, pairs: Sequence[tuple[str, str]] | None = None,
                progress: bool = False, stop: Callable[[], bool] | None = None,
                advance: Callable[[int], Any] | None = None, client: Any = None) -> list[dict[str, Any]]:
    """Every pair of ``kinds`` (or the given ``pairs``) over deals ``0..deals-1``, ``chunk`` deals of
    each pair in turn; rows are appended to the CSV file ``path`` as they come. Deals already in
    the file for a pair (same game, table size and seed run) are skipped, so a stopped run resumes.

    ``stop``: asked before each chunk; when it returns True no more deals are started (e.g. a time
    limit). ``advance(k)``: told of ``k`` more deals done (played now or found in the file), e.g. a
    progress bar's ``update``. ``client``: a ``dask.distributed.Client``
    (:func:`cardkit.explore.cluster.dask_client`): each chunk is a task on its workers, at most two
    a worker waiting, and rows are appended as chunks finish (in any order; every row is the
    same as in one process, see the module doc). ``None``: played here, one chunk after another.

    Returns the rows played now.

    Raises:
        CardkitError: the file holds another run of this table (other rules or another seed), or
            is not a strength table.
    """
    todo = list(pairs) if pairs is not None else list(combinations(kinds, 2))
    done: dict[tuple[str, str], set[int]] = {p: set() for p in todo}
    rules = rules_text(game)
    if path is not None and os.path.exists(path):
        for row in read_rows(path):
            if row["game"] != game.name or int(row["players"]) != game.players:
                continue
            if row["rules"] != rules or int(row["seed"]) != seed:
                raise CardkitError(
                    f"{path} holds another run of {game.title} with {game.players} players (rules "
                    f"{row['rules'] or 'the defaults'}, seed {row['seed']}); this run has rules "
                    f"{rules or 'the defaults'} and seed {seed}: write it to another file (--csv)")
            key = (row["a"], row["b"])
            if key in done:
                done[key].add(int(row["deal"]))
    out: list[dict[str, Any]] = []

    def record(rows: list[dict[str, Any]]) -> None:
        out.extend(rows)
        if path is not None:
            _append(path, rows)
        if advance is not None:
            advance(len(rows))
        if progress:
            first, last = rows[0], rows[-1]
            print(f"{game.name} ({game.players}) {first['a']} v {first['b']}: deals {first['deal'] + 1} to "
                  f"{last['deal'] + 1}", flush=True)

    running: set[Any] = set()
    window = 2 * len(client.scheduler_info()["workers"]) if client is not None else 0
    for start in range(0, deals, chunk):
        for a, b in todo:
            span = range(start, min(deals, start + chunk))
            want = [d for d in span if d not in done[(a, b)]]
            if want and stop is not None and stop():
                break
            if advance is not None:
                advance(len(span) - len(want))
            if not want:
                continue
            if client is None:
                record(duel(game, a, b, want, seed))
                continue
            while len(running) >= max(1, window):
                finished, running = first_finished(running)
                for f in finished:
                    record(f.result())
            running.add(client.submit(duel, game, a, b, want, seed, pure=False))
        else:
            continue
        break
    if running:
        for f in in_completion_order(running):
            record(f.result())
    return out


def _append(path: str | os.PathLike[str], rows: list[dict[str, Any]]) -> None:
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        if new:
            w.writeheader()
        w.writerows(rows)


def read_rows(path: str | os.PathLike[str]) -> list[dict[str, str]]:
    """The rows of a strength CSV file.

    Raises:
        CardkitError: the file's header is not :data:`COLUMNS`.
    """
    with open(path, newline="", encoding="utf-8") as f:
        r = csv.DictReader(f)
        if tuple(r.fieldnames or ()) != COLUMNS:
            raise CardkitError(f"{path}: not a strength table (its columns must be {', '.join(COLUMNS)})")
        return list(r)


def summary(rows: Any) -> Any:
    """Per pair (game, players, a, b): deals, mean difference per hand (``a`` − ``b``) with its 95 %
    confidence interval (Student's *t* over deals, :func:`cardkit.explore.intervals.mean_interval`),
    and each kind's milliseconds per
    decision. ``rows``: a pandas DataFrame of :data:`COLUMNS` or a list of row dicts."""
    import pandas as pd

    from ..frames import frame
    from .intervals import mean_interval

    df = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(rows)
    out = []
    for (g, n, a, b), grp in df.groupby(["game", "players", "a", "b"], sort=False):
        diffs = grp["difference"].astype(float)
        iv = mean_interval(diffs)
        out.append({"game": str(g), "players": int(n), "a": a, "b": b, "deals": iv.n,
                    "mean difference": round(iv.estimate, 1), "low": round(iv.low, 1),
                    "high": round(iv.high, 1),
                    "a ms/decision": round(1000 * grp["a_seconds"].astype(float).sum()
                                           / max(1, grp["a_decisions"].astype(int).sum()), 1),
                    "b ms/decision": round(1000 * grp["b_seconds"].astype(float).sum()
                                           / max(1, grp["b_decisions"].astype(int).sum()), 1)})
    return frame(pd.DataFrame(out))


def load_rows(folder: str | os.PathLike[str]) -> Any:
    """Every row of the strength CSV files (``*.csv``) of ``folder``, as one pandas DataFrame with
    numeric columns.

    Raises:
        CardkitError: a file that is not a strength table, or no file at all.
    """
    import pandas as pd
    from pathlib import Path

    files = sorted(Path(folder).glob("*.csv"))
    if not files:
        raise CardkitError(f"no strength table (*.csv) in {folder}")
    df = pd.DataFrame([r for f in files for r in read_rows(f)])
    for c in ("players", "deal", "a_decisions", "b_decisions"):
        df[c] = df[c].astype(int)
    for c in ("difference", "a_seconds", "b_seconds"):
        df[c] = df[c].astype(float)
    return df


def strength_chart(table: Any, title: str = "mean score difference per hand, with its 95 % interval") -> Any:
    """An altair chart of a :func:`summary`: one row per game, each pair's mean difference per hand
    (a point) and its 95 % interval (a rule), the pairs labelled ``a − b``."""
    import altair as alt

    t = table.copy()
    t["pair"] = t["a"] + " − " + t["b"]
    t["table"] = t["game"].astype(str) + ", " + t["players"].astype(str) + " players"
    base = alt.Chart(t).encode(y=alt.Y("pair:N", title=None, sort=None))
    rules = base.mark_rule().encode(x=alt.X("low:Q", title="a − b, points per hand"), x2="high:Q")
    points = base.mark_point(filled=True, size=60).encode(x="mean difference:Q", color=alt.Color("a:N", title="a"),
                                                          tooltip=["pair", "deals", "mean difference", "low", "high"])
    zero = alt.Chart(t).mark_rule(strokeDash=[4, 4], color="grey").encode(x=alt.datum(0))
    return (rules + points + zero).properties(width=380, height=110).facet(
        row=alt.Row("table:N", title=None), title=title).resolve_scale(y="independent")


def summary_text(table: Any) -> list[str]:
    """The summary as aligned text lines, one pair a line."""
    lines = [f"{'game':<5} {'n':>2} {'a':<9} {'b':<9} {'deals':>5} {'a − b per hand':>15} {'95 % interval':>17} "
             f"{'a ms/dec':>9} {'b ms/dec':>9}"]
    for r in table.to_dict(orient="records"):
        lines.append(f"{r['game']:<5} {r['players']:>2} {r['a']:<9} {r['b']:<9} {r['deals']:>5} "
                     f"{r['mean difference']:>+15.1f} {'[' + format(r['low'], '+.1f') + ', ' + format(r['high'], '+.1f') + ']':>17} "
                     f"{r['a ms/decision']:>9.1f} {r['b ms/decision']:>9.1f}")
    return lines


__all__ = ["COLUMNS", "Timed", "deal_pack", "duel", "lineup", "load_rows", "read_rows", "round_robin",
           "strength_chart", "summary", "summary_text"]
