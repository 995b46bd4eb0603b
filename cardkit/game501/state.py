"""501♠ one hand: :class:`State501` and what a seat sees of it, :class:`View501` (rules.md 501
§5–§10)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Hashable, Mapping, Sequence

from ..actions import Play
from ..allocation import Knowledge
from ..cards import Card, Cards, Rank, Suit
from ..errors import CardkitError
from ..game import TALON, Action, State, View, deal_cards
from ..i18n import _, ngettext
from ..rulebook import Phase, RuledState
from ..tricks import Trick, trick_winner
from .actions import Abandon, Bid, Declare, Give, Look
from .rules import PHASE_RULES, Turn501
from .scoring import POINTS, RANK_ORDER, abandon_returns, contract_made, contract_returns, marriage_value

if TYPE_CHECKING:
    from .game import Game501

PHASES = ("auction", "talon", "exchange", "play", "over")

@dataclass(repr=False)
class View501(View):
    """What one seat may see of a 501♠ hand (see :class:`~cardkit.game.View`), with the game's
    own fields: ``active`` (seats dealt in), ``blind`` (per seat), the standing ``high_bid`` and
    its ``bidder``, the ``declarer`` and whether they won ``declarer_blind``, the ``contract``
    and ``trump``, ``abandoned``, ``marriages`` ``(seat, suit, value)``, card ``points`` and
    ``tricks_won`` per seat, ``returns``, and the ``gives`` ``(from, to, card)`` with the card
    ``None`` where the viewer may not see it (rules.md 501 §7), and ``talon_taken``: the three
    talon cards the bidder turned face up for all and took into hand (§7), ``None`` before."""

    active: list[int]
    blind: list[bool]
    high_bid: int | None
    bidder: int | None
    declarer: int | None
    declarer_blind: bool
    contract: int | None
    trump: Suit | None
    abandoned: bool
    marriages: list[tuple[int, Suit, int]]
    points: list[int]
    tricks_won: list[int]
    returns: list[int]
    gives: list[tuple[int, int, Card | None]]
    talon_taken: Cards | None = None

    def in_play(self, seat: int) -> bool:
        """Whether ``seat`` is dealt in (with four players the dealer sits out, rules.md 501 §1)."""
        return seat in self.active

    def badges(self, seat: int) -> list[str]:
        """"sits out", "blind", "bidder" or "blind bidder", as they apply (translated)."""
        out = []
        if seat not in self.active:
            out.append(_("sits out"))
        if self.blind[seat]:
            out.append(_("blind"))
        if self.declarer == seat:
            out.append(_("blind bidder") if self.declarer_blind else _("bidder"))
        return out

    def tally(self, seat: int) -> str | None:
        """E.g. "1 trick, 31 points" (card points captured, rules.md 501 §3), for seats dealt in;
        singular and plural as the language in use writes them.

        >>> from cardkit.game501 import Game501
        >>> Game501().new_hand(0, [501] * 3, Game501().new_pack()).view().tally(1)
        '0 tricks, 0 points'
        """
        if seat not in self.active:
            return None
        t, p = self.tricks_won[seat], self.points[seat]
        return _("{tricks}, {points}").format(tricks=ngettext("{n} trick", "{n} tricks", t).format(n=t),
                                              points=ngettext("{n} point", "{n} points", p).format(n=p))

    def score_rows(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """Tricks and card points taken per seat (rules.md 501 §3), then the declared marriages
        ``name suit value`` (§9), each row only once something is counted."""
        rows = self._seat_row(_("tricks"), names, self.tricks_won) + self._seat_row(_("card points"), names,
                                                                                       self.points)
        if self.marriages:
            rows.append((_("marriages"), ", ".join(f"{names[s]} {suit} {v}" for s, suit, v in self.marriages)))
        return rows

    def notes(self, names: Sequence[str]) -> list[str]:
        """The talon the bidder turned up and took (§7), the gives (face down for whom the rules
        hide them, §7) and the declared marriages (§9)."""
        out = []
        if self.talon_taken is not None and self.declarer is not None:
            out.append(_("{name} turned up the talon and took it: {cards}").format(
                name=names[self.declarer], cards=" ".join(str(c) for c in self.talon_taken)))
        for f, t, c in self.gives:
            out.append(_("{a} gave {card} to {b}").format(
                a=names[f], b=names[t], card=c if c is not None else _("a card face down")))
        for s, suit, value in self.marriages:
            out.append(_("{name} declared the {suit} marriage ({value})").format(
                name=names[s], suit=suit, value=value))
        return out

    def talon_turned_up(self) -> tuple[Cards, int] | None:
        """The talon the bidder turned up for all and took, and the bidder (rules.md 501 §7)."""
        if self.talon_taken is None or self.declarer is None:
            return None
        return self.talon_taken, self.declarer


# ---------------------------------------------------------------- state


class State501(RuledState[Turn501]):
    """One hand of 501♠. Build with :meth:`Game501.new_hand`.

    Public attributes (read them, change them only through :meth:`apply_action`): ``active`` (the
    three seats dealt in, from the dealer's left), ``hands`` (cards per seat), ``talon``, ``blind``
    (per seat), ``high_bid`` / ``bidder`` (standing bid), ``declarer``, ``declarer_blind``,
    ``contract``, ``trump`` (``None`` is no-trump once a contract stands), ``tricks`` (completed),
    ``trick`` (in progress), ``points`` (card points captured per seat), ``tricks_won``,
    ``marriages`` (``(seat, suit, value)`` declared), ``gives`` (``(from, to, card)``),
    ``abandoned``. Its :attr:`phase` is ``"auction"``, ``"talon"`` (abandon or declare),
    ``"exchange"``, ``"play"`` or ``"over"``; :meth:`returns` are lower-is-better changes (§6,
    §7, §10).
    """

    game: Game501
    over_item = 11  # rules.md 501 §11: the hand is over

    def __init__(self, game: Game501, dealer: int, scores: Sequence[int], pack: Sequence[Card]) -> None:
        n = game.players
        self.game = game
        self.dealer = dealer
        self.scores_before = list(scores)
        self.pack = Cards(pack)
        self.active = game.active_seats(dealer)
        hands, talon = deal_cards(self.pack, game.deal_targets(dealer))
        hands += [[] for _ in range(n - len(hands))]
        self.hands: list[list[Card]] = hands
        self.talon = Cards(talon)
        self.blind = [s in self.active for s in range(n)]
        self._phase = "auction"
        self._to_act: int | None = self.active[0]
        self.calls: list[tuple[int, Action]] = []
        self.passed: set[int] = set()
        self.high_bid: int | None = None
        self.bidder: int | None = None
        self.contractor: int | None = None
        self.declarer_blind = False
        self.contract: int | None = None
        self.trump: Suit | None = None
        self.gives: list[tuple[int, int, Card]] = []
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.points = [0] * n
        self.tricks_won = [0] * n
        self.marriages: list[tuple[int, Suit, int]] = []
        self.abandoned = False
        self._returns = [0] * n
        self._history: list[Action] = []
        self._begin_steps()  # the legal actions and the turn, computed once per step

    @property
    def declarer(self) -> int | None:
        """The bidder who won the auction and plays the contract (rules.md 501 §7): the rule
        text's word for :attr:`contractor`."""
        return self.contractor

    @declarer.setter
    def declarer(self, seat: int | None) -> None:
        self.contractor = seat

    # -- protocol

    def rules_of(self, phase: str) -> Phase[Turn501]:
        """The rule table of ``phase`` (:mod:`cardkit.game501.rules`)."""
        return PHASE_RULES[phase]

    def turn(self) -> Turn501 | None:
        """What the rules of the phase read for the seat to act, or ``None`` when the hand is over."""
        seat = self._to_act
        if seat is None:
            return None
        trick = self.trick
        hand = tuple(self.hands[seat])
        led = None if trick is None else trick.led_suit
        follow = [] if led is None else [c for c in hand if c.suit is led]
        return Turn501(self, seat, hand, self.blind[seat], self.high_bid, trick is None or not trick.plays, led,
                       self.trump, follow)

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
        elif ph == "talon":
            self._do_talon(seat, a)
        else:
            assert isinstance(a, Give), "checked: the exchange takes only gives"
            self._do_give(seat, a)

    def _next_active(self, seat: int, skip: set[int] | None = None) -> int:
        act = self.active
        i = act.index(seat)
        for k in range(1, 4):
            s = act[(i + k) % 3]
            if not skip or s not in skip:
                return s
        return seat

    def _do_auction(self, seat: int, a: Action) -> None:
        if isinstance(a, Look):
            self.blind[seat] = False
            return
        self.calls.append((seat, a))
        if isinstance(a, Bid):
            self.high_bid, self.bidder = a.points, seat
        else:
            self.passed.add(seat)
        left = [s for s in self.active if s not in self.passed]
        if not left:  # all three passed: nobody scores, next dealer (§5)
            self._phase, self._to_act = "over", None
            return
        if left == [self.bidder]:
            self._end_auction()
            return
        self._to_act = self._next_active(seat, self.passed)

    def _end_auction(self) -> None:
        d = self.bidder
        assert d is not None
        self.contractor = d
        self.declarer_blind = self.blind[d]
        self.blind = [False] * self.game.players
        self.hands[d] = self.hands[d] + list(self.talon)
        self._phase, self._to_act = "talon", d

    def _do_talon(self, seat: int, a: Action) -> None:
        if isinstance(a, Abandon):
            self.abandoned = True
            assert self.high_bid is not None
            self._returns = abandon_returns(self.game.players, self.active, seat, self.high_bid, self.declarer_blind)
            self._phase, self._to_act = "over", None
            return
        assert isinstance(a, Declare)
        self.trump, self.contract = a.trump, a.contract
        self._phase = "exchange"

    def _do_give(self, seat: int, a: Give) -> None:
        to = self._next_active(seat) if not self.gives else self._next_active(self.gives[0][1])
        self.hands[seat].remove(a.card)
        self.hands[to].append(a.card)
        self.gives.append((seat, to, a.card))
        if len(self.gives) == 2:
            self._phase = "play"
            self._to_act = self.active[0]
            self.trick = Trick(self.active[0])

    def _do_play(self, seat: int, a: Play) -> None:
        trick = self.trick
        assert trick is not None
        self.hands[seat].remove(a.card)
        if not trick.plays:
            trick.led_suit = a.card.suit
            if a.marriage:
                suit = a.card.suit
                assert suit is not None, "501's pack has no joker: every card has a suit"
                value = marriage_value(suit, self.trump)
                self.marriages.append((seat, suit, value))
        trick.plays.append((seat, a.card))
        if len(trick.plays) < 3:
            self._to_act = self._next_active(seat)
            return
        win = trick_winner(trick.plays, trick.led_suit, self.trick_power)
        trick.winner = win
        self.points[win] += sum(POINTS[c.rank] for _, c in trick.plays)
        self.tricks_won[win] += 1
        self.tricks.append(trick)
        if len(self.tricks) == 8:
            self.trick = None
            self._score()
        else:
            self.trick = Trick(win)
            self._to_act = win

    def trick_power(self, card: Card, led: Suit | None) -> int:
        """How strongly ``card`` plays to a trick led in ``led``: trumps above the led suit, the led
        suit above the rest (< 0), ace highest (rules.md 501 §8)."""
        if card.suit is self.trump:
            return 100 + RANK_ORDER[card.rank]
        if card.suit is led:
            return RANK_ORDER[card.rank]
        return -1

    def marriage_counts(self, seat: int) -> bool:
        """Whether the marriages ``seat`` declared count: once it has won a trick (rules.md 501 §9)."""
        return self.tricks_won[seat] > 0

    def hand_totals(self) -> list[int]:
        """Per seat: card points captured + marriages that count (:meth:`marriage_counts`) (§9, §10)."""
        totals = list(self.points)
        for seat, _suit, value in self.marriages:
            if self.marriage_counts(seat):
                totals[seat] += value
        return totals

    def counted(self) -> list[int] | None:
        """The :meth:`hand_totals` once a contract is being played or has been (rules.md 501 §10)."""
        if self._phase in ("play", "over") and self.contract is not None:
            return self.hand_totals()
        return None

    def _score(self) -> None:
        d = self.contractor
        assert d is not None and self.contract is not None
        self._returns = contract_returns(self.game.players, self.active, d, self.contract, self.declarer_blind,
                                         self.hand_totals())
        self._phase, self._to_act = "over", None

    def clone(self) -> State501:
        """An independent copy sharing only immutable parts (the game, the pack, the talon,
        completed tricks); actions on it leave this state alone. Much faster than a deep copy."""
        new = object.__new__(State501)
        new.__dict__.update(self.__dict__)
        new.scores_before = list(self.scores_before)
        new.active = list(self.active)
        new.hands = [list(h) for h in self.hands]
        new._legal = list(self._legal)
        new.blind = list(self.blind)
        new.calls = list(self.calls)
        new.passed = set(self.passed)
        new.gives = list(self.gives)
        new.tricks = list(self.tricks)  # a completed trick never changes
        new.trick = self.trick.copy() if self.trick is not None else None
        new.points = list(self.points)
        new.tricks_won = list(self.tricks_won)
        new.marriages = list(self.marriages)
        new._returns = list(self._returns)
        new._history = list(self._history)
        new.forget_step(legal=False)  # the kept turn reads this state
        return new

    # -- reading

    def made(self) -> bool | None:
        """Whether the declarer made the contract; ``None`` unless a contract was played out."""
        if self._phase != "over" or self.contract is None or self.abandoned:
            return None
        assert self.contractor is not None
        return contract_made(self.hand_totals()[self.contractor], self.contract)

    def needed_words(self, seat: int | None = None) -> str | None:
        """The points the declarer still needs for the contract, counted from the card points and
        marriages taken so far (:meth:`hand_totals`, rules.md 501 §10): ``"you need 34 more points"``;
        ``None`` outside the play."""
        if self._phase != "play" or self.contract is None or self.contractor is None:
            return None
        need = self.contract - self.hand_totals()[self.contractor]
        mine = seat == self.contractor
        if need <= 0:
            return _("you have made the contract") if mine else _("{name} has made the contract").format(
                name=self.name(self.contractor))
        if mine:
            return ngettext("you need {n} more point", "you need {n} more points", need).format(n=need)
        return ngettext("{name} needs {n} more point", "{name} needs {n} more points", need).format(
            name=self.name(self.contractor), n=need)

    def summary(self, outcome: bool = True) -> str:
        """E.g. ``"A blind 100 ♦: 88, failed"``, ``"all passed"``, ``"B abandoned at 80"``; with
        ``outcome=False`` only the contract, ``"A blind 100 ♦"``, even once the hand is over."""
        if self._phase == "auction":
            return _("auction")
        if self.contractor is None:
            return _("all passed")
        name = self.name(self.contractor)
        blind = _("blind") + " " if self.declarer_blind else ""
        if self.abandoned:
            return _("{name} {blind}abandoned at {bid}").format(name=name, blind=blind, bid=self.high_bid)
        if self.contract is None:
            return _("{name} {blind}won the auction at {bid}").format(name=name, blind=blind, bid=self.high_bid)
        trump = str(self.trump) if self.trump else _("no-trump")
        head = f"{name} {blind}{self.contract} {trump}"
        if self._phase != "over" or not outcome:
            return head
        total = self.hand_totals()[self.contractor]
        return f"{head}: {total}, " + (_("made") if self.made() else _("failed"))

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see (own cards unless blind, the tricks, the calls); everything when
        ``seat`` is ``None``. The talon is face down (its size) until the auction ends; then the
        bidder takes its three cards into hand (rules.md 501 §7), and every view, ``None``'s too,
        shows it empty."""
        n = self.game.players
        hands: list[Cards | int] = []
        for s in range(n):
            visible = seat is None or (s == seat and not self.blind[s])
            hands.append(Cards(self.hands[s]) if visible else len(self.hands[s]))
        taken = self.contractor is not None  # the bidder took the talon into hand (§7)
        talon: Cards | int = Cards([]) if taken else self.talon if seat is None else len(self.talon)
        return View501(seat=seat, phase=self._phase, dealer=self.dealer, current_player=self._to_act,
                       hands=hands, talon=talon,
                       tricks=[t.copy() for t in self.tricks],
                       current_trick=self.trick.copy() if self.trick else None,
                       calls=list(self.calls), scores=list(self.scores_before),
                       active=list(self.active), blind=list(self.blind), high_bid=self.high_bid,
                       bidder=self.bidder, declarer=self.contractor, declarer_blind=self.declarer_blind,
                       contract=self.contract, trump=self.trump, abandoned=self.abandoned,
                       marriages=list(self.marriages), points=list(self.points),
                       tricks_won=list(self.tricks_won), returns=self.returns(),
                       gives=[(f, t, c if seat is None or seat in (f, t) else None) for f, t, c in self.gives],
                       talon_taken=Cards(self.talon) if taken else None)

    def known_cards(self, seat: int) -> dict[int, list[Card]]:
        """The cards ``seat`` gave, by the seat it gave them to (rules.md 501 §7)."""
        out: dict[int, list[Card]] = {}
        for f, to, c in self.gives:
            if f == seat:
                out.setdefault(to, []).append(c)
        return out

    def knowledge(self, seat: int) -> Knowledge:
        """What ``seat`` knows of the hidden cards in the play phase (see :class:`Knowledge`): the
        cards played, the voids shown (not following shows a void in the led suit, and not
        trumping one in trumps too, rules.md 501 §8), the cards it gave (§7), a declared marriage's
        other card (§9), and for a defender that the other defender got at most one talon card."""
        others = [s for s in self.active if s != seat]
        gone = {c for _, c in self.played_cards()}
        known: dict[Hashable, list[Card]] = {s: [] for s in others}
        for f, t, c in self.gives:
            if f == seat and t in known and c not in gone:
                known[t].append(c)
        for s, suit, _value in self.marriages:
            if s in known:
                for r in (Rank.KING, Rank.QUEEN):
                    c = Card(suit, r)
                    if c not in gone and c not in known[s]:
                        known[s].append(c)
        voids = self.voids()
        placed = {c for cs in known.values() for c in cs}
        mine = set(self.hands[seat])
        unseen = [c for c in self.game.new_pack() if c not in gone and c not in mine and c not in placed]
        caps: dict[Hashable, int] = {s: len(self.hands[s]) - len(known[s]) for s in others}
        by_allowed: dict[tuple[Hashable, ...], list[Card]] = {}
        for c in unseen:
            allowed = tuple(s for s in others if c.suit not in voids.get(s, set()))
            by_allowed.setdefault(allowed, []).append(c)
        accept = None
        d = self.contractor
        if d is not None and d != seat and len(others) == 2:
            # A defender saw the talon go to the declarer, who then gave one card to each defender: the
            # other defender holds (or has played) at most one talon card (rules.md 501 §7).
            other = next(s for s in others if s != d)
            talon = set(self.talon)
            already = sum(1 for s, c in self.played_cards() if s == other and c in talon)

            def accept(alloc: dict[Hashable, list[Card]]) -> bool:
                return already + sum(1 for c in alloc[other] if c in talon) <= 1

        return Knowledge(seat, caps, known, [(cs, list(a)) for a, cs in by_allowed.items()], voids, accept)

    def resample(self, seat: int, rng: random.Random) -> State:
        """See :meth:`State.resample`. Between the auction and the play a defender saw the talon go
        into the declarer's hand (rules.md 501 §7): its cards stay there, but for a card the
        declarer gave face down to another seat, drawn from the declarer's cards."""
        d = self.contractor
        if self._phase not in ("talon", "exchange") or d is None or seat == d:
            return super().resample(seat, rng)
        talon = [c for c in self.talon if c not in self.hands[seat]]
        others = [s for s in self.active if s not in (seat, d)]
        pool = [c for s in [d, *others] for c in self.hands[s]]
        for c in talon:
            pool.remove(c)
        rng.shuffle(pool)
        hidden: dict[Hashable, list[Card]] = {}
        at = 0
        got = {to for f, to, _c in self.gives}
        for o in others:
            n = len(self.hands[o]) - (o in got)
            hidden[o] = pool[at:at + n]
            at += n
        mine = pool[at:] + talon
        for o in others:
            if o in got:
                hidden[o].append(mine.pop(rng.randrange(len(mine))))
        hidden[d] = mine
        return self.with_hidden(hidden)

    def _deal_behind(self, seat: int, rng: random.Random) -> tuple[list[list[Card]], list[Card], list[Action]]:
        """The deal behind the holdings: each seat's cards and played cards, less the talon the
        declarer took and the cards it gave (§7). A give ``seat`` did not see is a talon card the
        receiver holds or has played, else any other of the receiver's cards, drawn with ``rng``."""
        hold = [list(h) for h in self.hands]
        for s, c in self.played_cards():
            hold[s].append(c)
        history = self.history()
        talon = list(self.talon)
        d = self.contractor
        if d is None:
            return hold, talon, history
        given: list[Card] = []
        for f, to, c in self.gives:
            if seat not in (f, to):
                from_talon = [x for x in hold[to] if x in talon]
                if len(from_talon) > 1:
                    raise CardkitError(f"seat {to} holds {len(from_talon)} talon cards but was given one")
                c = from_talon[0] if from_talon else rng.choice([x for x in hold[to] if x not in talon])
            hold[to].remove(c)
            hold[f].append(c)
            given.append(c)
        for c in talon:
            if c not in hold[d]:
                raise CardkitError(f"the talon's {c} is not among the declarer's cards")
            hold[d].remove(c)
        it = iter(given)
        return hold, talon, [Give(next(it)) if isinstance(a, Give) else a for a in history]

    def with_hidden(self, hidden: Mapping[Hashable, Sequence[Card]]) -> State501:
        """A copy with the hidden cards replaced: seats' hands, and :data:`TALON` the talon."""
        st = self.clone()
        for slot, cards in hidden.items():
            if slot == TALON:
                st.talon = Cards(cards)
            else:
                assert isinstance(slot, int), f"no slot {slot!r} in 501"
                st.hands[slot] = list(cards)
        st.forget_step()  # the kept legal actions belong to the old cards
        return st

    def voids(self) -> dict[int, set[Suit]]:
        """Suits each seat has shown void in (rules.md 501 §8): not following the led suit shows a
        void in it; also not trumping shows a void in trumps."""
        out: dict[int, set[Suit]] = {}
        trump = self.trump
        for t in self.all_tricks():
            led = t.led_suit
            for s, c in t.plays[1:]:
                if led is not None and c.suit is not led:
                    out.setdefault(s, set()).add(led)
                    if trump is not None and c.suit is not trump:
                        out[s].add(trump)
        return out

    def result_fields(self, seat: int) -> dict[str, Any]:
        """The game's own columns of an estimate's row for ``seat``: its hand total in card points
        and marriages (``points``) and the trump suit (``trump``, ``"NT"`` for no-trump)."""
        return {"points": self.hand_totals()[seat], "trump": str(self.trump) if self.trump else "NT"}

    def describe(self, action: Action, seat: int, viewer: int | None = None) -> str:
        """A transcript line for ``action`` by ``seat`` as ``viewer`` may read it (``None``: all).

        A give names its receiver, and is face down (rules.md 501 §7): only the giver and the
        receiver see its card ("A gives K♣ to B", "A gives a card face down to B").
        """
        name = self.name(seat)
        if isinstance(action, Give):
            to = next((t for f, t, c in self.gives if f == seat and c is action.card), None)
            if to is not None:
                if viewer is not None and viewer not in (seat, to):
                    return _("{name} gives a card face down to {receiver}").format(name=name, receiver=self.name(to))
                return _("{name} gives {card} to {receiver}").format(name=name, card=action.card,
                                                                     receiver=self.name(to))
            if viewer is not None and viewer != seat:
                return _("{name} gives a card face down").format(name=name)
        return super().describe(action, seat, viewer)

    def __repr__(self) -> str:
        return f"<State501 dealer={self.name(self.dealer)} {self.summary()}>"

