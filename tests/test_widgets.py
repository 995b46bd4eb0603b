"""The Table widget, driven in plain pytest by setting values and calling ``.click()``.

The widget holds no rule: every test compares what the widget shows or does with the engine.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from cardkit import Match, find_game  # noqa: E402
from cardkit.registry import find_player  # noqa: E402
from cardkit.records import load  # noqa: E402
from cardkit.widgets import DealStepper, Table, score_chart, score_sheet  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english():
    """The widget's words and the engine's messages in English, whatever ran before."""
    from cardkit.i18n import get_language, set_language

    before = get_language()
    set_language("en")
    yield
    set_language(before)


WORKED = ROOT / "data" / "examples" / "501_worked_blind_contract.json"
WORKED_MADE = ROOT / "data" / "examples" / "501_worked_blind_contract_made.json"


def read(html: str) -> str:
    """What a message line reads: its sentence, without tags, the rule cards after it left out."""
    return re.sub(r"<[^>]+>", "", html.split("<style>")[0])


def one(table: Table, css: str, description: str | None = None):
    """The single widget shown with class ``css`` (and ``description``)."""
    found = [w for w in table.find(css) if description is None or w.description == description]
    assert len(found) == 1, (css, description, [getattr(w, "description", "") for w in table.find(css)])
    return found[0]


def click_action(table: Table, action) -> None:
    """Perform ``action`` through the widget's controls only, as a user would."""
    words = str(action).split()
    verb = words[0]
    special = [b for b in table.find("cardkit-special") if b.description == str(action)]
    cards = [b for b in table.find("cardkit-card") if len(words) == 2 and b.description == words[1]]
    if special:
        one(table, "cardkit-special", str(action)).click()
    elif cards:
        one(table, "cardkit-card", words[1]).click()
    elif table.find(f"cardkit-{verb}-options"):  # a large family of actions: pick one from a list
        one(table, f"cardkit-{verb}-options").value = action
        one(table, f"cardkit-{verb}").click()
    elif table.find(f"cardkit-{verb}-number"):  # bid N, declare SUIT N
        if len(words) == 3:
            one(table, f"cardkit-{verb}-choice").value = words[1]
        one(table, f"cardkit-{verb}-number").value = int(words[-1])
        one(table, f"cardkit-{verb}").click()
    else:
        one(table, f"cardkit-{verb}", str(action)).click()


# ---------------------------------------------------------------- replaying a record


def test_record_replay_reaches_the_checked_example():
    """rules.md 501 §12: stepping through the worked record with Next gives 701 469 481."""
    t = Table.from_record(WORKED)
    assert t.position == (0, 0) and t.state.phase == "auction"
    steps = 0
    while one(t, "cardkit-next").click() or t.position[1] > steps:
        steps += 1
    assert steps == 30
    assert t.state.returns() == [200, -32, -20]
    assert t.state.scores_after() == [701, 469, 481]
    assert "701" in one(t, "cardkit-scores").value and "469" in t.scores.value and "481" in t.scores.value
    assert "88" in t.scores.value  # A's hand total: 68 + 20
    assert "end of the record" in t.message.value
    assert t.state.summary() == "A blind 100 ♦: 88, failed"


def test_made_counterpart_gives_301():
    t = Table.from_record(WORKED_MADE, at="end")
    assert t.state.scores_after()[0] == 301


def test_back_and_next_retrace_the_same_states():
    match = load(WORKED)
    history = match.hands[0].history()
    t = Table.from_record(match, at="end")
    assert t.position == (0, len(history))
    for k in range(len(history), 0, -1):
        assert t.back()
        assert t.position == (0, k - 1)
        assert t.state.history() == history[: k - 1]
    assert not t.back() and "at the start" in t.message.value
    t.to_end()
    assert t.state.returns() == [200, -32, -20]


def test_shown_trick_and_talon_follow_the_engine():
    t = Table.from_record(WORKED)
    for _ in range(4):  # bid, pass, pass, declare
        t.next()
    assert t.state.phase == "exchange"
    talon = t.state.talon
    assert all(str(c) in t.board.value for c in talon)  # exposed after the auction (rules.md 501 §7)
    while len(t.state.tricks) < 1:
        t.next()
    trick = t.state.tricks[0]
    assert "trick 1 won by " + t.game.names[trick.winner] in t.board.value
    assert "declared the ♠ marriage (20)" in t.board.value


