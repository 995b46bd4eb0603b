"""The determinized-solver player: sampling plus the perfect-information solver at every trick.

:class:`SolverPlayer` is the :class:`~cardkit.players.sampler.SamplingPlayer` with the solver from
the opening lead on (``solver_from_trick=1``) and a time budget instead of a fixed number of
samples: for a card to play it deals the cards it cannot see again and again, consistently with
what it has seen, solves each deal with every card laid open (:mod:`cardkit.solver`), and stops
when the budget would be spent by one more deal taking as long as the last (:class:`Clock`; at
least ``min_samples`` deals, at most ``max_samples``). It plays the
card with the best average over the deals it solved. On this machine a full-hand Five Hundred
solve takes 0.1–1 s, so the first lead sees a few deals and the last tricks many.

In the auction it asks the rule-based player for a bid and checks it by solving sampled deals:
it deals the unseen cards again (up to ``bid_samples`` times, within the time budget, at least
once), lets the others pass so that it holds the
contract, lets the rule-based player take the talon or kitty, declare and exchange or bury, and
solves the hand from the opening lead with every card open (whether the contract is made: one
narrow search a deal, a few milliseconds). It makes the bid only when the contract is made in at
least half of those deals, and passes otherwise.

After the auction, the talon (501♠: declare trumps and a contract, then give a card to each
opponent, rules.md 501 §7) and kitty (Five Hundred: bury three cards, rules.md 500 §5) decision
is solved too, as one plan of actions: the rule-based player's plan, the same contract in each
other trump with the rule-based player's gives after it, and a few other sets of the hand's
weakest cards to give or bury, at most ``talon_choices`` plans in all. It deals the unseen cards
again (up to ``talon_samples`` times, within the time budget, at least ``min_samples``), applies
every plan to the same deals, lets the rule-based player take the remaining steps before the play
(a call, a nomination), solves each deal with every card open and keeps the plan with the best
mean score for the seat when it beats the rule-based player's by more than the deals' noise
(:func:`clearly_better`), else the rule-based player's (so it still abandons a hand that no plan
makes); it then follows the plan step by step. It reads only what the games declare: a
step whose actions each move a card of the seat's hand is a give or a bury, the cards' ranking
under the contract (:meth:`~cardkit.game.State.power`, else the pack's order), a declaration's
:meth:`~cardkit.game.Action.worth` and the trump it sets.

Each choice comes with a sentence in the language in use (the :class:`~cardkit.game.Decision`'s
``reason``, :meth:`SolverPlayer.reason`), e.g.
``"play A♠: best in 7 of 9 sampled deals of the unseen cards (solved)"`` or ``"give 9♦: best of
6 choices on 16 sampled deals of the unseen cards, solved with every card open: declare ♥ 80,
give J♣ and 9♦ makes the contract in 14 of them"``.
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any, ClassVar, Mapping, Sequence

from ..actions import Pass
from ..cards import Card
from ..game import Action, Decision, Game, Player, State
from ..i18n import _, action_text
from ..solver import Solver
from .resample import resample
from .sampler import SamplingPlayer, gain_sign, knowledge, sample_state


class Clock:
    """How many sampled deals a decision solves within ``budget`` seconds: at least ``least``, at
    most ``most``, and no further deal once the last one, taking as long again, would end past the
    budget (so a decision ends near its budget even when one deal takes a large part of it)."""

    def __init__(self, budget: float, least: int, most: int) -> None:
        self.budget, self.least, self.most = budget, least, most
        self.start = self.last = time.perf_counter()

    def more(self, done: int) -> bool:
        """Whether to solve another deal after ``done`` deals (call it once before each deal)."""
        now = time.perf_counter()
        took, self.last = now - self.last, now
        if done >= self.most:
            return False
        return done < self.least or now - self.start + (took if done else 0.0) < self.budget


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
        talon_samples: deals solved, at most, to choose the talon or kitty plan (0: as the
            rule-based player does).
        talon_choices: plans compared at most for the talon or kitty, the rule-based player's
            among them.
    """

    name = "solver"
    kind: ClassVar[str] = "solver"
    plays: ClassVar[type[Game] | None] = None

    def __init__(self, game: Game, seed: int | None = None, budget: float = 0.6, min_samples: int = 1,
                 max_samples: int = 32, bid_samples: int = 8, talon_samples: int = 16,
                 talon_choices: int = 6) -> None:
        super().__init__(game, seed=seed, samples=max_samples, use_solver=True, solver_from_trick=1)
        self.budget = budget
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.bid_samples = bid_samples
        self.talon_samples = talon_samples
        self.talon_choices = talon_choices
        #: the talon or kitty plan being followed: the hand's history when it was chosen, the
        #: plan's actions, and the figures it was chosen by (its decisions' ``facts``)
        self._plan: tuple[list[Action], list[Action], dict[str, Any]] | None = None

    def _bid(self, state: State, legal: list[Action], solver: Solver[State]) -> Decision:
        """The rule-based player's bid if solved sampled deals make it at least half the time,
        else a pass (see the module doc)."""
        rule = self.base.choose(state.clone())
        proposed = rule.action
        look = self.game.look_action
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if passing is None or proposed == passing or (look is not None and proposed == look):
            return self.decision(state, rule)
        seat = state.current_player()
        assert seat is not None
        made = 0
        clock = Clock(self.budget, 1, self.bid_samples)
        n = 0
        while clock.more(n):
            n += 1
            st = resample(state, seat, self.rng)
            st.apply_action(proposed)
            while not st.is_terminal() and st.phase == "auction" and st.current_player() != seat:
                st.apply_action(passing)
            while not st.is_terminal() and st.phase != "play":
                st.apply_action(self.base.choose(st).action)
            if not st.is_terminal() and solver.result(st).made:  # one narrow search, no card table
                made += 1
        action = proposed if 2 * made >= n else passing
        return self.decision(state, action, {"by": "bid check", "proposed": proposed, "made": made, "samples": n})

    # -- the talon or kitty

    def _planned(self, state: State) -> Decision | None:
        """The next action of the plan being followed, when ``state`` is the hand it was chosen in
        with the plan's steps so far applied; else ``None``."""
        if self._plan is None:
            return None
        before, plan, info = self._plan
        hist = state.history()
        done = len(hist) - len(before)
        if not 0 < done < len(plan) or hist[:len(before)] != before or hist[len(before):] != plan[:done]:
            return None
        action = plan[done]
        if action not in state.legal_actions():
            return None
        return self.decision(state, action, info)

    def _talon(self, state: State, solver: Solver[State]) -> Decision | None:
        """The talon or kitty decision by solving sampled deals (see the module doc), or ``None``
        when ``state`` holds no such decision (then the rule-based player decides)."""
        seat = state.current_player()
        assert seat is not None
        plans = talon_plans(state, seat, self.base, self.talon_choices)
        if len(plans) < 2:
            return None
        sign = gain_sign(self.game)
        values: list[list[float]] = [[] for _ in plans]  # each plan's gain for the seat, deal by deal
        made = [0] * len(plans)
        clock = Clock(self.budget, self.min_samples, self.talon_samples)
        n = 0
        while clock.more(n):
            n += 1
            deal = resample(state, seat, self.rng)
            for i, plan in enumerate(plans):
                st = deal.clone()
                for a in plan:
                    st.apply_action(a)
                while not st.is_terminal() and st.phase != "play":
                    st.apply_action(self.base.choose(st).action)
                if st.is_terminal():
                    values[i].append(sign * st.returns()[seat])
                    continue
                result = solver.result(st)
                ours = seat in st.contracting_seats()
                values[i].append(sign * (result.score if ours else -result.score))
                made[i] += bool(result.made)
        totals = [sum(v) for v in values]
        best = max(range(len(plans)), key=lambda i: (totals[i], -i))
        if not clearly_better(values[best], values[0]):
            best = 0  # the rule-based player's plan unless another does clearly better
        info = {"by": "talon", "plan": plans[best], "made": made[best], "samples": n, "choices": len(plans),
                "mean": totals[best] / n, "rule": plans[0], "rule_made": made[0], "rule_mean": totals[0] / n,
                "top_made": max(made), "ends_hand": _ends_hand(state, plans[best])}
        self._plan = (state.history(), plans[best], info)
        return self.decision(state, plans[best][0], info)

    def _change(self, gain: float) -> str:
        """A mean gain for the seat as the score change it is (501♠ counts down), e.g. ``"-66"``."""
        return f"{gain_sign(self.game) * gain:+.0f}"

    def _explain_talon(self, action: Action, last: Mapping[str, Any]) -> str:
        n, k = last["samples"], last["choices"]
        if last["ends_hand"]:
            text = _("none of the other {k} choices does better on {n} sampled deals of the unseen cards, "
                     "solved with every card open; the best makes the contract in {made} of them").format(
                k=k - 1, n=n, made=last["top_made"])
        else:
            text = _("best of {k} choices on {n} sampled deals of the unseen cards, solved with every card open: "
                     "{plan} makes the contract in {made} of them, a score change of {change} on average").format(
                k=k, n=n, plan=plan_words(last["plan"]), made=last["made"], change=self._change(last["mean"]))
            if last["plan"] != last["rule"]:
                text += "; " + _("the rule of thumb, {rule}, makes it in {made}, {change} on average").format(
                    rule=plan_words(last["rule"]), made=last["rule_made"], change=self._change(last["rule_mean"]))
        return f"{action_text(action)}: {text}"

    def reason(self, state: State, action: Action, facts: Mapping[str, Any], rule: str = "") -> str:
        """Why ``action``, in the language in use: for a bid or a talon or kitty step, how the
        solved sampled deals went (``facts`` ``by`` ``"bid check"``: ``proposed``, ``made``,
        ``samples``; ``"talon"``: ``plan``, ``made``, ``samples``, ``choices``, ``mean``, ``rule``,
        ``rule_made``, ``rule_mean``, ``top_made``, ``ends_hand``); else as the sampler."""
        last = facts
        if last.get("by") == "talon":
            return self._explain_talon(action, last)
        if last.get("by") == "bid check":
            p, m, n = last["proposed"], last["made"], last["samples"]
            if action == p:
                return f"{action_text(action)}: " + _(
                    "made in {made} of {n} sampled deals of the unseen cards, solved with every card open").format(
                    made=m, n=n)
            return f"{action_text(action)}: " + _(
                "{bid} would be made in only {made} of {n} sampled deals of the unseen cards, solved with every "
                "card open").format(bid=action_text(p), made=m, n=n)
        return super().reason(state, action, facts, rule)

    def choose(self, state: State) -> Decision:
        """A legal action for the seat to act, with the reason for it and its figures (see
        :meth:`reason`, :meth:`SamplingPlayer.choose`)."""
        legal = state.legal_actions()
        if state.phase == "auction" and self._solver is not None and self.bid_samples > 0:
            return self._bid(state, legal, self._solver)
        if state.phase != "play" and self._solver is not None and self.talon_samples > 0:
            planned = self._planned(state)
            if planned is not None:
                return planned
            self._plan = None
            chosen = self._talon(state, self._solver)
            if chosen is not None:
                return chosen
        if state.phase != "play" or self._solver is None:
            return super().choose(state)
        if len(legal) == 1:
            return self.decision(state, legal[0], {"by": "forced"})
        seat = state.current_player()
        assert seat is not None
        know = knowledge(state, seat)
        totals = {a: 0.0 for a in legal}
        wins = {a: 0 for a in legal}
        clock = Clock(self.budget, self.min_samples, self.max_samples)
        n = 0
        while clock.more(n):
            st = sample_state(state, seat, self.rng, know)
            vals = self._values(st, seat, legal, self._solver)
            best = max(vals.values())
            for a, v in vals.items():
                totals[a] += v
                if v == best:
                    wins[a] += 1
            n += 1
        prefer = self.base.choose(state.clone()).action
        top = max(totals.values())
        best_acts = [a for a in legal if totals[a] >= top - 1e-9]
        action = prefer if prefer in best_acts else best_acts[0]
        ranked = sorted(legal, key=lambda a: -totals[a])
        return self.decision(state, action, {
            "by": "samples", "samples": n, "wins": wins[action], "mean": totals[action] / n,
            "runner_up": next((a for a in ranked if a != action), None),
            "runner_mean": (totals[ranked[1]] if len(ranked) > 1 else totals[action]) / n,
            "voids": know.voids, "solver": True})


