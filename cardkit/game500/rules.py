"""Five Hundred's rules of each phase, one table each (rules.md 500 §4, §5, §7, §8, §13): what a seat
may do, and why not.

Each :class:`~cardkit.rulebook.Rule` decides one rule once: :class:`~cardkit.game500.State500` lists
the legal actions as the candidates that keep every rule, and refuses an action with the first rule
it breaks. :func:`joker_lead_suits` is the one statement of which suits a led joker may name; the
solver's kernel is tested against it.

>>> [r.name for r in PLAY.rules][:4]
['a-card', 'in-hand', 'no-marriage', 'named-lead']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Hashable

from ..actions import PASS, Pass, Play
from ..cards import JOKER, SUITS, Card, Rank, Suit
from ..i18n import N_, _
from ..rulebook import Phase, Rule, held_reason, turn_fact
from .actions import (BIDS, GO_ALONE, JOKER_LEADS, NOMINATIONS, Bid, Bury, Call, GoAlone, Nominate, bury_action,
                      call_action, contract_text, play_action)
from .contracts import MISERE_CONTRACT, TRICKS

if TYPE_CHECKING:
    from ..game import Action
    from .options import Options500
    from .state import State500

__all__ = ["AUCTION", "BURY", "CALL", "NOMINATE", "PHASE_RULES", "PLAY", "Turn500", "bower_note", "call_barred", "card_role",
           "joker_lead_suits", "option_words"]

_SUIT_WORDS = {Suit.SPADES: ("spade", "spades"), Suit.CLUBS: ("club", "clubs"),
               Suit.DIAMONDS: ("diamond", "diamonds"), Suit.HEARTS: ("heart", "hearts")}


@dataclass(eq=False)
class Turn500:
    """What the rules of a phase read: the seat to act, its hand and the position of the hand.

    ``state`` is there for the refusals' words and the table's options.
    """

    state: State500
    seat: int
    hand: tuple[Card, ...]
    #: The effective suit of each card (a bower is a trump, a nominated joker its suit; rules.md 500 §6).
    suit: Callable[[Card], Suit | None]
    leading: bool
    led: Suit | None
    #: True when the joker is unnominated in no-trump or misère: it has no suit (§8).
    free: bool
    #: The cards of the hand in the suit led, by effective suit (none when leading).
    follow: list[Card]
    #: The seat holds the joker while it is free (:attr:`free`).
    holds_free_joker: bool

    @property
    def name(self) -> str:
        return self.state.name(self.seat)

    @property
    def rules(self) -> Options500:
        return self.state.rules

    def held(self, cards: list[Card] | tuple[Card, ...]) -> str:
        """``cards`` in the order a hand is held, separated by spaces."""
        return " ".join(str(c) for c in self.state.held_order(cards))

    @turn_fact
    def barred(self) -> set[Card]:
        """The cards the contractor may not call (:func:`call_barred`)."""
        return call_barred(self.state)

    @turn_fact
    def own(self) -> set[Card]:
        """The cards in the contractor's hand or buried (rules.md 500 §13's self-call)."""
        c = self.state.contractor
        assert c is not None, "the call comes after the auction has a contractor"
        return {*self.state.hands[c], *self.state.buried}

    def free_joker(self, card: Card) -> bool:
        return card is JOKER and self.free


def option_words(state: State500, name: str) -> str:
    """The rule option behind a refusal in plain words, as the table's option controls show it:
    ``"cards that may be called: any card"``; an on/off option by its words alone."""
    value = state.rules.as_dict()[name]
    if isinstance(value, bool):
        return state.game.option_label(name)
    return _("{option}: {value}").format(option=state.game.option_label(name),
                                         value=state.game.option_label(name, value))


def card_role(trump: Suit | None, nominated: Suit | None, card: Card) -> str:
    """What ``card`` counts as under the contract, where that is not what its face says (rules.md
    500 §6, §8): ``"J♠ is a club and a trump here"`` (the left bower), ``"the joker counts as a ♦
    here, the highest trump"``, ``"the joker counts as a ♥ here (nominated)"``, ``"the joker has no
    suit here"``; ``""`` for any other card (the right bower is a trump of its own suit)."""
    if card is JOKER:
        if trump is not None:
            return _("the joker counts as a {suit} here, the highest trump").format(suit=trump)
        if nominated is not None:
            return _("the joker counts as a {suit} here (nominated)").format(suit=nominated)
        return _("the joker has no suit here")
    if trump is not None and card.rank is Rank.JACK and card.suit is trump.partner:
        return _("{card} is a {one} and a trump here").format(card=card, one=_(_SUIT_WORDS[trump][0]))
    return ""


