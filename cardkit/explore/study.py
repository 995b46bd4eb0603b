"""Rule-variant studies: every rule option a game offers, against its default, on the same deals.

A game declares the rules its texts dispute as options (:attr:`cardkit.game.Game.option_choices`,
e.g. Five Hundred's ``joker-lead``, ``misere``, rules.md 500 §8, §9). :func:`study` plays every
deal once under the table's rules (the base) and once under each other value of each option,
everything else equal (the same pack, the same players' random streams:
:func:`cardkit.explore.compare.hand_result`), with the rule-based players playing the cards
(``"playout"``) or the solver playing best with every card seen (``"solver"``, double dummy).
:func:`study_table` says, per option value and method, with 95 % intervals and the deal count:

- how often the option mattered at all: deals played differently, deals scored differently, and
  deals where the contract itself changed (the bid distribution moved);
- the share of deals whose contract was made, under the base and the option, and the paired
  difference;
- the contractor's mean gain per hand, paired difference.

>>> from cardkit import find_game
>>> [f"{n}={v}" for n, v in option_values(find_game("500"))][:3]
['misere=after-eight-spades', 'joker-lead=loose', 'joker-void=last-card-exempt']
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..errors import CardkitError
from ..game import Game
from ..i18n import N_
from .compare import METHODS, Variant, hand_result, paired_row


#: How each method plays the cards, in words (translated where shown).
METHOD_WORDS = {"playout": N_("the players play"), "solver": N_("best play, every card seen")}


def option_values(game: Game) -> list[tuple[str, Any]]:
    """Every (option, value) the game offers other than the table's own value, in the game's
    order (:attr:`~cardkit.game.Game.option_choices`), except those that change the pack or
    who is dealt what (:func:`same_deals`): their deals cannot be the same."""
    out = []
    for name, values in type(game).option_choices.items():
        for value in values:
            if value != game.options.get(name) and same_deals(game, _variant_game(game, name, value)):
                out.append((name, value))
    return out


def same_deals(a: Game, b: Game) -> bool:
    """True when the two tables deal the same cards to the same places (the same pack and deal
    order), so that a deal can be played under both."""
    return (a.players == b.players and Counter(a.new_pack()) == Counter(b.new_pack())
            and a.deal_targets(0) == b.deal_targets(0))


def _variant_game(game: Game, name: str, value: Any) -> Game:
    from ..registry import find_game

    return find_game(game.name, game.players, **{**game.options, name: value})


def study(game: Game, deals: int = 1000, seed: int = 0, player: str | None = None,
          methods: Sequence[str] = ("playout",), options: Iterable[tuple[str, Any]] | None = None,
          chunk: int = 50, client: Any = None, advance: Callable[[int], Any] | None = None) -> list[dict[str, Any]]:
    """Play deals ``0..deals-1`` under ``game``'s rules and under each option value.

    Args:
        game: the table (its options are the base).
        deals, seed: the deals (:func:`cardkit.explore.tournament.deal_pack`).
        player: the kind at every seat (the game's rule-based player by default).
        methods: ``"playout"`` and/or ``"solver"``.
        options: the (option, value) pairs to study; every one the game offers by default
            (:func:`option_values`).
        chunk: deals in one task; ``client``: a ``dask.distributed.Client`` (the rows are the same).
        advance: told of each chunk's deals as it finishes (e.g. a progress bar's ``update``).

    Returns:
        One row per deal, method and option value: ``option``, ``value``, ``method`` and the
        paired row of :func:`cardkit.explore.compare.compare` (``a_*`` the base, ``b_*`` the option).

    Raises:
        CardkitError: no deals, an unknown method, or a game that offers no option.
    """
    pairs = list(options) if options is not None else option_values(game)
    if deals < 1:
        raise CardkitError(f"deals={deals}: study at least one deal")
    if not pairs:
        raise CardkitError(f"{game.title} offers no rule option to study")
    for m in methods:
        if m not in METHODS:
            raise CardkitError(f"unknown method {m!r}: use {' or '.join(METHODS)}")
    games = [(name, value, _variant_game(game, name, value)) for name, value in pairs]
    for name, value, g in games:
        if not same_deals(game, g):
            raise CardkitError(f"{name}={value} changes the pack or who is dealt what: its deals cannot be "
                               "the same as the table's, so it cannot be studied deal by deal")
    from .cluster import run_chunks

    rows = run_chunks(study_deals, (game, games, list(methods), player, seed), deals, chunk, client, advance)
    return sorted(rows, key=lambda r: (r["deal"], r["method"], r["option"], str(r["value"])))


def study_deals(base: Game, games: Sequence[tuple[str, Any, Game]], methods: Sequence[str], player: str | None,
                seed: int, deals: Iterable[int]) -> list[dict[str, Any]]:
    """The rows of :func:`study` for ``deals`` (one task's work): the base hand once per deal and
    method, then each option's."""
    solvers: dict[int, Any] = {}
    variants = {(m, name, str(value)): Variant(g, player, m) for name, value, g in games for m in methods}
    bases = {m: Variant(base, player, m) for m in methods}
    rows = []
    for d in deals:
        for m in methods:
            hb = hand_result(bases[m], seed, d, solvers)
            for name, value, _g in games:
                hv = hand_result(variants[(m, name, str(value))], seed, d, solvers)
                rows.append({"option": name, "value": value, "method": m, **paired_row(d, hb, hv)})
    return rows


def study_table(rows: Sequence[dict[str, Any]], game: Game | None = None) -> Any:
    """Per method and option value: the deals, how often it mattered (played differently, scored
    differently, another contract), contracts made under the base and the option and their
    paired difference, and the paired difference of the contractor's gain per hand, each with
    its 95 % interval (numbers: ``*_low``/``*_high`` columns beside each figure). With ``game``,
    the first columns are its name and table size, and ``words`` the option value in its words.

    Raises:
        CardkitError: no rows.
    """
    import pandas as pd

    from ..frames import frame
    from .intervals import mean_interval, rate_interval

    if not rows:
        raise CardkitError("no deals in the study")
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["method"], r["option"], str(r["value"])), []).append(r)
    out = []
    for (method, option, value), rs in groups.items():
        n = len(rs)
        played = rate_interval(sum(bool(r["mattered"]) for r in rs), n)
        scored = rate_interval(sum(r["a_gain"] != r["b_gain"] for r in rs), n)
        contract = rate_interval(sum(r["a_bid"] != r["b_bid"] for r in rs), n)
        made_a = rate_interval(sum(bool(r["a_made"]) for r in rs), n)
        made_b = rate_interval(sum(bool(r["b_made"]) for r in rs), n)
        made_d = mean_interval([float(bool(r["b_made"])) - float(bool(r["a_made"])) for r in rs])
        gain_d = mean_interval([float(r["b_gain"]) - float(r["a_gain"]) for r in rs])
        label = game.option_label(option, _value(value, game, option)) if game is not None else value
        out.append({**({"game": game.name, "players": game.players} if game is not None else {}),
                    "method": method, "option": option, "value": value, "words": label, "deals": n,
                    "played differently": round(played.estimate, 4), "played_low": round(played.low, 4),
                    "played_high": round(played.high, 4),
                    "scored differently": round(scored.estimate, 4), "scored_low": round(scored.low, 4),
                    "scored_high": round(scored.high, 4),
                    "contract changed": round(contract.estimate, 4),
                    "made (base)": round(made_a.estimate, 4), "made (option)": round(made_b.estimate, 4),
                    "made difference": round(made_d.estimate, 4), "made_low": round(made_d.low, 4),
                    "made_high": round(made_d.high, 4),
                    "gain difference": round(gain_d.estimate, 2), "gain_low": round(gain_d.low, 2),
                    "gain_high": round(gain_d.high, 2)})
    return frame(pd.DataFrame(out))


