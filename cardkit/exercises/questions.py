"""The kinds of question, one class per ``(kind, ask)``, and :data:`QUESTIONS`, the one table of them.

Each class answers, reads, judges, hints and says its own question (the methods of
:class:`~cardkit.exercises.question.Question`); :meth:`cardkit.exercises.Exercise.question` finds
an exercise's class in :data:`QUESTIONS`. The table's keys are the schema's kinds and asks
(:data:`cardkit.exercises.schema.KINDS`).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Suit
from ..display import number_text, text_of
from ..errors import CardkitError
from ..game import TALON, Action, Game, State
from ..i18n import N_, _, action_phrase, ngettext
from . import explain as ex
from .answers import AnswerError, Choice, count_of, verdict
from .question import (NOT_READ, CardQuestion, CardsQuestion, ChoiceQuestion, NumberQuestion, NumbersQuestion,
                       PlayoutQuestion, Question, SeatQuestion)
from .refusals import barred, cited, legal_reason, play_of, refusal, rule_clause, sorted_cards


def read_bid(game: Game, text: str) -> Action:
    """The call ``text`` names: a bid without its verb (``"80"``, ``"8H"``, ``"misere"``) or any
    action of the game (``"bid 80"``, ``"pass"``, ``"declare ♠ 75"``).

    Raises:
        CardkitError: neither; the message is the game's for ``"bid " + text``.
    """
    try:
        return game.parse_action("bid " + text)
    except CardkitError as e:
        first = e
    try:
        return game.parse_action(text)
    except CardkitError:
        raise first from None


# ---------------------------------------------------------------- play


def _play_cards(question: Question) -> tuple[State, frozenset[Card]]:
    """The position and the cards its seat to play may play (rules.md 501 §8, 500 §7)."""
    st = question.exercise.state()
    if st.phase != "play":
        raise question.exercise.problem("position", f"a play question needs the play phase; the hand is in "
                                        f"{st.phase!r}")
    return st, frozenset(act.card for act in st.legal_actions() if act.card is not None)


def _trumps_hint(st: State, led: Any) -> str:
    """The trumps and the suit led, as a hint: ``"The suit led is ♠, and ♦ are trumps."``."""
    trumps = _("{suit} are trumps").format(suit=st.trump) if st.trump is not None else _("there are no trumps")
    if led is None:
        return trumps[:1].upper() + trumps[1:] + "."
    return _("The suit led is {suit}, and {trumps}.").format(suit=led, trumps=trumps)


class LegalCards(CardsQuestion):
    """``play`` / ``legal``: pick every card the seat to play may play."""

    kind, ask, title = "play", "legal", N_("Play a card")
    shows = ("contract", "current-trick", "hand")

    def answer(self) -> frozenset[Card]:
        return _play_cards(self)[1]

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        e = self.exercise
        st, right = _play_cards(self)
        name = e.game.names[st.actor()]
        if value == right:
            return True, [_("Right: {name} may play {cards}.").format(
                name=name, cards=ex.cards_text(sorted_cards(st, right))), legal_reason(st, e.rules) + "."]
        lines = barred(st, sorted_cards(st, value - right))
        if right - value:
            lines.append(_("{name} may play more cards than you picked.").format(name=name))
            if len(lines) == 1:  # no refused card has said the rule yet
                lines.append(rule_clause(st, e.rules) + ".")
        return False, lines

    def hint(self) -> str:
        return rule_clause(self.exercise.state(), self.exercise.rules) + "."


class WinningCard(CardQuestion):
    """``play`` / ``winning``: the last seat of a trick picks a card that wins it."""

    kind, ask, title = "play", "winning", N_("Play a card")
    shows = ("contract", "current-trick", "hand")

    def answer(self) -> frozenset[Card]:
        st, cards = _play_cards(self)
        return frozenset(c for c in cards if self._wins(st, c))

    def _wins(self, st: State, card: Card) -> bool:
        before = len(st.tricks)
        c = st.clone()
        seat = c.actor()
        c.apply_action(play_of(c, card))
        if len(c.tricks) == before:
            raise self.exercise.problem("ask", "'winning' asks the last player of a trick; here the trick goes on "
                                        f"after {self.exercise.game.names[seat]}")
        return bool(c.tricks[-1].winner == seat)

    def verify(self) -> None:
        if not self.answer():
            raise self.exercise.problem("ask", "no legal card wins this trick, so 'winning' has no answer")

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        st = self.exercise.state()
        card = value
        if card not in {x.card for x in st.legal_actions()}:
            return False, barred(st, [card])
        after = st.clone()
        after.apply_action(play_of(after, card))
        reason = ex.trick_reason(after, after.tricks[-1])
        if card in self.answer():
            return True, [_("Right."), reason + "."]
        return False, [_("With {card}: {reason}.").format(card=card, reason=reason)]

    def hint(self) -> str:
        st = self.exercise.state()
        trick = st.view().current_trick
        return _trumps_hint(st, trick.led_suit if trick is not None and trick.plays else None)


class TrickWinner(SeatQuestion):
    """``trick`` / ``winner``: who won the trick just completed."""

    kind, ask, title = "trick", "winner", N_("Who wins the trick?")
    shows = ("contract", "last-trick")

    def answer(self) -> int | None:
        st = self.exercise.state()
        current = st.view().current_trick
        if not st.tricks or (current is not None and current.plays):
            raise self.exercise.problem("position.step", "a trick question needs the position right after a trick "
                                        "is complete")
        return st.tricks[-1].winner

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        st = self.exercise.state()
        trick = st.tricks[-1]
        if value == self.answer():
            return True, [_("Right."), ex.trick_reason(st, trick) + "."]
        return False, [ex.trick_miss(st, trick, value) + "."]

    def hint(self) -> str:
        st = self.exercise.state()
        trick = st.tricks[-1]
        return _trumps_hint(st, trick.led_suit if trick.plays else None)


# ---------------------------------------------------------------- score


def _returns(question: Question) -> list[int]:
    """The finished hand's score changes (rules.md 501 §10, 500 §10)."""
    st = question.exercise.state()
    if not st.is_terminal():
        raise question.exercise.problem("position", "a score question needs a finished hand")
    return st.returns()