def clearly_better(these: Sequence[float], those: Sequence[float]) -> bool:
    """Whether gains ``these`` beat ``those`` (the same deals, in order) by more than one standard
    error of their mean difference: a choice among several compared on a few deals that is best
    by chance alone is left for the rule-based player's."""
    diffs = [a - b for a, b in zip(these, those)]
    n = len(diffs)
    if n == 0:
        return False
    mean = sum(diffs) / n
    spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 if n > 1 else 0.0
    return mean > 1e-9 and mean > spread / n ** 0.5


def _holds_each_card(state: State, seat: int) -> bool:
    """Whether ``seat`` is to act before the play and every legal action moves a card of its hand
    (a give or a bury)."""
    if state.is_terminal() or state.current_player() != seat or state.phase in ("auction", "play"):
        return False
    hand = state.hands[seat]
    legal = state.legal_actions()
    return bool(legal) and all(a.card is not None and a.card in hand for a in legal)


def _ends_hand(state: State, plan: Sequence[Action]) -> bool:
    """Whether ``plan`` from ``state`` ends the hand before the play (501♠'s abandon, rules.md 501 §7)."""
    st = state.clone()
    for a in plan:
        st.apply_action(a)
    return st.is_terminal()


def rule_steps(state: State, seat: int, base: Player) -> list[Action]:
    """The rule-based player ``base``'s actions from ``state`` (unchanged) while ``seat`` acts in
    the same phase: its gives or buries."""
    st = state.clone()
    phase = st.phase
    out = []
    while not st.is_terminal() and st.current_player() == seat and st.phase == phase:
        a = base.choose(st).action
        out.append(a)
        st.apply_action(a)
    return out


