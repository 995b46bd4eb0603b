"""The :class:`Table` widget: play or replay hands of either game.

The widget is a thin shell over the engine. It holds *view state* only: the script of the match
(each hand's pack and the actions taken so far), a cursor into it, which seat's view is shown,
and which seats the user plays. Everything else it asks the engine: the state at the cursor is a
:class:`~cardkit.game.Match` replayed from the script; legal actions come from
``state.legal_actions()``; an illegal click is answered with ``state.why_illegal(action)``
(the message names the rule) and changes nothing; scores come from ``state.returns()`` and the
match. No rule of either game is written here, and no action's text is read: the controls come
from the game's action groups (:mod:`cardkit.widgets.controls`), the coach's advice and review
from :mod:`cardkit.coach`, the styles from ``table.css``; the deal stepper is
:mod:`cardkit.widgets.deal`.

Buttons carry stable CSS classes (``cardkit-back``, ``cardkit-next``, ``cardkit-start``,
``cardkit-end``, ``cardkit-card``, ``cardkit-legal``, ``cardkit-action``) and the scores are in an
HTML element of class ``cardkit-scores``, so a browser test can find them.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as W

from .. import coach
from ..cards import Card
from ..display import change_words, held_order, illegal_span, rule_words, said_html, score_changes, text_of
from ..errors import CardkitError, IllegalActionError
from ..escaping import escape
from ..game import Action, Game, Match, Outcome, Player, State
from ..registry import find_game, find_player, player_kinds
from ..i18n import N_, _, ngettext
from ..progress import note_refusal, unsaved_html
from ..replay import Replay
from ..rulecards import rule_text
from ..svg import cards_svg
from .controls import action_controls, button
from .deal import DealStepper

__all__ = ["SIZES", "DealStepper", "Table", "player_label"]

#: The table's styles (``table.css``, package data), put in the page once per table.
CSS = "<style>\n" + (Path(__file__).with_name("table.css")).read_text(encoding="utf-8") + "</style>"

#: What each kind of computer player does, in plain words, for the opponents' drop-down (the
#: values stay the kind names of :func:`cardkit.registry.player_kinds`).
#: None of them sees a hidden card: the search players guess the hidden cards many times over.
_PLAYER_LABELS = {"random": N_("plays at random"), "sensible": N_("follows simple rules"),
                  "sampler": N_("guesses the hidden cards many times"),
                  "solver": N_("guesses the hidden cards, then solves each guess"),
                  "ismcts": N_("tries out many possible games")}


def player_label(kind: str) -> str:
    """A computer player's kind (``"sensible"``) as a learner reads it, in the current language
    (``"follows simple rules"``); an unlisted kind is shown by its name."""
    return _(_PLAYER_LABELS[kind]) if kind in _PLAYER_LABELS else kind


#: The table sizes of the size control: CSS zoom of the whole table (cards, text and trick).
SIZES = ("normal", "large", "projector")
_SIZE_LABELS = {"normal": N_("normal"), "large": N_("large"), "projector": N_("projector")}


def _default_player(game: Game, seed: int | None) -> Player:
    return find_player(game, game.default_player, seed=seed)


class Table(W.VBox):
    """A card table for one match: the user plays some seats, computer players the others.

    Args:
        game: a :class:`~cardkit.game.Game`, or a game name for :func:`~cardkit.game.find_game`.
        players: number of seats when ``game`` is a name (501: 3 or 4).
        seed: seeds the first dealer and every shuffle (as ``Match(game, seed)`` does), and the
            default computer players; the same seed gives the same match.
        humans: the seats the user plays (clicking legal actions); the others are computer players.
        computers: ``{seat: player}`` overriding the default computer players (each a
            :class:`~cardkit.game.Player`; see :mod:`cardkit.players`).
        seat: the seat whose view is shown, or ``None`` for every hand face up. Default: the first
            human seat, else ``None``.
        stay_blind: 501: whether a user's blind seat stays blind; when False the widget looks at
            the cards for the user at their first turn (rules.md 501 §6, kit).
        autoplay: when the user plays a seat, computer players move by themselves until the
            user's next turn or the end of the hand.
        live: whether stepping past the end of the script deals and plays on (computer players,
            new hands). Default True, but False for a record: it stops at the record's end.

    Raises:
        UnknownOptionError: an unknown game name or number of players.

    The state at the cursor is :attr:`state`; :meth:`next`, :meth:`back`, :meth:`to_start`,
    :meth:`to_end` move the cursor; :meth:`act` does what a click does.

    >>> t = Table("501", seed=1, humans=[0, 1, 2], stay_blind=True)
    >>> t.act("bid 60").endswith("a bid must be at least 66 [rules.md 501 §5]")
    True
    >>> t.act("bid 70") is None, t.state.high_bid, t.position
    (True, 70, (0, 1))
    >>> t.back(), t.state.high_bid
    (True, None)

    ``Table(game, …)`` builds the table widget the game declares in the registry
    (:func:`cardkit.registry.table_widget`): Five Hundred's has the call controls.

    >>> type(Table("500", players=5)).__name__
    'Table500'
    """

    def __new__(cls, game: Game | str = "501", *args: Any, **kwargs: Any) -> Table:
        """A new table of the widget class ``game`` declares (:func:`cardkit.registry.table_widget`),
        when ``Table`` itself is asked for; a subclass asked for by name is built as it is."""
        if cls is Table:
            from ..registry import table_widget

            declared = table_widget(game)
            if declared is not None and issubclass(declared, cls):
                cls = declared
        make: Callable[..., Table] = super().__new__  # traitlets' HasDescriptors.__new__ takes the arguments
        return make(cls, game, *args, **kwargs)

    def __init__(self, game: Game | str = "501", *, players: int | None = None, seed: int | None = None,
                 humans: Iterable[int] = (), computers: dict[int, Player] | None = None,
                 seat: int | None | str = "auto", stay_blind: bool = False, autoplay: bool = True,
                 live: bool = True, names: Sequence[str] | None = None, play: bool | None = None,
                 size: str = "normal", _match: Match | None = None) -> None:
        super().__init__()
        if isinstance(game, str):
            kw: dict[str, Any] = {"names": names} if names else {}
            game = find_game(game, players, **kw)
        self.game: Game = game
        self.humans: set[int] = set(humans)
        for h in self.humans:
            if not 0 <= h < game.players:
                raise CardkitError(f"humans: seat {h} does not exist at a table of {game.players}")
        self.seed = seed
        self.computers: dict[int, Player] = {
            s: (computers or {}).get(s) or _default_player(game, None if seed is None else seed * 10 + s)
            for s in range(game.players) if s not in self.humans}
        self.autoplay = autoplay
        self._message = ""
        self._options: dict[str, Any] = {}
        self._replay: Replay | None = None  # None while the controls are being built
        #: The cursor a hint or review was asked at; the next move clears it from the screen.
        self._coached_at: tuple[int, int] | None = None
        self._build_controls(stay_blind)
        self._build_play_controls(bool(self.humans) and live if play is None else play)
        if seat == "auto":
            seat = min(self.humans) if self.humans else None
        self.add_class("cardkit-table")
        #: The engine's replay cursor this widget shows: script, position, state (see :mod:`cardkit.replay`).
        self.replay = Replay(game, seed=seed, match=_match, players=self.computers, live=live)
        self._replay = self.replay
        self.computers = self.replay.players  # one dict: a seat's player changed here plays there
        self._settle()
        self.seat_picker.value = seat
        self.set_size(size)
        self._render()

    # ------------------------------------------------------------ construction

    @classmethod
    def from_record(cls, source: str | Path | Match, *, live: bool = False, at: str = "start",
                    **kw: Any) -> Table:
        """A table replaying a record file (read by :func:`cardkit.records.load`) or a match.

        ``at`` is ``"start"`` (before the first action) or ``"end"`` (after the last). With
        ``live=False`` (the default) stepping stops at the record's end.

        Raises:
            RecordError: the file cannot be loaded (every problem listed with its place).
        """
        if isinstance(source, Match):
            match = source
        else:
            from ..records import load

            match = load(source)
        t = cls(match.game, seed=match.seed, live=live, _match=match, **kw)
        if at == "end":
            t.to_end()
        return t

    @staticmethod
    def join(url: str, code: str | None = None, **kw: Any) -> Any:
        """A table of the table server (``python -m cardkit serve``), live: see
        :class:`cardkit.widgets.remote.RemoteTable` (``url``: the table's address; ``code``: the
        seat's or the teacher's code)."""
        from .remote import RemoteTable

        return RemoteTable(url, code, **kw)

    def _build_controls(self, stay_blind: bool) -> None:
        names = self.game.names
        self.start_button = button("⏮ " + _("Start"), "cardkit-start", width="auto")
        self.back_button = button("◀ " + _("Back"), "cardkit-back", width="auto")
        self.next_button = button(_("Next") + " ▶", "cardkit-next", width="auto")
        self.end_button = button(_("End") + " ⏭", "cardkit-end", width="auto")
        self.start_button.on_click(lambda _b: self.to_start())
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.end_button.on_click(lambda _b: self.to_end())
        options: list[tuple[str, int | None]] = [(_("all hands"), None)]
        options += [(n, s) for s, n in enumerate(names)]
        self.seat_picker = W.Dropdown(options=options, index=0, description=_("view"),
                                      layout=W.Layout(width="auto", min_width="210px"),
                                      style={"description_width": "initial"})
        self.seat_picker.add_class("cardkit-seat")
        # a Dropdown set to the value None deselects; keep "all hands" (whose value is None) shown
        def keep_all_hands(change: Mapping[str, Any]) -> None:
            if change["new"] is None:
                self.seat_picker.index = 0

        self.seat_picker.observe(keep_all_hands, names="index")
        self.seat_picker.observe(lambda _c: self._render(), names="value")
        self.stay_blind = W.Checkbox(value=stay_blind, description=_("stay blind"), indent=False,
                                     layout=W.Layout(width="auto"))
        self.stay_blind.add_class("cardkit-stay-blind")
        self._wants_blind = stay_blind  # the user's choice, kept while the box shows a seat that has looked
        self.stay_blind.observe(self._blind_changed, names="value")
        self.status = W.HTML()
        self.status.add_class("cardkit-status")
        self.board = W.HTML()
        self.board.add_class("cardkit-board")
        self.message = W.HTML()
        self.message.add_class("cardkit-message")
        self.actions = W.VBox()
        self.actions.add_class("cardkit-actions")
        self.log_html = W.HTML()
        self.log_html.add_class("cardkit-log")
        self.scores = W.HTML()
        self.scores.add_class("cardkit-scores")
        nav = W.HBox([self.start_button, self.back_button, self.next_button, self.end_button, self.seat_picker]
                     + ([self.stay_blind] if self.humans and self.game.look_action is not None else []))
        self.size_picker = W.ToggleButtons(options=[(_(_SIZE_LABELS[s]), s) for s in SIZES], value="normal",
                                           tooltips=[_("table size: cards, text and trick") for _s in SIZES],
                                           style={"button_width": "auto"})
        self.size_picker.add_class("cardkit-size")
        self.size_picker.observe(lambda c: self.set_size(c["new"]), names="value")
        self.coach = W.HTML()
        self.coach.add_class("cardkit-coach")
        self.nav = W.HBox([self.start_button, self.back_button, self.next_button, self.end_button, self.seat_picker]
                          + ([self.stay_blind] if self.humans and self.game.look_action is not None else [])
                          + [self.size_picker])
        self.nav.add_class("cardkit-nav")
        side = W.VBox([self.scores, self.log_html])
        side.add_class("cardkit-side")
        main = W.HBox([self.board, side])
        main.add_class("cardkit-main")
        self.children = [W.HTML(CSS), self.nav, self.status, main, self.message, self.actions, self.coach]

    def _build_play_controls(self, show: bool) -> None:
        """The bar for playing, not only replaying: a new deal (random, or by seed), which seat
        you play, the table size, the rules' options, the computer opponents, a hint, a review."""
        game = self.game
        self.deal_button = button("🂠 " + _("New deal"), "cardkit-new-deal", style="primary", width="auto",
                                   tooltip=_("deal a new hand: random, or the deal number typed beside"))
        self.seed_box = W.Text(value="", placeholder=_("deal number"),
                               tooltip=_("deal number: the same number deals the same cards (blank: random)"),
                               layout=W.Layout(width="110px"))
        self.seed_box.add_class("cardkit-seed")
        self.you_picker = W.Dropdown(options=[(n, s) for s, n in enumerate(game.names)],
                                     value=min(self.humans) if self.humans else 0, description=_("you play"),
                                     layout=W.Layout(width="140px"), style={"description_width": "initial"})
        self.you_picker.add_class("cardkit-you")
        self.you_picker.observe(lambda c: self.choose_seat(c["new"]), names="value")
        sizes = game.table_sizes or (game.players,)
        self.players_picker = W.Dropdown(
            options=[(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in sizes],
            value=game.players, layout=W.Layout(width="110px"))
        self.players_picker.add_class("cardkit-players")
        self.players_picker.observe(self._players_changed, names="value")
        kinds = player_kinds(game)
        self.opponents = W.Dropdown(options=[(player_label(k), k) for k in kinds], value=game.default_player if game.default_player in kinds else kinds[0],
                                    description=_("computers"), layout=W.Layout(width="auto"),
                                    style={"description_width": "initial"})
        self.opponents.add_class("cardkit-opponents")
        #: One control per rule option the game declares (:attr:`Game.option_choices`): a drop-down,
        #: or a check box for an on/off option; the default is labelled as such.
        self.option_controls: dict[str, W.ValueWidget] = {}
        for name, choices in game.option_choices.items():
            default = game.option_defaults.get(name, choices[0])
            ctrl: W.ValueWidget
            title = game.option_label(name)  # plain words; the records' name stays in the CSS class
            # the tooltip names the option's rule in the reader's language ("regla 8 del Quinientos"),
            # not the engine's English help with the records' spellings
            item = re.search(r"§(\d+)\)?$", game.option_help.get(name, ""))
            tip = title
            if item:  # and the rule's words, so that hovering says what the rule is
                words = rule_text(game.name, int(item.group(1)))
                tip = f"{title} ({rule_words(f'rules.md {game.name} §{item.group(1)}')})"
                tip += f": {words}" if words else ""
            if all(isinstance(v, bool) for v in choices):
                state = _("on") if default else _("off")
                ctrl = W.Checkbox(value=bool(default), indent=False,
                                  description=_("{name} (default: {value})").format(name=title, value=state),
                                  layout=W.Layout(width="auto"))
            else:
                labels = [(game.option_label(name, v), v) for v in choices]
                ctrl = W.Dropdown(options=[(_("{value} (default)").format(value=w) if v == default else w, v)
                                           for w, v in labels], value=default, description=title,
                                  style={"description_width": "initial"}, layout=W.Layout(width="auto"))
            ctrl.tooltip = tip  # the option's rule, for whoever hovers
            ctrl.add_class("cardkit-option")
            ctrl.add_class(f"cardkit-option-{name}")
            self.option_controls[name] = ctrl
        self.options_box = W.Accordion(children=[W.VBox(list(self.option_controls.values()))],
                                       selected_index=None,
                                       layout=W.Layout(display="" if self.option_controls else "none",
                                                       max_width="640px"))
        self.options_box.set_title(0, _("rule options for the next deal"))
        self.options_box.add_class("cardkit-options")
        self.hint_button = button("💡 " + _("Hint"), "cardkit-hint", width="auto",
                                   tooltip=_("what the coach would do, and why"))
        self.review_button = button("🔍 " + _("Review my hand"), "cardkit-review", width="auto",
                                     tooltip=_("where you left best play (the solver, every card known)"))
        self.deal_button.on_click(lambda _b: self._deal_clicked())
        self.hint_button.on_click(lambda _b: self.hint())
        self.review_button.on_click(lambda _b: self.review())
        self.play_bar = W.HBox([self.deal_button, self.seed_box, self.players_picker, self.you_picker, self.opponents,
                                self.hint_button, self.review_button])
        self.play_bar.add_class("cardkit-play-bar")
        if show:
            # the coach's hint and the review's result right under their buttons, on the first screen
            rest = [c for c in self.children[2:] if c is not self.coach]
            self.children = [*self.children[:2], self.play_bar, self.coach, self.options_box, *rest]

    def chosen_options(self) -> dict[str, Any]:
        """The rule options set in the option controls that differ from the game's defaults, as
        records write them (e.g. ``{"joker-lead": "loose"}``); ``{}`` when all are defaults."""
        defaults = self.game.option_defaults
        return {name: ctrl.value for name, ctrl in self.option_controls.items() if ctrl.value != defaults.get(name)}

    # ------------------------------------------------------------ playing

    def set_size(self, size: str) -> None:
        """Show the table at ``size`` (one of :data:`SIZES`): cards, text and trick scale together;
        at ``"projector"`` the whole table fits a 1280×720 screen.

        Raises:
            CardkitError: an unknown size (the message lists the sizes).
        """
        if size not in SIZES:
            raise CardkitError(_("no table size {size!r}: use one of {choices}").format(
                size=size, choices=", ".join(SIZES)))
        for s in SIZES:
            self.remove_class(f"cardkit-size-{s}")
        self.add_class(f"cardkit-size-{size}")
        if self.size_picker.value != size:
            self.size_picker.value = size

    @property
    def size(self) -> str:
        """The table size shown: ``"normal"``, ``"large"`` or ``"projector"``."""
        return str(self.size_picker.value)

    def _players_changed(self, change: dict[str, Any]) -> None:
        """Another table size chosen: the table in play stays until New deal, and says so."""
        n = change["new"]
        if n != self.game.players:
            text = ngettext("Press 🂠 New deal to play with {n} player.",
                            "Press 🂠 New deal to play with {n} players.", n).format(n=n)
            self.coach.value = f"<div class='cardkit-hint'>{escape(text)}</div>"
        elif self._coached_at is None:
            self.coach.value = ""

    def _deal_clicked(self) -> None:
        text = self.seed_box.value.strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            why = _("a deal number is a whole number, or blank for a random deal")
            self._message = f"<span class='cardkit-illegal'>{escape(why)}</span>"
            self._render()
            return
        try:
            self.new_deal(seed, players=self.players_picker.value, options=self.chosen_options(),
                          opponents=self.opponents.value)
        except CardkitError as e:
            self._message = illegal_span(str(e))
            self._render()

    def new_deal(self, seed: int | None = None, *, players: int | None = None, options: dict[str, Any] | None = None,
                 opponents: str | None = None) -> int:
        """Start a new match: a random deal, or the one of ``seed`` (the same seed gives every
        student the same cards); optionally at another table size, with rule ``options`` (as
        records write them, e.g. ``{"joker-lead": "loose"}``) and another kind of computer player.

        Returns:
            the seed dealt (shown in the seed box, so a class can share it).

        Raises:
            UnknownOptionError: an unknown table size, option, value or player kind; nothing changes.
        """
        import random

        seed = random.randrange(1, 1_000_000) if seed is None else int(seed)
        players = players or self.game.players
        options = self._options if options is None else dict(options)
        game = self.game
        if players != game.players or options != self._options:
            game = find_game(game.name, players, **options)
        kind = opponents or self.opponents.value
        you = min(self.humans) if self.humans else 0
        you = you if you < game.players else 0
        computers = {s: find_player(game, kind, seed=seed * 10 + s) for s in range(game.players) if s != you}
        self.game, self._options, self.seed, self.humans = game, options, seed, {you}
        self.replay = self._replay = Replay(game, seed=seed, players=computers, live=True)
        self.computers = self.replay.players
        names = game.names
        self.seat_picker.options = [(_("all hands"), None)] + [(n, s) for s, n in enumerate(names)]
        self.you_picker.options = [(n, s) for s, n in enumerate(names)]
        self.you_picker.value = you
        self.seat_picker.value = you
        self.seed_box.value = str(seed)
        self.players_picker.value = game.players
        for name, ctrl in self.option_controls.items():  # the controls show the rules dealt
            ctrl.value = game.options.get(name, ctrl.value)
        self.opponents.value = kind
        self.coach.value = ""
        self._message = ""
        self._settle()
        self._render()
        return seed

    def choose_seat(self, seat: int) -> None:
        """Play ``seat`` from now on (the others are computer players); its view is shown.

        Raises:
            CardkitError: no such seat at this table.
        """
        if not 0 <= seat < self.game.players:
            raise CardkitError(f"no seat {seat} at a table of {self.game.players}")
        if self.humans == {seat}:
            return
        for old in self.humans - {seat}:
            self.computers[old] = find_player(self.game, self.opponents.value,
                                              seed=None if self.seed is None else self.seed * 10 + old)
        self.computers.pop(seat, None)
        self.humans = {seat}
        if self.you_picker.value != seat:
            self.you_picker.value = seat
        self.seat_picker.value = seat
        self.coach.value = ""
        self._settle()
        self._render()

    def hint(self) -> str:
        """The coach's advice for your turn, with its reason (a computer player of the table's
        default kind, asked what it would do in your place); shown under the table.

        Returns:
            the advice as text.
        """
        st = self.state
        seat = st.current_player()
        if seat is None or seat not in self.humans:
            text = _("No hint now: it is not your turn.")
        else:
            # shown at once: the coach may take seconds on a busy machine
            thinking = escape(_("thinking…"))
            self.coach.value = f"<div class='cardkit-hint cardkit-thinking'>💡 {thinking}</div>"
            text = coach.advice(self.game, st)
        self.coach.value = f"<div class='cardkit-hint'>💡 {escape(text)}</div>"
        self._coached_at = self.replay.cursor
        return text

    def review(self) -> list[str]:
        """Review your cards of the hand at the cursor with the solver (every card known, best
        play by everyone after): each card you played that lost value against best play
        (:func:`cardkit.coach.review`).

        Returns:
            one line per such card, or a single line saying that you kept to best play.
        """
        # shown at once: the solver is compiled the first time a page uses it (seconds)
        self.coach.value = f"<div class='cardkit-review cardkit-thinking'>🔍 {escape(_('thinking…'))}</div>"
        done = coach.review(self.game, self.state, self.humans, self.game.names)
        note = f"<br><small>{escape(done.note)}</small>" if done.note else ""
        self.coach.value = ("<div class='cardkit-review'>🔍 " + "<br>".join(escape(x) for x in done.lines)
                            + note + "</div>")
        self._coached_at = self.replay.cursor
        return done.lines

    def _blind_changed(self, change: Any) -> None:
        if self.stay_blind.disabled:  # set by _show_blindness, not by the user
            return
        self._wants_blind = bool(change["new"])
        if self._replay is not None:
            self._settle()
            self._render()

    # ------------------------------------------------------------ reading

    @property
    def live(self) -> bool:
        """Whether stepping past the end of the script deals and plays on."""
        return self.replay.live

    @live.setter
    def live(self, value: bool) -> None:
        self.replay.live = value

    @property
    def state(self) -> State:
        """The hand at the cursor (a live engine state: read it, do not change it)."""
        return self.replay.state

    @property
    def position(self) -> tuple[int, int]:
        """The cursor: ``(hand index, number of that hand's actions applied)``, both from 0."""
        return self.replay.cursor

    @property
    def script(self) -> list[list[Action]]:
        """The actions of every hand in the script (a copy), including any after the cursor."""
        return self.replay.script

    @property
    def outcome(self) -> Outcome | None:
        """The match's :class:`~cardkit.game.Outcome` at the cursor, or ``None``."""
        return self.replay.outcome

    @property
    def match(self) -> Match:
        """A :class:`~cardkit.game.Match` replayed from the first hand up to the cursor."""
        return self.replay.match

    def score_sheet(self) -> Any:
        """The score sheet of the finished hands up to the cursor, as a pandas DataFrame."""
        from .tables import score_sheet

        return score_sheet(self.match)

    # ------------------------------------------------------------ moving

    def _settle(self) -> None:
        """At the end of the script, let computer players move until the user's turn (autoplay),
        and look at a blind user's cards unless they stay blind (rules.md 501 §6, kit)."""
        if not self.humans:
            return
        self.replay.settle(autoplay=self.autoplay, look=not self._wants_blind)

    def _show_blindness(self, st: State) -> None:
        """Untick and grey "stay blind" while every person's seat has seen its cards (a box ticked
        beside face-up cards would say the opposite of the table); tick it again as it was when a
        new hand deals them blind."""
        looked = all(not isinstance(st.view(s).hands[s], int) for s in self.humans)
        if looked != self.stay_blind.disabled:
            self.stay_blind.disabled = True  # the value set below is not the user's
            self.stay_blind.value = self._wants_blind and not looked
            self.stay_blind.disabled = looked

    def _moved(self, why: str | None) -> bool:
        if why is None and self.replay.cursor[1] == 0:
            self._settle()  # a new hand was dealt
        self._message = "" if why is None else said_html(why)
        self._render()
        return why is None

    def next(self) -> bool:
        """Step forward one action (or deal the next hand); returns whether the cursor moved."""
        return self._moved(self.replay.step())

    def back(self) -> bool:
        """Step back one action (or to the end of the previous hand); returns whether it moved."""
        if not self.replay.back():
            self._message = escape(_("at the start"))
            self._render()
            return False
        self._message = ""
        self._render()
        return True

    def to_start(self) -> None:
        """Go to the start of the current hand, or of the previous one when already there."""
        self.replay.start()
        self._message = ""
        self._render()

    def to_end(self, limit: int = 10_000) -> None:
        """Step forward to the end of the current hand (playing on if live, up to the user's turn)."""
        why = self.replay.end(limit)
        self._message = "" if why is None else said_html(why)
        self._render()

    def play_to(self, h: int, k: int) -> None:
        """Put the cursor at hand ``h`` after ``k`` of its actions (both within the script).

        Raises:
            CardkitError: no such position in the script.
        """
        self.replay.goto(h, k)
        self._message = ""
        self._render()

    # ------------------------------------------------------------ acting

    def act(self, action: Action | str) -> str | None:
        """Do what clicking ``action`` does for the seat to act: an illegal action is answered
        with the engine's explanation (naming the rule) and changes nothing.

        Returns:
            ``None`` when the action was applied, else the explanation shown.
        """
        try:
            self.replay.apply(action)
        except CardkitError as e:  # not an action of this game, or illegal here
            why = str(e)
            # a refused play is a mistake on its rule, kept in the learner's progress
            unsaved = unsaved_html(note_refusal(e)) if isinstance(e, IllegalActionError) else ""
            self._message = illegal_span(why) + unsaved
            self._render()
            return why
        self._message = ""
        if not self.replay.live and self.replay.at_frontier() and not self.replay.state.is_terminal():
            # a move past the end of a record: the user plays on, so the computers answer and
            # Next ▶ goes on (it stalled at "end of the record" before)
            self.replay.live = True
        self._play_on()
        self._settle()
        self._render()
        return None

    def _play_on(self, limit: int = 1000) -> None:
        """After the user's move inside a script (a record being replayed), let the script's next
        moves of computer seats follow by themselves, up to a user's turn or the end of the hand,
        as they do past the script's end (:meth:`_settle`). Only at a live table (one that plays
        on, like the start page's); a record stepped through with ``live=False`` waits for Next ▶,
        and with ``autoplay`` off nothing moves either."""
        if not self.autoplay or not self.replay.live:
            return
        for _i in range(limit):
            st = self.replay.state
            if st.is_terminal() or self.replay.at_frontier() or st.current_player() in self.humans:
                return
            if self.replay.step() is not None:
                return

    # ------------------------------------------------------------ drawing

    def _render(self) -> None:
        if self._replay is None:  # still being built
            return
        st = self._replay.state
        if self._coached_at is not None and self._coached_at != self._replay.cursor:
            self.coach.value = ""  # a hint or review is about the position it was asked at
            self._coached_at = None
        view = st.view(self.seat_picker.value)
        names = self.game.names
        to_act = st.current_player()
        legal = st.legal_actions() if to_act is not None else []
        self.status.value = self._status_html(st, to_act)
        self.board.value = self._board_html(st, view, to_act, legal)
        self.message.value = self._message
        self.scores.value = self._scores_html(st)
        if self.humans and self.game.look_action is not None:
            self._show_blindness(st)
        viewer = self.seat_picker.value
        # the whole hand's log in a fixed-height panel that scrolls (newest last)
        self.log_html.value = "<br>".join(escape(st.describe(a, s, viewer)) for s, a in self._replay.log)
        self.actions.children = self._action_widgets(st, to_act, legal)
        at_start = self._replay.at_start()
        self.back_button.disabled = at_start
        self.start_button.disabled = at_start
        # nothing ahead (a person's turn with nothing recorded after it, the end of a record, the
        # end of the match): Next and End could only say why they do not move
        stuck = not self._replay.can_step()
        self.next_button.disabled = stuck
        self.end_button.disabled = stuck or st.is_terminal()
        if hasattr(self, "hint_button"):  # built after the first drawing
            # the coach advises only the person whose turn it is
            self.hint_button.disabled = to_act is None or to_act not in self.humans

    def _status_html(self, st: State, to_act: int | None, still: bool = False) -> str:
        """The status line: hand, dealer, how the hand stands, who acts, the step (not in a still
        picture, which has no buttons), and at the end of a hand what happened and what next."""
        names = self.game.names
        h, k = self.replay.cursor
        parts = [escape(_("hand {n}").format(n=h + 1)), escape(_("dealer {name}").format(name=names[st.dealer])),
                 escape(st.summary())]
        needed = st.needed_words(self.seat_picker.value)  # after each trick, as the viewer may know it
        if needed is not None:
            parts.append(f"<span class='cardkit-needed'>{escape(needed)}</span>")
        if to_act is not None:
            who = names[to_act] + (" (" + _("you") + ")" if to_act in self.humans else "")
            to_act_text = _("{name} to act").format(name=who)
            parts.append(f"<span class='cardkit-toact'>{escape(to_act_text)}</span>")
        if not still and self.replay.script[h]:  # no "step 0 of 0" while nothing is recorded
            parts.append(escape(_("step {k} of {n}").format(k=k, n=len(self.replay.script[h]))))
        line = " · ".join(parts)
        if st.is_terminal():
            line += f"<div class='cardkit-next-step'>{escape(self._what_next(st, still))}</div>"
        elif not still and not self.replay.live and self.replay.at_frontier():
            # a record that stops before its hand is over: say why Next ▶ is greyed out
            line += ("<div class='cardkit-next-step'>"
                     + escape(_("That is the end of the record: press ⏮ Start to see it again.")) + "</div>")
        return line

    @property
    def playing(self) -> bool:
        """Whether the bar for playing (🂠 New deal, your seat, Hint, Review) is on the table."""
        return self.play_bar in self.children

    def _what_next(self, st: State, still: bool = False) -> str:
        """At the end of a hand: what happened (the score changes, the match's result only when
        the match really is over, rules.md 501 §10, 500 §11), and which button on this table to
        press next; a still picture (``still``) has no buttons, so it says only what happened."""
        said = _("The hand is over ({summary}): {changes}.").format(
            summary=st.summary(), changes=score_changes(self.game.names, st.returns()))
        outcome = self.replay.outcome
        if outcome is not None:
            said += " " + _("The match is over: {result}.").format(result=outcome.result(self.game.names))
            if still:
                return said
            if self.playing:
                return said + " " + _("Press 🂠 New deal to start a new match.")
            return said + " " + _("Press ⏮ Start to see the hand again.")
        if still:
            return said
        if self.live or self.replay.cursor[0] + 1 < self.replay.hands:
            return said + " " + _("Press Next ▶ to deal the next hand.")
        if self.playing:
            return said + " " + _("That is the end of the record: press ⏮ Start to see it again, "
                                  "or 🂠 New deal to play a new hand.")
        return said + " " + _("That is the end of the record: press ⏮ Start to see it again.")

    def _sorted(self, st: State, cards: Iterable[Card]) -> list[Card]:
        """``cards`` as a hand is held: see :func:`cardkit.display.held_order`."""
        return held_order(st, cards)

    def _board_html(self, st: State, view: Any, to_act: int | None, legal: list[Action]) -> str:
        names = self.game.names
        legal_cards = [a.card for a in legal if a.card is not None]
        rows = []
        for s, hand in enumerate(view.hands):
            badges = [_("dealer")] if s == view.dealer else []
            badges += view.badges(s)  # the game's words: bidder or contractor, blind, sits out
            if s in self.humans:
                badges.append(_("you"))
            if isinstance(hand, int):
                pic = cards_svg([None] * hand) if hand else ""
            else:
                pic = cards_svg(self._sorted(st, hand), highlight=legal_cards if s == to_act else ())
            tally = view.tally(s) or ""
            name = f"<span class='cardkit-toact'>▶ {escape(names[s])}</span>" if s == to_act else escape(names[s])
            rows.append(f"<tr><th style='text-align:left'>{name}</th>"
                        f"<td class='cardkit-badge'>{escape(', '.join(badges))}</td><td>{pic}</td>"
                        f"<td class='cardkit-badge'>{escape(tally)}</td></tr>")
        talon = view.talon
        word = _(self.game.talon_word)
        tpic = cards_svg([None] * talon) if isinstance(talon, int) else cards_svg(list(talon))
        if (isinstance(talon, int) and talon) or (not isinstance(talon, int) and len(talon)):
            rows.append(f"<tr><th style='text-align:left'>{escape(word)}</th><td></td><td>{tpic}</td><td></td></tr>")
        lines = []
        if view.calls:
            said = " · ".join(f"{names[s]} {c.words()}" for s, c in view.calls)
            lines.append(escape(_("auction")) + ": " + escape(said))
        lines.extend(escape(note) for note in view.notes(names))
        trick = view.current_trick
        shown, caption = None, ""
        if trick is not None and trick.plays:
            shown, caption = trick, _("trick {n}").format(n=len(view.tricks) + 1)
        elif view.tricks:
            shown = view.tricks[-1]
            caption = _("trick {n} won by {name}").format(n=len(view.tricks), name=names[shown.winner])
        if shown is not None:
            cells = "".join(f"<td style='text-align:center'>{escape(names[s])}<br>{cards_svg([c])}</td>"
                            for s, c in shown.plays)
            lines.append(f"<table><caption style='text-align:left'>{escape(caption)}</caption>"
                         f"<tr>{cells}</tr></table>")
        # hands on the left, the auction, the exchange and the trick beside them (the width of a screen)
        return (f"<div style='display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start'><table class='cardkit-board'>{''.join(rows)}"
                "</table><div class='cardkit-center'>" + "".join(f"<div>{x}</div>" for x in lines) + "</div></div>")

    def _scores_html(self, st: State) -> str:
        names = self.game.names
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        rows: list[tuple[str, Sequence[int | str]]] = [(_("score before the hand"), st.scores_before)]
        counted = st.counted()
        if counted is not None:
            rows.append((_("hand total"), counted))
        if st.is_terminal():
            rows.append((_("change"), [change_words(r) for r in st.returns()]))
            rows.append((_("score"), st.scores_after()))
        body = "".join(f"<tr><th style='text-align:left'>{escape(label)}</th>"
                       + "".join(f"<td>{escape(text_of(v))}</td>" for v in vals) + "</tr>" for label, vals in rows)
        out = f"<table><tr><th></th>{head}</tr>{body}</table>"
        if self.replay.outcome is not None:
            out += f"<div><b>{escape(self.replay.outcome.result(names))}</b></div>"
        return out

    def _action_widgets(self, st: State, to_act: int | None, legal: list[Action]) -> list[W.Widget]:
        """The controls of the user's legal actions (:func:`cardkit.widgets.controls.action_controls`)."""
        if to_act is None or to_act not in self.humans:
            return []
        hand = st.view(to_act).hands[to_act]
        held = None if isinstance(hand, int) else self._sorted(st, hand)
        return action_controls(self.game.action_groups(legal), held, self.act)

    def find(self, css: str) -> list[W.Widget]:
        """The widgets currently shown with CSS class ``css`` (for tests and scripted tours)."""
        found: list[W.Widget] = []

        def walk(w: Any) -> None:
            if css in getattr(w, "_dom_classes", ()):
                found.append(w)
            for c in getattr(w, "children", ()):
                walk(c)

        walk(self)
        return found

    def picture(self) -> Any:
        """The table at the cursor as a still picture (status line, hands, trick, scores), for a
        lesson that steps a table of its own in code: the tables on the page stay where they are.

        Returns:
            a :class:`cardkit.display.Shown` (HTML for Jupyter, the status line as text).
        """
        from ..display import Shown

        st = self.replay.state
        status = self._status_html(st, st.current_player(), still=True)  # no step count, no buttons named
        html = (f"<div class='cardkit-table cardkit-picture'>{CSS}<div class='cardkit-status'>{status}"
                f"</div>{self.board.value}<div class='cardkit-scores'>{self.scores.value}</div></div>")
        return Shown(html, unescape(re.sub(r"<[^>]+>", " ", status)).replace("  ", " ").strip())

    def __repr__(self) -> str:
        # no position here: a notebook's saved output must not depend on how far play went
        return f"<Table {self.game.title}, {self.game.players} seats>"
