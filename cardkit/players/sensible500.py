"""A simple, sensible Five Hundred player: bids from a trick forecast, buries its weakest cards,
calls the best trump it lacks (5 players), wins tricks cheaply, lets a winning partner be, and
ducks under misère.

It is no expert; it is a fair opponent for learners and a baseline for stronger players.
"""

from __future__ import annotations

import random
from typing import ClassVar, Sequence

from ..actions import PASS, Pass, Play
from ..cards import JOKER, SUITS, Card, Rank, Suit
from ..game import Action, Game, State
from ..game500 import GO_ALONE, Bid, Bury, Call, Game500, Nominate, State500
from ..i18n import _


def forecast(hand: Sequence[Card], trump: Suit | None) -> float:
    """A rough count of the tricks ``hand`` takes with ``trump`` (``None``: no-trump): the joker,
    bowers and aces one each, guarded kings a half, and every trump beyond three a half more.
    Tricks, not a promise (rules.md 500 §6)."""
    tricks = 0.0
    n_trumps = 0
    for c in hand:
        if c is JOKER:
            tricks += 1
            n_trumps += 1
            continue
        if trump is not None and c.rank is Rank.JACK and c.suit in (trump, trump.partner):
            tricks += 1
            n_trumps += 1
            continue
        if c.suit is trump:
            n_trumps += 1
        if c.rank is Rank.ACE:
            tricks += 1
        elif c.rank is Rank.KING and sum(1 for d in hand if d.suit is c.suit) >= 2:
            tricks += 0.5
    if trump is not None:
        tricks += 0.5 * max(0, n_trumps - 3)
    return tricks


#: What the kitty's three cards add to a contractor's forecast, in tricks.
KITTY_TRICKS = 1.0