def _hand_hint(question: Question) -> str:
    return _("The hand: {summary}.").format(summary=question.exercise.state().summary(outcome=False))


class ScoreChanges(NumbersQuestion):
    """``score`` / ``changes``: type every seat's score change of the finished hand."""

    kind, ask, title = "score", "changes", N_("The score")
    shows = ("contract", "score")

    def answer(self) -> list[int]:
        return _returns(self)

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        g = self.exercise.game
        right = self.answer()
        if list(value) == list(right):
            return True, [_("Right: {changes}.").format(changes=ex.changes_text(g, right)),
                          *ex.score_lines(self.exercise.state())]
        wrong = [g.names[s] for s, (x, y) in enumerate(zip(value, right)) if x != y]
        good = [g.names[s] for s, (x, y) in enumerate(zip(value, right)) if x == y]
        lines = [_("Not right for {names}.").format(names=text_of(wrong))]
        if good:
            lines.append(_("Right for {names}.").format(names=text_of(good)))
        return False, lines

    def hint(self) -> str:
        return _hand_hint(self)


class ScoreChange(NumberQuestion):
    """``score`` / ``change`` (``seat``): type one seat's score change, signed (+40, 0, −25)."""

    kind, ask, title = "score", "change", N_("The score")
    shows = ("contract", "score")

    def answer(self) -> int:
        return _returns(self)[self.exercise.asked_seat()]

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        e = self.exercise
        name = e.game.names[e.asked_seat()]
        right = self.answer()
        if value == right:
            return True, [_("Right: {name} {change}.").format(name=name, change=ex.signed_change(right)),
                          *ex.score_lines(e.state())]
        return False, [_("{given} is not {name}'s change in this hand.").format(
            given=ex.signed_change(value), name=name)]

    def hint(self) -> str:
        return _hand_hint(self)

    def say(self, value: Any) -> str:
        return ex.signed_change(value)


# ---------------------------------------------------------------- auction


def _standing(st: State) -> list[Action]:
    """The standing bid, as a list of none or one."""
    return [x for _s, x in st.calls if ex.bid_worth(x) is not None][-1:]


