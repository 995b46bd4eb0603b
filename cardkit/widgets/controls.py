"""Buttons and the controls of a seat's legal actions, built from the game's
:class:`~cardkit.game.ActionGroup` s (what each action declares), never from an action's text.

CSS classes, for tests and scripted tours: a card of the hand ``cardkit-card`` (``cardkit-legal``
when playable), an action ``cardkit-action`` and ``cardkit-VERB``, a marriage or a joker naming a
suit ``cardkit-special``, a list of many actions ``cardkit-VERB-options``, a number box
``cardkit-VERB-number`` and its chooser ``cardkit-VERB-choice``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as W

from ..cards import Card
from ..game import Action, ActionGroup

#: A list of more actions than this is a drop-down and a button; fewer are a button each.
MAX_BUTTONS = 12


def button(description: str, css: str, *, tooltip: str = "", style: str = "",
           width: str | None = None) -> W.Button:
    """A button with ``description``, CSS class ``css`` and a tooltip (the description by default)."""
    b = W.Button(description=description, tooltip=tooltip or description, button_style=style)
    b.add_class(css)
    if width:
        b.layout.width = width
    return b


def action_controls(groups: Sequence[ActionGroup], held: Sequence[Card] | None,
                    act: Callable[[Action], object]) -> list[W.Widget]:
    """The rows of controls for ``groups`` (a seat's legal actions, :meth:`Game.action_groups`):
    the cards of the hand ``held`` in order for a card group (every card clickable, the legal
    ones marked: an illegal click is answered by ``act``), the special card actions, the
    buttons, the lists, then the number boxes. ``act`` is called with the action chosen. Card
    groups are left out when the hand is not shown (``held`` is ``None``)."""
    out: list[W.Widget] = []
    if held is not None:
        for g in groups:
            if g.kind == "cards":
                out.append(_card_row(g, held, act))
        special = [_act_button(a, act, style="info", extra="cardkit-special")
                   for g in groups if g.kind == "special" for a in g.actions]
        if special:
            out.append(W.HBox(special))
    singles = [_act_button(a, act, extra=f"cardkit-{g.verb}") for g in groups
               if g.kind == "buttons" or (g.kind == "choice" and len(g.actions) <= MAX_BUTTONS) for a in g.actions]
    if singles:
        out.append(W.HBox(singles))
    out.extend(_list_row(g, act) for g in groups if g.kind == "choice" and len(g.actions) > MAX_BUTTONS)
    out.extend(_amount_row(g, act) for g in groups if g.kind == "amount")
    return out


def _act_button(a: Action, act: Callable[[Action], object], *, style: str = "", extra: str = "") -> W.Button:
    b = button(a.words(), "cardkit-action", style=style, width="auto")
    if extra:
        b.add_class(extra)
    b.on_click(lambda _b: act(a))
    return b


def _card_row(g: ActionGroup, held: Sequence[Card], act: Callable[[Action], object]) -> W.HBox:
    """A button per card held; a legal card's click takes its action, another's is refused."""
    some = g.actions[0]
    buttons = []
    for c in dict.fromkeys(held):
        plain = next((a for a in g.actions if a.card == c), None)
        action = plain if plain is not None else some.with_card(c)
        b = button(str(c), "cardkit-card", tooltip=action.words(), style="success" if plain is not None else "",
                   width="52px")
        if plain is not None:
            b.add_class("cardkit-legal")
        b.on_click(lambda _b, action=action: act(action))
        buttons.append(b)
    return W.HBox([W.Label(g.label() + ":")] + buttons)


def _list_row(g: ActionGroup, act: Callable[[Action], object]) -> W.HBox:
    """A drop-down of the group's actions and a button taking the one chosen."""
    dd = W.Dropdown(options=[(a.words(), a) for a in g.actions], layout=W.Layout(width="200px"))
    dd.add_class(f"cardkit-{g.verb}-options")
    b = button(g.label(), "cardkit-action", width="auto")
    b.add_class(f"cardkit-{g.verb}")
    b.on_click(lambda _b: act(dd.value))
    return W.HBox([dd, b])


def _amount_row(g: ActionGroup, act: Callable[[Action], object]) -> W.HBox:
    """A number box (the lowest amount first), a chooser when the actions have a choice (a
    declaration's trump: shown in the reader's words, chosen as the record writes it), a button
    taking that amount, legal or not (an illegal one is refused by ``act``)."""
    number = W.IntText(value=g.lowest(), layout=W.Layout(width="80px"))
    number.add_class(f"cardkit-{g.verb}-number")
    parts: list[W.Widget] = []
    pick: Any = None
    choices = g.choices()
    if choices:
        pick = W.Dropdown(options=choices, value=choices[0][1], layout=W.Layout(width="130px"))
        pick.add_class(f"cardkit-{g.verb}-choice")
        parts.append(pick)
    b = button(g.label(), "cardkit-action", width="auto")
    b.add_class(f"cardkit-{g.verb}")

    def click(_b: Any) -> None:
        like = next((a for a in g.actions if pick is None or a.choice == pick.value), g.actions[0])
        act(like.with_amount(int(number.value)))

    b.on_click(click)
    return W.HBox(parts + [number, b])
