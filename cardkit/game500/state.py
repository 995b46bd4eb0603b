"""One hand of Five Hundred: the auction, the kitty, the call, the nomination, the play and the
score, and what each seat may see of it (rules.md 500 §3–§16)."""

from __future__ import annotations

from collections import Counter
import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Hashable, Iterable, Mapping, Sequence

from ..actions import Play
from ..allocation import BURIED, Knowledge
from ..cards import JOKER, SUITS, Card, Cards, Suit
from ..errors import CardkitError
from ..game import TALON, Action, View, deal_cards
from ..i18n import _, ngettext
from ..rulebook import Phase, RuledState
from ..tricks import Trick, trick_winner
from .actions import Bid, Bury, Call, GoAlone, Nominate, bury_action, contract_text
from .contracts import NO_TRUMP, OPEN_MISERE, PER_TRICK, TRICKS, Contract, contract_made, contract_score
from .rules import PHASE_RULES, Turn500

if TYPE_CHECKING:
    from .game import Game500

PHASES = ("auction", "bury", "call", "nominate", "play", "over")


def rule(n: int) -> str:
    """The citation of rules.md 500 item ``n``."""
    return f"rules.md 500 §{n}"


_JOKER_TOP = 1_000_000


@dataclass(repr=False)
class View500(View):
    """What one seat may see of a Five Hundred hand (see :class:`~cardkit.game.View`), with the
    game's own fields: the ``contract`` (text) and its ``value``, the standing ``high_bid`` and
    its ``bidder``, the ``contractor``, ``trump``, ``partners`` and ``alone`` (``None`` where the
    viewer may not know them, rules.md 500 §13), the ``called`` card, seats ``sitting_out`` and
    ``active``, the ``nominated`` suit of the joker, the ``buried`` cards (a count unless the
    viewer buried them), whether an open misère hand is ``exposed``, ``tricks_won`` per seat,
    ``contract_tricks``, ``led_suits``, ``shown_void`` per seat, ``stopped``, ``returns`` and the
    scoring ``units``."""

    contract: str | None
    value: int | None
    high_bid: str | None
    bidder: int | None
    contractor: int | None
    trump: Suit | None
    partners: list[int] | None
    alone: bool | None
    called: Card | None
    sitting_out: list[int]
    active: list[int]
    nominated: Suit | None
    buried: Cards | int
    exposed: bool
    tricks_won: list[int]
    contract_tricks: int | None
    led_suits: list[Suit]
    shown_void: list[list[Suit]]
    stopped: bool
    returns: list[int]
    units: list[list[int]]

    def in_play(self, seat: int) -> bool:
        """False for a misère contractor's partner, who sits the hand out (rules.md 500 §9)."""
        return seat in self.active

    def badges(self, seat: int) -> list[str]:
        """"sits out" and "contractor", as they apply (translated)."""
        out = []
        if seat not in self.active:
            out.append(_("sits out"))
        if self.contractor == seat:
            out.append(_("contractor"))
        return out

    def tally(self, seat: int) -> str | None:
        """E.g. "3 tricks": the tricks a seat in play has taken (rules.md 500 §10 counts tricks)."""
        if seat not in self.active:
            return None
        t = self.tricks_won[seat]
        return ngettext("{n} trick", "{n} tricks", t).format(n=t)

    def score_rows(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """The tricks each seat took (Five Hundred counts tricks, rules.md 500 §10), once one is
        taken."""
        return self._seat_row(_("tricks"), names, self.tricks_won)


@dataclass(frozen=True)
class HandScore:
    """A Five Hundred hand's score and the values it is made of (rules.md 500 §10, §13, §16).

    Attributes:
        contract: the contract standing.
        taken: the contracting side's tricks (misère: the contractor's own).
        made: whether the contract is made.
        value: what the contract is worth here: its value, or 250 for all ten tricks on a lower one.
        swept: ``value`` was raised to 250 for all ten tricks.
        shared: a five-handed called partner's side under ``call-share=half``: each scores half.
        change: each contracting seat's change: ``±value``, halved when ``shared``.
        units: each scoring unit's change (``Game500.units`` order).
    """

    contract: Contract
    taken: int
    made: bool
    value: int
    swept: bool
    shared: bool
    change: int
    units: tuple[int, ...]


class State500(RuledState[Turn500]):
    """One hand of Five Hundred. Build with :meth:`Game500.new_hand`.

    Public attributes (read them; change them only through :meth:`apply_action`): ``hands``,
    ``kitty`` (until the contractor takes it), ``buried``, ``calls`` (the auction), ``high`` (the
    standing :class:`Contract`), ``bidder``, ``contract``, ``contractor``, ``partners`` (seats
    playing with the contractor), ``sitting_out``, ``active`` (seats in play), ``called`` /
    ``alone`` (5 players), ``nominated`` (the joker's suit), ``tricks`` (completed), ``trick`` (in
    progress), ``tricks_won`` (per seat), ``led_suits``, ``shown_void`` (per seat, suits that seat
    failed to follow), ``stopped`` (a misère ended by the contractor's first trick). Its
    :attr:`phase` is one of :data:`PHASES`; partners carry the same :meth:`returns` (§10).
    """

    game: Game500
    over_item = 10  # rules.md 500 §10: the hand is over

    def __init__(self, game: Game500, dealer: int, scores: Sequence[int], pack: Sequence[Card]) -> None:
        n = game.players
        self.game = game
        self.rules = game.rules
        self.dealer = dealer
        self.scores_before = list(scores)
        self.pack = Cards(pack)
        hands, kitty = deal_cards(self.pack, game.deal_targets(dealer))
        self.hands: list[list[Card]] = hands
        self.kitty: list[Card] = kitty
        self.buried: list[Card] = []
        self._phase = "auction"
        self._to_act: int | None = (dealer + 1) % n
        self.calls: list[tuple[int, Action]] = []
        self.passed = [False] * n
        self.high: Contract | None = None
        self.bidder: int | None = None
        self.seven_bid = False
        self.contract: Contract | None = None
        self.contractor: int | None = None
        self.trump: Suit | None = None
        self.partners: tuple[int, ...] = ()
        self.sitting_out: tuple[int, ...] = ()
        self.active: tuple[int, ...] = tuple(range(n))
        self.called: Card | None = None
        self.alone = False
        self.partner_shown = False
        self.nominated: Suit | None = None
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.tricks_won = [0] * n
        self.led_suits: set[Suit] = set()
        self.shown_void: list[set[Suit]] = [set() for _ in range(n)]
        self.played_suits: list[set[Suit]] = [set() for _ in range(n)]
        self.stopped = False
        self.joker_loses = False
        self._next: dict[int, int] = {s: (s + 1) % n for s in range(n)}
        self._suit: dict[Card, Suit | None] = {}
        self._order: dict[Card, int] = {}
        self._returns = [0] * n
        self._history: list[Action] = []
        self._begin_steps()  # the legal actions and the turn, computed once per step

    # -- protocol

    def rules_of(self, phase: str) -> Phase[Turn500]:
        """The rule table of ``phase`` (:mod:`cardkit.game500.rules`)."""
        return PHASE_RULES[phase]

    def turn(self) -> Turn500 | None:
        """What the rules of the phase read for the seat to act (:mod:`cardkit.game500.rules`), or
        ``None`` when the hand is over."""
        seat = self._to_act
        if seat is None:
            return None
        trick = self.trick
        hand = tuple(self.hands[seat])
        free = self.trump is None and self.nominated is None
        if trick is None or not trick.plays:
            return Turn500(self, seat, hand, self._suit.__getitem__, True, None, free, [], free and JOKER in hand)
        led, suit = trick.led_suit, self._suit
        return Turn500(self, seat, hand, suit.__getitem__, False, led, free, [c for c in hand if suit[c] is led],
                       free and JOKER in hand)

    # -- doing

    def _do(self, a: Action) -> None:
        seat = self._to_act
        assert seat is not None
        self._steps += 1
        ph = self._phase
        if ph == "play":
            assert isinstance(a, Play), "checked: only a card is played in the play phase"
            self._do_play(seat, a)
        elif ph == "auction":
            self._do_auction(seat, a)
        elif ph == "bury":
            assert isinstance(a, Bury), "checked: only a card is buried in the bury phase"
            self._do_bury(seat, a)
        elif ph == "call":
            self._do_call(seat, a)
        else:
            assert isinstance(a, Nominate), "checked: the nominate phase takes only a nomination"
            self._do_nominate(a)

    def _do_auction(self, seat: int, a: Action) -> None:
        self.calls.append((seat, a))
        n = self.game.players
        if isinstance(a, Bid):
            self.high, self.bidder = a.contract, seat
            if not a.contract.is_misere and a.contract.tricks >= 7:
                self.seven_bid = True
        else:
            self.passed[seat] = True
        left = [s for s in range(n) if not self.passed[s]]
        if not left:  # thrown in (§4)
            self._phase, self._to_act = "over", None
            return
        if left == [self.bidder]:
            self._end_auction()
            return
        s = (seat + 1) % n
        while self.passed[s]:
            s = (s + 1) % n
        self._to_act = s

    def _end_auction(self) -> None:
        c = self.bidder
        assert c is not None and self.high is not None
        g = self.game
        self.contractor, self.contract = c, self.high
        self.trump = self.high.trump
        self._setup_ranking()
        if self.high.is_misere:
            if g.players not in (3, 5):
                self.sitting_out = g.partners(c)
        else:
            self.partners = g.partners(c)
        n = g.players
        self.active = tuple(s for s in range(n) if s not in self.sitting_out)
        act = self.active
        self._next = {s: act[(i + 1) % len(act)] for i, s in enumerate(act)}
        self.hands[c] = self.hands[c] + self.kitty
        self.kitty = []
        self._phase, self._to_act = "bury", c

    def _setup_ranking(self) -> None:
        """Effective suits and orders for this contract (rules.md 500 §6, §8)."""
        suit, self._order = self.game.ranking(self.trump)
        self._suit = dict(suit)

    def _do_bury(self, seat: int, a: Bury) -> None:
        self.hands[seat].remove(a.card)
        self.buried.append(a.card)
        if len(self.buried) < 3:
            return
        if self.game.players == 5 and not self.misere():
            self._phase = "call"
            return
        self._after_call()

    def _do_call(self, seat: int, a: Action) -> None:
        if isinstance(a, GoAlone):
            self.alone = True
        else:
            assert isinstance(a, Call)
            self.called = a.card
            holder = next((s for s in range(self.game.players) if s != seat and a.card in self.hands[s]), None)
            if holder is None:
                self.alone = True
            else:
                self.partners = (holder,)
        self._after_call()

    def _after_call(self) -> None:
        c = self.contractor
        assert c is not None and self.contract is not None
        if (JOKER in self.hands[c] and self.trump is None
                and not (self.contract.kind == NO_TRUMP and self.rules.no_nt_nomination)):
            self._phase = "nominate"
            return
        self._start_play()

    def _do_nominate(self, a: Nominate) -> None:
        if a.suit is not None:
            self.nominated = a.suit
            self._suit = {**self._suit, JOKER: a.suit}  # a new table: copies share the old one
        self._start_play()

    def _start_play(self) -> None:
        c = self.contractor
        assert c is not None
        self._phase, self._to_act = "play", c
        self.trick = Trick(c)

    def _do_play(self, seat: int, a: Play) -> None:
        trick = self.trick
        assert trick is not None
        card = a.card
        hand = self.hands[seat]
        suit = self._suit[card]
        if not trick.plays:
            led = a.names if a.names is not None else suit
            trick.led_suit = led
            if led is not None:
                self.led_suits.add(led)
        else:
            led = trick.led_suit
            if suit is not led and led is not None:
                if card is JOKER and suit is None and led in self.shown_void[seat] \
                        and self.rules.joker_void == "last-card-loses":
                    self.joker_loses = True
                self.shown_void[seat].add(led)
        played = suit if suit is not None else led
        if played is not None:
            self.played_suits[seat].add(played)
        hand.remove(card)
        trick.plays.append((seat, card))
        if card is self.called:
            self.partner_shown = True
        if len(trick.plays) < len(self.active):
            self._to_act = self._next[seat]
            return
        win = trick_winner(trick.plays, trick.led_suit, self._power)
        self.joker_loses = False
        trick.winner = win
        self.tricks_won[win] += 1
        self.tricks.append(trick)
        self.trick = None
        if win == self.contractor and self.misere():
            self.stopped = len(self.tricks) < TRICKS
            self._score()
        elif len(self.tricks) == TRICKS:
            self._score()
        else:
            self.trick = Trick(win)
            self._to_act = win

    def _power(self, card: Card, led: Suit | None) -> int:
        """How strongly ``card`` plays to a trick led in ``led`` (rules.md 500 §6–§8)."""
        s = self._suit[card]
        if s is None:  # the free joker beats everything, unless it is a last card that loses (§8)
            return -2 if self.joker_loses else _JOKER_TOP
        if s is self.trump:
            return 1000 + self._order[card]
        if s is led:
            return self._order[card]
        return -1

    def power(self, card: Card, led: Suit | None) -> int:
        """Public form of the ranking used by :func:`cardkit.tricks.trick_winner` (rules.md 500 §6–§8):
        trumps above the led suit, the led suit above the rest (< 0). Valid once a contract stands."""
        return self._power(card, led)

    def card_roles(self, cards: Iterable[Card]) -> list[str]:
        """What each of ``cards`` counts as once the play has begun, where not its face
        (:func:`cardkit.game500.rules.card_role`; rules.md 500 §6, §8)."""
        if self.phase != "play":
            return []
        from .rules import card_role

        return [r for c in dict.fromkeys(cards) if (r := card_role(self.trump, self.nominated, c))]

    def suit_of(self, card: Card) -> Suit | None:
        """The card's effective suit under the contract: a bower or the joker is a trump; in no-trump
        or misère the unnominated joker has none (rules.md 500 §6, §8). Valid once a contract stands."""
        return self._suit[card]

    # -- scoring

    def contracting_seats(self) -> tuple[int, ...]:
        """The contractor and the seats playing with them (empty before a contract stands)."""
        if self.contractor is None:
            return ()
        return (self.contractor, *self.partners)

    def contracting_units(self) -> list[int]:
        """The scoring units of :meth:`contracting_seats`."""
        side = self.game.side_of
        return sorted({side[s] for s in self.contracting_seats()})

    def contract_tricks(self) -> int:
        """Tricks taken by the contracting side (partners sitting out take none)."""
        return sum(self.tricks_won[s] for s in self.contracting_seats())

    def made(self) -> bool | None:
        """Whether the contract was made; ``None`` until the hand is over, or when thrown in."""
        if self._phase != "over" or self.contract is None:
            return None
        assert self.contractor is not None
        taken = self.tricks_won[self.contractor] if self.contract.is_misere else self.contract_tricks()
        return contract_made(self.contract, taken)

    def needed_words(self, seat: int | None = None) -> str | None:
        """The tricks the contracting side still needs (``"your side needs 3 more tricks"``; under
        a misère, that the contractor must take no trick), counted from the contract and the tricks
        won (rules.md 500 §10); ``None`` outside the play or while ``seat`` cannot know the side
        (a hidden called partner, §13)."""
        if self._phase != "play" or self.contract is None or self.contractor is None or not self.partner_known(seat):
            return None
        side = self.contracting_seats()
        mine = seat is not None and seat in side
        if self.contract.is_misere:
            if mine:
                return _("you must take no trick")
            return _("{name} must take no trick").format(name=self.name(self.contractor))
        need = self.contract.tricks - self.contract_tricks()
        who = _("your side") if mine else _("{name}'s side").format(name=self.name(self.contractor))
        if need <= 0:
            return _("{who} has made the contract").format(who=who)
        if need > TRICKS - len(self.tricks):
            return _("{who} can no longer make the contract").format(who=who)
        return ngettext("{who} needs {n} more trick", "{who} needs {n} more tricks", need).format(who=who, n=need)

    def misere(self) -> bool:
        """True under a misère or open misère contract (rules.md 500 §9)."""
        return self.contract is not None and self.contract.is_misere

    def result_fields(self, seat: int) -> dict[str, Any]:
        """The game's own column of an estimate's row: the contracting side's ``tricks``."""
        return {"tricks": self.contract_tricks()}

    def hidden_piles(self, seat: int) -> dict[Hashable, list[Card]]:
        """The buried cards, unless ``seat`` is the contractor who buried them (rules.md 500 §5)."""
        if self.buried and seat != self.contractor:
            return {BURIED: list(self.buried)}
        return {}

    def knowledge(self, seat: int) -> Knowledge:
        """What ``seat`` knows in the play phase (see :class:`~cardkit.allocation.Knowledge`): voids
        by each card's effective suit (rules.md 500 §6–§8), the buried cards unseen but for the
        contractor, an open misère hand face up (§9), and under misère no joker for a seat that
        showed a void before it was played (the must-play rule, §8)."""
        n = self.game.players
        view = self.view(seat)
        others = [s for s in range(n) if s != seat and isinstance(view.hands[s], int) and view.hands[s]]
        # multisets: the improvised six-hand pack holds some cards twice (rules.md 500 §2)
        seen: Counter[Card] = Counter(x for _, x in self.played_cards())
        for s in range(n):
            h = view.hands[s]
            if not isinstance(h, int):
                seen.update(h)
        caps: dict[Hashable, int] = {s: len(self.hands[s]) for s in others}
        buried_known = seat == self.contractor
        if not buried_known and self.buried:
            caps[BURIED] = len(self.buried)
        if buried_known:
            seen.update(self.buried)
        voids: dict[Hashable, set[Suit]] = {s: set(v) for s, v in enumerate(self.shown_void) if v}
        misere = self.misere()
        left = Counter(self.game.new_pack())
        left.subtract(seen)
        known: dict[Hashable, list[Card]] = {s: [] for s in caps}
        c = self.contractor
        # five players: where the unplayed called card may be, as far as this seat knows (§13)
        called = self.called if self.called is not None and left[self.called] > 0 else None
        called_slots: list[Hashable] | None = None
        if called is not None:
            if self.partner_known(seat):
                if self.partners:
                    partner = self.partners[0]
                    known[partner].append(called)  # owned up: it is in the partner's hand
                    caps[partner] -= 1
                    left[called] -= 1
                else:  # no one owned up: the contractor called a card of their own, held or buried
                    called_slots = [c, BURIED]
            elif self.rules.self_call == "off":
                called_slots = [s for s in others if s != c]  # not the contractor's, not buried
        unseen = [x for x, k in left.items() for _ in range(k)]
        by_allowed: dict[tuple[Hashable, ...], list[Card]] = {}
        for x in unseen:
            suit = self.suit_of(x)
            allowed: list[Hashable] = [s for s in others if suit is None or suit not in voids.get(s, set())]
            if x is JOKER and misere:
                allowed = [s for s in allowed if not voids.get(s)]
            if BURIED in caps:
                allowed.append(BURIED)
            if x == called and called_slots is not None:
                allowed = [s for s in allowed if s in called_slots]
            by_allowed.setdefault(tuple(allowed), []).append(x)
        return Knowledge(seat, caps, known, [(cs, list(a)) for a, cs in by_allowed.items()],
                         {s: set(v) for s, v in enumerate(self.shown_void) if v})

    def _deal_behind(self, seat: int, rng: random.Random) -> tuple[list[list[Card]], list[Card], list[Action]]:
        """The deal behind the holdings: each seat's cards and played cards; the contractor's also
        the buried ones, less the kitty it took (rules.md 500 §5). Unless ``seat`` is the contractor,
        the kitty is drawn from the contractor's cards with ``rng``, and the bury actions name the
        buried cards in their order."""
        hold = [list(h) for h in self.hands]
        for s, x in self.played_cards():
            hold[s].append(x)
        history = self.history()
        c = self.contractor
        if c is None:
            return hold, list(self.kitty), history
        hold[c] += self.buried
        if seat == c:
            kitty = deal_cards(self.pack, self.game.deal_targets(self.dealer))[1]
        else:
            size = self.game.deal_targets(self.dealer).count(TALON)
            kitty = rng.sample(hold[c], size)
            buried = iter(self.buried)
            history = [bury_action(next(buried)) if isinstance(a, Bury) else a for a in history]
        for x in kitty:
            if x not in hold[c]:
                raise CardkitError(f"the kitty's {x} is not among the contractor's cards")
            hold[c].remove(x)
        return hold, list(kitty), history

    def with_hidden(self, hidden: Mapping[Hashable, Sequence[Card]]) -> State500:
        """A copy with the hidden cards replaced: seats' hands, :data:`TALON` the kitty and
        :data:`BURIED` the buried cards."""
        st = self.clone()
        for slot, cards in hidden.items():
            if slot == BURIED:
                st.buried = list(cards)
            elif slot == TALON:
                st.kitty = list(cards)
            else:
                assert isinstance(slot, int), f"no slot {slot!r} in Five Hundred"
                st.hands[slot] = list(cards)
        st.forget_step()  # the kept legal list belongs to the old cards
        st.settle_called_partner()  # a sampled hidden partner follows the sampled called card, never the real one
        return st

    def scored_as_if(self, tricks_won: Sequence[int]) -> State500:
        """A copy of this hand, ended and scored as if each seat had taken ``tricks_won[seat]``
        tricks (rules.md 500 §10, §13); this hand is unchanged. For what-if tables.

        Raises:
            CardkitError: no contract stands yet.
        """
        if self.contract is None:
            raise CardkitError("a what-if needs a hand with a contract standing")
        new = self.clone()
        new.tricks_won = list(tricks_won)
        new._score()
        new.forget_step()  # ended without an action: nothing is legal
        return new

    def _score(self) -> None:
        """End the hand and score it (:meth:`hand_score`)."""
        self.trick = None
        self._phase, self._to_act = "over", None
        units = self.hand_score().units
        self._returns = [units[self.game.side_of[s]] for s in range(self.game.players)]

    def score_if(self, taken: int) -> HandScore:
        """How the contract scores if the contracting side takes ``taken`` tricks (misère: the
        contractor takes ``taken``), whatever the defenders take: the one rule of rules.md 500 §10
        and §13, which :meth:`hand_score` and the solver's result both use. ``units`` is empty.

        Raises:
            CardkitError: no contract stands.
        """
        c = self.contract
        if c is None:
            raise CardkitError("no contract stands: nothing to score")
        made = contract_made(c, taken)
        value = contract_score(c, taken, made)
        shared = self.game.players == 5 and bool(self.partners) and self.rules.call_share == "half"
        share = value // 2 if shared else value
        return HandScore(c, taken, made, value, value != c.value, shared, share if made else -share, ())

    def hand_score(self) -> HandScore:
        """The hand's score and the values it is made of, from the tricks taken so far (the whole
        hand once it is over; rules.md 500 §10, §13, §16): the contracting side wins or loses the
        contract's value (250 for all ten tricks on a lower contract; half each for a five-handed
        called partner's side under ``call-share=half``), each defending unit 10 a trick (nothing
        on a misère). :meth:`returns` and the score explanation read it.

        Raises:
            CardkitError: no contract stands.
        """
        c = self.contract
        if c is None:
            raise CardkitError("no contract stands: nothing to score")
        assert self.contractor is not None
        taken = self.tricks_won[self.contractor] if c.is_misere else self.contract_tricks()
        part = self.score_if(taken)
        contracting = self.contracting_units()
        units = tuple(part.change if u in contracting else 0 if c.is_misere
                      else PER_TRICK * sum(self.tricks_won[s] for s in seats)
                      for u, seats in enumerate(self.game.units))
        return dataclasses.replace(part, units=units)

    # -- reading

    def summary(self, outcome: bool = True) -> str:
        """E.g. ``"A 8♥: 9 tricks, made"``, ``"thrown in"``, ``"B misère: failed at trick 3"``; with five
        players the called partner too, in words: ``"A and C 7♠: 8 tricks, made"`` (rules.md 500 §13).
        With ``outcome=False`` only the contract, ``"A 8♥"``, even once the hand is over."""
        if self.contract is None:
            return _("thrown in") if self._phase == "over" else _("auction")
        assert self.contractor is not None, "a contract stands, so it has a contractor"
        name = self.name(self.contractor)
        if self.called is not None:
            # a partner who surfaces only with the called card stays unnamed until then, and so does
            # a contractor secretly alone with a card of their own: both read "A and a partner not
            # yet known" (§13)
            known = self._phase == "over" or self.partner_known(-1)
            if not known:
                name = _("{name} and a partner not yet known").format(name=name)
            elif self.partners:
                name = _("{name} and {partner}").format(name=name, partner=self.name(self.partners[0]))
        head = f"{name} {contract_text(self.contract)}"
        if self._phase != "over" or not outcome:
            return head
        if self.contract.is_misere:
            if self.made():
                return head + ": " + _("made")
            return head + ": " + _("failed at trick {n}").format(n=len(self.tricks))
        n = self.contract_tricks()
        return head + ": " + _("{tricks}, {result}").format(
            tricks=ngettext("{n} trick", "{n} tricks", n).format(n=n), result=_("made") if self.made() else _("failed"))

    def known_contracting_seats(self, seat: int | None) -> list[int]:
        """The contracting seats as ``seat`` may know them (``None``: everyone's full knowledge): with
        5 players under ``call-holder=surfaces``, the hidden partner is left out until the called card
        is played (rules.md 500 §13). Computer players use this, not :meth:`contracting_seats`."""
        if self.partner_known(seat):
            return list(self.contracting_seats())
        return [self.contractor] if self.contractor is not None else []

    def partner_known(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: everyone) knows who the contractor's called partner is, or that
        there is none (5 players; ``call-holder``, rules.md 500 §13). Always true with fixed sides.
        A seat number that is no seat (e.g. ``-1``) asks what a spectator of the public table knows."""
        if self.game.players != 5 or self.called is None:  # fixed sides, no call yet, or announced alone
            return True
        if seat is None or self.partner_shown or self.rules.call_holder == "owns-up":
            return True
        if seat in self.partners:  # the holder knows
            return True
        return seat == self.contractor and not self.partners  # a contractor who called their own card

    def settle_called_partner(self) -> None:
        """Make the partnership follow the called card after the hidden cards were dealt again (a
        computer player's sample of what it cannot see): the seat other than the contractor holding
        the unplayed called card is the partner; if none does, the contractor is alone (rules.md 500
        §13). Does nothing before a call, after the card was played, or with fixed sides."""
        if self.called is None or self.partner_shown or self.contractor is None:
            return
        holder = next((s for s in range(self.game.players)
                       if s != self.contractor and self.called in self.hands[s]), None)
        self.partners = () if holder is None else (holder,)
        self.alone = holder is None

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see, or everything when ``seat`` is ``None`` (rules.md 500 §5, §9, §13).

        Own cards only; the kitty and the buried cards face down (the contractor sees what they
        buried); an open misère contractor's hand face up to all after the first trick; with 5
        players and ``call-holder=surfaces`` the partner is hidden until the called card is played.
        """
        n = self.game.players
        c = self.contractor
        exposed = (self.contract is not None and self.contract.kind == OPEN_MISERE and len(self.tricks) >= 1)
        hands: list[Cards | int] = []
        for s in range(n):
            if seat is not None and s != seat and exposed and s == c:
                # laid face up as held: the order of the cards would tell which came from the kitty
                hands.append(Cards(self.held_order(self.hands[s])))
                continue
            visible = seat is None or s == seat
            hands.append(Cards(self.hands[s]) if visible else len(self.hands[s]))
        known = self.partner_known(seat)
        return View500(seat=seat, phase=self._phase, dealer=self.dealer, current_player=self._to_act,
                       hands=hands, talon=Cards(self.kitty) if seat is None else len(self.kitty),
                       tricks=[t.copy() for t in self.tricks],
                       current_trick=self.trick.copy() if self.trick else None,
                       calls=list(self.calls), scores=list(self.scores_before),
                       contract=str(self.contract) if self.contract else None,
                       value=self.contract.value if self.contract else None,
                       high_bid=str(self.high) if self.high else None, bidder=self.bidder,
                       contractor=c, trump=self.trump,
                       partners=list(self.partners) if known else None,
                       alone=(self.alone if known else None) if n == 5 else None,
                       called=self.called, sitting_out=list(self.sitting_out), active=list(self.active),
                       nominated=self.nominated,
                       buried=Cards(self.buried) if seat is None or seat == c else len(self.buried),
                       exposed=exposed, tricks_won=list(self.tricks_won),
                       contract_tricks=self.contract_tricks() if known else None,
                       led_suits=[s for s in SUITS if s in self.led_suits],
                       shown_void=[[s for s in SUITS if s in v] for v in self.shown_void],
                       stopped=self.stopped, returns=self.returns(), units=[list(u) for u in self.game.units])

    def describe(self, action: Action, seat: int, viewer: int | None = None) -> str:
        """A transcript line for ``action`` by ``seat`` as ``viewer`` may read it (``None``: all).

        Burying is face down (rules.md 500 §5): only the contractor sees the buried cards.
        """
        if isinstance(action, Bury) and viewer is not None and viewer != seat:
            return _("{name} buries a card face down").format(name=self.name(seat))
        return super().describe(action, seat, viewer)

    def clone(self) -> State500:
        """An independent copy sharing only immutable parts (the game, the pack, completed tricks,
        the table of effective suits); actions on it leave this state alone."""
        new = object.__new__(State500)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.kitty = list(self.kitty)
        new.buried = list(self.buried)
        new.calls = list(self.calls)
        new.passed = list(self.passed)
        new.tricks = list(self.tricks)  # a completed trick never changes
        new.trick = self.trick.copy() if self.trick else None
        new.tricks_won = list(self.tricks_won)
        new.led_suits = set(self.led_suits)
        new.shown_void = [set(v) for v in self.shown_void]
        new.played_suits = [set(v) for v in self.played_suits]
        # _suit is shared: it is only ever replaced, never changed in place (_setup_ranking, _do_nominate)
        new._returns = list(self._returns)
        new._history = list(self._history)
        new._legal = list(self._legal)
        new.forget_step(legal=False)  # the kept turn reads this state
        return new

    def __repr__(self) -> str:
        return f"<State500 dealer={self.name(self.dealer)} {self.summary()}>"


def _cards(cards: Sequence[Card]) -> str:
    return str(Cards(cards))
