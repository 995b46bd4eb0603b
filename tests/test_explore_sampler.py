"""The sampling player: consistent samples of the unseen cards, choices and explanations."""

import random
from collections import Counter

import pytest

from cardkit import Card, find_game
from cardkit.explore import Predeal
from cardkit.players import RandomPlayer
from cardkit.players.sampler import SamplingPlayer, knowledge, played_cards, rule_of_thumb, sample_state, voids_501
from cardkit.players.sensible501 import Sensible501


def positions_501(n_hands=12, seed=0):
    """Play-phase positions of seeded 501 hands (sensible auction, random-ish play)."""
    game = find_game("501")
    rng = random.Random(seed)
    sens, rand = Sensible501(seed=1), RandomPlayer(seed=2)
    out = []
    for i in range(n_hands):
        state = game.new_hand(i % 3, game.initial_scores(), game.shuffled_pack(rng))
        while not state.is_terminal():
            if state.phase == "play" and rng.random() < 0.3:
                out.append(state.clone())
            chooser = rand if state.phase == "play" and rng.random() < 0.5 else sens
            state.apply_action(chooser.choose(state).action)
    return out


POSITIONS = positions_501()


def test_positions_exist():
    assert len(POSITIONS) > 30
    assert any(voids_501(p) for p in POSITIONS)


@pytest.mark.parametrize("k", range(0, 40, 3))
def test_samples_respect_everything_seen(k):
    state = POSITIONS[k % len(POSITIONS)]
    seat = state.current_player()
    voids = voids_501(state)
    rng = random.Random(k)
    hidden = [s for s in state.active if s != seat]
    pool = Counter(c for s in hidden for c in state.hands[s])
    for _ in range(25):
        st = sample_state(state, seat, rng)
        assert st.hands[seat] == state.hands[seat]  # own cards untouched
        assert played_cards(st) == played_cards(state)  # the cards played stay played
        assert Counter(c for s in hidden for c in st.hands[s]) == pool  # the same cards, shared again
        for s in hidden:
            assert len(st.hands[s]) == len(state.hands[s])
            for c in st.hands[s]:  # every void shown holds (rules.md 501 §8)
                assert c.suit not in voids.get(s, set()), (s, c, voids)
        for f, t, c in state.gives:  # a card I gave and that was not played is where I put it
            if f == seat and c not in {x for _, x in played_cards(state)}:
                assert c in st.hands[t]
        for s, suit, _v in state.marriages:  # a declared marriage's other card is known
            for r in ("K", "Q"):
                c = Card.parse(r + suit.letter)
                if s != seat and c not in {x for _, x in played_cards(state)}:
                    assert c in st.hands[s]
        while not st.is_terminal():  # a sample is a position the engine plays on
            st.apply_action(st.legal_actions()[0])


def test_void_inference_by_hand():
    game = find_game("501")
    hands = {1: "AS 10S KS QS JS 9S AH", 2: "10H KH QH JH 9H AD 10D", 0: "KD QD JD 9D AC 10C KC"}
    state = Predeal(game, dealer=2, hands=hands).deal(0).new_hand(game)
    # dealer C (2): A (0) speaks and leads first
    for a in ["look", "bid 70", "pass", "pass"]:
        state.apply_action(a)
    state.apply_action("declare C 70")
    state.apply_action("give 9D")
    state.apply_action("give JD")
    state.apply_action("play AC")  # A leads ♣
    # B holds no ♣, and ♣ are trumps: whatever B plays shows a void in ♣ (rules.md 501 §8)
    b_cards = [str(a) for a in state.legal_actions()]
    state.apply_action(b_cards[0])
    assert voids_501(state)[1] == {Card.parse("AC").suit}
    know = knowledge(state, 2)
    allowed_clubs = [set(a) for cs, a in know.groups if any(c.suit is Card.parse("AC").suit for c in cs)]
    assert all(1 not in a for a in allowed_clubs)


def test_uniform_split_without_voids():
    # At the first lead nothing is shown: a given unseen card lies with each hidden seat in
    # proportion to the cards it holds.
    game = find_game("501")
    state = Predeal(game, dealer=0).deal(5).new_hand(game)
    p = Sensible501(seed=0)
    while state.phase != "play":
        state.apply_action(p.choose(state).action)
    seat = state.current_player()
    hidden = [s for s in state.active if s != seat]
    card = next(c for s in hidden for c in state.hands[s])
    rng = random.Random(1)
    n = 3000
    at = Counter()
    for _ in range(n):
        st = sample_state(state, seat, rng)
        at[next(s for s in hidden if card in st.hands[s])] += 1
    share = len(state.hands[hidden[0]]) / sum(len(state.hands[s]) for s in hidden)
    assert abs(at[hidden[0]] / n - share) < 4 * (share * (1 - share) / n) ** 0.5


def test_sampling_player_chooses_legal_and_explains():
    game = find_game("501")
    p = SamplingPlayer(game, seed=3, samples=3, use_solver=False)
    state = POSITIONS[4].clone()
    d = p.choose(state)
    a, text = d.action, d.reason
    assert a in state.legal_actions()
    assert text.startswith(f"{a}: ") and ("sampled deals" in text or len(state.legal_actions()) == 1)
    state2 = Predeal(game).deal(2).new_hand(game)
    a2 = p.choose(state2).action  # the auction is the rule-based player's
    assert a2 in state2.legal_actions()


def test_sampling_player_explains_in_spanish():
    """The search players' reasons reach Spanish pages (the coach, explore pages) in Spanish."""
    from cardkit.i18n import action_text, language

    game = find_game("501")
    p = SamplingPlayer(game, seed=3, samples=3, use_solver=False)
    explained = 0
    for state in POSITIONS[:12]:
        with language("es"):
            d = p.choose(state.clone())
        a, text, last = d.action, d.reason, d.facts
        assert text.startswith(f"{action_text(a)}: ".replace("play", "juega")), text
        if last.get("by") == "samples":
            assert f"de {last['samples']} repartos simulados de las cartas no vistas (jugados hasta el final)" in text
            assert not any(w in text for w in ("best", "sampled", "void", "played out")), text
            explained += 1
        elif last.get("by") == "forced":
            assert text.endswith("su única carta permitida")
    assert explained >= 3


def test_rule_of_thumb_words():
    game = find_game("501")
    hands = {0: "KS QS JS 9S AH 10H KH", 1: "AS 10S QH JH 9H AD 10D", 2: "KD QD JD 9D AC 10C KC"}
    state = Predeal(game, dealer=2, hands=hands).deal(0).new_hand(game)
    for a in ["look", "bid 70", "pass", "pass", "declare S 70", "give 9S", "give JS"]:
        state.apply_action(a)
    from cardkit.actions import Play

    assert rule_of_thumb(state, Play(Card.parse("KS"), marriage=True)) == "declares the ♠ marriage (40)"
    assert rule_of_thumb(state, Play(Card.parse("AH"))) == ""
