"""Feedback sentences built from the engine: who won a trick and why, a hand's score arithmetic
written out, the deal's pattern, what a bid is worth.

Every figure here is read from the engine (``state.tricks``, ``state.returns()``,
``state.hand_totals()``, ``Contract.value``, ``game.deal_targets()``); the words only say how the
engine got it, in the learner's language (:mod:`cardkit.i18n`). The score arithmetic differs by
game (501♠ counts card points against a contract, Five Hundred counts tricks against a bid's
value), so it is written once per game (:func:`score_lines_501`, :func:`score_lines_500`), the one
the game declares as its :attr:`~cardkit.game.Game.score_explainer`; each ends on the engine's own
``returns()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..cards import Card, Cards, Suit
from ..errors import CardkitError
from ..game import TALON, Action, Game, State
from ..i18n import _, action_text, get_language, ngettext
from ..tricks import Trick

if TYPE_CHECKING:
    from ..game500 import State500
    from ..game501 import State501


def talon_word(game: Game) -> str:
    """The game's word for the cards set aside at the deal (its declared
    :attr:`~cardkit.game.Game.talon_word`: rules.md 501 §4 talon, 500 §3 kitty), in the language in use."""
    return _(game.talon_word)


def place_name(game: Game, target: int) -> str:
    """A seat's name, or the talon / kitty for :data:`~cardkit.game.TALON`."""
    return talon_word(game) if target == TALON else game.names[target]


def action_words(action: Action) -> str:
    """An action as the learner reads it: the record's text in English, its declared words otherwise."""
    return str(action) if get_language() == "en" else action_text(action)


def bid_words(action: Action) -> str:
    """A bid as a sentence names it, without the verb (:meth:`~cardkit.game.Action.bid_words`): "the
    standing bid is 6♣", "la puja vigente es 80"; another call as :func:`action_words` gives it."""
    words = action.bid_words()
    return action_words(action) if words is None else words


def effective_suit(state: State, card: Card) -> Suit | None:
    """The suit ``card`` plays as in ``state`` (:meth:`~cardkit.game.State.suit_of`: Five Hundred's
    bowers and joker, rules.md 500 §6), or its printed suit before a contract stands."""
    try:
        return state.suit_of(card)
    except KeyError:  # no contract yet: no effective suits
        return card.suit


def trick_reason(state: State, trick: Trick) -> str:
    """Why ``trick`` (complete, ``trick.winner`` set) went where it did, as one sentence:
    "C wins with A♥: no trump was played, so the highest card of the suit led (♥) wins".

    Reads the hand's trump (``state.trump``; ``None`` is no-trump) and each card's effective suit;
    when the winning card was played twice (the improvised six-hand pack), adds that the earlier of
    two identical cards wins (rules.md 500 §2).
    """
    assert trick.winner is not None
    win_card = next(c for s, c in trick.plays if s == trick.winner)
    name = state.game.names[trick.winner]
    trump = state.trump
    suits = [effective_suit(state, c) for _s, c in trick.plays]
    wsuit = effective_suit(state, win_card)
    head = _("{name} wins the trick with {card}").format(name=name, card=win_card)
    if wsuit is None:
        why = _("the joker, belonging to no suit, beats every card")
    elif trump is not None and wsuit is trump:
        if suits.count(trump) > 1:
            why = _("it is the highest trump played ({suit} are trumps)").format(suit=trump)
        else:
            why = _("it is the only trump played ({suit} are trumps), and a trump beats every other suit").format(
                suit=trump)
        if win_card.suit is not wsuit:
            why += " " + _("({card} counts as a trump while {suit} are trumps)").format(card=win_card, suit=trump)
    else:
        led = trick.led_suit
        if trump is None:
            why = _("with no trumps, the highest card of the suit led ({suit}) wins").format(suit=led)
        else:
            why = _("no trump was played, so the highest card of the suit led ({suit}) wins").format(suit=led)
    if [c for _s, c in trick.plays].count(win_card) > 1:  # a later identical card does not beat it
        why += ", " + _("and of two identical {card} the earlier played wins").format(card=win_card) + IDENTICAL_RULE
    return f"{head}: {why}"


#: Where the rules say the earlier of two identical cards wins (Five Hundred's improvised six-hand
#: pack, rules.md 500 §2), as the engine cites a rule; feedback reads it as "(rule 2 of Five Hundred)".
IDENTICAL_RULE = " [rules.md 500 §2]"


