"""The rule-based Five Hundred player: bids from a trick estimate in its best strain and leaves
the auction to a partner who holds the bid, buries side cards of short suits, calls the best card
it lacks (5 players), nominates no suit for the joker (its longest under misère); in play the
contracting side draws trumps and then leads its strongest cards, the defenders cash side aces and
lead low; everyone wins a trick as cheaply as they can, leaves it to their own side when it is
winning with a trump or last to play, keeps the joker, and ducks under a misère (rules.md 500
§4–§13).

It is no expert; it is a fair opponent for learners, the coach of a Five Hundred table, the
yardstick of the strength tables and the play-out player of estimates and of the sampling and
search players. Its kind is ``"sensible"`` (as in 501♠); ``"rules"``, the name of an earlier second
rule-based player, is an alias of it. Every choice comes with a reason in words, in the language in
use (:meth:`Sensible500.explain`).

>>> from cardkit.game500 import Game500
>>> from cardkit.explore import Predeal
>>> game = Game500()
>>> state = Predeal(game, dealer=0).deal(1).new_hand(game)
>>> p = Sensible500(seed=0)
>>> while not state.is_terminal():
...     _ = state.apply_action(p.choose(state).action)
>>> state.phase
'over'
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Sequence

from ..actions import PASS, Pass, Play
from ..cards import JOKER, SUITS, Card, Rank, Suit
from ..game import Action, Decision, Game, State
from ..game500 import GO_ALONE, Bid, Bury, Call, Game500, Nominate, State500
from ..i18n import N_, _, ngettext, number
from ..tricks import trick_winner

#: Plain ranks, high to low, for judging a hand before any contract stands.
_HIGH = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.THIRTEEN, Rank.TWELVE, Rank.ELEVEN, Rank.TEN,
         Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
_PLAIN = {r: len(_HIGH) - i for i, r in enumerate(_HIGH)}

#: The help a contractor without a fixed partner counts on, in partners of 2 tricks each
#: (:func:`trick_estimate`): with 5 players the called card's holder, with 3 the fewer cards out
#: (a 33-card pack). Tuned by duplicate tournaments: lower, most hands are thrown in (about 60 %
#: with 3 players, 80 % with 5, no call ever made); higher, contracts fail.
_LONE_HELP = {3: 0.5, 5: 0.75}

#: The most help fixed partners are counted for, in partners: with 6 players two partners take
#: some of the same tricks, so they count for 1.25, not 2 (tuned: counting 2, every hand is bid
#: and the player loses about 14 points a hand to the former rule-based players).
_MOST_HELP = 1.25

#: A reason: an untranslated message (marked with ``N_``) and the values it is formatted with.
Reason = tuple[str, dict[str, Any]]


#: An estimate's part: what counts (a key of :func:`parts_words`), how many of it, its tricks.
Part = tuple[str, int, float]


def estimate_parts(hand: Sequence[Card], trump: Suit | None, partners: float = 1) -> list[Part]:
    """What :func:`trick_estimate` counts in ``hand`` with ``trump``, part by part: ``(what, how
    many, tricks)``, e.g. ``("side-aces", 2, 2.0)``; the estimate is the sum of the tricks."""
    hand = list(hand)
    parts: list[Part] = []
    if trump is not None:
        right, left = Card(trump, Rank.JACK), Card(trump.partner, Rank.JACK)
        trumps = [c for c in hand if c is JOKER or c.suit is trump or c == left]
        for what, top in (("joker", JOKER), ("right-bower", right), ("left-bower", left),
                          ("trump-ace", Card(trump, Rank.ACE))):
            if top in hand:
                parts.append((what, 1, 1.0))
        if Card(trump, Rank.KING) in hand and len(trumps) >= 3:
            parts.append(("trump-king", 1, 0.5))
        if len(trumps) > 4:
            parts.append(("long-trumps", len(trumps) - 4, (len(trumps) - 4) * 0.75))
        sides = [s for s in SUITS if s is not trump]
    else:
        if JOKER in hand:
            parts.append(("joker", 1, 1.0))
        sides = list(SUITS)
    aces = kings_by_ace = guarded = 0
    for s in sides:
        cards = [c for c in hand if c.suit is s and not (trump is not None and c == Card(trump.partner, Rank.JACK))]
        if Card(s, Rank.ACE) in cards:
            aces += 1
            kings_by_ace += Card(s, Rank.KING) in cards
        elif Card(s, Rank.KING) in cards and len(cards) >= 2:
            guarded += 1
    for what, n, each in (("side-aces", aces, 1.0), ("side-kings-by-ace", kings_by_ace, 0.75),
                          ("guarded-kings", guarded, 0.5)):
        if n:
            parts.append((what, n, n * each))
    if trump is None:
        parts.append(("no-trump", 1, -1.0))  # no trumps to stop a long suit
    parts.append(("kitty", 1, 1.0))
    if partners:
        parts.append(("partners", 1, 2.0 * partners))
    return parts


def trick_estimate(hand: Sequence[Card], trump: Suit | None, partners: float = 1) -> float:
    """A rough count of the tricks ``hand`` takes with ``trump`` (``None``: no-trump), counting a
    partner's help (about 2 tricks each; ``partners`` may be a fraction, for help that is not
    certain) and the kitty's (1) (rules.md 500 §6): the joker, the bowers and the trump ace one
    each, a guarded trump king a half, three quarters for each trump beyond four, a side ace one (a
    king beside it three quarters more), a guarded side king a half; no-trump one less (nothing
    stops a long suit). The parts: :func:`estimate_parts`.

    >>> round(trick_estimate([Card.parse(t) for t in "JK JH JD AH KH QH 10H AS KC 9D".split()], Suit.HEARTS), 1)
    10.8
    """
    return sum(value for _what, _n, value in estimate_parts(hand, trump, partners))


def parts_words(hand: Sequence[Card], trump: Suit | None, partners: float = 1) -> str:
    """The :func:`estimate_parts` of ``hand`` in words, each with its tricks, after the number of
    trumps held: ``"2 trumps: the left bower 1, 1 ace outside 1, the kitty 1, a partner's help 2 ≈
    5 tricks"`` (in the language in use)."""
    words = []
    for what, n, value in estimate_parts(hand, trump, partners):
        words.append(_("{what} {tricks}").format(what=_part_name(what, n), tricks=number(value)))
    est = trick_estimate(hand, trump, partners)
    counted = ", ".join(words) + " ≈ " + ngettext("{n} trick", "{n} tricks", int(est)).format(n=number(est))
    if trump is None:
        return counted
    left = Card(trump.partner, Rank.JACK)
    held = sum(1 for c in hand if c is JOKER or c.suit is trump or c == left)
    return ngettext("{n} trump", "{n} trumps", held).format(n=held) + ": " + counted


