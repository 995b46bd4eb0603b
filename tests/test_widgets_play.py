"""The table for playing, by clicks as a user makes them (ipywidgets' ``click()`` runs the handlers):
new deal (random or by seed), choosing a seat and a table size, hint, review, sorted hands, the size
control, and what the table says at the end of a hand."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from cardkit import Match, find_game  # noqa: E402
from cardkit.cards import Card  # noqa: E402
from cardkit.registry import find_player  # noqa: E402
from cardkit.widgets import DealStepper, Table  # noqa: E402
from cardkit.widgets.five_hundred import Table500  # noqa: E402


def one(table: Table, css: str):
    found = table.find(css)
    assert len(found) == 1, (css, found)
    return found[0]


def play_out(t: Table, seed: int = 1, limit: int = 80) -> None:
    """Play the user's seat with a random player until the hand is over."""
    me = find_player(t.game, "random", seed=seed)
    for _i in range(limit):
        if t.state.is_terminal():
            return
        assert t.act(me.choose(t.state.clone()).action) is None
    raise AssertionError("the hand did not end")


def test_new_deal_by_seed_deals_the_engines_deal_and_shows_the_seed():
    t = Table("501", seed=7, humans=[0])
    one(t, "cardkit-seed").value = "12"
    one(t, "cardkit-new-deal").click()
    assert t.seed == 12 and one(t, "cardkit-seed").value == "12"
    assert t.state.pack == Match(t.game, seed=12).new_hand().pack
    assert t.position[0] == 0 and t.replay.live
    # blank seed: a random deal, whose seed is shown so a class can share it
    one(t, "cardkit-seed").value = ""
    one(t, "cardkit-new-deal").click()
    shown = int(one(t, "cardkit-seed").value)
    assert t.state.pack == Match(t.game, seed=shown).new_hand().pack


def test_a_bad_seed_is_a_clear_message_and_changes_nothing():
    t = Table("501", seed=7, humans=[0])
    before = (t.seed, t.state.pack)
    one(t, "cardkit-seed").value = "seven"
    one(t, "cardkit-new-deal").click()
    assert "whole number" in t.message.value and (t.seed, t.state.pack) == before


def test_choosing_a_seat_plays_it_and_the_computers_play_the_rest():
    t = Table("501", seed=5, humans=[0])
    one(t, "cardkit-you").value = 2
    assert t.humans == {2} and 0 in t.computers and 2 not in t.computers
    assert t.seat_picker.value == 2  # your view
    # the computers moved on to your turn (or the hand's end)
    assert t.state.current_player() in (2, None)


def test_rule_options_are_controls_built_from_the_games_declared_options():
    """One control per option Five Hundred declares (rules.md 500 §8, §11, §13, §14 options): a
    drop-down of its values or a check box, the default labelled as the default."""
    g = find_game("500")
    t = Table500("500", seed=3, humans=[0])
    assert sorted(t.option_controls) == sorted(g.option_choices) and len(t.find("cardkit-option")) == 15
    lead = one(t, "cardkit-option-joker-lead")
    # plain words for the option and its values, the records' spellings kept as the values
    assert lead.options == (("a suit nobody has led (default)", "strict"), ("any suit", "loose"))
    assert lead.value == "strict" and lead.description == "leading the joker"
    alone = one(t, "cardkit-option-joker-lead-any")
    assert type(alone).__name__ == "Checkbox" and alone.value is False
    assert alone.description == "the joker may lead any trick (default: off)"
    assert all(g.option_defaults[n] == c[0] for n, c in g.option_choices.items())  # defaults first
    assert Table("501", seed=1, humans=[0]).option_controls == {}  # 501 declares no option