def trick_miss(state: State, trick: Trick, seat: int) -> str:
    """Why ``seat``'s card does not take ``trick`` (complete, won by another seat), as one sentence
    that names neither the winner nor the winning card: "B's 9♠ does not take the trick: it follows
    the suit led (♠), but a higher ♠ was played" (rules.md 501 §8, 500 §6–§7); when an identical
    card was played earlier (the improvised six-hand pack), that the earlier wins (rules.md 500 §2).

    Reads the hand's trump (``state.trump``; ``None`` is no-trump) and each card's effective suit.
    """
    card = next(c for s, c in trick.plays if s == seat)
    name = state.game.names[seat]
    trump = state.trump
    win_card = next(c for s, c in trick.plays if s == trick.winner)
    csuit, wsuit = effective_suit(state, card), effective_suit(state, win_card)
    led = trick.led_suit
    head = _("{name}'s {card} does not take the trick").format(name=name, card=card)
    if card == win_card:  # two identical cards in one trick: no higher card, the earlier wins
        why = _("an identical {card} was played before it, and of two identical cards the earlier played "
                "wins").format(card=card) + IDENTICAL_RULE
    elif wsuit is None:
        why = _("the joker was played, and it beats every card")
    elif trump is not None and csuit is trump:
        why = _("it is a trump, but a higher trump was played ({suit} are trumps)").format(suit=trump)
    elif trump is not None and wsuit is trump:
        why = _("a trump was played, and a trump beats every card of another suit ({suit} are trumps)").format(
            suit=trump)
    elif csuit is not led:
        why = (_("it is not of the suit led ({suit}), and only the suit led can win when no trump is played")
               if trump is not None else
               _("it is not of the suit led ({suit}), and with no trumps only the suit led can win")).format(suit=led)
    else:
        why = _("it follows the suit led ({suit}), but a higher card of that suit was played").format(suit=led)
    return f"{head}: {why}"


def trick_text(state: State, trick: Trick) -> str:
    """The plays of a trick as ``"A K♠, B 9♠, C J♠"``."""
    return ", ".join(f"{state.game.names[s]} {c}" for s, c in trick.plays)


def deal_pattern(game: Game, dealer: int, upto: int | None = None) -> str:
    """Where the pack's cards go, in runs, as the lessons write the deal: ``"A 3, B 3, C 3, D 3,
    kitty 1, A 4, …"``; each run is a place and how many cards in a row it receives. ``upto``: only
    the pack's first ``upto`` cards (from 1), so a question's feedback does not show where later
    cards go."""
    targets = game.deal_targets(dealer)[:upto]
    runs: list[list[int]] = []
    for t in targets:
        if runs and runs[-1][0] == t:
            runs[-1][1] += 1
        else:
            runs.append([t, 1])
    return ", ".join(f"{place_name(game, t)} {n}" for t, n in runs)


def numbered_places(game: Game, dealer: int, around: int, width: int = 3, upto: int | None = None) -> str:
    """Pack positions near ``around`` (from 1) with where each card goes, in the language in use:
    ``"card 10: A, card 11: talon"``; ``upto``: none after the pack's ``upto``-th card."""
    targets = game.deal_targets(dealer)[:upto]
    lo, hi = max(1, around - width), min(len(targets), around + width)
    return ", ".join(_("card {n}: {place}").format(n=i, place=place_name(game, targets[i - 1]))
                     for i in range(lo, hi + 1))


def pack_summary(game: Game) -> str:
    """How many cards of each suit the pack holds: ``"♠ 10, ♣ 10, ♦ 11, ♥ 11, joker 1"``."""
    counts: dict[str, int] = {}
    for c in game.new_pack():
        key = str(c.suit) if c.suit is not None else _("joker")
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{k} {n}" for k, n in counts.items())


def trumps_in_pack(game: Game, trump: Suit) -> list[Card]:
    """The pack's cards that are trumps when ``trump`` is the trump suit, as the game declares them
    (:meth:`~cardkit.game.Game.trump_cards`: Five Hundred's joker and left bower too; rules.md 501
    §8, 500 §6)."""
    return game.trump_cards(trump)


def bid_worth(action: Action) -> int | None:
    """What a bid is worth, as the action declares it (:meth:`~cardkit.game.Action.worth`: a Five
    Hundred contract's value, rules.md 500 §10; a 501♠ bid's points, rules.md 501 §5); ``None``
    for a call that is not a bid."""
    return action.worth()


def worth_text(action: Action) -> str:
    """The arithmetic of a bid's worth (:meth:`~cardkit.game.Action.worth_text`), e.g.
    ``"8♥ is worth 40 + 100 × 2 + 20 × 3 = 300"``.

    Raises:
        CardkitError: ``action`` is not a bid.
    """
    text = action.worth_text()
    if text is None:
        raise CardkitError(f"{action} is not a bid, so it is worth nothing")
    return text


# ---------------------------------------------------------------- score arithmetic


