"""Exploring hypothetical hands: set-ups, deal statistics, estimates and tournaments.

Imported explicitly (``import cardkit.explore``); ``import cardkit`` does not load it. The set-up
module :mod:`cardkit.explore.deal` is pure Python; :mod:`cardkit.explore.stats` uses numpy and
:mod:`cardkit.explore.estimate` and :mod:`cardkit.explore.tournament` build pandas tables and
altair charts, imported when first used.

- :class:`Predeal` and the constraints (:func:`holds`, :func:`at_least`, :func:`has_marriage`, …):
  fix some cards, deal the rest at random under constraints.
- :func:`parse_constraints` (:mod:`cardkit.explore.language`): the same constraints written as
  text, ``"B: trumps(H) >= 3 and hcp >= 12; talon: holds 10H"``, as the command line's ``--where``.
- :mod:`cardkit.explore.stats`: numpy deal statistics over whole arrays of deals, with the exact
  combinatorics beside them.
- :mod:`cardkit.explore.estimate`: the distribution of a hand's results over many deals.
- :mod:`cardkit.explore.tournament`: computer players against each other, duplicate-style.
- :mod:`cardkit.explore.dealsfile`: deals kept as text, one a line, read back strictly.
- :mod:`cardkit.explore.diagram`: a deal laid out round the table, as text and SVG.
- :mod:`cardkit.explore.analyse`: the solver's result of contracts on kept deals, and the table
  of every denomination × contractor.
"""

from __future__ import annotations

from .deal import (Constraint, Deal, DealError, Predeal, allocate, at_least, at_most, both_bowers, count_rank,
                   has_marriage, holds, holds_none, no_rank, points_at_least, suit_count, void)
from .language import DealSyntaxError, high_card_points, parse_constraints, shape, trump_count

__all__ = [
    "Constraint", "Deal", "DealError", "DealSyntaxError", "Predeal", "allocate", "at_least", "at_most", "both_bowers",
    "count_rank", "has_marriage", "high_card_points", "holds", "holds_none", "no_rank", "parse_constraints",
    "points_at_least", "shape", "suit_count", "trump_count", "void",
]
