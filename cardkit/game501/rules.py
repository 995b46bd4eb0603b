"""501♠'s rules of each phase, one table each (rules.md 501 §5–§9): what a seat may do, and why not.

Each :class:`~cardkit.rulebook.Rule` decides one rule once: :class:`State501` lists the legal actions
as the candidates that keep every rule, and refuses an action with the first rule it breaks.

>>> from cardkit.game501 import Game501
>>> state = Game501().new_hand(0, [501] * 3, Game501().new_pack())
>>> [r.name for r in AUCTION.rules]
['auction-call', 'look-once', 'bid-minimum', 'bid-maximum', 'bid-higher']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Hashable, cast

from ..actions import PASS, Pass, Play
from ..cards import Card, Rank, Suit
from ..i18n import N_, _
from ..rulebook import Phase, Rule, held_reason, turn_fact
from .actions import (ABANDON, BIDS, DECLARES, GIVES, LOOK, MARRIAGE_PLAYS, MARRIAGE_RANKS, PLAYS, TRUMP_CHOICES, Abandon,
                      Bid, Declare, Give, Look)
from .scoring import MAX_BID, MIN_BID

if TYPE_CHECKING:
    from ..game import Action
    from .state import State501

__all__ = ["AUCTION", "EXCHANGE", "PHASE_RULES", "PLAY", "TALON", "Turn501", "marriage_partner"]


@dataclass(eq=False)
class Turn501:
    """What the rules of a phase read: the hand, the seat to act and its position in the phase.

    ``state`` is there for the refusals' words (names, cards in held order) only.
    """

    state: State501
    seat: int
    hand: tuple[Card, ...]
    blind: bool
    high_bid: int | None
    leading: bool
    led: Suit | None
    trump: Suit | None
    #: The cards of the hand in the suit led (none when leading).
    follow: list[Card]

    @property
    def name(self) -> str:
        return self.state.name(self.seat)

    def held(self, cards: list[Card] | tuple[Card, ...]) -> str:
        """``cards`` in the order a hand is held, separated by spaces."""
        return " ".join(str(c) for c in self.state.held_order(cards))

    @turn_fact
    def trumps(self) -> list[Card]:
        """The trumps of the hand."""
        trump = self.trump
        return [c for c in self.hand if c.suit is trump]

    @turn_fact
    def partnered(self) -> set[Card]:
        """The kings and queens whose marriage partner is in the hand (rules.md 501 §9)."""
        partners = _PARTNERS
        return {partners[c] for c in self.hand if c in partners}


def marriage_partner(card: Card) -> Card | None:
    """The other card of ``card``'s marriage (Q for K, K for Q), or ``None`` for another rank
    (rules.md 501 §9)."""
    return _PARTNERS.get(card)


#: Each king's queen and each queen's king (rules.md 501 §9).
_PARTNERS = {c: Card(c.suit, Rank.QUEEN if c.rank is Rank.KING else Rank.KING) for c in MARRIAGE_PLAYS}


# ---------------------------------------------------------------- auction (§5, §6)


def _standing(t: Turn501) -> Hashable:
    return (t.blind, t.high_bid)


AUCTION: Phase[Turn501] = Phase(
    (
        Rule("auction-call", 5, lambda t, a: isinstance(a, (Look, Pass, Bid)),
             lambda t, a: _("during the auction a player may only look, pass or bid"), form=True,
             title=N_("only look, pass or bid in the auction")),
        Rule("look-once", 6, lambda t, a: not isinstance(a, Look) or t.blind,
             lambda t, a: _("{name} has already looked; looking is final").format(name=t.name),
             title=N_("look at your cards only once")),
        Rule("bid-minimum", 5, lambda t, a: not isinstance(a, Bid) or a.points >= MIN_BID,
             lambda t, a: _("a bid must be at least {n}").format(n=MIN_BID), title=N_("bid at least the lowest bid")),
        Rule("bid-maximum", 5, lambda t, a: not isinstance(a, Bid) or a.points <= MAX_BID,
             lambda t, a: _("no bid may exceed {n}, the most a hand can score").format(n=MAX_BID),
             title=N_("bid no more than a hand can score")),
        Rule("bid-higher", 5,
             lambda t, a: not isinstance(a, Bid) or t.high_bid is None or a.points > t.high_bid,
             lambda t, a: _("a bid must be higher than the standing bid of {n}").format(n=t.high_bid),
             title=N_("bid higher than the standing bid")),
    ),
    lambda t: (LOOK, PASS, *BIDS),
    key=_standing,
)


# ---------------------------------------------------------------- talon (§5, §7)


def _declarations(t: Turn501) -> list[Action]:
    out: list[Action] = [ABANDON]
    for trump in TRUMP_CHOICES:
        out.extend(DECLARES[trump])
    return out


TALON: Phase[Turn501] = Phase(
    (
        Rule("abandon-or-declare", 7, lambda t, a: isinstance(a, (Abandon, Declare)),
             lambda t, a: _("the bidder must now abandon or declare trumps and a contract"), form=True,
             title=N_("abandon, or declare trumps and a contract")),
        Rule("contract-at-least-bid", 7,
             lambda t, a: not isinstance(a, Declare) or t.high_bid is None or a.contract >= t.high_bid,
             lambda t, a: _("the final contract may not be lower than the last bid, {n}").format(n=t.high_bid),
             title=N_("declare a contract no lower than the last bid")),
        Rule("contract-maximum", 5, lambda t, a: not isinstance(a, Declare) or a.contract <= MAX_BID,
             lambda t, a: _("no contract may exceed {n}, the most a hand can score").format(n=MAX_BID),
             title=N_("declare no more than a hand can score")),
    ),
    _declarations,
    key=lambda t: t.high_bid,
)


# ---------------------------------------------------------------- exchange (§7)


def _given(a: Action) -> Card:
    assert isinstance(a, Give), "the rule 'give' comes first"
    return a.card


EXCHANGE: Phase[Turn501] = Phase(
    (
        Rule("give", 7, lambda t, a: isinstance(a, Give),
             lambda t, a: _("the bidder must now give one card to each opponent"), form=True,
             title=N_("give one card to each opponent")),
        Rule("give-from-hand", 7, lambda t, a: _given(a) in t.hand,
             lambda t, a: _("{card} is not in the bidder's hand ({hand})").format(card=_given(a), hand=t.held(t.hand)),
             form=True, title=N_("give cards from your own hand")),
    ),
    lambda t: [GIVES[c] for c in dict.fromkeys(t.hand)],
)


# ---------------------------------------------------------------- play (§8, §9)


def _play(a: Action) -> Play:
    assert isinstance(a, Play), "the rule 'a-card' comes first"
    return a


def _card(a: Action) -> Card:
    return _play(a).card


def _marriage_held(t: Turn501, a: Action) -> bool:
    return _card(a) in t.partnered


def _marriages_held(t: Turn501, acts: list[Action]) -> list[Action]:
    partnered = t.partnered
    return [a for a in cast("list[Play]", acts) if not a.marriage or a.card in partnered]


def _follows(t: Turn501, a: Action) -> bool:
    return t.led is None or cast(Play, a).card.suit is t.led or not t.follow


def _following_suit(t: Turn501, acts: list[Action]) -> list[Action]:
    """The candidates (cards of the hand) in the suit led: the cards :func:`_follows` keeps."""
    follow = t.follow
    return [a for a in acts if a.card in follow]


def _trumps(t: Turn501, a: Action) -> bool:
    return t.trump is None or cast(Play, a).card.suit is t.trump or bool(t.follow) or not t.trumps


def _trumping(t: Turn501, acts: list[Action]) -> list[Action]:
    """The candidates (cards of the hand) that are trumps: the cards :func:`_trumps` keeps."""
    trumps = t.trumps
    return [a for a in acts if a.card in trumps]


def _leading(t: Turn501) -> bool:
    return t.leading


def _can_follow(t: Turn501) -> bool:
    """Holding a card of the suit led (so following): otherwise every card keeps the follow-suit rule."""
    return bool(t.follow)


def _must_trump(t: Turn501) -> bool:
    """Following without a card of the suit led, holding trumps: otherwise every card keeps the rule."""
    return not t.follow and t.led is not None and t.trump is not None and bool(t.trumps)


def _is_marriage(a: Action) -> bool:
    return isinstance(a, Play) and a.marriage


def _follow_clause(t: Turn501, a: Action) -> str:
    return _("must follow {suit}").format(suit=t.led)


def _trump_clause(t: Turn501, a: Action) -> str:
    return _("cannot follow {suit}, so must play a trump").format(suit=t.led)


def _plays(t: Turn501) -> list[Action]:
    if not t.leading:
        return [PLAYS[c] for c in t.hand]
    out: list[Action] = []
    for c in t.hand:
        out.append(PLAYS[c])
        if c.rank in MARRIAGE_RANKS:
            out.append(MARRIAGE_PLAYS[c])
    return out


PLAY: Phase[Turn501] = Phase(
    (
        Rule("a-card", 8, lambda t, a: isinstance(a, Play),
             lambda t, a: _("it is time to play a card"), form=True, title=N_("play a card")),
        Rule("no-joker", 8, lambda t, a: _play(a).names is None,
             lambda t, a: _("501 has no joker, so no card names a suit"), form=True,
             title=N_("name no suit: 501 has no joker")),
        Rule("in-hand", 8, lambda t, a: _card(a) in t.hand,
             lambda t, a: _("{card} is not in {name}'s hand ({hand})").format(
                 card=_card(a), name=t.name, hand=t.held(t.hand)), form=True,
             title=N_("play a card from your own hand")),
        Rule("marriage-on-lead", 9, lambda t, a: not _is_marriage(a) or t.leading,
             lambda t, a: _("a marriage may be declared only when leading"), form=True,
             title=N_("declare a marriage only when leading")),
        Rule("marriage-king-or-queen", 9, lambda t, a: not _is_marriage(a) or _card(a).rank in MARRIAGE_RANKS,
             lambda t, a: _("a marriage is declared by leading its king or queen"), form=True,
             title=N_("declare a marriage by leading its king or queen")),
        # a marriage is a candidate only on the lead, and refused by the rule before otherwise
        Rule("marriage-held", 9, lambda t, a: not _is_marriage(a) or _marriage_held(t, a),
             lambda t, a: _("{name} does not hold {card}, so there is no marriage to declare").format(
                 name=t.name, card=marriage_partner(_card(a))), _leading, select=_marriages_held,
             title=N_("declare a marriage only when holding its king and queen")),
        Rule("follow-suit", 8, _follows, lambda t, a: held_reason(_follow_clause(t, a), t.name, t.held(t.follow)),
             _can_follow, select=_following_suit, title=N_("follow suit"), clause=_follow_clause),
        Rule("must-trump", 8, _trumps, lambda t, a: held_reason(_trump_clause(t, a), t.name, t.held(t.trumps)),
             _must_trump, select=_trumping, title=N_("play a trump when unable to follow suit"),
             clause=_trump_clause),
    ),
    _plays,
)


#: Each phase's rules, by the phase's name (:attr:`State501.phase`).
PHASE_RULES: dict[str, Phase[Turn501]] = {"auction": AUCTION, "talon": TALON, "exchange": EXCHANGE, "play": PLAY}