def test_seat_view_hides_other_hands():
    t = Table.from_record(WORKED, seat=1)
    view = t.state.view(1)
    assert isinstance(view.hands[0], int)
    assert t.board.value.count("<title>") == 0  # B is blind at the start: no face shows
    t.seat_picker.value = None
    assert t.board.value.count("<title>") == 24  # everything face up: 7 cards each and the talon


# ---------------------------------------------------------------- playing through the widget


@pytest.mark.parametrize("seed", [1, 5, 11])
def test_full_hand_through_clicks_matches_the_engine(seed):
    """Every seat is a user; each action (chosen by a sensible player) is made by clicking the
    widget's controls; an engine match fed the same actions directly gives the same result."""
    game = find_game("501", players=3)
    t = Table(game, seed=seed, humans=[0, 1, 2], stay_blind=True)
    engine = Match(game, seed=seed)
    engine.new_hand()
    assert engine.state.pack == t.state.pack
    chooser = find_player("501", "sensible", seed=seed)
    while not engine.state.is_terminal():
        a = chooser.choose(engine.state).action
        click_action(t, a)
        assert t.message.value == "", t.message.value
        engine.apply_action(a)
        assert t.state.history() == engine.state.history()
    assert t.state.is_terminal()
    assert t.state.returns() == engine.state.returns()
    assert t.state.scores_after() == engine.scores
    assert all(str(s) in t.scores.value for s in engine.scores)


def test_computer_players_move_until_the_users_turn():
    t = Table("501", seed=3, humans=[1])
    st = t.state
    assert st.is_terminal() or st.current_player() == 1
    assert t.find("cardkit-action")  # the user's controls are shown
    # the user looked automatically (not staying blind), so their cards show in their view
    assert "look" in [str(a) for a in st.history()]
    assert not isinstance(st.view(1).hands[1], int)


def test_stay_blind_keeps_the_cards_face_down():
    t = Table("501", seed=3, humans=[1], stay_blind=True)
    assert "look" not in [str(a) for a in t.state.history()]
    assert one(t, "cardkit-look")  # looking is offered as an action (rules.md 501 §6)
    t.stay_blind.value = False  # changing one's mind: the widget looks now
    assert str(t.state.history()[-1]) == "look"


def test_the_stay_blind_box_is_never_ticked_beside_face_up_cards():
    t = Table("501", seed=3, humans=[1], stay_blind=True)
    assert t.stay_blind.value and not t.stay_blind.disabled
    one(t, "cardkit-look").click()  # B looks at the cards (rules.md 501 §6)
    assert not isinstance(t.state.view(1).hands[1], int)
    assert not t.stay_blind.value and t.stay_blind.disabled
    chooser = find_player("501", "sensible", seed=5)
    for _ in range(200):
        if t.state.is_terminal():
            break
        click_action(t, chooser.choose(t.state).action)
    assert t.state.is_terminal()
    t.next_button.click()  # the next hand: B is dealt blind again and stays so, as chosen
    assert isinstance(t.state.view(1).hands[1], int) and t.stay_blind.value and not t.stay_blind.disabled


def test_a_hand_played_by_the_user_and_computers_matches_an_engine_replay():
    t = Table("501", seed=8, humans=[0])
    chooser = find_player("501", "sensible", seed=99)
    for _ in range(200):
        st = t.state
        if st.is_terminal():
            break
        click_action(t, chooser.choose(st).action)
    assert t.state.is_terminal()
    replay = find_game("501").new_hand(t.state.dealer, [501] * 3, t.state.pack)
    for a in t.state.history():
        replay.apply_action(a)
    assert replay.returns() == t.state.returns()


@pytest.mark.parametrize("players,seed", [(4, 5), (4, 9), (3, 2)])
def test_five_hundred_through_clicks_matches_the_engine(players, seed):
    """The same widget, unchanged, plays Five Hundred: bids from the list, burying and play by card."""
    pytest.importorskip("cardkit.game500")
    game = find_game("500", players=players)
    t = Table(game, seed=seed, humans=range(players))
    assert ">kitty<" in t.board.value  # the game's own word (rules.md 500 §3)
    engine = Match(game, seed=seed)
    engine.new_hand()
    chooser = find_player("500", "random", seed=seed)
    while not engine.state.is_terminal():
        a = chooser.choose(engine.state).action
        click_action(t, a)
        assert t.message.value == "", t.message.value
        engine.apply_action(a)
    assert t.state.history() == engine.state.history()
    assert t.state.returns() == engine.state.returns()


