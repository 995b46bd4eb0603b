"""The Five Hundred widgets (cardkit.widgets.five_hundred) and the Table at 3–6 seats, driven in plain
pytest by setting values and calling ``.click()``. Every expected value is the rule text's or the engine's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("pandas")

from cardkit import Match  # noqa: E402
from cardkit.cards import JOKER, SUITS, Suit  # noqa: E402
from cardkit.errors import CardkitError  # noqa: E402
from cardkit.game500 import Game500, ladder  # noqa: E402
from cardkit.registry import find_player  # noqa: E402
from cardkit.records import load  # noqa: E402
from cardkit.widgets import Table  # noqa: E402
from cardkit.widgets.five_hundred import (AuctionPanel, TrumpExplorer, ladder_chart, legal_frame,  # noqa: E402
                                          packs_frame, ranking_frame, Table500, units_chart, what_if_frame)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "data" / "examples"


def find(widget, css, description=None):
    """Widgets under ``widget`` with CSS class ``css`` (and ``description``)."""
    found = []

    def walk(w):
        if css in getattr(w, "_dom_classes", ()) and (description is None or w.description == description):
            found.append(w)
        for c in getattr(w, "children", ()):
            walk(c)

    walk(widget)
    return found


def one(widget, css, description=None):
    found = find(widget, css, description)
    assert len(found) == 1, (css, description, [getattr(w, "description", "") for w in find(widget, css)])
    return found[0]


def contract_standing(bid: str, players: int = 4):
    game = Game500(players)
    state = game.new_hand(players - 1, game.initial_scores(), game.new_pack())
    for call in [f"bid {bid}"] + ["pass"] * (players - 1):
        state.apply_action(call)
    return state


# ---------------------------------------------------------------- packs and trumps


def test_packs_frame_has_the_rule_text_sizes():
    """rules.md 500 §2, §15: 43 / 33 / 53 / 63, one joker each."""
    df = packs_frame()
    assert df["cards"].to_dict() == {3: 33, 4: 43, 5: 53, 6: 63}
    assert set(df["jokers"]) == {1}
    assert df.loc[4, "♠"] == "A K Q J 10 9 8 7 6 5" and df.loc[4, "♥"].endswith("5 4")
    assert df.loc[6, "♥"].startswith("A K Q J 13 12 11 10")
    assert packs_frame("improvised").loc[6, "♦"].count("4") == 2


@pytest.mark.parametrize("trump,depth", [(Suit.SPADES, 12), (Suit.CLUBS, 12), (Suit.DIAMONDS, 13),
                                         (Suit.HEARTS, 13)])
def test_ranking_frame_trump_depth(trump, depth):
    """rules.md 500 §6: trumps 12 deep black, 13 red; the same-colour suit has no jack."""
    df = ranking_frame(Game500(), trump)
    trumps = df[df["trump"]]
    assert len(trumps) == depth
    assert list(trumps["card"][:3]) == ["Jo", f"J{trump.symbol}", f"J{trump.partner.symbol}"]
    partner = df[df["effective suit"] == trump.partner.symbol]
    assert f"J{trump.partner.symbol}" not in set(partner["card"])
    assert len(df) == 43 and list(partner["place"]) == list(range(1, len(partner) + 1))


def test_trump_explorer_follows_the_picker():
    t = TrumpExplorer(Game500(), trump=Suit.SPADES)
    assert t.counts == {"♠": 12, "♣": 9, "♦": 11, "♥": 11}
    one(t, "cardkit-trump-picker").value = "♥"
    assert t.trump is Suit.HEARTS and t.counts == {"♥": 13, "♠": 10, "♣": 10, "♦": 10}
    board = one(t, "cardkit-board").value
    assert board.index("<title>Jo</title>") < board.index("<title>J♥</title>") < board.index("<title>J♦</title>")
    t.picker.value = "NT"  # no trumps: no bowers, the joker in no suit (rules.md 500 §8)
    # the menu still shows the choice (a Dropdown at the value None would show an empty box)
    assert t.picker.index == 4 and t.picker.label == "no trumps" and t.trump is None
    assert t.counts == {"♠": 10, "♣": 10, "♦": 11, "♥": 11, "no suit": 1}
    assert sum(t.counts.values()) == 43
    assert repr(t) == "<TrumpExplorer Five Hundred, 4 seats>"


# ---------------------------------------------------------------- the ladder and the auction


def test_ladder_chart_marks_only_misere_after_seven():
    """rules.md 500 §15: plain misère (250) is worth more than the 8♠ (240) that outranks it
    under after-seven; under after-eight-spades nothing is out of order."""
    spec = ladder_chart().to_dict()
    rows = spec["data"]["values"] if "values" in spec.get("data", {}) else next(iter(spec["datasets"].values()))
    flagged = [(r["placement"], r["bid"]) for r in rows if r["worth more than the next bid up"]]
    assert flagged == [("after-seven", "misère")]
    assert len(rows) == 2 * len(ladder()) == 54
    ranks = {(r["placement"], r["bid"]): r["rank"] for r in rows}
    assert ranks[("after-seven", "misère")] == 11 and ranks[("after-eight-spades", "misère")] == 12


def test_auction_panel_offers_every_bid_of_the_ladder_the_lowest_legal_chosen():
    """The drop-down lists the whole ladder (27 bids, misère above the sevens by default, open misère
    between 10♦ and 10♥: rules.md 500 §4), so a learner can pick a bid the engine refuses; the bid
    chosen at first is the lowest legal one."""
    p = AuctionPanel(Game500(), dealer=3, seed=5)
    st = p.state
    assert st.phase == "auction" and st.current_player() == 0  # opens at the dealer's left (§4)
    options = [v for _label, v in one(p, "cardkit-bid-choice").options]
    assert [label for label, _v in one(p, "cardkit-bid-choice").options] == options  # English: the record's text
    assert len(options) == 27 and options[:2] == ["bid 6♠", "bid 6♣"] and options[-1] == "bid 10NT"
    assert options[9:12] == ["bid 7NT", "bid misère", "bid 8♠"]
    assert options[23:26] == ["bid 10♦", "bid open misère", "bid 10♥"]
    assert p.choice.value == "bid 6♠"
    # misère is on the list although not legal yet (nobody has bid seven): the engine decides
    assert "bid misère" not in {str(a) for a in st.legal_actions()}
    faces = [f"<title>{c}</title>" for c in st.hands[0]]
    assert all(f in one(p, "cardkit-board").value for f in faces)  # A's hand, A to call
    p.act("bid 7♠")
    assert p.choice.value == "bid 7♣" and len(p.choice.options) == 27  # B's lowest legal bid
    assert all(f"<title>{c}</title>" in p.board.value for c in p.state.hands[1])


def test_auction_panel_clicks_to_a_misere_contract():
    p = AuctionPanel(Game500(), dealer=3, seed=5)
    p.choice.value = "bid 7♣"
    one(p, "cardkit-bid").click()
    assert "bid misère" in [v for _label, v in p.choice.options]  # a seven has been bid (§4)
    p.choice.value = "bid misère"
    one(p, "cardkit-bid").click()
    for _ in range(3):
        one(p, "cardkit-pass").click()
    assert p.state.phase == "bury" and str(p.state.contract) == "misère" and p.state.contractor == 1
    assert p.bid_button.disabled and p.pass_button.disabled and p.choice.options == ()
    assert "B misère" in p.status.value
    assert p.calls_html.value.split("<br>") == ["A: bid 7♣", "B: bid misère", "C: pass", "D: pass", "A: pass"]


def test_auction_panel_rejects_an_illegal_call_and_changes_nothing():
    p = AuctionPanel(Game500(), dealer=3, seed=5)
    p.act("bid 7♠")
    before = (p.state.history(), p.state.high, p.state.current_player())
    why = p.act("bid 6NT")
    assert why is not None and "does not outrank" in why and "rules.md 500 §4" in why
    assert (p.state.history(), p.state.high, p.state.current_player()) == before
    assert "cardkit-illegal" in p.message.value
    assert p.act("bid nonsense") is not None and p.state.history() == before[0]


def test_auction_panel_refuses_a_lower_bid_picked_with_the_rule_on_the_page():
    """Lesson 500/03: after A's 7♠, B picks 6♥ (lower) and clicks bid: the page shows the engine's
    sentence with the rule in plain words (rules.md 500 §4 in the tooltip), and nothing changes;
    then B picks 7♣, which stands."""
    p = AuctionPanel(Game500(), dealer=3, seed=5)
    p.act("bid 7♠")
    p.choice.value = "bid 6♥"
    one(p, "cardkit-bid").click()
    assert re.sub(r"<[^>]+>", "", p.message.value.split("<style>")[0]) == (
        "B cannot bid 6♥: 6♥ does not outrank the standing bid of 7♠ (rule 4 of Five Hundred)")
    assert "data-rule='500-4'" in p.message.value and "rules.md" not in p.message.value
    assert [str(a) for a in p.state.history()] == ["bid 7♠"] and p.state.current_player() == 1
    assert p.calls_html.value == "A: bid 7♠"
    p.choice.value = "bid 7♠"  # the same bid again is no higher either
    one(p, "cardkit-bid").click()
    shown = re.sub(r"<[^>]+>", "", p.message.value)
    assert "7♠ does not outrank the standing bid of 7♠ (rule 4 of Five Hundred)" in shown
    p.choice.value = "bid misère"  # misère now outranks 7♠ (after the sevens) and a seven has been bid
    one(p, "cardkit-bid").click()
    assert p.message.value == "" and str(p.state.high) == "misère" and p.state.current_player() == 2


def test_auction_panel_thrown_in_and_start_again():
    p = AuctionPanel(Game500(), dealer=3, seed=5)
    for _ in range(4):
        one(p, "cardkit-pass").click()
    assert p.state.phase == "over" and p.state.summary() == "thrown in" and p.state.returns() == [0] * 4
    assert p.act("pass") is not None
    one(p, "cardkit-reset").click()
    assert p.state.phase == "auction" and p.state.history() == [] and p.message.value == ""


# ---------------------------------------------------------------- legal sets


def test_legal_frame_compares_joker_leads():
    """rules.md 500 §8: the unnominated joker led first in no trumps names any suit under both
    readings while no suit has been led; a nominated joker names none."""
    game = Game500()
    pack = game.arrange(3, {0: "JK AS KS 10S AH 8H 4H AD KD QD"}, kitty="5C JD 4D")
    states = {}
    for label, nominate in (("none", "nominate none"), ("hearts", "nominate H")):
        st = game.new_hand(3, game.initial_scores(), pack)
        for a in ["bid 6NT", "pass", "pass", "pass", "bury 5C", "bury JD", "bury 4D", nominate]:
            st.apply_action(a)
        states[label] = st
    df = legal_frame(states)
    assert df.loc["play Jo naming ♠"].tolist()[:2] == [True, False]
    assert df.loc["play Jo"].tolist()[:2] == [False, True]
    assert df.loc["play A♠", "legal in"] == 2
    assert set(df.index) == {str(a) for s in states.values() for a in s.legal_actions()}


# ---------------------------------------------------------------- scoring


def test_what_if_eight_hearts():
    """rules.md 500 §10, §15: 8♥ = 300 made, −300 failed; defenders 10 a trick either way."""
    df = what_if_frame(contract_standing("8H"))
    assert list(df.index) == list(range(11))
    assert df.loc[8].tolist() == [True, 300, 20] and df.loc[7].tolist() == [False, -300, 30]
    assert df.loc[10, "A and C"] == 300 and df.loc[0, "B and D"] == 100


@pytest.mark.parametrize("bid,ten", [("6S", 250), ("7S", 250), ("8S", 250), ("9S", 340), ("10NT", 520)])
def test_what_if_sweep_rule(bid, ten):
    """rules.md 500 §10: all ten tricks on a contract under 250 pay 250; none above."""
    assert what_if_frame(contract_standing(bid), [10])["A and C"].tolist() == [ten]


def test_what_if_failed_ten_no_trumps_and_misere():
    assert what_if_frame(contract_standing("10NT"), [9])["A and C"].tolist() == [-520]
    m = contract_standing("open misere")
    df = what_if_frame(m, [0, 1])
    assert df["A and C"].tolist() == [500, -500] and df["B and D"].tolist() == [0, 0]
    assert m.phase == "bury"  # the state itself is untouched


def test_what_if_three_and_five_handed_units():
    three = what_if_frame(contract_standing("6S", 3), [6])
    assert three.loc[6].tolist() == [True, 40, 40, 0]  # individual scores; seat B took the other four
    with pytest.raises(CardkitError):
        what_if_frame(Game500().new_hand(3, [0] * 4, Game500().new_pack()))


def test_units_chart_has_the_500_lines():
    game = Game500()
    match = Match(game, seed=4)
    match.play([find_player("500", "sensible", seed=40 + s) for s in range(4)], max_hands=60)
    spec = units_chart(match, title="t").to_dict()
    values = [v for d in spec.get("datasets", {}).values() for v in d]
    assert {500, 0, -500} <= {v.get("score") for v in values if "line" in v}
    sides = {v["side"] for v in values if "side" in v}
    assert sides == {"A and C", "B and D"}  # the sides in words, never "A+C"
    last = max(v["hand"] for v in values if "side" in v)
    assert last == len(match.hands)
    assert {v["score"] for v in values if v.get("hand") == last and "side" in v} == set(match.scores)
    # every score inside the y axis, the ±500 lines too (a side may end past 500)
    low, high = spec["layer"][0]["encoding"]["y"]["scale"]["domain"]
    scores = [v["score"] for v in values if "side" in v]
    assert low <= min(min(scores), -500) and high >= max(max(scores), 500)
    # a match that starts below −600 (scores set by hand): the axis reaches down to it
    below = units_chart(Match(game, seed=4, scores=[-650, 480, -650, 480])).to_dict()
    assert below["layer"][0]["encoding"]["y"]["scale"]["domain"] == [-700, 600]


# ---------------------------------------------------------------- the Table at 3, 5 and 6 seats


def click(table: Table, action) -> None:
    """Perform ``action`` through the Table's controls only, as a user would."""
    text = str(table.game.parse_action(action))
    words = text.split()
    verb = words[0]
    card_buttons = [b for b in find(table, "cardkit-card") if b.tooltip == text]
    if card_buttons:
        card_buttons[0].click()
        return
    special = find(table, "cardkit-special", text)
    if special:
        special[0].click()
        return
    singles = find(table, f"cardkit-{verb}", text)
    if singles:
        singles[0].click()
        return
    button = one(table, f"cardkit-{verb}")
    for box in find(table, "cardkit-actions")[0].children:
        if button in getattr(box, "children", ()):
            dropdown = box.children[0]
            dropdown.value = next(v for label, v in dropdown.options if label == text)
            button.click()
            return
    raise AssertionError(f"no control for {text}")