def _part_name(what: str, n: int) -> str:
    """One part of an estimate (:func:`estimate_parts`) in words."""
    if what == "long-trumps":
        return ngettext("{n} trump beyond four", "{n} trumps beyond four", n).format(n=n)
    if what == "side-aces":
        return ngettext("{n} ace outside", "{n} aces outside", n).format(n=n)
    if what == "side-kings-by-ace":
        return ngettext("{n} king beside its ace", "{n} kings beside their aces", n).format(n=n)
    if what == "guarded-kings":
        return ngettext("{n} guarded king outside", "{n} guarded kings outside", n).format(n=n)
    return _(_PART_NAMES[what])


#: The parts of an estimate counted once (:func:`estimate_parts`), in words.
_PART_NAMES = {"kitty": N_("the kitty"), "partners": N_("a partner's help"), "joker": N_("the joker"),
               "right-bower": N_("the right bower"), "left-bower": N_("the left bower"),
               "trump-ace": N_("the trump ace"), "trump-king": N_("the trump king, guarded"),
               "no-trump": N_("no trumps to stop a long suit")}


def best_strain(hand: Sequence[Card], partners: float = 1) -> tuple[Suit | None, float]:
    """The strain (a suit, or ``None`` for no-trump) with the highest :func:`trick_estimate`, and
    that estimate; ties go to the higher suit."""
    options: list[Suit | None] = [*SUITS, None]
    best = max(options, key=lambda t: (trick_estimate(hand, t, partners), t is not None and t.value))
    return best, trick_estimate(hand, best, partners)


