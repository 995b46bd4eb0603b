"""The :class:`DealStepper`: the deal of one hand, card by card, as the engine deals it
(:func:`cardkit.game.deal_cards` with the game's ``deal_targets``, rules.md 501 §4, 500 §3)."""

from __future__ import annotations

from typing import Sequence

import ipywidgets as W

from ..cards import Card, Cards
from ..errors import CardkitError
from ..escaping import escape
from ..game import TALON, Game, deal_cards
from ..i18n import _
from ..svg import cards_svg
from .controls import button


class DealStepper(W.VBox):
    """The deal of one hand, card by card: where each card of the pack goes (a seat or the talon).

    Args:
        game: the table's rules; its ``deal_targets(dealer)`` says where each pack position goes
            (rules.md 501 §4: ``p1 p2 p3 T | p1 p2 p3 T | p1 p2 p3 T | p1 p2 p3 ×4``).
        pack: the pack in deal order.
        dealer: the dealing seat.

    :meth:`dealt` gives the hands and talon after ``n`` cards; the buttons step through them.
    """

    def __init__(self, game: Game, pack: Sequence[Card], dealer: int) -> None:
        super().__init__()
        self.game = game
        self.pack = Cards(pack)
        self.dealer = dealer
        self.targets = game.deal_targets(dealer)
        if len(self.targets) != len(self.pack):
            raise CardkitError(f"a pack of {len(self.pack)} cards, but the deal places {len(self.targets)}")
        self.n = 0
        self.start_button = button("⏮ " + _("Start"), "cardkit-start", width="auto")
        self.back_button = button("◀ " + _("Back"), "cardkit-back", width="auto")
        self.next_button = button(_("Next") + " ▶", "cardkit-next", width="auto")
        self.round_button = button(_("Next round") + " ⏩", "cardkit-round", width="auto")
        self.all_button = button(_("Deal all") + " ⏭", "cardkit-end", width="auto")
        self.start_button.on_click(lambda _b: self.step(-len(self.pack)))
        self.back_button.on_click(lambda _b: self.step(-1))
        self.next_button.on_click(lambda _b: self.step(1))
        self.round_button.on_click(lambda _b: self.next_round())
        self.all_button.on_click(lambda _b: self.step(len(self.pack)))
        self.caption = W.HTML()
        self.caption.add_class("cardkit-status")
        self.board = W.HTML()
        self.board.add_class("cardkit-board")
        self.children = [W.HBox([self.start_button, self.back_button, self.next_button, self.round_button,
                                 self.all_button]),
                         self.caption, self.board]
        self.add_class("cardkit-deal")
        self._render()

    def dealt(self, n: int | None = None) -> tuple[list[Cards], Cards]:
        """``(hands per seat, talon)`` after the first ``n`` cards (default: the current step)."""
        n = self.n if n is None else n
        hands, talon = deal_cards(self.pack[:n], self.targets[:n])  # the engine's deal, stopped after n cards
        hands += [[] for _ in range(self.game.players - len(hands))]
        return [Cards(h) for h in hands], Cards(talon)

    def where(self, i: int) -> str:
        """Who receives pack position ``i`` (0-based): a seat name or the talon's name."""
        t = self.targets[i]
        return _(self.game.talon_word) if t == TALON else self.game.names[t]

    def step(self, d: int) -> None:
        """Deal ``d`` more cards (negative: take back)."""
        self.n = max(0, min(len(self.pack), self.n + d))
        self._render()

    def next_round(self) -> None:
        """Deal up to and including the next card that goes to the talon (or to the end)."""
        for i in range(self.n, len(self.pack)):
            if self.targets[i] == TALON:
                self.n = i + 1
                break
        else:
            self.n = len(self.pack)
        self._render()

    def __repr__(self) -> str:
        return f"<DealStepper {self.game.title} card {self.n} of {len(self.pack)}>"

    def _render(self) -> None:
        hands, talon = self.dealt()
        names = self.game.names
        if self.n == 0:
            self.caption.value = escape(_("{n} cards to deal; {name} deals").format(
                n=len(self.pack), name=names[self.dealer]))
        else:
            card = self.pack[self.n - 1]
            self.caption.value = escape(_("card {i} of {n}: {card} to {who}").format(
                i=self.n, n=len(self.pack), card=card, who=self.where(self.n - 1)))
        word = _(self.game.talon_word)
        rows = "".join(f"<tr><th style='text-align:left'>{escape(names[s])}</th><td>{cards_svg(list(h))}</td></tr>"
                       for s, h in enumerate(hands) if s in self.targets)
        rows += f"<tr><th style='text-align:left'>{escape(word)}</th><td>{cards_svg([None] * len(talon))}</td></tr>"
        pack_word = _("pack")
        rows += (f"<tr><th style='text-align:left'>{escape(pack_word)}</th>"
                 f"<td>{cards_svg([None] * (len(self.pack) - self.n))}</td></tr>")
        self.board.value = f"<table class='cardkit-board'>{rows}</table>"
        self.back_button.disabled = self.start_button.disabled = self.n == 0
        self.next_button.disabled = self.round_button.disabled = self.n == len(self.pack)
