"""A learner attaches to the OpenSpiel tensors and learns (cardkit.openspiel_agents): a linear
softmax policy over Five Hundred's information-state tensor, trained by REINFORCE for one seat of
the three-handed table against uniform random players, beats a uniform random player in the same
seat on the same fresh deals. Seeded, so the figures are always the same."""

from __future__ import annotations

import time

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
np = pytest.importorskip("numpy")

import cardkit.openspiel  # noqa: E402,F401  (registers the games)
from cardkit.openspiel_agents import SoftmaxPolicy, paired_differences, train  # noqa: E402

SPEC, SEAT, EPISODES, DEALS = "python_cardkit_500(players=3)", 0, 300, 300


def interval(d: np.ndarray) -> tuple[float, float, float]:
    """The mean and its 95 % interval (normal approximation)."""
    m, se = float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))
    return m, m - 1.96 * se, m + 1.96 * se


def test_reinforce_beats_a_random_seat_on_the_same_deals() -> None:
    game = pyspiel.load_game(SPEC)
    start = time.perf_counter()
    untrained = SoftmaxPolicy(game.information_state_tensor_shape()[0], game.num_distinct_actions())
    mean0, lo0, hi0 = interval(paired_differences(game, SEAT, untrained, DEALS, seed=2))
    assert lo0 < 0 < hi0  # untrained, the policy is a uniform player: no difference
    policy = train(game, SEAT, EPISODES, seed=1)
    d = paired_differences(game, SEAT, policy, DEALS, seed=2)
    mean, lo, hi = interval(d)
    took = time.perf_counter() - start
    print(f"n={DEALS} mean difference {mean:.1f} points, 95% [{lo:.1f}, {hi:.1f}]; untrained {mean0:.1f} "
          f"[{lo0:.1f}, {hi0:.1f}]; {took:.1f} s")
    assert lo > 0, (mean, lo, hi)
    assert mean > 100  # bidding sensibly, not randomly, is worth over a hundred points a hand here