def _standing_hint(question: Question) -> str:
    standing = _standing(question.exercise.state())
    if standing:
        return _("The standing bid is {bid}.").format(bid=ex.bid_words(standing[0]))
    return _("Nobody has bid yet.")


def _refused_here(st: State, action: Action) -> str | None:
    """``"A may not bid misère here: <the rule's reason> [rules.md 500 §4]"``, or ``None`` when
    ``action`` is legal."""
    err = refusal(st, action)
    if err is None:
        return None
    return _("{name} may not {action} here: {why}").format(
        name=st.game.names[st.actor()], action=action_phrase(action), why=cited(err))


class BidLegal(ChoiceQuestion):
    """``auction`` / ``legal`` (``bid``): may the seat to act make this call now?"""

    kind, ask, title = "auction", "legal", N_("The auction")
    shows = ("calls",)

    def answer(self) -> bool:
        st = self.exercise.state()
        if st.is_terminal():
            raise self.exercise.problem("position", "a call can be legal or not only while the hand goes on")
        return refusal(st, self.exercise.asked_bid()) is None

    def choices(self) -> list[Choice]:
        return [Choice(_("yes, it is legal"), True), Choice(_("no, it is not legal"), False)]

    def read_word(self, text: str, given: Any, options: list[Choice]) -> Any:
        if text in ("yes", "y", "sí", "si", "true", "legal"):
            return True
        if text in ("no", "n", "false", "illegal"):
            return False
        return super().read_word(text, given, options)

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        st = self.exercise.state()
        bid = self.exercise.asked_bid()
        name, phrase = st.game.names[st.actor()], action_phrase(bid)
        if value != self.answer():
            return False, [_("Not right: look again at whether {name} may {action} here.").format(
                name=name, action=phrase), self.hint()]
        why = _refused_here(st, bid)
        if why is None:
            why = _("{name} may {action} here: it outranks every bid so far").format(name=name, action=phrase)
        return verdict(True, why + ".")

    def hint(self) -> str:
        return _standing_hint(self)


class BidWorth(NumberQuestion):
    """``auction`` / ``worth`` (``bid``): type what the bid is worth (rules.md 501 §5, 500 §10)."""

    kind, ask, title = "auction", "worth", N_("The auction")
    shows = ("calls",)

    def answer(self) -> int:
        worth = ex.bid_worth(self.exercise.asked_bid())
        if worth is None:
            raise self.exercise.problem("bid", f"{self.exercise.params['bid']!r} is not a bid")
        return worth

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        bid = self.exercise.asked_bid()
        if value != self.answer():
            return False, [_("{given} is not what {bid} is worth.").format(given=value, bid=ex.bid_words(bid))]
        return verdict(True, ex.worth_text(bid) + ".")

    def hint(self) -> str:
        return _("Work out what {bid} is worth from the rule.").format(bid=ex.bid_words(self.exercise.asked_bid()))


class CheapestBid(ChoiceQuestion):
    """``auction`` / ``cheapest``: pick the cheapest bid that outranks the standing one (its text)."""

    kind, ask, title = "auction", "cheapest", N_("The auction")
    shows = ("calls",)

    def answer(self) -> str:
        st = self.exercise.state()
        if st.phase != "auction":
            raise self.exercise.problem("position", f"an auction question needs the auction; the hand is in "
                                        f"{st.phase!r}")
        bids = [act for act in st.legal_actions() if ex.bid_worth(act) is not None]
        if not bids:
            raise self.exercise.problem("position", "no bid outranks the standing bid here")
        return str(bids[0])

    def choices(self) -> list[Choice]:
        st = self.exercise.state()
        bids = [a for a in st.legal_actions() if ex.bid_worth(a) is not None][:3]
        return [Choice(ex.bid_words(b), str(b)) for b in _standing(st) + bids]

    def read_word(self, text: str, given: Any, options: list[Choice]) -> Any:
        value = super().read_word(text, given, options)
        if value is not NOT_READ:
            return value
        try:
            bid = read_bid(self.exercise.game, text)
        except CardkitError:
            bid = None
        if bid is None or ex.bid_worth(bid) is None:
            raise AnswerError(_("{text!r} is not a bid of this game").format(text=str(given))) from None
        return str(bid)

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        st = self.exercise.state()
        cheapest = self.answer()
        standing = _standing(st)
        since = _("after {bid}").format(bid=ex.bid_words(standing[0])) if standing else _("as the first bid")
        if value == cheapest:
            return True, [_("Right."), _("The cheapest bid {after} is {bid}.").format(
                after=since, bid=ex.bid_words(st.game.parse_action(cheapest)))]
        why = _refused_here(st, st.game.parse_action(value))
        return False, [why + "." if why is not None else _("{bid} is legal, but a cheaper bid also outranks the "
                                                           "standing bid").format(
            bid=ex.bid_words(st.game.parse_action(value))) + "."]

    def hint(self) -> str:
        return _standing_hint(self)


