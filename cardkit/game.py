"""The Game / State / Match protocol shared by both games, in the OpenSpiel manner.

- A :class:`Game` holds the fixed rules of a table: the game, the number of seats, the options.
- A :class:`State` is one hand (one deal) in progress: ``current_player()``, ``phase``,
  ``legal_actions()``, ``apply_action(a)``, ``is_terminal()``, ``returns()``, ``clone()``,
  ``history()``, ``view(seat)``.
- A :class:`Match` strings hands together: the seeded first dealer and shuffles, running scores,
  dealer rotation and the end of the match (an :class:`Outcome`).

A seed and the actions are the whole record of a match; see :mod:`cardkit.records`.
"""

from __future__ import annotations

import copy
from collections import Counter
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Hashable, Iterable, Mapping, Protocol, Sequence

from .allocation import Knowledge
from .cards import Card, Cards, Suit
from .errors import CardkitError, IllegalActionError, InvalidActionError, UnknownOptionError, quoted
from .i18n import _, get_language
from .tricks import Trick

#: Where a card of the pack goes in the deal: a seat number, or ``TALON`` (501's talon, 500's kitty).
TALON = -1


class Action:
    """Base of every action. Actions are immutable values; ``str`` is the text that parses back.

    ``card`` is the card the action shows, plays, gives, buries or calls, or ``None`` for an
    action without a card (a bid, a pass); the shared layers read it instead of asking the kind.
    """

    __slots__ = ()

    #: The card this action moves or names, or ``None``.
    card: Card | None = None
    #: The kind's verb as records write it (``"bid"``, ``"play"``; ``"go"`` of ``"go alone"``).
    verb: ClassVar[str] = ""
    #: How a table offers the kind (see :class:`ActionGroup`): ``"cards"``, ``"amount"``,
    #: ``"choice"`` or ``"buttons"``.
    form: ClassVar[str] = "buttons"
    #: Whether a table lets the seat choose every card of its run of actions of this kind at once
    #: and confirm them together (Five Hundred's three buried cards, rules.md 500 §5); the engine
    #: still takes them one action at a time.
    together: ClassVar[bool] = False

    @property
    def special(self) -> bool:
        """Whether the action adds something to its card (501's marriage, Five Hundred's joker
        naming a suit): a table offers it apart from a click on the card."""
        return False

    @property
    def amount(self) -> int | None:
        """The number a table's number box sets for this kind (501's bid, a declaration's
        contract), or ``None``."""
        return None

    @property
    def choice(self) -> str | None:
        """What a table's chooser picks besides the :attr:`amount`, as records write it (a 501
        declaration's trump: ``"♥"``, ``"NT"``), or ``None``."""
        return None

    def choice_words(self) -> str | None:
        """:attr:`choice` as people read it in the language in use (``"sin triunfo"``)."""
        return self.choice

    def with_card(self, card: Card) -> Action:
        """The plain action of this kind with ``card`` (``play K♠`` for any play), legal or not.

        Raises:
            InvalidActionError: the kind moves no card.
        """
        raise InvalidActionError(f"{self!r} moves no card")

    def with_amount(self, amount: int) -> Action:
        """This action with ``amount`` instead of its own (``bid 70`` from ``bid 66``), legal or not.

        Raises:
            InvalidActionError: the kind has no amount.
        """
        raise InvalidActionError(f"{self!r} has no amount")

    def verb_words(self) -> str:
        """The verb as people read it in the language in use (``"puja"``)."""
        return self.verb

    def verb_phrase(self) -> str:
        """The verb as it reads after "cannot" in the language in use (Spanish: the infinitive,
        ``"pujar"``)."""
        return self.verb_words()

    def object_words(self) -> str:
        """What follows the verb, as people read it in the language in use (``"80"``, ``"the
        joker"``, ``"no-trump 100"``), or ``""``."""
        return ""

    def detail_words(self) -> str:
        """What the action adds to its verb and card, as people read it (``"marriage"``,
        ``"naming ♥"``; ``"con matrimonio"``), or ``""``: the words a table writes after the
        card of a :attr:`special` action."""
        return ""

    def words(self) -> str:
        """The action as people read it: its record text in English (``"bid 80"``), the game's
        words for it in another language (``"puja 80"``)."""
        return str(self) if get_language() == "en" else self.translated()

    def translated(self) -> str:
        """The action in the words of the language in use, composed from its game's catalog words
        (:meth:`verb_words`, :meth:`object_words`): ``"declare no-trump 100"``, ``"declara sin
        triunfo 100"``."""
        return " ".join(w for w in (self.verb_words(), self.object_words()) if w)

    def phrase(self) -> str:
        """The action as the verb phrase that follows "cannot" in the language in use
        (:meth:`verb_phrase`, :meth:`object_words`): "C cannot play 10♦", "C no puede jugar 10♦"."""
        return " ".join(w for w in (self.verb_phrase(), self.object_words()) if w)

    def bid_words(self) -> str | None:
        """What this action bids as a sentence names it, without its verb, in the language in use
        (``"7NT"``, ``"80"``, the record's own spelling in English; ``"8 sin triunfo"``), so a
        sentence can say "the standing bid is 6♣"; ``None`` for an action that is not a bid."""
        return None

    def worth(self) -> int | None:
        """What this action bids, in points (a 501♠ bid's points, rules.md 501 §5, or a 501♠
        declaration's final contract, §7; a Five Hundred bid's contract value, 500 §10), or
        ``None`` for an action that is not a bid."""
        return None

    def worth_text(self) -> str | None:
        """How a bid's :meth:`worth` follows from the rule, as a sentence in the current language,
        or ``None`` for an action that is not a bid."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


@dataclass(frozen=True)
class ActionGroup:
    """Legal actions a table offers as one control (:meth:`Game.action_groups`), read from what
    each action declares, never from its text.

    ``kind`` says how: ``"cards"`` (a click on a card of the hand: ``play``, ``give``, ``bury``),
    ``"special"`` (a button each, showing the card: a marriage, a joker naming a suit),
    ``"amount"`` (a number box, a chooser of :attr:`Action.choice` when the actions have one, and
    a button: 501's bids and declarations), ``"choice"`` (a list and a button, or a few buttons:
    Five Hundred's bids, a call) or ``"buttons"`` (a button each: pass, look, go alone).
    ``verb`` is the actions' verb as records write it; ``actions`` keep the legal list's order.
    """

    kind: str
    verb: str
    actions: tuple[Action, ...]

    def label(self) -> str:
        """The verb as people read it in the language in use (``"bid"``, ``"puja"``)."""
        return self.actions[0].verb_words()

    def choices(self) -> list[tuple[str, str]]:
        """The distinct :attr:`Action.choice` values of an ``"amount"`` group, in order, as
        ``(words, choice)``; empty when the actions have none."""
        seen: dict[str, str] = {}
        for a in self.actions:
            if a.choice is not None and a.choice not in seen:
                seen[a.choice] = a.choice_words() or a.choice
        return [(w, c) for c, w in seen.items()]

    def lowest(self) -> int | None:
        """The smallest :attr:`Action.amount` of the group, or ``None``."""
        amounts = [a.amount for a in self.actions if a.amount is not None]
        return min(amounts) if amounts else None


def group_actions(legal: Iterable[Action]) -> list[ActionGroup]:
    """``legal`` as :class:`ActionGroup` s, one per (kind, verb) in first-seen order: a special
    action (:attr:`Action.special`) in a ``"special"`` group, any other by its kind's
    :attr:`Action.form`.

    >>> from cardkit.game501 import Game501
    >>> [(g.kind, g.verb, len(g.actions)) for g in group_actions(Game501().parse_action(t)
    ...     for t in ("pass", "bid 66", "bid 67", "play K♠", "play K♠ marriage"))]
    [('buttons', 'pass', 1), ('amount', 'bid', 2), ('cards', 'play', 1), ('special', 'play', 1)]
    """
    groups: dict[tuple[str, str], list[Action]] = {}
    for a in legal:
        groups.setdefault(("special" if a.special else a.form, a.verb), []).append(a)
    return [ActionGroup(kind, verb, tuple(acts)) for (kind, verb), acts in groups.items()]


@dataclass(frozen=True)
class Outcome:
    """The end of a match: ``winners`` (seats, several for a shared win), final ``scores`` and why."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    def result(self, names: Sequence[str] | None = None) -> str:
        """A one-line summary in the language in use, e.g. ``"A wins: a score reached 0 or below;
        the lowest wins"``, ``"B and D win: …"`` (``"B y D ganan: …"``)."""
        who = [names[w] if names else f"seat {w}" for w in self.winners]
        if len(who) == 1:
            return _("{name} wins: {reason}").format(name=who[0], reason=self.reason)
        together = ", ".join(who[:-1]) + " " + _("and") + " " + who[-1]
        return _("{names} win: {reason}").format(names=together, reason=self.reason)


@dataclass(repr=False)
class View:
    """What one seat may see of a hand (``seat``), or everything (``seat`` is ``None``).

    ``hands[s]`` is a :class:`Cards` when seat ``s``'s cards are visible to the viewer, else the
    number of cards it holds. ``talon`` likewise (501's talon, 500's kitty). Each game's view adds
    its own typed fields (:class:`cardkit.game501.View501`, :class:`cardkit.game500.View500`: the
    contract, marriages, blind seats, …); :meth:`game_fields` gives those fields in declaration
    order, and :attr:`extra` the same as a plain dict for reading in a notebook.

    What the shared layers draw they ask of the view, never of a field by its name:
    :meth:`badges` (what a seat's row says: dealer, bidder or contractor, blind, sitting out),
    :meth:`tally` (tricks, and in 501♠ card points), :meth:`notes` (gives, marriages) and
    :meth:`score_rows` (what a finished hand counted); what they pass on whole (the table
    server's messages, OpenSpiel's observation text) they take from :meth:`game_fields`.
    """

    seat: int | None
    phase: str
    dealer: int
    current_player: int | None
    hands: list[Cards | int]
    talon: Cards | int
    tricks: list[Trick]
    current_trick: Trick | None
    #: The auction so far: ``(seat, action)`` for every call, in order.
    calls: list[tuple[int, Action]]
    scores: list[int]

    def game_fields(self) -> list[tuple[str, Any]]:
        """The fields the game's view class declares besides this base's, as ``(name, value)``
        pairs in declaration order (every name once): what a layer that passes the view on whole
        sends or writes out without reading any of them by name."""
        return [(f.name, getattr(self, f.name)) for f in fields(self) if f.name not in _VIEW_FIELDS]

    @property
    def extra(self) -> dict[str, Any]:
        """The game's own fields (:meth:`game_fields`) as ``{name: value}``, in field order, for
        reading in a notebook; the kit's own layers read the typed fields or the methods."""
        return dict(self.game_fields())

    def in_play(self, seat: int) -> bool:
        """Whether ``seat`` takes part in the hand (501's dealer of four sits out; so does Five
        Hundred's partner of a misère contractor)."""
        return True

    def badges(self, seat: int) -> list[str]:
        """What a table shows beside ``seat``'s name besides "dealer", in the current language and
        the rule text's words: the contracting role (501's bidder, Five Hundred's contractor),
        blind, sitting out."""
        return []

    def tally(self, seat: int) -> str | None:
        """What ``seat`` has taken so far, as a phrase in the current language (e.g.
        ``"2 tricks, 31 points"``), or ``None`` when nothing is counted for it."""
        return None

    def notes(self, names: Sequence[str]) -> list[str]:
        """Sentences of the hand's story beside the tricks (a give, a marriage), seats called by
        ``names``, in the current language; what the viewer may not see stays hidden."""
        return []

    def talon_turned_up(self) -> tuple[Cards, int] | None:
        """The talon's cards turned face up for all once a seat took them, and that seat (501's
        talon after the auction, rules.md 501 §7), or ``None``."""
        return None

    def score_rows(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """What a hand counted for each seat, as ``(label, text)`` rows in the current language,
        seats called by ``names`` (e.g. ``("tricks", "A 5, B 3, C 2")``); a count nobody has
        scored in yet is left out. None by default."""
        return []

    @staticmethod
    def _seat_row(label: str, names: Sequence[str], values: Sequence[int]) -> list[tuple[str, str]]:
        """``[(label, "A 5, B 3, C 0")]``, one number per seat, or ``[]`` when every number is 0."""
        if not any(values):
            return []
        return [(label, ", ".join(f"{names[s]} {v}" for s, v in enumerate(values)))]

    def __repr__(self) -> str:
        base = ", ".join(f"{name}={getattr(self, name)!r}" for name in _VIEW_FIELDS)
        return f"View({base}, extra={self.extra!r})"

    def _repr_html_(self) -> str:
        from .svg import view_html

        return view_html(self)


_VIEW_FIELDS = ("seat", "phase", "dealer", "current_player", "hands", "talon", "tricks", "current_trick",
                "calls", "scores")


def deal_cards(pack: Sequence[Card], targets: Sequence[int]) -> tuple[list[list[Card]], list[Card]]:
    """Hands and talon from a pack in deal order and the target of each pack position.

    ``targets[i]`` is the seat that receives ``pack[i]`` or :data:`TALON`. Returns
    ``(hands, talon)`` with ``hands`` indexed by seat (seats that get nothing hold ``[]``).
    """
    if len(pack) != len(targets):
        raise CardkitError(f"a pack of {len(pack)} cards, but the deal places {len(targets)}")
    seats = max(targets, default=TALON) + 1
    hands: list[list[Card]] = [[] for _ in range(seats)]
    talon: list[Card] = []
    for card, t in zip(pack, targets):
        (talon if t == TALON else hands[t]).append(card)
    return hands, talon


def pack_from_deal(hands: Sequence[Sequence[Card]], talon: Sequence[Card], targets: Sequence[int]) -> list[Card]:
    """The pack order that :func:`deal_cards` maps to these hands and talon (its inverse).

    Raises:
        CardkitError: when a hand or the talon holds the wrong number of cards.
    """
    want: dict[int, int] = {}
    for t in targets:
        want[t] = want.get(t, 0) + 1
    sources = {t: list(talon) if t == TALON else list(hands[t]) if t < len(hands) else [] for t in want}
    for t, n in want.items():
        if len(sources[t]) != n:
            where = "talon" if t == TALON else f"hand of seat {t}"
            raise CardkitError(f"the {where} must hold {n} cards, not {len(sources[t])}")
    for s in range(len(hands)):
        if s not in want and hands[s]:
            raise CardkitError(f"seat {s} is dealt no cards but a hand of {len(hands[s])} was given")
    pos = {t: 0 for t in want}
    pack = []
    for t in targets:
        pack.append(sources[t][pos[t]])
        pos[t] += 1
    return pack


@dataclass(frozen=True)
class Decision:
    """A player's choice for the seat to act: the ``action`` and the player's ``reason`` for it in
    words, in the language in use (``""`` when it gives none).

    ``facts`` holds the figures the reason is built from (how many sampled deals, how many made
    the contract, …), for tests and tables; it takes no part in equality.
    """

    action: Action
    reason: str = ""
    facts: Mapping[str, object] = field(default_factory=dict, compare=False, repr=False)


class Player(Protocol):
    """What a computer player offers (see :mod:`cardkit.players`): ``choose(state)``, a legal
    action for the seat to act with the reason for it. The one player protocol of the kit."""

    def choose(self, state: State) -> Decision:
        """The :class:`Decision` for ``state.current_player()``; its action is always legal."""
        ...


class Game(ABC):
    """The fixed rules of a table. Subclasses: :class:`cardkit.game501.Game501`, …

    Every fact a shared layer (players, solver, explore, widgets, command line) needs about a game
    is declared here as a class attribute, so those layers read facts and never ask for a game by
    its name.
    """

    #: The game's short name in records and on the command line: ``"501"`` or ``"500"``.
    name: ClassVar[str]
    #: The game's title for people (English; translated with ``_()`` where people read it).
    title: ClassVar[str]
    #: How learners read the game's name in "rule 8 of 501" (English; translated with ``_()``).
    rules_word: ClassVar[str]
    #: The rule text's word for the undealt cards, as users read it: ``"talon"`` or ``"kitty"``.
    talon_word: ClassVar[str] = "talon"

    @staticmethod
    def rule_items() -> dict[int, tuple[str, str]]:
        """Each numbered rule of the game (its ``docs/rules.md`` items) → (its title, its plain
        words), in the language in use: what rule cards and the progress page show. None by default."""
        return {}
    #: True when a lower running score is better (501♠ counts down from 501 to 0).
    lower_is_better: ClassVar[bool] = False
    #: The player kind (see :func:`cardkit.registry.find_player`) a table uses for computer seats.
    default_player: ClassVar[str] = "random"
    #: The rule-based player kind that estimates, tournaments and the stronger players use to play
    #: hands out (see :func:`cardkit.registry.rule_player`).
    rule_player: ClassVar[str] = "random"
    #: The numbers of players the game can be played by.
    table_sizes: ClassVar[tuple[int, ...]] = ()
    #: The rule options with their default values, as saved in records (``{}``: none).
    option_defaults: ClassVar[dict[str, Any]] = {}
    #: Every value each rule option may take, default first (booleans: ``(False, True)``), so a
    #: table can offer them as drop-downs and check boxes.
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {}
    #: One line on each rule option (English, with its rules.md item), for tooltips and help.
    option_help: ClassVar[dict[str, str]] = {}
    #: Plain words for the rule options as learners read them (English, translated with ``_()``):
    #: ``{name: title}`` and ``{(name, value): words}``; see :meth:`option_label`.
    option_words: ClassVar[dict[Any, str]] = {}
    #: The action by which a seat playing blind looks at its cards, or ``None`` when the game has
    #: no blind play (501♠'s ``look``, rules.md 501 §6).
    look_action: ClassVar[Action | None] = None
    #: The kinds of play position the solver's kernel searches for this game, as
    #: ``(tricks_left, prefer)`` for :func:`cardkit.solver.positions.random_play_state` (seeded 1,
    #: 2, … in order), so :mod:`cardkit.solver.warm` compiles each once.
    solver_warmup: ClassVar[tuple[tuple[int | None, tuple[str, ...]], ...]] = ()
    #: A worked example for estimates (:data:`cardkit.explore.estimate.BID_EXAMPLES`): ``hand``,
    #: ``contract`` and ``seat``; empty: none.
    bid_example: ClassVar[dict[str, Any]] = {}
    #: The game's rule tables, one :class:`~cardkit.rulebook.Phase` per phase (``{"play": PLAY, …}``):
    #: what a shared layer reads to name a rule a seat broke (:func:`cardkit.rulebook.rule_title`).
    phase_rules: ClassVar[Mapping[str, Any]] = {}
    #: The largest score change one hand can bring a seat, in points (the bound of the returns a
    #: learning algorithm sees, :mod:`cardkit.openspiel`).
    max_change: ClassVar[int] = 0

    def __init__(self, players: int, names: Sequence[str] | None = None) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise UnknownOptionError(f"players must be a whole number, not {players!r}")
        self.players = players
        if isinstance(names, str):
            raise CardkitError(f"names {names!r}: give a list of {players} names, one per seat")
        self.names: list[str] = list(names) if names else self.default_names(players)
        if len(self.names) != players:
            raise CardkitError(f"{players} players need {players} names, not {len(self.names)}")
        for i, n in enumerate(self.names):
            if not isinstance(n, str) or not n.strip():
                raise CardkitError(f"seat {i}'s name {n!r} is not a name: give each seat some text")
        #: The scoring units as tuples of seats: each seat alone, unless the game seats partners who
        #: share one score (Five Hundred's sides, rules.md 500 §1).
        self.units: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(players))
        if len(set(self.names)) != len(self.names):
            twice = sorted({n for n in self.names if self.names.count(n) > 1})
            raise CardkitError(f"names {self.names!r}: every seat needs its own name ({', '.join(twice)} "
                               "given twice)")

    def option_label(self, name: str, value: Any = None) -> str:
        """A rule option, or one of its values, in plain words in the language in use, for tables
        and controls that learners read (records and the command line keep the option's names).

        Args:
            name: an option name, as records write it (``"call-cards"``).
            value: one of its values (``"any"``; ``True``/``False`` read yes/no), or ``None`` for
                the option's title.

        Returns:
            the game's words for it (:attr:`option_words`), else the name or value as written.
        """
        if value is None:
            return _(self.option_words[name]) if name in self.option_words else name
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        words = self.option_words.get((name, value))
        return _(words) if words is not None else str(value)

    def default_names(self, players: int) -> list[str]:
        """Seat names when none are given."""
        return [chr(ord("A") + i) for i in range(players)]

    @property
    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The rule options as plain values, as saved in records."""

    @abstractmethod
    def new_pack(self) -> Cards:
        """The pack in a fixed, unshuffled order: suit by suit, each suit from its highest card
        down as the game ranks them without trumps, jokers last (:meth:`State.held_order` and the
        deal language's ``hcp``, :mod:`cardkit.explore.language`, read this order)."""

    @abstractmethod
    def deal_targets(self, dealer: int) -> list[int]:
        """For each pack position in deal order, the seat receiving it or :data:`TALON`."""

    @abstractmethod
    def new_hand(self, dealer: int, scores: Sequence[int], pack: Sequence[Card]) -> State:
        """A new hand dealt from ``pack`` (deal order) by ``dealer``, with running ``scores``."""

    @abstractmethod
    def initial_scores(self) -> list[int]:
        """The score of every seat at the start of a match."""

    @abstractmethod
    def match_outcome(self, hand: State) -> Outcome | None:
        """The end of the match after ``hand`` (terminal), or ``None`` if play goes on."""

    @abstractmethod
    def parse_action(self, text: str | Action) -> Action:
        """Read an action of this game; raises :class:`InvalidActionError`."""

    def bid_action(self, contract: int | str) -> Action:
        """The auction's bid of ``contract`` as people type it (501♠: ``80``; Five Hundred:
        ``"8H"``, ``"misere"``), legal or not.

        Raises:
            InvalidActionError: no bid of this game.
        """
        raise InvalidActionError(f"{contract!r}: the game {self.title} has no bids")

    def action_groups(self, legal: Iterable[Action]) -> list[ActionGroup]:
        """The ``legal`` actions as a table offers them (:func:`group_actions`: bids, cards,
        declarations, …), for a widget or page that renders actions without reading their text."""
        return group_actions(legal)

    def action_space(self) -> list[Action]:
        """Every action this table may ever take, each once, in a fixed order that is the same for
        every hand (the action numbers of :class:`cardkit.openspiel.ActionCodec`).

        Raises:
            CardkitError: the game lists no actions.
        """
        raise CardkitError(f"no list of every action for the game {self.title}")

    def max_plain_actions(self) -> int:
        """The most actions without a card (``card`` is ``None``: calls, passes, declarations,
        nominations) one hand of this table can hold, by the rules; the length of the auction
        record of the learning tensors (:mod:`cardkit.tensors`).

        Raises:
            NotImplementedError: the game does not say (every game of the kit does).
        """
        raise NotImplementedError(f"{type(self).__name__} does not bound its actions without a card")

    def trump_cards(self, trump: Suit) -> list[Card]:
        """The pack's cards that are trumps when ``trump`` is the trump suit, highest first: the
        cards of that suit (a pack lists each suit from its highest card), unless the game ranks
        others as trumps too (Five Hundred's joker and left bower, rules.md 500 §6)."""
        return [c for c in self.new_pack() if c.suit is trump]

    def card_points(self) -> dict[Card, int]:
        """Each card of the pack → the card points it counts, where the game counts card points
        toward a contract (501♠: A 11, 10 10, K 4, Q 3, J 2, 9 0, rules.md 501 §3); empty where it
        counts none (Five Hundred counts tricks, rules.md 500 §10). A new dict each call."""
        return {}

    def next_dealer(self, dealer: int) -> int:
        """The next dealer: one seat to the left, after every hand (rules.md 501 §2, 500 §4)."""
        return (dealer + 1) % self.players

    def shuffled_pack(self, rng: random.Random) -> list[Card]:
        """A shuffled and cut pack, in deal order."""
        pack = list(self.new_pack())
        rng.shuffle(pack)
        cut = rng.randrange(1, len(pack))
        return pack[cut:] + pack[:cut]

    def deal_from_hands(self, dealer: int, hands: Sequence[Sequence[Card]], talon: Sequence[Card]) -> list[Card]:
        """The pack order that deals exactly these ``hands`` and ``talon`` for ``dealer``."""
        return pack_from_deal(hands, talon, self.deal_targets(dealer))

    def check_table(self, dealer: int, scores: Sequence[int]) -> None:
        """Raise :class:`CardkitError` unless ``dealer`` is a seat and ``scores`` has one int per seat."""
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise CardkitError(f"dealer {dealer!r} is not a seat: use 0 to {self.players - 1}")
        if len(scores) != self.players or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
            raise CardkitError(f"scores {list(scores)!r}: give one whole number per seat ({self.players})")

    def check_match_scores(self, scores: Sequence[int]) -> None:
        """Raise :class:`CardkitError` unless a match may go on from running ``scores`` (one whole
        number per seat, already checked): games refuse scores that have already ended the match or
        that partners could never have. The base accepts any."""

    def check_pack(self, pack: Sequence[Card]) -> None:
        """Raise :class:`CardkitError` unless ``pack`` holds exactly this game's cards."""
        want: dict[Card, int] | None = self.__dict__.get("_pack_counts")
        if want is None:  # counted once per table: the pack never changes
            want = self._pack_counts = dict(Counter(self.new_pack()))
        have = dict(Counter(pack))  # plain dicts: their == runs in C, a Counter's in Python
        if want != have:
            extra = [str(c) for c in have if have[c] > want.get(c, 0)]
            missing = [str(c) for c in want if want[c] > have.get(c, 0)]
            parts = []
            if extra:
                parts.append("not in this pack or repeated: " + " ".join(extra))
            if missing:
                parts.append("missing: " + " ".join(missing))
            raise CardkitError(f"not a {self.title} pack of {len(want)} cards ({'; '.join(parts)})")

    def max_actions(self) -> int:
        """The most actions (not counting the deal) a hand of this table can take, a bound each
        game proves from its own rules (the auction's longest sequence, exchanges, tricks): with
        the pack's size, OpenSpiel's ``max_game_length``.

        Raises:
            CardkitError: the game declares none.
        """
        raise CardkitError(f"the game {self.title} declares no longest hand")

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}(players={self.players}{opts})"


class State(ABC):
    """One hand in progress. Every action is checked; a rejected one changes nothing.

    Besides the protocol (``current_player``, ``legal_actions``, ``apply_action``, ``returns``,
    ``view``, …) every game's state keeps the same public attributes, read by the shared layers
    (players, solver, explorers, widgets); change them only through :meth:`apply_action`.
    """

    game: Game
    dealer: int
    scores_before: list[int]
    pack: Cards
    #: Each seat's cards now (a seat dealt nothing holds ``[]``).
    hands: list[list[Card]]
    #: The completed tricks, in order.
    tricks: list[Trick]
    #: The trick in progress, or ``None`` (before the play, or once the hand is over).
    trick: Trick | None
    #: The trump suit of the contract; ``None`` for no trumps or before a contract stands.
    trump: Suit | None
    #: The seat that won the auction and plays the contract, or ``None``: 501's bidder (the rule
    #: text's "declarer" in play), Five Hundred's contractor. Users read each game's own word.
    contractor: int | None
    #: The auction so far: ``(seat, action)`` for every call, pass or bid, in order.
    calls: list[tuple[int, Action]]

    #: The seat to act, ``None`` once the hand is over (:meth:`current_player`); the phase
    #: (:attr:`phase`); each seat's score change, zeros until the hand is over (:meth:`returns`).
    #: A game's state keeps these three up to date as its actions are applied.
    _to_act: int | None
    _phase: str
    _returns: list[int]

    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self._to_act

    @property
    def phase(self) -> str:
        """The phase, one of the game's phases, e.g. ``"auction"``, ``"play"``, ``"over"``
        (501♠ also ``"talon"``, ``"exchange"``; Five Hundred ``"bury"``, ``"call"``,
        ``"nominate"``)."""
        return self._phase

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (empty when the hand is over)."""

    @abstractmethod
    def _check(self, action: Action) -> IllegalActionError | None:
        """The error that makes ``action`` illegal for the player to act, or ``None``; changes nothing."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out ``action``, already checked legal."""

    def returns(self) -> list[int]:
        """The score change of every seat for this hand (all zeros until the hand is over), in
        points: rules.md 501 §6, §7, §10 (lower is better), 500 §10 (partners carry the same)."""
        return list(self._returns)

    @abstractmethod
    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see, or everything when ``seat`` is ``None``."""

    def contracting_seats(self) -> tuple[int, ...]:
        """The contractor and the seats playing with them (empty before a contract stands)."""
        return () if self.contractor is None else (self.contractor,)

    def made(self) -> bool | None:
        """Whether the contract was made; ``None`` until a contract has been played out."""
        return None

    def needed_words(self, seat: int | None = None) -> str | None:
        """How far the contracting side still is from its contract during the play, as ``seat``
        (``None``: everyone) may know it, in words: ``"your side needs 3 more tricks"``; ``None``
        outside the play, or where the game counts nothing (the default)."""
        return None

    def misere(self) -> bool:
        """True when the contract is to take no trick (Five Hundred's misère, rules.md 500 §9)."""
        return False

    def suit_of(self, card: Card) -> Suit | None:
        """The suit ``card`` counts as under the contract (a bower or the joker may count as a
        trump, rules.md 500 §6); a card's own suit unless the game says otherwise."""
        return card.suit

    def power(self, card: Card, led: Suit | None) -> int | None:
        """How strongly ``card`` plays to a trick whose led suit is ``led`` under the contract (the
        ranking :func:`cardkit.tricks.trick_winner` reads; higher wins), where the game ranks cards
        otherwise than by their order in the pack (Five Hundred's bowers and joker, rules.md 500
        §6); ``None`` by default. Valid once a trump suit stands."""
        return None

    def card_roles(self, cards: Iterable[Card]) -> list[str]:
        """What each of ``cards`` counts as in this hand where that is not what its face says, in
        words, each once (Five Hundred's left bower and joker: ``"J♠ is a club and a trump here"``,
        rules.md 500 §6, §8); none in a game whose cards are what they show (the default)."""
        return []

    def held_order(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` as a hand is held, for learners to see what they may follow with: grouped by
        suit, trumps first once a trump suit stands (a bower or a nominated joker among them, by
        :meth:`suit_of`), each suit from its highest card down (:meth:`power` once trumps stand,
        else the pack's order); a joker of no suit first. The tables sort hands this way, and the
        rule messages list cards in this order.

        Args:
            cards: the cards to order (duplicates kept); read only.

        Returns:
            a new list.
        """
        order = {c: i for i, c in enumerate(self.game.new_pack())}  # suit by suit, highest first
        trump = self.trump  # None before a trump suit stands, and in no trumps
        suits = [trump] if trump is not None else []
        for c in order:
            if c.suit is not None and c.suit not in suits:
                suits.append(c.suit)

        def key(c: Card) -> tuple[int, int]:
            s = self.suit_of(c) if trump is not None else c.suit
            if s is None:
                return (-1, 0)  # a joker of no suit: first
            power = self.power(c, s) if trump is not None else None
            rank = -power if power is not None else order.get(c, len(order))
            return (suits.index(s) if s in suits else len(suits), rank)

        return sorted(cards, key=key)

    def all_tricks(self) -> list[Trick]:
        """The completed tricks and the trick in progress when a card has been played to it."""
        if self.trick is not None and self.trick.plays:
            return [*self.tricks, self.trick]
        return list(self.tricks)

    def played_cards(self) -> list[tuple[int, Card]]:
        """Every ``(seat, card)`` played so far, completed tricks and the trick in progress."""
        return [(s, c) for t in self.all_tricks() for s, c in t.plays]

    def counted(self) -> list[int] | None:
        """What each seat has counted toward the contract so far, where the game counts points
        within the hand (501♠'s hand totals, rules.md 501 §10), once a contract is played; else
        ``None``."""
        return None

    def result_fields(self, seat: int) -> dict[str, Any]:
        """The game's own columns of an estimate's result row for ``seat`` (e.g. 501♠'s points
        and trump, Five Hundred's tricks); ``{}`` by default."""
        return {}

    def knowledge(self, seat: int) -> Knowledge:
        """What ``seat`` knows of the hidden cards in the play phase: how many each other seat
        holds, the cards it knows are there, and the suits each has shown void in
        (:class:`~cardkit.allocation.Knowledge`).

        Raises:
            NotImplementedError: the game does not say (every game of the kit does).
        """
        raise NotImplementedError(f"{type(self).__name__} does not say what a seat knows")

    def hidden_piles(self, seat: int) -> dict[Hashable, list[Card]]:
        """The cards outside the hands and the talon that ``seat`` may not see, by pile (Five
        Hundred's buried cards, :data:`~cardkit.allocation.BURIED`, hidden from all but the
        contractor, rules.md 500 §5); none by default."""
        return {}

    def known_cards(self, seat: int) -> dict[int, list[Card]]:
        """Cards ``seat`` knows to be in another seat's hand, by seat (501♠: the cards it gave,
        rules.md 501 §7); none by default."""
        return {}

    def resample(self, seat: int, rng: random.Random) -> State:
        """A full copy of this state in which every card hidden from ``seat`` is dealt again at
        random, consistently with what ``seat`` has seen; this state is unchanged.

        In the play phase, by :meth:`knowledge` (voids shown, cards given, marriages, the exposed
        talon), every consistent deal equally likely. Before the play, the cards ``seat`` cannot
        see are shuffled among the places it cannot see into (hands, talon or kitty, buried
        cards), keeping a card it gave where it gave it.

        Raises:
            DealError: what has been seen contradicts itself (no consistent deal).
        """
        if self.phase == "play":
            return self.with_hidden(self.knowledge(seat).sample(rng))
        return self.with_hidden(self._reshuffled(seat, rng))

    def _reshuffled(self, seat: int, rng: random.Random) -> dict[Hashable, list[Card]]:
        v = self.view(seat)
        full = self.view(None)
        slots: list[tuple[Hashable, list[Card]]] = []
        pinned: dict[Hashable, list[Card]] = {}
        for s, h in enumerate(v.hands):
            if isinstance(h, int) and h > 0:
                slots.append((s, list(self.hands[s])))
        if isinstance(v.talon, int) and v.talon > 0 and not isinstance(full.talon, int):
            slots.append((TALON, list(full.talon)))
        slots.extend(self.hidden_piles(seat).items())
        for to, cards in self.known_cards(seat).items():
            if isinstance(v.hands[to], int):
                pinned.setdefault(to, []).extend(c for c in cards if c in self.hands[to])
        pool: list[Card] = []
        sizes = []
        for key, cards in slots:
            keep = list(pinned.get(key, []))
            rest = list(cards)
            for c in keep:
                rest.remove(c)
            pool += rest
            sizes.append((key, keep, len(rest)))
        rng.shuffle(pool)
        out: dict[Hashable, list[Card]] = {}
        at = 0
        for key, keep, n in sizes:
            out[key] = keep + pool[at:at + n]
            at += n
        return out

    def redealt(self, seat: int, rng: random.Random) -> State:
        """This state as a whole hand: dealt from a pack and its actions replayed through the rules,
        holding every card where this state holds it. For a state whose hidden cards were dealt
        again (:meth:`resample`), the pack and the face-down actions (501♠'s gives, Five Hundred's
        kitty and buried cards) are drawn at random among those that agree with the holdings and
        with what ``seat`` has seen; a hand (or talon) dealt the same cards keeps its deal order.

        Raises:
            CardkitError: no deal and actions lead to these holdings.
        """
        targets = self.game.deal_targets(self.dealer)
        hands, talon, history = self._deal_behind(seat, rng)
        old_hands, old_talon = deal_cards(self.pack, targets)
        for s, h in enumerate(hands):
            if s < len(old_hands) and Counter(h) == Counter(old_hands[s]):
                hands[s] = old_hands[s]
        if Counter(talon) == Counter(old_talon):
            talon = old_talon
        st = self.game.new_hand(self.dealer, self.scores_before, pack_from_deal(hands, talon, targets))
        try:
            for a in history:
                st.apply_action(a)
        except IllegalActionError as e:
            raise CardkitError(f"no deal leads to these hidden cards: {e}") from None
        if [Counter(h) for h in st.hands] != [Counter(h) for h in self.hands]:
            raise CardkitError("no deal leads to these hidden cards: the replayed hands differ")

        return st

    def _deal_behind(self, seat: int, rng: random.Random) -> tuple[list[list[Card]], list[Card], list[Action]]:
        """For :meth:`redealt`: the dealt hands (by seat), the dealt talon and the actions that lead
        to this state's holdings, face-down actions hidden from ``seat`` drawn with ``rng``."""
        raise CardkitError(f"{type(self).__name__} cannot say how its cards were dealt")

    def with_hidden(self, hidden: Mapping[Hashable, Sequence[Card]]) -> State:
        """A copy of this state with the hidden cards of each slot of ``hidden`` (a seat,
        :data:`TALON`, or a game's own slot such as Five Hundred's buried cards) replaced by the
        given cards."""
        st = self.clone()
        for slot, cards in hidden.items():
            assert isinstance(slot, int), f"no slot {slot!r} in this game"
            st.hands[slot] = list(cards)
        return st

    def actor(self) -> int:
        """The seat to act (:meth:`current_player` for a hand in progress).

        Raises:
            CardkitError: the hand is over, so no seat acts.
        """
        seat = self.current_player()
        if seat is None:
            raise CardkitError("the hand is over: no seat is to act")
        return seat

    def is_terminal(self) -> bool:
        """True once the hand is over (played out, abandoned, thrown in or stopped)."""
        return self.current_player() is None

    def apply_action(self, action: Action | str) -> Action:
        """Apply ``action`` (an action or its text) for the player to act and return it.

        Raises:
            InvalidActionError: the text is not an action of this game.
            IllegalActionError: the rules forbid it here; the state is unchanged.
        """
        a = self.game.parse_action(action)
        err = self._check(a)
        if err is not None:
            raise err
        self._do(a)
        self._history.append(a)
        return a

    def check(self, action: Action | str) -> Action:
        """Check ``action`` for the player to act without applying it; returns it parsed.

        Raises:
            InvalidActionError: the text is not an action of this game.
            IllegalActionError: the rules forbid it here.
        """
        a = self.game.parse_action(action)
        err = self._check(a)
        if err is not None:
            raise err
        return a

    def why_illegal(self, action: Action | str) -> str | None:
        """Why ``action`` is illegal now (the message, naming the rule), or ``None`` if it is legal.

        Raises:
            InvalidActionError: the text is not an action of this game.
        """
        err = self._check(self.game.parse_action(action))
        return None if err is None else str(err)

    def summary(self, outcome: bool = True) -> str:
        """One line saying how the hand went (or stands), for score sheets and transcripts.

        ``outcome=False`` leaves out how a finished hand ended (made or failed, the count), so a
        question about the result can show the contract without giving the answer away."""
        return self.phase

    def describe(self, action: Action, seat: int, viewer: int | None = None) -> str:
        """A transcript line for ``action`` by ``seat`` as ``viewer`` may read it (``None``: everything),
        in the language in use (the action's :meth:`~Action.words`: the record's text in English).

        Games override this to hide what is done face down (501's gives, Five Hundred's bury).
        """
        return f"{self.name(seat)}: {action.words()}"

    def history(self) -> list[Action]:
        """The actions applied so far, in order."""
        return list(self._history)

    def scores_after(self) -> list[int]:
        """The running scores after this hand's :meth:`returns`."""
        return [s + r for s, r in zip(self.scores_before, self.returns())]

    def clone(self) -> State:
        """An independent copy: actions on it leave this state alone (the rules object is shared)."""
        return copy.deepcopy(self, {id(self.game): self.game})

    def name(self, seat: int) -> str:
        """The seat's name.

        Raises:
            CardkitError: ``seat`` is not a seat of this table.
        """
        if type(seat) is int and 0 <= seat < self.game.players:  # the usual case, without the checks below
            return self.game.names[seat]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.players:
            raise CardkitError(f"seat {quoted(seat)} is not a seat: use 0 to {self.game.players - 1}")
        return self.game.names[seat]

    _history: list[Action]


class Match:
    """A match: hands dealt one after another until the game's end rule is met.

    Args:
        game: the table's rules.
        seed: seeds the first dealer and every shuffle, so a match is reproducible.
        dealer: the first dealer; drawn at random from ``seed`` when ``None`` (rules.md 501 §2).
        scores: running scores to start from; the game's initial scores when ``None``.
    """

    def __init__(self, game: Game, seed: int | None = None, dealer: int | None = None,
                 scores: Sequence[int] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        first = self.rng.randrange(game.players)
        self.first_dealer = first if dealer is None else dealer
        self.dealer = self.first_dealer
        self.start_scores = list(scores) if scores is not None else game.initial_scores()
        game.check_table(self.first_dealer, self.start_scores)
        game.check_match_scores(self.start_scores)
        #: Free text saved in records.
        self.title: str | None = None
        self.description: str | None = None
        self.scores = list(self.start_scores)
        self.hands: list[State] = []
        self.outcome: Outcome | None = None

    @property
    def state(self) -> State:
        """The current (last) hand. Raises :class:`CardkitError` before the first deal."""
        if not self.hands:
            raise CardkitError("no hand dealt yet: call new_hand()")
        return self.hands[-1]

    def new_hand(self, pack: Sequence[Card] | None = None) -> State:
        """Deal the next hand, from ``pack`` (deal order) or a seeded shuffle.

        Raises:
            CardkitError: the match is over, the current hand is not, or the pack is wrong.
        """
        if self.outcome is not None:
            raise CardkitError(f"the match is over: {self.outcome.result(self.game.names)}")
        if self.hands and not self.hands[-1].is_terminal():
            raise CardkitError("the current hand is not over yet")
        # Always draw the seeded shuffle, so that a match replayed from its record continues
        # exactly as the original would have, even when its packs were given.
        drawn = self.game.shuffled_pack(self.rng)
        if pack is None:
            pack = drawn
        state = self.game.new_hand(self.dealer, self.scores, pack)
        self.hands.append(state)
        return state

    def apply_action(self, action: Action | str) -> Action:
        """Apply an action to the current hand; on the hand's end, score it and move the deal."""
        a = self.state.apply_action(action)
        if self.state.is_terminal():
            self._finish_hand()
        return a

    def _finish_hand(self) -> None:
        hand = self.state
        self.scores = hand.scores_after()
        self.outcome = self.game.match_outcome(hand)
        self.dealer = self.game.next_dealer(hand.dealer)

    def is_over(self) -> bool:
        """True once the match has an :class:`Outcome`."""
        return self.outcome is not None

    def play(self, players: Sequence[Player], max_hands: int = 1000) -> Outcome | None:
        """Play the match out with one player object per seat (see :mod:`cardkit.players`).

        Returns the outcome, or ``None`` if ``max_hands`` hands were dealt without one.
        """
        while self.outcome is None and len(self.hands) < max_hands:
            if not self.hands or self.state.is_terminal():
                self.new_hand()
            state = self.state
            while not state.is_terminal():
                self.apply_action(players[state.actor()].choose(state).action)
        return self.outcome

    def score_sheet(self) -> list[dict[str, Any]]:
        """One row per finished hand: hand number, dealer, summary, each seat's change and score."""
        rows = []
        scores = list(self.start_scores)
        for i, hand in enumerate(self.hands, 1):
            if not hand.is_terminal():
                break
            r = hand.returns()
            scores = [s + d for s, d in zip(scores, r)]
            row: dict[str, Any] = {"hand": i, "dealer": self.game.names[hand.dealer],
                                   "summary": hand.summary()}
            for s, name in enumerate(self.game.names):
                row[f"{name} ±"] = r[s]
                row[name] = scores[s]
            rows.append(row)
        return rows




def ensure_action(text: str | Action, kinds: Iterable[type]) -> Action | None:
    """``text`` itself if it is already an action of one of ``kinds``; ``None`` for text.

    Raises:
        InvalidActionError: an action of another game, something that is neither an action nor
            text, or a text too long to be an action (:data:`MAX_ACTION_TEXT` characters; the
            message quotes only its start).
    """
    if isinstance(text, Action):
        if isinstance(text, tuple(kinds)):
            return text
        raise InvalidActionError(f"{text!r} is not an action of this game")
    if not isinstance(text, str):
        raise InvalidActionError(f"cannot read action {quoted(text)}: an action is text such as 'pass' or 'play QS'")
    if len(text) > MAX_ACTION_TEXT:
        raise InvalidActionError(f"cannot read action {quoted(text)}: an action is a few words, at most "
                                 f"{MAX_ACTION_TEXT} characters")
    return None


#: The longest text :func:`ensure_action` reads as an action.
MAX_ACTION_TEXT = 60
