"""The table server's pages in the reader's language: one page head, three bodies.

``templates/page.html`` is the head every page shares (language, title, style sheet, and the
page's words as JSON for the script); ``templates/table.html`` is the body of the student's page
(``/play/ID``) and the projector's (``/show/ID``), ``templates/index.html`` the body of ``/``.
Every word people read goes through the kit's gettext catalogs (:mod:`cardkit.i18n`,
``make messages``): the page is written in English or Spanish, chosen by ``?lang=`` or else by
the browser's ``Accept-Language`` header (docs/server.md §8).
"""

from __future__ import annotations

import json
from pathlib import Path
from string import Template

from ..escaping import escape
from ..i18n import LANGUAGES, _, language

TEMPLATES = Path(__file__).resolve().parent / "templates"


def choose_language(asked: str | None, accept: str | None) -> str:
    """The page's language: ``asked`` (``?lang=``) when the kit has it, else the first language of
    the ``Accept-Language`` header (``"es-ES,es;q=0.9,en;q=0.8"``) that it has, by weight; else
    ``"en"``. Returns one of :data:`cardkit.i18n.LANGUAGES`."""
    if asked in LANGUAGES:
        return str(asked)
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = tag.strip().split("-")[0].lower()
        if lang in LANGUAGES and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else "en"


def words() -> dict[str, str]:
    """The words the page script writes, in the language in use: ``{key: text}``, where a text
    may hold ``{name}``, ``{n}``, ``{outcome}`` or ``{table}`` for the script to fill in."""
    return {
        "connecting": _("connecting…"), "connected": _("connected"), "reconnecting": _("reconnecting…"),
        "not_connected": _("not connected"), "unreachable": _("The server cannot be reached; trying again."),
        "no_code": _("This address needs a table and a code: …/play/TABLE?code=CODE"),
        "title": _("{title} · table {table}"), "tab_show": _("{title} · table"),
        "projector": _("Projector: the whole table"), "you_are": _("You are {name}"),
        "hand_deals": _("Hand {n}, {name} deals."), "match_over": _("The match is over: {outcome}."),
        "hand_over": _("The hand is over."), "your_turn": _("Your turn."), "to_act": _("{name} to act."),
        "to_act_computer": _("{name} to act (computer)."), "your_choices": _("Your choices"),
        "dealer": _("dealer"), "computer": _("computer"), "you": _("you"), "none": _("none"),
        "one_card": _("1 card"), "n_cards": _("{n} cards"),
        "trick": _("Trick {n}"), "last_trick": _("Last trick, won by {name}"), "scores": _("Scores"),
        "score": _("score"), "this_hand": _("this hand"), "join": _("Join this table"),
        "computer_player": _("computer player"), "qr": _("QR code of {name}'s link"),
        "hide_hands": _("Hide the hands"), "show_hands": _("Show the hands"),
        "record": _("Download the record"),
        "projector_seat": _("Projector: {name}'s seat"),
        "hands_hidden": _("The hands are hidden: the class sees what every seat may see."),
        "click_card": _("Click a marked card of your hand: {verb}."),
        "talon_taken": _("turned up for all, taken by {name}"),
        "no_combination": _("This combination is not allowed now."),
        "join_all": _("Join links and QR codes"),
        "no_card_now": _("No card is played, given or buried now ({what})."),
        "and": _("and"), "partner": _("Your partner is {names}."), "partners": _("Your partners are {names}."),
        "pick_cards": _("Choose {n} cards of your hand, then confirm: {verb}."),
        "pick_go": _("{verb} these {n}"), "picked": _("{n} of {of} chosen"),
        "less": _("5 less"), "more": _("5 more"), "tricks_taken": _("tricks"),
    }


def _fill(name: str, **values: str) -> str:
    return Template((TEMPLATES / name).read_text(encoding="utf-8")).substitute(values)


def page(role: str, lang: str) -> str:
    """The HTML of a page in ``lang``: ``role`` is ``"play"`` (a student's seat), ``"show"`` (the
    projector), ``"index"`` (``/``, the form that makes a table, for the teacher's session) or
    ``"locked"`` (``/`` without the teacher's token: how to get in).

    Raises:
        ValueError: an unknown role or language.
    """
    if role not in ("play", "show", "index", "locked"):
        raise ValueError(f"no page {role!r}: use play, show, index or locked")
    with language(lang):
        title = _("cardkit table server") if role in ("index", "locked") else _("cardkit table")
        esc = {k: escape(v) for k, v in {
            "title": title, "connecting": _("connecting…"),
            "actions": _("your actions") if role == "play" else _("actions"), "board": _("the table"),
            "trick": _("the trick"), "scores": _("scores"), "log": _("This hand, step by step"),
            "intro": _("Make a table: the projector page that opens shows each student's link and QR code."),
            "game": _("Game"), "players": _("Players"), "computer": _("Computer seats"),
            "example": _("e.g. B C"), "make": _("Make the table"),
            "join_label": _("join links"),
            "locked": _("Only the teacher makes tables here."),
            "locked_how": _("Open the teacher's link that \"cardkit serve\" printed when it started "
                            "(it ends in ?token=…); a student opens the link of their own seat."),
        }.items()}
        # the words as JSON inside <script>: "</" may not appear there
        data = json.dumps(words(), ensure_ascii=False).replace("</", "<\\/")
    static = "static" if role in ("index", "locked") else "../static"
    if role in ("index", "locked"):
        body = _fill(f"{role}.html", lang=lang, static=static, **esc)
    else:
        join = (f'<section id="join" class="join" aria-label="{esc["join_label"]}"></section>'
                '<p id="hidden-note" class="hidden-note" role="status"></p>') if role == "show" else ""
        body = _fill("table.html", static=static, join=join, **esc)
    return _fill("page.html", lang=lang, title=esc["title"], static=static, words=data, role=role, body=body)