def bower_note(state: State500, card: Card, follow: list[Card]) -> str:
    """`` (J♠ is a club and a trump here)`` when the joker or a left bower (led, played or held in
    the suit led) explains which cards follow the suit led (rules.md 500 §6, §8); ``""`` otherwise."""
    led = [state.trick.plays[0][1]] if state.trick is not None and state.trick.plays else []
    for c in dict.fromkeys((*led, card, *follow)):
        role = card_role(state.trump, state.nominated, c)
        if role:
            return f" ({role})"
    return ""


def joker_lead_suits(rules: Options500, last_trick: bool, led_suits: set[Suit], shown_void: set[Suit]) -> list[Suit]:
    """The suits an unnominated joker led may name (rules.md 500 §8, §16): any on the last trick;
    none before it under ``joker-lead-last``; one the leader has not shown void in under
    ``joker-lead-any``; any under ``joker-lead: loose``; else (``strict``) a suit nobody has led."""
    if last_trick:
        return list(SUITS)
    if rules.joker_lead_last:
        return []
    if rules.joker_lead_any:
        return [s for s in SUITS if s not in shown_void]
    if rules.joker_lead == "loose":
        return list(SUITS)
    return [s for s in SUITS if s not in led_suits]


def call_barred(state: State500) -> set[Card]:
    """The cards the contractor may not call under ``call-cards`` (rules.md 500 §13, §16)."""
    how = state.rules.call_cards
    if how == "any":
        return set()
    trump = state.trump
    if trump is None:
        # no-trump has no bowers and no trumps: no-joker-or-bowers bars only the joker (§16); under
        # no-trumps nothing is barred, the unnominated joker belonging to no suit (§8) [kit]
        return {JOKER} if how == "no-joker-or-bowers" else set()
    if how == "no-joker-or-bowers":
        return {JOKER, Card(trump, Rank.JACK), Card(trump.partner, Rank.JACK)}
    return {c for c in state.game.new_pack() if state.suit_of(c) is trump}


# ---------------------------------------------------------------- auction (§4, §13)


def _bid(a: Action) -> Bid:
    assert isinstance(a, Bid), "checked by the rule before"
    return a


def _standing(t: Turn500) -> str:
    """The standing bid as a sentence names it (the rule that quotes it applies only once one stands)."""
    high = t.state.high
    assert high is not None, "a bid is refused for not outranking only when a bid stands"
    return contract_text(high)


def _outranks(t: Turn500, a: Action) -> bool:
    if not isinstance(a, Bid) or t.state.high is None:
        return True
    rank = t.state.game.ladder_rank
    return a.contract not in rank or rank[a.contract] > rank[t.state.high]


def _misere_after_seven(t: Turn500, a: Action) -> bool:
    return not (isinstance(a, Bid) and a.contract is MISERE_CONTRACT and t.state.game.misere_needs_seven()
                and not t.state.seven_bid)


def _auction_key(t: Turn500) -> Hashable:
    g = t.state.game
    return (g.rules, g.players, t.state.high, t.state.seven_bid)


AUCTION: Phase[Turn500] = Phase(
    (
        Rule("auction-call", 4, lambda t, a: isinstance(a, (Pass, Bid)),
             lambda t, a: _("during the auction a player may only pass or bid"), form=True,
             title=N_("only pass or bid in the auction")),
        Rule("five-misere", 13,
             lambda t, a: not (isinstance(a, Bid) and a.contract.is_misere and not t.state.game.misere_allowed()),
             lambda t, a: _("misère and open misère are barred with five players ({option})").format(
                 option=option_words(t.state, "five-misere")), title=N_("no misère with five players")),
        Rule("bid-higher", 4, _outranks,
             lambda t, a: _("{bid} does not outrank the standing bid of {high}").format(
                 bid=contract_text(_bid(a).contract), high=_standing(t)), title=N_("bid higher than the standing bid")),
        Rule("misere-after-seven", 4, _misere_after_seven,
             lambda t, a: _("misère may be called only once somebody has bid seven"),
             title=N_("call misère only once somebody has bid seven")),
        Rule("on-the-ladder", 4, lambda t, a: not isinstance(a, Bid) or a.contract in t.state.game.ladder_rank,
             lambda t, a: _("not a bid this auction allows"), title=N_("bid only what this auction allows")),
    ),
    lambda t: [PASS, *(BIDS[c] for c in t.state.game.ladder)],
    key=_auction_key,
)


