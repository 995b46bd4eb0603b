"""A small learning agent for the kit's OpenSpiel games: a linear softmax policy over the
information-state tensor, masked to the legal actions, trained by REINFORCE in numpy.

It is the proof that a learner can attach (docs/openspiel.md), not a strong player::

    >>> import pyspiel, cardkit.openspiel
    >>> from cardkit.openspiel_agents import train, paired_differences
    >>> game = pyspiel.load_game("python_cardkit_500(players=3)")
    >>> policy = train(game, seat=0, episodes=50, seed=1)
    >>> diffs = paired_differences(game, 0, policy, deals=10, seed=2)
    >>> diffs.shape
    (10,)

Rewards are OpenSpiel's returns (higher is better), in points; training divides them by the
game's largest score change (``game.max_utility()``).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import numpy.typing as npt

#: A float64 array.
Vector = npt.NDArray[np.float64]
#: Chooses an action number for ``(state, player)``.
Chooser = Callable[[Any, int], int]


class SoftmaxPolicy:
    """``p(a | x) ∝ exp(W[a] · x + b[a])`` over the legal actions ``a`` of an information-state
    tensor ``x``.

    Args:
        features: the length of the information-state tensor.
        actions: the number of distinct actions of the game.
        learning_rate: the step of each REINFORCE update.
    """

    def __init__(self, features: int, actions: int, learning_rate: float = 0.05) -> None:
        self.weights: Vector = np.zeros((actions, features))
        self.bias: Vector = np.zeros(actions)
        self.learning_rate = learning_rate
        #: The running mean of the (scaled) rewards, the baseline of the updates.
        self.baseline = 0.0

    def probabilities(self, x: Vector, legal: list[int]) -> Vector:
        """The probability of each action of ``legal`` (same order) for the tensor ``x``."""
        logits = self.weights[legal] @ x + self.bias[legal]
        logits -= logits.max()
        e = np.exp(logits)
        out: Vector = e / e.sum()
        return out

    def sample(self, x: Vector, legal: list[int], rng: np.random.RandomState) -> int:
        """An action of ``legal`` drawn from the policy."""
        return legal[int(rng.choice(len(legal), p=self.probabilities(x, legal)))]

    def best(self, x: Vector, legal: list[int]) -> int:
        """The most probable action of ``legal`` (the first of equals)."""
        return legal[int(np.argmax(self.probabilities(x, legal)))]

    def update(self, steps: list[tuple[Vector, list[int], int]], reward: float) -> None:
        """One REINFORCE step for a hand whose decisions were ``steps`` (tensor, legal actions,
        action taken) and whose scaled reward was ``reward``; the baseline then moves toward it."""
        advantage = reward - self.baseline
        for x, legal, a in steps:
            grad = -self.probabilities(x, legal)
            grad[legal.index(a)] += 1.0
            step = self.learning_rate * advantage * grad
            self.weights[legal] += np.outer(step, x)
            self.bias[legal] += step
        self.baseline += 0.05 * (reward - self.baseline)


def _deal(state: Any, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(outcomes[rng.choice(len(outcomes), p=np.array(probs) / sum(probs))]))


def play_hand(game: Any, seat: int, choose: Chooser, deal_seed: int, others_seed: int,
              record: list[tuple[Vector, list[int], int]] | None = None) -> float:
    """Play one hand: ``choose(state, seat)`` acts for ``seat``, the other seats pick uniformly at
    random among their legal actions. The same seeds give the same deal and the same random
    stream for the others. Returns ``seat``'s reward (OpenSpiel's return, points).

    ``record``, when given, receives ``(tensor, legal, action)`` for every decision of ``seat``
    (the tensor is the information state the choice was made on).
    """
    state = game.new_initial_state()
    _deal(state, np.random.RandomState(deal_seed))
    rng = np.random.RandomState(others_seed)
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        if p == seat:
            a = choose(state, p)
            if record is not None:
                record.append((np.asarray(state.information_state_tensor(p), np.float64), legal, a))
        else:
            a = legal[int(rng.randint(len(legal)))]
        state.apply_action(a)
    return float(state.returns()[seat])


def train(game: Any, seat: int, episodes: int, seed: int, learning_rate: float = 0.05) -> SoftmaxPolicy:
    """A :class:`SoftmaxPolicy` for ``seat`` trained by REINFORCE over ``episodes`` hands against
    uniform random players (deals and draws seeded by ``seed``, so training is repeatable)."""
    policy = SoftmaxPolicy(game.information_state_tensor_shape()[0], game.num_distinct_actions(), learning_rate)
    rng = np.random.RandomState(seed)
    scale = float(game.max_utility()) or 1.0

    def choose(state: Any, p: int) -> int:
        x = np.asarray(state.information_state_tensor(p), np.float64)
        return policy.sample(x, state.legal_actions(), rng)

    for _ in range(episodes):
        steps: list[tuple[Vector, list[int], int]] = []
        reward = play_hand(game, seat, choose, int(rng.randint(2**31)), int(rng.randint(2**31)), steps)
        policy.update(steps, reward / scale)
    return policy


def paired_differences(game: Any, seat: int, policy: SoftmaxPolicy, deals: int, seed: int,
                       greedy: bool = False) -> Vector:
    """For each of ``deals`` fresh deals, ``seat``'s reward playing ``policy`` minus its reward
    playing uniformly at random, on the same deal with the same random stream for the other seats.

    The policy draws its actions (an untrained policy is then the uniform player, so a difference
    is what training taught), or with ``greedy`` takes its most probable one (the first of equals).
    Returns the ``deals`` differences (points).
    """
    rng = np.random.RandomState(seed)
    out = np.zeros(deals)
    for i in range(deals):
        deal, others, mine = (int(v) for v in rng.randint(2**31, size=3))
        draw, own = np.random.RandomState(mine), np.random.RandomState(mine)

        def learned(state: Any, p: int) -> int:
            x = np.asarray(state.information_state_tensor(p), np.float64)
            legal = state.legal_actions()
            return policy.best(x, legal) if greedy else policy.sample(x, legal, draw)

        def uniform(state: Any, p: int) -> int:
            legal = state.legal_actions()
            return int(legal[own.randint(len(legal))])

        out[i] = play_hand(game, seat, learned, deal, others) - play_hand(game, seat, uniform, deal, others)
    return out


__all__ = ["Chooser", "SoftmaxPolicy", "Vector", "paired_differences", "play_hand", "train"]
