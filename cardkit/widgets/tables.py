"""pandas tables and altair charts of what the engine computes (no rule is computed here).

- :func:`score_sheet`: a match's score sheet (``Match.score_sheet()``) as a DataFrame.
- :func:`score_chart`: running scores across a match as an altair line chart.
"""

from __future__ import annotations

from typing import Any

from ..game import Match
from ..i18n import heading


def score_sheet(match: Match) -> Any:
    """The score sheet of ``match`` as a pandas DataFrame indexed by hand number (from 1).

    Columns: ``dealer``, ``summary``, then for each seat its change (``"A ±"``) and running score
    (``"A"``), as :meth:`cardkit.game.Match.score_sheet` gives them; the headings read in the
    language in use (:func:`cardkit.i18n.heading`: ``repartidor``, ``resumen`` in Spanish). A match
    with no finished hand gives an empty frame with those columns.
    """
    import pandas as pd

    rows = match.score_sheet()
    cols = ["hand", "dealer", "summary"]
    for name in match.game.names:
        cols += [f"{name} ±", name]
    return pd.DataFrame(rows, columns=cols).set_index("hand").rename(
        columns={"dealer": heading("dealer"), "summary": heading("summary")}).rename_axis(heading("hand"))


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