def click_through(game: Game500, seed: int) -> tuple[Table500, Match]:
    """One hand at a Table500 where every seat is a user: each action, chosen by a sensible player,
    is clicked; an engine match is fed the same actions directly."""
    t = Table500(game, seed=seed, humans=range(game.players))
    engine = Match(game, seed=seed)
    engine.new_hand()
    assert list(engine.state.pack) == list(t.state.pack)
    chooser = [find_player("500", "sensible", seed=seed + s) for s in range(game.players)]
    steps = 0
    while not t.state.is_terminal():
        st = t.state
        action = chooser[st.current_player()].choose(st).action
        click(t, action)
        engine.apply_action(action)
        steps += 1
        assert t.state.history() == engine.state.history()
        assert steps < 200
    return t, engine


@pytest.mark.parametrize("players,first_seed", [(3, 2), (5, 3), (6, 2), (4, 8)])
def test_a_whole_hand_through_clicks_matches_the_engine(players, first_seed):
    """The tables of rules.md 500 §12–§14 are playable by clicking: the first seeded hand from
    ``first_seed`` on that is not thrown in, clicked through, gives the engine's result (with five
    players, a hand with a call is sought)."""
    game = Game500(players)
    for seed in range(first_seed, first_seed + 60):
        t, engine = click_through(game, seed)
        st = t.state
        if st.contract is not None and (players != 5 or st.called is not None):
            break
    else:
        pytest.fail("no played hand in 60 seeds")
    assert t.state.returns() == engine.state.returns()
    assert t.state.summary() == engine.state.summary()
    assert all(str(v) in t.scores.value for v in t.state.scores_after())
    assert len(t.state.tricks) >= 1 and sum(t.state.tricks_won) == len(t.state.tricks)


