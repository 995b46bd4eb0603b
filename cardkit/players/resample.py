"""Dealing again the cards a seat cannot see, at any moment of a hand.

:func:`resample` is what OpenSpiel calls ``resample_from_infostate`` (:mod:`cardkit.openspiel`) and
what the solver player bids with (:mod:`cardkit.players.solver_player`).
"""

from __future__ import annotations

import random
from typing import Hashable

from ..cards import Card, Cards
from ..game import TALON, State


def resample(state: State, seat: int, rng: random.Random) -> State:
    """A copy of the engine's ``state`` with every card hidden from ``seat`` dealt again at random,
    consistently with what ``seat`` has seen.

    The engine's own resampler when the state has one (``state.resample(seat, rng)``); else, in the
    play phase, :func:`cardkit.players.sampler.sample_state` (voids shown, cards given, marriages,
    the exposed talon); before the play, the cards ``seat`` cannot see are shuffled among the places
    it cannot see into (hands, talon or kitty, buried cards), keeping the cards it gave where it
    gave them.
    """
    own = getattr(state, "resample", None)
    if callable(own):
        return own(seat, rng)  # type: ignore[no-any-return]
    if state.phase == "play":
        from .sampler import sample_state

        return sample_state(state, seat, rng)
    return _reshuffle_hidden(state, seat, rng)


def _reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    v = state.view(seat)
    full = state.view(None)
    slots: list[tuple[Hashable, list[Card]]] = []
    pinned: dict[Hashable, list[Card]] = {}
    for s, h in enumerate(v.hands):
        if isinstance(h, int) and h > 0:
            slots.append((s, list(full.hands[s])))  # type: ignore[arg-type]
    if isinstance(v.talon, int) and v.talon > 0:
        slots.append((TALON, list(full.talon)))  # type: ignore[arg-type]
    if isinstance(v.extra.get("buried"), int) and v.extra["buried"] > 0:
        slots.append(("buried", list(full.extra["buried"])))
    for f, to, c in v.extra.get("gives", []):
        if c is not None and f == seat and isinstance(v.hands[to], int) and c in full.hands[to]:  # type: ignore[operator]
            pinned.setdefault(to, []).append(c)
    pool: list[Card] = []
    sizes = []
    for key, cards in slots:
        keep = list(pinned.get(key, []))
        rest = list(cards)
        for c in keep:
            rest.remove(c)
        pool += rest
        sizes.append((key, keep, len(rest)))
    rng.shuffle(pool)
    new = state.clone()
    at = 0
    for key, keep, n in sizes:
        cards = keep + pool[at:at + n]
        at += n
        if key == TALON:
            if hasattr(new, "kitty"):
                new.kitty = cards  # type: ignore[attr-defined]
            else:
                new.talon = Cards(cards)  # type: ignore[attr-defined]
        elif key == "buried":
            new.buried = cards  # type: ignore[attr-defined]
        else:
            new.hands[key] = cards  # type: ignore[attr-defined, index]
    if hasattr(new, "_legal_at"):
        new._legal_at = -1  # the engine's cached legal list belongs to the old cards
    return new


__all__ = ["resample"]
