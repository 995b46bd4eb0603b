"""Hand diagrams: a deal laid out round the table, as text and as SVG card faces.

Seats sit round the table in the order the games travel (to the left, rules.md: "everything travels
to the left"): seat A at the foot, the next seat on its left, and so on clockwise; the talon (501♠)
or kitty (Five Hundred) lies in the middle. Three seats: A at the foot, B on the left, C on the
right; four: A, B, C, D at south, west, north, east (a bridge diagram turned so A is at the foot);
five and six: a ring, two or three seats along the top.

Each hand is shown by suit in the game's own suit order, each suit from its highest card down, the
joker first where the game holds it there: the order the tables hold a hand in
(:meth:`cardkit.game.State.held_order`), read off the engine, never off the game's name.

>>> from cardkit import find_game
>>> from cardkit.explore.dealsfile import parse_line
>>> d = parse_line("501/3 dealer=C | A: A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ | B: 10♣ K♣ Q♣ J♣ 9♣ A♦ 10♦ "
...                "| C: K♦ Q♦ J♦ 9♦ A♥ 10♥ K♥ | talon: Q♥ J♥ 9♥")
>>> print(HandDiagram(d.game, d.deal))  # doctest: +NORMALIZE_WHITESPACE
501♠, 3 players, dealer C
<BLANKLINE>
B                               C (dealer)
♠ —            talon            ♠ —
♣ 10 K Q J 9   Q♥ J♥ 9♥         ♣ —
♦ A 10                          ♦ K Q J 9
♥ —                             ♥ A 10 K
<BLANKLINE>
               A
               ♠ A 10 K Q J 9
               ♣ A
               ♦ —
               ♥ —
"""

from __future__ import annotations

from typing import Sequence

from ..cards import Card, Suit
from ..escaping import escape
from ..game import Game, State
from ..i18n import _
from ..svg import cards_svg
from .deal import Deal

#: Where each seat sits, by table size: ``(row, column)`` cells of a grid of three columns, seat 0
#: first; the talon or kitty sits in :data:`MIDDLE`. The ring goes clockwise (to the left).
LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((2, 1), (0, 1)),
    3: ((2, 1), (1, 0), (1, 2)),
    4: ((2, 1), (1, 0), (0, 1), (1, 2)),
    5: ((2, 1), (1, 0), (0, 0), (0, 2), (1, 2)),
    6: ((2, 1), (1, 0), (0, 0), (0, 1), (0, 2), (1, 2)),
}
MIDDLE = (1, 1)
#: The gap between columns of the text diagram, in characters.
GAP = 3


def suit_order(game: Game) -> list[Suit]:
    """The game's suits in the order its pack lists them (the order hands are held in)."""
    out: list[Suit] = []
    for c in game.new_pack():
        if c.suit is not None and c.suit not in out:
            out.append(c.suit)
    return out