def test_table_size_and_rules_options_deal_a_new_table():
    t = Table500("500", seed=3, humans=[0])
    one(t, "cardkit-players").value = 6
    one(t, "cardkit-option-joker-lead").value = "loose"
    one(t, "cardkit-option-six-seating").value = "three-pairs"
    one(t, "cardkit-new-deal").click()
    assert t.game.players == 6 and len(t.state.hands) == 6
    assert t.game.options["joker-lead"] == "loose" and t.game.rules.six_seating == "three-pairs"
    assert t.game.units == ((0, 3), (1, 4), (2, 5))  # three pairs (rules.md 500 §14)
    assert [label for label, _s in t.seat_picker.options][-1] == "F"
    # two options that contradict each other: a message naming both, the table unchanged
    before = (t.game.options, t.state.pack)
    one(t, "cardkit-option-joker-lead-any").value = True
    one(t, "cardkit-option-joker-lead-last").value = True
    one(t, "cardkit-new-deal").click()
    assert "joker-lead-any" in t.message.value and "joker-lead-last" in t.message.value
    assert (t.game.options, t.state.pack) == before
    # back to the defaults: the next deal uses them
    one(t, "cardkit-option-joker-lead-last").value = False
    one(t, "cardkit-option-joker-lead-any").value = False
    one(t, "cardkit-option-joker-lead").value = "strict"
    one(t, "cardkit-option-six-seating").value = "two-threes"
    one(t, "cardkit-new-deal").click()
    assert t.game.options == find_game("500", 6).options and t.chosen_options() == {}


def test_opponents_kind_is_used_for_the_computer_seats():
    t = Table("501", seed=4, humans=[0])
    one(t, "cardkit-opponents").value = "random"
    one(t, "cardkit-new-deal").click()
    assert {type(p).__name__ for p in t.computers.values()} == {"RandomPlayer"}


def test_hint_gives_the_coachs_action_and_reason_on_your_turn_only():
    t = Table("501", seed=3, humans=[0])
    assert t.state.current_player() == 0
    one(t, "cardkit-hint").click()
    text = t.coach.value
    assert "The coach would" in text and ("bid" in text or "pass" in text)
    t2 = Table("501", seed=3, humans=[2], autoplay=False)  # B, a computer, is still to act
    assert t2.state.current_player() == 1
    t2.hint()
    assert "not your turn" in t2.coach.value


def test_review_names_the_cards_that_left_best_play():
    t = Table("501", seed=3, humans=[0])
    assert "Nothing to review" in t.review()[0]
    play_out(t)
    lines = t.review()
    assert lines and all(line.startswith("Trick ") or "best play" in line for line in lines)
    assert "cardkit-review" in t.coach.value
    if lines[0].startswith("Trick "):  # the numbers shown are explained, who wants them high and who low
        assert "the bidder wants it high, the defenders low" in t.coach.value
    # with the solver's own choices the review finds nothing to say
    from cardkit.solver import solver_for

    t = Table("501", seed=3, humans=[0])
    me = find_player(t.game, "sensible", seed=1)
    while not t.state.is_terminal():
        st = t.state
        a = solver_for(st).solve(st).best()[0].action if st.phase == "play" else me.choose(st.clone()).action
        t.act(a)
    assert t.review()[0].startswith("You kept to best play")
    assert "wants" not in t.coach.value  # no numbers shown, none explained


def _hearts_contract() -> Table500:
    """Five Hundred, A bid 6♥ and everyone passed; B (played by the user) holds the left bower J♦."""
    g = find_game("500")
    pack = g.arrange(3, {0: "AH KH QH 10H 9H AS KS AC KC AD", 1: "JD 5D 6D 7D 8D 5S 6S 7S 5C 6C",
                         2: "8H 7H QS JS 10S 9S QC JC 10C 9C"}, kitty="4D 9D 10D")
    m = Match(g, dealer=3)
    m.new_hand(pack)
    for a in ["bid 6H", "pass", "pass", "pass"]:
        m.apply_action(a)
    t5 = Table500.from_record(m, humans=[1], at="end")
    return t5


