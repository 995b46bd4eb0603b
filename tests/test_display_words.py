"""display.text_of: what a lesson table shows in a cell is a word, never a Python value (issue 13)."""

from __future__ import annotations

from cardkit.display import text_of
from cardkit.i18n import language


def test_values_read_as_words_in_english() -> None:
    with language("en"):
        assert [text_of(True), text_of(False), text_of(None)] == ["yes", "no", "none"]
        assert text_of([501, 501, 501]) == "501, 501 and 501"
        assert text_of(["A", "B"]) == "A and B"
        assert text_of(["B"]) == "B"


def test_values_read_as_words_in_spanish() -> None:
    with language("es"):
        assert [text_of(True), text_of(False), text_of(None)] == ["sí", "no", "ninguno"]
        assert text_of(["A", "B"]) == "A y B"


def test_every_five_hundred_option_and_value_has_plain_words() -> None:
    """Tables and option controls show rule options in words (rules.md 500 §2–§16), never the
    records' spellings: every option and every value of one has words of its own, in both languages."""
    from cardkit.game500 import Game500

    g = Game500(5)
    for lang in ("en", "es"):
        with language(lang):
            for name, choices in g.option_choices.items():
                title = g.option_label(name)
                assert title != name and "-" not in title.replace("63-card", ""), (lang, name, title)
                for v in choices:
                    words = g.option_label(name, v)
                    assert words != str(v) or v in ("barred", "allowed") and lang == "en", (lang, name, v)
                    assert "-" not in words and "=" not in words, (lang, name, v, words)
    with language("en"):
        assert g.option_label("call-cards", "no-joker-or-bowers") == "all but the joker and the bowers"
        assert g.option_label("joker-lead-any", True) == "yes"
    with language("es"):
        assert g.option_label("call-share", "half") != "half each"


def test_score_changes_read_with_a_minus_sign_and_no_plus_zero() -> None:
    """A score change (rules.md 501 §10: 501 counts down) reads −21, +66, and 0 as words."""
    from cardkit.display import change_words

    with language("en"):
        assert [change_words(-21), change_words(66), change_words(0)] == ["−21", "+66", "no change"]
    with language("es"):
        assert [change_words(-6), change_words(0)] == ["−6", "sin cambio"]


def test_five_hundred_trick_counts_are_plural_only_above_one() -> None:
    from cardkit import Match, find_game
    from cardkit.registry import find_player

    game = find_game("500", 4)
    match = Match(game, seed=3)
    match.new_hand()
    st = match.state
    players = [find_player(game, "random", seed=s) for s in range(4)]
    while len(st.tricks) < 1:
        st.apply_action(players[st.current_player()].choose(st).action)
    winner = st.tricks[0].winner
    with language("en"):
        assert st.view(winner).tally(winner) == "1 trick"
        other = next(s for s in st.active if s != winner)
        assert st.view(other).tally(other) == "0 tricks"
    with language("es"):
        assert st.view(winner).tally(winner) == "1 baza"


def test_several_rules_of_one_game_read_together() -> None:
    """A wrong answer's "read again" names one game's rules together (rules.md 501 §8, §12):
    "rules 8 and 12 of 501" (the rule text's order), never "rule 12 of 501, rule 8 of 501"; Spanish likewise."""
    from cardkit.display import rules_words

    with language("en"):
        assert rules_words(["rules.md 501 §12", "rules.md 501 §8"]) == "rules 8 and 12 of 501"
        assert rules_words(["rules.md 501 §8", "rules.md 501 §8"]) == "rule 8 of 501"
    with language("es"):
        assert rules_words(["rules.md 501 §12", "rules.md 501 §8"]) == "reglas 8 y 12 del 501"


def test_negative_numbers_read_with_a_true_minus_sign_in_cells_and_sentences() -> None:
    """Issue 13: a table cell wrote "-22" while the sentence beside it wrote "−21" (U+2212)."""
    import numpy as np

    from cardkit.display import html_of, say

    assert [text_of(-22), text_of(np.int64(-22)), text_of(-0.5), text_of(0), text_of(40)] == ["−22", "−22", "−0.5", "0", "40"]
    assert text_of([150, -50, 0]).startswith("150, −50")
    assert html_of(-500) == "−500" and str(say("{n} points", n=-25)) == "−25 points"


def test_a_frame_shows_words_and_true_minus_signs_but_keeps_its_numbers() -> None:
    """cardkit.frames.frame: changes as "+40" / "−25" / "no change", other numbers "−22", yes/no;
    the data stay numbers, through slices and transposes, in English and Spanish."""
    from cardkit.frames import Frame, frame

    data = {"made": [True, False], "A and C": [300, -300], "B and D": [0, 20], "score": [-22, 501]}
    for lang, words in (("en", ["yes", "no change"]), ("es", ["sí", "sin cambio"])):
        with language(lang):
            df = frame(data, changes=["A and C", "B and D"])
            html = df._repr_html_()
            for cell in ["<td>+300</td>", "<td>−300</td>", "<td>+20</td>", "<td>−22</td>", "<td>501</td>"] + [
                    f"<td>{w}</td>" for w in words]:
                assert cell in html, (lang, cell)
            body = html.split("<tbody>")[1]
            assert "-" not in body and "True" not in body
            assert "−300" in repr(df) and "-" not in repr(df)
    assert df["A and C"].tolist() == [300, -300] and df["score"].sum() == 479
    assert isinstance(df.iloc[:1], Frame) and isinstance(df.T, Frame) and df.iloc[:1].changes == ("A and C", "B and D")


def test_change_columns_survive_pandas_operations_that_bring_decimals_or_gaps() -> None:
    """A change column after ``.diff()``/``.shift()`` (NaN) or a mean (212.5) still shows: a gap
    stays blank, decimals keep their sign and digits (0.9 is not "no change")."""
    from cardkit.frames import frame

    f = frame({"change": [40, -25, 0]}, changes=["change"])
    shifted = frame(f.shift(1), changes=["change"])
    assert list(shifted.shown()["change"]) == ["", "+40", "−25"]
    means = frame({"change": [212.5, 0.9, -0.4]}, changes=["change"])
    assert list(means.shown()["change"]) == ["+212.5", "+0.9", "−0.4"]
    assert "−0.4" in means._repr_html_()
