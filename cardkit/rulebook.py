"""A phase's rules as one table: each rule's item, the test an action must pass, its refusal's words.

A game declares, per phase, the actions worth trying (its candidates) and its rules in the order
a player would hear them. The legal actions are the candidates that keep every rule; an action's
refusal is the first rule it breaks, cited by its item. Legality, refusal and the words of the
refusal come from the same :class:`Rule`, so they cannot disagree.

>>> from cardkit.actions import PASS
>>> only_pass = Rule("only-pass", 5, lambda s, a: a is PASS, lambda s, a: "only pass")
>>> phase = Phase((only_pass,), lambda s: [PASS])
>>> phase.legal(None), phase.broken(None, PASS)
([Pass.parse('pass')], None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Generic, Hashable, Iterable, TypeVar

if TYPE_CHECKING:
    from .game import Action

__all__ = ["Phase", "Rule"]

#: What a phase's rules read: a game's own snapshot of the position for the seat to act.
S = TypeVar("S")


@dataclass(frozen=True)
class Rule(Generic[S]):
    """One rule of a phase.

    Attributes:
        name: the rule's short name in the game's table, e.g. ``"follow-suit"`` (stable: tests and
            exercises may key on it).
        item: the rules.md item that states it (``8`` for rules.md 501 §8).
        keeps: ``keeps(situation, action)`` is True when ``action`` keeps the rule.
        reason: ``reason(situation, action)``: why an action that breaks it is refused, one clause in
            the language in use (called only when ``keeps`` is False).
        applies: when given, the rule concerns only the situations where ``applies(situation)`` is
            True (a rule of the free joker when it is in hand); in others every action keeps it.
        form: True for a rule about what an action is (a card, from the hand), which every candidate
            keeps by how the candidates are made: the legal list does not test it again, a refusal
            does (``tests/test_one_source.py`` checks that every candidate keeps it).
    """

    name: str
    item: int
    keeps: Callable[[S, Action], bool]
    reason: Callable[[S, Action], str]
    applies: Callable[[S], bool] | None = None
    form: bool = False


@dataclass(frozen=True)
class Phase(Generic[S]):
    """The rules of one phase and the actions worth trying in it.

    Attributes:
        rules: the rules in the order they are checked; the first one broken refuses.
        candidates: ``candidates(situation)``: every action that could be legal, in the order the
            legal list keeps (a superset: the rules decide).
        key: when given, ``key(situation)`` is everything the legal list depends on, and the legal
            list is kept per key (an auction's legal bids depend only on the standing bid); a key
            takes few values (the lists are kept for the life of the process).
    """

    rules: tuple[Rule[S], ...]
    candidates: Callable[[S], Iterable[Action]]
    key: Callable[[S], Hashable] | None = None
    _kept: dict[Hashable, tuple[Action, ...]] = field(default_factory=dict, compare=False, repr=False)

    def applying(self, situation: S) -> list[Rule[S]]:
        """The rules that concern ``situation``, in order."""
        return [r for r in self.rules if r.applies is None or r.applies(situation)]

    def broken(self, situation: S, action: Action) -> Rule[S] | None:
        """The first rule ``action`` breaks, or ``None`` when it keeps them all (it is legal)."""
        for r in self.rules:
            if not r.keeps(situation, action) and (r.applies is None or r.applies(situation)):
                return r
        return None

    def legal(self, situation: S) -> list[Action]:
        """The candidates that keep every rule, in the candidates' order."""
        if self.key is None:
            return self._passing(situation)
        k = self.key(situation)
        kept = self._kept.get(k)
        if kept is None:
            kept = self._kept[k] = tuple(self._passing(situation))
        return list(kept)

    def _passing(self, situation: S) -> list[Action]:
        tests = [r.keeps for r in self.rules if not r.form and (r.applies is None or r.applies(situation))]
        out: list[Action] = []
        for a in self.candidates(situation):
            for keeps in tests:
                if not keeps(situation, a):
                    break
            else:
                out.append(a)
        return out
