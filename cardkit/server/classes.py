"""A class: several tables of one game made in one step, watched from the teacher's page.

``POST /api/classes`` makes a :class:`Classroom` (docs/server.md §10): ``tables`` tables of the
same game, players, options, computer seats and names, stored in one transaction. Its settings
are kept in the database with it: the class's language (``lang``: the join cards and the join
links), ``same_deals`` (every table dealt the same cards each hand: one seed for all, so the
tables of a debrief can be compared, duplicate), ``go_on`` (the seats may deal the next hand
themselves; otherwise only the teacher does), ``paused`` and ``hands`` (shown or hidden on the
class's projector pages, once the teacher has chosen).

:func:`status` is what the teacher's page (``/teach/ID``) and ``GET /api/classes/ID`` show: each
table's phase, whose turn, tricks and score by side (the game's :attr:`~cardkit.game.Game.units`),
how long it has waited, and the actions its seats had refused, by rule item. :func:`cards_html`
is the page of join cards that :func:`print_pdf` prints to A4 with headless Chromium.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..display import rule_words
from ..escaping import escape
from ..game import Game
from ..i18n import LANGUAGES, _
from ..rulebook import rule_title
from .debrief import compare, hands_over, tricks_won
from .store import ClassRow, Store
from .tables import SEED_BITS, SERVER_RULES, Room, TableError, speaking

#: The most tables one class may have (docs/server.md §6).
MAX_CLASS_TABLES = 12
#: Seconds after which a table that waits for an action is marked on the teacher's page.
WAITING = 60.0
#: The fields of ``POST /api/classes`` that are the class's own; the others are every table's.
CLASS_FIELDS = {"tables", "lang", "same_deals", "go_on"}
#: The fields of every table of a class (as ``POST /api/tables`` takes them; no seed: see ``same_deals``).
TABLE_FIELDS = {"game", "players", "options", "computer", "names"}
#: Join cards on one A4 page (two columns of four).
CARDS_PER_PAGE = 8
#: Join-card PDFs printed at once (each one starts a headless Chromium).
PRINTS_AT_ONCE = 1
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def new_class_id() -> str:
    """A class id: 64 random bits, URL-safe (the teacher's token, not the id, guards the class)."""
    return secrets.token_urlsafe(8)


@dataclass
class Classroom:
    """A class held by the server: its id, settings and tables' ids (table 1 first)."""

    id: str
    settings: dict[str, Any]
    tables: list[str]

    @property
    def paused(self) -> bool:
        """True while the teacher has paused the class."""
        return bool(self.settings.get("paused"))

    def number(self, table_id: str) -> int:
        """The table's number in the class (1 for the first)."""
        return self.tables.index(table_id) + 1

    def apply(self, room: Room) -> None:
        """Give one of the class's tables the class's rules: who deals the next hand, the pause."""
        room.teacher_deals = not self.settings.get("go_on", False)
        room.paused = self.paused


def class_settings(data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The number of tables and the class's settings from the body of ``POST /api/classes``.

    Raises:
        TableError: (400) an unknown field, or a class field of the wrong kind, naming it.
    """
    unknown = set(data) - CLASS_FIELDS - TABLE_FIELDS
    if unknown:
        raise TableError(400, _("unknown field(s): {fields}").format(fields=", ".join(sorted(unknown))[:200]),
                         "server.md §10")
    count = data.get("tables")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_CLASS_TABLES:
        raise TableError(400, _("\"tables\" must be a whole number from 1 to {n}").format(n=MAX_CLASS_TABLES),
                         "server.md §10")
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        raise TableError(400, _("\"lang\" must be one of {langs}").format(langs=", ".join(LANGUAGES)),
                         "server.md §10")
    for key in ("same_deals", "go_on"):
        if not isinstance(data.get(key, False), bool):
            raise TableError(400, _("\"{field}\" must be true or false").format(field=key), "server.md §10")
    return count, {"lang": lang, "same_deals": data.get("same_deals", False), "go_on": data.get("go_on", False),
                   "paused": False, "hands": None}


def make_class(store: Store, count: int, settings: dict[str, Any], table: dict[str, Any]) -> tuple[Classroom, list[Room]]:
    """A new class of ``count`` tables, each made from ``table`` (the keyword arguments of
    :meth:`Room.new_row`, checked), stored in one transaction. With ``same_deals`` every table has
    the same seed (drawn once, 128 random bits), so the same cards each hand.

    Raises:
        TableError: (400) as :meth:`Room.new_row`.
    """
    cid = new_class_id()
    seed = secrets.randbits(SEED_BITS) if settings["same_deals"] else None
    rows = [Room.new_row(seed=seed, class_id=cid, **table) for _i in range(count)]
    store.add_class(ClassRow(cid, settings, [r.id for r in rows], time.time()), rows)
    klass = Classroom(cid, settings, [r.id for r in rows])
    rooms = [Room(r, store) for r in rows]
    for room in rooms:
        klass.apply(room)
    return klass, rooms


def load_classes(store: Store, rooms: dict[str, Room]) -> dict[str, Classroom]:
    """The stored classes, their rules given to their tables that are still held in ``rooms``."""
    out = {}
    for row in store.classes():
        klass = out[row.id] = Classroom(row.id, row.settings, row.tables)
        for tid in row.tables:
            if tid in rooms:
                klass.apply(rooms[tid])
    return out


def broken_words(game: Game, rule: str, rule_name: str | None) -> str:
    """A broken rule in plain words in the language in use, from what the game declares (its rule
    tables' :attr:`~cardkit.rulebook.Rule.title`) or the server's :data:`SERVER_RULES`, with its
    rules.md item in words: "bid higher than the standing bid (rule 4 of Five Hundred)", "act only
    in your turn". A rule without words (a refusal stored before rules had them) reads as its item.
    """
    known = SERVER_RULES.get(rule_name or "")
    title = _(known) if known else rule_title(game.phase_rules, rule_name) if rule_name else None
    try:
        item = rule_words(rule)
    except ValueError:  # a rule of the server's: its words say it all
        return title or rule
    return item if title is None else f"{title} ({item})"


def broken_rules(game: Game, counts: dict[tuple[str, str | None], int]) -> list[dict[str, Any]]:
    """Refusals counted by rule (``{(rule item, rule name): n}``) as a list, most first: each
    ``{"rule", "rule_name", "words", "n"}`` (see :func:`broken_words`)."""
    return [{"rule": rule, "rule_name": name, "words": broken_words(game, rule, name), "n": n}
            for (rule, name), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or ""))]


def by_item(counts: dict[tuple[str, str | None], int]) -> dict[str, int]:
    """Refusals counted by rule item alone: ``{rule item: n}``, most first."""
    out: dict[str, int] = {}
    for (rule, _name), n in counts.items():
        out[rule] = out.get(rule, 0) + n
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def table_status(room: Room, number: int, refusals: dict[tuple[str, str | None], int], show: str, now: float,
                 debrief: Callable[[Room, int], str]) -> dict[str, Any]:
    """One table of a class as the teacher's page shows it (see :func:`status`)."""
    st = room.state
    v = st.view(None)
    names = room.game.names
    done = st.is_terminal()
    scores = st.scores_after() if done else list(v.scores)
    won = tricks_won(v.tricks, room.game.players)
    to_act = st.current_player()
    waiting = now - room.last
    over = max(hands_over(room), default=None)
    return {
        "table": room.id, "number": number, "game": room.game.name, "phase": v.phase, "summary": st.summary(),
        "hand": room.replay.cursor[0] + 1, "step": room.step, "names": list(names),
        "to_act": None if to_act is None else names[to_act], "computer_to_act": to_act in room.players,
        "can_deal": room.can_deal(), "over": room.is_over(),
        "sides": [{"seats": [names[s] for s in unit], "tricks": sum(won[s] for s in unit), "score": scores[unit[0]]}
                  for unit in room.game.units],
        "waiting": round(waiting), "stuck": waiting > WAITING and not room.is_over(),
        "refusals": by_item(refusals), "broken": broken_rules(room.game, refusals),
        "refused": sum(refusals.values()), "show": show, "last_over": over,
        "debrief": None if over is None else debrief(room, over),
    }


def status(klass: Classroom, rooms: dict[str, Room], store: Store, show: Callable[[Room], str],
           debrief: Callable[[Room, int], str], now: float | None = None) -> dict[str, Any]:
    """The class as ``GET /api/classes/ID`` answers it: ``class``, ``paused``, ``go_on``,
    ``same_deals``, ``hands``, ``lang``, ``tables`` (each: ``table``, ``number``, ``phase``,
    ``summary``, ``hand``, ``step``, ``to_act``, ``can_deal``, ``over``, ``sides`` — each with its
    ``seats``, ``tricks`` this hand and ``score`` —, ``waiting`` seconds since its last step,
    ``stuck`` past :data:`WAITING`, ``refusals`` by rule item, ``broken`` by rule in plain words
    (:func:`broken_rules`), ``refused`` in all, ``show``: its projector's link, ``last_over``: its
    last hand over or ``None``, and ``debrief``: that hand's debrief page, from ``debrief(room,
    hand)``), the class's ``refusals``, ``broken`` and ``refused`` in all, and ``compare_hand``:
    with ``same_deals``, the latest hand over at two tables or more (else ``None``), in the
    language in use. A table deleted or expired is left out."""
    now = time.time() if now is None else now
    held = [t for t in klass.tables if t in rooms]
    counts = store.refusals(held)
    tables = [table_status(rooms[t], klass.number(t), counts[t], show(rooms[t]), now, debrief) for t in held]
    total: dict[tuple[str, str | None], int] = {}
    for c in counts.values():
        for key, n in c.items():
            total[key] = total.get(key, 0) + n
    game = rooms[held[0]].game if held else None
    # the latest hand over at two tables or more, to compare them when they were dealt alike
    lasts = sorted((t["last_over"] for t in tables if t["last_over"] is not None), reverse=True)
    compare_hand = lasts[1] if klass.settings.get("same_deals") and len(lasts) > 1 else None
    return {"class": klass.id, "paused": klass.paused, "go_on": bool(klass.settings.get("go_on")),
            "same_deals": bool(klass.settings.get("same_deals")), "hands": klass.settings.get("hands"),
            "lang": klass.settings.get("lang", "en"), "tables": tables, "refusals": by_item(total),
            "broken": [] if game is None else broken_rules(game, total), "refused": sum(total.values()),
            "compare_hand": compare_hand}


def class_compare(klass: Classroom, rooms: dict[str, Room], hand: int,
                  debrief: Callable[[Room, int], str]) -> dict[str, Any]:
    """Hand ``hand`` of the class's tables side by side, as ``GET /api/classes/ID/compare``
    answers it, in the language in use: :func:`~cardkit.server.debrief.compare` of the tables
    where the hand is over (each table with its ``number``, its ``contractor``'s name and the link
    to its ``debrief`` page of that hand), with ``class`` and ``playing``: the tables still playing
    the hand or not yet at it (``table``, ``number``, ``hand`` they are at, ``summary``).

    Raises:
        TableError: (409) the hand is over at no table of the class yet.
    """
    held = [rooms[t] for t in klass.tables if t in rooms]
    done = [r for r in held if hand in hands_over(r)]
    if not done:
        raise TableError(409, _("hand {n} is over at no table of the class yet").format(n=hand), "server.md §10")
    out = compare(done, hand)
    for room, t in zip(done, out["tables"]):
        seat = t["contract"]["contractor"]
        t.update(number=klass.number(room.id), debrief=debrief(room, hand),
                 contractor=None if seat is None else room.game.names[seat])
    playing = [{"table": r.id, "number": klass.number(r.id), "hand": r.replay.cursor[0] + 1,
                "summary": r.state.summary()} for r in held if r not in done]
    return {"class": klass.id, **out, "playing": playing}


# ------------------------------------------------------------ join cards

def qr_svg(url: str) -> str:
    """The QR code of ``url`` (segno, error level M) as an SVG of one ``<rect>`` per run of dark
    modules in a row, with a quiet zone of 4 modules, 34 mm wide: plain enough for a test to read
    the modules back."""
    import segno

    qr = segno.make(url, error="m")
    border = 4
    size = len(qr.matrix) + 2 * border
    rects = []
    for y, row in enumerate(qr.matrix):
        x = 0
        while x < len(row):
            if row[x] & 1:
                run = x
                while run < len(row) and row[run] & 1:
                    run += 1
                rects.append(f'<rect x="{x + border}" y="{y + border}" width="{run - x}" height="1"/>')
                x = run
            else:
                x += 1
    return (f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="34mm" '
            f'height="34mm" shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<g fill="#000">{"".join(rects)}</g></svg>')


def partners(units: Sequence[Sequence[int]], seat: int) -> list[int]:
    """The seats that share ``seat``'s score (its unit), other than itself; none when it plays alone.

    >>> partners(((0, 2), (1, 3)), 1), partners(((0,), (1,), (2,)), 0)
    ([3], [])
    """
    return [s for unit in units if seat in unit for s in unit if s != seat]


def student_cards(klass: Classroom, rooms: dict[str, Room], link: Callable[[Room, int], str]) -> list[dict[str, Any]]:
    """One join card per student seat of the class, table by table: ``number``, ``table``,
    ``seat``, ``name``, ``partners`` (names) and ``link`` (that seat's join link)."""
    out = []
    for tid in klass.tables:
        room = rooms.get(tid)
        if room is None:
            continue
        names = room.game.names
        for seat in range(room.game.players):
            if seat in room.computer:
                continue
            out.append({"number": klass.number(tid), "table": tid, "seat": seat, "name": names[seat],
                        "partners": [names[p] for p in partners(room.game.units, seat)], "link": link(room, seat)})
    return out


CARDS_STYLE = """
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", Arial, sans-serif; color: #111; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 69mm; page-break-after: always; }
.sheet:last-child { page-break-after: auto; }
@media screen { .sheet { margin: 10mm; height: 277mm; } }
.card { border: 0.4mm dashed #888; padding: 4mm 5mm; display: grid; grid-template-columns: 36mm 1fr;
        gap: 2mm 4mm; align-items: start; overflow: hidden; }
.card .qr { grid-row: 1 / span 4; }
.card .table { font-size: 11pt; margin: 0; color: #444; }
.card .seat { font-size: 20pt; font-weight: bold; margin: 0; }
.card .partner { font-size: 11pt; margin: 0; }
.card .how { font-size: 9pt; margin: 0; color: #444; }
.card .link { grid-column: 1 / span 2; font-family: "DejaVu Sans Mono", monospace; font-size: 7.5pt;
              word-break: break-all; margin: 0; }
"""


def cards_html(cards: Sequence[dict[str, Any]], title: str, lang: str) -> str:
    """The A4 page(s) of join cards (:data:`CARDS_PER_PAGE` a page, dashed cut lines) in ``lang``:
    for each card the table's number, the seat's name, its partner(s), the QR code and the link
    as text. Every text is escaped."""
    with speaking(lang):
        sheets = []
        for start in range(0, len(cards), CARDS_PER_PAGE):
            items = []
            for c in cards[start:start + CARDS_PER_PAGE]:
                if not c["partners"]:
                    partner = ""
                elif len(c["partners"]) == 1:
                    partner = _("Your partner: {name}").format(name=c["partners"][0])
                else:
                    partner = _("Your partners: {names}").format(names=", ".join(c["partners"]))
                table = _("Table {n}").format(n=c["number"])
                seat = _("Seat {name}").format(name=c["name"])
                how = _("Scan the code or type the link to join your table.")
                items.append(
                    f'<div class="card" data-table="{c["number"]}" data-seat="{c["seat"]}">{qr_svg(c["link"])}'
                    f'<p class="table">{escape(table)}</p><p class="seat">{escape(seat)}</p>'
                    f'<p class="partner">{escape(partner)}</p><p class="how">{escape(how)}</p>'
                    f'<p class="link">{escape(c["link"])}</p></div>')
            sheets.append(f'<section class="sheet">{"".join(items)}</section>')
        head = escape(_("Join cards: {title}").format(title=title))
    return (f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8"><title>{head}</title>'
            f'<style>{CARDS_STYLE}</style></head><body>{"".join(sheets)}</body></html>')


_printing = asyncio.Semaphore(PRINTS_AT_ONCE)


async def print_pdf(html: str) -> bytes:
    """``html`` printed to A4 PDF by headless Chromium (``$CARDKIT_CHROMIUM``, default
    ``/usr/bin/chromium``, through Playwright), backgrounds on; at most :data:`PRINTS_AT_ONCE` at once.

    Raises:
        TableError: (503) no Chromium on the server's machine.
    """
    from playwright.async_api import async_playwright

    if not Path(CHROMIUM).is_file():
        raise TableError(503, _("the join cards are printed by Chromium, which this server's machine lacks: "
                                "install it (apt-get install chromium)"), "server.md §10")
    async with _printing:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = await browser.new_page()
                await page.set_content(html, wait_until="load")
                return bytes(await page.pdf(format="A4", print_background=True, prefer_css_page_size=True))
            finally:
                await browser.close()