# ---------------------------------------------------------------- illegal clicks


def _to_first_follow(t: Table):
    """Step until someone must follow suit while holding a card they may not play."""
    for _ in range(40):
        st = t.state
        if st.phase == "play" and st.trick is not None and st.trick.plays:
            seat = st.current_player()
            legal = {a.card for a in st.legal_actions()}
            bad = [c for c in st.hands[seat] if c not in legal]
            if bad:
                return seat, bad[0]
        t.next()
    raise AssertionError("no constrained follow found")


def test_illegal_card_click_shows_the_rule_and_changes_nothing():
    t = Table.from_record(WORKED, humans=[0, 1, 2])
    seat, bad = _to_first_follow(t)
    before = (t.position, t.state.history(), list(t.state.hands[seat]))
    button = one(t, "cardkit-card", str(bad))
    assert "cardkit-legal" not in button._dom_classes
    button.click()
    assert "data-rule='501-8'" in t.message.value and "must follow" in t.message.value
    assert "cardkit-illegal" in t.message.value
    assert (t.position, t.state.history(), list(t.state.hands[seat])) == before
    # the learner reads the rule in plain words, a link to the rule's card; no rules.md id anywhere
    shown = t.message.value.replace("&#x27;", "'")
    why = t.state.why_illegal(f"play {bad.code}")
    assert why.endswith(" [rules.md 501 §8]")
    assert why.removesuffix(" [rules.md 501 §8]") + " (rule 8 of 501)" in read(shown)
    assert "cardkit-rule-card" in shown and "rules.md" not in shown


def test_illegal_card_in_spanish_reads_in_spanish_with_the_rule_in_words():
    """rules.md 501 §8, in Spanish: the refusal is one Spanish sentence, "B no puede jugar 10♣: …"
    (never the record's 'play …' in quotes) and the rule reads "regla 8 del 501"; the rules.md item
    stays in the tooltip."""
    from cardkit.i18n import language

    with language("es"):
        t = Table.from_record(WORKED, humans=[0, 1, 2])
        seat, bad = _to_first_follow(t)
        one(t, "cardkit-card", str(bad)).click()
        shown = t.message.value.replace("&#x27;", "'")
    assert read(shown).startswith(f"{t.game.names[seat]} no puede jugar {bad}: debe asistir a ")
    assert "'" not in read(shown) and "play" not in read(shown) and "ilegal" not in read(shown)
    assert read(shown).endswith("(regla 8 del 501)")
    assert "Regla 8 del 501" in shown and "rules.md" not in shown


def test_illegal_bid_shows_the_rule_and_changes_nothing():
    t = Table("501", seed=4, humans=[0, 1, 2], stay_blind=True)
    before = t.state.history()
    one(t, "cardkit-bid-number").value = 60
    one(t, "cardkit-bid").click()
    assert "at least 66" in t.message.value and "data-rule='501-5'" in t.message.value
    assert t.state.history() == before
    one(t, "cardkit-bid-number").value = 221
    one(t, "cardkit-bid").click()
    assert "data-rule='501-5'" in t.message.value and t.state.history() == before


def test_declare_below_the_bid_is_refused():
    t = Table.from_record(WORKED, humans=[0])
    for _ in range(3):
        t.next()
    assert t.state.phase == "talon"
    assert one(t, "cardkit-abandon")
    one(t, "cardkit-declare-choice").value = "♦"
    one(t, "cardkit-declare-number").value = 70
    one(t, "cardkit-declare").click()
    assert "data-rule='501-7'" in t.message.value and t.state.phase == "talon"


