"""A rule-based Five Hundred player, the base of the sampling player for that game.

:class:`Rules500` bids from hand strength, buries its weakest side cards, draws trumps, keeps the
joker, wins tricks cheaply and leaves them to a partner who is winning, and ducks under a misère.
It is a fair opponent and the play-out player of estimates (rules.md 500 §4–§10).

>>> from cardkit.game500 import Game500
>>> from cardkit.explore import Predeal
>>> game = Game500()
>>> state = Predeal(game, dealer=0).deal(1).new_hand(game)
>>> p = Rules500(seed=0)
>>> while not state.is_terminal():
...     _ = state.apply_action(p.choose(state))
>>> state.phase
'over'
"""

from __future__ import annotations

import random
from typing import ClassVar, Sequence

from ..actions import PASS, Play
from ..cards import JOKER, SUITS, Card, Rank, Suit
from ..game import Action, Game, State
from ..game500 import Bid, Bury, Call, Game500, Nominate, State500
from ..tricks import trick_winner

#: Plain ranks, high to low, for judging a hand before any contract stands.
_HIGH = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.THIRTEEN, Rank.TWELVE, Rank.ELEVEN, Rank.TEN,
         Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
_PLAIN = {r: len(_HIGH) - i for i, r in enumerate(_HIGH)}


def trick_estimate(hand: Sequence[Card], trump: Suit | None, partners: int = 1) -> float:
    """A rough count of the tricks ``hand`` takes with ``trump`` (``None``: no-trump), counting a
    partner's help (about 2 tricks each) and the kitty's (1) (rules.md 500 §6).

    >>> round(trick_estimate([Card.parse(t) for t in "JK JH JD AH KH QH 10H AS KC 9D".split()], Suit.HEARTS), 1)
    10.8
    """
    hand = list(hand)
    est = 1.0 + 2.0 * partners
    if trump is not None:
        right, left = Card(trump, Rank.JACK), Card(trump.partner, Rank.JACK)
        trumps = [c for c in hand if c is JOKER or c.suit is trump or c == left]
        for top in (JOKER, right, left, Card(trump, Rank.ACE)):
            if top in hand:
                est += 1
        if Card(trump, Rank.KING) in hand and len(trumps) >= 3:
            est += 0.5
        est += max(0, len(trumps) - 4) * 0.75
        sides = [s for s in SUITS if s is not trump]
    else:
        if JOKER in hand:
            est += 1
        sides = list(SUITS)
    for s in sides:
        cards = [c for c in hand if c.suit is s and not (trump is not None and c == Card(trump.partner, Rank.JACK))]
        if Card(s, Rank.ACE) in cards:
            est += 1
            if Card(s, Rank.KING) in cards:
                est += 0.75
        elif Card(s, Rank.KING) in cards and len(cards) >= 2:
            est += 0.5
    if trump is None:
        est -= 1  # no trumps to stop a long suit
    return est


def best_strain(hand: Sequence[Card], partners: int = 1) -> tuple[Suit | None, float]:
    """The strain (a suit, or ``None`` for no-trump) with the highest :func:`trick_estimate`."""
    options: list[Suit | None] = [*SUITS, None]
    best = max(options, key=lambda t: (trick_estimate(hand, t, partners), t is not None and t.value))
    return best, trick_estimate(hand, best, partners)