# ---------------------------------------------------------------- deal


def _dealer_hint(question: Question) -> str:
    return _("The dealer is {dealer}.").format(dealer=question.exercise.game.names[question.exercise.dealer()])


def _card_goes(game: Game, n: int, target: int, *, goes: bool) -> str:
    """Where card ``n`` of the pack goes, or does not, as a sentence: "Card 13 of the pack goes to
    the kitty.", "La carta 4 de la baraja va al talón.", "Card 14 of the pack does not go to B."
    (``target``: a seat or :data:`~cardkit.game.TALON`; rules.md 501 §4, 500 §3)."""
    if target == TALON:
        text = (_("Card {n} of the pack goes to the {talon}.") if goes
                else _("Card {n} of the pack does not go to the {talon}."))
        return text.format(n=n, talon=ex.talon_word(game))
    text = _("Card {n} of the pack goes to {place}.") if goes else _("Card {n} of the pack does not go to {place}.")
    return text.format(n=n, place=game.names[target])


class CardPlace(ChoiceQuestion):
    """``deal`` / ``where`` (``card``, from 1): pick where that card of the pack goes."""

    kind, ask, title = "deal", "where", N_("The deal")

    def answer(self) -> int:
        e = self.exercise
        targets = e.game.deal_targets(e.dealer())
        n: int = e.params["card"]
        if n > len(targets):
            raise e.problem("card", f"the pack holds {len(targets)} cards, so card {n} is not in it")
        return targets[n - 1]

    def choices(self) -> list[Choice]:
        g = self.exercise.game
        targets = g.deal_targets(self.exercise.dealer())
        order = list(dict.fromkeys(targets))
        order.sort(key=lambda t: (t == TALON, targets.index(t)))
        return [Choice(ex.place_name(g, t), t) for t in order]

    def read_word(self, text: str, given: Any, options: list[Choice]) -> Any:
        value = super().read_word(text, given, options)
        if value is NOT_READ and text in (ex.talon_word(self.exercise.game).lower(), "talon", "kitty"):
            return TALON
        return value

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        e = self.exercise
        g, dealer, n, right = e.game, e.dealer(), e.params["card"], self.answer()
        if value != right:
            return False, [_card_goes(g, n, value, goes=False), _dealer_hint(self)]
        # the deal only up to card n: the places of later cards answer later questions
        text = _("Dealer {dealer}; the deal goes: {pattern} ({near})").format(
            dealer=g.names[dealer], pattern=ex.deal_pattern(g, dealer, upto=n),
            near=ex.numbered_places(g, dealer, n, upto=n))
        return verdict(True, f"{_card_goes(g, n, right, goes=True)} {text}.")

    def hint(self) -> str:
        return _dealer_hint(self)


class TrumpCount(NumberQuestion):
    """``deal`` / ``trumps`` (``trump``: S C D H): type how many trumps the pack holds."""

    kind, ask, title = "deal", "trumps", N_("The trumps")

    def answer(self) -> int:
        return len(ex.trumps_in_pack(self.exercise.game, Suit.parse(self.exercise.params["trump"])))

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        suit = Suit.parse(self.exercise.params["trump"])
        if value != self.answer():
            return False, [ngettext("With {suit} trumps the pack does not hold {given} trump.",
                                    "With {suit} trumps the pack does not hold {given} trumps.",
                                    count_of(value)).format(suit=suit, given=number_text(value))]
        trumps = ex.trumps_in_pack(self.exercise.game, suit)
        text = _("With {suit} trumps the pack holds {n} trumps: {cards}").format(
            suit=suit, n=len(trumps), cards=ex.cards_text(trumps))
        return verdict(True, text + ".")