def weakest_first(state: State, cards: Sequence[Card]) -> list[Card]:
    """``cards`` from the weakest to keep to the strongest under the contract standing in
    ``state``: plain cards before trumps, each by its ranking (:meth:`State.power` in its own
    suit, else its place in the pack's order, highest first), a card of no suit (a joker) last;
    under a misère (rules.md 500 §9) the other way round, high cards first."""
    pack = state.game.new_pack()
    place: dict[Card, int] = {}
    seen: dict[Any, int] = {}
    for c in pack:
        if c not in place:
            place[c] = seen.get(c.suit, 0)  # 0 for the highest card of its suit
            seen[c.suit] = place[c] + 1
    trump = state.trump
    misere = state.misere()

    def strength(c: Card) -> tuple[int, int]:
        suit = state.suit_of(c)
        if suit is None:
            return (2, 0)
        power = state.power(c, suit)
        rank = power if power is not None else -place.get(c, 0)
        return (1 if trump is not None and suit is trump else 0, rank)

    order = sorted(cards, key=strength)
    return order[::-1] if misere else order


def discard_plans(state: State, seat: int, rule: Sequence[Action], most: int) -> list[list[Action]]:
    """Up to ``most`` other gives or buries than ``rule`` (the rule-based player's, from
    ``state``, where ``seat`` gives or buries as many cards): the sets of as many cards drawn
    from ``rule``'s cards and the two next weakest of the hand (:func:`weakest_first`), weakest
    sets first. Each as the actions that move those cards, in that order."""
    if most <= 0 or not rule:
        return []
    k = len(rule)
    chosen = [a.card for a in rule]
    hand = list(dict.fromkeys(state.hands[seat]))
    ranked = weakest_first(state, hand)
    pool = [c for c in ranked if c in chosen] + [c for c in ranked if c not in chosen][:2]
    pool = weakest_first(state, pool)
    rank = {c: i for i, c in enumerate(pool)}
    sets = sorted((combo for combo in combinations(pool, k) if set(combo) != set(chosen)),
                  key=lambda combo: (sum(rank[c] for c in combo), [rank[c] for c in combo]))
    out: list[list[Action]] = []
    for combo in sets[:most]:
        st = state.clone()
        plan: list[Action] = []
        for c in combo:
            a = next(x for x in st.legal_actions() if x.card == c)
            plan.append(a)
            st.apply_action(a)
        out.append(plan)
    return out


