"""The determinized-solver player: sampling plus the perfect-information solver at every trick.

:class:`SolverPlayer` is the :class:`~cardkit.players.sampler.SamplingPlayer` with the solver from
the opening lead on (``solver_from_trick=1``) and a time budget instead of a fixed number of
samples: for a card to play it deals the cards it cannot see again and again, consistently with
what it has seen, solves each deal with every card laid open (:mod:`cardkit.solver`), and stops
when the budget is spent (at least ``min_samples`` deals, at most ``max_samples``). It plays the
card with the best average over the deals it solved. On this machine a full-hand Five Hundred
solve takes 0.1–1 s, so the first lead sees a few deals and the last tricks many.

In the auction it asks the rule-based player for a bid and checks it by solving sampled deals:
it deals the unseen cards again (up to ``bid_samples`` times, within the time budget, at least
once), lets the others pass so that it holds the
contract, lets the rule-based player take the talon or kitty, declare and exchange or bury, and
solves the hand from the opening lead with every card open. It makes the bid only when the
contract is made in at least half of those deals, and passes otherwise. Its other talon (501♠)
and kitty (Five Hundred) decisions are the rule-based player's.

Each choice comes with a sentence (:meth:`SolverPlayer.explain`), e.g.
``"play A♠: best in 7 of 9 sampled deals of the unseen cards (solved)"``.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from ..game import Action, Game, State
from ..solver import Solver
from .resample import resample
from .sampler import SamplingPlayer, knowledge, sample_state


class SolverPlayer(SamplingPlayer):
    """Samples the unseen cards and solves every sample from the first trick on, within
    ``budget`` seconds a decision (see the module doc).

    Args:
        game: the table.
        seed: seeds the sampling and the rule-based player.
        budget: seconds of solving per card decision (the first solve of a process also compiles
            the solver, which takes longer once).
        min_samples: deals solved even when the budget is spent.
        max_samples: deals solved at most.
        bid_samples: deals solved to check a bid (0: bid as the rule-based player does).
    """

    name = "solver"
    kind: ClassVar[str] = "solver"
    plays: ClassVar[type[Game] | None] = None
    needs_game: ClassVar[bool] = True

    def __init__(self, game: Game, seed: int | None = None, budget: float = 0.6, min_samples: int = 1,
                 max_samples: int = 32, bid_samples: int = 3) -> None:
        super().__init__(game, seed=seed, samples=max_samples, use_solver=True, solver_from_trick=1)
        self.budget = budget
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.bid_samples = bid_samples

    def _bid(self, state: State, legal: list[Action], solver: Solver) -> Action:
        """The rule-based player's bid if solved sampled deals make it at least half the time,
        else a pass (see the module doc)."""
        proposed = self.base.choose(state.clone())
        look = self.game.look_action
        passing = next((a for a in legal if str(a) == "pass"), None)
        if passing is None or proposed == passing or (look is not None and str(proposed) == look):
            self.last = {"by": "rules", "action": proposed}
            return proposed
        seat = state.current_player()
        assert seat is not None
        made = 0
        start = time.perf_counter()
        n = 0
        while n < self.bid_samples and (n == 0 or time.perf_counter() - start < self.budget):
            n += 1
            st = resample(state, seat, self.rng)
            st.apply_action(proposed)
            while not st.is_terminal() and st.phase == "auction" and st.current_player() != seat:
                st.apply_action(passing)
            while not st.is_terminal() and st.phase != "play":
                st.apply_action(self.base.choose(st))
            if not st.is_terminal() and solver.solve(st).made:
                made += 1
        action = proposed if 2 * made >= n else passing
        self.last = {"by": "bid check", "action": action, "proposed": proposed, "made": made, "samples": n}
        return action

    def explain(self, state: State, action: Action) -> str:
        """Why ``action``: for a bid, how the solved sampled deals went; else as the sampler."""
        last = self.last
        if last.get("by") == "bid check" and last.get("action") == action:
            p, m, n = last["proposed"], last["made"], last["samples"]
            if action == p:
                return f"{action}: made in {m} of {n} sampled deals of the unseen cards, solved with every card open"
            return (f"{action}: {p} would be made in only {m} of {n} sampled deals of the unseen cards, "
                    "solved with every card open")
        return super().explain(state, action)

    def choose(self, state: State) -> Action:
        """A legal action for the seat to act."""
        legal = state.legal_actions()
        if state.phase == "auction" and self._solver is not None and self.bid_samples > 0:
            return self._bid(state, legal, self._solver)
        if state.phase != "play" or self._solver is None:
            return super().choose(state)
        if len(legal) == 1:
            self.last = {"by": "forced", "action": legal[0]}
            return legal[0]
        seat = state.current_player()
        assert seat is not None
        know = knowledge(state, seat)
        totals = {a: 0.0 for a in legal}
        wins = {a: 0 for a in legal}
        start = time.perf_counter()
        n = 0
        while n < self.max_samples and (n < self.min_samples or time.perf_counter() - start < self.budget):
            st = sample_state(state, seat, self.rng, know)
            vals = self._values(st, seat, legal, self._solver)
            best = max(vals.values())
            for a, v in vals.items():
                totals[a] += v
                if v == best:
                    wins[a] += 1
            n += 1
        prefer = self.base.choose(state.clone())
        top = max(totals.values())
        best_acts = [a for a in legal if totals[a] >= top - 1e-9]
        action = prefer if prefer in best_acts else best_acts[0]
        ranked = sorted(legal, key=lambda a: -totals[a])
        self.last = {"by": "samples", "action": action, "samples": n, "wins": wins[action],
                     "mean": totals[action] / n, "runner_up": next((a for a in ranked if a != action), None),
                     "runner_mean": (totals[ranked[1]] if len(ranked) > 1 else totals[action]) / n,
                     "voids": know.voids, "solver": True}
        return action


__all__ = ["SolverPlayer"]