class Sensible500:
    """The rule-of-thumb Five Hundred player (see the module doc). Its choices depend on the state
    alone (what the seat to act can know, rules.md 500 §13); ``seed`` is kept for the registry's
    ``cls(seed=...)``."""

    name = "sensible"
    kind: ClassVar[str] = "sensible"
    #: Other kind names that find this player (saved records and commands naming ``"rules"``).
    aliases: ClassVar[tuple[str, ...]] = ("rules",)
    plays: ClassVar[type[Game] | None] = Game500

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Decision:
        """A legal action for the seat to act, with the reason :meth:`explain` gives for it.

        Raises:
            CardkitError: ``state`` is not a Five Hundred hand.
        """
        from . import own_state

        own = own_state(state, State500, Game500)
        action, reason = self._decide(own)
        return Decision(action, self._words(own, reason), self._facts(own, action))

    @staticmethod
    def _facts(state: State500, action: Action) -> dict[str, object]:
        """What a call of the auction counts on: ``estimate`` (tricks) and ``counted``, the cards
        and help that make it in words (:func:`parts_words`); nothing for other actions."""
        seat = state.actor()
        if state.phase != "auction" or not isinstance(action, (Bid, Pass)) or (
                state.bidder is not None and state.bidder in state.game.partners(seat)):
            return {}
        hand, partners = state.hands[seat], _help(state, seat)
        strain = action.contract.trump if isinstance(action, Bid) else best_strain(hand, partners)[0]
        return {"estimate": trick_estimate(hand, strain, partners), "counted": parts_words(hand, strain, partners)}

    @staticmethod
    def _words(state: State500, reason: Reason) -> str:
        """A rule of thumb's reason as a phrase in the language in use."""
        if len(state.legal_actions()) == 1:
            return _("its only legal move")
        message, values = reason
        return _(message).format(**{k: number(v) if isinstance(v, float) else v for k, v in values.items()})

    def _decide(self, state: State500) -> tuple[Action, Reason]:
        seat = state.actor()
        legal = state.legal_actions()
        phase = state.phase
        if phase == "auction":
            return self._bid(state, seat, legal)
        if phase == "bury":
            return self._bury(state, seat, legal)
        if phase == "nominate":
            return self._nominate(state, seat, legal)
        if phase == "call":
            return self._call(state, seat, legal)
        return self._play(state, seat, legal)

    # -- auction, bury, nominate, call

    def _bid(self, state: State500, seat: int, legal: list[Action]) -> tuple[Action, Reason]:
        hand = state.hands[seat]
        fixed = state.game.partners(seat)
        if state.bidder is not None and state.bidder in fixed:
            return PASS, (N_("its partner holds the bid: it leaves the contract to them"), {})
        strain, est = best_strain(hand, _help(state, seat))
        tricks = min(10, int(est))
        bids = [a for a in legal if isinstance(a, Bid) and not a.contract.is_misere]
        fits = [a for a in bids if a.contract.trump is strain and a.contract.tricks <= tricks]
        if tricks >= 6 and fits:
            return fits[0], (N_("the hand forecasts about {n} tricks in {contract}"),
                             {"n": est, "contract": fits[0].contract})
        if state.high is None:
            return PASS, (N_("the hand forecasts about {n} tricks at best: not enough to open the bidding"),
                          {"n": est})
        return PASS, (N_("the hand forecasts about {n} tricks at best: not enough to bid above {contract}"),
                      {"n": est, "contract": state.high})

    def _bury(self, state: State500, seat: int, legal: list[Action]) -> tuple[Action, Reason]:
        hand = state.hands[seat]
        cards = [a.card for a in legal if isinstance(a, Bury)]  # the bury phase has no other action
        if state.misere():
            pick = max(cards, key=lambda c: (c is JOKER, _PLAIN.get(c.rank, 0)))
            return _bury_action(legal, pick), (N_("buries a high card: taking a trick loses the misère"), {})
        trump = state.trump
        side = [c for c in cards if c is not JOKER and state.suit_of(c) is not trump]
        pool = side or cards

        def key(c: Card) -> tuple[bool, int, int]:
            # never an ace; short suits first (a void lets it trump), low cards first
            length = sum(1 for x in hand if x.suit is c.suit and state.suit_of(x) is not trump)
            return (c.rank is Rank.ACE, length, _PLAIN.get(c.rank, 0))

        pick = min(pool, key=key)
        return _bury_action(legal, pick), (N_("buries a side card from a short suit, low cards first, keeping trumps, aces and the joker"), {})

    def _nominate(self, state: State500, seat: int, legal: list[Action]) -> tuple[Action, Reason]:
        hand = state.hands[seat]
        if state.misere():
            longest = max(SUITS, key=lambda s: sum(1 for c in hand if c.suit is s))
            return Nominate(longest), (N_("nominates the joker as {suit}, its longest suit, to follow with it"),
                                       {"suit": longest})
        return Nominate(None), (N_("keeps the joker unnominated: it beats everything"), {})

    def _call(self, state: State500, seat: int, legal: list[Action]) -> tuple[Action, Reason]:
        calls = [a for a in legal if isinstance(a, Call)]
        _strain, est = best_strain(state.hands[seat], 0)
        assert state.contract is not None, "a partner is called once the contract stands (rules.md 500 §12)"
        if est >= state.contract.tricks or not calls:
            return GO_ALONE, (N_("strong enough to go alone"), {})
        pick = max(calls, key=lambda a: _strength(state, a.card))
        return pick, (N_("calls the best card it lacks"), {})

    # -- play

    def _play(self, state: State500, seat: int, legal: list[Action]) -> tuple[Action, Reason]:
        trick, contract = state.trick, state.contract
        assert trick is not None and contract is not None, "the play phase has a trick and a contract"
        side = state.known_contracting_seats(seat)  # what this seat knows (§13)
        plays = [a for a in legal if isinstance(a, Play)]
        strength = {a: _strength(state, a.card) for a in plays}
        low = min(plays, key=lambda a: (a.card is JOKER, strength[a]))
        misere = contract.is_misere
        if not trick.plays:
            if misere:
                if seat in side:
                    return low, (N_("leads its lowest card: taking a trick loses the misère"), {})
                return low, (N_("leads low so that the contractor takes the trick"), {})
            trump = state.trump
            trumps = [a for a in plays if trump is not None and state.suit_of(a.card) is trump]
            if seat in side:
                if trumps and self._enemy_trumps(state, seat):
                    return max(trumps, key=lambda a: strength[a]), (
                        N_("draws trumps: the opponents may still hold some"), {})
                top = max(plays, key=lambda a: state.power(a.card, a.names or state.suit_of(a.card)))
                return top, (N_("leads its strongest card"), {})
            aces = [a for a in plays if a.card.rank is Rank.ACE and state.suit_of(a.card) is not trump]
            if aces:
                return aces[0], (N_("cashes a side ace"), {})
            nonjoker = [a for a in plays if a.card is not JOKER]
            if nonjoker:
                return min(nonjoker, key=lambda a: strength[a]), (
                    N_("leads a low card, keeping its high cards for later"), {})
            named = [a for a in plays if a.names is not None]
            fresh = [a for a in named if a.names not in state.led_suits]
            pick = (fresh or named or plays)[0]
            return pick, (N_("leads the joker, its last card"), {})
        winning = {a for a in plays if _would_win(state, seat, a)}
        if misere:
            if seat in side:
                ducks = [a for a in plays if a not in winning]
                if ducks:
                    return max(ducks, key=lambda a: strength[a]), (
                        N_("ducks under as high as it can: taking a trick loses the misère"), {})
                return max(plays, key=lambda a: strength[a]), (
                    N_("cannot duck: plays its highest card, keeping its low ones"), {})
            return low, (N_("plays low so that the contractor takes the trick"), {})
        current = trick_winner(trick.plays, trick.led_suit, state.power)
        friends = (set(side) if seat in side else set(range(state.game.players)) - set(side)) - {seat}
        last = len(trick.plays) == len(state.active) - 1
        if current in friends and (last or _strength(state, dict(trick.plays)[current]) >= 1000):
            return low, (N_("its side is winning the trick: it plays low"), {})
        if winning:
            return min(winning, key=lambda a: (a.card is JOKER, strength[a])), (
                N_("wins the trick as cheaply as it can"), {})
        if JOKER in state.hands[seat]:
            return low, (N_("cannot win the trick: throws its lowest card, keeping the joker"), {})
        return low, (N_("cannot win the trick: throws its lowest card"), {})

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

    # -- reasons

    def explain(self, state: State, action: Action) -> str:
        """Why ``action``, as a phrase in the language in use (:mod:`cardkit.i18n`) for a learner:
        the rule of thumb behind it when it is this player's choice (the trick estimate behind a
        bid, rules.md 500 §4; what a bury or a call keeps, §7, §12; drawing trumps, ducking a
        misère, §8–§9), else what the action does.

        Args:
            state: the state before ``action``, with the seat to act holding its cards.
            action: one of that seat's legal actions (usually the one :meth:`choose` returned).

        Returns:
            a phrase without a final full stop, e.g. "the hand forecasts about 6.5 tricks in 7♥".

        Raises:
            CardkitError: ``state`` is not a Five Hundred hand.
        """
        from . import own_state

        state = own_state(state, State500, Game500)
        if len(state.legal_actions()) == 1:
            return _("its only legal move")
        chosen, reason = self._decide(state)
        if chosen == action:
            return self._words(state, reason)
        return self._describe(state, action)

    def _describe(self, state: State500, action: Action) -> str:
        """What an action this player would not choose does, in words."""
        seat = state.actor()
        hand = state.hands[seat]
        partners = _help(state, seat)
        if isinstance(action, Bid):
            return _("the hand forecasts about {n} tricks in {contract}").format(
                n=number(trick_estimate(hand, action.contract.trump, partners)), contract=action.contract)
        if isinstance(action, Pass) and state.phase == "auction":
            return _("passes: the hand forecasts about {n} tricks at best").format(
                n=number(best_strain(hand, partners)[1]))
        if isinstance(action, Bury):
            return _("buries {card}").format(card=action.card)
        if isinstance(action, Call):
            return _("calls the best card it lacks")
        if action == GO_ALONE:
            return _("strong enough to go alone")
        if isinstance(action, Nominate):
            if action.suit is not None:
                return _("nominates the joker as {suit}, its longest suit, to follow with it").format(suit=action.suit)
            return _("keeps the joker unnominated: it beats everything")
        if isinstance(action, Play):
            trick = state.trick
            if trick is None or not trick.plays:
                return _("leads {card}").format(card=action.card)
            if _would_win(state, seat, action):
                return _("wins the trick as cheaply as it can")
            return _("plays its lowest card: it cannot win the trick, or a partner is winning it")
        return _("rule of thumb")


def _help(state: State500, seat: int) -> float:
    """The partners' help ``seat`` counts on when it bids, in partners (see :data:`_LONE_HELP`,
    :data:`_MOST_HELP`)."""
    fixed = len(state.game.partners(seat))
    return min(fixed, _MOST_HELP) if fixed else _LONE_HELP.get(state.game.players, 0.0)


def _strength(state: State500, card: Card) -> int:
    """How high ``card`` ranks under the contract: trumps above every plain card, the joker top."""
    return state.power(card, state.suit_of(card))


def _bury_action(legal: list[Action], card: Card) -> Action:
    return next(a for a in legal if isinstance(a, Bury) and a.card == card)


def _would_win(state: State500, seat: int, action: Play) -> bool:
    trick = state.trick
    assert trick is not None and trick.plays, "a card follows to a trick that has a lead"
    plays = list(trick.plays) + [(seat, action.card)]
    return trick_winner(plays, trick.led_suit, state.power) == seat


__all__ = ["Sensible500", "best_strain", "estimate_parts", "parts_words", "trick_estimate"]
