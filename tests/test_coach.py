"""One coach (issue 28): Hint and Review use the same solver where it answers, a rule of thumb says
it is one, bid hints say in cards what makes the forecast, and play-it-out endings and tables say
how much the contracting side still needs."""

from __future__ import annotations

import pytest

from cardkit import coach
from cardkit.cards import Card, Suit
from cardkit.explore import Predeal
from cardkit.game import State
from cardkit.i18n import language
from cardkit.players.sensible500 import parts_words
from cardkit.players.sensible501 import strength_words
from cardkit.registry import find_game, find_player
from cardkit.solver import solve


def _hand(game_name: str, players: int, seed: int) -> State:
    game = find_game(game_name, players)
    return Predeal(game, dealer=0).deal(seed).new_hand(game)


def _trick2_lead() -> State:
    """Seed 3, four-handed: B leads to trick 2 of B 6♠, where the rule of thumb (draw trumps with
    J♣) takes 8 tricks and best play 9."""
    st = _hand("500", 4, 3)
    rule = find_player(st.game, "sensible", seed=0)
    while not (st.phase == "play" and len(st.tricks) == 1 and st.trick is not None and not st.trick.plays):
        st.apply_action(rule.choose(st).action)
    assert st.current_player() == 1 and st.summary() == "B 6♠"
    return st


def test_hint_names_a_best_card_of_the_solver_review_uses() -> None:
    st = _trick2_lead()
    game = st.game
    old = find_player(game, "sensible", seed=0).choose(st.clone())
    sol = solve(st)
    best = {v.action for v in sol.best()}
    assert str(old.action) == "play J♣" and old.action not in best and sol.value == 9  # the old Hint's card
    hint = coach.advise(game, st)
    assert hint.solved and hint.action in best and str(hint.action) == "play K♥"
    assert hint.text == ("The coach would play K♥: best play with every card known (the contracting side takes "
                         "9 tricks); the rule of thumb would play J♣ (draws trumps: the opponents may still hold "
                         "some), and then the contracting side takes 8 tricks.")
    after = st.clone()
    after.apply_action(hint.action)
    assert coach.review(game, after, {1}, game.names).lines == ["You kept to best play with all 2 of your cards."]


def test_a_rule_of_thumb_hint_says_so_and_review_explains_the_difference() -> None:
    st = _trick2_lead()
    game = st.game
    hint = coach.advise(game, st, seconds=0)  # no time for the solver
    assert not hint.solved and str(hint.action) == "play J♣"
    assert hint.text == ("The coach would play J♣: a rule of thumb: draws trumps: the opponents may still hold "
                         "some.")
    st.apply_action(hint.action)
    lines = coach.review(game, st, {1}, game.names).lines
    assert lines == ["Trick 2: B played J♣ (8 with best play after it); best was K♥ / K♠ / 8♠ / 9♠ / 6♥ / "
                     "A♣ / J♥ / 8♥ (9). J♣ is the rule of thumb's card, the hint where the solver needs longer than a "
                     "hint may take; with every card known the solver finds better."]


@pytest.mark.parametrize("name,players", [("500", 4), ("501", 3)])
def test_no_bid_hint_mentions_a_bid_nobody_made(name: str, players: int) -> None:
    seen = {"none": 0, "standing": 0}
    for seed in range(1, 13):
        st = _hand(name, players, seed)
        rule = find_player(st.game, "sensible", seed=0)
        while st.phase == "auction":
            text = coach.advice(st.game, st)
            standing = st.view(None).high_bid
            assert "a rule of thumb" in text
            if standing is None:
                seen["none"] += 1
                assert not any(w in text for w in ("above", "higher", "standing", "raises")), text
            elif "pass" in text.split(":")[0] and not any(w in text for w in ("partner holds", "too weak")):
                seen["standing"] += 1
                assert str(standing) in text, text
            st.apply_action(rule.choose(st).action)
    assert seen["none"] >= 12 and seen["standing"] >= 1


