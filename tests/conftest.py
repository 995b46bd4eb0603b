"""Shared helpers for the tests: hand-made 501♠ deals and playing action lists.

Fixtures (pytest injects them by name):

- ``deal501(hands, talon, dealer=2, players=3, scores=None)``: a :class:`State501` dealt exactly
  ``hands`` (one text of cards per seat, ``""`` for a sitting-out dealer) and ``talon``, built with
  :meth:`Game.deal_from_hands`, so the deal itself goes through the real pack mapping (rules.md 501 §4).
- ``act(state, *actions)``: apply each action text in turn, return the state.
- ``snapshot(state)``: everything observable about a state, to compare before/after a rejected action.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pytest

from cardkit.cards import Cards
from cardkit.game501 import Game501, State501


def make_deal501(hands: Sequence[str], talon: str, dealer: int = 2, players: int = 3,
                 scores: Sequence[int] | None = None) -> State501:
    """See the module doc."""
    game = Game501(players)
    cards = [Cards.parse(h) if h.strip() else Cards() for h in hands]
    pack = game.deal_from_hands(dealer, cards, Cards.parse(talon))
    game.check_pack(pack)
    return game.new_hand(dealer, list(scores) if scores is not None else game.initial_scores(), pack)


def apply_all(state: Any, *actions: str) -> Any:
    """Apply each action text to ``state`` (a State or a Match); return it."""
    for a in actions:
        state.apply_action(a)
    return state


def state_snapshot(state: Any) -> tuple:
    """The full view, the history, the player to act, the phase and the returns."""
    return (state.view(), [str(a) for a in state.history()], state.current_player(), state.phase,
            state.returns(), [list(h) for h in state.hands])


@pytest.fixture
def deal501() -> Callable[..., State501]:
    return make_deal501


@pytest.fixture
def act() -> Callable[..., Any]:
    return apply_all


@pytest.fixture
def snapshot() -> Callable[[Any], tuple]:
    return state_snapshot


@pytest.fixture(autouse=True)
def _own_progress_file(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test (and every server or kernel it starts) records progress in a file of its own,
    never in the learner's ``~/.cardkit/progress.sqlite``."""
    monkeypatch.setenv("CARDKIT_PROGRESS", str(tmp_path_factory.mktemp("progress") / "progress.sqlite"))
