"""Five Hundred's contracts and the bid ladder: what a bid undertakes, what it is worth, whether
it is made and what it scores (rules.md 500 §4, §9–§11)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from ..cards import SUITS, Suit
from ..errors import InvalidActionError, UnknownOptionError
from .options import OPTION_CHOICES

TRUMPS = "trumps"
NO_TRUMP = "no-trump"
MISERE = "misere"
OPEN_MISERE = "open-misere"
#: Points that win the game, and the score at which a side has lost outright (rules.md 500 §11).
TARGET = 500
LOSS = -500
#: What a sweep of all ten tricks pays on a contract worth less (rules.md 500 §10).
SWEEP = 250
#: Points a defending unit scores per trick it takes (rules.md 500 §10).
PER_TRICK = 10
TRICKS = 10

_STRAINS: tuple[Suit | None, ...] = (*SUITS, None)


@dataclass(frozen=True)
class Contract:
    """A bid's undertaking: ``kind`` (``"trumps"``, ``"no-trump"``, ``"misere"``,
    ``"open-misere"``), ``tricks`` (6–10; 10 for the misères, which lose all ten) and ``trump``.

    ``str`` is ``"8♥"``, ``"10NT"``, ``"misère"`` or ``"open misère"``; :meth:`parse` reads those and
    ``8H``, ``10nt``, ``misere``, ``open-misere``.
    """

    kind: str
    tricks: int = 10
    trump: Suit | None = None

    def __post_init__(self) -> None:
        if self.kind not in (TRUMPS, NO_TRUMP, MISERE, OPEN_MISERE):
            raise InvalidActionError(f"contract kind {self.kind!r}: use one of {TRUMPS}, {NO_TRUMP}, {MISERE}, {OPEN_MISERE}")
        if not isinstance(self.tricks, int) or isinstance(self.tricks, bool) or not 6 <= self.tricks <= 10:
            raise InvalidActionError(f"contract of {self.tricks!r} tricks: bids run from 6 to 10 (rules.md 500 §4)")
        if (self.trump is None) != (self.kind != TRUMPS) or (self.trump is not None and not isinstance(self.trump, Suit)):
            raise InvalidActionError(f"a {self.kind} contract with trump {self.trump!r}: only a suit contract has a trump suit")

    @property
    def is_misere(self) -> bool:
        """True for misère and open misère."""
        return self.kind in (MISERE, OPEN_MISERE)

    @property
    def step(self) -> int:
        """The strain's step on the ladder: ♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4 (misères: -1)."""
        if self.kind == TRUMPS:
            assert self.trump is not None
            return int(self.trump.value)
        return 4 if self.kind == NO_TRUMP else -1

    @property
    def value(self) -> int:
        """40 + 100×(tricks−6) + 20×step; misère 250, open misère 500 (rules.md 500 §4)."""
        if self.kind == MISERE:
            return 250
        if self.kind == OPEN_MISERE:
            return 500
        return 40 + 100 * (self.tricks - 6) + 20 * self.step

    @property
    def code(self) -> str:
        """Plain text: ``8H``, ``10NT``, ``misere``, ``open-misere``."""
        if self.is_misere:
            return self.kind
        return f"{self.tricks}{self.trump.letter if self.trump else 'NT'}"

    def __str__(self) -> str:
        if self.kind == MISERE:
            return "misère"
        if self.kind == OPEN_MISERE:
            return "open misère"
        return f"{self.tricks}{self.trump.symbol if self.trump else 'NT'}"

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract; raises :class:`InvalidActionError`."""
        t = text.strip().lower().replace("è", "e").replace(" ", "-")
        if t == MISERE:
            return MISERE_CONTRACT
        if t in (OPEN_MISERE, "openmisere"):
            return OPEN_MISERE_CONTRACT
        try:
            if t.endswith("nt"):
                tricks, trump = int(t[:-2]), None
            else:
                tricks, trump = int(t[:-1]), Suit.parse(t[-1])
        except ValueError:
            raise InvalidActionError(f"cannot read contract {text!r}: write e.g. 8H, 8♥, 10NT, misere, "
                                     "open-misere") from None
        if not 6 <= tricks <= 10:
            raise InvalidActionError(f"cannot read contract {text!r}: a bid is for 6 to 10 tricks")
        return CONTRACTS[(tricks, trump)]


#: Every suit and no-trump contract by ``(tricks, trump)`` (``trump`` ``None`` for no-trump); one
#: object each, so contracts compare by identity too (rules.md 500 §4).
CONTRACTS = {(t, s): Contract(TRUMPS if s else NO_TRUMP, t, s) for t in range(6, 11) for s in _STRAINS}
#: The misère (250) and open misère (500) contracts (rules.md 500 §4, §9).
MISERE_CONTRACT = Contract(MISERE)
OPEN_MISERE_CONTRACT = Contract(OPEN_MISERE)


def contract_made(contract: Contract, tricks: int) -> bool:
    """Whether ``contract`` is made when the contracting side takes ``tricks`` tricks (for a
    misère, the contractor's own tricks): at least the bid's tricks, or none under misère
    (rules.md 500 §9, §10)."""
    return tricks == 0 if contract.is_misere else tricks >= contract.tricks


def contract_score(contract: Contract, tricks: int, made: bool) -> int:
    """What ``contract`` scores (won if ``made``, else lost) when the contracting side took
    ``tricks``: its value, or :data:`SWEEP` (250) for all ten tricks on a contract worth less
    (rules.md 500 §10).

    >>> contract_score(Contract.parse("7S"), 10, True), contract_score(Contract.parse("7S"), 6, False)
    (250, 140)
    """
    value = contract.value
    if made and not contract.is_misere and tricks == TRICKS and value < SWEEP:
        value = SWEEP
    return value


def ladder(misere: str = "after-seven") -> tuple[Contract, ...]:
    """Every contract from lowest to highest (rules.md 500 §4): 6♠ … 10NT by tricks then strain,
    misère after 7NT (``after-seven``) or after 8♠ (``after-eight-spades``), open misère between
    10♦ and 10♥.

    >>> [str(c) for c in ladder()[9:12]]
    ['7NT', 'misère', '8♠']
    >>> [str(c) for c in ladder("after-eight-spades")[9:12]]
    ['7NT', '8♠', 'misère']
    """
    if misere not in OPTION_CHOICES["misere"]:
        raise UnknownOptionError(f"rule option misere={misere!r} is not known: use one of "
                                 + ", ".join(OPTION_CHOICES["misere"]))
    out: list[Contract] = []
    for t in range(6, 11):
        for s in _STRAINS:
            if t == 10 and s is Suit.HEARTS:
                out.append(OPEN_MISERE_CONTRACT)
            if misere == "after-seven" and t == 8 and s is Suit.SPADES:
                out.append(MISERE_CONTRACT)
            out.append(CONTRACTS[(t, s)])
            if misere == "after-eight-spades" and t == 8 and s is Suit.SPADES:
                out.append(MISERE_CONTRACT)
    return tuple(out)


def bid_ladder_rows() -> list[dict[str, Any]]:
    """The rows of ``data/bid_ladder_500.csv``: every bid with its value and its rank (1 = lowest)
    under both misère placements (rules.md 500 §4, §15)."""
    a, b = ladder("after-seven"), ladder("after-eight-spades")
    rows = []
    for c in a:
        rows.append({"bid": str(c), "code": c.code, "kind": c.kind,
                     "tricks": "" if c.is_misere else c.tricks,
                     "strain": "" if c.is_misere else (c.trump.letter if c.trump else "NT"),
                     "value": c.value, "rank_after_seven": a.index(c) + 1,
                     "rank_after_eight_spades": b.index(c) + 1})
    return rows


def bid_ladder_csv() -> str:
    """The text of ``data/bid_ladder_500.csv`` (see :func:`bid_ladder_rows`)."""
    rows = bid_ladder_rows()
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()