def declarations(state: State, first: Action) -> list[Action]:
    """The declarations to compare with ``first`` (the rule-based player's, card-less): one per
    trump it can set, of ``first``'s :meth:`~cardkit.game.Action.worth` (when ``first`` has none,
    as when it abandons: the cheapest), ``first`` itself when it is one of them, in the engine's
    order. Empty when ``state``'s legal actions declare nothing."""
    legal = [a for a in state.legal_actions() if a.card is None and a.worth() is not None]
    if not legal:
        return []
    want = first.worth()
    if want is None:
        want = min(a.worth() or 0 for a in legal)
    out: dict[Any, Action] = {}
    for a in legal:
        if a.worth() != want:
            continue
        st = state.clone()
        st.apply_action(a)
        if a == first or st.trump not in out:
            out[st.trump] = a
    return list(out.values())


def talon_plans(state: State, seat: int, base: Player, most: int) -> list[list[Action]]:
    """The plans the solver player compares for the talon or kitty, at most ``most``, the
    rule-based player ``base``'s first (see the module doc): when ``seat`` gives or buries, the
    rule's cards and :func:`discard_plans`; when it declares first and then gives, each
    :func:`declarations` followed by the rule's gives after it, then other gives after the rule's
    declaration. Empty when ``state`` holds no such decision (an auction, a call, a nomination)."""
    if _holds_each_card(state, seat):
        rule = rule_steps(state, seat, base)
        return [rule, *discard_plans(state, seat, rule, most - 1)][:most]
    first = base.choose(state.clone()).action
    plans: list[list[Action]] = []
    after: dict[int, State] = {}
    for d in declarations(state, first):
        st = state.clone()
        st.apply_action(d)
        if not _holds_each_card(st, seat):
            continue
        after[len(plans)] = st
        plans.append([d, *rule_steps(st, seat, base)])
    if not plans:
        return []
    lead = next((i for i, p in enumerate(plans) if p[0] == first), None)
    if lead is None:  # the rule-based player does not declare (it abandons): its choice first
        plans.insert(0, [first])
        lead_state, lead_plan = after[0], plans[1]
    else:
        plans.insert(0, plans.pop(lead))
        lead_state, lead_plan = after[lead], plans[0]
    room = most - len(plans)
    if room > 0:
        plans += [[lead_plan[0], *p] for p in discard_plans(lead_state, seat, lead_plan[1:], room)]
    return plans[:most]


def plan_words(plan: Sequence[Action]) -> str:
    """A plan's actions as people read them (each action's verb and object words), actions of one
    verb run together: ``"declare ♥ 80, give J♣ and 9♦"``."""
    groups: list[list[str]] = []
    for a in plan:
        verb, rest = a.verb_words(), a.object_words()
        if a.translated() != " ".join(w for w in (verb, rest) if w):  # words of its own: the joker left free
            verb, rest = a.translated(), ""
        if groups and groups[-1][0] == verb and rest:
            groups[-1].append(rest)
        else:
            groups.append([verb, rest] if rest else [verb])
    out = []
    for g in groups:
        items = g[1:]
        if len(items) > 1:
            items = [", ".join(items[:-1]) + " " + _("and") + " " + items[-1]]
        out.append(" ".join([g[0], *items]))
    return ", ".join(out)


__all__ = ["Clock", "SolverPlayer", "clearly_better", "declarations", "discard_plans", "plan_words", "rule_steps", "talon_plans",
           "weakest_first"]
