"""The one place where text from users becomes HTML.

Seat names, titles and descriptions of records, rule option values, exercise texts, action texts
and engine messages (which quote what a user typed) all come from outside the kit: a record file,
a notebook cell, an exercise file, a table server's client. Every HTML the kit builds (``_repr_html_``,
the widgets' ``HTML`` values, :mod:`cardkit.display`, :mod:`cardkit.svg`, the handouts, the hub's
pages) puts such text in through :func:`escape`, never as it is: ipywidgets' ``HTML`` sets its
value as ``innerHTML``, so a name such as ``<img src=x onerror=...>`` would otherwise run as script
in the page. ``tests/test_html_escaping.py`` feeds hostile text to every HTML-producing function
and widget, and checks that no module builds HTML with another escaping function.

Text for a terminal goes through :func:`terminal_text` (and JSON for one through
:func:`terminal_json`): a seat name holding ``ESC ] 0 ; … BEL`` would otherwise retitle the
reader's terminal, clear it, or (with a bidi override) show its line in another order.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

__all__ = ["BIDI_CONTROLS", "escape", "terminal_json", "terminal_text"]

#: The bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): in a name
#: they make the text around it read in another order ("A\u202eevil" shows as "Alive").
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: What a terminal acts on instead of showing: C0 controls but newline and tab, DEL, C1 controls,
#: and the bidi controls.
_UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]")


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


def terminal_text(text: str) -> str:
    r"""``text`` safe to print to a terminal: each control character a terminal would act on (C0
    but newline and tab, DEL, C1, and the bidi controls) replaced by U+FFFD; nothing else changes.

    >>> print(terminal_text("A\x1b]0;pwned\x07 \u202eB\x9b"))
    A�]0;pwned� �B�
    >>> terminal_text("tab\tand newline\n")
    'tab\tand newline\n'
    """
    return _UNSHOWN.sub("\ufffd", text)


def terminal_json(value: Any) -> str:
    r"""``value`` as one line of JSON (``json.dumps``, other non-ASCII text kept as it is) in which
    every character :func:`terminal_text` replaces is written as a ``\uXXXX`` escape, so the text
    reads back unchanged and none of it reaches a terminal raw.

    >>> print(terminal_json({"name": "A\x1b[2J\u202e\x7f\x9b♠"}))
    {"name": "A\u001b[2J\u202e\u007f\u009b♠"}
    """
    return _UNSHOWN.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(value, ensure_ascii=False))