# ---------------------------------------------------------------- bury (§5)


def _buried(a: Action) -> Card:
    assert isinstance(a, Bury), "the rule 'bury' comes first"
    return a.card


BURY: Phase[Turn500] = Phase(
    (
        Rule("bury", 5, lambda t, a: isinstance(a, Bury),
             lambda t, a: _("the contractor must now bury three cards, one at a time"), form=True,
             title=N_("bury three cards")),
        Rule("bury-from-hand", 5, lambda t, a: _buried(a) in t.hand,
             lambda t, a: _("{card} is not in {name}'s hand ({hand})").format(
                 card=_buried(a), name=t.name, hand=t.held(t.hand)), form=True,
             title=N_("bury cards from your own hand")),
    ),
    lambda t: [bury_action(c) for c in dict.fromkeys(t.hand)],
)


# ---------------------------------------------------------------- call (§13)


def _called(a: Action) -> Card | None:
    return a.card if isinstance(a, Call) else None


def _own_call_allowed(t: Turn500, a: Action) -> bool:
    card = _called(a)
    return card is None or t.rules.self_call == "on" or card not in t.own


def _not_own(t: Turn500, acts: list[Action]) -> list[Action]:
    """The candidates :func:`_own_call_allowed` keeps: going alone and calls of cards not the contractor's."""
    if t.rules.self_call == "on":
        return acts
    own = t.own
    return [a for a in acts if not isinstance(a, Call) or a.card not in own]


def _not_barred(t: Turn500, acts: list[Action]) -> list[Action]:
    """The candidates the call-cards rule keeps: the calls of cards not barred, and going alone."""
    barred = t.barred
    return [a for a in acts if a.card not in barred] if barred else acts


CALL: Phase[Turn500] = Phase(
    (
        Rule("go-alone-or-call", 13, lambda t, a: isinstance(a, (GoAlone, Call)),
             lambda t, a: _("the contractor must now go alone or call a card"), form=True,
             title=N_("go alone or call a card")),
        Rule("called-card-in-pack", 13, lambda t, a: _called(a) is None or _called(a) in t.state.game.new_pack(),
             lambda t, a: _("{card} is not in this pack ({n} cards)").format(
                 card=_called(a), n=len(t.state.game.new_pack())), form=True, title=N_("call a card of this pack")),
        Rule("call-cards", 13, lambda t, a: _called(a) not in t.barred,
             lambda t, a: _("{card} may not be called ({option})").format(
                 card=_called(a), option=option_words(t.state, "call-cards")), select=_not_barred,
             title=N_("call only a card this table's rules allow")),
        # the option's own words ("calling a card you hold or buried: barred") would say it twice
        Rule("self-call", 13, _own_call_allowed,
             lambda t, a: _("{card} is in the contractor's hand or buried, and this table's rules do not "
                            "let the contractor call such a card").format(card=_called(a)), select=_not_own,
             title=N_("call no card the contractor holds or buried")),
    ),
    lambda t: [GO_ALONE, *(call_action(c) for c in dict.fromkeys(t.state.game.new_pack()))],
)


# ---------------------------------------------------------------- nominate (§8)


NOMINATE: Phase[Turn500] = Phase(
    (
        Rule("nominate", 8, lambda t, a: isinstance(a, Nominate),
             lambda t, a: _("the contractor holds the joker, so before the opening lead they nominate its "
                            "suit or leave it unnominated"), form=True,
             title=N_("nominate the joker's suit, or leave it unnominated, before the opening lead")),
    ),
    lambda t: NOMINATIONS,
)


# ---------------------------------------------------------------- play (§7, §8)