def test_hands_are_shown_sorted_by_suit_and_rank_trumps_first():
    t = Table("501", seed=1, humans=[0])
    st = t.state
    shown = [Card.parse(b.description) for b in t.find("cardkit-card")] or t._sorted(st, st.hands[0])
    order = [c.code for c in t.game.new_pack()]  # suit by suit, each from its highest card (A 10 K Q J 9)
    assert [c.code for c in shown] == sorted((c.code for c in st.hands[0]), key=order.index)
    assert [c.code for c in shown] != [c.code for c in st.hands[0]] or len(shown) < 2
    # once trumps are known they come first: Five Hundred, hearts trumps, the bowers among them
    t5 = _hearts_contract()
    b_hand = t5._sorted(t5.state, t5.state.hands[1])
    assert [c.code for c in b_hand][:1] == ["JD"]  # the left bower is a trump, and leads B's hand


def test_size_control_scales_the_whole_table():
    t = Table("501", seed=1, humans=[0])
    assert "cardkit-size-normal" in t._dom_classes
    one(t, "cardkit-size").value = "projector"
    assert t.size == "projector"
    assert "cardkit-size-projector" in t._dom_classes and "cardkit-size-normal" not in t._dom_classes
    t.set_size("large")
    assert one(t, "cardkit-size").value == "large" and "cardkit-size-large" in t._dom_classes
    with pytest.raises(Exception, match="projector"):
        t.set_size("huge")


def test_end_of_hand_says_what_happened_and_what_to_press():
    t = Table("501", seed=3, humans=[0])
    play_out(t)
    status = t.status.value
    assert "The hand is over" in status and "Press Next ▶" in status
    rec = Table.from_record(t.match)
    rec.to_end()
    assert "press ⏮ Start" in rec.status.value


def test_plurals_and_no_points_where_the_game_counts_none():
    t = Table.from_record(Match(find_game("501"), seed=1))
    t.to_end()
    board = t.board.value
    assert "1 tricks" not in board and " points" in board
    t5 = Table500("500", seed=3, humans=[0, 1, 2, 3])
    assert "points" not in t5.board.value


def test_deal_stepper_has_a_start_button():
    g = find_game("501")
    d = DealStepper(g, g.new_pack(), dealer=2)
    d.step(24)
    assert d.start_button.disabled is False
    d.start_button.click()
    assert d.n == 0 and d.start_button.disabled


def _board_rows(t: Table) -> dict[str, list[Card]]:
    """The cards of each seat's row in the board picture, in the order drawn (each face's title)."""
    import re

    rows = {}
    for row in re.findall(r"<tr><th[^>]*>(.*?)</th>(.*?)</tr>", t.board.value):
        name = re.sub(r"<[^>]+>|▶ ", "", row[0]).strip()
        rows[name] = [Card.parse(x) for x in re.findall(r"<title>(.*?)</title>", row[1])]
    return rows


def _held_in_order(st, cards: list[Card]) -> bool:
    """Grouped by suit (the effective suit once trumps are known), trumps first, each suit from its
    highest card down (the engine's power once trumps are known, the pack's order before)."""
    pack = list(st.game.new_pack())
    groups: list = []
    last = None
    for c in cards:
        s = st.suit_of(c) if st.trump is not None else c.suit
        if s != (groups[-1] if groups else object()):
            if s in groups:
                return False  # a suit split in two
            groups.append(s)
            last = None
        power = st.power(c, s) if st.trump is not None and s is not None else None
        rank = -power if power is not None else pack.index(c)  # 501 ranks by the pack's order
        if last is not None and rank < last:
            return False
        last = rank
    trumps = [g for g in groups if g is not None]
    return st.trump is None or not trumps or st.trump not in trumps or trumps[0] == st.trump