def test_spanish_panel_and_card_tooltips_read_in_spanish():
    """In Spanish the talon panel offers "sin triunfo" (the record still says NT, rules.md 501 §7)
    and a card's tooltip is the Spanish action ("juega Q♦"), never the record's "play Q♦"."""
    from cardkit.i18n import language

    with language("es"):
        t = Table.from_record(WORKED, humans=[0, 1, 2])
        for _ in range(3):
            t.next()
        pick = one(t, "cardkit-declare-choice")
        assert [label for label, _v in pick.options] == ["♠", "♣", "♦", "♥", "sin triunfo"]
        assert [v for _l, v in pick.options][-1] == "NT"
        for _ in range(3):
            t.next()
        tips = [b.tooltip for b in t.find("cardkit-card")]
    assert tips and all(tip.startswith("juega ") for tip in tips), tips


def test_marriage_is_offered_only_when_leading_with_king_and_queen():
    t = Table.from_record(WORKED, humans=[0])
    for _ in range(6):
        t.next()
    assert t.state.phase == "play" and t.state.current_player() == 0
    offered = sorted(b.description for b in t.find("cardkit-special"))
    legal = sorted(str(a) for a in t.state.legal_actions() if getattr(a, "marriage", False))
    assert offered == legal and "play K♠ marriage" in offered
    one(t, "cardkit-special", "play K♠ marriage").click()
    assert t.state.marriages == [(0, t.state.trick.led_suit, 20)]
    assert not t.find("cardkit-special")  # B follows: no marriage offered


def test_branching_from_the_past_replaces_the_future():
    t = Table.from_record(WORKED, humans=[0, 1, 2], live=True)
    t.next()  # A bids 80
    t.act("pass")
    assert [str(a) for a in t.match.hands[0].history()] == ["bid 80", "pass"]  # B passes: same as the record, the future stays
    assert len(t.script[0]) == 30
    t.back()
    t.back()
    assert t.act("bid 90") is None
    assert t.position == (0, 2)  # A's bid, then B (a user, not staying blind) looks
    assert [str(a) for a in t.match.hands[0].history()] == ["bid 90", "look"]  # A now bids 90 instead: the record's later actions go
    assert t.script[0] == t.state.history()
    assert t.state.high_bid == 90
    assert t.match.hands[0].history() == t.state.history()  # the replayed match follows the branch


# ---------------------------------------------------------------- matches, tables, charts


def test_live_table_deals_the_next_hand_with_the_engine_dealer_and_scores():
    t = Table("501", seed=2)
    t.to_end()
    first = t.state
    assert first.is_terminal()
    assert t.next()
    assert t.position == (1, 0)
    assert t.state.dealer == (first.dealer + 1) % 3
    assert t.state.scores_before == first.scores_after()
    sheet = t.score_sheet()
    assert list(sheet.index) == [1] and list(sheet.loc[1, ["A", "B", "C"]]) == first.scores_after()


def test_four_players_show_the_dealer_sitting_out():
    t = Table("501", players=4, seed=6)
    assert "sits out" in t.board.value
    t.to_end()
    assert t.state.returns()[t.state.dealer] == 0


def test_score_sheet_and_chart_of_a_seeded_match():
    game = find_game("501")
    m = Match(game, seed=21)
    m.play([find_player("501", "sensible", seed=s) for s in range(3)], max_hands=6)
    df = score_sheet(m)
    assert len(df) == len(m.score_sheet()) and list(df.iloc[-1][list(game.names)]) == m.scores
    chart = score_chart(m)
    spec = chart.to_dict()
    values = spec["datasets"][next(iter(spec["datasets"]))]
    assert len(values) == 3 * (len(df) + 1)


def test_deal_stepper_slots_the_talon_in_after_each_of_the_first_three_rounds():
    """rules.md 501 §4: p1 p2 p3 T | p1 p2 p3 T | p1 p2 p3 T | p1 p2 p3 ×4."""
    game = find_game("501")
    pack = game.new_pack()
    d = DealStepper(game, pack, dealer=2)
    d.next_button.click()
    hands, talon = d.dealt()
    assert [len(h) for h in hands] == [1, 0, 0] and len(talon) == 0  # A, left of dealer C, first
    d.round_button.click()
    assert d.n == 4 and len(d.dealt()[1]) == 1 and "to talon" in d.caption.value
    d.round_button.click()
    d.round_button.click()
    assert d.n == 12 and len(d.dealt()[1]) == 3
    d.all_button.click()
    hands, talon = d.dealt()
    state = game.new_hand(2, [501] * 3, pack)
    assert [list(h) for h in hands] == state.hands and list(talon) == list(state.talon)


