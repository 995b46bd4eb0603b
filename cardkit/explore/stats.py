"""Deal statistics with numpy over whole arrays of deals, and the exact combinatorics beside them.

A :class:`DealArray` holds ``n`` random deals at once as one ``(n, cards)`` array: ``owner[d, i]``
is where card ``i`` of ``game.new_pack()`` lies in deal ``d`` — a seat number or
:data:`cardkit.game.TALON` (501's talon, Five Hundred's kitty). Cards fixed by a set-up (what one
player has seen) stay put; the rest are shuffled row by row (``Generator.permuted``, a
Fisher–Yates shuffle per deal), so every deal consistent with the set-up is equally likely.

Every statistic has an exact counterpart computed with :func:`math.comb` over the unseen cards,
so the simulation can be checked against it.

>>> from cardkit import find_game
>>> game = find_game("501", players=3)
>>> deals = random_deals(game, 200_000, dealer=0, hands={1: "AS 10S KS QS JS 9S AH"}, seed=1)
>>> round(deals.probability(deals.holds(TALON, "10H")), 3), round(exact_holds(deals, TALON, "10H"), 4)
(0.176, 0.1765)
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from ..cards import SUITS, Card, Suit
from ..game import TALON, Game
from .deal import CardsLike, Predeal, SeatKey, as_cards, as_suit, seat_index


class DealArray:
    """``n`` deals of one set-up as a numpy array (see the module doc).

    Attributes:
        game: the table's rules.
        dealer: the dealer of every deal.
        cards: the pack, ``game.new_pack()`` order; column ``i`` of ``owner`` is ``cards[i]``.
        owner: ``(n, len(cards))`` int8 array of places (seat or ``TALON``).
        setup: the :class:`cardkit.explore.Predeal` with the fixed cards.
    """

    def __init__(self, game: Game, dealer: int, owner: np.ndarray, setup: Predeal) -> None:
        self.game = game
        self.dealer = dealer
        self.cards = list(game.new_pack())
        self.owner = owner
        self.setup = setup
        self._cols: dict[Card, list[int]] = {}
        for i, c in enumerate(self.cards):
            self._cols.setdefault(c, []).append(i)

    def __len__(self) -> int:
        return int(self.owner.shape[0])

    def __repr__(self) -> str:
        return f"<DealArray {len(self)} deals of {self.game.title}, dealer {self.game.names[self.dealer]}>"

    def place(self, key: SeatKey) -> int:
        """A seat number, seat name or ``"talon"``/``"kitty"`` as a place number."""
        return seat_index(self.game, key)

    def column(self, card: Card | str) -> int:
        """The column of ``card`` (the first, for a card the pack holds twice)."""
        c = Card.parse(card) if isinstance(card, str) else card
        cols = self._cols.get(c)
        if not cols:
            raise ValueError(f"{c} is not in the {self.game.title} pack")
        return cols[0]

    def holds(self, place: SeatKey, *cards: Card | str) -> np.ndarray:
        """Bool ``(n,)``: ``place`` holds every one of ``cards`` in each deal."""
        p = self.place(place)
        out = np.ones(len(self), dtype=bool)
        for t in cards:
            for c in as_cards(t):
                out &= self.owner[:, self.column(c)] == p
        return out

    def suit_lengths(self, place: SeatKey) -> np.ndarray:
        """Int ``(n, 4)``: the number of cards of each printed suit (♠ ♣ ♦ ♥) at ``place``."""
        p = self.place(place)
        at = self.owner == p
        out = np.empty((len(self), 4), dtype=np.int8)
        for s in SUITS:
            cols = [i for i, c in enumerate(self.cards) if c.suit is s]
            if cols and cols == list(range(cols[0], cols[-1] + 1)):  # a pack in suit order: a slice
                out[:, s.value] = np.count_nonzero(at[:, cols[0]:cols[-1] + 1], axis=1)
            else:
                out[:, s.value] = at[:, cols].sum(axis=1)
        return out

    def suit_length(self, place: SeatKey, suit: Suit | str) -> np.ndarray:
        """Int ``(n,)``: the number of cards of ``suit`` at ``place``."""
        return self.suit_lengths(place)[:, as_suit(suit).value]

    def marriage(self, place: SeatKey, suit: Suit | str | None = None) -> np.ndarray:
        """Bool ``(n,)``: ``place`` holds K and Q of ``suit`` (any suit when ``None``; rules.md 501 §9)."""
        suits = SUITS if suit is None else (as_suit(suit),)
        out = np.zeros(len(self), dtype=bool)
        for s in suits:
            out |= self.holds(place, f"K{s.letter}", f"Q{s.letter}")
        return out

    def both_bowers(self, place: SeatKey, trump: Suit | str) -> np.ndarray:
        """Bool ``(n,)``: ``place`` holds the jacks of ``trump`` and of its partner suit (rules.md 500 §6)."""
        t = as_suit(trump)
        return self.holds(place, f"J{t.letter}", f"J{t.partner.letter}")

    def where(self, mask: np.ndarray) -> DealArray:
        """Only the deals where ``mask`` is true (conditioning by rejection, as accept functions do)."""
        return DealArray(self.game, self.dealer, self.owner[mask], self.setup)

    @staticmethod
    def probability(mask: np.ndarray) -> float:
        """The share of deals where ``mask`` holds."""
        return float(np.mean(mask))

    @staticmethod
    def standard_error(mask: np.ndarray) -> float:
        """The standard error of :meth:`probability` (binomial)."""
        p = float(np.mean(mask))
        return math.sqrt(p * (1 - p) / max(1, len(mask)))

    def hands(self, d: int) -> dict[int, list[Card]]:
        """Deal ``d`` as place → cards (for a look at one deal)."""
        out: dict[int, list[Card]] = {}
        for i, p in enumerate(self.owner[d]):
            out.setdefault(int(p), []).append(self.cards[i])
        return out


def random_deals(game: Game, n: int, dealer: int = 0, hands: Mapping[SeatKey, CardsLike] | None = None,
                 talon: CardsLike | None = None, seed: int | None = None, chunk: int = 262_144) -> DealArray:
    """``n`` uniformly random deals with the given cards fixed, as one :class:`DealArray`.

    Args:
        game, dealer: the table and the dealer (who is dealt in and how many cards each place gets).
        hands, talon: cards fixed to seats and to the talon/kitty, as in :class:`cardkit.explore.Predeal`.
        seed: seeds numpy's ``default_rng``.
        chunk: deals shuffled per numpy call (memory: about ``chunk × cards`` bytes).

    Raises:
        DealError: an impossible set-up (see :class:`cardkit.explore.Predeal`).
    """
    setup = Predeal(game, dealer=dealer, hands=hands, talon=talon)
    cards = list(game.new_pack())
    owner_row = np.full(len(cards), -2, dtype=np.int8)
    used = [False] * len(cards)
    for place, fixed in setup.fixed.items():
        for c in fixed:
            i = next(k for k, x in enumerate(cards) if x == c and not used[k])
            used[i] = True
            owner_row[i] = place
    free_cols = np.array([i for i in range(len(cards)) if not used[i]], dtype=np.intp)
    free_targets: list[int] = []
    for place, size in setup.sizes.items():
        free_targets += [place] * (size - len(setup.fixed.get(place, [])))
    targets = np.array(free_targets, dtype=np.int8)
    rng = np.random.default_rng(seed)
    owner = np.empty((n, len(cards)), dtype=np.int8)
    if len(free_cols) < len(cards):
        owner[:] = owner_row
    everything = len(free_cols) == len(cards)
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        if everything:  # nothing fixed: shuffle the places straight into the array
            block = owner[start:stop]
            block[:] = targets
        else:
            block = np.broadcast_to(targets, (stop - start, len(targets))).copy()
        rng.permuted(block, axis=1, out=block)
        if not everything:
            owner[start:stop][:, free_cols] = block
    return DealArray(game, dealer, owner, setup)


# ---------------------------------------------------------------- exact combinatorics


def _unseen(deals: DealArray, place: int) -> tuple[int, int]:
    """(cards unseen by the set-up, free slots of ``place``)."""
    setup = deals.setup
    unseen = len(setup.free)
    slots = setup.sizes.get(place, 0) - len(setup.fixed.get(place, []))
    return unseen, slots


def exact_holds(deals: DealArray, place: SeatKey, *cards: Card | str) -> float:
    """The exact chance that ``place`` holds all of ``cards`` given the set-up's fixed cards:
    ``C(U−j, m−j) / C(U, m)`` for ``j`` of them unseen, ``U`` unseen cards, ``m`` free slots.

    >>> from cardkit import find_game
    >>> d = random_deals(find_game("501"), 1, hands={0: "AS 10S KS QS JS 9S AH"})
    >>> exact_holds(d, "talon", "10H") == 3 / 17
    True
    """
    p = deals.place(place)
    want = [c for t in cards for c in as_cards(t)]
    fixed = deals.setup.fixed
    j = 0
    for c in want:
        if c in fixed.get(p, []):
            continue
        if any(c in cs for t, cs in fixed.items() if t != p) and c not in deals.setup.free:
            return 0.0
        j += 1
    u, m = _unseen(deals, p)
    return math.comb(u - j, m - j) / math.comb(u, m) if j <= m else 0.0


def exact_suit_length(deals: DealArray, place: SeatKey, suit: Suit | str, k: int) -> float:
    """The exact chance that ``place`` holds exactly ``k`` cards of ``suit`` (hypergeometric over
    the unseen cards, the fixed ones counted as they are)."""
    p, s = deals.place(place), as_suit(suit)
    have = sum(1 for c in deals.setup.fixed.get(p, []) if c.suit is s)
    u, m = _unseen(deals, p)
    us = sum(1 for c in deals.setup.free if c.suit is s)
    need = k - have
    if need < 0 or need > m or need > us:
        return 0.0
    return math.comb(us, need) * math.comb(u - us, m - need) / math.comb(u, m)


def exact_marriage(deals: DealArray, place: SeatKey, suit: Suit | str | None = None) -> float:
    """The exact chance that ``place`` holds a marriage in ``suit`` (any suit when ``None``, by
    inclusion–exclusion over the suits)."""
    suits = list(SUITS) if suit is None else [as_suit(suit)]
    total = 0.0
    for r in range(1, len(suits) + 1):
        for combo in _subsets(suits, r):
            cards = [f"{x}{s.letter}" for s in combo for x in "KQ"]
            total += (-1) ** (r + 1) * exact_holds(deals, place, *cards)
    return total


def _subsets(items: Sequence[Any], r: int) -> Iterable[tuple[Any, ...]]:
    import itertools

    return itertools.combinations(items, r)


def exact_both_bowers(deals: DealArray, place: SeatKey, trump: Suit | str) -> float:
    """The exact chance that ``place`` holds both bowers of ``trump`` (rules.md 500 §6)."""
    t = as_suit(trump)
    return exact_holds(deals, place, f"J{t.letter}", f"J{t.partner.letter}")


def summary_table(deals: DealArray, rows: Sequence[tuple[str, np.ndarray, float]]) -> Any:
    """A pandas table of named statistics: simulated share, its standard error, the exact value and
    the gap in standard errors. ``rows`` are ``(name, mask, exact)``."""
    import pandas as pd

    from ..frames import frame

    out = []
    for name, mask, exact in rows:
        p, se = DealArray.probability(mask), DealArray.standard_error(mask)
        out.append({"statistic": name, "simulated": round(p, 4), "exact": round(exact, 4),
                    "std. error": round(se, 4), "gap (σ)": round((p - exact) / se, 2) if se else 0.0})
    return frame(pd.DataFrame(out).set_index("statistic"))


def suit_length_table(deals: DealArray, place: SeatKey, suit: Suit | str) -> Any:
    """A pandas table: for each length ``k`` of ``suit`` at ``place``, the simulated and exact share."""
    import pandas as pd

    from ..frames import frame

    lengths = deals.suit_length(place, suit)
    top = deals.setup.sizes.get(deals.place(place), 0)
    rows = []
    for k in range(top + 1):
        exact = exact_suit_length(deals, place, suit, k)
        sim = float(np.mean(lengths == k))
        if exact or sim:
            rows.append({"length": k, "simulated": round(sim, 4), "exact": round(exact, 4)})
    return frame(pd.DataFrame(rows).set_index("length"))


__all__ = ["DealArray", "exact_both_bowers", "exact_holds", "exact_marriage", "exact_suit_length", "random_deals",
           "summary_table", "suit_length_table"]
