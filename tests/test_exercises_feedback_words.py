"""Feedback a learner reads on the lessons' exercises: the reason that really decides a trick
(two identical cards, rules.md 500 §2), the dealer the question names, one sentence where two
texts are joined, no answer of a later question given away on the same page, no result shown
in a question that asks for it, bids named as people name them, sentences with a capital letter.
"""

from __future__ import annotations

import re

from cardkit.exercises import Exercise, lessons
from cardkit.exercises import explain as ex
from cardkit.i18n import language
from cardkit.widgets.exercise import _position_html

LESSONS = lessons()
ALL = [e for les in LESSONS for e in les]


def _ex(ex_id: str, lang: str = "en") -> Exercise:
    return next(e for e in ALL if e.id == ex_id and e.language == lang)


def _right(e: Exercise) -> str:
    fb = e.check(e.answer() if e.answer_type != "card" else sorted(e.answer(), key=str)[0])
    assert fb.correct
    return fb.message


def test_identical_cards_the_earlier_wins_is_the_reason_given() -> None:
    """Six-handed improvised pack: A led 4♦, B played the other 4♦ (rules.md 500 §2)."""
    e = _ex("500-08-identical-cards")
    b = e.game.names.index("B")
    wrong = e.check(b).message
    assert wrong.startswith("B's 4♦ does not take the trick: an identical 4♦ was played before it, and of two "
                            "identical cards the earlier played wins (rule 2 of Five Hundred)."), wrong
    assert "higher" not in wrong
    right = _right(e)
    assert "and of two identical 4♦ the earlier played wins (rule 2 of Five Hundred)." in right, right
    # a lower diamond still misses because a higher one was played
    assert "a higher card of that suit was played" in e.check(e.game.names.index("D")).message
    st = e.state()
    with language("es"):
        assert ex.trick_miss(st, st.tricks[-1], b) == (
            "El 4♦ de B no gana la baza: antes se jugó otro 4♦ idéntico, y de dos cartas idénticas gana la que "
            "se jugó antes [rules.md 500 §2]")


def test_a_deal_question_uses_the_dealer_it_names() -> None:
    """"D deals." / "Reparte C.": the position's dealer, the choices from the dealer's left, and the
    feedback all name that seat (rules.md 500 §3, 501 §4)."""
    named = 0
    for e in ALL:
        m = re.match(r"(?:(\w) deals\.|Reparte (\w)\.)", e.prompt)
        if e.kind != "deal" or m is None:
            continue
        named += 1
        dealer = m.group(1) or m.group(2)
        with language(e.language):
            assert e.game.names[e.dealer()] == dealer, e.id
            hint = e.hint_text()
            assert f"The dealer is {dealer}." in hint or f"Reparte {dealer}." in hint, (e.id, hint)
            choices = [c.label for c in e.choices() or []]
            if choices:  # the seat left of the dealer first
                left = e.game.names[(e.game.names.index(dealer) + 1) % e.game.players]
                assert choices[0] == left, (e.id, choices)
    assert named == 11
    e = _ex("500-04-kitty-thirtieth")
    assert [c.label for c in e.choices()] == ["A", "B", "C", "D", "kitty"]
    assert ("Dealer D; the deal goes: A 3, B 3, C 3, D 3, kitty 1, A 4, B 4, C 4, D 4, kitty 1 (card 27: D"
            in _right(e))


def test_joker_reading_reads_as_one_sentence() -> None:
    """Strict reading, every suit led (rules.md 500 §8): the rule clause keeps the option's words
    whole, with no parenthesis left open."""
    e = _ex("500-jr-strict-late")
    some = sorted(e.answer(), key=str)[:1]
    wrong = e.check(some).message
    clause = ("A: every suit has been led already this hand, and a led joker names only a suit nobody has led, so "
              "it may lead only on the last trick (leading the joker: a suit nobody has led; rule 8 of Five "
              "Hundred).")
    assert clause in wrong, wrong
    assert clause in e.hint_text()
    for text in (wrong, e.hint_text(), e.explanation()):
        for line in text.splitlines():
            assert line.count("(") == line.count(")"), line


