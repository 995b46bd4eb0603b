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
from .i18n import _, pgettext

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


def _words() -> dict[tuple[str, int], str]:
    # literal pgettext calls, so that `make messages` finds every rule's words
    return {
        ("501", 1): pgettext("rule words", "Three players, or four. With four, the dealer sits out that hand: no "
                             "cards, no turn, no change of score. Everyone starts at 501 points."),
        ("501", 2): pgettext("rule words", "The first dealer is drawn at random. After every hand the deal moves "
                             "one seat to the left, also when everyone passed or the hand was abandoned."),
        ("501", 3): pgettext("rule words", "24 cards: A 10 K Q J 9 in each suit, ranked in that order and worth "
                             "11, 10, 4, 3, 2 and 0 points: 120 in the whole pack."),
        ("501", 4): pgettext("rule words", "Cards are dealt one at a time, starting on the dealer's left. After "
                             "each of the first three rounds one card goes face down to the talon. Each player "
                             "ends with 7 cards and the talon with 3."),
        ("501", 5): pgettext("rule words", "The player on the dealer's left speaks first, then the turn goes "
                             "left. Each call is a pass or a bid of at least 66 points, higher than the last bid; "
                             "a pass is final. The auction ends when one bid stands and everyone else has "
                             "passed; if everyone passes, the next player deals. No bid may be over 220."),
        ("501", 6): pgettext("rule words", "Everyone starts the hand blind, cards face down. On your turn you may "
                             "look at your cards before you call; looking is final. If the winner of the auction "
                             "is still blind, their result counts double."),
        ("501", 7): pgettext("rule words", "The winner of the auction turns the three talon cards face up and "
                             "takes them. Then they either abandon (their last bid is added to their score and "
                             "each opponent takes 25 off) or declare trumps or no trumps and a contract at least "
                             "as high as their last bid, and give one card face down to each opponent. Everyone "
                             "then holds 8 cards."),
        ("501", 8): pgettext("rule words", "The player on the dealer's left leads the first trick. Follow suit if "
                             "you can; if you cannot, you must play a trump if you have one (any trump); "
                             "otherwise play any card. In no trumps a player who cannot follow plays anything. "
                             "The highest trump wins the trick, else the highest card of the suit led; the "
                             "winner leads next."),
        ("501", 9): pgettext("rule words", "A player about to lead who holds the K and the Q of one suit may show "
                             "both and lead one of them: a marriage, worth 40 if that suit is trumps and 20 "
                             "otherwise (20 each in no trumps). It counts only if that player wins at least "
                             "one trick in the hand."),
        ("501", 10): pgettext("rule words", "A player's hand total is the card points they took in tricks plus "
                              "their marriages that count. If the declarer's total reaches the contract, the "
                              "contract comes off their score; if not, it is added (twice as much when blind). "
                              "Each defender takes their own hand total off their score."),
        ("501", 11): pgettext("rule words", "After each whole hand, if any score is 0 or below, the match ends: "
                              "the lowest score wins, and an exact tie shares the win."),
        ("501", 12): pgettext("rule words", "The rule text's example: A wins the auction blind at 80, raises the "
                              "contract to 100, takes 68 card points and a marriage of 20: 88 is less than 100, "
                              "so A fails and goes from 501 to 701. B took 32 and goes to 469; C took 20 and "
                              "goes to 481."),
        ("500", 1): pgettext("rule words", "Four players in two sides; partners sit opposite each other. "
                             "Everything goes round to the left."),
        ("500", 2): pgettext("rule words", "With four players the pack has 43 cards: A down to 5 in the black "
                             "suits, A down to 4 in the red suits, and one joker. Three players use 33 cards, "
                             "five use 53 and six use 63, always with one joker."),
        ("500", 3): pgettext("rule words", "Ten cards each and three to the kitty, dealt from the dealer's left: "
                             "3 each, 1 to the kitty, 4 each, 1 to the kitty, 3 each, 1 to the kitty."),
        ("500", 4): pgettext("rule words", "The player on the dealer's left speaks first, then the turn goes "
                             "left. A bid is a number of tricks (6 to 10) with a suit or no trumps, and must "
                             "outrank the standing bid: more tricks, or as many in a higher suit (♠ ♣ ♦ ♥ NT, "
                             "lowest first). A pass is final. Misère (250) and open misère (500) are bids too. "
                             "If everyone passes, the hand is thrown in."),
        ("500", 5): pgettext("rule words", "The contractor takes the three kitty cards without showing them, "
                             "puts any three cards face down out of the game (buries them), then leads the "
                             "first trick."),
        ("500", 6): pgettext("rule words", "In a suit contract the trumps are, highest first: the joker, the jack "
                             "of trumps (right bower), the other jack of the same colour (left bower, a trump "
                             "for everything, following suit too), then A K Q 10 9 … of trumps. So the left "
                             "bower's own suit has no jack."),
        ("500", 7): pgettext("rule words", "Follow the suit led if you can; otherwise play any card. The highest "
                             "trump wins the trick, else the highest card of the suit led; the winner leads "
                             "next."),
        ("500", 8): pgettext("rule words", "In no trumps and misère the joker belongs to no suit and beats every "
                             "card, unless its holder, the contractor, named a suit for it before the first "
                             "lead. You may play it on a lead only when you hold none of the suit led (in "
                             "misère you must then). Leading it, you name a suit the others must follow."),
        ("500", 9): pgettext("rule words", "A misère contractor must lose every trick: no trumps, the partner "
                             "sits out, and the hand stops as soon as the contractor wins a trick. In open misère "
                             "the contractor's cards lie face up after the first trick."),
        ("500", 10): pgettext("rule words", "Contract made: the contracting side scores its value (all ten tricks "
                              "on a contract worth less than 250 score 250). Contract failed: the value comes "
                              "off. The defenders score 10 for each trick they took. A misère scores 250 (open "
                              "misère 500), won or lost, for the contractor only."),
        ("500", 11): pgettext("rule words", "A side wins by reaching 500 on a hand it bid and made (the usual "
                              "rule option); a side at −500 or below has lost."),
        ("500", 12): pgettext("rule words", "Three players use a 33-card pack. The contractor plays alone against "
                              "the other two, who score each for themselves."),
        ("500", 13): pgettext("rule words", "Five players use a 53-card pack. After burying, the contractor goes "
                              "alone or calls a card: whoever holds it is the partner, two against three."),
        ("500", 14): pgettext("rule words", "Six players use a 63-card pack and play in two sides of three (or, "
                              "with a rule option, three pairs)."),
    }


def rule_text(game: str, item: int) -> str:
    """Rule ``item`` of ``game`` in plain words, in the language in use ("" for a rule without words)."""
    return _words().get((game, item), "")


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
    from .progress import RULES

    out: list[tuple[re.Pattern[str], str]] = []
    for template, group in ((_("rules {numbers} of {game}"), r"(?P<ns>\d+(?:\D{1,8}?\d+)+)"),
                            (_("rule {n} of {game}"), r"(?P<n>\d+)")):
        for game in RULES:
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
