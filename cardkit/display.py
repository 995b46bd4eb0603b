"""What a lesson shows a learner: sentences and small tables with card faces, never a Python value.

A notebook cell ends with :func:`say` (one sentence) or :func:`facts` (a two-column table of named
values) instead of a bare tuple or list, so that a learner who does not read Python, and a class
looking at ``make present``, reads words, names and cards:

>>> say("The pack holds {n} cards; {who} deals.", n=24, who="C")
The pack holds 24 cards; C deals.
>>> facts([("seats", ["A", "B", "C"]), ("talon", Cards.parse("JC AD KD"))])
seats: A, B and C
talon: J♣ A♦ K♦

Each value is drawn by its kind (:func:`html_of`): a :class:`~cardkit.cards.Card` as a coloured
card name, :class:`~cardkit.cards.Cards` and a :class:`~cardkit.tricks.Trick` as card faces, an
action in the reader's language (:func:`cardkit.i18n.action_text`), ``True``/``False`` as
yes/no, a list as "a, b and c". The plain-text form (``repr``) is the same sentence with card
names, so that nbval compares it and a terminal reads it too. Output is deterministic.
"""

from __future__ import annotations

import re
from numbers import Real
from string import Formatter
from typing import Any, Iterable, Mapping, Sequence

from .cards import Card, Cards
from .errors import UnknownOptionError
from .escaping import escape
from .game import Action, State
from .i18n import _, action_text
from .svg import BLACK, RED, cards_svg
from .tricks import Trick

__all__ = ["Shown", "answer", "change_words", "facts", "game_word", "html_of", "number_text", "plain_rule", "refusal",
           "said_html", "say", "score_changes", "text_of"]

_CSS = ("<style>.cardkit-say{font-size:1.05em;margin:.2em 0}"
        ".cardkit-say svg,.cardkit-facts svg{vertical-align:middle}"
        ".cardkit-cardname{font-weight:bold;white-space:nowrap}"
        "table.cardkit-facts tr{background:none !important}"
        "table.cardkit-facts th{text-align:left !important;padding:2px 12px 2px 0;font-weight:normal;color:#444}"
        "table.cardkit-facts td{text-align:left !important;padding:2px 0}</style>")
#: How much of each card a small row of cards shows (more than the table's hands: the ranks stay clear).
_SMALL: dict[str, Any] = {"width": 34, "height": 48, "overlap": 0.8}


class Shown:
    """A learner-facing output: ``html`` for Jupyter (``_repr_html_``), ``text`` for ``repr``."""

    __slots__ = ("html", "text")

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


def _is_action(value: object) -> bool:
    return isinstance(value, Action)


def _join(items: Sequence[str], html: bool) -> str:
    if not items:
        return escape(_("none")) if html else _("none")
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " " + _("and") + " " + items[-1]


def _card_html(card: Card) -> str:
    colour = "#6a1b9a" if card.is_joker else (RED if card.suit is not None and card.suit.is_red else BLACK)
    return f"<span class='cardkit-cardname' style='color:{colour}'>{escape(str(card))}</span>"


def number_text(value: Real) -> str:
    """A number as sentences and tables write it: ``str(value)`` with a true minus sign (U+2212)
    before a negative one, never the hyphen-minus of code output.

    >>> number_text(-22), number_text(501), number_text(-0.25)
    ('−22', '501', '−0.25')
    """
    text = str(value)
    return "−" + text[1:] if text.startswith("-") else text


