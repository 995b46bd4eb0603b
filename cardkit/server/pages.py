"""The table server's pages in the reader's language: one page head, three bodies.

``templates/page.html`` is the head every page shares (language, title, style sheet, and the
page's words as JSON for the script); ``templates/table.html`` is the body of the student's page
(``/play/ID``) and the projector's (``/show/ID``), ``templates/debrief.html`` the body of the
debrief of a hand (``/debrief/ID``), ``templates/index.html`` the body of ``/`` (a
table's form and a class's, whose rule options are each game's declared ones), and
``templates/teach.html`` the teacher's page of a class (``/teach/ID``).
Every word people read goes through the kit's gettext catalogs (:mod:`cardkit.i18n`,
``make messages``): the page is written in English or Spanish, chosen by ``?lang=`` or else by
the browser's ``Accept-Language`` header (docs/server.md §8).
"""

from __future__ import annotations

import json
from pathlib import Path
from string import Template
from typing import Any

from ..escaping import escape
from ..i18n import LANGUAGES, _, language

TEMPLATES = Path(__file__).resolve().parent / "templates"
#: Each language's name in itself, as a chooser of languages shows it.
LANGUAGE_NAMES = {"en": "English", "es": "Español"}


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
        "debrief": _("Debrief of hand {n}"),
        "no_card_now": _("No card is played, given or buried now ({what})."),
        "and": _("and"), "partner": _("Your partner is {names}."), "partners": _("Your partners are {names}."),
        "pick_cards": _("Choose {n} cards of your hand, then confirm: {verb}."),
        "pick_go": _("{verb} these {n}"), "picked": _("{n} of {of} chosen"),
        "less": _("5 less"), "more": _("5 more"), "tricks_taken": _("tricks"),
        "close": _("close"), "open_rule": _("Open {rule} in plain words"),
    }


def debrief_words() -> dict[str, str]:
    """The words the debrief page's script writes (``static/debrief.js``), in the language in use,
    with ``{name}``, ``{n}``, ``{total}`` or ``{table}`` for the script to fill in."""
    return {
        "title": _("Debrief · table {table}"), "hand": _("Hand {n}"),
        "deal_step": _("The deal and the auction"), "score_step": _("The score"),
        "trick_of": _("Trick {n} of {total}"), "trick": _("Trick {n}"), "leads": _("leads"),
        "wins": _("wins the trick"), "won_by": _("won by {name}"), "dealer": _("dealer"),
        "auction": _("The auction"), "contract": _("Contract"), "no_contract": _("no contract"),
        "before_lead": _("Before the first lead"), "review": _("The solver's review"),
        "no_loss": _("No card of this trick lost value against best play."),
        "whole_review": _("Every card that lost value"), "score": _("score"), "before": _("before"),
        "this_hand": _("this hand"), "after": _("after"), "played": _("already played"),
        "no_hand": _("No hand is over at this table yet: the debrief comes once one is."),
        "no_code": _("This address needs a table and its teacher's code: …/debrief/TABLE?code=CODE"),
        "unreachable": _("The server cannot be reached; trying again."),
        "checking": _("The solver is checking every card of the hand…"),
        "checked": _("{n} cards checked with best play."),
    }


def teach_words() -> dict[str, str]:
    """The words the teacher's page script writes (:func:`words`' kind), in the language in use."""
    return {
        "class": _("Class {id}"), "table": _("Table {n}"), "to_act": _("{name} to act"),
        "computer_to_act": _("{name} to act (computer)"), "hand_over": _("The hand is over."),
        "match_over": _("The match is over."), "hand": _("Hand {n}"), "step": _("step {n}"),
        "side": _("side"), "tricks": _("tricks"), "score": _("score"),
        "waiting": _("waiting {n} min"), "refused": _("Refused: {n}"), "no_refusal": _("No refusal yet."),
        "broke": _("Rules the class broke"), "in_total": _("In total: {n} refusals"),
        "next_hand": _("Deal the next hand"), "next_all": _("Deal the next hand at every table"),
        "pause": _("Pause the class"), "resume": _("Resume the class"), "paused": _("The class is paused."),
        "show_hands": _("Show the hands on the projectors"), "hide_hands": _("Hide the hands on the projectors"),
        "projector": _("Projector"), "cards": _("Join cards (PDF)"), "unreachable": _("The server cannot be reached; trying again."),
        "go_on": _("The tables deal the next hand themselves."),
        "teacher_deals": _("Only you deal the next hand."), "same_deals": _("Every table is dealt the same cards."),
        "debrief": _("Debrief of hand {n}"), "compare": _("Hand {n} at every table"),
        "same_cards": _("Every table was dealt the same cards."),
        "col_table": _("Table"), "col_contract": _("Contract"), "col_took": _("took"), "col_made": _("made?"),
        "col_score": _("this hand"), "col_debrief": _("debrief"), "no_contract": _("no contract"),
"made": _("made"), "not_made": _("not made"),
        "still_playing": _("Still playing this hand: {tables}"), "table_at": _("table {n} (at hand {hand})"),
    }


