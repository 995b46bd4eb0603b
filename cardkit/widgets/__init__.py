"""Interactive widgets, tables and charts for the notebooks (ipywidgets, pandas, altair).

This subpackage depends on the engine; nothing in the engine imports it, so ``import cardkit``
stays light. Everything here is a thin shell: it holds view state (which position of a hand is
shown, whose cards are face up) and asks the engine for every legal action, explanation and score.

- :class:`Table`: play or replay hands of either game, stepping back and forth through history.
- :class:`DealStepper`: the deal, one card at a time, showing where each card goes.
- :func:`score_sheet`, :func:`score_chart`: a pandas score sheet and an altair chart of scores.
- :func:`frame`: any pandas table as a learner reads it (``−22`` with a true minus sign, changes ``+20``).
"""

from __future__ import annotations

from .table import DealStepper, Table
from .tables import Frame, frame, score_chart, score_sheet

__all__ = ["DealStepper", "Frame", "Table", "frame", "score_chart", "score_sheet"]
