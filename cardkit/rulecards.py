"""Rule cards: each rule a learner is pointed to ("rule 8 of 501"), opened in plain words.

One source for a rule's words: :func:`rule_text` (a rule of ``docs/rules.md`` said for a learner,
English and Spanish through gettext; the title from :func:`cardkit.progress.rule_about`).
:func:`linked_html` turns a learner's sentence into HTML where every "rule 8 of 501" (or "rules 8
and 12 of 501", "regla 8 del 501") is a control that opens that rule's card below the sentence and
closes it on a second click or with its ✕; it needs no script (a checkbox and a label), so it works
in a widget, in a saved notebook and under the class server's ``script-src 'self'``.
A link's tooltip is the rule's heading and words: never an id such as ``rules.md 500 §3``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from .escaping import escape
from .i18n import _

__all__ = ["RULE_CARD_CSS", "RuleCard", "link_rules", "linked_html", "rule_card", "rule_links", "rule_text"]

#: Styles of the rule links and cards (carried by every HTML value that has a link).
RULE_CARD_CSS = ("<style>.cardkit-rule-link{color:#0645ad;text-decoration:underline;cursor:pointer}"
                 ".cardkit-rule-toggle{position:absolute;opacity:0;width:1px;height:1px;margin:0}"
                 ".cardkit-rule-card{display:none;border:1px solid #9ab;border-left:4px solid #2b6cb0;"
                 "background:#f4f8fc;color:#111;border-radius:4px;padding:6px 10px;margin:6px 0;max-width:640px}"
                 ".cardkit-rule-toggle:checked+.cardkit-rule-card{display:block}"
                 ".cardkit-rule-toggle:focus-visible+.cardkit-rule-card{outline:2px solid #2b6cb0}"
                 ".cardkit-rule-head{font-weight:bold;display:flex;justify-content:space-between;gap:12px}"
                 ".cardkit-rule-close{cursor:pointer;font-weight:normal;color:#333}"
                 ".cardkit-rule-words{margin-top:4px;line-height:1.4}</style>")
_IDS = itertools.count(1)


def rule_text(game: str, item: int) -> str:
    """Rule ``item`` of ``game`` in plain words, in the language in use ("" for a rule without words)."""
    from .progress import rule_items

    return rule_items(game).get(item, ("", ""))[1]


@dataclass(frozen=True)
class RuleCard:
    """What a rule card shows: ``heading`` ("Rule 8 of 501: Play") and ``words``."""

    game: str
    item: int
    heading: str
    words: str


def rule_card(game: str, item: int) -> RuleCard | None:
    """The card of rule ``item`` of ``game`` in the language in use, ``None`` when it has no words."""
    from .display import rule_words
    from .progress import rule_about

    words = rule_text(game, item)
    if not words:
        return None
    name = rule_words(f"rules.md {game} §{item}")
    about = rule_about(game, item)
    heading = _("{rule}: {title}").format(rule=name[:1].upper() + name[1:], title=about) if about else name
    return RuleCard(game, item, heading, words)


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """(pattern over escaped text, game) of each game's rule mentions in the language in use:
    several rules ("rules 8 and 12 of 501", group ``ns``) before one ("rule 8 of 501", group ``n``)."""
    from .display import game_word
    from .progress import all_rules

    out: list[tuple[re.Pattern[str], str]] = []
    for template, group in ((_("rules {numbers} of {game}"), r"(?P<ns>\d+(?:\D{1,8}?\d+)+)"),
                            (_("rule {n} of {game}"), r"(?P<n>\d+)")):
        for game in all_rules():
            word = game_word(game)
            if word is None:
                continue
            parts = re.split(r"\{(\w+)\}", escape(template))
            body = "".join(re.escape(p) if i % 2 == 0 else (group if p in ("n", "numbers") else re.escape(escape(word)))
                           for i, p in enumerate(parts))
            out.append((re.compile(r"(?<!\w)" + body + r"(?!\w)", re.IGNORECASE), game))
    return out


def rule_links(text: str) -> tuple[str, str]:
    """``text`` (plain text) as HTML with its rules as links, and the cards they open with their
    style sheet ("" when it names no rule); see :func:`linked_html`."""
    html, cards = link_rules(escape(text.replace("\x00", "")).replace("\n", "<br>"))
    return html, (RULE_CARD_CSS + cards if cards else "")


def linked_html(text: str, css: bool = True) -> str:
    """``text`` (a learner's sentence, plain text) as HTML: escaped, line breaks kept, each rule
    it names a link (a ``label``, class ``cardkit-rule-link``) to that rule's card, shown after the
    text (class ``cardkit-rule-card``, hidden until its link is clicked; a second click or its ✕
    hides it). ``css``: carry :data:`RULE_CARD_CSS` (when there is a link).

    >>> linked_html("no rule here & there")
    'no rule here &amp; there'
    """
    html, cards = rule_links(text)
    return html + (cards if css else cards.removeprefix(RULE_CARD_CSS))


def link_rules(html: str) -> tuple[str, str]:
    """Each rule named in ``html`` (escaped HTML with no markup inside its sentences, e.g. a
    table's) made a link to its card; returns the HTML and the cards' HTML, to put after it
    (no style sheet: :data:`RULE_CARD_CSS`)."""
    html = html.replace("\x00", "")
    cards: dict[tuple[str, int], str] = {}
    labels: list[str] = []  # put in after every pattern ran, so that none reads a label's title

    def link(game: str, n: str, shown: str) -> str:
        card = rule_card(game, int(n))
        if card is None:
            return shown
        key = (game, int(n))
        if key not in cards:
            cards[key] = f"cardkit-rule-{next(_IDS)}"
        labels.append(f"<label class='cardkit-rule-link' for='{cards[key]}' data-rule='{escape(game)}-{int(n)}' "
                      f"title='{escape(card.heading + ' — ' + card.words)}'>{shown}</label>")
        return f"\x00{len(labels) - 1}\x00"

    for pattern, game in _patterns():
        def one(m: re.Match[str], game: str = game) -> str:
            if "ns" not in m.groupdict():
                return link(game, m.group("n"), m.group(0))
            start, end = m.start("ns") - m.start(), m.end("ns") - m.start()
            ns = re.sub(r"\d+", lambda d: link(game, d.group(0), d.group(0)), m.group("ns"))
            return m.group(0)[:start] + ns + m.group(0)[end:]
        html = pattern.sub(one, html)
    html = re.sub("\x00(\\d+)\x00", lambda m: labels[int(m.group(1))], html)
    close = escape(_("close"))
    boxes = []
    for (game, n), ident in sorted(cards.items(), key=lambda kv: html.find(f"for='{kv[1]}'")):
        card = rule_card(game, n)
        assert card is not None
        boxes.append(f"<input type='checkbox' class='cardkit-rule-toggle' id='{ident}' "
                     f"aria-label='{escape(card.heading)}'>"
                     f"<div class='cardkit-rule-card' role='note' data-rule='{escape(game)}-{n}'>"
                     f"<div class='cardkit-rule-head'><span>📖 {escape(card.heading)}</span>"
                     f"<label class='cardkit-rule-close' for='{ident}' title='{close}'>✕</label></div>"
                     f"<div class='cardkit-rule-words'>{escape(card.words)}</div></div>")
    return html, "".join(boxes)