def _value(text: str, game: Game, option: str) -> Any:
    """An option's value as the game holds it (``True`` for ``"True"``), for its words."""
    for v in type(game).option_choices.get(option, ()):
        if str(v) == text:
            return v
    return text


def study_text(table: Any) -> list[str]:
    """The study table as aligned text lines, one option value a line."""
    lines = [f"{'method':<8} {'option':<18} {'value':<20} {'deals':>6} {'played diff.':>13} {'scored diff.':>13} "
             f"{'made B − A (points)':>24} {'gain B − A per hand':>24}"]
    for r in table.to_dict(orient="records"):
        def span(lo: float, hi: float, scale: float = 1.0) -> str:
            if lo != lo:
                return ""
            if lo == hi:  # no spread: every deal gave the same difference
                return "(every deal)"
            return f"[{lo * scale:+.1f}, {hi * scale:+.1f}]"
        lines.append(f"{r['method']:<8} {r['option']:<18} {str(r['value']):<20} {r['deals']:>6} "
                     f"{r['played differently']:>12.1%} {r['scored differently']:>12.1%} "
                     f"{r['made difference'] * 100:>+7.1f} {span(r['made_low'], r['made_high'], 100):>16} "
                     f"{r['gain difference']:>+7.1f} {span(r['gain_low'], r['gain_high']):>16}")
    return lines


