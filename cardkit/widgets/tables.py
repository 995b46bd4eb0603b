"""pandas tables and altair charts of what the engine computes (no rule is computed here).

- :class:`~cardkit.frames.Frame` and :func:`~cardkit.frames.frame` (from :mod:`cardkit.frames`): a
  pandas table as a learner reads it (``−22`` with a true minus sign, score changes ``+20``, yes/no).
- :func:`score_sheet`: a match's score sheet (``Match.score_sheet()``) as a DataFrame.
- :func:`score_chart`: running scores across a match as an altair line chart.
"""

from __future__ import annotations

from typing import Any

from ..frames import Frame, frame
from ..game import Match
from ..i18n import heading

__all__ = ["Frame", "frame", "score_chart", "score_sheet"]


def score_sheet(match: Match) -> Frame:
    """The score sheet of ``match`` as a pandas DataFrame, one row per finished hand, numbered from 1.

    One header row: ``hand`` (the row numbers' heading), ``dealer``, ``summary``, then for each seat
    its change in that hand as the table shows it (``"+200"``, ``"−25"``, ``"no change"``; column
    ``"A's change"``) and its running score (column ``"A"``, an int, shown ``−22`` when negative:
    a :class:`Frame`). Headings read in the
    language in use (:func:`cardkit.i18n.heading`; ``repartidor``, ``resumen``, ``cambio de A`` in
    Spanish). A match with no finished hand gives an empty frame with those columns.
    """
    import pandas as pd

    from ..display import change_words
    from ..i18n import _

    rows = match.score_sheet()
    cols = ["dealer", "summary"]
    renamed = {"dealer": heading("dealer"), "summary": heading("summary")}
    for name in match.game.names:
        cols += [f"{name} ±", name]
        renamed[f"{name} ±"] = _("{name}'s change").format(name=name)
    df = pd.DataFrame(rows, columns=["hand"] + cols)
    for name in match.game.names:
        df[f"{name} ±"] = [change_words(int(r)) for r in df[f"{name} ±"]]
    df = df.set_index("hand").rename(columns=renamed).rename_axis(None)
    df.columns.name = heading("hand")  # one header row: "hand" over the row numbers
    return frame(df)


def score_chart(match: Match, *, title: str | None = None, start_label: str = "start") -> Any:
    """Running scores of every seat across ``match`` as an altair line chart.

    The x axis is the hand number (0 is the start, labelled by the scores before any hand), the y
    axis the score; a rule marks 0, where 501♠ ends a match (rules.md 501 §11).

    Returns:
        an ``altair.LayerChart``. Render it offline with ``alt.renderers.enable("svg")``.
    """
    import altair as alt
    import pandas as pd

    names = match.game.names
    data = [{"hand": 0, "seat": n, "score": s} for n, s in zip(names, match.start_scores)]
    for row in match.score_sheet():
        data += [{"hand": row["hand"], "seat": n, "score": row[n]} for n in names]
    df = pd.DataFrame(data)
    hand, score, seat = heading("hand"), heading("score"), heading("seat")  # axis titles for the reader
    lines = alt.Chart(df).mark_line(point=True).encode(
        x=alt.X("hand:Q", title=hand, axis=alt.Axis(tickMinStep=1)),
        y=alt.Y("score:Q", title=score),
        color=alt.Color("seat:N", title=seat),
        tooltip=[alt.Tooltip("hand:Q", title=hand), alt.Tooltip("seat:N", title=seat),
                 alt.Tooltip("score:Q", title=score)])
    zero = alt.Chart(pd.DataFrame({"score": [0]})).mark_rule(strokeDash=[4, 4], color="gray").encode(y="score:Q")
    chart = alt.layer(lines, zero)
    if title:
        chart = chart.properties(title=title)
    return chart.properties(width=420, height=240)
