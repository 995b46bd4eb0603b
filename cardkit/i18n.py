"""User-facing words through gettext message catalogs (``cardkit/locale/<lang>/LC_MESSAGES``).

The engine writes its messages in English as gettext message ids, wrapped in :func:`_`; a
catalog translates them. :func:`set_language` picks the language (``"en"`` or ``"es"``) for the
whole process (``with language("es"):`` for a block); the ``CARDKIT_LANG`` environment variable
sets the default, so a widget or notebook with a ``lang`` setting calls ``set_language(lang)``.

Records stay language-independent: an action is stored and parsed as its English text
(``"bid 80"``). What people read goes through :func:`phase_name`, :func:`action_text` and
:func:`heading`, which widgets, tables and transcripts call.

The catalogs are built with ``make messages`` (Babel's ``pybabel``: extract every ``_()``,
``N_()``, ``ngettext()`` and ``pgettext()`` of ``cardkit/**/*.py`` into ``cardkit/messages.pot``, update
``cardkit/locale/es/LC_MESSAGES/cardkit.po``, compile ``cardkit.mo``).

>>> set_language("en"); _("pass")
'pass'
>>> set_language("es"); phase_name("auction"), action_text("declare NT 100"), heading("dealer")
('subasta', 'declara sin triunfo 100', 'repartidor')
>>> set_language("en"); action_text("declare NT 100")
'declare no-trump 100'
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Protocol, runtime_checkable

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "cardkit"
LANGUAGES = ("en", "es")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_words: dict[str, dict[str, str]] = {}


def set_language(lang: str) -> None:
    """Use ``lang`` (one of :data:`LANGUAGES`) for every message from now on.

    Raises:
        ValueError: for a language the kit has no catalog for, or whose compiled catalog
            (``cardkit/locale/<lang>/LC_MESSAGES/cardkit.mo``) is missing.
    """
    global _translation, _language
    if lang not in LANGUAGES:
        raise ValueError(_("unknown language {lang!r}: use one of {choices}").format(
            lang=lang, choices=", ".join(LANGUAGES)))
    if lang == "en":
        _translation = gettext.NullTranslations()
    else:
        try:
            _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
        except OSError:
            raise ValueError(_("no compiled catalog for {lang!r} in {where}: run `make messages`").format(
                lang=lang, where=LOCALE_DIR)) from None
    _language = lang
    _words.clear()


def get_language() -> str:
    """The language in use, ``"en"`` or ``"es"``."""
    return _language


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Use ``lang`` inside a ``with`` block, then go back to the language in use before.

    Raises:
        ValueError: as :func:`set_language`.

    >>> with language("es"):
    ...     _("all passed")
    'todos pasaron'
    >>> get_language()
    'en'
    """
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    """Translate ``message`` (an English message id) into the language in use."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate the singular or plural form for ``n`` in the language in use ("1 trick",
    "2 tricks"; Spanish "1 baza", "2 bazas"). Format ``{n}`` into the result yourself.

    >>> ngettext("{n} trick", "{n} tricks", 1).format(n=1), ngettext("{n} trick", "{n} tricks", 2).format(n=2)
    ('1 trick', '2 tricks')
    """
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (translate it later with :func:`_`)."""
    return message


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` (e.g. ``"phase"``, ``"action"``), for one English word
    that needs different translations in different places ("pass" the call, "play" the phase)."""
    return _translation.pgettext(context, message)


def number(x: float) -> str:
    """``x`` as the language in use writes it, shortest form: ``number(6.75)`` is ``"6.75"`` in
    English, ``"6,75"`` in Spanish (the decimal mark is a translated message)."""
    return f"{x:g}".replace(".", pgettext("decimal mark", "."))