def _play(a: Action) -> Play:
    assert isinstance(a, Play), "the rule 'a-card' comes first"
    return a


def _lead_suits(t: Turn500) -> list[Suit]:
    s = t.state
    return joker_lead_suits(s.rules, len(s.tricks) == TRICKS - 1, s.led_suits, s.shown_void[t.seat])


def _joker_names_a_lead_suit(t: Turn500, a: Action) -> bool:
    p = _play(a)
    if not (t.leading and t.free_joker(p.card)):
        return True
    return p.names in _lead_suits(t)


def _joker_lead_refusal(t: Turn500, a: Action) -> str:
    names = _play(a).names
    r = t.rules
    if r.joker_lead_last:
        return _("the joker may not lead before the final trick ({option})").format(
            option=option_words(t.state, "joker-lead-last"))
    if names is None and r.joker_lead == "strict" and not r.joker_lead_any:
        return _("every suit has been led already this hand, and a led joker names only a suit nobody has "
                 "led, so it may lead only on the last trick ({option})").format(
            option=option_words(t.state, "joker-lead"))
    if r.joker_lead_any and names is not None:
        return _("{name} has shown void in {suit}, so the joker may not name it ({option})").format(
            name=t.name, suit=names, option=option_words(t.state, "joker-lead-any"))
    if names in t.state.led_suits:
        return _("{suit} has been led already this hand, and a led joker names only a suit nobody has led "
                 "(any suit on the last trick; {option})").format(
        suit=names, option=option_words(t.state, "joker-lead"))
    return _("not a lead the joker may make here")


def _joker_follows(t: Turn500, a: Action) -> bool:
    """A free joker goes to a suit led only when void in it, or (``joker-first-last``) as the
    seat's first card of that suit."""
    card = _play(a).card
    if t.leading or not t.free_joker(card) or not t.follow:
        return True
    return t.rules.joker_first_last and t.led not in t.state.played_suits[t.seat]


def _joker_follow_clause(t: Turn500, a: Action) -> str:
    """The joker-follow rule in words; under ``joker-first-last`` the whole reason, which names the
    cards the seat still holds of the suit."""
    if t.rules.joker_first_last:
        return _("the joker may go to {suit} only as {name}'s first or last card of it, "
                 "and {name} has played {suit} and still holds {cards}").format(
            suit=t.led, name=t.name, cards=t.held(t.follow))
    return _("the joker may follow only when void in {suit}").format(suit=t.led)


def _joker_follow_refusal(t: Turn500, a: Action) -> str:
    clause = _joker_follow_clause(t, a)
    return clause if t.rules.joker_first_last else held_reason(clause, t.name, t.held(t.follow))


def _joker_void_applies(t: Turn500) -> bool:
    """Under ``joker-void``, a seat that has shown void in the suit led keeps its free joker off it
    while it holds another card (§8)."""
    return (t.rules.joker_void != "off" and t.led in t.state.shown_void[t.seat] and len(t.hand) > 1)


def _joker_void(t: Turn500, a: Action) -> bool:
    card = _play(a).card
    if t.leading or not t.free_joker(card) or t.follow:
        return True
    return not _joker_void_applies(t)


def _follows(t: Turn500, a: Action) -> bool:
    card = _play(a).card
    if t.leading or t.led is None or t.free_joker(card) or t.suit(card) is t.led:
        return True
    return not t.follow


def _following_suit(t: Turn500, acts: list[Action]) -> list[Action]:
    """The candidates (cards of the hand) :func:`_follows` keeps: those of the suit led, and the free joker."""
    follow = t.follow
    if not t.free:
        return [a for a in acts if a.card in follow]
    return [a for a in acts if a.card in follow or a.card is JOKER]


def _follow_clause(t: Turn500, a: Action) -> str:
    return _("must follow {suit}").format(suit=t.led)


def _can_follow(t: Turn500) -> bool:
    """Following a suit led with a card of it in hand: otherwise every card keeps the follow-suit rule."""
    return t.led is not None and bool(t.follow)


def _misere_joker(t: Turn500, a: Action) -> bool:
    """Void in the suit led under misère, a seat holding the free joker must play it (§8)."""
    card = _play(a).card
    if t.leading or card is JOKER or not t.free or JOKER not in t.hand or not t.state.misere() or t.follow:
        return True
    return _joker_void_applies(t)