def signed_change(n: int) -> str:
    """A score change as read aloud: ``+40``, ``0``, ``−25`` (a true minus sign)."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def score_lines_501(state: State501) -> list[str]:
    """A finished 501♠ hand's score arithmetic (rules.md 501 §9–§12): card points and marriages
    against the bid, one line per seat dealt in, each ending on the engine's score change."""
    from ..game501 import contract_made

    names = state.game.names
    r = state.returns()
    if state.declarer is None:
        return [_("everyone passed: nobody scores, and the next dealer deals")]
    d = state.declarer
    blind = bool(state.declarer_blind)
    twice = " × 2 " + _("(blind)") if blind else ""
    lines = []
    if state.abandoned:
        lines.append(_("{name} abandons at {bid}: adds {bid}{twice} = {change}").format(
            name=names[d], bid=state.high_bid, twice=twice, change=signed_change(r[d])))
        for s in state.active:
            if s != d:
                lines.append(_("{name}: {change}, as each opponent of an abandoned hand").format(
                    name=names[s], change=signed_change(r[s])))
        return lines
    totals = state.hand_totals()
    contract = state.contract
    assert contract is not None  # a bidder who did not abandon declared a contract (rules.md 501 §6)
    for s in state.active:
        terms = [_("{n} card points").format(n=state.points[s])]
        notes = []
        for seat, suit, value in state.marriages:
            if seat != s:
                continue
            if state.marriage_counts(s):
                terms.append(_("{value} (the {suit} marriage)").format(value=value, suit=suit))
            else:
                notes.append(_("the {suit} marriage does not count: {name} took no trick").format(
                    suit=suit, name=names[s]))
        total = " + ".join(terms) + (f" = {totals[s]}" if len(terms) > 1 else "")
        if s == d:
            if contract_made(totals[s], contract):
                verdict = _("{total} ≥ {contract}, made: subtracts {contract}{twice} = {change}")
            else:
                verdict = _("{total} < {contract}, failed: adds {contract}{twice} = {change}")
            line = _("{name} (bidder): {total}").format(name=names[s], total=total) + "; " + verdict.format(
                total=totals[s], contract=contract, twice=twice, change=signed_change(r[s]))
        else:
            line = _("{name}: {total}, subtracted: {change}").format(name=names[s], total=total,
                                                                     change=signed_change(r[s]))
        if notes:
            line += " (" + "; ".join(notes) + ")"
        lines.append(line)
    return lines


def score_lines_500(state: State500) -> list[str]:
    """A finished Five Hundred hand's score arithmetic (rules.md 500 §10, §13): the contract's worth,
    then one line per scoring side, each ending on the engine's score change."""
    game = state.game
    names = game.names
    r = state.returns()
    from ..game500.actions import Bid

    c = state.contract
    if c is None:
        return [_("everyone passed: the hand is thrown in and nobody scores")]
    lines = []
    worth = worth_text(Bid(c))
    lines.append(worth)
    score = state.hand_score()  # the engine's one scoring of the hand, and the values it is made of
    contracting = state.contracting_units()
    for u, seats in enumerate(game.units):
        who = " " + _("and") + " "
        who = who.join(names[s] for s in seats)
        change = signed_change(score.units[u])
        if u in contracting:
            if c.is_misere:
                text = (_("{who}: the contractor took no trick, misère made: {change}") if score.made
                        else _("{who}: the contractor took a trick, misère failed: {change}"))
                lines.append(text.format(who=who, change=change))
                continue
            k = score.taken
            if score.swept:
                text = _("{who}: all ten tricks on a contract worth less than 250 pay 250: {change}")
            elif score.made:
                text = _("{who}: {k} tricks ≥ {n}, made: {change}")
            else:
                text = ngettext("{who}: {k} trick < {n}, failed: the value comes off: {change}",
                                "{who}: {k} tricks < {n}, failed: the value comes off: {change}", k)
            if score.shared:
                text += " " + _("(a called partner's side shares it: half each)")
            lines.append(text.format(who=who, k=k, n=c.tricks, change=change))
        else:
            if c.is_misere:
                lines.append(_("{who}: defenders score nothing on a misère: {change}").format(who=who, change=change))
                continue
            k = sum(state.tricks_won[s] for s in seats)
            lines.append(ngettext("{who}: 10 × {k} trick = {change}", "{who}: 10 × {k} tricks = {change}",
                                  k).format(who=who, k=k, change=change))
    assert [score.units[game.side_of[s]] for s in range(game.players)] == r  # what the lines end on
    return lines


def score_lines(state: State) -> list[str]:
    """The hand's score arithmetic, one line per seat (or scoring unit), ending on the engine's
    own ``returns()``, written by the function the game declares
    (:func:`cardkit.registry.score_explainer`). ``state`` must be over."""
    from ..registry import score_explainer

    explain = score_explainer(state.game)
    if explain is None:
        names = state.game.names
        return [f"{names[s]}: {signed_change(v)}" for s, v in enumerate(state.returns())]
    return explain(state)


def changes_text(game: Game, changes: Sequence[int], seats: Sequence[int] | None = None) -> str:
    """Score changes as ``"A +200, B −32, C −20"``."""
    seats = range(len(changes)) if seats is None else seats
    return ", ".join(f"{game.names[s]} {signed_change(changes[s])}" for s in seats)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as ``"K♠ 10♥"``."""
    return str(Cards(cards))