def test_five_handed_call_through_the_table():
    """rules.md 500 §13: after burying the five-handed contractor goes alone or calls a card."""
    record = load(EXAMPLES / "500_five_handed_called_partner.json")
    hand = record.hands[0]
    game = hand.game
    plain = Table.from_record(record, humans=range(5))
    plain.play_to(0, 8)  # the record's deal, after the auction and the burying
    assert plain.state.phase == "call"
    t = Table500.from_record(record, humans=range(5))
    t.play_to(0, 8)
    assert one(t, "cardkit-go", "go alone")
    callable_ = [str(a) for a in t.state.legal_actions() if str(a).startswith("call")]
    assert [label for label, _v in one(t, "cardkit-call-choice").options] == callable_
    assert "call J♠" not in callable_ and "call Jo" not in callable_  # no-joker-or-bowers, self-call=off
    one(t, "cardkit-call-choice").value = next(v for label, v in t.find("cardkit-call-choice")[0].options
                                               if label == "call A♥")
    one(t, "cardkit-call").click()
    assert t.state.partners == (2,) and t.state.phase == "play"
    assert t.act("call K♥") is not None  # no second call: the message names the rule, nothing changes
    assert t.state.phase == "play"


def test_a_five_handed_table_is_the_games_own_widget_with_the_call_controls():
    """``Table("500", players=5)`` builds the table widget the registry declares for Five Hundred:
    at the call (rules.md 500 §13) it offers every callable card in a drop-down with a call button,
    beside going alone; 501 keeps the plain table."""
    from cardkit.game500.actions import Call

    t = Table("500", players=5, seed=3, humans=range(5))
    assert type(t) is Table500 and t.game.players == 5
    assert type(Table("501", seed=3)) is Table
    while t.state.phase != "call":
        st = t.state
        legal = st.legal_actions()
        bids = [a for a in legal if a.worth() is not None]
        assert t.act(bids[0] if st.phase == "auction" and st.high is None else legal[0]) is None
    calls = [a for a in t.state.legal_actions() if isinstance(a, Call)]
    assert len(calls) > 20
    assert [v for _label, v in one(t, "cardkit-call-choice").options] == calls
    assert one(t, "cardkit-call", "call") and one(t, "cardkit-go", "go alone")
    one(t, "cardkit-call-choice").value = calls[-1]
    one(t, "cardkit-call").click()
    assert t.state.phase == "play" and t.state.history()[-1] == calls[-1]


