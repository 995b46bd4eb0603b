"""The coach: advice for the seat to act and a review of a seat's cards against best play.

Plain text in the language in use, with no widget: the table widget shows it under the table,
and a server page or the command line can print the same lines. Hint and review use one
evaluation: in the play the hint is a best card by the solver the review replays the hand with
(every card known, best play by everyone after each card); where the solver cannot answer in time
(the auction, a long search) the hint is the game's default computer player's rule of thumb, said
to be one, and the review says so of a card that followed it and lost value.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .game import Action, Game, State
from .i18n import N_, _, ngettext

if TYPE_CHECKING:
    from .solver import Solution

#: What the solver's values count (:attr:`cardkit.solver.Solution.unit`), for the review's note.
_UNITS = {"points": N_("the numbers are the bidder's hand total in points, with best play after the card: "
                       "the bidder wants it high, the defenders low"),
          "tricks": N_("the numbers are the contracting side's tricks, with best play after the card: "
                       "the contracting side wants more, the defenders fewer"),
          "misere": N_("the numbers are the contractor's tricks, with best play after the card: "
                       "the contractor wants none, the defenders one")}


def card_text(action: Action) -> str:
    """A plain card play as its card (``10♣``); any other action as people read it."""
    card = action.card
    return str(card) if card is not None and action.form == "cards" and not action.special else action.words()


#: Seconds a hint gives the solver before it falls back on the rule of thumb.
HINT_SECONDS = 2.0


@dataclass(frozen=True)
class Advice:
    """The coach's hint: the ``action``, the ``text`` saying it and why, and whether it is best
    play by the solver the review uses (``solved``) or the computer player's rule of thumb."""

    action: Action
    text: str
    solved: bool


def outcome_words(unit: str, value: int) -> str:
    """A solver's value (``unit`` of :attr:`cardkit.solver.Solution.unit`) in words: ``"the
    contracting side takes 9 tricks"``."""
    if unit == "points":
        return _("the bidder's hand total is {n}").format(n=value)
    if unit == "misere":
        return ngettext("the contractor takes {n} trick", "the contractor takes {n} tricks", value).format(n=value)
    return ngettext("the contracting side takes {n} trick", "the contracting side takes {n} tricks",
                    value).format(n=value)


def advise(game: Game, state: State, seconds: float = HINT_SECONDS) -> Advice:
    """The hint for the seat to act in ``state`` (unchanged). In the play, where the solver
    answers within ``seconds``, a best card by the same solver :func:`review` uses, with what the
    game's default computer player would do (its rule of thumb) when that differs; otherwise (the
    auction, a search too slow, ``seconds`` 0) that rule of thumb, said to be one, with what its
    forecast counts."""
    from .registry import find_player

    assert state.current_player() is not None, "advice is for a seat to act"
    decision = find_player(game, game.default_player, seed=0).choose(state.clone())
    thumb = decision.reason.rstrip(".")
    sol = _solution(state, seconds)
    if sol is None:
        counted = decision.facts.get("counted")
        why = _("a rule of thumb: {why}").format(why=thumb)
        if counted:
            why = _("{why} ({counted})").format(why=why, counted=counted)
        return Advice(decision.action, _("The coach would {action}: {why}.").format(
            action=decision.action.words(), why=why), False)
    best = [v.action for v in sol.best()]
    solved = _("best play with every card known ({outcome})").format(outcome=outcome_words(sol.unit, sol.value))
    if decision.action in best:
        why = _("{solved}; the rule of thumb agrees: {why}").format(solved=solved, why=thumb)
        return Advice(decision.action, _("The coach would {action}: {why}.").format(
            action=decision.action.words(), why=why), True)
    theirs = next(v.value for v in sol.values if v.action == decision.action)
    why = _("{solved}; the rule of thumb would {action} ({why}), and then {outcome}").format(
        solved=solved, action=decision.action.words(), why=thumb, outcome=outcome_words(sol.unit, theirs))
    return Advice(best[0], _("The coach would {action}: {why}.").format(action=best[0].words(), why=why), True)


def _solution(state: State, seconds: float) -> Solution | None:
    """The solver's answer for the play position ``state`` within ``seconds``, or ``None``: not in
    the play, no solver for the game, or not settled in time."""
    from .errors import CardkitError
    from .solver import solve
    from .solver.solve500 import Budget

    if state.phase != "play" or seconds <= 0:
        return None
    try:
        sol = solve(state, budget=Budget(seconds=seconds))
    except (CardkitError, ImportError):
        return None
    return sol if sol.settled else None