class Rules500:
    """A rule-of-thumb Five Hundred player (see the module doc). ``seed`` breaks ties."""

    name = "rules"
    kind: ClassVar[str] = "rules"
    plays: ClassVar[type[Game] | None] = Game500
    needs_game: ClassVar[bool] = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    # -- decisions

    def choose(self, state: State) -> Action:
        """A legal action for the seat to act.

        Raises:
            CardkitError: ``state`` is not a Five Hundred hand.
        """
        from . import own_state

        state = own_state(state, State500, Game500)
        seat = state.actor()
        legal = state.legal_actions()
        ph = state.phase
        if ph == "auction":
            return self._bid(state, seat, legal)
        if ph == "bury":
            return self._bury(state, seat, legal)
        if ph == "nominate":
            return self._nominate(state, seat, legal)
        if ph == "call":
            return self._call(state, seat, legal)
        return self._play(state, seat, legal)

    def _bid(self, state: State500, seat: int, legal: list[Action]) -> Action:
        hand = state.hands[seat]
        partners = len(state.game.partners(seat))
        if state.bidder is not None and state.bidder in state.game.partners(seat):
            self.reason = "partner holds the bid"
            return PASS
        strain, est = best_strain(hand, partners)
        tricks = min(10, int(est))
        bids = [a for a in legal if isinstance(a, Bid) and not a.contract.is_misere]
        fits = [a for a in bids if a.contract.trump is strain and a.contract.tricks <= tricks]
        if tricks >= 6 and fits:
            pick = fits[0]
            self.reason = f"hand worth about {est:.1f} tricks in {strain or 'no-trump'}"
            return pick
        self.reason = f"hand worth about {est:.1f} tricks at best: not enough to outbid"
        return PASS

    def _strength(self, state: State500, card: Card) -> int:
        """How high ``card`` ranks under the contract: trumps above every plain card, the joker top."""
        suit = state.suit_of(card)
        return state.power(card, suit)

    def _bury(self, state: State500, seat: int, legal: list[Action]) -> Action:
        hand = state.hands[seat]
        cards = [a.card for a in legal if isinstance(a, Bury)]  # the bury phase has no other action
        if state.misere():
            # bury the highest cards: they are the ones that would take a trick
            pick = max(cards, key=lambda c: (c is JOKER, _PLAIN.get(c.rank, 0)))
            self.reason = "buries a high card: taking a trick loses the misère"
            return next(a for a in legal if a.card == pick)
        trump = state.trump
        side = [c for c in cards if c is not JOKER and state.suit_of(c) is not trump]
        pool = side or cards

        def key(c: Card) -> tuple[bool, int, int]:
            # never an ace; short suits first (a void lets us trump), low cards first
            length = sum(1 for x in hand if x.suit is c.suit and state.suit_of(x) is not trump)
            return (c.rank is Rank.ACE, length, _PLAIN.get(c.rank, 0))

        pick = min(pool, key=key)
        self.reason = "buries a side card, short suits and low cards first, keeping trumps, aces and the joker"
        return next(a for a in legal if a.card == pick)

    def _nominate(self, state: State500, seat: int, legal: list[Action]) -> Action:
        hand = state.hands[seat]
        if state.misere():
            longest = max(SUITS, key=lambda s: sum(1 for c in hand if c.suit is s))
            self.reason = f"nominates the joker as {longest}, its longest suit, to follow with it"
            return next(a for a in legal if isinstance(a, Nominate) and a.suit is longest)
        self.reason = "keeps the joker unnominated: it beats everything"
        return next(a for a in legal if isinstance(a, Nominate) and a.suit is None)

    def _call(self, state: State500, seat: int, legal: list[Action]) -> Action:
        calls = [a for a in legal if isinstance(a, Call)]
        _strain, est = best_strain(state.hands[seat], 0)
        assert state.contract is not None, "a partner is called once the contract stands (rules.md 500 §12)"
        if est >= state.contract.tricks or not calls:
            self.reason = "strong enough to go alone"
            return next(a for a in legal if not isinstance(a, Call))
        pick = max(calls, key=lambda a: self._strength(state, a.card))
        self.reason = "calls the best card it lacks"
        return pick

    def _play(self, state: State500, seat: int, legal: list[Action]) -> Action:
        trick, contract = state.trick, state.contract
        assert trick is not None and contract is not None, "the play phase has a trick and a contract"
        side = state.known_contracting_seats(seat)  # what this seat knows (§13)
        plays = [a for a in legal if isinstance(a, Play)]
        strength = {a: self._strength(state, a.card) for a in plays}
        misere = contract.is_misere
        low = min(plays, key=lambda a: (a.card is JOKER, strength[a]))
        if not trick.plays:
            if misere and seat in side:
                self.reason = "leads its lowest card: taking a trick loses the misère"
                return low
            if misere:
                self.reason = "leads low to make the contractor win"
                return low
            trump = state.trump
            trumps = [a for a in plays if state.suit_of(a.card) is trump and trump is not None]
            if seat in side and trumps and self._enemy_trumps(state, seat):
                top = max(trumps, key=lambda a: strength[a])
                self.reason = "draws trumps"
                return top
            aces = [a for a in plays if a.card.rank is Rank.ACE and state.suit_of(a.card) is not trump]
            if aces:
                self.reason = "cashes a side ace"
                return aces[0]
            nonjoker = [a for a in plays if a.card is not JOKER]
            if nonjoker:
                self.reason = "leads low, keeping the joker"
                return min(nonjoker, key=lambda a: strength[a])
            named = [a for a in plays if a.names is not None]
            if named:
                fresh = [a for a in named if a.names not in state.led_suits]
                self.reason = "leads the joker naming a suit"
                return (fresh or named)[0]
            return plays[0]
        # following
        winning = {a for a in plays if self._would_win(state, seat, a)}
        if misere:
            if seat in side:
                ducks = [a for a in plays if a not in winning]
                if ducks:
                    self.reason = "ducks under: taking a trick loses the misère"
                    return max(ducks, key=lambda a: strength[a])
                self.reason = "cannot duck: plays its highest card"
                return max(plays, key=lambda a: strength[a])
            self.reason = "plays low so the contractor takes the trick"
            return low
        current = trick_winner(trick.plays, trick.led_suit, state.power)
        mates = set(state.game.partners(seat))
        last = len(trick.plays) == len(state.active) - 1
        if current in mates and (last or self._strength(state, dict(trick.plays)[current]) >= 1000):
            self.reason = "partner is winning the trick: plays low"
            return low
        if winning:
            cheap = min(winning, key=lambda a: (a.card is JOKER, strength[a]))
            self.reason = "wins the trick as cheaply as it can"
            return cheap
        self.reason = "cannot win the trick: throws its lowest card, keeping the joker"
        return low

    def _enemy_trumps(self, state: State500, seat: int) -> bool:
        """True while trumps other than ours may still be with the opponents (unplayed, unseen)."""
        trump = state.trump
        gone = {c for t in state.tricks for _s, c in t.plays}
        mine = set(state.hands[seat])
        buried = set(state.buried) if seat == state.contractor else set()
        for c in state.game.new_pack():
            if state.suit_of(c) is trump and c not in gone and c not in mine and c not in buried:
                return True
        return False

    def _would_win(self, state: State500, seat: int, action: Play) -> bool:
        trick = state.trick
        assert trick is not None and trick.plays, "a card follows to a trick that has a lead"
        plays = list(trick.plays) + [(seat, action.card)]
        return trick_winner(plays, trick.led_suit, state.power) == seat

    def explain(self, state: State, action: Action) -> str:
        """Why ``action``: the rule of thumb behind the last choice."""
        return self.reason or "rule of thumb"