def seat_grid(players: int) -> tuple[tuple[int, int], ...]:
    """Each seat's ``(row, column)`` cell for a table of ``players`` (a ring for any size up to
    eight; :data:`LAYOUTS` for two to six)."""
    if players in LAYOUTS:
        return LAYOUTS[players]
    # seven or eight: the foot, up the left, along the top, down the right
    cells = [(3, 1), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    return tuple(cells[:players])


class HandDiagram:
    """A deal of ``game`` laid out round the table: ``str()`` is the text diagram,
    ``_repr_svg_``/``_repr_html_`` the picture with card faces (Jupyter shows it by itself).

    Args:
        game: the table (any game: seats, pack and talon word are read off it).
        deal: the deal (a :class:`~cardkit.explore.deal.Deal`).
        title: the first line; by default the game, table size and dealer.
        state: a hand of this deal to take the held order from (a trump standing orders trumps
            first); a fresh hand of the deal by default.
    """

    def __init__(self, game: Game, deal: Deal, title: str | None = None, state: State | None = None) -> None:
        self.game = game
        self.deal = deal
        self.state = state if state is not None else deal.new_hand(game)
        self.title = title if title is not None else _("{game}, {n} players, dealer {name}").format(
            game=game.title, n=game.players, name=game.names[deal.dealer])
        self.suits = suit_order(game)

    # -- the parts

    def seat_label(self, seat: int) -> str:
        """A seat's name, with "(dealer)" for the dealer."""
        name = self.game.names[seat]
        return f"{name} ({_('dealer')})" if seat == self.deal.dealer else name

    def held(self, cards: Sequence[Card]) -> list[Card]:
        """``cards`` in the held order (see the module doc)."""
        return self.state.held_order(cards)

    def suit_lines(self, seat: int) -> list[str]:
        """A hand as text, one line per suit (``"♠ A K 10"``, ``"♥ —"`` for a void), the joker
        on a line of its own where the held order puts it; ``["—"]`` for a seat dealt nothing."""
        if seat not in self.game.deal_targets(self.deal.dealer):
            return [_("dealt no cards")]
        cards = self.held(self.deal.hands[seat])
        groups: list[Suit | None] = []
        for c in cards:
            if c.suit not in groups:
                groups.append(c.suit)
        missing = [s for s in self.suits if s not in groups]
        lines: list[str] = []
        for g in groups:
            if g is None:  # the joker, where the held order puts it
                lines.extend(str(c) for c in cards if c.suit is None)
                continue
            while missing and self.suits.index(missing[0]) < self.suits.index(g):
                lines.append(f"{missing.pop(0).symbol} —")
            lines.append(f"{g.symbol} " + " ".join(c.rank.label for c in cards if c.suit is g))
        lines.extend(f"{s.symbol} —" for s in missing)
        return lines

    def middle_lines(self) -> list[str]:
        """The talon or kitty: its word, then its cards."""
        cards = self.held(self.deal.talon)
        return [_(self.game.talon_word), " ".join(map(str, cards)) or "—"]

    def blocks(self) -> dict[tuple[int, int], list[str]]:
        """Each grid cell's lines: the seats' hands and the middle."""
        grid = seat_grid(self.game.players)
        out = {grid[s]: [self.seat_label(s), *self.suit_lines(s)] for s in range(self.game.players)}
        out[MIDDLE] = self.middle_lines()
        return out

    # -- text

    def text(self) -> str:
        """The text diagram (lines end without trailing spaces)."""
        blocks = self.blocks()
        rows = sorted({r for r, _c in blocks})
        widths = [max((len(line) for (r, c), b in blocks.items() if c == col for line in b), default=0)
                  for col in range(3)]
        out = [self.title]
        for r in rows:
            cells = {c: b for (rr, c), b in blocks.items() if rr == r}
            height = max(len(b) for b in cells.values())
            if r == MIDDLE[0] and MIDDLE[1] in cells:  # centre the middle on the side hands
                mid = cells[MIDDLE[1]]
                top = (height - len(mid)) // 2
                cells[MIDDLE[1]] = [""] * top + mid
            out.append("")
            for i in range(height):
                parts = [(cells.get(col, []) + [""] * height)[i].ljust(widths[col] + GAP) for col in range(3)]
                out.append("".join(parts).rstrip())
        return "\n".join(out)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<HandDiagram {self.game.name}/{self.game.players} dealer {self.game.names[self.deal.dealer]}>"

    # -- picture

    def svg(self, card_width: int = 40) -> str:
        """The diagram as one SVG document: each seat's name above its cards (faces drawn by
        :func:`cardkit.svg.cards_svg`), placed round the table, the talon or kitty in the middle."""
        height = int(card_width * 1.43)
        overlap = 0.55
        most = max([len(h) for h in self.deal.hands] + [len(self.deal.talon), 1])
        col_w = int(card_width * overlap * (most - 1) + card_width + 24)
        row_h = height + 34
        blocks: dict[tuple[int, int], tuple[str, list[Card]]] = {}
        grid = seat_grid(self.game.players)
        for s in range(self.game.players):
            blocks[grid[s]] = (self.seat_label(s), self.held(self.deal.hands[s]))
        blocks[MIDDLE] = (_(self.game.talon_word), self.held(self.deal.talon))
        rows = sorted({r for r, _c in blocks})
        top = 30
        parts = [f'<text x="8" y="20" font-family="sans-serif" font-size="15" font-weight="bold">'
                 f'{escape(self.title)}</text>']
        for (r, c), (label, cards) in sorted(blocks.items()):
            x = 8 + c * col_w
            y = top + rows.index(r) * row_h
            pic = cards_svg(list(cards), width=card_width, height=height, overlap=overlap)
            parts.append(f'<text x="{x}" y="{y + 14}" font-family="sans-serif" font-size="13">{escape(label)}</text>'
                         f'<g transform="translate({x},{y + 20})">{pic}</g>')
        width = 16 + 3 * col_w
        total_h = top + len(rows) * row_h + 4
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" '
                f'viewBox="0 0 {width} {total_h}">{"".join(parts)}</svg>')

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        return f"<div class='cardkit-diagram'>{self.svg()}</div>"


def diagram(game: Game, deal: Deal, title: str | None = None) -> HandDiagram:
    """:class:`HandDiagram` of ``deal``: ``print(diagram(game, deal))`` in a terminal, the
    diagram itself as a notebook cell's value."""
    return HandDiagram(game, deal, title)


__all__ = ["LAYOUTS", "HandDiagram", "diagram", "seat_grid", "suit_order"]