def test_bid_hint_says_in_cards_what_makes_the_forecast() -> None:
    hand = [Card.parse(t) for t in "JD AH 9H AS KC QC 9D 8S 7S 5C".split()]
    assert parts_words(hand, Suit.HEARTS) == (
        "3 trumps: the left bower 1, the trump ace 1, 1 ace outside 1, 1 guarded king outside 0.5, the kitty 1, "
        "a partner's help 2 ≈ 6.5 tricks")
    with language("es"):
        es = parts_words(hand, Suit.HEARTS)
    assert es.startswith("3 triunfos: ") and "≈ 6,5 bazas" in es, es
    seven = [Card.parse(t) for t in "AS AH 10H KH QH 9C JD".split()]
    assert strength_words(seven, Suit.HEARTS) == (
        "a third of the pack 20 + aces A♠ A♥ 22 + ten beside its ace 10♥ 10 + 4 trumps 20 "
        "+ the ♥ marriage 40 = 112")
    # the hint of the first call of seed 3 (500, four-handed) counts its cards
    st = _hand("500", 4, 3)
    assert coach.advice(st.game, st) == (
        "The coach would bid 6♠: a rule of thumb: the hand forecasts about 8.5 tricks in 6♠ (5 trumps: the right "
        "bower 1, the left bower 1, the trump king, guarded 0.5, 1 trump beyond four 0.75, 1 ace outside 1, 1 king "
        "beside its ace 0.75, 1 guarded king outside 0.5, the kitty 1, a partner's help 2 ≈ 8.5 tricks).")


def test_501_bid_hint_derives_the_worth_from_the_cards() -> None:
    st = _hand("501", 3, 5)
    rule = find_player(st.game, "sensible", seed=0)
    texts = []
    while st.phase == "auction":
        texts.append(coach.advice(st.game, st))
        st.apply_action(rule.choose(st).action)
    assert ("The coach would bid 85: a rule of thumb: hand strength 97: worth bidding up to 97; nobody has bid yet, "
            "so it opens 10 below that, on a multiple of 5 and at least 66: 85 (a third of the pack 20 + aces A♦ A♣ "
            "22 + 3 trumps 15 + the ♠ marriage 40 = 97; limit 0.7 × 97 + 30 = 97).") in texts


def test_play_it_out_says_what_your_side_needs_after_each_trick_and_clears_the_hint() -> None:
    pytest.importorskip("ipywidgets")
    from cardkit.widgets.exercise import show_exercises

    p = show_exercises("500/05", "en")
    w = next(w for w in p.widgets if w.exercise.id == "500-05-ending-1")
    assert "your side needs 2 more tricks" in w.position.value
    w.hint_button.click()
    assert "Hint:" in w.hint_output.value
    line = w.exercise.answer()
    po = w.playout
    assert po is not None
    while po.your_turn() and len(po.state.tricks) == len(po.start.tricks):
        w.play(line[len([s for s, _a in po.played if s in po.side])].split()[1])
    assert w.hint_output.value == ""
    won = po.state.contract_tricks() - po.start.contract_tricks()
    want = 2 - won
    if want > 0:
        assert f"your side needs {want} more trick" in w.position.value
    for action in line[len([s for s, _a in po.played if s in po.side]):]:
        w.play(action.split()[1])
    assert w.solved and "needs" not in w.position.value and w.hint_output.value == ""
    # 501: the points the declarer needs
    q = show_exercises("501/06", "es")
    w5 = next(w for w in q.widgets if w.exercise.id == "501-06-save-it")
    assert "59" in w5.position.value


def test_the_table_says_what_the_contracting_side_needs_after_each_trick() -> None:
    pytest.importorskip("ipywidgets")
    from cardkit.widgets import Table

    t = Table("500", seed=3, humans=[0])
    rule = find_player(t.game, "sensible", seed=0)
    while t.state.phase != "play" or t.state.current_player() != 0:
        t.act(rule.choose(t.state).action)
    st = t.state
    want = st.needed_words(0)
    assert want is not None and want in t.status.value
    assert int(want.split()[-3]) == st.contract.tricks - st.contract_tricks()
    tricks = len(st.tricks)
    while len(t.state.tricks) == tricks and t.state.current_player() == 0:
        t.act(rule.choose(t.state).action)
    after = t.state
    assert after.needed_words(0) in t.status.value and after.needed_words(0) != want or after.contract_tricks() == 0
    s3 = _trick2_lead()
    assert s3.needed_words(1) == "your side needs 5 more tricks"
    assert s3.needed_words(0) == "B's side needs 5 more tricks"
    with language("es"):
        assert s3.needed_words(1) == "tu bando necesita 5 bazas más"