@pytest.mark.parametrize("name", ["501", "500"])
def test_board_picture_shows_every_hand_sorted_by_suit_and_rank(name):
    """The board picture (not only the card buttons) holds each hand sorted, trumps first once
    known; checked at every step of a few hands of both games, every hand face up."""
    cls = Table500 if name == "500" else Table
    seen_trump = 0
    for seed in range(1, 5):
        t = cls(name, seed=seed)  # no human: computers play, every hand face up
        t.seat_picker.value = None
        for _step in range(40):
            rows = _board_rows(t)
            st = t.state
            for s, seat in enumerate(t.game.names):
                hand = st.view(None).hands[s]
                if isinstance(hand, int) or not hand:
                    continue
                assert sorted(c.code for c in rows[seat]) == sorted(c.code for c in hand)
                assert _held_in_order(st, rows[seat]), (name, seed, seat, [str(c) for c in rows[seat]])
            seen_trump += st.trump is not None
            if not t.next():
                break
    assert seen_trump  # the trumps-first order was checked too


def test_board_picture_leads_with_the_trumps_bowers_included():
    t5 = _hearts_contract()
    t5.seat_picker.value = None
    b_row = [str(c) for c in _board_rows(t5)["B"]]
    # hearts are trumps (rules.md 500 §5): the left bower J♦ is B's only trump and comes first
    # then the other suits in the pack's order, each from its highest card down
    assert b_row == ["J♦", "7♠", "6♠", "5♠", "6♣", "5♣", "8♦", "7♦", "6♦", "5♦"]


@pytest.mark.parametrize("name", ["501", "500"])
def test_hint_reason_is_in_spanish_for_a_spanish_table(name):
    """The coach's reason is a sentence of the learner's language: at every one of the user's
    turns of a hand, the Spanish hint holds none of the English reason words and names the
    action in Spanish."""
    from cardkit.i18n import language

    english = {"hand", "strength", "worth", "leads", "trick", "cheaply", "throws", "lowest", "bidding",
               "forecasts", "rule of thumb", "tricks", "coach"}
    cls = Table500 if name == "500" else Table
    with language("es"):
        t = cls(name, seed=3, humans=[0])
        me = find_player(t.game, "random", seed=2)
        hints = []
        for _i in range(40):
            if t.state.is_terminal():
                break
            hints.append(t.hint())
            t.act(me.choose(t.state.clone()).action)
    assert len(hints) >= 5
    for text in hints:
        assert text.startswith("El entrenador"), text
        words = set(text.replace(":", " ").replace(",", " ").split())
        assert not words & english and "rule of thumb" not in text, text


def test_tally_says_one_trick_and_two_tricks_in_both_languages():
    """The tally beside a seat (card points captured, rules.md 501 §3) uses the singular for one:
    "1 trick" / "1 baza", never "1 tricks" / "1 bazas"."""
    from cardkit.i18n import language
    from cardkit.replay import Replay

    r = Replay.from_record("data/examples/501_worked_blind_contract.json")
    while max(r.state.tricks_won) < 1:
        r.next()
    seat = r.state.tricks_won.index(1)
    v = r.state.view()
    points = r.state.points[seat]
    assert v.tally(seat) == f"1 trick, {points} points"
    with language("es"):
        assert v.tally(seat) == f"1 baza, {points} puntos"
    r.end()
    v = r.state.view()
    two = next(s for s, t in enumerate(r.state.tricks_won) if t > 1)
    assert v.tally(two).startswith(f"{r.state.tricks_won[two]} tricks, ")


@pytest.mark.parametrize("lang, labels", [
    ("en", {"random": "plays at random", "sensible": "follows simple rules"}),
    ("es", {"random": "juega al azar", "sensible": "sigue reglas sencillas"}),
])
def test_computer_players_are_named_in_plain_words_and_chosen_by_kind(lang, labels):
    """The opponents' drop-down shows what each computer player does, in the table's language; its
    values stay the kind names (the record and the registry use those)."""
    from cardkit.i18n import language

    with language(lang):
        t = Table("501", seed=4, humans=[0])
        dd = one(t, "cardkit-opponents")
        shown = dict((v, k) for k, v in dd.options)
        assert list(shown) == ["random", "sensible", "sampler", "solver", "ismcts"]
        for kind, text in labels.items():
            assert shown[kind] == text
        assert not set(shown.values()) & set(shown)  # no code word shown as a label
        dd.label = labels["random"]
        assert dd.value == "random"
        one(t, "cardkit-new-deal").click()
    assert {type(p).__name__ for p in t.computers.values()} == {"RandomPlayer"}