def option_fields() -> str:
    """The rule options of every game as the game declares them (:attr:`~cardkit.game.Game.option_choices`,
    :meth:`~cardkit.game.Game.option_label`), one ``<select>`` each, the default first, in one
    ``<fieldset data-game>`` per game (the form's script shows the chosen game's): HTML, escaped."""
    from ..registry import GAMES, find_game

    out = []
    for cls in GAMES:
        if not cls.option_choices:
            continue
        game = find_game(cls.name)
        rows = []
        for name, values in cls.option_choices.items():
            opts = "".join(f'<option value="{escape(json.dumps(v))}">{escape(game.option_label(name, v))}</option>'
                           for v in values)
            rows.append(f'<label>{escape(game.option_label(name))} '
                        f'<select data-option="{escape(name)}">{opts}</select></label>')
        legend = _("Rule options of {game}").format(game=_(cls.title))
        out.append(f'<fieldset class="options" data-game="{escape(cls.name)}"><legend>{escape(legend)}</legend>'
                   f'{"".join(rows)}</fieldset>')
    return "".join(out)


def game_choices() -> str:
    """``<option>`` elements of every game (its name as value, its title), in the registry's order."""
    from ..registry import GAMES

    return "".join(f'<option value="{escape(g.name)}">{escape(_(g.title))}</option>' for g in GAMES)


def _fill(name: str, **values: str) -> str:
    return Template((TEMPLATES / name).read_text(encoding="utf-8")).substitute(values)


def page(role: str, lang: str) -> str:
    """The HTML of a page in ``lang``: ``role`` is ``"play"`` (a student's seat), ``"show"`` (the
    projector), ``"index"`` (``/``, the forms that make a table or a class, for the teacher's
    session), ``"teach"`` (``/teach/ID``, the teacher's page of a class), ``"debrief"`` (a finished
    hand told again, trick by trick, for the projector) or ``"locked"`` (``/`` without the teacher's
    token: how to get in).

    Raises:
        ValueError: an unknown role or language.
    """
    if role not in ("play", "show", "debrief", "index", "teach", "locked"):
        raise ValueError(f"no page {role!r}: use play, show, debrief, index, teach or locked")
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
            "class_intro": _("Or make a whole class in one step: its tables, the join cards to print, and "
                             "your page that shows every table."),
            "tables": _("Tables"), "names": _("Seat names (optional)"), "names_example": _("e.g. Ana, Ben, Cy, Dee"),
            "language": _("Language"), "same_deals": _("Same cards at every table (duplicate)"),
            "go_on": _("The tables deal the next hand themselves"), "make_class": _("Make the class"),
            "teach_title": _("The teacher's page"), "tables_label": _("the class's tables"),
            "broke_label": _("the rules the class broke"), "compare_label": _("the tables side by side"),
            "locked_how": _("Open the teacher's link that \"cardkit serve\" printed when it started "
                            "(it ends in ?token=…); a student opens the link of their own seat."),
            "hand_label": _("Hand"), "steps": _("trick by trick"), "previous": _("Previous"), "next": _("Next"),
            "loading": _("loading…"), "review": _("the solver's review"),
        }.items()}
        if role == "debrief":
            esc["title"] = escape(_("Debrief of a hand"))
        # the words as JSON inside <script>: "</" may not appear there
        chosen = teach_words() if role == "teach" else debrief_words() if role == "debrief" else words()
        data = json.dumps(chosen, ensure_ascii=False).replace("</", "<\\/")
        extra: dict[str, Any] = {}
        if role == "index":
            extra = {"games": game_choices(), "options": option_fields(),
                     "languages": "".join(f'<option value="{code}"{" selected" if code == lang else ""}>{LANGUAGE_NAMES[code]}'
                                          '</option>' for code in LANGUAGES)}
    static = "static" if role in ("index", "locked") else "../static"
    if role in ("index", "locked", "teach", "debrief"):
        if role == "teach":
            esc["title"] = esc["teach_title"]
        body = _fill(f"{role}.html", lang=lang, static=static, **esc, **extra)
    else:
        join = (f'<section id="join" class="join" aria-label="{esc["join_label"]}"></section>'
                '<p id="hidden-note" class="hidden-note" role="status"></p>') if role == "show" else ""
        body = _fill("table.html", static=static, join=join, **esc)
    return _fill("page.html", lang=lang, title=esc["title"], static=static, words=data, role=role, body=body)
