"""The one place where text from users becomes HTML.

Seat names, titles and descriptions of records, rule option values, exercise texts, action texts
and engine messages (which quote what a user typed) all come from outside the kit: a record file,
a notebook cell, an exercise file, a table server's client. Every HTML the kit builds (``_repr_html_``,
the widgets' ``HTML`` values, :mod:`cardkit.display`, :mod:`cardkit.svg`, the handouts, the hub's
pages) puts such text in through :func:`escape`, never as it is: ipywidgets' ``HTML`` sets its
value as ``innerHTML``, so a name such as ``<img src=x onerror=...>`` would otherwise run as script
in the page. ``tests/test_html_escaping.py`` feeds hostile text to every HTML-producing function
and widget, and checks that no module builds HTML with another escaping function.
"""

from __future__ import annotations

import html

__all__ = ["escape"]


def escape(text: object) -> str:
    """``text`` as HTML that shows it literally, in element content and in quoted attribute values.

    Args:
        text: any value; ``str(text)`` is what is shown (a name, a title, a card, a number).

    Returns:
        the text with ``&``, ``<``, ``>``, ``"`` and ``'`` replaced by character references
        (the standard library's :func:`html.escape` with ``quote=True``); no other change, so the
        page reads the same characters.

    >>> escape('<img src=x onerror="alert(1)"> & \\'A\\'')
    '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#x27;A&#x27;'
    >>> escape(501)
    '501'
    """
    return html.escape(str(text), quote=True)
