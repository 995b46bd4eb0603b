"""A simple, sensible 501♠ player: bids from hand strength, declares its best trump suit, gives
away its weakest cards, declares marriages, wins tricks cheaply and throws its lowest otherwise.

It is no expert; it is a fair opponent for learners and a baseline for stronger players.
"""

from __future__ import annotations

import random
from typing import ClassVar, Sequence

from ..actions import PASS, Pass, Play
from ..cards import SUITS, Card, Rank, Suit
from ..game import Action, Decision, Game, State
from ..game501 import (ABANDON, LOOK, MIN_BID, POINTS, RANK_ORDER, Abandon, Bid, Declare, Game501, Give, Look,
                       State501)
from ..i18n import _, ngettext


#: A strength's part: what counts (a key of :func:`strength_words`), the cards, its points.
Part = tuple[str, tuple[Card, ...], int]


def strength_parts(hand: Sequence[Card], trump: Suit | None) -> list[Part]:
    """What :func:`hand_strength` counts in ``hand`` with ``trump``, part by part: ``(what, cards,
    points)``, e.g. ``("aces", (A♠, A♥), 22)``; the strength is the sum of the points."""
    aces = tuple(c for c in hand if c.rank is Rank.ACE)
    tens = tuple(c for c in hand if c.rank is Rank.TEN and Card(c.suit, Rank.ACE) in hand)
    trumps = tuple(c for c in hand if trump is not None and c.suit is trump)
    parts: list[Part] = [("third", (), 20)]
    for what, cards, each in (("aces", aces, 11), ("tens", tens, 10), ("trumps", trumps, 5)):
        if cards:
            parts.append((what, cards, each * len(cards)))
    for s in SUITS:
        if Card(s, Rank.KING) in hand and Card(s, Rank.QUEEN) in hand:
            parts.append(("marriage", (Card(s, Rank.KING), Card(s, Rank.QUEEN)), 40 if s is trump else 20))
    return parts


def hand_strength(hand: Sequence[Card], trump: Suit | None) -> int:
    """A rough forecast of the points a hand takes with ``trump``: a third of the pack's 120, plus
    the hand's aces and tens, plus its marriages, plus 5 a trump. Points, not a promise. The
    parts: :func:`strength_parts`."""
    return sum(points for _what, _cards, points in strength_parts(hand, trump))


def strength_words(hand: Sequence[Card], trump: Suit | None) -> str:
    """The :func:`strength_parts` of ``hand`` in words, each with its points, and the sum:
    ``"a third of the pack 20 + aces A♠ A♥ 22 + the ♥ marriage 20 = 62"``."""
    words = []
    for what, cards, points in strength_parts(hand, trump):
        shown = " ".join(str(c) for c in cards)
        if what == "third":
            name = _("a third of the pack")
        elif what == "aces":
            name = ngettext("ace {cards}", "aces {cards}", len(cards)).format(cards=shown)
        elif what == "tens":
            name = ngettext("ten beside its ace {cards}", "tens beside their aces {cards}", len(cards)).format(
                cards=shown)
        elif what == "trumps":
            name = ngettext("{n} trump", "{n} trumps", len(cards)).format(n=len(cards))
        else:
            name = _("the {suit} marriage").format(suit=cards[0].suit)
        words.append(f"{name} {points}")
    return " + ".join(words) + f" = {hand_strength(hand, trump)}"


def best_trump(hand: Sequence[Card]) -> tuple[Suit | None, int]:
    """The trump choice (suit or ``None`` for no-trump) with the highest :func:`hand_strength`."""
    options: list[Suit | None] = [*SUITS, None]
    scored = [(hand_strength(hand, t), i, t) for i, t in enumerate(options)]
    best = max(scored)
    return best[2], best[0]


