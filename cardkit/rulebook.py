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

from abc import abstractmethod
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, Callable, Generic, Hashable, Iterable, Mapping, Protocol, TypeVar, overload

from .errors import IllegalActionError, refused
from .game import Action, State
from .i18n import N_, _

__all__ = ["HAND_OVER", "Phase", "Rule", "RuledState", "Situation", "held_reason", "rule_title", "turn_fact"]

#: The name and the plain words of the refusal of any action once the hand is over (:attr:`RuledState.over_item`).
HAND_OVER = ("hand-over", N_("no action once the hand is over"))

#: What a phase's rules read: a game's own snapshot of the position for the seat to act.
S = TypeVar("S")
#: A turn's class and one of its facts' values (:class:`turn_fact`).
O = TypeVar("O")
V = TypeVar("V")


class turn_fact(Generic[O, V]):
    """A fact of a turn (the cards of the suit led, say) worked out when a rule first reads it, then
    kept for the rest of the turn, which several rules and every refusal of the step read.

    As :func:`functools.cached_property`, without its lock (Python 3.11 takes one on every first
    read, a tenth of a rule's time); a turn belongs to one thread.

    >>> class T:
    ...     @turn_fact
    ...     def twice(self) -> int:
    ...         return 2 * 21
    >>> T().twice
    42
    """

    def __init__(self, compute: Callable[[O], V]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    @overload
    def __get__(self, turn: None, owner: type[O]) -> turn_fact[O, V]: ...

    @overload
    def __get__(self, turn: O, owner: type[O]) -> V: ...

    def __get__(self, turn: O | None, owner: type[O]) -> Any:
        if turn is None:
            return self
        value = turn.__dict__[self.name] = self.compute(turn)  # read from the instance from now on
        return value


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
        select: when given, ``select(situation, actions)`` is the actions that keep the rule, in
            their order, found at once (the cards of the suit led, say, rather than a test per card):
            the legal list uses it, a refusal asks ``keeps``. It reads the same facts as ``keeps``
            and ``tests/test_one_source.py`` checks that both agree on every candidate.
        title: the rule in a few plain words for a teacher's list of the rules a class broke, e.g.
            ``"follow suit"`` (English, marked with ``N_()``; :func:`rule_title` translates it).
        clause: when given, ``clause(situation, action)`` is the rule's own clause, without the
            cards that keep it (``"must follow ♠"``), which an exercise quotes when it must not name
            them; the :attr:`reason` then says the clause and those cards (:func:`held_reason`).
            Without it the whole reason is the clause.
    """

    name: str
    item: int
    keeps: Callable[[S, Action], bool]
    reason: Callable[[S, Action], str]
    applies: Callable[[S], bool] | None = None
    form: bool = False
    select: Callable[[S, list[Action]], list[Action]] | None = None
    title: str = ""
    clause: Callable[[S, Action], str] | None = None

    def selected(self, situation: S, actions: list[Action]) -> list[Action]:
        """The ``actions`` that keep this rule in ``situation``, in order (:attr:`select` when
        given; else each tested with :attr:`keeps`). Ignores :attr:`applies`."""
        if self.select is not None:
            return self.select(situation, actions)
        keeps = self.keeps
        return [a for a in actions if keeps(situation, a)]


@dataclass(frozen=True)
class Phase(Generic[S]):
    """The rules of one phase and the actions worth trying in it.

    Attributes:
        rules: the rules in the order they are checked; the first one broken refuses.
        candidates: ``candidates(situation)``: every action that could be legal, in the order the
            legal list keeps (a superset: the rules decide); a list is a new one each call.
        key: when given, ``key(situation)`` is everything the legal list depends on, and the legal
            list is kept per key (an auction's legal bids depend only on the standing bid); a key
            takes few values (the lists are kept for the life of the process).
    """

    rules: tuple[Rule[S], ...]
    candidates: Callable[[S], Iterable[Action]]
    key: Callable[[S], Hashable] | None = None
    _kept: dict[Hashable, tuple[Action, ...]] = field(default_factory=dict, compare=False, repr=False)
    #: The rules the legal list tests (not of an action's form), each as (applies, select, keeps).
    _tests: tuple[tuple[Callable[[S], bool] | None, Callable[[S, list[Action]], list[Action]] | None,
                        Callable[[S, Action], bool]], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tests", tuple((r.applies, r.select, r.keeps) for r in self.rules if not r.form))

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
        # rule by rule, each keeping what passed the ones before: the same list as testing each
        # candidate against every rule, with one call per rule where the rule selects at once
        made = self.candidates(situation)
        out = made if isinstance(made, list) else list(made)  # a list made for this call
        for applies, select, keeps in self._tests:
            if applies is None or applies(situation):
                out = [a for a in out if keeps(situation, a)] if select is None else select(situation, out)
        return out


class Situation(Protocol):
    """What every game's snapshot of a turn gives a refusal: the seat to act and its name."""

    seat: int

    @property
    def name(self) -> str:
        """The seat's name, as the refusal says it."""
        ...


#: A game's snapshot of a turn (``Turn501``, ``Turn500``).
T = TypeVar("T", bound=Situation)


class RuledState(State, Generic[T]):
    """A hand whose legality is its rule tables: the legal list, kept once per step, and the
    refusal of any action both come from :meth:`rules_of` the phase, read on :meth:`turn`.

    A subclass calls :meth:`_begin_steps` when it is built and bumps ``_steps`` with each action,
    calls :meth:`forget_step` when it changes cards outside an action (and on a copy it makes),
    and declares :attr:`over_item`, the rules.md item of the hand's end.
    """

    #: The rules.md item that says the hand is over (a refusal of any action once it is).
    over_item: int
    _steps: int
    _legal_at: int
    _legal: list[Action]
    _turn_at: int
    _turn: T | None

    @abstractmethod
    def turn(self) -> T | None:
        """What the rules of the phase read for the seat to act, or ``None`` when the hand is over."""

    @abstractmethod
    def rules_of(self, phase: str) -> Phase[T]:
        """The rule table of ``phase`` (one the hand is in while a seat is to act)."""

    def _begin_steps(self) -> None:
        """Start counting steps, with nothing kept yet."""
        self._steps = 0
        self._legal = []
        self._turn = None
        self._legal_at = self._turn_at = -1

    def forget_step(self, *, legal: bool = True) -> None:
        """Drop what is kept for this step: the turn (it reads this state, so a copy drops it), and
        with ``legal`` the legal list too (the cards changed outside an action)."""
        self._turn_at = -1
        self._turn = None
        if legal:
            self._legal_at = -1

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, in a fixed order: the candidates of the phase that
        keep every rule of its table (empty when the hand is over)."""
        return list(self._legal_list())

    def apply_action(self, action: Action | str) -> Action:
        """Apply ``action`` (an action or its text) for the player to act and return it (see
        :meth:`State.apply_action`). One of the legal actions listed this step (the usual case: a
        player's pick) is applied without reading or checking it again."""
        if self._legal_at == self._steps and any(map(is_, self._legal, repeat(action))):
            assert isinstance(action, Action)
            self._do(action)
            self._history.append(action)
            return action
        return super().apply_action(action)

    def _turn_now(self) -> T | None:
        """:meth:`turn`, built once per step (the legal list and every refusal of the step read it)."""
        if self._turn_at != self._steps:
            self._turn = self.turn()
            self._turn_at = self._steps
        return self._turn

    def _legal_list(self) -> list[Action]:
        """The legal actions, computed once per step; the list is kept: do not change it."""
        steps = self._steps
        if self._legal_at != steps:
            turn = self._turn if self._turn_at == steps else self._turn_now()
            self._legal = [] if turn is None else self.rules_of(self._phase).legal(turn)
            self._legal_at = steps
        return self._legal

    def _check(self, action: Action) -> IllegalActionError | None:
        if self._legal_at == self._steps and any(map(is_, self._legal, repeat(action))):
            return None  # one of the legal actions listed this step (the usual case: a player's pick)
        turn = self._turn_now()
        if turn is None:
            return IllegalActionError(_("the hand is over: no action is possible"), rule=self._cite(self.over_item),
                                      action=str(action), rule_name=HAND_OVER[0])
        broken = self.rules_of(self._phase).broken(turn, action)  # the rules are complete: test_one_source.py
        if broken is None:
            return None
        clause = None if broken.clause is None else broken.clause(turn, action)
        return refused(turn.name, action, broken.reason(turn, action), rule=self._cite(broken.item), seat=turn.seat,
                       rule_name=broken.name, clause=clause)

    def _cite(self, item: int) -> str:
        return f"rules.md {self.game.name} §{item}"


def held_reason(clause: str, name: str, cards: str) -> str:
    """A refusal's reason as its rule's ``clause`` and the cards of the seat ``name`` that keep it,
    in the language in use: ``"must follow ♠: C holds A♠ 10♠"``.

    >>> held_reason("must follow ♠", "C", "A♠ 10♠")
    'must follow ♠: C holds A♠ 10♠'
    """
    return _("{clause}: {name} holds {cards}").format(clause=clause, name=name, cards=cards)


def rule_title(phases: Mapping[str, Phase[Any]], name: str) -> str | None:
    """The plain words of the rule ``name`` in the rule tables ``phases`` (a game's
    :attr:`~cardkit.game.Game.phase_rules`), or of :data:`HAND_OVER`, in the language in use;
    ``None`` for a name no table holds.

    >>> from cardkit.game500.rules import PHASE_RULES
    >>> rule_title(PHASE_RULES, "follow-suit"), rule_title(PHASE_RULES, "dance")
    ('follow suit', None)
    """
    if name == HAND_OVER[0]:
        return _(HAND_OVER[1])
    for phase in phases.values():
        for r in phase.rules:
            if r.name == name and r.title:
                return _(r.title)
    return None
