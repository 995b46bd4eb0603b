""":class:`RemoteTable`: a table of the table server (``python -m cardkit serve``) in a notebook.

``Table.join(url, code)`` returns one. It shows what the server sends this code (a seat's view, or
the teacher's, every hand face up), follows the table over its WebSocket (reconnecting by itself),
and sends the seat's actions to the server, which alone checks and applies them. No rule is
written here. CSS classes as :class:`~cardkit.widgets.table.Table`'s: ``cardkit-board``,
``cardkit-legal``, ``cardkit-scores``, ``cardkit-message``.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..cards import Card
from ..escaping import escape
from ..svg import cards_svg


def _pic(value: Any) -> str:
    """Card faces for a list of card texts, backs for a count."""
    if isinstance(value, int):
        return cards_svg([None] * value)
    return cards_svg([Card.parse(c) for c in value])


class RemoteTable(W.VBox):
    """One code's view of a table on a table server, live.

    Args:
        url: the table's address, e.g. ``http://127.0.0.1:8765/play/TABLE?code=CODE`` (or
            ``…/show/TABLE``, or the server's ``…/api/tables/TABLE``).
        code: the seat's or the teacher's code, when ``url`` has none.
        follow: follow the table over its WebSocket (updates arrive by themselves).

    Raises:
        CardkitError: the address names no table or code; ``ServerRefused`` (a ``CardkitError``)
            when the server refuses the code or the table.
    """

    def __init__(self, url: str, code: str | None = None, *, follow: bool = True) -> None:
        super().__init__()
        from ..server.client import TableClient

        self.client = TableClient(url, code)
        self.add_class("cardkit-table")
        self.board = W.HTML()
        self.board.add_class("cardkit-board")
        self.actions = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.message = W.HTML()
        self.message.add_class("cardkit-message")
        self.scores = W.HTML()
        self.scores.add_class("cardkit-scores")
        self.children = [self.board, self.actions, self.message, self.scores]
        self.view: dict[str, Any] = self.client.view()
        self._render()
        if follow:
            self.client.follow(self._update)

    def _update(self, view: dict[str, Any]) -> None:
        self.view = view
        self._render()

    def act(self, action: str) -> str | None:
        """Send ``action`` for this seat; ``None`` when the server applied it, else its refusal
        (which names the rule) — also shown under the table."""
        from ..server.client import ServerRefused

        try:
            self.view = self.client.act(action, self.view["step"])
        except ServerRefused as e:
            self.message.value = f"<span class='cardkit-illegal'>{escape(str(e))}</span>"
            return str(e)
        self.message.value = ""
        self._render()
        return None

    def close(self) -> None:
        """Stop following the table and close the widget."""
        self.client.stop()
        super().close()

    def _clicker(self, action: str) -> Callable[[Any], None]:
        def click(_b: Any) -> None:
            self.act(action)

        return click

    def _render(self) -> None:
        v = self.view
        names = v["names"]
        rows = []
        for s, name in enumerate(names):
            marks = [m for m, on in (("dealer", s == v["dealer"]), ("to act", s == v["to_act"]),
                                     ("you", s == v["seat"]), ("computer", s in v["computer"])) if on]
            rows.append(f"<tr><th>{'▶ ' if s == v['to_act'] else ''}{escape(name)}</th>"
                        f"<td>{escape(', '.join(marks))}</td><td>{_pic(v['hands'][str(s)])}</td></tr>")
        rows.append(f"<tr><th>{escape(v.get('talon_word') or 'talon')}</th><td></td><td>{_pic(v['talon'])}</td></tr>")
        trick = v["trick"] or (v["tricks"][-1] if v["tricks"] else None)
        if trick and trick["plays"]:
            plays = " ".join(f"{escape(names[s])} {escape(c)}" for s, c in trick["plays"])
            rows.append(f"<tr><th>trick</th><td>{plays}</td><td>{_pic([c for _, c in trick['plays']])}</td></tr>")
        who = "every hand" if v["seat"] is None else f"you are {escape(names[v['seat']])}"
        self.board.value = (f"<b>{escape(v['title'])}</b>, hand {escape(v['hand'])} ({who}): {escape(v['summary'])}"
                            f"<table class='cardkit-board'>{''.join(rows)}</table>")
        buttons = []
        for a in v["legal"]:
            b = W.Button(description=a, tooltip=a)
            b.add_class("cardkit-legal")
            b.on_click(self._clicker(a))
            buttons.append(b)
        self.actions.children = buttons
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        cells = "".join(f"<td>{escape(x)}</td>" for x in v["scores"])  # the server's view: text, never markup
        self.scores.value = f"<table><tr>{head}</tr><tr>{cells}</tr></table>"

    def __repr__(self) -> str:
        return f"RemoteTable({self.client.server!r}, table={self.client.table!r}, step={self.view['step']})"