def advice(game: Game, state: State) -> str:
    """The text of :func:`advise`: ``"The coach would play K♠: …"``, in the language in use."""
    return advise(game, state).text


@dataclass(frozen=True)
class Review:
    """The review of a hand: one line per card that lost value against best play (or one line
    saying there was none, or nothing to review yet), and what the numbers count when a line
    shows them (``note``, else ``None``)."""

    lines: list[str]
    note: str | None


@dataclass(frozen=True)
class Loss:
    """A card that lost value against best play: the ``trick`` it went to (from 1), the ``seat``
    that played it, the ``action`` and its ``value`` with best play after it, and the ``best``
    actions with their value ``best_value``."""

    trick: int
    seat: int
    action: Action
    value: int
    best: tuple[Action, ...]
    best_value: int
    #: Whether the card was the rule of thumb's, the hint given where the solver is too slow.
    thumb: bool = False


@dataclass(frozen=True)
class Check:
    """The solver's check of a hand's cards, in no language: each card that lost value
    (``losses``, in the order played), how many cards were checked (``played``) and what the
    solver's values count (``unit``, :attr:`cardkit.solver.Solution.unit`; ``""`` when no card was
    checked)."""

    losses: tuple[Loss, ...]
    played: int
    unit: str


def check(game: Game, state: State, seats: Collection[int]) -> Check:
    """Replay the hand of ``state`` from its deal and solve the position before each card that
    ``seats`` played (every card known, best play by everyone after it). Writes no words, so it
    may run in a worker thread; ``state`` is not changed."""
    from .registry import find_player
    from .solver import solver_for

    hand = game.new_hand(state.dealer, list(state.scores_before), state.pack)
    solver = None
    unit = ""
    losses: list[Loss] = []
    played = 0
    for a in state.history():
        seat = hand.current_player()
        if hand.phase == "play" and seat is not None and seat in seats:
            solver = solver or solver_for(hand)
            sol = solver.solve(hand)
            unit = sol.unit
            chosen = next(v.value for v in sol.values if v.action == a)
            lost = sol.value - chosen if sol.maximising else chosen - sol.value
            played += 1
            if lost > 0:
                thumb = find_player(game, game.default_player, seed=0).choose(hand.clone()).action == a
                losses.append(Loss(len(hand.tricks) + 1, seat, a, chosen, tuple(v.action for v in sol.best()),
                                   sol.value, thumb))
        hand.apply_action(a)
    return Check(tuple(losses), played, unit)


def loss_line(loss: Loss, names: Sequence[str]) -> str:
    """A lost card in words, seats called by ``names``: ``"Trick 3: B played K♠ (5 with best play
    after it); best was A♠ (6)."``"""
    line = _("Trick {n}: {name} played {card} ({value} with best play after it); "
             "best was {best} ({bestvalue}).").format(
        n=loss.trick, name=names[loss.seat], card=card_text(loss.action), value=loss.value,
        best=" / ".join(card_text(a) for a in loss.best), bestvalue=loss.best_value)
    if loss.thumb:
        line += " " + _("{card} is the rule of thumb's card, the hint where the solver needs longer than a hint may "
                        "take; with every card known the solver finds better.").format(card=card_text(loss.action))
    return line


def unit_note(unit: str) -> str | None:
    """What the solver's values count (``unit`` of a :class:`Check`) in words, or ``None``."""
    return _(_UNITS[unit]) if unit in _UNITS else None


def review(game: Game, state: State, seats: Collection[int], names: Sequence[str]) -> Review:
    """Replay the hand of ``state`` from its deal and check with the solver each card that
    ``seats`` played (:func:`check`): the lines name the trick, the seat (by ``names``), the card
    and its value, and the best card with its value."""
    done = check(game, state, seats)
    if not done.played:
        return Review([_("Nothing to review yet: play some cards first.")], None)
    if not done.losses:
        return Review([ngettext("You kept to best play with your {n} card.",
                                "You kept to best play with all {n} of your cards.", done.played).format(
            n=done.played)], None)
    # the numbers are explained only when a line shows them (a card that lost value)
    return Review([loss_line(loss, names) for loss in done.losses], unit_note(done.unit))
