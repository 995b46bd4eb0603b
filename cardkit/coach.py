"""The coach: advice for the seat to act and a review of a seat's cards against best play.

Plain text in the language in use, with no widget: the table widget shows it under the table,
and a server page or the command line can print the same lines. The advice is the game's default
computer player asked what it would do in the seat's place (with its reason); the review replays
the hand with the solver (every card known, best play by everyone after each card).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .game import Action, Game, State
from .i18n import N_, _, ngettext

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


def advice(game: Game, state: State) -> str:
    """What the game's default computer player would do for the seat to act in ``state``, and
    why: ``"The coach would play K♠: …"``, in the language in use. ``state`` is not changed."""
    from .registry import find_player

    seat = state.current_player()
    assert seat is not None, "advice is for a seat to act"
    decision = find_player(game, game.default_player, seed=0).choose(state.clone())
    return _("The coach would {action}: {why}.").format(action=decision.action.words(),
                                                       why=decision.reason.rstrip("."))


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
                losses.append(Loss(len(hand.tricks) + 1, seat, a, chosen, tuple(v.action for v in sol.best()),
                                   sol.value))
        hand.apply_action(a)
    return Check(tuple(losses), played, unit)


def loss_line(loss: Loss, names: Sequence[str]) -> str:
    """A lost card in words, seats called by ``names``: ``"Trick 3: B played K♠ (5 with best play
    after it); best was A♠ (6)."``"""
    return _("Trick {n}: {name} played {card} ({value} with best play after it); "
             "best was {best} ({bestvalue}).").format(
        n=loss.trick, name=names[loss.seat], card=card_text(loss.action), value=loss.value,
        best=" / ".join(card_text(a) for a in loss.best), bestvalue=loss.best_value)


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