#: The columns every study file holds (:func:`study_table` with a game, written by ``cardkit study --csv``).
STUDY_COLUMNS = ("game", "players", "method", "option", "value", "deals", "played differently", "played_low",
                 "played_high", "scored differently", "scored_low", "scored_high", "made difference", "made_low",
                 "made_high", "gain difference", "gain_low", "gain_high")


def load_study(folder: str | os.PathLike[str]) -> Any:
    """Every study file (``*.csv``) of ``folder`` as one table, for :func:`study_words`.

    Raises:
        CardkitError: no file, or a file without the :data:`STUDY_COLUMNS` (naming the file and the
            missing columns).
    """
    import pandas as pd

    files = sorted(Path(folder).glob("*.csv"))
    if not files:
        raise CardkitError(f"no study file (*.csv) in {folder}")
    tables = []
    for f in files:
        t = pd.read_csv(f, dtype={"value": str})
        missing = [c for c in STUDY_COLUMNS if c not in t.columns]
        if missing:
            raise CardkitError(f"{f}: not a study file (missing the columns {', '.join(missing)})")
        tables.append(t)
    return pd.concat(tables, ignore_index=True)


def study_words(table: Any, game: Game) -> Any:
    """The study table as a learner reads it: one row per rule option value, in the game's words
    (:meth:`~cardkit.game.Game.option_label`), with the deals, how often it changed the play and
    the score, and the paired differences in contracts made (percentage points) and in the
    contractor's gain per hand, each with its 95 % interval. ``table``: :func:`study_table`'s
    (or the same read back from its CSV file)."""
    import pandas as pd

    from ..display import signed
    from ..frames import frame
    from ..i18n import _

    def share(p: float, lo: float, hi: float) -> str:
        return f"{p:.0%} ({lo * 100:.0f}–{hi:.0%})"

    def diff(m: float, lo: float, hi: float, scale: float = 1.0) -> str:
        if lo != lo:
            return signed(m * scale)
        if lo == hi:
            return signed(m * scale) + " (" + _("every deal") + ")"
        return f"{signed(m * scale)} (" + _("{low} to {high}").format(low=signed(lo * scale),
                                                                        high=signed(hi * scale)) + ")"

    rows = []
    for r in table.to_dict(orient="records"):
        rule = game.option_label(r["option"])
        value = game.option_label(r["option"], _value(str(r["value"]), game, r["option"]))
        rows.append({_("rule"): f"{rule}: {value}", _("players"): int(r.get("players", game.players)),
                     _("how the cards are played"): _(METHOD_WORDS.get(r["method"], r["method"])),
                     _("deals"): int(r["deals"]),
                     _("played differently"): share(r["played differently"], r["played_low"], r["played_high"]),
                     _("scored differently"): share(r["scored differently"], r["scored_low"], r["scored_high"]),
                     _("contracts made, change (points)"): diff(r["made difference"], r["made_low"], r["made_high"],
                                                                100.0),
                     _("contractor's gain per hand, change"): diff(r["gain difference"], r["gain_low"],
                                                                   r["gain_high"])})
    return frame(pd.DataFrame(rows).set_index(_("rule")))


def study_chart(table: Any, title: str = "each rule option against the default, on the same deals") -> Any:
    """An altair chart: per option value, the paired difference in the contractor's gain per hand
    with its 95 % interval (a rule) and how often the option changed the play (a bar)."""
    import altair as alt

    t = table.copy()
    t["rule"] = t["option"] + " = " + t["value"].astype(str)
    base = alt.Chart(t).encode(y=alt.Y("rule:N", title=None, sort=None))
    rules = base.mark_rule().encode(x=alt.X("gain_low:Q", title="contractor's gain, option − default, per hand"),
                                    x2="gain_high:Q")
    points = base.mark_point(filled=True, size=50).encode(x="gain difference:Q",
                                                          tooltip=["rule", "deals", "gain difference", "gain_low",
                                                                   "gain_high"])
    zero = alt.Chart(t).mark_rule(strokeDash=[4, 4], color="grey").encode(x=alt.datum(0))
    bars = base.mark_bar(color="#47a").encode(
        x=alt.X("played differently:Q", title="deals played differently", axis=alt.Axis(format="%")),
        tooltip=["rule", "deals", "played differently", "played_low", "played_high"])
    return alt.hconcat((rules + points + zero).properties(width=300, height=20 * len(t)),
                       bars.properties(width=200, height=20 * len(t)), title=title)


__all__ = ["STUDY_COLUMNS", "load_study", "option_values", "same_deals", "study", "study_chart", "study_deals", "study_table", "study_text", "study_words"]
