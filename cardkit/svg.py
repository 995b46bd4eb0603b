"""Card faces as SVG, and a hand view as HTML, for Jupyter's rich display.

Built lazily by ``_repr_svg_`` / ``_repr_html_`` on :class:`~cardkit.cards.Card`,
:class:`~cardkit.cards.Cards`, :class:`~cardkit.tricks.Trick` and :class:`~cardkit.game.View`.
Output is deterministic (no ids, no addresses), so notebooks stay comparable under nbval.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .escaping import escape

if TYPE_CHECKING:
    from .cards import Card
    from .game import View

RED = "#c0152f"
BLACK = "#1a1a1a"
#: The one mark of a legal card, in the hand and on its button: green (the prose says "green").
LEGAL = "#2e7d32"


def _face(card: Card | None, x: float, *, width: int, height: int, highlight: bool = False) -> str:
    if card is None:  # a face-down card
        return (f'<rect x="{x}" y="1" width="{width}" height="{height}" rx="5" fill="#2b4c7e" stroke="#123"/>'
                f'<rect x="{x + 4}" y="5" width="{width - 8}" height="{height - 8}" rx="3" fill="none" '
                f'stroke="#9bb3d6" stroke-dasharray="2 2"/>')
    colour = BLACK if card.suit is None or not card.suit.is_red else RED
    if card.is_joker:
        colour = "#6a1b9a"
    label = "Jo" if card.is_joker else card.rank.label
    symbol = "★" if card.suit is None else card.suit.symbol  # the joker has no suit
    stroke = LEGAL if highlight else "#555"
    sw = 3 if highlight else 1
    return (f'<g><title>{escape(str(card))}</title>'
            f'<rect x="{x}" y="1" width="{width}" height="{height}" rx="5" fill="white" stroke="{stroke}" '
            f'stroke-width="{sw}"/>'
            f'<text x="{x + 5}" y="19" font-family="sans-serif" font-size="15" font-weight="bold" '
            f'fill="{colour}">{escape(label)}</text>'
            f'<text x="{x + 5}" y="36" font-family="sans-serif" font-size="15" fill="{colour}">{symbol}</text>'
            f'<text x="{x + width / 2}" y="{height * 0.72}" font-family="sans-serif" font-size="26" '
            f'text-anchor="middle" fill="{colour}">{symbol}</text></g>')


def cards_svg(cards: Sequence[Card | None], *, width: int = 46, height: int = 66, overlap: float = 0.62,
              highlight: Sequence[Card] = ()) -> str:
    """An SVG row of card faces (``None`` draws a face-down card); ``highlight`` rings some cards.

    Red suits are drawn red, black suits black, the joker purple.
    """
    step = width * overlap if len(cards) > 1 else width
    total = int(step * (len(cards) - 1) + width + 2) if cards else 2
    body = "".join(_face(c, 1 + i * step, width=width, height=height, highlight=c in highlight)
                   for i, c in enumerate(cards))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height + 2}" '
            f'viewBox="0 0 {total} {height + 2}">{body}</svg>')


def view_html(view: View, names: Sequence[str] | None = None) -> str:
    """An HTML table of a :class:`~cardkit.game.View`: each seat's hand (faces or backs), the
    talon or kitty, and the trick in progress."""
    rows = []
    for s, hand in enumerate(view.hands):
        name = names[s] if names else f"seat {s}"
        marks = []
        if s == view.dealer:
            marks.append("dealer")
        if s == view.current_player:
            marks.append("to act")
        pic = cards_svg([None] * hand) if isinstance(hand, int) else cards_svg(list(hand))
        rows.append(f"<tr><th style='text-align:left'>{escape(name)}</th><td>{escape(', '.join(marks))}</td>"
                    f"<td>{pic}</td></tr>")
    talon = view.talon
    tpic = cards_svg([None] * talon) if isinstance(talon, int) else cards_svg(list(talon))
    rows.append(f"<tr><th style='text-align:left'>talon</th><td></td><td>{tpic}</td></tr>")
    if view.current_trick is not None and view.current_trick.plays:
        rows.append(f"<tr><th style='text-align:left'>trick</th><td></td>"
                    f"<td>{cards_svg([c for _, c in view.current_trick.plays])}</td></tr>")
    return f"<table><caption>{escape(view.phase)}</caption>{''.join(rows)}</table>"
