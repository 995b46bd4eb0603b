"""The Five Hundred table: players, units, options, the deal and the end of the game (rules.md
500 §1, §3, §11–§14)."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from ..actions import PASS
from ..cards import JOKER, Card, Cards, Rank, Suit
from ..errors import InvalidActionError, UnknownOptionError
from ..game import TALON, Action, Game, Outcome, State
from ..i18n import N_, _
from .actions import BIDS, GO_ALONE, JOKER_LEADS, NOMINATIONS, Call, bury_action, parse_action, play_action
from .rulewords import rule_items
from .contracts import LOSS, TARGET, TRICKS, Contract, ladder
from .options import OPTION_CHOICES, OPTION_DOCS, OPTION_WORDS, Options500
from .pack import pack_500
from .rules import PHASE_RULES
from .state import State500

class Game500(Game):
    """Five Hundred for 3–6 players (rules.md 500 §1, §12–§14).

    Args:
        players: 3, 4 (default), 5 or 6.
        names: seat names, ``A B C …`` by default.
        **options: rule options by kebab-case name (see :class:`Options500`), e.g.
            ``Game500(**{"joker-lead": "loose"})`` or ``find_game("500", 4, win="points")``.

    Attributes:
        rules: the :class:`Options500`.
        units: the scoring units as tuples of seats: sides of partners (4, 6 players) or single
            seats (3, 5 players). Partners share one score; every seat of a unit carries it.

    Raises:
        UnknownOptionError: another number of players, or an unknown option or value.
    """

    name = "500"
    title = N_("Five Hundred")
    rules_word = N_("Five Hundred")
    rule_items = staticmethod(rule_items)
    talon_word = "kitty"
    lower_is_better = False
    default_player = "sensible"
    rule_player = "sensible"
    table_sizes = (3, 4, 5, 6)
    option_defaults: ClassVar[dict[str, Any]] = Options500().as_dict()
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = OPTION_CHOICES
    option_help: ClassVar[dict[str, str]] = OPTION_DOCS
    option_words: ClassVar[dict[Any, str]] = OPTION_WORDS
    max_change = 520  # 10NT (rules.md 500 §4)
    phase_rules: ClassVar[Mapping[str, Any]] = PHASE_RULES
    solver_warmup: ClassVar[tuple[tuple[int | None, tuple[str, ...]], ...]] = (
        (3, ("bid 6NT", "pass")), (3, ("bid 6♠", "pass")), (3, ("bid 7♠", "bid misère", "pass")))  # trumps, no trumps, misère
    bid_example: ClassVar[dict[str, Any]] = {"hand": "JK JH JD AH KH QH 10H AS KC 9D", "contract": "8H", "seat": 1}

    def __init__(self, players: int = 4, names: Sequence[str] | None = None, **options: Any) -> None:
        if players not in (3, 4, 5, 6):
            raise UnknownOptionError(f"Five Hundred is for 3, 4, 5 or 6 players, not {players} (rules.md 500 §1)")
        self.rules = Options500.from_dict(options)
        super().__init__(players, names)
        n = players
        if n in (3, 5):
            side = list(range(n))
        elif n == 6 and self.rules.six_seating == "three-pairs":
            side = [s % 3 for s in range(n)]
        else:
            side = [s % 2 for s in range(n)]
        #: The unit index of every seat.
        self.side_of: tuple[int, ...] = tuple(side)
        self.units: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in range(n) if side[s] == u) for u in range(max(side) + 1))
        self._pack = pack_500(n, self.rules.six_pack)
        self._targets: dict[int, list[int]] = {}
        self._rankings: dict[Suit | None, tuple[dict[Card, Suit | None], dict[Card, int]]] = {}
        #: True when the pack holds identical cards (the improvised six-hand pack).
        self.duplicates = len(set(self._pack)) < len(self._pack)
        self.ladder: tuple[Contract, ...] = ladder(self.rules.misere)
        #: Every contract's place on this table's ladder (0 = lowest), to compare bids (§4).
        self.ladder_rank: dict[Contract, int] = {c: i for i, c in enumerate(self.ladder)}

    @property
    def options(self) -> dict[str, Any]:
        """Every rule option as ``{kebab-name: value}`` (see :class:`Options500`)."""
        return self.rules.as_dict()

    def new_pack(self) -> Cards:
        """The pack in a fixed order (rules.md 500 §2); see :func:`pack_500`."""
        return self._pack

    def deal_targets(self, dealer: int) -> list[int]:
        """From the dealer's left, in packets: 3 each, 1 kitty, 4 each, 1 kitty, 3 each, 1 kitty
        (rules.md 500 §3)."""
        t = self._targets.get(dealer)
        if t is None:
            n = self.players
            order = [(dealer + 1 + i) % n for i in range(n)]
            t = []
            for k in (3, 4, 3):
                for s in order:
                    t.extend([s] * k)
                t.append(TALON)
            self._targets[dealer] = t
        return list(t)

    def new_hand(self, dealer: int, scores: Sequence[int], pack: Sequence[Card]) -> State500:
        """Deal a hand from ``pack`` in deal order (rules.md 500 §3).

        Raises:
            CardkitError: a dealer who is not a seat, scores not one per seat, or a pack that is not
                this table's pack (§2).
        """
        self.check_table(dealer, scores)
        self.check_pack(pack)
        return State500(self, dealer, scores, pack)

    def action_space(self) -> list[Action]:
        """Every action of this table, each once, in a fixed order: pass, go alone, every bid
        (:data:`~cardkit.game500.actions.BIDS`), the nominations, then per card of the pack its bury,
        call and play, and a led joker naming each suit (rules.md 500 §4, §5, §8, §13)."""
        pack = list(dict.fromkeys(self._pack))
        acts: list[Action] = [PASS, GO_ALONE, *BIDS.values(), *NOMINATIONS]
        acts += [bury_action(c) for c in pack]
        acts += [Call(c) for c in pack]
        acts += [play_action(c) for c in pack]
        if JOKER in pack:
            acts += JOKER_LEADS.values()
        return acts

    def max_actions(self) -> int:
        """The longest hand (rules.md 500 §4–§8, §13): every bid outranks the standing one, so at
        most one bid per contract of the ladder (27: 25 trick contracts, misère, open misère); a pass is
        final and a contract stands once the other seats have passed (players − 1); three buried
        cards; a call (five players only); a joker's nomination; ten tricks, each seat playing its
        ten cards (10 × players). Three players: 27 + 2 + 3 + 1 + 30 = 63; four 74; five 86
        (with the call); six 96."""
        n = self.players
        return len(self.ladder) + (n - 1) + 3 + (1 if n == 5 else 0) + 1 + 10 * n

    def max_plain_actions(self) -> int:
        """Every bid at most once, as each must outrank the standing bid (rules.md 500 §4), a pass
        per seat, going alone and the joker's nomination (§8, §13), with a pass per seat to spare."""
        return len(BIDS) + 2 * self.players + 2

    def initial_scores(self) -> list[int]:
        """Scores start at 0 (rules.md 500 §16)."""
        return [0] * self.players

    def parse_action(self, text: str | Action) -> Action:
        """See :func:`parse_action`."""
        return parse_action(text)

    def bid_action(self, contract: int | str) -> Action:
        """The bid of ``contract`` (``"8H"``, ``"10NT"``, ``"misere"``; rules.md 500 §4), legal or not.

        Raises:
            InvalidActionError: no contract of Five Hundred.
        """
        try:
            return BIDS[Contract.parse(str(contract))]
        except ValueError as e:
            raise InvalidActionError(f"cannot read action {f'bid {contract}'!r}: {e}") from None

    def arrange(self, dealer: int, hands: dict[int, Sequence[Card] | str],
                kitty: Sequence[Card] | str | None = None) -> list[Card]:
        """A pack (deal order) that deals ``hands`` (some seats, fully or partly) and ``kitty``;
        the cards not named fill the other places in pack order. For hand-made positions.

        Raises:
            CardkitError: a card that is not in the pack (or named too often), or too many cards.

        >>> g = Game500()
        >>> st = g.new_hand(3, [0] * 4, g.arrange(3, {0: "JK JS JC AS KS"}, kitty="4H 4D 5S"))
        >>> str(Cards(st.hands[0][:5])), str(Cards(st.kitty))
        ('Jo J♠ J♣ A♠ K♠', '4♥ 4♦ 5♠')
        """
        from ..errors import CardkitError

        rest = list(self._pack)
        named: dict[int, list[Card]] = {}
        for seat, cards in [*hands.items(), (TALON, kitty or [])]:
            cs = list(Cards.parse(cards)) if isinstance(cards, str) else list(cards)
            for c in cs:
                if c not in rest:
                    raise CardkitError(f"{c} is not in the {len(self._pack)}-card pack, or is named twice")
                rest.remove(c)
            named[seat] = cs
        full: dict[int, list[Card]] = {}
        for seat in [*range(self.players), TALON]:
            want = 3 if seat == TALON else TRICKS
            have = named.get(seat, [])
            if len(have) > want:
                raise CardkitError(f"{len(have)} cards for {'the kitty' if seat == TALON else f'seat {seat}'}, "
                                   f"which gets {want}")
            full[seat] = have + [rest.pop(0) for _ in range(want - len(have))]
        return self.deal_from_hands(dealer, [full[s] for s in range(self.players)], full[TALON])

    def ranking(self, trump: Suit | None) -> tuple[dict[Card, Suit | None], dict[Card, int]]:
        """Every card's effective suit and its order within that suit under ``trump`` (``None``:
        no-trump or misère), computed once per table (rules.md 500 §6, §8).

        Trumps: joker 100, right bower 99, left bower 98, then the rank (A 17 K 16 Q 15, the six-hand
        13 12 11 below the jack's 14, 10 … 2). In no-trump the joker has no suit (order 100, for a
        nomination). Shared between hands: do not change the dicts.
        """
        got = self._rankings.get(trump)
        if got is None:
            suit: dict[Card, Suit | None] = {}
            order: dict[Card, int] = {}
            for c in self._pack:
                suit[c] = c.suit
                order[c] = c.rank.value
            order[JOKER] = 100
            if trump is None:
                suit[JOKER] = None
            else:
                right, left = Card(trump, Rank.JACK), Card(trump.partner, Rank.JACK)
                suit[JOKER] = suit[right] = suit[left] = trump
                order[right], order[left] = 99, 98
            got = self._rankings[trump] = (suit, order)
        return got

    def trump_cards(self, trump: Suit) -> list[Card]:
        """The pack's trumps under ``trump``, highest first: the joker, the right bower, the left
        bower, then the suit from its ace down (rules.md 500 §6)."""
        suit_of, order = self.ranking(trump)
        return sorted((c for c in self._pack if suit_of[c] is trump), key=lambda c: -order[c])

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seats sharing ``seat``'s unit, ``seat`` excluded (none with 3 or 5 players)."""
        return tuple(s for s in self.units[self.side_of[seat]] if s != seat)

    def misere_allowed(self) -> bool:
        """Whether misère and open misère may be bid at this table (5 players: ``five-misere``)."""
        return self.players != 5 or self.rules.five_misere == "allowed"

    def misere_needs_seven(self) -> bool:
        """Misère needs an earlier bid of seven or more, except with 3 players (rules.md 500 §4, §12).
        With 5 players (misère allowed) the four-handed rule applies [kit]."""
        return self.players != 3

    def check_match_scores(self, scores: Sequence[int]) -> None:
        """Refuse running scores that partners do not share: partners score as one unit, so they
        always carry the same score (rules.md 500 §1, §10).

        Raises:
            CardkitError: naming the partners whose scores differ.
        """
        from ..errors import CardkitError

        for unit in self.units:
            if len({scores[s] for s in unit}) > 1:
                raise CardkitError(_("scores {scores}: partners {names} score as one side and must start "
                                     "equal [rules.md 500 §10]").format(
                    scores=list(scores), names=" + ".join(self.names[s] for s in unit)))

    def match_outcome(self, hand: State) -> Outcome | None:
        """The end of the game after ``hand`` (rules.md 500 §11, §16), or ``None``.

        A contracting unit at ≥ 500 on a made contract wins; else under ``points`` the highest
        unit at ≥ 500 wins; else if a unit is at ≤ −500 the highest score wins; exact ties share.
        ``winners`` are every seat of the winning units.
        """
        assert isinstance(hand, State500)
        if hand.contract is None:  # a thrown-in hand changes no score and ends no game (§16)
            return None
        scores = hand.scores_after()
        us = [scores[u[0]] for u in self.units]
        made = hand.made()
        win: list[int] = []
        reason = ""
        if made:
            c = [u for u in hand.contracting_units() if us[u] >= TARGET]
            if c:
                win, reason = c, _("reached 500 on a contract bid and made")
        if not win and self.rules.win == "points":
            c = [u for u in range(len(us)) if us[u] >= TARGET]
            if c:
                win, reason = c, _("reached 500")
        if not win and any(x <= LOSS for x in us):
            win, reason = list(range(len(us))), _("a side fell to −500 or below; the highest score wins")
        if not win:
            return None
        top = max(us[u] for u in win)
        seats = tuple(sorted(s for u in win if us[u] == top for s in self.units[u]))
        return Outcome(seats, tuple(scores), reason)