def test_joker_naming_is_a_special_button():
    """rules.md 500 §8: the unnominated joker, led, names a suit; each naming is one button."""
    game = Game500()
    pack = game.arrange(3, {0: "JK AS KS 10S AH 8H 4H AD KD QD"}, kitty="5C JD 4D")
    match = Match(game, dealer=3)
    match.new_hand(pack)
    t = Table.from_record(match, live=True, humans=range(4))
    for a in ["bid 6NT", "pass", "pass", "pass", "bury 5C", "bury JD", "bury 4D", "nominate none"]:
        click(t, a)
    names = sorted(b.description for b in find(t, "cardkit-special"))
    assert names == sorted(f"play Jo naming {s.symbol}" for s in SUITS)
    click(t, "play Jo naming ♥")
    assert t.state.trick.led_suit is Suit.HEARTS and t.state.trick.plays == [(0, JOKER)]


def test_table500_marks_the_misere_partner_sitting_out():
    """rules.md 500 §9: the misère contractor's partner sits out; in six-handed play both partners."""
    t = Table500.from_record(EXAMPLES / "500_made_misere.json", at="end")
    rows = t.board.value.split("<tr>")
    d_row = next(r for r in rows if r.startswith("<th style='text-align:left'>D</th>"))
    assert "sits out" in d_row
    assert sum("sits out" in r for r in rows) == 1
    six = Table500.from_record(EXAMPLES / "500_six_handed_misere.json", at="end")
    assert six.board.value.count("sits out") == 2
    assert "sits out" not in Table500.from_record(EXAMPLES / "500_made_8_hearts.json", at="end").board.value