def text_of(value: Any, names: Sequence[str] | None = None) -> str:
    """The plain text of ``value`` as :func:`say` writes it: cards by name, lists joined with "and",
    booleans as yes/no, ``None`` as "none", a negative number with a true minus sign
    (:func:`number_text`), all in the language in use.

    >>> text_of([150, -9, 0]), text_of(False)
    ('150, −9 and 0', 'no')
    """
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Real):
        return number_text(value)
    if isinstance(value, Trick):
        return trick_text(value, names)
    if isinstance(value, (Card, Cards)):
        return str(value) if len(str(value)) else _("no cards")
    if _is_action(value):
        return action_text(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return _join([text_of(v, names) for v in value], html=False)
    return str(value)


def score_changes(names: Sequence[str], changes: Sequence[int]) -> str:
    """A hand's score changes as a learner reads them, in the language in use: seats with the same
    change together, in seat order, and the seats whose score does not move said in words, never
    as ``+0`` (a misère's defenders, rules.md 500 §10; a thrown-in hand, §16).

    Args:
        names: the seat names, in seat order.
        changes: each seat's change (``State.returns()``), in seat order.

    >>> score_changes("ABCD", [-500, 0, -500, 0])
    'A and C −500; B and D score nothing'
    >>> score_changes("ABC", [150, -32, -20]), score_changes("ABCD", [-180, 40, -180, 40])
    ('A +150, B −32 and C −20', 'A and C −180; B and D +40')
    >>> score_changes("ABCDE", [140, 0, 0, 0, 20])
    'A +140 and E +20; B, C and D score nothing'
    >>> score_changes("ABCD", [0, 0, 0, 0])
    'no score changes'
    """
    groups: dict[int, list[str]] = {}
    for n, c in zip(names, changes):
        groups.setdefault(c, []).append(n)
    moved = [_join(seats, html=False) + " " + f"{c:+d}".replace("-", "−") for c, seats in groups.items() if c]
    still = groups.get(0, [])
    if not moved:
        return _("no score changes")
    # "A +150, B −32 and C −20", but "A and C −180; B and D +40" when a change is shared
    text = _join(moved, html=False) if all(len(v) == 1 for c, v in groups.items() if c) else "; ".join(moved)
    if still:
        nothing = (_("{name} scores nothing") if len(still) == 1 else _("{names} score nothing")).format(
            name=still[0], names=_join(still, html=False))
        text = _("{moved}; {nothing}").format(moved=text, nothing=nothing)
    return text


def trick_text(trick: Trick, names: Sequence[str] | None = None) -> str:
    """A trick in words: who played what, and who won it (seat names from ``names``, else A, B…)."""
    def name(s: int) -> str:
        return names[s] if names else "ABCDEFGH"[s]

    plays = ", ".join(f"{name(s)} {c}" for s, c in trick.plays)
    if trick.winner is None:
        return plays
    return _("{plays}: won by {name}").format(plays=plays, name=name(trick.winner))


def html_of(value: Any, names: Sequence[str] | None = None) -> str:
    """``value`` as HTML for a sentence or a table cell (see the module doc for each kind)."""
    if isinstance(value, Shown):
        return value.html
    if isinstance(value, (bool, Real)):
        return escape(text_of(value))
    if isinstance(value, Card):
        return _card_html(value)
    if isinstance(value, Cards):
        if not value:
            return escape(_("no cards"))
        return cards_svg(list(value), **_SMALL)
    if isinstance(value, Trick):
        def name(s: int) -> str:
            return names[s] if names else "ABCDEFGH"[s]
        cells = "".join(f"<span style='display:inline-block;text-align:center;margin-right:4px'>"
                        f"{escape(name(s))}<br>{cards_svg([c], **_SMALL)}</span>" for s, c in value.plays)
        won = "" if value.winner is None else " " + escape(_("won by {name}").format(name=name(value.winner)))
        return f"<span style='display:inline-block;vertical-align:middle'>{cells}</span>{won}"
    if _is_action(value):
        return f"<b>{escape(action_text(value))}</b>"
    if isinstance(value, (list, tuple, set, frozenset)):
        return _join([html_of(v, names) for v in value], html=True)
    if hasattr(value, "_repr_html_"):
        return str(value._repr_html_())
    return escape(str(value))


def say(template: str, *, names: Sequence[str] | None = None, **values: Any) -> Shown:
    """One sentence: ``template`` with ``{field}`` replaced by each value drawn by its kind.

    Args:
        template: the sentence, ``str.format`` fields only (no format specs).
        names: seat names for drawing tricks (default A, B, C…).
        values: the values of the fields.

    Raises:
        KeyError: a field of ``template`` with no value.
    """
    html, text = [], []
    for literal, field, _spec, _conv in Formatter().parse(template):
        html.append(escape(literal))
        text.append(literal)
        if field is not None:
            html.append(html_of(values[field], names))
            text.append(text_of(values[field], names))
    return Shown(f"{_CSS}<p class='cardkit-say'>{''.join(html)}</p>", "".join(text))


def answer(template: str, *, names: Sequence[str] | None = None, **values: Any) -> Shown:
    """The answer to a question on the page, folded until the learner opens it: a
    ``<details>`` block whose summary reads "The answer (open it once you have tried)" in the
    language in use, holding :func:`say`'s sentence (same arguments, same errors)."""
    inner = say(template, names=names, **values)
    label = escape(_("The answer (open it once you have tried)"))
    html = (f"<details class='cardkit-answer'><summary style='cursor:pointer;font-weight:bold'>{label}</summary>"
            f"{inner.html}</details>")
    return Shown(html, inner.text)


def signed(points: float) -> str:
    """Points rounded to whole ones with their sign and a true minus (U+2212): ``"+35"``,
    ``"−12"``; ``"0"`` when they round to nothing (never "+0" or "−0"). For a mean or an expected
    change; a hand's own score change is :func:`change_words`.

    >>> signed(34.6), signed(-12.2), signed(-0.4), signed(float("nan"))
    ('+35', '−12', '0', '')

    Not a number (NaN) or an infinite value reads as nothing (``""``), as a gap in a table does.
    """
    if points != points or points in (float("inf"), float("-inf")):
        return ""
    whole = round(points)
    return "0" if whole == 0 else f"{whole:+d}".replace("-", "\u2212")


def change_words(n: int) -> str:
    """A score change as a learner reads it, in the language in use: ``"+40"``, ``"−25"`` (a true
    minus sign) and ``"no change"`` for 0 (``"sin cambio"``), never ``"+0"``.

    >>> change_words(-21), change_words(0), change_words(66)
    ('−21', 'no change', '+66')
    """
    return _("no change") if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def facts(rows: Mapping[str, Any] | Iterable[tuple[str, Any]], *, names: Sequence[str] | None = None,
          caption: str | None = None) -> Shown:
    """A two-column table: each row a label and a value drawn by its kind (``html_of``).

    Args:
        rows: ``{label: value}`` or ``(label, value)`` pairs, in order.
        names: seat names for drawing tricks.
        caption: a title above the table.
    """
    pairs = list(rows.items()) if isinstance(rows, Mapping) else list(rows)
    body = "".join(f"<tr><th>{escape(str(k))}</th><td>{html_of(v, names)}</td></tr>" for k, v in pairs)
    cap = f"<caption style='text-align:left;font-weight:bold'>{escape(caption)}</caption>" if caption else ""
    text = "\n".join(f"{k}: {text_of(v, names)}" for k, v in pairs)
    return Shown(f"{_CSS}<table class='cardkit-facts'>{cap}{body}</table>",
                 (caption + "\n" if caption else "") + text)


#: A citation, after a closing parenthesis of plain words (a rule option's: no digit, no suit
#: symbol, so not a hand or a count) when there is one.
_RULE_REF = re.compile(r"(\([^()\d♠♣♦♥]*)?(\))?\s*\[rules\.md (\w+) §(\d+)\]")


def game_word(name: str) -> str | None:
    """How learners read the game called ``name`` in "rule 8 of 501" (its declared
    :attr:`~cardkit.game.Game.rules_word`, translated: "regla 8 de Quinientos"); ``None`` for no game."""
    from .registry import find_game_class

    try:
        return _(find_game_class(name).rules_word)
    except UnknownOptionError:
        return None


def plain_rule(message: str) -> tuple[str, str | None]:
    """An engine message for learners: each ``[rules.md 501 §8]`` in it becomes "(rule 8 of
    501)" in the language in use; the rules.md items are returned apart, for a teacher's tooltip.

    Returns:
        ``(text, items)``: the message in plain words, and the items it cited, e.g.
        ``"rules.md 501 §8"`` (several joined by ``"; "``; ``None`` when it cites none).

    >>> plain_rule("cannot follow ♠, so must play a trump [rules.md 501 §8]")
    ('cannot follow ♠, so must play a trump (rule 8 of 501)', 'rules.md 501 §8')
    >>> plain_rule("'bid 60' is illegal [rules.md 501 §5]; see also [rules.md 501 §6].")
    ("'bid 60' is illegal (rule 5 of 501); see also (rule 6 of 501).", 'rules.md 501 §5; rules.md 501 §6')
    >>> plain_rule("the joker may not lead before the final trick (the joker leads only the last trick) [rules.md 500 §8]")[0]
    'the joker may not lead before the final trick (the joker leads only the last trick; rule 8 of Five Hundred)'
    >>> plain_rule("Q♥ is not in B's hand (K♥ K♠ 9♠) [rules.md 501 §8]")[0]
    "Q♥ is not in B's hand (K♥ K♠ 9♠) (rule 8 of 501)"
    """
    items: list[str] = []

    def plain(m: re.Match[str]) -> str:
        if game_word(m.group(3)) is None:
            return m.group(0)
        item = f"rules.md {m.group(3)} §{m.group(4)}"
        if item not in items:
            items.append(item)
        if m.group(1) is not None and m.group(2):  # a rule option's words end the sentence: one parenthesis
            return f"{m.group(1)}; {rule_words(item)})"
        return f"{m.group(1) or ''}{m.group(2) or ''} ({rule_words(item)})"

    text = _RULE_REF.sub(plain, message)
    return text, "; ".join(items) or None


def held_order(state: State, cards: Iterable[Card]) -> list[Card]:
    """``cards`` as a hand is held: :meth:`cardkit.game.State.held_order` of ``state`` (grouped by
    suit, trumps first once a trump suit stands, each suit from its highest card down); a new list."""
    return state.held_order(cards)


def rule_words(item: str) -> str:
    """A rules.md item as learners read it, in the language in use.

    Args:
        item: ``"rules.md 501 §8"`` (or ``500``).

    Raises:
        ValueError: ``item`` is not of that form.

    >>> rule_words("rules.md 500 §6")
    'rule 6 of Five Hundred'
    """
    m = re.fullmatch(r"rules\.md (\w+) §(\d+)", item)
    word = None if m is None else game_word(m.group(1))
    if m is None or word is None:
        raise ValueError(f"not a rules.md item: {item!r} (write 'rules.md 501 §8')")
    return _("rule {n} of {game}").format(n=m.group(2), game=word)


def rules_words(items: Sequence[str]) -> str:
    """Several rules.md items as learners read them, one game's rules together in the rule text's
    order, in the language in use: ``"rules 8 and 12 of 501"``, never "rule 12 of 501, rule 8 of
    501" nor "rules 12 and 8".

    Args:
        items: ``"rules.md 501 §8"``-style items (``500`` too); the games in the order first cited.

    Raises:
        ValueError: an item is not of that form.

    >>> rules_words(["rules.md 501 §12", "rules.md 501 §8"]), rules_words(["rules.md 500 §6"])
    ('rules 8 and 12 of 501', 'rule 6 of Five Hundred')
    """
    games: dict[str, list[str]] = {}
    for item in items:
        m = re.fullmatch(r"rules\.md (\w+) §(\d+)", item)
        if m is None or game_word(m.group(1)) is None:
            raise ValueError(f"not a rules.md item: {item!r} (write 'rules.md 501 §8')")
        if m.group(2) not in games.setdefault(m.group(1), []):
            games[m.group(1)].append(m.group(2))
    parts = [rule_words(f"rules.md {game} §{ns[0]}") if len(ns) == 1 else
             _("rules {numbers} of {game}").format(numbers=_join(sorted(ns, key=int), html=False),
                                                   game=game_word(game))
             for game, ns in games.items()]
    return _join(parts, html=False)


def said_html(message: str) -> str:
    """An engine message as a widget's line (HTML): :func:`plain_rule`'s words, each rule a link
    to its card (:func:`cardkit.rulecards.linked_html`)."""
    from .rulecards import linked_html

    return linked_html(plain_rule(message)[0])


def illegal_span(message: str) -> str:
    """An illegal action's explanation as a widget's message line (HTML): the engine's sentence
    with its rule in plain words (:func:`plain_rule`) as a link that opens the rule's card
    (:func:`cardkit.rulecards.rule_links`).

    >>> html = illegal_span("A cannot bid 6♥: 6♥ does not outrank the standing bid of 7♠ [rules.md 500 §4]")
    >>> html.startswith("<span class='cardkit-illegal'>A cannot bid 6♥: 6♥ does not outrank the standing bid of 7♠ "
    ...                 "(<label class='cardkit-rule-link'")
    True
    """
    from .rulecards import rule_links

    text, cards = rule_links(plain_rule(message)[0])
    return f"<span class='cardkit-illegal'>{text}</span>{cards}"


def refusal(message: str) -> Shown:
    """An illegal action's explanation as a learner reads it: the rule in plain words (see
    :func:`plain_rule`), a link that opens the rule's card (:func:`cardkit.rulecards.rule_links`)."""
    from .rulecards import rule_links

    text = plain_rule(message)[0]
    html, cards = rule_links(text)
    return Shown(f"{_CSS}<p class='cardkit-say cardkit-refusal'>&#9995; {html}</p>{cards}", text)
