"""The engine's refusals as an exercise says them, read from the typed error, never its text.

A refusal is the :class:`~cardkit.errors.IllegalActionError` that :meth:`cardkit.game.State.check`
raises: its ``reason`` (``"must follow ♠: C holds A♠ 10♠"``) and its ``rule``
(``"rules.md 501 §8"``). An exercise quotes the reason with its rule, or only the rule's
``clause`` (``"must follow ♠"``, declared by the rule: :attr:`cardkit.rulebook.Rule.clause`) when
it must not name the cards that may be played (rules.md 501 §8, 500 §7–§8).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..actions import Play
from ..cards import Card
from ..errors import IllegalActionError
from ..game import Action, State
from ..i18n import _, ngettext
from .data import rules_items


def refusal(state: State, action: Action | str) -> IllegalActionError | None:
    """The engine's refusal of ``action`` by the seat to act now, or ``None`` when it is legal.

    Raises:
        InvalidActionError: the text is not an action of this game.
    """
    try:
        state.check(action)
    except IllegalActionError as e:
        return e
    return None


def cited(error: IllegalActionError) -> str:
    """The refusal's reason with its rule, as the engine's messages end:
    ``"must follow ♠: C holds A♠ 10♠ [rules.md 501 §8]"``."""
    return f"{error.reason} [{error.rule}]"


def play_of(state: State, card: Card) -> Action:
    """The legal play action of ``card`` (a led joker naming its first allowed suit), or a plain play."""
    for a in state.legal_actions():
        if isinstance(a, Play) and a.card == card and not a.marriage:
            return a
    return Play(card)


def sorted_cards(state: State, cards: Iterable[Card]) -> list[Card]:
    """Cards once each, as a hand is held (:meth:`cardkit.game.State.held_order`)."""
    return state.held_order(set(cards))


def barred(state: State, cards: Sequence[Card]) -> list[str]:
    """Why each of ``cards`` may not be played now, as the rule without the cards that may, one
    line per rule broken, the cards it bars together: ``"10♦ 9♦ may not be played here: must
    follow ♠ [rules.md 501 §8]."`` (the refusal's clause and rule)."""
    by_why: dict[str, list[Card]] = {}
    for card in cards:
        err = refusal(state, play_of(state, card))
        why = _("{card} is legal").format(card=card) if err is None else f"{err.clause} [{err.rule}]"
        by_why.setdefault(why, []).append(card)
    return [ngettext("{cards} may not be played here: {why}", "{cards} may not be played here: {why}",
                     len(barred)).format(cards=" ".join(map(str, barred)), why=why) + "."
            for why, barred in by_why.items()]


def _reason(state: State, rules: Sequence[str]) -> tuple[str, str, str | None]:
    """Why the seat to act may play what it may, the rule's clause without the cards, and the
    rules.md item that says so."""
    seat = state.actor()
    name = state.game.names[seat]
    legal = {x.card for x in state.legal_actions()}
    cards = [c for c in sorted_cards(state, state.hands[seat]) if c not in legal]
    cards.sort(key=lambda c: c.is_joker)  # a suit card says the rule; the joker's is its own
    err = refusal(state, play_of(state, cards[0])) if cards else None
    if err is not None:
        return _capital(err.reason), _capital(err.clause), err.rule
    items = rules_items(rules)
    item = items[0] if items else None
    trick = state.view().current_trick
    if trick is None or not trick.plays:
        clause = _("{name} leads").format(name=name)
        return _("{clause}: any card may be led").format(clause=clause), clause, item
    clause = _("{name} holds no {suit}, the suit led").format(name=name, suit=trick.led_suit)
    # a card of that face whose role differs says why it does not count (J♠ is a club and a trump here)
    roles = state.card_roles([trick.plays[0][1], *(c for c in state.hands[seat] if c.suit is trick.led_suit
                                                   or c.is_joker)])
    if roles:
        clause += f" ({'; '.join(roles)})"
    return _("{clause}: nothing forbids any card").format(clause=clause), clause, item


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def legal_reason(state: State, rules: Sequence[str]) -> str:
    """Why the cards the seat to act may play are what they are, from the engine: the refusal of
    a card it forbids (``"Must follow ♠: C holds A♠ 10♠ [rules.md 501 §8]"``), or, when it forbids
    none, that the seat leads or holds no card of the suit led, citing the first rules.md item of
    the statements ``rules`` practised (rules.md 501 §8, 500 §7)."""
    text, _clause, item = _reason(state, rules)
    return text + (f" [{item}]" if item else "")


def rule_clause(state: State, rules: Sequence[str]) -> str:
    """The rule that decides which cards the seat to act may play, without naming the cards:
    ``"C: must follow ♠ [rules.md 501 §8]"`` (the clause of :func:`legal_reason`'s rule)."""
    name = state.game.names[state.actor()]
    _text, clause, item = _reason(state, rules)
    clause = clause if clause.startswith(name) else f"{name}: {clause[:1].lower()}{clause[1:]}"
    return clause + (f" [{item}]" if item else "")


__all__ = ["barred", "cited", "legal_reason", "play_of", "refusal", "rule_clause", "sorted_cards"]