def test_failed_open_misere_table_says_what_happened_in_words_and_what_to_press():
    """The failed open misère of lesson 500/05 (rules.md 500 §10, §11): A and C lose 500, B and D
    score nothing (said in words, never "B +0"); their side at −500 has lost outright, so the match
    really is over after this one hand; the replay table names its ⏮ Start button, a still picture
    (no buttons) names none and shows no step count; "1 trick", not "1 tricks"."""
    t = Table500.from_record(EXAMPLES / "500_failed_open_misere.json")
    assert "step 0 of 20" in t.status.value and t.start_button.disabled and not t.next_button.disabled
    t.to_end()
    status = t.status.value
    assert "A and C −500; B and D score nothing" in status and "+0" not in status
    assert "The match is over: B and D win" in status and "Press ⏮ Start to see the hand again." in status
    assert t.next_button.disabled and t.end_button.disabled  # the match is over: no next hand
    assert ">1 trick<" in t.board.value and "1 tricks" not in t.board.value
    shot = Table500.from_record(EXAMPLES / "500_failed_open_misere.json")
    shot.to_end()
    pic = shot.picture()
    assert "step" not in repr(pic) and "Press" not in repr(pic) and "step 20" not in pic.html
    assert "A and C −500; B and D score nothing" in repr(pic) and "The match is over" in repr(pic)