def _table(kind: str) -> dict[str, str]:
    """The translated words of ``kind`` (``"phase"``, ``"action"``, ``"heading"``) in the language
    in use, cached per language. The literal ``pgettext`` calls are what extraction finds."""
    table = _words.get(kind)
    if table is not None:
        return table
    if kind == "phase":
        # Phases of both games (rules.md 501 §5–§8, 500 §4–§8).
        table = {
            "auction": pgettext("phase", "auction"),
            "talon": pgettext("phase", "talon"),
            "exchange": pgettext("phase", "exchange"),
            "play": pgettext("phase", "play"),
            "over": pgettext("phase", "over"),
            "kitty": pgettext("phase", "kitty"),
            "bury": pgettext("phase", "bury"),
            "nominate": pgettext("phase", "nominate"),
            "call": pgettext("phase", "call"),
        }
    elif kind == "action":
        # Words of action texts (verbs first, then the words that can follow them).
        table = {
            "pass": pgettext("action", "pass"),
            "look": pgettext("action", "look"),
            "bid": pgettext("action", "bid"),
            "abandon": pgettext("action", "abandon"),
            "declare": pgettext("action", "declare"),
            "give": pgettext("action", "give"),
            "play": pgettext("action", "play"),
            "marriage": pgettext("action", "marriage"),
            "NT": pgettext("action", "no-trump"),
            "naming": pgettext("action", "naming"),
            "bury": pgettext("action", "bury"),
            "nominate": pgettext("action", "nominate"),
            # keeping the joker free, as the rule says it ("unnominated", rules.md 500 §8)
            "nominate none": pgettext("action", "leave the joker unnominated"),
            "call": pgettext("action", "call"),
            "alone": pgettext("action", "alone"),
            "go": pgettext("action", "go"),
            "none": pgettext("action", "none"),
            "misère": pgettext("action", "misère"),
            "open misère": pgettext("action", "open misère"),
            # the joker's short name "Jo" read in words ("play the joker naming ♥", rules.md 500 §2)
            "Jo": pgettext("action", "the joker"),
        }
    elif kind == "verb":
        # An action's verb as it reads after "cannot" ("C cannot play 10♦", "C no puede jugar 10♦").
        table = {
            "pass": pgettext("verb", "pass"),
            "look": pgettext("verb", "look"),
            "bid": pgettext("verb", "bid"),
            "abandon": pgettext("verb", "abandon"),
            "declare": pgettext("verb", "declare"),
            "give": pgettext("verb", "give"),
            "play": pgettext("verb", "play"),
            "bury": pgettext("verb", "bury"),
            "nominate": pgettext("verb", "nominate"),
            "nominate none": pgettext("verb", "leave the joker unnominated"),
            "call": pgettext("verb", "call"),
            "go": pgettext("verb", "go"),
        }
    elif kind == "heading":
        # Column headings of score sheets and tables (Match.score_sheet keys, rules.md 501 §10).
        table = {
            "hand": pgettext("heading", "hand"),
            "dealer": pgettext("heading", "dealer"),
            "summary": pgettext("heading", "summary"),
            "start": pgettext("heading", "start"),
            "score": pgettext("heading", "score"),
            "scores": pgettext("heading", "scores"),
            "change": pgettext("heading", "change"),
            "seat": pgettext("heading", "seat"),
            "player": pgettext("heading", "player"),
            "contract": pgettext("heading", "contract"),
            "declarer": pgettext("heading", "declarer"),
            "contractor": pgettext("heading", "contractor"),
            "trump": pgettext("heading", "trump"),
            "tricks": pgettext("heading", "tricks"),
            "points": pgettext("heading", "points"),
            "marriages": pgettext("heading", "marriages"),
            "result": pgettext("heading", "result"),
            "winner": pgettext("heading", "winner"),
            "hands": pgettext("heading", "hands"),
        }
    else:
        raise ValueError(f"unknown word table {kind!r}")
    _words[kind] = table
    return table


#: Suit words that game modules translate with ``_()`` (Five Hundred's notes on the bowers and
#: the joker, "the J♣ is a spade while spades are trumps"); marked here so extraction finds them.
SUIT_WORDS = (N_("spade"), N_("spades"), N_("club"), N_("clubs"), N_("diamond"), N_("diamonds"),
              N_("heart"), N_("hearts"))
#: The games' words for the cards set aside at the deal (501's talon, Five Hundred's kitty),
#: which the widgets translate with ``_()``.
TALON_WORDS = (N_("talon"), N_("kitty"))


def phase_name(phase: str) -> str:
    """The name people read for a game phase (``State.phase``), in the language in use.

    ``phase``: a phase of either game, e.g. ``"auction"``, ``"talon"``, ``"exchange"``,
    ``"play"``, ``"over"``. A phase the kit does not know comes back unchanged.

    >>> set_language("en"); phase_name("talon")
    'talon'
    """
    return _table("phase").get(phase, phase)


def action_text(action: Any) -> str:
    """The text people read for an action (an :class:`~cardkit.game.Action` or its text).

    The stored, parsed text stays English (``str(action)``, e.g. ``"bid 80"``, kept in
    records); this translates its words (``"puja 80"`` in Spanish) and keeps numbers, cards and
    suits as they are. Words it does not know stay unchanged.

    >>> set_language("es"); action_text("play K♠ marriage"), action_text("pass")
    ('juega K♠ con matrimonio', 'pasa')
    >>> action_text("bid open misère"), action_text("bid 8NT"), action_text("go alone")
    ('puja miseria abierta', 'puja 8 sin triunfo', 'juega solo')
    >>> action_text("nominate none")
    'deja el comodín sin designar'
    >>> set_language("en")

    An action object is read through what it declares (:meth:`~cardkit.game.Action.translated`,
    its game's words); only a text (a log line, a message quoting an action) is read word by word.
    """
    if isinstance(action, Worded):
        return action.translated()
    return _words_of(str(action).split(), _table("action"))