def _leading(t: Turn500) -> bool:
    return t.leading


def _following(t: Turn500) -> bool:
    return not t.leading


def _leading_free_joker(t: Turn500) -> bool:
    return t.leading and t.holds_free_joker


def _following_free_joker(t: Turn500) -> bool:
    return not t.leading and t.holds_free_joker


def _plays(t: Turn500) -> list[Action]:
    cards: list[Card] | tuple[Card, ...] = list(dict.fromkeys(t.hand)) if t.state.game.duplicates else t.hand
    if not t.leading and t.free and JOKER in cards and t.follow:
        # beside the suit led the free joker goes only under joker-first-last: it is listed after the suit
        cards = [c for c in cards if c is not JOKER] + [JOKER]
    if not (t.leading and t.holds_free_joker):  # no led free joker: one play per card
        return [play_action(c) for c in cards]
    out: list[Action] = []
    for c in cards:
        out.append(play_action(c))
        if t.free_joker(c):
            out.extend(JOKER_LEADS[s] for s in SUITS)
    return out


PLAY: Phase[Turn500] = Phase(
    (
        Rule("a-card", 7, lambda t, a: isinstance(a, Play),
             lambda t, a: _("it is time to play a card"), form=True, title=N_("play a card")),
        Rule("in-hand", 7, lambda t, a: _play(a).card in t.hand,
             lambda t, a: _("{card} is not in {name}'s hand ({hand})").format(
                 card=_play(a).card, name=t.name, hand=t.held(t.hand)), form=True,
             title=N_("play a card from your own hand")),
        Rule("no-marriage", 7, lambda t, a: not _play(a).marriage,
             lambda t, a: _("Five Hundred has no marriages: a card is played alone"), form=True,
             title=N_("play one card at a time")),
        # a candidate names a suit only as a led free joker (rules.md 500 §8): this rule and
        # named-only-on-lead hold for every candidate and refuse what a player types
        Rule("named-lead", 8, lambda t, a: _play(a).names is None or t.free_joker(_play(a).card),
             lambda t, a: _("only an unnominated joker, led in no-trump or misère, names a suit"), _leading,
             form=True, title=N_("only an unnominated joker, when led, names a suit")),
        Rule("joker-lead-names", 8,
             lambda t, a: not (t.free_joker(_play(a).card) and _play(a).names is None and _lead_suits(t)),
             lambda t, a: _("leading the joker, name the suit the others must follow"), _leading_free_joker,
             title=N_("name a suit when leading the joker")),
        Rule("joker-lead", 8, _joker_names_a_lead_suit, _joker_lead_refusal, _leading_free_joker,
             title=N_("lead the joker only as this table's rules allow")),
        Rule("named-only-on-lead", 8, lambda t, a: _play(a).names is None,
             lambda t, a: _("only a led joker names a suit"), _following, form=True,
             title=N_("only a led joker names a suit")),
        Rule("joker-follow", 8, _joker_follows, _joker_follow_refusal, _following_free_joker,
             title=N_("play the joker to a suit only when void in it"), clause=_joker_follow_clause),
        Rule("joker-void", 8, _joker_void,
             lambda t, a: _("{name} has shown void in {suit} before, so the joker may not be played to it "
                            "({option})").format(name=t.name, suit=t.led, option=option_words(t.state, "joker-void")),
             _following_free_joker, title=N_("no joker to a suit its player has shown void in")),
        Rule("follow-suit", 7, _follows,
             lambda t, a: held_reason(_follow_clause(t, a), t.name, t.held(t.follow))
             + bower_note(t.state, _play(a).card, t.follow),
             _can_follow, select=_following_suit, title=N_("follow suit"), clause=_follow_clause),
        Rule("misere-joker", 8, _misere_joker,
             lambda t, a: _("void in {suit} under misère, {name} must play the joker").format(suit=t.led, name=t.name),
             _following_free_joker, title=N_("play the joker when void under misère")),
    ),
    _plays,
)


#: Each phase's rules, by the phase's name (:attr:`State500.phase`).
PHASE_RULES: dict[str, Phase[Turn500]] = {"auction": AUCTION, "bury": BURY, "call": CALL, "nominate": NOMINATE,
                                          "play": PLAY}