def test_a_made_misere_does_not_end_the_match_and_a_playing_table_offers_a_new_deal():
    """B's made misère (rules.md 500 §10): +250 to B and D, A and C nothing; nobody reached 500 or
    −500, so the match goes on: the record's end says so and, on a table with the play bar, names
    🂠 New deal. A live table that ends a match names 🂠 New deal, not ⏮ Start."""
    rec = Table500.from_record(EXAMPLES / "500_made_misere.json")
    rec.to_end()
    assert rec.outcome is None and "The match is over" not in rec.status.value
    assert "B and D +250; A and C score nothing" in rec.status.value
    assert "That is the end of the record: press ⏮ Start to see it again." in rec.status.value
    # nothing lies ahead: Next ▶ and End ⏭ are greyed out; one step back, they are not
    assert rec.next_button.disabled and rec.end_button.disabled and not rec.start_button.disabled
    rec.back()
    assert not rec.next_button.disabled and not rec.end_button.disabled
    played = Table500.from_record(EXAMPLES / "500_failed_open_misere.json", play=True)
    played.to_end()
    assert played.playing and "Press 🂠 New deal to start a new match." in played.status.value
def test_auction_panel_shows_the_hand_sorted_as_the_table_does():
    """The panel's hand in the kit's one order (display.held_order: suit by suit, highest first),
    not in deal order."""
    import re

    from cardkit.display import held_order

    p = AuctionPanel(Game500(), dealer=3, seed=5)
    st = p.state
    seat = st.current_player()
    shown = re.findall(r"<title>([^<]+)</title>", p.board.value)
    assert shown == [str(c) for c in held_order(st, st.hands[seat])]
    assert sorted(shown) == sorted(str(c) for c in st.hands[seat]) and len(shown) == 10
    assert shown != [str(c) for c in st.hands[seat]]  # this deal's order is not already sorted


def test_what_if_table_has_one_header_row():
    """The what-if table reads plainly: "tricks" heads the row numbers in the one header row."""
    df = what_if_frame(contract_standing("8H"), [7, 8])
    html = df._repr_html_()
    assert df.columns.name == "tricks" and df.index.name is None
    assert html.count("<tr") == 3 and "<th>tricks</th>" in html


def test_ladder_chart_names_the_placements_in_words():
    """The two panels are headed by the option values in words, never `after-seven`."""
    spec = ladder_chart().to_dict()
    assert spec["facet"]["column"]["title"] == "where misère ranks"
    assert spec["facet"]["column"]["sort"] == ["above every seven", "between 8♠ and 8♣"]
