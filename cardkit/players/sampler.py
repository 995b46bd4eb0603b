"""A stronger computer player: it samples the unseen cards and looks at every sample.

For a card to play, :class:`SamplingPlayer` deals the cards it cannot see at random, consistently
with everything it has seen — the cards played, the voids shown (a seat that did not follow a
suit holds none of it; in 501♠ one that did not trump holds no trump either, rules.md 501 §8,
500 §7), the exposed talon, the cards it gave away, a declared marriage's other card — every such
deal equally likely (:func:`cardkit.explore.deal.allocate`). On each sample it values every legal
card, with the perfect-information solver (:mod:`cardkit.solver`) when it is there for the game,
from the second trick on (``solver_from_trick``), else by playing the hand out with the game's
rule-based player; it plays the card with the best average. Auction, talon and burying decisions are the rule-based player's.

Each choice comes with a sentence (:meth:`SamplingPlayer.explain`), e.g.
``"led the joker naming ♠: no one has led spades yet; best in 12 of 16 sampled deals"``.

>>> from cardkit.game501 import Game501
>>> from cardkit.explore import Predeal
>>> game = Game501()
>>> state = Predeal(game, dealer=0).deal(3).new_hand(game)
>>> p = SamplingPlayer(game, seed=1, samples=4, use_solver=False)
>>> while state.phase != "play":
...     _ = state.apply_action(p.choose(state))
>>> p.choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Hashable, Sequence

from ..actions import Play
from ..cards import JOKER, Card, Rank, Suit
from ..game import Action, Game, State

#: Slot name for Five Hundred's buried cards (out of play, unseen by all but the contractor).
BURIED = "buried"


@dataclass
class Knowledge:
    """What ``seat`` knows of the hidden cards at one moment of the play.

    Attributes:
        seat: the observer.
        capacities: slot (a seat, or :data:`BURIED`) → how many hidden cards it holds now.
        known: slot → hidden cards the observer knows are there (e.g. a card it gave).
        groups: ``(cards, allowed slots)`` for every unseen card.
        voids: seat → the suits it has shown void in.
        accept: an extra test on a sampled allocation (e.g. at most one exposed talon card went to
            the other 501 defender), or ``None``.
    """

    seat: int
    capacities: dict[Hashable, int]
    known: dict[Hashable, list[Card]]
    groups: list[tuple[list[Card], list[Hashable]]]
    voids: dict[int, set[Suit]]
    accept: Callable[[dict[Hashable, list[Card]]], bool] | None = None


def played_cards(state: State) -> list[tuple[int, Card]]:
    """Every ``(seat, card)`` played so far, completed tricks and the trick in progress."""
    out = [(s, c) for t in state.tricks for s, c in t.plays]  # type: ignore[attr-defined]
    if state.trick is not None:  # type: ignore[attr-defined]
        out += list(state.trick.plays)  # type: ignore[attr-defined]
    return out


def _tricks(state: State) -> list[Any]:
    out = list(state.tricks)  # type: ignore[attr-defined]
    if state.trick is not None and state.trick.plays:  # type: ignore[attr-defined]
        out.append(state.trick)  # type: ignore[attr-defined]
    return out


def voids_501(state: State) -> dict[int, set[Suit]]:
    """Suits each seat has shown void in (rules.md 501 §8): not following the led suit shows a void
    in it; also not trumping shows a void in trumps."""
    out: dict[int, set[Suit]] = {}
    trump = state.trump  # type: ignore[attr-defined]
    for t in _tricks(state):
        led = t.led_suit
        for s, c in t.plays[1:]:
            if led is not None and c.suit is not led:
                out.setdefault(s, set()).add(led)
                if trump is not None and c.suit is not trump:
                    out[s].add(trump)
    return out


def knowledge_501(state: State, seat: int) -> Knowledge:
    """What ``seat`` knows in a 501♠ play phase (see :class:`Knowledge`)."""
    game = state.game
    others = [s for s in state.active if s != seat]  # type: ignore[attr-defined]
    gone = {c for _, c in played_cards(state)}
    known: dict[Hashable, list[Card]] = {s: [] for s in others}
    for f, t, c in state.gives:  # type: ignore[attr-defined]
        if f == seat and t in known and c not in gone:
            known[t].append(c)
    for s, suit, _value in state.marriages:  # type: ignore[attr-defined]
        if s in known:
            for r in (Rank.KING, Rank.QUEEN):
                c = Card(suit, r)
                if c not in gone and c not in known[s]:
                    known[s].append(c)
    voids = voids_501(state)
    placed = {c for cs in known.values() for c in cs}
    mine = set(state.hands[seat])  # type: ignore[attr-defined]
    unseen = [c for c in game.new_pack() if c not in gone and c not in mine and c not in placed]
    caps: dict[Hashable, int] = {s: len(state.hands[s]) - len(known[s]) for s in others}  # type: ignore[attr-defined]
    by_allowed: dict[tuple[Hashable, ...], list[Card]] = {}
    for c in unseen:
        allowed = tuple(s for s in others if c.suit not in voids.get(s, set()))
        by_allowed.setdefault(allowed, []).append(c)
    accept = None
    d = state.declarer  # type: ignore[attr-defined]
    if d is not None and d != seat and len(others) == 2:
        # A defender saw the talon go to the declarer, who then gave one card to each defender: the
        # other defender holds (or has played) at most one talon card (rules.md 501 §7).
        other = next(s for s in others if s != d)
        talon = set(state.talon)  # type: ignore[attr-defined]
        already = sum(1 for s, c in played_cards(state) if s == other and c in talon)

        def accept(alloc: dict[Hashable, list[Card]]) -> bool:
            return already + sum(1 for c in alloc[other] if c in talon) <= 1

    return Knowledge(seat, caps, known, [(cs, list(a)) for a, cs in by_allowed.items()], voids, accept)


def knowledge_500(state: State, seat: int) -> Knowledge:
    """What ``seat`` knows in a Five Hundred play phase (see :class:`Knowledge`): voids by each
    card's effective suit (rules.md 500 §6–§8), the buried cards unseen but for the contractor,
    an open misère hand face up (§9), and under misère no joker for a seat that showed a void
    before it was played (the must-play rule, §8)."""
    game = state.game
    n = game.players
    c = state.contractor  # type: ignore[attr-defined]
    view = state.view(seat)
    others = [s for s in range(n) if s != seat and isinstance(view.hands[s], int) and view.hands[s] > 0]
    # multisets: the improvised six-hand pack holds some cards twice (rules.md 500 §2)
    seen: Counter[Card] = Counter(x for _, x in played_cards(state))
    for s in range(n):
        h = view.hands[s]
        if not isinstance(h, int):
            seen.update(h)
    caps: dict[Hashable, int] = {s: len(state.hands[s]) for s in others}  # type: ignore[attr-defined]
    buried_known = seat == c
    if not buried_known and state.buried:  # type: ignore[attr-defined]
        caps[BURIED] = len(state.buried)  # type: ignore[attr-defined]
    if buried_known:
        seen.update(state.buried)  # type: ignore[attr-defined]
    voids = {s: set(v) for s, v in enumerate(state.shown_void) if v}  # type: ignore[attr-defined]
    misere = state.contract is not None and state.contract.is_misere  # type: ignore[attr-defined]
    left = Counter(game.new_pack())
    left.subtract(seen)
    known: dict[Hashable, list[Card]] = {s: [] for s in caps}
    # five players: where the unplayed called card may be, as far as this seat knows (§13)
    called = state.called if left[state.called] > 0 else None  # type: ignore[attr-defined, index]
    called_slots: list[Hashable] | None = None
    if called is not None:
        if state.partner_known(seat):  # type: ignore[attr-defined]
            if state.partners:  # type: ignore[attr-defined]
                partner = state.partners[0]  # type: ignore[attr-defined]
                known[partner].append(called)  # owned up: it is in the partner's hand
                caps[partner] -= 1
                left[called] -= 1
            else:  # no one owned up: the contractor called a card of their own, held or buried
                called_slots = [c, BURIED]
        elif state.rules.self_call == "off":  # type: ignore[attr-defined]
            called_slots = [s for s in others if s != c]  # not the contractor's, not buried
    unseen = [x for x, k in left.items() for _ in range(k)]
    by_allowed: dict[tuple[Hashable, ...], list[Card]] = {}
    for x in unseen:
        suit = state.suit_of(x)  # type: ignore[attr-defined]
        allowed: list[Hashable] = [s for s in others if suit is None or suit not in voids.get(s, set())]
        if x is JOKER and misere:
            allowed = [s for s in allowed if not voids.get(s)]
        if BURIED in caps:
            allowed.append(BURIED)
        if x == called and called_slots is not None:
            allowed = [s for s in allowed if s in called_slots]
        by_allowed.setdefault(tuple(allowed), []).append(x)
    return Knowledge(seat, caps, known, [(cs, list(a)) for a, cs in by_allowed.items()], voids)


def knowledge(state: State, seat: int) -> Knowledge:
    """What ``seat`` knows of the hidden cards (501♠ or Five Hundred, in the play phase)."""
    if state.game.name == "501":
        return knowledge_501(state, seat)
    return knowledge_500(state, seat)


def sample_state(state: State, seat: int, rng: random.Random, know: Knowledge | None = None,
                 tries: int = 100) -> State:
    """A copy of ``state`` with every card hidden from ``seat`` dealt again at random, consistently
    with what ``seat`` has seen (see :class:`Knowledge`); every consistent deal equally likely.

    Raises:
        DealError: what has been seen contradicts itself (no consistent deal).
    """
    from ..explore.deal import allocate

    know = know or knowledge(state, seat)
    alloc = allocate(know.groups, know.capacities, rng)
    for _ in range(tries):
        if know.accept is None or know.accept(alloc):
            break
        alloc = allocate(know.groups, know.capacities, rng)
    st = state.clone()
    for slot, cards in alloc.items():
        full = list(know.known.get(slot, [])) + list(cards)
        if slot == BURIED:
            st.buried = full  # type: ignore[attr-defined]
        else:
            st.hands[slot] = full  # type: ignore[attr-defined, index]
    if hasattr(st, "_legal_at"):
        st._legal_at = -1  # the engine's cached legal list belongs to the old cards
    settle = getattr(st, "settle_called_partner", None)
    if settle is not None:
        settle()  # a sampled hidden partner follows the sampled called card, never the real one
    return st


def base_player(game: Game, seed: int | None) -> Any:
    """The game's rule-based player: :class:`~cardkit.players.sensible501.Sensible501` for 501♠,
    :class:`~cardkit.players.sampler500.Rules500` for Five Hundred."""
    if game.name == "501":
        from .sensible501 import Sensible501

        return Sensible501(seed=seed)
    from .sampler500 import Rules500

    return Rules500(seed=seed)


def gain_sign(game: Game) -> int:
    """+1 when a higher score is better (Five Hundred), −1 when scores count down (501♠)."""
    return -1 if game.name == "501" else 1


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
    game: ClassVar[type[Game] | None] = None
    needs_game: ClassVar[bool] = True

    def __init__(self, game: Game, seed: int | None = None, samples: int = 16, use_solver: bool = True,
                 base: Any = None, solver_from_trick: int = 2) -> None:
        self.solver_from_trick = solver_from_trick
        self.game = game
        self.rng = random.Random(seed)
        self.samples = samples
        self.base = base or base_player(game, seed)
        self._solver = _find_solver(game) if use_solver else None
        self.last: dict[str, Any] = {}

    @property
    def uses_solver(self) -> bool:
        """True when cards are valued by the solver."""
        return self._solver is not None

    def choose(self, state: State) -> Action:
        """A legal action for the seat to act."""
        legal = state.legal_actions()
        if state.phase != "play":
            self.last = {"by": "rules"}
            return self.base.choose(state)
        if len(legal) == 1:
            self.last = {"by": "forced", "action": legal[0]}
            return legal[0]
        seat = state.current_player()
        assert seat is not None
        know = knowledge(state, seat)
        solve = self._solver is not None and len(state.tricks) + 1 >= self.solver_from_trick  # type: ignore
        totals = {a: 0.0 for a in legal}
        wins = {a: 0 for a in legal}
        for _ in range(self.samples):
            st = sample_state(state, seat, self.rng, know)
            vals = self._values(st, seat, legal, solve)
            best = max(vals.values())
            for a, v in vals.items():
                totals[a] += v
                if v == best:
                    wins[a] += 1
        prefer = self.base.choose(state.clone())
        top = max(totals.values())
        best_acts = [a for a in legal if totals[a] >= top - 1e-9]
        action = prefer if prefer in best_acts else best_acts[0]
        ranked = sorted(legal, key=lambda a: -totals[a])
        self.last = {"by": "samples", "action": action, "samples": self.samples, "wins": wins[action],
                     "mean": totals[action] / self.samples,
                     "runner_up": next((a for a in ranked if a != action), None),
                     "runner_mean": (totals[ranked[1]] if len(ranked) > 1 else totals[action]) / self.samples,
                     "voids": know.voids, "solver": solve}
        return action

    def _values(self, st: State, seat: int, legal: Sequence[Action], solve: bool) -> dict[Action, float]:
        if solve:
            sol = self._solver.solve(st)
            # the seat to act is ``seat``; it wants the value high iff it is maximising
            return {v.action: float(v.value if sol.maximising else -v.value) for v in sol.values}
        sign = gain_sign(self.game)
        out = {}
        for a in legal:
            s2 = st.clone()
            s2.apply_action(a)
            while not s2.is_terminal():
                s2.apply_action(self.base.choose(s2))
            out[a] = float(sign * s2.returns()[seat])
        return out

    def explain(self, state: State, action: Action) -> str:
        """Why ``action``: the rule of thumb it follows, and how it fared over the samples."""
        parts = []
        thumb = rule_of_thumb(state, action)
        if thumb:
            parts.append(thumb)
        last = self.last
        if last.get("by") == "samples" and last.get("action") == action:
            how = "solved" if last["solver"] else "played out"
            parts.append(f"best in {last['wins']} of {last['samples']} sampled deals of the unseen cards ({how})")
            voids = last.get("voids") or {}
            me = state.current_player()
            shown = [f"{state.game.names[s]} has shown a void in "
                     + " and ".join(str(x) for x in sorted(v, key=lambda x: x.value))
                     for s, v in sorted(voids.items()) if s != me and v]
            if shown:
                parts.append("; ".join(shown))
        elif last.get("by") == "forced" and last.get("action") == action:
            parts.append("its only legal card")
        elif hasattr(self.base, "explain"):
            parts.append(self.base.explain(state, action))
        text = f"{action}: " + "; ".join(p for p in parts if p)
        return text


def rule_of_thumb(state: State, action: Action) -> str:
    """The good player's rule of thumb an action follows, in words, or ``""``.

    Leading the joker naming a suit no one has led (rules.md 500 §8), declaring a marriage
    (rules.md 501 §9), drawing trumps as declarer, ducking under a misère, keeping the joker.
    """
    if not isinstance(action, Play):
        return ""
    seat = state.current_player()
    card = action.card
    trick = state.trick  # type: ignore[attr-defined]
    leading = trick is None or not trick.plays
    trump = getattr(state, "trump", None)
    if action.names is not None:
        led = getattr(state, "led_suits", set())
        if action.names not in led:
            return f"led the joker naming {action.names}: no one has led {action.names.name.lower()} yet"
        return f"led the joker naming {action.names}"
    if action.marriage:
        value = 40 if card.suit is trump else 20
        return f"declares the {card.suit} marriage ({value})"
    contract = getattr(state, "contract", None)
    misere = bool(getattr(contract, "is_misere", False))
    contractor = getattr(state, "contractor", getattr(state, "declarer", None))
    if misere and seat == contractor and not leading:
        return f"ducks under the {trick.led_suit or 'lead'}: taking a trick loses the misère"
    known_side = getattr(state, "known_contracting_seats", None)
    if known_side is not None:
        side: tuple[Any, ...] = tuple(known_side(seat))  # what this seat knows (rules.md 500 §13)
    else:
        side = (contractor, *getattr(state, "partners", ())) if contractor is not None else ()
    suit_of = getattr(state, "suit_of", lambda c: c.suit)
    if leading and trump is not None and seat in side and suit_of(card) is trump and card is not JOKER:
        return "draws trumps"
    if JOKER in state.hands[seat] and card is not JOKER and not leading:  # type: ignore[attr-defined]
        return "keeps the joker"
    return ""


def _find_solver(game: Game) -> Any:
    try:
        from ..explore.solve import new_solver

        return new_solver(game)
    except Exception:  # noqa: BLE001 - no solver for this game: play out instead
        return None


__all__ = ["BURIED", "Knowledge", "SamplingPlayer", "base_player", "knowledge", "knowledge_500", "knowledge_501",
           "played_cards", "rule_of_thumb", "sample_state", "voids_501"]