def bid_limit(est: int) -> int:
    """The highest bid worth making on a 7-card hand of :func:`hand_strength` ``est`` (points):
    ``0.7 × est + 30``, capped at 160. Tuned on seeded three-player matches: a little below the
    median total such hands reach when they win the auction, since a failed contract costs as much
    as a made one gains."""
    return min(160, (7 * est) // 10 + 30)


def opening_bid(est: int) -> int | None:
    """The first bid of a hand of strength ``est``: 10 below :func:`bid_limit`, rounded down to a
    multiple of 5, at least 66 (rules.md 501 §5); ``None`` (pass) when the limit is below 66.
    Better hands open higher.

    >>> [opening_bid(e) for e in (40, 60, 80, 110)]
    [None, 66, 75, 95]
    """
    limit = bid_limit(est)
    if limit < MIN_BID:
        return None
    return max(MIN_BID, 5 * ((limit - 10) // 5))


class Sensible501:
    """A rule-of-thumb 501♠ player (see the module doc). ``seed`` breaks ties reproducibly."""

    name = "sensible"
    kind: ClassVar[str] = "sensible"
    plays: ClassVar[type[Game] | None] = Game501

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Decision:
        """A legal action for the seat to act, with the reason :meth:`explain` gives for it.

        Raises:
            CardkitError: ``state`` is not a 501♠ hand.
        """
        from . import own_state

        own = own_state(state, State501, Game501)
        legal = own.legal_actions()
        action = self._choose(own, legal)
        return Decision(action, self._reason(own, len(legal), action), self._facts(own, action))

    @staticmethod
    def _facts(state: State501, action: Action) -> dict[str, object]:
        """What a call of the auction counts on: the hand's ``strength``, its bid ``limit`` and
        ``counted``, the cards that make the strength and how the limit follows from it, in words
        (:func:`strength_words`); nothing for other actions."""
        if state.phase != "auction" or not isinstance(action, (Bid, Pass)):
            return {}
        hand = state.hands[state.actor()]
        trump, est = best_trump(hand)
        limit = bid_limit(est)
        how = (_("limit 0.7 × {est} + 30 = {limit}").format(est=est, limit=limit) if limit < 160
               else _("limit 160, the most"))
        return {"strength": est, "limit": limit, "counted": strength_words(hand, trump) + "; " + how}

    def _choose(self, state: State501, legal: list[Action]) -> Action:
        seat = state.actor()
        hand = state.hands[seat]
        if state.phase == "auction":
            if state.blind[seat]:
                return LOOK
            return self.auction_call(state, hand)
        if state.phase == "talon":
            trump, est = best_trump(hand)
            bid = state.high_bid or MIN_BID
            if est + 15 < bid:
                return ABANDON
            return Declare(trump, bid)  # the contract stays at the bid: a failure costs what a success gains
        if state.phase == "exchange":
            keep_marriage = {c for c in hand if Play(c, marriage=True) in _marriage_plays(hand)}
            cands = [c for c in hand if c not in keep_marriage and c.suit is not state.trump] or hand
            return Give(min(cands, key=lambda c: (POINTS[c.rank], RANK_ORDER[c.rank])))
        return self._play(state, seat, legal)

    def auction_call(self, state: State501, hand: Sequence[Card]) -> Action:
        """Open at :func:`opening_bid`, overcall by up to 5 while within :func:`bid_limit`, else pass."""
        _trump, est = best_trump(hand)
        limit = bid_limit(est)
        if state.high_bid is None:
            bid = opening_bid(est)
            return PASS if bid is None else Bid(bid)
        low = state.high_bid + 1
        if low > limit:
            return PASS
        return Bid(min(low + 4, limit))

    def _play(self, state: State501, seat: int, legal: list[Action]) -> Action:
        marriages = [a for a in legal if isinstance(a, Play) and a.marriage]
        if marriages:
            return max(marriages, key=lambda a: a.card.suit is state.trump)
        cards = [a.card for a in legal if isinstance(a, Play)]
        trick = state.trick
        if trick is None or not trick.plays:
            aces = [c for c in cards if c.rank is Rank.ACE and c.suit is not state.trump]
            if aces:
                return Play(aces[0])
            return Play(min(cards, key=lambda c: (POINTS[c.rank], RANK_ORDER[c.rank])))
        winners = []
        for c in cards:
            plays = trick.plays + [(seat, c)]
            best = max(range(len(plays)), key=lambda i: (state.trick_power(plays[i][1], trick.led_suit), -i))
            if plays[best][0] == seat:
                winners.append(c)
        if winners and (len(trick.plays) == 2 or any(POINTS[c.rank] >= 10 for _, c in trick.plays)
                        or len(trick.plays) == 1):
            return Play(min(winners, key=lambda c: (state.trick_power(c, trick.led_suit))))
        return Play(min(cards, key=lambda c: (POINTS[c.rank], RANK_ORDER[c.rank])))

    def explain(self, state: State, action: Action) -> str:
        """Why ``action`` suits this player's rules of thumb, as a phrase in the language in use
        (:mod:`cardkit.i18n`) for a learner: the hand strength behind a call, the marriage a lead
        declares (rules.md 501 §9), whether a card wins the trick (§8).

        Args:
            state: the 501♠ state before ``action``, with the seat to act holding its cards.
            action: one of that seat's legal actions (usually the one :meth:`choose` returned).

        Returns:
            a phrase without a final full stop, e.g. "hand strength 75: worth bidding up to 82".

        Raises:
            CardkitError: ``state`` is not a 501♠ hand.
        """
        from . import own_state

        own = own_state(state, State501, Game501)
        return self._reason(own, len(own.legal_actions()), action)

    def _reason(self, state: State501, choices: int, action: Action) -> str:
        """:meth:`explain` for a state with ``choices`` legal actions."""
        seat = state.actor()
        hand = state.hands[seat]
        if choices == 1:
            return _("its only legal move")
        if isinstance(action, Look):
            return _("looks at its cards before calling: a blind bid is doubled, won or lost")
        if isinstance(action, (Bid, Pass)) and state.phase == "auction":
            est = best_trump(hand)[1]
            limit = bid_limit(est)
            if isinstance(action, Bid) and state.high_bid is None:
                return _("hand strength {est}: worth bidding up to {limit}; nobody has bid yet, so it opens "
                         "10 below that, on a multiple of 5 and at least 66: {bid}").format(
                    est=est, limit=limit, bid=action.points)
            if isinstance(action, Bid):
                return _("hand strength {est}: worth bidding up to {limit}; it raises the standing bid of {high} "
                         "by up to 5: {bid}").format(est=est, limit=limit, high=state.high_bid, bid=action.points)
            if limit < MIN_BID:
                return _("hand strength {est}: too weak to bid {low}").format(est=est, low=MIN_BID)
            if state.high_bid is not None:
                return _("hand strength {est}: worth bidding up to {limit}, "
                         "not above the standing bid of {high}").format(est=est, limit=limit, high=state.high_bid)
            return _("hand strength {est}: worth bidding up to {limit}, not more").format(est=est, limit=limit)
        if isinstance(action, Abandon):
            return _("hand strength {est} with the talon: {bid} is out of reach, so it gives the hand up").format(
                est=best_trump(hand)[1], bid=state.high_bid)
        if isinstance(action, Declare):
            return _("{trump} is its strongest choice (hand strength {est}); the contract stays at the bid").format(
                trump=action.trump if action.trump is not None else _("no-trump"), est=best_trump(hand)[1])
        if isinstance(action, Give):
            return _("gives away a low card it does not need: no trump, no marriage card")
        if isinstance(action, Play):
            return self._explain_play(state, seat, action)
        return _("rule of thumb")

    def _explain_play(self, state: State501, seat: int, action: Play) -> str:
        card = action.card
        if action.marriage:
            return _("declares the {suit} marriage ({value}) while leading").format(
                suit=card.suit, value=40 if card.suit is state.trump else 20)
        trick = state.trick
        if trick is None or not trick.plays:
            if card.rank is Rank.ACE and card.suit is not state.trump:
                return _("leads an ace: it wins the trick and its 11 points")
            return _("leads a low card, keeping its high cards for later")
        plays = trick.plays + [(seat, card)]
        best = max(range(len(plays)), key=lambda i: (state.trick_power(plays[i][1], trick.led_suit), -i))
        if plays[best][0] == seat:
            return _("wins the trick as cheaply as it can")
        return _("cannot win this trick cheaply: throws its lowest card")


def _marriage_plays(hand: Sequence[Card]) -> list[Play]:
    out = []
    for s in SUITS:
        k, q = Card(s, Rank.KING), Card(s, Rank.QUEEN)
        if k in hand and q in hand:
            out += [Play(k, marriage=True), Play(q, marriage=True)]
    return out
