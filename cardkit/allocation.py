"""Sharing out unseen cards: the allocation under both the explorers and the computer players.

:func:`allocate` deals cards to *slots* (seats, the talon, Five Hundred's buried cards) uniformly
among every allocation that respects where each card may go; :class:`Knowledge` is what one seat
knows of the hidden cards during play (each game's :meth:`State.knowledge` builds it, rules.md
501 §8, 500 §6–§8); :func:`resample` deals a state's hidden cards again consistently with it.
:mod:`cardkit.explore.deal` (hypothetical deals) and :mod:`cardkit.players` (sampling players)
both build on this module; neither imports the other.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Hashable, Iterator, Mapping, Sequence

from .cards import Card, Cards, Suit
from .errors import CardkitError

#: Slot name for Five Hundred's buried cards (out of play, unseen by all but the contractor).
BURIED = "buried"


class DealError(CardkitError):
    """An impossible deal set-up: a card not in the pack or given twice, too many cards for a seat
    or the talon, a seat that is dealt no cards, or constraints no deal met within the bound of tries."""


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

    def sample(self, rng: random.Random, tries: int = 100) -> dict[Hashable, list[Card]]:
        """One allocation of the hidden cards, every consistent one equally likely: slot → its
        cards (the known ones first). Up to ``tries`` draws are made until :attr:`accept` holds.

        Raises:
            DealError: what has been seen contradicts itself (no consistent deal).
        """
        alloc = allocate(self.groups, self.capacities, rng)
        for _ in range(tries):
            if self.accept is None or self.accept(alloc):
                break
            alloc = allocate(self.groups, self.capacities, rng)
        return {slot: list(self.known.get(slot, [])) + list(cards) for slot, cards in alloc.items()}


# ---------------------------------------------------------------- uniform allocation with exclusions


def allocate(groups: Sequence[tuple[Sequence[Card], Sequence[Hashable]]], capacities: Mapping[Hashable, int],
             rng: random.Random) -> dict[Hashable, list[Card]]:
    """Share out unseen cards uniformly among every allocation that respects where each may go.

    Used to sample hidden hands consistently with what has been seen: a void shown (no card of
    that suit may go to that seat), an exposed card known to be in one of a few places.

    Args:
        groups: ``(cards, allowed)`` pairs: every card of ``cards`` may go only to a slot in
            ``allowed``.
        capacities: slot → the number of cards it must receive; they add up to the number of cards.
        rng: the random source.

    Returns:
        slot → its cards. Every allocation that meets the exclusions is equally likely (exact
        counting over the groups, no rejection).

    Raises:
        DealError: no allocation exists.

    >>> out = allocate([(Cards.parse("AS KS"), ["W"]), (Cards.parse("AH KH"), ["W", "E"])],
    ...                {"W": 3, "E": 1}, random.Random(0))
    >>> {"AS", "KS"} <= {c.code for c in out["W"]}, [c.suit.letter for c in out["E"]]
    (True, ['H'])
    """
    slots = list(capacities)
    index = {s: i for i, s in enumerate(slots)}
    total = sum(capacities.values())
    ncards = sum(len(c) for c, _ in groups)
    if total != ncards:
        raise DealError(f"{ncards} unseen cards for {total} places")
    gs = [(list(cards), tuple(sorted(index[a] for a in set(allowed) if a in index))) for cards, allowed in groups]
    gs = [g for g in gs if g[0]]
    caps0 = tuple(capacities[s] for s in slots)

    def splits(n: int, allowed: tuple[int, ...], caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if not allowed:
            if n == 0:
                yield ()
            return
        first, rest = allowed[0], allowed[1:]
        room = sum(caps[a] for a in rest)
        for k in range(max(0, n - room), min(n, caps[first]) + 1):
            for tail in splits(n - k, rest, caps):
                yield (k, *tail)

    @lru_cache(maxsize=None)
    def count(g: int, caps: tuple[int, ...]) -> int:
        if g == len(gs):
            return 1 if not any(caps) else 0
        n, allowed = len(gs[g][0]), gs[g][1]
        total_ways = 0
        for ks in splits(n, allowed, caps):
            nxt = list(caps)
            for a, k in zip(allowed, ks):
                nxt[a] -= k
            ways = count(g + 1, tuple(nxt))
            if ways:
                total_ways += _multinomial(n, ks) * ways
        return total_ways

    if count(0, caps0) == 0:
        raise DealError("no way to place the unseen cards: what has been seen contradicts itself")
    out: dict[Hashable, list[Card]] = {s: [] for s in slots}
    caps = caps0
    for g, (cards, allowed) in enumerate(gs):
        options = []
        for ks in splits(len(cards), allowed, caps):
            nxt = list(caps)
            for a, k in zip(allowed, ks):
                nxt[a] -= k
            w = count(g + 1, tuple(nxt))
            if w:
                options.append((_multinomial(len(cards), ks) * w, ks, tuple(nxt)))
        r = rng.randrange(sum(w for w, _, _ in options))
        for w, ks, after in options:
            if r < w:
                break
            r -= w
        pile = list(cards)
        rng.shuffle(pile)
        i = 0
        for a, k in zip(allowed, ks):
            out[slots[a]].extend(pile[i:i + k])
            i += k
        caps = after
    return out


def _multinomial(n: int, ks: Sequence[int]) -> int:
    out = 1
    for k in ks:
        out *= math.comb(n, k)
        n -= k
    return out


__all__ = ["BURIED", "DealError", "Knowledge", "allocate"]
