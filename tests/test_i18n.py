"""Spanish message catalogs (issue 5): every message of the source is translated, the compiled
catalog matches the .po, and the engine speaks Spanish under ``set_language("es")`` while its
records stay English.

When a test here fails after new ``_()`` messages: run ``make messages`` and translate the new
entries of ``cardkit/locale/es/LC_MESSAGES/cardkit.po`` (then ``make messages`` again to compile).
"""

from __future__ import annotations

import ast
import gettext
import os
import random
import string
import subprocess
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from cardkit import IllegalActionError, Match, find_game, records  # noqa: E402
from cardkit.game501 import PHASES, Game501, parse_action  # noqa: E402
from cardkit.i18n import (LOCALE_DIR, _, action_text, get_language, heading, language,  # noqa: E402
                          phase_name, set_language)
from cardkit.players import RandomPlayer  # noqa: E402

PACKAGE = Path(__file__).resolve().parent.parent / "cardkit"
PO = LOCALE_DIR / "es" / "LC_MESSAGES" / "cardkit.po"
MO = PO.with_suffix(".mo")
EXAMPLES = PACKAGE.parent / "data" / "examples"
HINT = "run `make messages` and translate the new entries of cardkit/locale/es/LC_MESSAGES/cardkit.po"


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves the process in English, whatever it switched to."""
    yield
    set_language("en")


def _key(context: str | None, msgid: str | tuple) -> tuple[str | None, str]:
    return context, msgid[0] if isinstance(msgid, tuple) else msgid


def source_messages() -> dict[tuple[str | None, str], str]:
    """``(context, msgid) -> "file:line"`` of every message Babel extracts from cardkit/**/*.py,
    as ``make messages`` does (default keywords: ``_``, ``N_``, ``pgettext``, …)."""
    found = {}
    for filename, lineno, msgid, _comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS):
        found.setdefault(_key(context, msgid), f"cardkit/{filename}:{lineno}")
    return found


def catalog():
    with open(PO, "rb") as f:
        return read_po(f, locale="es")


def fields(text: str) -> list[str]:
    """The ``str.format`` field names of ``text``, sorted (``"{n} of {m}"`` → ``["m", "n"]``)."""
    return sorted(name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None)


# ---------------------------------------------------------------- the catalog


def test_extraction_finds_the_engine_messages():
    found = source_messages()
    # A few known messages of the 501 engine and of i18n's own tables, with their contexts.
    assert (None, "a bid must be at least {n}") in found
    assert (None, "must follow {suit}") in found
    assert ("phase", "auction") in found and ("action", "pass") in found and ("heading", "dealer") in found
    assert len(found) >= 60


def test_every_source_message_has_a_spanish_translation():
    cat = catalog()
    problems = []
    for (context, msgid), where in sorted(source_messages().items(), key=lambda kv: kv[1]):
        m = cat.get(msgid, context=context)
        if m is None:
            problems.append(f"{where}: {msgid!r} (context {context}) is not in the .po")
        elif not m.string or (isinstance(m.string, tuple) and not all(m.string)):
            problems.append(f"{where}: {msgid!r} (context {context}) has no translation")
        elif m.fuzzy:
            problems.append(f"{where}: {msgid!r} (context {context}) is marked fuzzy")
    assert not problems, f"{len(problems)} message(s) not translated ({HINT}):\n" + "\n".join(problems)


def test_translations_keep_placeholders_and_rule_citations():
    problems = []
    for m in catalog():
        if not m.id or not m.string:
            continue
        # a plural entry (ngettext): every translated form keeps the plural English form's fields
        pairs = ([(m.id[-1], form) for form in m.string] if isinstance(m.id, tuple) else [(m.id, m.string)])
        for english, spanish in pairs:
            if fields(english) != fields(spanish):
                problems.append(f"{english!r} -> {spanish!r}: fields {fields(english)} != {fields(spanish)}")
            for cite in ("rules.md 501", "rules.md 500"):
                if english.count(cite) != spanish.count(cite):
                    problems.append(f"{english!r} -> {spanish!r}: the rule citation {cite!r} is lost")
    assert not problems, "\n".join(problems)


def test_the_compiled_catalog_matches_the_po(tmp_path):
    assert MO.is_file(), f"{MO} is missing: {HINT}"
    fresh = tmp_path / "cardkit.mo"
    with open(fresh, "wb") as f:
        write_mo(f, catalog())
    with open(fresh, "rb") as f:
        want = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    with open(MO, "rb") as f:
        have = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    stale = sorted(str(k) for k in set(want) ^ set(have)) + sorted(
        str(k) for k in set(want) & set(have) if want[k] != have[k])
    assert not stale, f"cardkit.mo differs from cardkit.po ({HINT}); differing ids: {stale[:10]}"


def computed(arg: ast.expr) -> bool:
    """True for an id built at run time, which no catalog can hold: an f-string, a concatenation
    or ``%``, or a ``.format()`` call. (A name or a table lookup of ``N_``-marked words is fine.)"""
    return (isinstance(arg, (ast.JoinedStr, ast.BinOp))
            or isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "format")


def test_gettext_calls_use_literal_message_ids():
    """Extraction sees only literal ids: ``_(f"...")`` or ``_("a" + b)`` would never be translated
    (format after translating: ``_("trick {n}").format(n=3)``)."""
    names = {"_", "N_", "gettext", "pgettext"}
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
                continue
            if any(computed(arg) for arg in node.args):
                problems.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: "
                                f"{node.func.id}() of a string built at run time")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- choosing the language


def test_set_language_switches_the_whole_process():
    assert get_language() == "en" and _("made") == "made"
    set_language("es")
    assert get_language() == "es"
    assert _("made") == "cumplido" and _("failed") == "fallido"
    set_language("en")
    assert _("made") == "made"


def test_language_block_restores_the_language_before_it():
    set_language("es")
    with language("en"):
        assert _("made") == "made"
        with pytest.raises(ValueError):
            with language("es"):
                assert _("made") == "cumplido"
                raise ValueError("leaving the block by an error")
        assert get_language() == "en"
    assert get_language() == "es" and _("made") == "cumplido"


def test_an_unknown_language_is_refused_and_changes_nothing():
    with pytest.raises(ValueError, match="^unknown language 'fr': use one of en, es$"):
        set_language("fr")
    assert get_language() == "en"
    set_language("es")
    with pytest.raises(ValueError, match="^idioma desconocido 'fr': usa uno de en, es$"):
        set_language("fr")
    assert get_language() == "es" and _("made") == "cumplido"


def test_cardkit_lang_sets_the_default_language():
    env = dict(os.environ, CARDKIT_LANG="es", PYTHONPATH=str(PACKAGE.parent))
    code = "from cardkit.i18n import get_language, _; print(get_language(), _('all passed'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "es todos pasaron"


# ---------------------------------------------------------------- the engine in Spanish


def test_an_illegal_bid_explains_itself_in_spanish_and_names_the_rule():
    state = Game501(3).new_hand(0, [501] * 3, Game501(3).new_pack())
    set_language("es")
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("bid 50")
    # one Spanish sentence: who, the action in Spanish words (no record text in quotes), why, the rule
    assert str(info.value) == "B no puede pujar 50: una puja debe ser de al menos 66 [rules.md 501 §5]"
    assert info.value.reason == "una puja debe ser de al menos 66"
    assert info.value.rule == "rules.md 501 §5"
    assert state.history() == [] and state.current_player() == 1  # rejected: nothing changed


def test_illegal_plays_in_spanish_name_rule_8():
    """Over random hands, every card of the hand that is not a legal play is refused in Spanish,
    citing rules.md 501 §8 (follow suit, else trump)."""
    game = Game501(3)
    rng = random.Random(7)
    chooser = RandomPlayer(8)
    set_language("es")
    seen = 0
    for i in range(20):
        state = game.new_hand(i % 3, [501] * 3, game.shuffled_pack(rng))
        while not state.is_terminal():
            seat = state.current_player()
            if state.phase == "play" and state.trick is not None and state.trick.plays:
                legal = {a.card for a in state.legal_actions()}
                for card in state.hands[seat]:
                    if card in legal:
                        continue
                    why = state.why_illegal(f"play {card}")
                    assert why is not None and why.endswith("[rules.md 501 §8]")
                    assert why.startswith(f"{state.name(seat)} no puede jugar {card}: ")
                    assert "'" not in why and "play" not in why
                    assert "debe asistir a" in why or "debe jugar triunfo" in why
                    seen += 1
            state.apply_action(chooser.choose(state).action)
    assert seen > 100


def test_summaries_of_the_checked_example_in_spanish():
    """rules.md 501 §12: A, blind at 100, takes 88 and fails; the made twin takes 101."""
    failed = records.load(EXAMPLES / "501_worked_blind_contract.json")
    made = records.load(EXAMPLES / "501_worked_blind_contract_made.json")
    set_language("es")
    assert failed.hands[-1].summary() == "A ciego 100 ♦: 88, fallido"
    assert made.hands[-1].summary() == "A ciego 100 ♣: 101, cumplido"
    assert failed.scores == [701, 469, 481]


def test_every_501_phase_has_a_spanish_name():
    set_language("es")
    names = {p: phase_name(p) for p in PHASES}
    assert names == {"auction": "subasta", "talon": "talón", "exchange": "intercambio", "play": "juego",
                     "over": "terminada"}
    set_language("en")
    assert [phase_name(p) for p in PHASES] == list(PHASES)


def test_every_five_hundred_phase_has_a_spanish_name():
    game500 = pytest.importorskip("cardkit.game500")
    set_language("es")
    untranslated = [p for p in game500.PHASES if phase_name(p) == p]
    assert not untranslated, f"phases with no Spanish name in cardkit.i18n.phase_name: {untranslated}"
    assert phase_name("bury") == "descarte" and phase_name("nominate") == "designación del comodín"


def test_action_texts_read_in_spanish_while_records_stay_english():
    set_language("es")
    assert action_text(parse_action("bid 80")) == "puja 80"
    assert action_text(parse_action("declare NT 100")) == "declara sin triunfo 100"
    assert action_text(parse_action("declare H 100")) == "declara ♥ 100"
    assert action_text(parse_action("give 9D")) == "da 9♦"
    assert action_text(parse_action("play KS marriage")) == "juega K♠ con matrimonio"
    # Every kind of action a random hand offers gets a Spanish verb; its stored text stays English
    # and parses back to the same action.
    game = Game501(3)
    rng = random.Random(3)
    verbs = set()
    for i in range(30):
        state = game.new_hand(i % 3, [501] * 3, game.shuffled_pack(rng))
        while not state.is_terminal():
            for a in state.legal_actions():
                text = str(a)
                assert parse_action(text) == a
                verbs.add((text.split()[0], action_text(a).split()[0]))
            state.apply_action(rng.choice(state.legal_actions()))
    assert verbs == {("look", "mira"), ("pass", "pasa"), ("bid", "puja"), ("abandon", "abandona"),
                     ("declare", "declara"), ("give", "da"), ("play", "juega")}


def test_five_hundred_action_texts_read_in_spanish():
    pytest.importorskip("cardkit.game500")
    game = find_game("500", players=5)
    rng = random.Random(5)
    set_language("es")
    verbs = {}
    for i in range(100):
        state = game.new_hand(i % 5, game.initial_scores(), game.shuffled_pack(rng))
        while not state.is_terminal():
            for a in state.legal_actions():
                assert game.parse_action(str(a)) == a
                verbs[str(a).split()[0]] = action_text(a).split()[0]
            state.apply_action(rng.choice(state.legal_actions()))
    assert {v for v in verbs if verbs[v] == v} == set(), f"verbs left in English: {verbs}"
    assert action_text("bid open misère") == "puja miseria abierta"
    assert action_text("bid 10NT") == "puja 10 sin triunfo"
    assert action_text("nominate none") == "deja el comodín sin designar"  # the rule's "unnominated"
    assert action_text("play Jo naming ♥") == "juega el comodín nombrando ♥"


def test_score_sheet_headings_in_spanish():
    match = Match(Game501(3), seed=11)
    match.play([RandomPlayer(s) for s in range(3)], max_hands=3)
    row = match.score_sheet()[0]
    set_language("es")
    assert [heading(k) for k in ("hand", "dealer", "summary")] == ["mano", "repartidor", "resumen"]
    # Seat columns ("A", "A ±") keep the seat's name.
    assert [heading(k) for k in row if k not in ("hand", "dealer", "summary")] == \
        [k for k in row if k not in ("hand", "dealer", "summary")]



@pytest.mark.parametrize("lang,head,holds", [("en", "{name} cannot play {card}: ", " holds "),
                                             ("es", "{name} no puede jugar {card}: ", " tiene ")])
def test_refusals_read_as_one_sentence_listing_cards_as_the_hand_is_held(lang, head, holds):
    """Over random 501 hands, every refused play reads as one sentence in the reader's language,
    "C cannot play 10♦: …" / "C no puede jugar 10♦: …" (never the record text in quotes), and the
    cards the seat may play are listed as its hand is shown: trumps first, each suit highest first
    (State.held_order, the tables' order), not in the engine's order (rules.md 501 §8)."""
    game = Game501(3)
    rng = random.Random(11)
    chooser = RandomPlayer(3)
    set_language(lang)
    seen = unsorted = 0
    for i in range(12):
        state = game.new_hand(i % 3, [501] * 3, game.shuffled_pack(rng))
        while not state.is_terminal():
            seat = state.current_player()
            if state.phase == "play" and state.trick is not None and state.trick.plays:
                allowed = [a.card for a in state.legal_actions()]
                shown = " ".join(str(c) for c in state.held_order(allowed))
                unsorted += shown != " ".join(str(c) for c in allowed)
                for card in state.hands[seat]:
                    if card not in allowed:
                        why = state.why_illegal(f"play {card}")
                        assert why.startswith(head.format(name=state.name(seat), card=card)), why
                        assert "'" not in why and "ilegal" not in why and "illegal" not in why
                        assert why.endswith(f"{holds}{shown} [rules.md 501 §8]"), why
                        seen += 1
            state.apply_action(chooser.choose(state).action)
    assert seen > 50 and unsorted > 5