def test_hint_is_offered_only_on_your_turn():
    """Hint is greyed out while a computer seat or nobody is to act, and offered on your turn."""
    t = Table("501", seed=3, humans=[0])
    hint = one(t, "cardkit-hint")
    assert t.state.current_player() == 0 and not hint.disabled
    while t.state.current_player() == 0:  # back to a step where a computer seat is to act
        assert t.back()
    assert t.state.current_player() in (1, 2) and hint.disabled
    t.to_end()
    assert t.state.current_player() == 0 and not hint.disabled


@pytest.mark.parametrize("lang, short, thinking", [("en", "deal number", "thinking…"),
                                                     ("es", "n.º de reparto", "pensando…")])
def test_hint_says_it_is_thinking_at_once_and_the_next_move_clears_it(lang, short, thinking):
    """Pressing Hint first shows "thinking…" (the coach can take seconds), then the advice; the
    user's next action clears it, so an auction hint does not stay on screen during card play.
    The deal-number box's placeholder is a short name that fits (a learner's word, not "seed");
    the rest is its tooltip."""
    from cardkit.i18n import language

    with language(lang):
        t = Table("501", seed=3, humans=[0])
        assert one(t, "cardkit-seed").placeholder == short
        shown: list[str] = []
        t.coach.observe(lambda c: shown.append(c["new"]), names="value")
        one(t, "cardkit-hint").click()
        assert thinking in shown[0] and "cardkit-thinking" in shown[0]
        assert thinking not in t.coach.value and t.coach.value.startswith("<div class='cardkit-hint'>")
        assert t.coach.value == shown[-1]
        legal = t.state.legal_actions()
        assert not one(t, "cardkit-hint").disabled  # A's turn
        assert t.act(legal[-1]) is None
        assert t.coach.value == ""
        # a review says it is thinking at once too (the solver may be compiled first), then stays
        # until the next move
        shown.clear()
        one(t, "cardkit-review").click()
        assert thinking in shown[0] and "cardkit-thinking" in shown[0]
        assert "cardkit-review" in t.coach.value and thinking not in t.coach.value
        t.back()
        assert t.coach.value == ""


def test_hint_answer_sits_under_its_button_and_the_log_shows_whole_lines():
    """The coach's answer is the widget right after the play bar (on the first screen, not below
    the table), and the log panel's height is a whole number of its lines (no half-cut line),
    scrolled to the newest (column-reverse)."""
    import re

    t = Table("501", seed=4, humans=[0])
    kids = list(t.children)
    assert kids.index(t.coach) == kids.index(t.play_bar) + 1
    t.hint()
    assert "The coach would" in t.coach.value or "No hint now" in t.coach.value
    css = kids[0].value
    assert re.search(r"\.cardkit-log \{max-height: calc\(7 \* 1\.25em\)", css)
    assert re.search(r"size-projector \.cardkit-log \{max-height: calc\(5 \* 1\.25em\)", css)
    assert "flex-direction: column-reverse" in css and "line-height: inherit" in css


def test_choosing_another_table_size_says_to_press_new_deal():
    """Choosing 4 players leaves the 3-player hand in play (rules.md 501 §2: a four-player table
    is a new match) and says to press New deal; New deal deals four and clears the note."""
    t = Table("501", seed=7, humans=[0])
    t.players_picker.value = 4
    assert t.game.players == 3 and len(t.state.hands) == 3
    assert "Press 🂠 New deal to play with 4 players." in t.coach.value
    t.deal_button.click()
    assert t.game.players == 4 and len(t.state.hands) == 4 and t.coach.value == ""
    t.players_picker.value = 3
    t.players_picker.value = 4
    assert t.coach.value == ""