def test_right_answers_do_not_give_away_later_questions() -> None:
    """A right answer's feedback explains its own question; where later cards of the pack go, the
    order of the whole deal, stays for the later questions of the page."""
    pages = 0
    for les in LESSONS:
        where = [(i, e.params["card"]) for i, e in enumerate(les) if (e.kind, e.ask) == ("deal", "where")]
        for i, e in enumerate(les):
            if e.kind != "deal":
                continue
            later = [n for j, n in where if j > i]
            if not later:
                continue
            pages += 1
            text = _right(e)
            for n in later:
                assert f"card {n}:" not in text and f"carta {n}:" not in text, (
                    les.lesson, les.language, e.id, n, text)
            if e.ask == "hand-size":
                assert not re.search(r"\b[A-D] \d+, [A-D] \d+", text), (e.id, text)
    assert pages >= 6
    assert "talón A" not in _right(_ex("501-01-hand", "es"))
    assert "Cada jugador recibe 7 cartas y el talón recibe 3: 3 × 7 + 3 = 24 cartas." in _right(_ex("501-01-hand", "es"))
    assert "carta 4: talón" not in _right(_ex("501-01-first-card", "es"))
    assert "A 3, B 3" not in _right(_ex("500-01-hand"))
    assert "card 14: A" not in _right(_ex("500-01-kitty-card"))


def test_a_question_about_the_result_does_not_show_it() -> None:
    """Trick and score questions show the contract, not how the hand ended."""
    outcome = re.compile(r"\b(made|failed|cumplido|fallido)\b|: \d+,")
    for e in ALL:
        if e.kind not in ("trick", "score"):
            continue
        with language(e.language):
            html = _position_html(e)
        contract = re.search(r"<td>(?:contract|contrato)</td><td>([^<]*)</td>", html)
        assert contract is not None and not outcome.search(contract.group(1)), (e.id, e.language, html[:200])
    assert "<td>A open misère</td>" in _position_html(_ex("500-06-three-cards"))
    assert "<td>A 6NT</td>" in _position_html(_ex("500-jr-last-card-loses"))
    with language("es"):
        assert "<td>C 85 ♥</td>" in _position_html(_ex("501-05-trump-marriage", "es"))


def test_bids_are_named_in_sentences() -> None:
    """Rules.md 500 §4, 501 §5, §7: "A may not bid misère here", "The standing bid is 6♣.",
    "La puja vigente es 80.", never a record's text such as "bid 7NT" or "puja 80" as a noun."""
    e = _ex("500-03-misere-first")
    assert e.explanation().splitlines()[1] == ("A may not bid misère here: misère may be called only once somebody "
                                               "has bid seven (rule 4 of Five Hundred).")
    assert "Not right: look again at whether A may bid misère here." in e.check(True).message
    e = _ex("500-03-clubs-over-spades")
    assert "The standing bid is 6♣." in e.hint_text()
    e = _ex("500-03-after-seven-nt")
    assert [c.label for c in e.choices()] == ["7NT", "misère", "8♠", "8♣"]
    assert "The cheapest bid after 7NT is misère." in _right(e)
    assert "The answer: misère" in e.explanation()
    e = _ex("501-02-open-65", "es")
    assert "Aquí A no puede pujar 65: una puja debe ser de al menos 66 (regla 5 del 501)." in e.explanation()
    e = _ex("501-02-repeat-80", "es")
    assert "La puja vigente es 80." in e.hint_text()
    e = _ex("501-03-declare-lower", "es")
    assert "No es correcto: mira otra vez si aquí A puede declarar ♠ 75." in e.check(True).message
    from cardkit.game500 import Game500
    from cardkit.i18n import bid_text

    with language("es"):
        assert bid_text(Game500().parse_action("bid 8NT")) == "8 sin triunfo"
    for e in ALL:
        if e.kind == "auction":
            texts = [e.explanation(), e.hint_text()] + [e.check(c.value).message for c in e.choices() or []]
            for t in texts:
                # a record's text as a noun: "is bid 80", "after bid 7NT", "decir puja 65", "bid 6♠ is"
                assert not re.search(r"\b(is|after|what|tras|es|decir) (bid|puja|declara) |(^|\n)(bid|puja|declare|"
                                     r"declara) \S+ (is|no|está)", t), (e.id, t)
                assert "en pie" not in t, (e.id, t)


def test_every_feedback_line_starts_with_a_capital() -> None:
    """Each line a learner reads is a sentence: "Misère is worth 250, a flat price"."""
    assert _ex("500-06-open-worth").explanation().splitlines()[1].startswith("Open misère is worth 500")
    for e in ALL:
        if e.kind == "play-it-out":
            continue
        texts = [e.explanation(), e.hint_text(), _right(e)]
        for t in texts:
            for line in t.splitlines():
                assert not line[:1].islower(), (e.id, e.language, line)