class Sensible500:
    """A rule-of-thumb Five Hundred player (see the module doc). ``seed`` breaks ties reproducibly."""

    name = "sensible"
    kind: ClassVar[str] = "sensible"
    plays: ClassVar[type[Game] | None] = Game500
    needs_game: ClassVar[bool] = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """A legal action for the seat to act.

        Raises:
            CardkitError: ``state`` is not a Five Hundred hand.
        """
        from . import own_state

        state = own_state(state, State500, Game500)
        seat = state.actor()
        legal = state.legal_actions()
        hand = state.hands[seat]
        phase = state.phase
        if phase == "auction":
            return self._bid(state, seat, legal)
        if phase == "bury":
            burials = [a for a in legal if isinstance(a, Bury)]  # the bury phase has no other action
            return min(burials, key=lambda a: self._keep_value(state, a.card))
        if phase == "call":
            return self._call(state, legal)
        if phase == "nominate":
            if state.contract is not None and state.contract.is_misere:
                longest = max(SUITS, key=lambda s: sum(1 for c in hand if c.suit is s))
                return Nominate(longest)
            return Nominate(None)
        return self._play(state, seat, legal)

    # -- auction, bury, call

    def _bid(self, state: State500, seat: int, legal: list[Action]) -> Action:
        hand = state.hands[seat]
        # partners' help: a fixed partner, or a called card's holder with 5 players; with 3 the 33-card
        # pack makes every high card count for more (tuned: about a quarter of first hands thrown in)
        helpers = 2.0 if state.game.partners(seat) else 1.5 if state.game.players == 5 else 1.25
        helpers += KITTY_TRICKS  # the contractor's three kitty cards improve the hand
        best: Action = PASS
        for a in legal:
            if not isinstance(a, Bid) or a.contract.is_misere:
                continue
            c = a.contract
            if forecast(hand, c.trump) + helpers >= c.tricks + 0.5:
                best = a  # the cheapest bid the hand supports in some strain
                break
        return best

    def _keep_value(self, state: State500, card: Card) -> float:
        if state.contract is not None and state.contract.is_misere:
            return -card.rank.value  # bury the high cards
        return state.power(card, card.suit) + (1000 if state.suit_of(card) is state.trump and state.trump else 0)

    def _call(self, state: State500, legal: list[Action]) -> Action:
        calls = [a for a in legal if isinstance(a, Call)]
        assert state.contract is not None, "a partner is called once the contract stands (rules.md 500 §12)"
        if forecast(state.hands[state.actor()], state.trump) >= state.contract.tricks:
            return GO_ALONE
        if not calls:
            return GO_ALONE
        return max(calls, key=lambda a: state.power(a.card, a.card.suit))

    # -- play

    def _play(self, state: State500, seat: int, legal: list[Action]) -> Action:
        trick = state.trick
        assert trick is not None and state.contract is not None
        misere_me = state.contract.is_misere and seat == state.contractor
        cards = [a for a in legal if isinstance(a, Play)]
        if not trick.plays:
            key = lambda a: state.power(a.card, a.names or state.suit_of(a.card))  # noqa: E731
            return min(cards, key=key) if misere_me else max(cards, key=key)
        led = trick.led_suit
        best_seat = max(range(len(trick.plays)),
                        key=lambda i: (state.power(trick.plays[i][1], led), -i))
        leader_now = trick.plays[best_seat][0]
        ranked = sorted(cards, key=lambda a: state.power(a.card, led))
        best_power = state.power(trick.plays[best_seat][1], led)
        winners = [a for a in ranked if state.power(a.card, led) > best_power]
        losers = [a for a in ranked if state.power(a.card, led) <= best_power]
        if misere_me:
            return losers[-1] if losers else ranked[0]
        side = state.known_contracting_seats(seat)  # not the hidden partner (rules.md 500 §13)
        friends = set(side) if seat in side else {s for s in range(state.game.players) if s not in side}
        if leader_now in friends or not winners:
            return ranked[0]
        return winners[0]

    def explain(self, state: State, action: Action) -> str:
        """Why ``action`` suits this player's rules of thumb, as a phrase in the language in use
        (:mod:`cardkit.i18n`) for a learner: the trick forecast behind a bid (rules.md 500 §4),
        what a bury or a call keeps (§7, §13), whether a card wins the trick (§8), misère (§9).

        Args:
            state: the state before ``action``, with the seat to act holding its cards.
            action: one of that seat's legal actions (usually the one :meth:`choose` returned).

        Returns:
            a phrase without a final full stop, e.g. "the hand forecasts about 6.5 tricks in 7♥".
        """
        from . import own_state

        state = own_state(state, State500, Game500)
        seat = state.actor()
        hand = state.hands[seat]
        if len(state.legal_actions()) == 1:
            return _("its only legal move")
        if isinstance(action, Bid):
            f = forecast(hand, action.contract.trump)
            return _("the hand forecasts about {n} tricks in {contract}").format(n=f"{f:g}", contract=action.contract)
        if isinstance(action, Pass) and state.phase == "auction":
            f = max(forecast(hand, t) for t in (*SUITS, None))
            return _("the hand forecasts about {n} tricks at best: not enough to bid higher").format(n=f"{f:g}")
        if isinstance(action, Bury):
            return _("buries one of its weakest cards")
        if isinstance(action, Call):
            return _("calls the best card it lacks")
        if action == GO_ALONE:
            return _("strong enough to go alone")
        if isinstance(action, Nominate):
            if action.suit is not None:
                return _("nominates the joker as {suit}, its longest suit, to follow with it").format(suit=action.suit)
            return _("keeps the joker unnominated: it beats everything")
        if isinstance(action, Play):
            return self._explain_play(state, seat, action)
        return _("rule of thumb")

    def _explain_play(self, state: State500, seat: int, action: Play) -> str:
        trick = state.trick
        assert trick is not None and state.contract is not None
        misere_me = state.contract.is_misere and seat == state.contractor
        if not trick.plays:
            if misere_me:
                return _("leads its lowest card: taking a trick loses the misère")
            return _("leads its strongest card")
        led = trick.led_suit
        best_power = max(state.power(c, led) for _s, c in trick.plays)
        wins = state.power(action.card, led) > best_power
        if misere_me:
            return _("cannot duck: plays its lowest card") if wins else _(
                "ducks under as high as it can: taking a trick loses the misère")
        if wins:
            return _("wins the trick as cheaply as it can")
        return _("plays its lowest card: it cannot win the trick, or a partner is winning it")


__all__ = ["Sensible500", "forecast"]