def test_engine_does_not_import_the_widgets():
    code = "import sys, cardkit, cardkit.game501, cardkit.records; print(any(m.split('.')[0] in " \
           "('ipywidgets', 'IPython', 'pandas', 'altair') or m == 'cardkit.widgets' for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_deal_stepper_deals_five_hundred_packets_and_kitty():
    """rules.md 500 §3: 3 each, 1 kitty, 4 each, 1 kitty, 3 each, 1 kitty; the same stepper, unchanged."""
    pytest.importorskip("cardkit.game500")
    game = find_game("500", players=4)
    pack = game.new_pack()
    d = DealStepper(game, pack, dealer=3)
    d.next_round()
    hands, kitty = d.dealt()
    assert [len(h) for h in hands] == [3, 3, 3, 3] and len(kitty) == 1 and "to kitty" in d.caption.value
    d.step(len(pack))
    hands, kitty = d.dealt()
    state = game.new_hand(3, game.initial_scores(), pack)
    assert [list(h) for h in hands] == [list(h) for h in state.hands] and len(kitty) == 3


def test_action_log_hides_a_face_down_give_from_the_third_player():
    """rules.md 501 §7: each give is face down; only giver and receiver see its card."""
    from cardkit.widgets.table import Table

    t = Table("501", seed=1, humans=[1])
    t.act("pass")
    (giver, first, card1), (_, second, card2) = t.state.gives
    names = t.state.game.names
    for viewer, seen, hidden, other in ((first, card1, card2, second), (second, card2, card1, first)):
        t.seat_picker.value = viewer
        assert str(hidden) not in t.log_html.value  # the log has no play yet: the card appears nowhere
        assert f"{names[giver]} gives a card face down to {names[other]}" in t.log_html.value
        assert f"{names[giver]} gives {seen} to {names[viewer]}" in t.log_html.value
    t.seat_picker.value = None
    assert (f"{names[giver]} gives {card1} to {names[first]}" in t.log_html.value
            and f"{names[giver]} gives {card2} to {names[second]}" in t.log_html.value)


def test_four_players_end_of_hand_says_no_change_for_the_dealer_not_plus_zero():
    t = Table("501", players=4, seed=6)
    t.to_end()
    dealer = t.game.names[t.state.dealer]
    assert f"{dealer} scores nothing" in t.status.value and "+0" not in t.status.value
    assert "+0" not in t.scores.value and "<td>no change</td>" in t.scores.value


def test_score_sheet_reads_plainly_one_header_row_and_signed_changes():
    """The worked blind contract made (rules.md 501 §6, §7): A's score goes down by 200 (shown
    "−200", as the table's change row shows it), B and C by 30 and 20: one header row headed
    "hand", change columns named in words, no "±"."""
    df = score_sheet(load(WORKED_MADE))
    html = df._repr_html_()
    assert "±" not in html and html.count("<tr") == 2  # one header row, one hand
    assert list(df.columns) == ["dealer", "summary", "A's change", "A", "B's change", "B", "C's change", "C"]
    assert df.iloc[0]["A's change"] == "−200" and df.iloc[0]["A"] == 301
    assert df.columns.name == "hand" and list(df.index) == [1]


def test_computer_seats_play_on_after_the_user_moves_inside_a_record():
    """501/04: B plays Q♦ at the second trick of the worked record; C (a computer seat) answers by
    itself with its recorded card instead of the table waiting at "C to act"."""
    t = Table.from_record(load(WORKED), humans=[1], live=True)
    t.play_to(0, 10)
    recorded = [str(a) for a in t.script[0][10:12]]
    assert recorded[0] == "play Q♦"
    one(t, "cardkit-card", "Q♦").click()
    assert t.position == (0, 12) and [str(a) for a in t.script[0][10:12]] == recorded
    assert t.state.current_player() == 1 or t.state.current_player() in t.humans
    # with autoplay off the table waits for Next ▶ as before
    t2 = Table.from_record(load(WORKED), humans=[1], live=True, autoplay=False)
    t2.play_to(0, 10)
    one(t2, "cardkit-card", "Q♦").click()
    assert t2.position == (0, 11)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_table_waiting_for_its_person_has_nothing_to_step(lang):
    """A live table at its person's turn with nothing recorded after it (the auction panel of lesson
    501/02): Next and End are disabled and the status counts no "step 0 of 0"; once the person
    acts, the step count reads and Back can take it back."""
    from cardkit.i18n import language

    with language(lang):
        t = Table("501", seed=5, humans=[0], stay_blind=True)
        assert t.state.current_player() == 0 and t.replay.script[0] == []
        assert t.next_button.disabled and t.end_button.disabled
        assert ("step 0 of 0" if lang == "en" else "paso 0 de 0") not in t.status.value
        assert t.act("bid 70") is None
        h, k = t.position
        assert k == len(t.replay.script[h]) > 0
        assert ("step {k} of {k}" if lang == "en" else "paso {k} de {k}").format(k=k) in t.status.value
        if t.state.current_player() == 0:  # B and C answered: A's turn again, still nothing to step
            assert t.next_button.disabled and t.end_button.disabled
        t.back()
        assert not t.next_button.disabled and not t.end_button.disabled  # the recorded calls lie ahead