class PackSize(NumberQuestion):
    """``deal`` / ``pack-size``: type how many cards the pack holds."""

    kind, ask, title = "deal", "pack-size", N_("The pack")

    def answer(self) -> int:
        return len(self.exercise.game.new_pack())

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        g = self.exercise.game
        if value != self.answer():
            return False, [ngettext("The {title} pack for {n} players does not hold {given} card.",
                                    "The {title} pack for {n} players does not hold {given} cards.",
                                    count_of(value)).format(title=_(g.title), n=g.players, given=number_text(value))]
        text = _("The {title} pack for {n} players holds {size} cards: {summary}").format(
            title=_(g.title), n=g.players, size=self.answer(), summary=ex.pack_summary(g))
        return verdict(True, text + ".")


class HandSize(NumberQuestion):
    """``deal`` / ``hand-size``: type how many cards a seat is dealt."""

    kind, ask, title = "deal", "hand-size", N_("The deal")

    def answer(self) -> int:
        targets = self.exercise.game.deal_targets(self.exercise.dealer())
        return targets.count(targets[0])

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        g = self.exercise.game
        right = self.answer()
        if value != right:
            return False, [ngettext("A player is not dealt {given} card.", "A player is not dealt {given} cards.",
                                    count_of(value)).format(given=number_text(value))]
        # the counts, not the order of the deal, which later questions ask about
        targets = g.deal_targets(self.exercise.dealer())
        text = _("Each player is dealt {n} cards and the {talon} gets {k}: {players} × {n} + {k} = {size} "
                 "cards").format(n=right, talon=ex.talon_word(g), k=targets.count(TALON), players=g.players,
                                 size=len(targets))
        return verdict(True, text + ".")

    def hint(self) -> str:
        return _dealer_hint(self)


# ---------------------------------------------------------------- play it out


class PlayItOut(PlayoutQuestion):
    """``play-it-out`` / ``make``: play the contracting side of an ending against best defence and
    make the contract (:class:`~cardkit.exercises.playout.PlayOut`)."""

    kind, ask, title = "play-it-out", "make", N_("Play it out")
    shows = ("contract", "current-trick", "hands")

    def answer(self) -> list[str]:
        from ..solver import solve

        e = self.exercise
        line = e.best_line()
        side = tuple(solve(e.state()).side)
        return [str(step.action) for step in line if step.seat in side]

    def verify(self) -> None:
        from ..solver import solve

        self.answer()
        if not solve(self.exercise.state()).made:
            raise self.exercise.problem("position", "the goal cannot be reached: with best defence the contract "
                                        "fails")

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        from .playout import PlayOut

        po = PlayOut(self.exercise)
        for text in value:
            if po.state.is_terminal():
                break
            fb = po.play(text)
            if fb is not None and not fb.correct and not po.state.is_terminal() and po.illegal:
                return False, [fb.message]
        if not po.state.is_terminal():
            return False, [_("The hand is not over yet: keep playing.")]
        fb = po.result()
        return fb.correct, [fb.message]

    def explanation(self) -> str:
        return "\n".join([_("Best play:"), *self.exercise.best_line_text()])


#: Every question, by ``(kind, ask)``: the one place an exercise's question is looked up.
QUESTIONS: dict[tuple[str, str], type[Question]] = {
    (q.kind, q.ask): q for q in (LegalCards, WinningCard, TrickWinner, ScoreChanges, ScoreChange, BidLegal, BidWorth,
                                 CheapestBid, CardPlace, TrumpCount, PackSize, HandSize, PlayItOut)}


__all__ = ["BidLegal", "BidWorth", "CardPlace", "CheapestBid", "HandSize", "LegalCards", "PackSize", "PlayItOut",
           "QUESTIONS", "ScoreChange", "ScoreChanges", "TrickWinner", "TrumpCount", "WinningCard", "read_bid"]
