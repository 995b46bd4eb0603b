"""Widgets, tables and charts for the Five Hundred course (notebooks/500/).

Thin shells over :mod:`cardkit.game500`: every rank, legal action, explanation and score shown here
is asked of the engine; no rule of the game is written in this module.

- :func:`packs_frame`: the 33 / 43 / 53 / 63-card packs side by side (rules.md 500 §2).
- :func:`ranking_frame` and :class:`TrumpExplorer`: every card's effective suit and order under a
  trump suit or no trumps (rules.md 500 §6, §8).
- :func:`ladder_chart`: every bid's rank against its value under both misère placements (§4, §15).
- :class:`AuctionPanel`: an auction clicked through seat by seat (§4).
- :func:`legal_frame`: the legal actions of one position under several rule readings (§8).
- :func:`what_if_frame`: a contract's score changes for each number of tricks taken (§10).
- :func:`units_chart`: running scores of each side across a match, with the 500 and −500 lines (§11).
- :class:`Table500`: the :class:`~cardkit.widgets.Table` with a control for the five-handed call (§13).

Buttons and pickers carry stable CSS classes (``cardkit-trump-picker``, ``cardkit-bid-choice``,
``cardkit-bid``, ``cardkit-pass``, ``cardkit-reset``, ``cardkit-call-choice``, ``cardkit-call``) for tests
and browser tours.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

import ipywidgets as W

from ..cards import SUITS, Suit
from ..display import change_words, held_order, illegal_span, text_of
from ..errors import CardkitError, InvalidActionError
from ..escaping import escape
from ..game import Match
from ..game500 import LOSS, TARGET, TRICKS, Call, Contract, Game500, State500, bid_ladder_rows, contract_text, pack_500
from ..i18n import _, heading, pgettext
from ..progress import note_refusal, unsaved_html
from ..svg import cards_svg
from .table import Table
from ..frames import Frame, frame

__all__ = ["AuctionPanel", "Table500", "TrumpExplorer", "ladder_chart", "legal_frame", "packs_frame", "ranking_frame",
           "units_chart", "what_if_frame"]


def _button(description: str, css: str, style: str = "") -> W.Button:
    b = W.Button(description=description, tooltip=description, button_style=style,
                 layout=W.Layout(width="auto"))
    b.add_class(css)
    return b


def side_words(game: Game500, unit: Sequence[int]) -> str:
    """A scoring side (a unit of ``game.units``: seat numbers) named by its seats in words, in the
    language in use: ``"A and C"``, ``"A y C"``; a single seat by its name (rules.md 500 §10, §12-§14).

    >>> side_words(Game500(), (0, 2)), side_words(Game500(players=6), (1, 3, 5))
    ('A and C', 'B, D and F')
    """
    return text_of([game.names[s] for s in unit])


def _suit_name(suit: Suit | None) -> str:
    return _("no suit") if suit is None else suit.symbol


# ---------------------------------------------------------------- packs


def packs_frame(six_pack: str = "purpose-made") -> Any:
    """The packs for 3, 4, 5 and 6 players side by side (rules.md 500 §2), as a pandas DataFrame
    indexed by number of players.

    Columns: ``cards`` (33 / 43 / 53 / 63), ``jokers``, then one column per suit listing its ranks
    from the highest (``"A K Q J 10 … 5"``), as :func:`cardkit.game500.pack_500` builds them.
    ``six_pack`` is the six-hand option (``purpose-made`` or ``improvised``). Headings are in the
    language in use (``cartas``, ``comodines``, ``jugadores`` in Spanish).
    """
    import pandas as pd

    rows = []
    for n in (3, 4, 5, 6):
        pack = pack_500(n, six_pack)
        row: dict[str, Any] = {_("players"): n, _("cards"): len(pack), _("jokers"): sum(c.is_joker for c in pack)}
        for s in SUITS:
            ranks = sorted((c.rank for c in pack if c.suit is s), reverse=True)
            row[s.symbol] = " ".join(r.label for r in ranks)
        rows.append(row)
    return pd.DataFrame(rows).set_index(_("players"))


# ---------------------------------------------------------------- trumps


def ranking_frame(game: Game500, trump: Suit | None) -> Frame:
    """Every card of ``game``'s pack under ``trump`` (``None``: no trumps or misère), as a pandas
    DataFrame, best first within each effective suit (rules.md 500 §6, §8).

    Columns: ``card``, ``printed suit``, ``effective suit`` (``"no suit"`` for the unnominated joker),
    ``place`` (1 = best of its effective suit), ``trump`` (bool, shown yes / no), named in the language in use
    (``carta``, ``palo impreso``, ``palo efectivo``, ``puesto``, ``triunfo`` in Spanish). Ranks and
    suits come from :meth:`Game500.ranking`.
    """
    words = {"card": _("card"), "printed suit": _("printed suit"), "effective suit": _("effective suit"),
             "place": _("place"), "trump": heading("trump")}
    return frame(_ranking(game, trump).rename(columns=words))


def _ranking(game: Game500, trump: Suit | None) -> Any:
    """:func:`ranking_frame` with its columns named in English, for the code that reads them."""
    import pandas as pd

    suit_of, order = game.ranking(trump)
    cards = list(dict.fromkeys(game.new_pack()))
    groups = ([trump] if trump is not None else []) + [s for s in SUITS if s is not trump] + [None]
    rows = []
    for g in groups:
        members = sorted((c for c in cards if suit_of[c] is g), key=lambda c: -order[c])
        for i, c in enumerate(members, 1):
            rows.append({"card": str(c), "printed suit": _suit_name(c.suit), "effective suit": _suit_name(g),
                         "place": i, "trump": g is not None and g is trump})
    return pd.DataFrame(rows)


class TrumpExplorer(W.VBox):
    """Pick a trump suit (or no trumps) and see every card's effective suit and rank, best first
    (rules.md 500 §6, §8). Read from :meth:`Game500.ranking`.

    Args:
        game: the table (default: four players); its pack is shown.
        trump: the suit picked at first, or ``None`` for no trumps.

    Attributes:
        picker: the ``Dropdown`` (CSS class ``cardkit-trump-picker``) of ♠ ♣ ♦ ♥ and no trumps.
        board: the ``HTML`` (class ``cardkit-board``) with one row of card faces per effective suit.
        counts: ``{effective suit symbol or "no suit": number of cards}`` for the current choice.
    """

    def __init__(self, game: Game500 | None = None, trump: Suit | None = Suit.HEARTS) -> None:
        super().__init__()
        self.game = game or Game500()
        # the values are the suits' symbols and "NT": a Dropdown set to the value None shows nothing
        self.picker = W.Dropdown(options=[(s.symbol + " " + _(s.name.lower()), s.symbol) for s in SUITS]
                                 + [(_("no trumps"), "NT")], value="NT" if trump is None else trump.symbol,
                                 description=_("trumps"))
        self.picker.add_class("cardkit-trump-picker")
        self.board = W.HTML()
        self.board.add_class("cardkit-board")
        self.counts: dict[str, int] = {}
        self.picker.observe(lambda _c: self._render(), names="value")
        self.children = [self.picker, self.board]
        self.add_class("cardkit-trumps")
        self._render()

    @property
    def trump(self) -> Suit | None:
        """The suit picked, or ``None`` for no trumps."""
        picked = str(self.picker.value)
        return None if picked == "NT" else Suit.parse(picked)

    def _render(self) -> None:
        df = _ranking(self.game, self.trump)
        by_card = {str(c): c for c in self.game.new_pack()}
        rows, counts = [], {}
        for suit, part in df.groupby("effective suit", sort=False):
            cards = [by_card[c] for c in part["card"]]
            counts[suit] = len(cards)
            label = f"{suit} ({len(cards)})" + (" " + _("trumps") if bool(part["trump"].iloc[0]) else "")
            rows.append(f"<tr><th style='text-align:left'>{escape(label)}</th><td>{cards_svg(cards)}</td></tr>")
        self.counts = counts
        self.board.value = f"<table class='cardkit-board'>{''.join(rows)}</table>"

    def __repr__(self) -> str:
        return f"<TrumpExplorer {self.game.title}, {self.game.players} seats>"


# ---------------------------------------------------------------- the bid ladder


def ladder_chart(title: str | None = None) -> Any:
    """Every bid's rank (1 = lowest) against its value, side by side under both misère
    placements (``after-seven``, ``after-eight-spades``), from :func:`cardkit.game500.bid_ladder_rows`
    (rules.md 500 §4, §15). Misère and open misère are marked; a bid worth more than the bid just
    above it on the ladder is circled in red.

    Returns:
        an ``altair.FacetChart``; render it offline with ``alt.renderers.enable("svg")``.
    """
    import altair as alt
    import pandas as pd

    rows = bid_ladder_rows()
    kinds = {"trumps": _("suit"), "no-trump": _("no trumps"), "misere": pgettext("action", "misère"),
             "open-misere": pgettext("action", "open misère")}  # the legend's words, in the ladder's order
    bid, rank, value = pgettext("heading", "bid"), _("rank"), _("value")
    data = []
    for placement, key in (("after-seven", "rank_after_seven"), ("after-eight-spades", "rank_after_eight_spades")):
        ordered = sorted(rows, key=lambda r: r[key])
        for i, r in enumerate(ordered):
            above = ordered[i + 1]["value"] if i + 1 < len(ordered) else None
            data.append({"placement": placement, "where": Game500().option_label("misere", placement),
                         bid: contract_text(Contract.parse(r["bid"])), rank: r[key], value: r["value"],
                         "kind": kinds[r["kind"]], "misère": r["kind"] in ("misere", "open-misere"),
                         "worth more than the next bid up": above is not None and r["value"] > above})
    df = pd.DataFrame(data)
    base = alt.Chart(df).encode(
        x=alt.X(f"{rank}:Q", title=_("rank on the ladder (1 = lowest)"), scale=alt.Scale(domain=[0, 28])),
        y=alt.Y(f"{value}:Q", title=value))
    points = base.mark_point(filled=True, size=45).encode(
        color=alt.Color("kind:N", title=bid, sort=list(kinds.values())),
        shape=alt.Shape("kind:N", sort=list(kinds.values()), legend=None),
        tooltip=[f"{bid}:N", f"{rank}:Q", f"{value}:Q"])
    ring = base.transform_filter(alt.datum["worth more than the next bid up"]).mark_point(
        size=260, color="#d62728", strokeWidth=2)
    labels = base.transform_filter("datum['misère'] || datum['worth more than the next bid up']").mark_text(
        align="left", dx=8, dy=12, fontSize=10).encode(text=f"{bid}:N")  # below right: the points climb up right
    chart = alt.layer(points, ring, labels, data=df).properties(width=300, height=230).facet(
        column=alt.Column("where:N", title=Game500().option_label("misere"),  # words, not the option's code spelling
                          sort=[Game500().option_label("misere", v) for v in ("after-seven", "after-eight-spades")]))
    if title:
        chart = chart.properties(title=title)
    return chart


class AuctionPanel(W.VBox):
    """A Five Hundred auction clicked through seat by seat: the panel always acts for the seat
    whose turn it is, so one learner (or a class) makes every call (rules.md 500 §4).

    Args:
        game: the table (default: four players, default options).
        dealer: the dealing seat; the auction opens at the dealer's left.
        seed: the seed of the shuffled pack that is dealt (``Match(game, seed)``'s first shuffle).

    The bid ``Dropdown`` (class ``cardkit-bid-choice``) lists every bid of the table's ladder, lowest
    first, with the lowest legal bid chosen; the ``bid`` button (``cardkit-bid``) bids the one
    chosen, legal or not (a bid that does not outrank the standing bid is refused with the engine's
    sentence and its rule, so a learner can try one), ``pass`` (``cardkit-pass``) passes,
    the board (``cardkit-board``) shows the hand of the seat to call (the contractor's once the
    auction is over),
    ``start again`` (``cardkit-reset``) redeals the same cards. :meth:`act` does what a click does:
    an illegal call is answered with the engine's explanation and changes nothing.
    """

    def __init__(self, game: Game500 | None = None, dealer: int = 3, seed: int | None = 0) -> None:
        super().__init__()
        self.game = game or Game500()
        self.dealer = dealer
        self.pack = list(self.game.shuffled_pack(Match(self.game, seed=seed).rng))
        self.choice = W.Dropdown(options=[], layout=W.Layout(width="150px"))
        self.choice.add_class("cardkit-bid-choice")
        self.bid_button = _button(pgettext("action", "bid"), "cardkit-bid", "success")
        self.pass_button = _button(pgettext("action", "pass"), "cardkit-pass")
        self.reset_button = _button(_("start again"), "cardkit-reset")
        self.bid_button.on_click(lambda _b: self.act(self.choice.value) if self.choice.value else None)
        self.pass_button.on_click(lambda _b: self.act("pass"))
        self.reset_button.on_click(lambda _b: self.reset())
        self.status = W.HTML()
        self.status.add_class("cardkit-status")
        self.calls_html = W.HTML()
        self.calls_html.add_class("cardkit-calls")
        self.message = W.HTML()
        self.message.add_class("cardkit-message")
        self.board = W.HTML()
        self.board.add_class("cardkit-board")
        self.children = [self.status, self.board,
                         W.HBox([self.choice, self.bid_button, self.pass_button, self.reset_button]),
                         self.message, self.calls_html]
        self.add_class("cardkit-auction")
        self.reset()

    def reset(self) -> None:
        """Deal the same cards again and restart the auction."""
        self.state: State500 = self.game.new_hand(self.dealer, self.game.initial_scores(), self.pack)
        self._message = ""
        self._render()

    def act(self, call: str) -> str | None:
        """Make ``call`` (``"pass"``, ``"bid 7♠"``, ``"bid misere"``…) for the seat to act.

        Returns:
            ``None`` when it was applied, else the engine's explanation (also shown).
        """
        try:
            why = self.state.why_illegal(call)
        except InvalidActionError as e:
            why = str(e)
        if why is None and self.state.phase != "auction":
            why = _("the auction is over")
        if why is not None:
            self._message = illegal_span(why) + unsaved_html(note_refusal(why))  # kept in the learner's progress
        else:
            self.state.apply_action(call)
            self._message = ""
        self._render()
        return why

    def _render(self) -> None:
        st = self.state
        names = self.game.names
        if st.phase == "auction":
            to_call = st.actor()
            high = (_("standing bid {bid} by {name}").format(bid=contract_text(st.high), name=names[st.bidder])
                    if st.high and st.bidder is not None else _("no bid yet"))
            self.status.value = escape(_("{name} to call").format(name=names[to_call]) + f" · {high}")
            legal = [str(a) for a in st.legal_actions() if a.worth() is not None]
            bids = [self.game.bid_action(str(c)) for c in self.game.ladder]
            # shown in the reader's words, chosen as the record writes it (what act() takes)
            self.choice.options = [(a.words(), str(a)) for a in bids]
            self.choice.value = legal[0] if legal else None
        else:
            self.status.value = escape(st.summary() if st.contract else _("thrown in"))
            self.choice.options = []
        seat = st.current_player() if st.phase == "auction" else st.contractor
        self.board.value = "" if seat is None else (
            f"<div>{escape(names[seat])}</div>{cards_svg(held_order(st, st.hands[seat]))}")
        open_ = st.phase == "auction"
        self.bid_button.disabled = self.pass_button.disabled = self.choice.disabled = not open_
        self.message.value = self._message
        self.calls_html.value = "<br>".join(escape(f"{names[s]}: {a.words()}") for s, a in st.calls)

    def __repr__(self) -> str:
        return f"<AuctionPanel {self.game.title}, {self.game.players} seats>"


# ---------------------------------------------------------------- legal sets, what-ifs, matches


def legal_frame(positions: Mapping[str, State500]) -> Frame:
    """The legal actions of several positions side by side (e.g. one position under each joker
    reading of rules.md 500 §8), as a pandas DataFrame.

    Args:
        positions: ``{column label: state}``; each state's :meth:`legal_actions` is read.

    Returns:
        one row per action that is legal in at least one position (in first-seen order, each read
        as people read it: :meth:`~cardkit.game.Action.words`), one boolean column per position
        (shown yes / no), and a last column ``legal in`` counting the positions; the index is
        headed ``action``. Headings are in the language in use.
    """
    import pandas as pd

    seen: dict[str, dict[str, bool]] = {}
    legal = {label: {str(a) for a in st.legal_actions()} for label, st in positions.items()}
    words: dict[str, str] = {}
    for label, st in positions.items():
        for a in st.legal_actions():
            seen.setdefault(str(a), {})
            words.setdefault(str(a), a.words())
    for action in seen:
        for label in positions:
            seen[action][label] = action in legal[label]
    df = pd.DataFrame.from_dict(seen, orient="index", columns=list(positions)).rename(index=words)
    df.index.name = _("action")
    df[_("legal in")] = df.sum(axis=1)
    return frame(df)


def _scored_with(state: State500, tricks_won: Sequence[int]) -> State500:
    """A copy of ``state`` (a contract standing) scored by the engine as if each seat had taken
    ``tricks_won[seat]`` tricks."""
    return state.scored_as_if(tricks_won)  # the engine's own scoring (rules.md 500 §10)


def what_if_frame(state: State500, outcomes: Iterable[int] = range(TRICKS + 1)) -> Frame:
    """The score changes of ``state``'s contract for each number of tricks the contracting side
    might take (rules.md 500 §10), as a pandas DataFrame indexed by that number.

    Each row is the engine's own scoring of the hand with the contractor taking that many tricks
    and the first defending seat the rest (misère: the contractor's tricks; one taken stops the
    hand). Columns: ``made`` and one score change per scoring unit, named in words
    (``"A and C"``, :func:`side_words`); headings in the language in use (``cumplido``, ``A y C``).
    A :class:`~cardkit.widgets.tables.Frame`: the changes are ints, shown ``+300`` / ``−300`` /
    ``no change``, ``made`` as yes/no.

    Raises:
        CardkitError: no contract stands in ``state``.
    """
    import pandas as pd

    g = state.game
    c = state.contractor
    if c is None:
        raise CardkitError(_("a what-if needs a hand with a contract standing"))
    defender = next(s for s in state.active if s not in state.contracting_seats())
    labels = [side_words(g, unit) for unit in g.units]
    rows = []
    for k in outcomes:
        won = [0] * g.players
        won[c] = k
        won[defender] = TRICKS - k
        st = _scored_with(state, won)
        r = st.returns()
        rows.append({"tricks": k, _("made"): st.made(), **{lab: r[unit[0]] for lab, unit in zip(labels, g.units)}})
    df = pd.DataFrame(rows).set_index("tricks").rename_axis(None)
    df.columns.name = heading("tricks")  # one header row: "tricks" heads the row numbers, no row of its own
    return frame(df, changes=labels)


def units_chart(match: Match, *, title: str | None = None) -> Any:
    """Running scores of each scoring unit (side) across ``match`` as an altair line chart, with
    rules at 500 and −500 (rules.md 500 §11) and at 0.

    The x axis is the hand number (0: the start), the y axis the score; units are labelled by
    their seats in words (``"A and C"``, :func:`side_words`).

    Returns:
        an ``altair.LayerChart``; render it offline with ``alt.renderers.enable("svg")``.
    """
    import altair as alt
    import pandas as pd

    g = match.game
    if not isinstance(g, Game500):
        raise CardkitError(_("the chart of scoring sides is Five Hundred's, not {game}'s (rules.md 500 §11)").format(
            game=_(g.title)))
    labels = [side_words(g, unit) for unit in g.units]
    hand, side, score = heading("hand"), _("side"), heading("score")  # axis, legend and tooltip titles
    data = [{hand: 0, side: lab, score: match.start_scores[u[0]]} for lab, u in zip(labels, g.units)]
    scores = list(match.start_scores)
    for i, played in enumerate(match.hands, 1):
        if not played.is_terminal():
            break
        scores = [s + d for s, d in zip(scores, played.returns())]
        data += [{hand: i, side: lab, score: scores[u[0]]} for lab, u in zip(labels, g.units)]
    df = pd.DataFrame(data)
    lines = alt.Chart(df).mark_line(point=True).encode(
        x=alt.X(f"{hand}:Q", title=hand, axis=alt.Axis(tickMinStep=1)),
        # the ±500 lines always in view, and every score too (a side can end past 500, e.g. 670)
        y=alt.Y(f"{score}:Q", title=score, scale=alt.Scale(domain=[min(LOSS - 100, int(df[score].min()) - 50),
                                                                   max(TARGET + 100, int(df[score].max()) + 50)])),
        color=alt.Color(f"{side}:N", title=side), tooltip=[f"{hand}:Q", f"{side}:N", f"{score}:Q"])
    marks = pd.DataFrame({score: [TARGET, 0, LOSS],
                          "line": [_("{target} wins").format(target=TARGET), "0",
                                   _("{loss} loses").format(loss=change_words(LOSS))]})
    rules = alt.Chart(marks).mark_rule(strokeDash=[4, 4], color="gray").encode(y=f"{score}:Q")
    text = alt.Chart(marks).mark_text(align="left", dx=3, dy=-6, color="gray").encode(
        y=f"{score}:Q", x=alt.value(2), text="line:N")
    chart = alt.layer(lines, rules, text).properties(width=420, height=260)
    if title:
        chart = chart.properties(title=title)
    return chart


# ---------------------------------------------------------------- the table, with the five-handed call


class Table500(Table):
    """The :class:`~cardkit.widgets.Table` for Five Hundred, with one more control: a five-handed
    contractor calls a card from a ``Dropdown`` (class ``cardkit-call-choice``) of exactly the
    engine's callable cards and a ``call`` button (``cardkit-call``), beside ``go alone``
    (rules.md 500 §13). The plain Table shows only the contractor's own cards for a call, and
    those are not callable by default (``self-call=off``). A misère partner's row is marked as
    sitting out (§9). Everything else is the Table's.

    Arguments are the Table's (see :class:`~cardkit.widgets.Table`).
    """

    def _action_widgets(self, st: Any, to_act: int | None, legal: list[Any]) -> list[W.Widget]:
        calls = [a for a in legal if isinstance(a, Call)]
        if not calls or to_act is None or to_act not in self.humans:
            return super()._action_widgets(st, to_act, legal)
        out = super()._action_widgets(st, to_act, [a for a in legal if not isinstance(a, Call)])
        choice = W.Dropdown(options=[(a.words(), a) for a in calls], value=calls[0], layout=W.Layout(width="150px"))
        choice.add_class("cardkit-call-choice")
        button = _button(_("call"), "cardkit-action", "info")
        button.add_class("cardkit-call")
        button.on_click(lambda _b: self.act(choice.value))
        out.append(W.HBox([choice, button]))
        return out

    def __repr__(self) -> str:
        return f"<Table500 {self.game.title}, {self.game.players} seats>"