def test_tables_write_negative_numbers_with_a_true_minus_sign():
    """Sentences write "−32" (U+2212); so do the score sheet, the Table's scores and any frame.
    The data stay numbers for the code that reads them."""
    from cardkit.widgets import frame

    t = Table.from_record(WORKED, at="end")
    assert "<td>−32</td>" in t.scores.value and "-32" not in t.scores.value
    low = Match(find_game("501"), seed=18)
    low.play([find_player("501", "sensible", seed=54 + s) for s in range(3)], max_hands=60)
    sheet = score_sheet(low)
    assert min(low.scores) < 0 and list(sheet.iloc[-1][list(low.game.names)]) == low.scores
    shown = sheet._repr_html_()
    assert f"<td>−{-min(low.scores)}</td>" in shown and f"<td>{min(low.scores)}</td>" not in shown
    assert f"−{-min(low.scores)}" in repr(sheet) and f" {min(low.scores)}" not in repr(sheet)
    df = frame({"change": [200, -32, 0], "score": [701, -5, 481]}, changes=["change"])
    assert df["score"].tolist() == [701, -5, 481]
    html = df._repr_html_()
    for cell in ("<td>+200</td>", "<td>−32</td>", "<td>no change</td>", "<td>−5</td>", "<td>701</td>"):
        assert cell in html, cell
    assert "-" not in html.split("<tbody>")[1]


def test_rule_option_tooltips_read_in_the_pages_language():
    """A Spanish page's Five Hundred table: each rule option's tooltip names the option and its
    rule in Spanish ("regla 8 del Quinientos"), never the engine's English help with the records'
    spellings ("(after-seven)")."""
    from cardkit.game500 import OPTION_DOCS
    from cardkit.i18n import language

    from cardkit.rulecards import rule_text

    with language("es"):
        t = Table("500", seed=1)
        tips = {name: c.tooltip for name, c in t.option_controls.items()}
        es_words = rule_text("500", 4)
    en_words = rule_text("500", 11)
    # the option, its rule and the rule's words (issue 28: a tooltip says the rule, never its id)
    assert tips["misere"] == "dónde va la miseria (regla 4 del Quinientos): " + es_words
    assert all("Quinientos): " in tip and tip not in OPTION_DOCS.values() for tip in tips.values()), tips
    assert Table("500", seed=1).option_controls["win"].tooltip == "how to win (rule 11 of Five Hundred): " + en_words


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_record_that_stops_mid_hand_says_why_next_is_greyed(lang):
    """A record that ends before its hand is over (the worked example's first ten actions): at its
    last action Next ▶ and End ⏭ are greyed out and the status line says it is the end of the
    record and what to press; one step back, neither the greying nor the sentence."""
    from cardkit import Match
    from cardkit.i18n import language
    from cardkit.records import load

    whole = load(WORKED)
    part = Match(whole.game, dealer=whole.hands[0].dealer)
    part.new_hand(whole.hands[0].pack)
    for action in whole.hands[0].history()[:10]:
        part.apply_action(action)
    with language(lang):
        t = Table.from_record(part, at="end")
        said = "That is the end of the record" if lang == "en" else "Aquí termina el registro"
        assert not t.state.is_terminal() and t.next_button.disabled and t.end_button.disabled
        assert said in t.status.value
        t.back()
        assert not t.next_button.disabled and said not in t.status.value
