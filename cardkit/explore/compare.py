"""Paired comparisons: the same deals under two rule sets, two players or two ways of valuing the play.

:func:`compare` plays every deal twice, once for each :class:`Variant` (its table's rules, the
kind of computer player at every seat, and ``"playout"`` or ``"solver"`` for the play), with the
same pack and the same players' random streams (both from the run's seed and the deal's number,
:func:`cardkit.explore.tournament.deal_pack`, :func:`~cardkit.explore.tournament.deal_seed`). A
difference between the two is then the variants' doing, not the cards': two variants that cannot
differ on a deal give exactly the same hand. Per deal it keeps each variant's contract, whether it
was made, and the contractor's gain (the score change with the sign that favours the contractor;
501♠ counts down, rules.md 501 §10); :func:`comparison_table` reports, with 95 % intervals
(:mod:`cardkit.explore.intervals`):

- how often a contract was made (share of deals, each variant, and the paired difference B − A),
- the contractor's mean gain per hand (each variant, and the paired difference),
- how often the hand was passed out (no contract),
- how often the variants mattered at all: deals played differently (any action differs) and deals
  scored differently (the contractor's gain differs).

>>> from cardkit import find_game
>>> strict, loose = find_game("500"), find_game("500", **{"joker-lead": "loose"})
>>> rows = compare(Variant(strict), Variant(loose), deals=3, seed=1)
>>> len(rows), sorted(rows[0])[:4]
(3, ['a_bid', 'a_contractor', 'a_gain', 'a_made'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from ..errors import CardkitError
from ..game import Game, State
from ..i18n import bid_text
from .estimate import play_out, player_of
from .tournament import deal_pack, deal_seed, gain_sign

#: The ways of valuing the play: ``playout`` (the players play every card) and ``solver`` (the
#: players bid and exchange; then the solver plays best for everyone, each seat seeing all cards).
METHODS = ("playout", "solver")


@dataclass(frozen=True)
class Variant:
    """One side of a comparison.

    Attributes:
        game: the table and its rules (:func:`cardkit.find_game` with options).
        player: the kind of computer player at every seat (default: the game's rule-based player).
        method: ``"playout"`` or ``"solver"`` (see :data:`METHODS`).
        label: the name the tables use (default: the rules that differ from the defaults, the
            player and the method).
    """

    game: Game
    player: str | None = None
    method: str = "playout"
    label: str = field(default="")

    def name(self) -> str:
        """The label, or words made from what sets this variant apart."""
        if self.label:
            return self.label
        from .strength import rules_text

        parts = [rules_text(self.game) or "default rules", self.kind()]
        if self.method != "playout":
            parts.append(self.method)
        return ", ".join(parts)

    def kind(self) -> str:
        """The player kind at every seat."""
        return self.player or self.game.rule_player


def compare(a: Variant | Game, b: Variant | Game, deals: int = 200, seed: int = 0, chunk: int = 20,
            client: Any = None, advance: Callable[[int], Any] | None = None) -> list[dict[str, Any]]:
    """Play deals ``0..deals-1`` under ``a`` and under ``b`` (a game stands for its variant with
    the rule-based player and play-out); one row per deal, in deal order.

    Row keys, for ``x`` in ``a``/``b``: ``x_bid`` (the contract's bid, ``None`` when passed out),
    ``x_contractor``, ``x_made`` (``None`` without a contract), ``x_gain`` (the contractor's
    gain, 0 without a contract), ``x_summary``; and ``deal``, ``mattered`` (the two hands differ
    in an action or a result).

    ``client``: a ``dask.distributed.Client`` (:func:`cardkit.explore.cluster.dask_client`): each
    ``chunk`` of deals is one task; the rows are the same as in one process.

    Raises:
        CardkitError: fewer than 1 deal, an unknown method, or two tables that do not deal the same
            pack to the same seats (another table size or pack).
    """
    va, vb = _variant(a), _variant(b)
    if deals < 1:
        raise CardkitError(f"deals={deals}: compare at least one deal")
    for v in (va, vb):
        if v.method not in METHODS:
            raise CardkitError(f"unknown method {v.method!r}: use {' or '.join(METHODS)}")
    from .study import same_deals

    if not same_deals(va.game, vb.game):
        raise CardkitError(f"{va.name()} and {vb.name()} do not deal the same cards to the same seats: "
                           "compare tables of one size and pack")
    from .cluster import run_chunks

    rows = run_chunks(compare_deals, (va, vb, seed), deals, chunk, client, advance)
    return sorted(rows, key=lambda r: int(r["deal"]))


def compare_deals(a: Variant, b: Variant, seed: int, deals: Iterable[int]) -> list[dict[str, Any]]:
    """The rows of :func:`compare` for the deals ``deals`` (one task's work)."""
    solvers: dict[int, Any] = {}
    rows = []
    for d in deals:
        ha, hb = hand_result(a, seed, d, solvers), hand_result(b, seed, d, solvers)
        rows.append(paired_row(d, ha, hb))
    return rows


def paired_row(deal: int, a: tuple[list[Any], dict[str, Any]], b: tuple[list[Any], dict[str, Any]]) -> dict[str, Any]:
    """One row of :func:`compare` from the two :func:`hand_result` of a deal."""
    row: dict[str, Any] = {"deal": deal}
    row.update({f"a_{k}": x for k, x in a[1].items()})
    row.update({f"b_{k}": x for k, x in b[1].items()})
    row["mattered"] = a != b
    return row


def hand_result(v: Variant, seed: int, deal: int, solvers: dict[int, Any]) -> tuple[list[Any], dict[str, Any]]:
    """Deal ``deal`` of a run seeded ``seed`` played under ``v``: (its actions, its result: ``bid``,
    ``contractor``, ``made``, ``gain``, ``summary``). ``solvers`` keeps a solver per variant."""
    dealer, pack = deal_pack(v.game, seed, deal)
    state = v.game.new_hand(dealer, v.game.initial_scores(), pack)
    players = [player_of(v.game, v.kind(), deal_seed(seed, deal, 0, s)) for s in range(v.game.players)]
    result = _play(state, players, v, solvers)
    return list(state.history()), result


def _play(state: State, players: Sequence[Any], v: Variant, solvers: dict[int, Any]) -> dict[str, Any]:
    """Play one hand under ``v``; the contract, made, the contractor's gain and the summary."""
    sign = gain_sign(v.game)
    if v.method == "playout":
        play_out(state, players)
    else:
        play_out(state, players, until=lambda st: st.phase == "play")
    bids = [act for _s, act in state.calls if act.worth() is not None]
    seat = state.contractor
    bid = bid_text(bids[-1]) if bids and seat is not None else None
    if seat is None:
        return {"bid": None, "contractor": None, "made": None, "gain": 0, "summary": state.summary()}
    if state.is_terminal():
        made = state.made()
        return {"bid": bid, "contractor": v.game.names[seat], "made": bool(made),
                "gain": sign * state.returns()[seat], "summary": state.summary()}
    from .solve import new_solver, solved_result

    if id(v) not in solvers:
        solvers[id(v)] = new_solver(v.game)
    r = solved_result(state, seat, solvers[id(v)])
    return {"bid": bid, "contractor": v.game.names[seat], "made": bool(r.made), "gain": sign * int(r.score),
            "summary": r.summary}


def _variant(x: Variant | Game) -> Variant:
    return x if isinstance(x, Variant) else Variant(x)


def comparison_table(rows: Sequence[dict[str, Any]], a: Variant | Game | str = "A",
                     b: Variant | Game | str = "B") -> Any:
    """The comparison in figures: one row per measure (contracts made, the contractor's gain per
    hand, hands passed out, deals played and scored differently), with A, B, the paired difference
    B − A, each with its 95 % interval, and the number of deals. A pandas table; the interval
    columns hold text ("41% (33–50%)", "+12 (+3 to +21)").

    Raises:
        CardkitError: no rows.
    """
    import pandas as pd

    from ..display import signed
    from ..frames import frame
    from ..i18n import _, ngettext
    from .intervals import Interval, mean_interval, rate_interval

    if not rows:
        raise CardkitError("no deals to compare")
    n = len(rows)
    name_a = a if isinstance(a, str) else _variant(a).name()
    name_b = b if isinstance(b, str) else _variant(b).name()

    def share(iv: Interval) -> str:
        return f"{iv.estimate:.0%} ({iv.low * 100:.0f}–{iv.high:.0%})"

    def mean(iv: Interval, scale: float = 1.0, unit: str = "") -> str:
        est = signed(iv.estimate * scale) + unit
        if iv.n == 1 or iv.low != iv.low:
            return est + " (" + _("1 deal") + ")"
        if not iv.spread:
            return est + " (" + ngettext("the same on {n} deal", "the same on all {n} deals", iv.n).format(n=iv.n) + ")"
        return est + " (" + _("{low} to {high}").format(low=signed(iv.low * scale), high=signed(iv.high * scale)) + ")"

    def diff(xs: list[float], percent: bool) -> str:
        return mean(mean_interval(xs), 100.0, " " + _("points")) if percent else mean(mean_interval(xs))

    made_a = [1.0 if r["a_made"] else 0.0 for r in rows]
    made_b = [1.0 if r["b_made"] else 0.0 for r in rows]
    gain_a = [float(r["a_gain"]) for r in rows]
    gain_b = [float(r["b_gain"]) for r in rows]
    out_a = [1.0 if r["a_bid"] is None else 0.0 for r in rows]
    out_b = [1.0 if r["b_bid"] is None else 0.0 for r in rows]
    mattered = sum(bool(r["mattered"]) for r in rows)
    table = [
        {"measure": _("contracts made (share of deals)"), name_a: share(rate_interval(int(sum(made_a)), n)),
         name_b: share(rate_interval(int(sum(made_b)), n)),
         "B − A": diff([y - x for x, y in zip(made_a, made_b)], True), _("deals"): n},
        {"measure": _("contractor's gain per hand"), name_a: mean(mean_interval(gain_a)),
         name_b: mean(mean_interval(gain_b)),
         "B − A": diff([y - x for x, y in zip(gain_a, gain_b)], False), _("deals"): n},
        {"measure": _("passed out (no contract)"), name_a: share(rate_interval(int(sum(out_a)), n)),
         name_b: share(rate_interval(int(sum(out_b)), n)),
         "B − A": diff([y - x for x, y in zip(out_a, out_b)], True), _("deals"): n},
        {"measure": _("deals played differently"), name_a: "", name_b: "",
         "B − A": share(rate_interval(mattered, n)), _("deals"): n},
        {"measure": _("deals scored differently"), name_a: "", name_b: "",
         "B − A": share(rate_interval(sum(x != y for x, y in zip(gain_a, gain_b)), n)), _("deals"): n},
    ]
    return frame(pd.DataFrame(table).set_index("measure").rename_axis(_("measure")))


def bid_counts(rows: Sequence[dict[str, Any]]) -> Any:
    """How often each contract was bid under A and under B (a pandas table, one row per contract,
    "passed out" for no contract)."""
    import pandas as pd

    from ..frames import frame
    from ..i18n import _

    counts: dict[str, list[int]] = {}
    for r in rows:
        for i, key in enumerate(("a_bid", "b_bid")):
            counts.setdefault(r[key] or _("passed out"), [0, 0])[i] += 1
    df = pd.DataFrame([{"contract": k, "A": v[0], "B": v[1]} for k, v in counts.items()])
    return frame(df.sort_values(["A", "B"], ascending=False).set_index("contract").rename_axis(_("contract")))


__all__ = ["METHODS", "Variant", "bid_counts", "compare", "compare_deals", "comparison_table", "hand_result",
           "paired_row"]