def test_a_pack_question_hint_names_no_dealer() -> None:
    """How many cards, how many trumps: the pack does not depend on who deals (rules.md 500 §2,
    501 §3), so the hint does not say "The dealer is A."."""
    for e in ALL:
        if (e.kind, e.ask) in (("deal", "pack-size"), ("deal", "trumps")):
            hint = e.hint_text()
            assert "dealer" not in hint and "Reparte" not in hint, (e.id, hint)
            assert "Read rule" in hint or "Repasa: regla" in hint, (e.id, hint)
    assert _ex("500-01-pack").hint_text() == ("A standard deck without its 2s, 3s and black 4s, plus a joker.\n"
                                              "Read rule 2 of Five Hundred again.")


def test_the_kitty_and_the_talon_take_their_article() -> None:
    """Rules.md 500 §3, 501 §4: "goes to the kitty", "va al talón", never "goes to kitty"."""
    e = _ex("500-01-kitty-card")
    assert _right(e).splitlines()[1].startswith("Card 13 of the pack goes to the kitty. Dealer D;")
    e = _ex("501-01-talon-card", "es")
    assert _right(e).splitlines()[1].startswith("La carta 4 de la baraja va al talón. Reparte C;")
    assert e.check(0).message.startswith("La carta 4 de la baraja no va a A.")
    e = _ex("501-01-first-card", "es")
    assert e.check(-1).message.startswith("La carta 1 de la baraja no va al talón.")


def test_a_typed_one_reads_in_the_singular() -> None:
    """Typing 1 in a counting question is answered "does not hold 1 card", never "1 cards" (gettext
    plural forms, English and Spanish); a side that took one trick reads "10 × 1 trick"."""
    counted = [e for e in ALL if e.kind == "deal" and e.answer_type == "number"]
    assert {e.language for e in counted} == {"en", "es"} and len(counted) >= 10
    for e in counted:
        if e.answer() == 1:
            continue
        with language(e.language):
            wrong = e.check(1).message
        assert not re.search(r"\b1 (cards|trumps|cartas|triunfos)\b", wrong), (e.id, wrong)
        assert re.search(r"\b1 (card|trump|carta|triunfo)\b", wrong), (e.id, wrong)
    from pathlib import Path

    from cardkit import records
    from cardkit.exercises.explain import score_lines

    # A and C made 8♥ with nine tricks: B and D took one (lesson 500/05)
    made = records.load(Path(__file__).parent.parent / "data" / "examples" / "500_made_8_hearts.json").hands[0]
    lines = score_lines(made)
    assert "B and D: 10 × 1 trick = +10" in lines, lines
    with language("es"):
        assert "B y D: 10 × 1 baza = +10" in score_lines(made), score_lines(made)


def test_a_rule_that_bars_many_picked_cards_is_said_once() -> None:
    e = _ex("500-07-misere-joker")
    lines = str(e.check(["K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "K♣", "Q♣"])).splitlines()
    assert lines == ["K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ K♣ Q♣ may not be played here: void in ♦ under misère, A must play the "
                     "joker (rule 8 of Five Hundred).", "A may play more cards than you picked."]


def test_no_feedback_repeats_a_sentence() -> None:
    """Every 'pick every card' exercise of the course, answered with the whole hand and with each
    card alone, in each language: no reason is given twice (whatever cards it is said of)."""
    seen = 0
    for lesson in lessons():
        for e in lesson.exercises:
            if (e.kind, e.ask) != ("play", "legal"):
                continue
            with language(e.language):
                st = e.state()
                hand = [str(c) for c in dict.fromkeys(st.hands[st.actor()])]
                for pick in [hand, *([c] for c in hand)]:
                    lines = str(e.check(pick)).splitlines()
                    reasons = [line.split(": ", 1)[-1] for line in lines]  # the sentence after the cards named
                    assert len(reasons) == len(set(reasons)), (e.id, lines)
                    seen += 1
    assert seen > 100


def test_a_card_the_pack_does_not_hold_is_refused_in_words() -> None:
    """A typed card that is in no four-handed Five Hundred pack (rules.md 500 §2) is answered with a
    sentence, in the exercise's language, not a crash of the check."""
    import dataclasses

    e = _ex("500-02-win-with-bower")
    fb = e.check("2♣")
    assert not fb.correct and fb.message == "there is no 2♣ in the Five Hundred pack for 4 players"
    spanish = dataclasses.replace(e, language="es")
    assert spanish.check(["2♣"]).message == "no hay ningún 2♣ en la baraja de Quinientos para 4 jugadores"
