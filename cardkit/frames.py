"""Tables a learner reads: pandas DataFrames whose cells are written as the kit's sentences write them.

The widgets' tables (:mod:`cardkit.widgets.tables`, :mod:`cardkit.widgets.five_hundred`) and the
explorations' (:mod:`cardkit.explore`) return a :class:`Frame`; a notebook wraps a table it builds
itself with :func:`frame`. Only the display changes: the data stay numbers for the code that reads them.
This module needs pandas; nothing in the engine imports it.
"""

from __future__ import annotations

import math

import re
from numbers import Real
from typing import Any, Iterable

import pandas as pd

from .display import change_words, text_of

__all__ = ["Frame", "frame"]

#: A hyphen-minus that starts a number at the start of a cell of pandas' HTML table, and in its text.
_HTML_MINUS = re.compile(r"(<td>\s*)-(?=[\d.])")
_TEXT_MINUS = re.compile(r"(?<!\S)-(?=[\d.])")


def _number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


class Frame(pd.DataFrame):  # type: ignore[misc]  # pandas is typed Any (pyproject.toml)
    """A pandas DataFrame as a learner reads it: the data are the DataFrame's (numbers stay numbers
    for the code that reads them), only the display differs, in HTML (``_repr_html_``) and text
    (``repr``) alike:

    - a negative number has a true minus sign (``−22``, U+2212), as sentences write it;
    - the columns named in :attr:`changes` are score changes: ``+40``, ``−25``, ``no change``
      (:func:`cardkit.display.change_words`);
    - any other cell that is not a number is written by :func:`cardkit.display.text_of`
      (yes/no, lists joined with "and", cards by name), in the language in use.

    Build one with :func:`frame`. Slices, ``.T``, ``.map`` and other pandas operations give
    Frames again (pandas' ``_constructor``); a change column that is no longer a column is ignored.

    Attributes:
        changes: the labels of the columns of score changes (a tuple; empty by default).
    """

    _metadata = ["changes"]
    changes: tuple[Any, ...] = ()

    @property
    def _constructor(self) -> Any:
        return Frame

    def shown(self) -> Any:
        """A plain pandas DataFrame of what each cell shows: change columns and every cell that
        is not a number as text; numbers left for pandas to format (hyphen-minus still)."""
        out = pd.DataFrame(self).copy()
        for i, label in enumerate(out.columns):
            col = out.iloc[:, i]
            if label in self.changes:
                out.isetitem(i, [_change_text(v) if _number(v) else text_of(v) for v in col])
            elif pd.api.types.is_bool_dtype(col) or not pd.api.types.is_numeric_dtype(col):
                out.isetitem(i, [v if _number(v) else text_of(v) for v in col])
        if out.index.name is not None and out.columns.name is None and out.columns.nlevels == 1:
            # the rows' label in the header's corner: one header row, not a second row holding
            # only "players" above the row labels
            out.columns.name, out.index.name = out.index.name, None
        return out

    def _repr_html_(self) -> str:
        html = self.shown()._repr_html_()
        return _HTML_MINUS.sub("\\1−", html) if html else html

    def __repr__(self) -> str:
        return _TEXT_MINUS.sub("−", repr(self.shown()))


def _change_text(v: Any) -> str:
    """A change cell: whole numbers as :func:`~cardkit.display.change_words` writes them, other
    numbers (a mean, 212.5) with their sign and decimals, a missing value (NaN) left blank.

    >>> _change_text(-25), _change_text(0), _change_text(212.5), _change_text(0.4), _change_text(float("nan"))
    ('−25', 'no change', '+212.5', '+0.4', '')
    """
    x = float(v)
    if math.isnan(x):
        return ""
    if x.is_integer():
        return change_words(int(x))
    return f"{x:+g}".replace("-", "\u2212")


def frame(data: Any, *, changes: Iterable[Any] = ()) -> Frame:
    """``data`` as a table a learner reads (:class:`Frame`).

    Args:
        data: a pandas DataFrame, or anything ``pandas.DataFrame`` accepts (a dict of columns…).
        changes: the labels of the columns that hold score changes (``State.returns()`` values),
            shown ``+40`` / ``−25`` / ``no change``.

    >>> frame({"change": [40, -25, 0], "score": [540, -25, 0]}, changes=["change"])
          change  score
    0        +40    540
    1        −25    −25
    2  no change      0
    """
    out = Frame(data)
    out.changes = tuple(changes)
    if isinstance(data, pd.DataFrame):
        out.attrs.update(data.attrs)  # e.g. an estimate's summary (cardkit.explore.estimate)
    return out
