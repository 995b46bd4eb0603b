"""Information-set Monte Carlo tree search: OpenSpiel's ``ISMCTSBot`` playing the kit's games.

:class:`ISMCTSPlayer` hands the position to OpenSpiel's information-set MCTS (Cowling, Powley and
Whitehouse 2011; ``open_spiel.python.algorithms.ismcts``) through the kit's OpenSpiel games
(:mod:`cardkit.openspiel`). Each simulation deals the cards the seat cannot see again, consistently
with what it has seen (``resample_from_infostate``), walks down one shared tree of the seat's
information sets, and values the new leaf by playing the hand out with the game's rule-based
player. It plays the action the search visited most. It decides the cards, the gives (501♠) and
the burials (Five Hundred), and every other decision with few enough choices for its simulations
to try each; wider ones (501's auction and contract) are the rule-based player's. It needs the
optional extra ``openspiel``.

Each choice comes with a sentence (the :class:`~cardkit.game.Decision`'s ``reason``), e.g.
``"bid 8♥: chosen in 61 of 120 simulations of the search, worth +87 a hand on average (next: pass, +12)"``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

import numpy as np

from ..display import signed
from ..game import Action, Decision, Game, Player, State
from ..i18n import _, action_text, ngettext
from ..registry import rule_player

if TYPE_CHECKING:
    from ..openspiel import ActionCodec


class RolloutEvaluator:
    """OpenSpiel's evaluator interface: a leaf's value is the hand played out by the game's
    rule-based player (one play-out), every legal action equally likely a priori."""

    def __init__(self, game: Game, seed: int | None = None, rollouts: int = 1) -> None:
        self.base: Player = rule_player(game, seed)
        self.rollouts = rollouts
        self.sign = -1 if game.lower_is_better else 1

    def evaluate(self, os_state: Any) -> Any:
        """The rewards (higher better) of the hand played out from ``os_state``, averaged."""
        total = np.zeros(os_state.num_players())
        for _ in range(self.rollouts):
            st = os_state.engine.clone()
            while not st.is_terminal():
                st.apply_action(self.base.choose(st).action)
            total += np.array([self.sign * r for r in st.returns()], dtype=float)
        return total / self.rollouts

    def prior(self, os_state: Any) -> list[tuple[int, float]]:
        """Every legal action equally likely."""
        legal = os_state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class ISMCTSPlayer:
    """OpenSpiel's ISMCTS bot as a kit player (see the module doc).

    Args:
        game: the table (its rules and options).
        seed: seeds the search, the resampling and the play-outs.
        simulations: simulations per decision.
        uct_c: the exploration constant of UCT, in the reward's units (score points).
        max_branching: decisions with more distinct legal actions than this (501's auction and
            contract, with up to 780 choices) are the rule-based player's: a search of
            ``simulations`` simulations could not try each choice even once.
    """

    name = "ismcts"
    kind: ClassVar[str] = "ismcts"
    plays: ClassVar[type[Game] | None] = None

    def __init__(self, game: Game, seed: int | None = None, simulations: int = 64, uct_c: float = 60.0,
                 max_branching: int = 24) -> None:
        from open_spiel.python.algorithms import ismcts

        from .. import openspiel

        self.game = game
        self.simulations = simulations
        self.max_branching = max_branching
        self._openspiel = openspiel
        self._os_games: dict[int, Any] = {}
        rs = np.random.RandomState(random.Random(seed).randrange(2**31))
        self.evaluator = RolloutEvaluator(game, seed)
        self.bot = ismcts.ISMCTSBot(
            game=None, evaluator=self.evaluator, uct_c=uct_c, max_simulations=simulations, random_state=rs,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            use_observation_string=False, allow_inconsistent_action_sets=False)

    def _os_game(self, dealer: int) -> Any:
        if dealer not in self._os_games:
            self._os_games[dealer] = self._openspiel.load(self.game, dealer)
        return self._os_games[dealer]

    def choose(self, state: State) -> Decision:
        """A legal action for the seat to act, with the reason for it (see :meth:`reason`) and
        its figures as ``facts``: ``by`` (``"search"``, ``"forced"`` or ``"rules"``) and, for a
        search, ``visits``, ``value``, ``simulations``, ``runner_up`` and ``runner_value``."""
        legal = state.legal_actions()
        if len(set(legal)) > self.max_branching:
            rule = self.evaluator.base.choose(state)
            facts: dict[str, Any] = {"by": "rules"}
            return Decision(rule.action, self.reason(state, rule.action, facts, rule.reason), facts)
        if len(set(legal)) == 1:
            facts = {"by": "forced"}
            return Decision(legal[0], self.reason(state, legal[0], facts), facts)
        osg = self._os_game(state.dealer)
        os_state = self._openspiel.from_engine(state, osg)
        policy = self.bot.run_search(os_state)
        best = max(p for _, p in policy)
        picks = [a for a, p in policy if p == best]
        number = picks[int(self.bot._random_state.randint(len(picks)))]
        codec: ActionCodec = osg.table.codec
        action = codec.decode(int(number))
        root = self.bot._root_node  # the search tree's root (OpenSpiel keeps it after a search)
        stats = {codec.decode(int(a)): (c.visits, c.value() if c.visits else 0.0) for a, c in root.child_info.items()}
        ranked = sorted(stats.items(), key=lambda kv: -kv[1][0])
        runner = next(((a, v) for a, v in ranked if a != action), None)
        facts = {"by": "search", "visits": stats[action][0], "value": stats[action][1],
                 "simulations": self.simulations,
                 "runner_up": runner[0] if runner else None, "runner_value": runner[1][1] if runner else None}
        return Decision(action, self.reason(state, action, facts), facts)

    def reason(self, state: State, action: Action, facts: Mapping[str, Any], rule: str = "") -> str:
        """Why ``action``, in the language in use (:mod:`cardkit.i18n`): how often the search chose
        it and what it was worth on average (points a hand, the kit's higher-is-better returns).

        Args:
            state: the state before ``action``.
            action: the action chosen.
            facts: the figures it was chosen by (see :meth:`choose`).
            rule: the rule-based player's reason, when the choice is its own.

        Returns:
            e.g. "play A♠: chosen in 310 of 400 simulations of the search, worth +35 a hand on
            average (next: play K♠, +12)".
        """
        last = facts
        said = action_text(action)
        if last["by"] == "forced":
            return f"{said}: " + _("its only legal action")
        if last["by"] == "rules":
            why = rule
            text = _("too many choices to search, so the rule-based player's")
            return f"{said}: {text}" + (f" ({why})" if why else "")
        text = f"{said}: " + ngettext(
            "chosen in {visits} of {n} simulation of the search, worth {value} a hand on average",
            "chosen in {visits} of {n} simulations of the search, worth {value} a hand on average",
            last["simulations"]).format(visits=f"{last['visits']:.0f}", n=last["simulations"],
                                        value=signed(last["value"]))
        if last.get("runner_up") is not None:
            text += " (" + _("next: {action}, {value}").format(action=action_text(last["runner_up"]),
                                                            value=signed(last["runner_value"])) + ")"
        return text


__all__ = ["ISMCTSPlayer", "RolloutEvaluator"]
