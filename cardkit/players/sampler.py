"""A stronger computer player: it samples the unseen cards and looks at every sample.

For a card to play, :class:`SamplingPlayer` deals the cards it cannot see at random, consistently
with everything it has seen — the cards played, the voids shown (a seat that did not follow a
suit holds none of it; in 501♠ one that did not trump holds no trump either, rules.md 501 §8,
500 §7), the exposed talon, the cards it gave away, a declared marriage's other card — every such
deal equally likely (:func:`cardkit.explore.deal.allocate`). On each sample it values every legal
card, with the perfect-information solver (:mod:`cardkit.solver`) when it is there for the game,
from the second trick on (``solver_from_trick``), else by playing the hand out with the game's
rule-based player; it plays the card with the best average. Auction, talon and burying decisions are the rule-based player's.

Each choice comes with a sentence (the :class:`~cardkit.game.Decision`'s ``reason``), e.g.
``"play Jo ♠: led the joker naming ♠: no one has led spades yet; best in 12 of 16 sampled deals of the
unseen cards (solved)"``, in the language in use.

>>> from cardkit.game501 import Game501
>>> from cardkit.explore import Predeal
>>> game = Game501()
>>> state = Predeal(game, dealer=0).deal(3).new_hand(game)
>>> p = SamplingPlayer(game, seed=1, samples=4, use_solver=False)
>>> while state.phase != "play":
...     _ = state.apply_action(p.choose(state).action)
>>> p.choose(state).action in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from ..actions import Play
from ..allocation import BURIED, Knowledge
from ..cards import JOKER, Card, Suit
from ..game import Action, Decision, Game, Player, State
from ..i18n import _, action_text, ngettext

if TYPE_CHECKING:
    from ..solver import Solver


def played_cards(state: State) -> list[tuple[int, Card]]:
    """Every ``(seat, card)`` played so far (see :meth:`State.played_cards`)."""
    return state.played_cards()


def voids_501(state: State) -> dict[int, set[Suit]]:
    """Suits each 501♠ seat has shown void in (see :meth:`cardkit.game501.State501.voids`).

    Raises:
        CardkitError: ``state`` is not a 501♠ hand.
    """
    from ..game501 import Game501, State501
    from . import own_state

    return own_state(state, State501, Game501).voids()


def knowledge(state: State, seat: int) -> Knowledge:
    """What ``seat`` knows of the hidden cards in the play phase (see :meth:`State.knowledge`)."""
    return state.knowledge(seat)


def sample_state(state: State, seat: int, rng: random.Random, know: Knowledge | None = None,
                 tries: int = 100) -> State:
    """A copy of ``state`` with every card hidden from ``seat`` dealt again at random, consistently
    with what ``seat`` has seen (``know``, or :meth:`State.knowledge`); every consistent deal
    equally likely. :meth:`State.resample` without a precomputed ``know``.

    Raises:
        DealError: what has been seen contradicts itself (no consistent deal).
    """
    know = know or state.knowledge(seat)
    return state.with_hidden(know.sample(rng, tries))


def base_player(game: Game, seed: int | None) -> Player:
    """The game's rule-based player (the kind the game declares as :attr:`Game.rule_player`; see
    :func:`cardkit.registry.rule_player`)."""
    from ..registry import rule_player

    return rule_player(game, seed)


def gain_sign(game: Game) -> int:
    """+1 when a higher score is better (Five Hundred), −1 when scores count down (501♠)."""
    return -1 if game.lower_is_better else 1


class SamplingPlayer:
    """Samples the unseen cards consistently with what it has seen and plays the best card on
    average (see the module doc).

    Args:
        game: the table.
        seed: seeds the sampling and the rule-based player.
        samples: deals of the unseen cards per decision.
        use_solver: value cards with the perfect-information solver when it is available for the
            game (else, or when ``False``, by playing out with the rule-based player).
        solver_from_trick: use the solver from this trick on (1 is the first); on earlier tricks,
            where a full-hand search can take seconds a sample, play out instead.
        base: the player for the other decisions and the play-outs (the game's rule-based player).
    """

    name = "sampler"
    kind: ClassVar[str] = "sampler"
    plays: ClassVar[type[Game] | None] = None

    def __init__(self, game: Game, seed: int | None = None, samples: int = 16, use_solver: bool = True,
                 base: Player | None = None, solver_from_trick: int = 2) -> None:
        self.solver_from_trick = solver_from_trick
        self.game = game
        self.rng = random.Random(seed)
        self.samples = samples
        self.base: Player = base or base_player(game, seed)
        self._solver: Solver[State] | None = _find_solver(game) if use_solver else None

    def choose(self, state: State) -> Decision:
        """A legal action for the seat to act, with the reason for it (see :meth:`reason`) and its
        figures as ``facts``: ``by`` (``"samples"``, ``"forced"`` or ``"rules"``) and, for samples,
        ``samples``, ``wins``, ``mean``, ``runner_up``, ``runner_mean``, ``voids`` and ``solver``."""
        legal = state.legal_actions()
        if state.phase != "play":
            return self.decision(state, self.base.choose(state))
        if len(legal) == 1:
            return self.decision(state, legal[0], {"by": "forced"})
        seat = state.current_player()
        assert seat is not None
        know = knowledge(state, seat)
        solver = self._solver if len(state.tricks) + 1 >= self.solver_from_trick else None
        totals = {a: 0.0 for a in legal}
        wins = {a: 0 for a in legal}
        for _ in range(self.samples):
            st = sample_state(state, seat, self.rng, know)
            vals = self._values(st, seat, legal, solver)
            best = max(vals.values())
            for a, v in vals.items():
                totals[a] += v
                if v == best:
                    wins[a] += 1
        prefer = self.base.choose(state.clone()).action
        top = max(totals.values())
        best_acts = [a for a in legal if totals[a] >= top - 1e-9]
        action = prefer if prefer in best_acts else best_acts[0]
        ranked = sorted(legal, key=lambda a: -totals[a])
        return self.decision(state, action, {
            "by": "samples", "samples": self.samples, "wins": wins[action], "mean": totals[action] / self.samples,
            "runner_up": next((a for a in ranked if a != action), None),
            "runner_mean": (totals[ranked[1]] if len(ranked) > 1 else totals[action]) / self.samples,
            "voids": know.voids, "solver": solver is not None})

    def _values(self, st: State, seat: int, legal: Sequence[Action], solver: Solver[State] | None) -> dict[Action, float]:
        """Each legal action's value for ``seat`` on the sampled deal ``st``: by ``solver`` when
        given, else by playing the hand out with the rule-based player."""
        if solver is not None:
            sol = solver.solve(st)
            # the seat to act is ``seat``; it wants the value high iff it is maximising
            return {v.action: float(v.value if sol.maximising else -v.value) for v in sol.values}
        sign = gain_sign(self.game)
        out = {}
        for a in legal:
            s2 = st.clone()
            s2.apply_action(a)
            while not s2.is_terminal():
                s2.apply_action(self.base.choose(s2).action)
            out[a] = float(sign * s2.returns()[seat])
        return out

    def decision(self, state: State, action: Action | Decision, facts: Mapping[str, Any] | None = None) -> Decision:
        """The decision of ``action`` in ``state`` with the figures ``facts`` it was chosen by,
        and the reason :meth:`reason` gives; a decision of the rule-based player (``facts``
        ``None``) keeps that player's reason."""
        if isinstance(action, Decision):
            facts = {"by": "rules"}
            return Decision(action.action, self.reason(state, action.action, facts, action.reason), facts)
        facts = facts or {}
        return Decision(action, self.reason(state, action, facts), facts)

    def reason(self, state: State, action: Action, facts: Mapping[str, Any], rule: str = "") -> str:
        """Why ``action``, in the language in use (:mod:`cardkit.i18n`): the rule of thumb it
        follows, and how it fared over the samples, e.g. "play A♠: best in 12 of 16 sampled deals
        of the unseen cards (solved); B has shown a void in ♥".

        Args:
            state: the state before ``action``.
            action: the action chosen.
            facts: the figures it was chosen by (see :meth:`choose`).
            rule: the rule-based player's reason, when the choice is its own.

        Returns:
            the action's text, a colon, and the reasons joined by "; ".
        """
        parts = []
        thumb = rule_of_thumb(state, action)
        if thumb:
            parts.append(thumb)
        last = facts
        if last.get("by") == "samples":
            wins, n = last["wins"], last["samples"]
            if last["solver"]:
                parts.append(ngettext("best in {wins} of {n} sampled deal of the unseen cards (solved)",
                                      "best in {wins} of {n} sampled deals of the unseen cards (solved)", n
                                      ).format(wins=wins, n=n))
            else:
                parts.append(ngettext("best in {wins} of {n} sampled deal of the unseen cards (played out)",
                                      "best in {wins} of {n} sampled deals of the unseen cards (played out)", n
                                      ).format(wins=wins, n=n))
            voids = last.get("voids") or {}
            me = state.current_player()
            shown = [_("{name} has shown a void in {suits}").format(
                         name=state.game.names[s], suits=_(" and ").join(str(x) for x in sorted(v, key=lambda x: x.value)))
                     for s, v in sorted(voids.items()) if s != me and v]
            if shown:
                parts.append("; ".join(shown))
        elif last.get("by") == "forced":
            parts.append(_("its only legal card"))
        else:
            parts.append(rule)
        return f"{action_text(action)}: " + "; ".join(p for p in parts if p)


def rule_of_thumb(state: State, action: Action) -> str:
    """The good player's rule of thumb an action follows, in words, or ``""``.

    Leading the joker naming a suit no one has led (rules.md 500 §8), declaring a marriage
    (rules.md 501 §9), drawing trumps as declarer, ducking under a misère, keeping the joker.
    """
    if not isinstance(action, Play):
        return ""
    seat = state.current_player()
    card = action.card
    trick = state.trick
    leading = trick is None or not trick.plays
    trump = state.trump
    if action.names is not None:
        led = {t.led_suit for t in state.tricks}
        if action.names not in led:
            return _("led the joker naming {suit}: no one has led {suits} yet").format(
                suit=action.names, suits=_(action.names.name.lower()))  # "spades", from i18n.SUIT_WORDS
        return _("led the joker naming {suit}").format(suit=action.names)
    if action.marriage:
        from ..game501.scoring import marriage_value

        assert card.suit is not None, "a marriage is a king and a queen of one suit"
        value = marriage_value(card.suit, trump)
        return _("declares the {suit} marriage ({value})").format(suit=card.suit, value=value)
    contractor = state.contractor
    if state.misere() and seat == contractor and not leading:
        assert trick is not None
        if trick.led_suit is None:
            return _("ducks under the lead: taking a trick loses the misère")
        return _("ducks under the {suit} lead: taking a trick loses the misère").format(suit=trick.led_suit)
    side = state.contracting_seats()
    if leading and trump is not None and seat in side and state.suit_of(card) is trump and card is not JOKER:
        return _("draws trumps")
    assert seat is not None
    if JOKER in state.hands[seat] and card is not JOKER and not leading:
        return _("keeps the joker")
    return ""


def _find_solver(game: Game) -> Solver[State] | None:
    try:
        from ..solver import new_solver

        return new_solver(game)
    except Exception:  # noqa: BLE001 - no solver for this game: play out instead
        return None


__all__ = ["BURIED", "Knowledge", "SamplingPlayer", "base_player", "knowledge", "played_cards", "rule_of_thumb", "sample_state", "voids_501"]