@runtime_checkable
class Worded(Protocol):
    """What an action (:class:`cardkit.game.Action`) declares of its words, as this module reads it
    (without importing the game protocol, which imports this module)."""

    def translated(self) -> str:
        """The action's words in the language in use."""
        ...

    def phrase(self) -> str:
        """The action as the verb phrase after "cannot"."""
        ...

    def bid_words(self) -> str | None:
        """What the action bids, without its verb, or ``None`` for an action that is not a bid."""
        ...


def action_phrase(action: Any) -> str:
    """An action as the verb phrase that follows "cannot" in the language in use: the words of
    :func:`action_text` with the verb as the language writes it there (Spanish: the infinitive).
    Refusals read as a sentence with it: "C cannot play 10♦", "C no puede jugar 10♦".

    ``action``: an :class:`~cardkit.game.Action` (read through what it declares,
    :meth:`~cardkit.game.Action.phrase`) or its text; unknown words stay unchanged.

    >>> set_language("es"); action_phrase("play 10♦"), action_phrase("go alone"), action_phrase("bid 8NT")
    ('jugar 10♦', 'jugar solo', 'pujar 8 sin triunfo')
    >>> set_language("en"); action_phrase("play 10♦ marriage")
    'play 10♦ marriage'
    """
    if isinstance(action, Worded):
        return action.phrase()
    words = str(action).split()
    if not words:
        return ""
    whole = _table("verb").get(" ".join(words))  # a phrase of its own: "leave the joker unnominated"
    if whole is not None:
        return whole
    verb = _table("verb").get(words[0])
    if verb is None:
        return action_text(action)
    return " ".join([verb] + ([_words_of(words[1:], _table("action"))] if words[1:] else []))


def bid_text(action: Worded) -> str:
    """A bid as people name it, without its verb: ``"6♣"``, ``"misère"``, ``"80"`` for ``bid 6♣``,
    ``bid misère``, ``bid 80`` (Spanish ``"miseria"``, ``"8 sin triunfo"``), so a sentence can say
    "the standing bid is 6♣". Any other action comes back as :func:`action_text` gives it.

    ``action``: an :class:`~cardkit.game.Action`, read through what it declares
    (:meth:`~cardkit.game.Action.bid_words`).

    >>> from cardkit.game500 import Game500
    >>> from cardkit.game501 import Game501
    >>> g, g501 = Game500(), Game501()
    >>> set_language("es"); bid_text(g.parse_action("bid 8NT")), bid_text(g.parse_action("bid open misère"))
    ('8 sin triunfo', 'miseria abierta')
    >>> bid_text(g.parse_action("pass"))
    'pasa'
    >>> set_language("en"); bid_text(g.parse_action("bid 7NT")), bid_text(g501.parse_action("declare ♠ 75"))
    ('7NT', 'declare ♠ 75')
    """
    words = action.bid_words()
    return action.translated() if words is None else words


def _words_of(words: list[str], table: dict[str, str]) -> str:
    """``words`` translated by ``table``, two-word terms first; bids such as ``8NT`` spelt out."""
    out = []
    i = 0
    while i < len(words):
        pair = " ".join(words[i:i + 2])
        if i + 1 < len(words) and pair in table:  # two-word terms first: "open misère"
            out.append(table[pair])
            i += 2
            continue
        w = words[i]
        if w.endswith("NT") and w[:-2].isdigit():  # a Five Hundred bid such as "8NT"
            out.append(f"{w[:-2]} {table['NT']}")
        else:
            out.append(table.get(w, w))
        i += 1
    return " ".join(out)


def heading(key: str) -> str:
    """A score sheet or table column heading in the language in use.

    ``key``: a column key of :meth:`cardkit.game.Match.score_sheet` (``"hand"``, ``"dealer"``,
    ``"summary"``; a seat's change column ``"A ±"`` keeps its name and sign) or of another table
    (``"contract"``, ``"trump"``, …). An unknown key comes back unchanged.

    >>> set_language("es"); heading("hand"), heading("A ±"), heading("A")
    ('mano', 'A ±', 'A')
    >>> set_language("en")
    """
    return _table("heading").get(key, key)


_env = os.environ.get("CARDKIT_LANG")
if _env in LANGUAGES:
    try:
        set_language(_env)
    except ValueError as _e:
        import warnings

        warnings.warn(f"CARDKIT_LANG={_env}: {_e}; using English", stacklevel=1)
