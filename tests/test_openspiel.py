"""Both games as OpenSpiel games (cardkit.openspiel): OpenSpiel's own random simulation test for
every table size, the action codec, the seat's view, resampling, saving and loading."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

import cardkit.openspiel as cos  # noqa: E402
from cardkit import find_game  # noqa: E402
from cardkit.errors import CardkitError  # noqa: E402
from cardkit.game501 import Game501  # noqa: E402

TABLES = [("501", 3), ("501", 4), ("500", 3), ("500", 4), ("500", 5), ("500", 6)]


def spec(name: str, players: int) -> str:
    return f"{cos.SHORT_NAMES[name]}(players={players})"


def random_hand(game: object, rng: random.Random, stop: float = 1.0) -> object:
    """Play a random hand; stop at a random point after the deal when ``stop`` < 1."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
            continue
        if rng.random() > stop:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name,players", TABLES)
def test_random_sim_test(name: str, players: int) -> None:
    game = pyspiel.load_game(spec(name, players))
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=6, serialize=True, verbose=False)


def test_game_type_and_parameters() -> None:
    game = pyspiel.load_game("python_cardkit_500(players=5,call_holder=surfaces,dealer=2)")
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (t.min_num_players, t.max_num_players) == (3, 6)
    assert game.max_chance_outcomes() == 53  # the five-hand pack (rules.md 500 §2)
    assert game.table.game.options["call-holder"] == "surfaces"
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 53
    with pytest.raises(Exception, match="3 or 4 players"):
        pyspiel.load_game("python_cardkit_501(players=5)")


@pytest.mark.parametrize("name,players", TABLES)
def test_codec_round_trips_every_action(name: str, players: int) -> None:
    game = find_game(name, players)
    codec = cos.ActionCodec(game)
    for i, a in enumerate(codec.actions):
        assert codec.encode(str(a)) == i
        assert codec.decode(i) == a
    with pytest.raises(CardkitError):
        codec.decode(len(codec))


def test_codec_rejects_cards_of_another_pack() -> None:
    codec = cos.ActionCodec(find_game("500", 3))  # the 33-card pack has no 5s or 6s
    with pytest.raises(CardkitError, match="not an action of this table"):
        codec.encode("play 5S")


def test_deal_is_the_chance_outcomes_and_rewards_are_sign_corrected() -> None:
    rng = random.Random(5)
    for name in ("501", "500"):
        game = pyspiel.load_game(cos.SHORT_NAMES[name])
        for _ in range(20):
            state = random_hand(game, rng)
            eng = state.engine
            t = game.table
            assert list(eng.pack) == [t.pack[a] for a in state.history()[:len(t.pack)]]
            sign = -1 if name == "501" else 1  # 501 counts down (rules.md 501 §10)
            assert state.returns() == [float(sign * r) for r in eng.returns()]


def test_a_501_declarer_who_makes_the_contract_gains() -> None:
    # seat 1 bids 66 on sight, the others pass: whatever happens, the declarer's reward is +66 or -66
    game = pyspiel.load_game("python_cardkit_501")
    codec = game.table.codec
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    for text in ("look", "bid 66", "pass", "pass"):
        state.apply_action(codec.encode(text))
    state.apply_action(codec.encode("declare NT 66"))
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    eng = state.engine
    r = state.returns()[1]
    assert r == (66.0 if eng.made() else -66.0)


@pytest.mark.parametrize("name,players", TABLES)
def test_information_state_hides_what_the_rules_hide(name: str, players: int) -> None:
    """Dealing the hidden cards again leaves the seat's strings and legal actions unchanged (so
    they name no hidden card), and the seat's own cards too once it has seen them."""
    game = pyspiel.load_game(spec(name, players))
    rng = random.Random(players)
    checked = 0
    for k in range(12):
        state = random_hand(game, rng, stop=0.97)
        if state.is_terminal() or state.is_chance_node():
            continue
        p = state.current_player()
        info, obs = state.information_state_string(p), state.observation_string(p)
        for j in range(3):
            r = state.resample_from_infostate(p, lambda: rng.random())
            assert r.information_state_string(p) == info
            assert r.observation_string(p) == obs
            assert r.legal_actions() == state.legal_actions()
            assert r.engine.hands[p] == state.engine.hands[p] or isinstance(state.engine.view(p).hands[p], int)
        checked += 1
    assert checked >= 6


def test_resampling_changes_the_hidden_cards() -> None:
    game = pyspiel.load_game("python_cardkit_500")
    rng = random.Random(3)
    state = random_hand(game, rng, stop=0.0)  # first bid of the auction
    p = state.current_player()
    others = [s for s in range(4) if s != p]
    seen = {tuple(state.resample_from_infostate(p, rng.random).engine.hands[others[0]]) for _ in range(10)}
    assert len(seen) > 5
    before = sorted(str(c) for s in others for c in state.engine.hands[s]) + sorted(str(c) for c in state.engine.kitty)
    r = state.resample_from_infostate(p, rng.random).engine
    after = sorted(str(c) for s in others for c in r.hands[s]) + sorted(str(c) for c in r.kitty)
    assert sorted(before) == sorted(after)  # the same hidden cards, dealt again


@pytest.mark.parametrize("name,players", TABLES)
def test_serialize_round_trip(name: str, players: int) -> None:
    game = pyspiel.load_game(spec(name, players))
    rng = random.Random(7)
    for stop in (0.0, 0.95, 1.0):
        state = random_hand(game, rng, stop=stop)
        text = state.serialize()
        back = game.deserialize_state(text)
        assert back.history() == state.history()
        assert str(back) == str(state)
        assert back.returns() == state.returns()


def test_deserialize_rejects_bad_text_clearly() -> None:
    game = pyspiel.load_game("python_cardkit_501")
    good = random_hand(game, random.Random(2), stop=0.9).serialize()
    head, params, acts = good.split("\n")
    with pytest.raises(CardkitError, match="first line"):
        game.deserialize_state("import os\n" + params + "\n" + acts)
    with pytest.raises(CardkitError, match="parameters"):
        game.deserialize_state(head + "\nplayers=4,dealer=0\n" + acts)
    with pytest.raises(CardkitError, match="not legal"):
        game.deserialize_state(head + "\n" + params + "\n" + acts.split()[0] + " " + acts.split()[0])
    with pytest.raises(CardkitError, match="whole number"):
        game.deserialize_state(head + "\n" + params + "\n3 x")
    with pytest.raises(CardkitError, match="at most"):
        game.deserialize_state("1" * (cos.MAX_SERIALIZED + 1))


def test_from_engine_matches_the_kit_hand() -> None:
    from cardkit.players import RandomPlayer

    g501 = Game501()
    rng = random.Random(4)
    state = g501.new_hand(2, g501.initial_scores(), g501.shuffled_pack(rng))
    p = RandomPlayer(seed=1)
    for _ in range(12):
        state.apply_action(p.choose(state).action)
    os_state = cos.from_engine(state)
    assert os_state.engine.history() == state.history()
    assert os_state.current_player() == state.current_player()
    assert sorted(os_state.action_to_string(a) for a in os_state.legal_actions()) == \
        sorted(str(a) for a in set(state.legal_actions()))


def _scratch_strings(state: object, p: int) -> tuple[str, str]:
    """The seat's two strings written from nothing (no text kept by the state)."""
    eng = state.engine  # type: ignore[attr-defined]
    if eng is None:
        return state.information_state_string(p), state.observation_string(p)  # type: ignore[attr-defined]
    return cos.information_text(eng, p, state._seats), cos._view_text(eng, p)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name,players", TABLES)
def test_kept_strings_and_copies_match_a_fresh_reading(name: str, players: int) -> None:
    """What a state keeps between calls (the transcript lines, the legal numbers) and its
    copy-on-write clones never change an answer: at every step of random hands, every seat's
    strings equal the ones written from nothing, a clone and its original answer alike before and
    after either moves on, and the Python answers equal OpenSpiel's C++ ones."""
    game = pyspiel.load_game(spec(name, players))
    rng = random.Random(11 + players)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            for p in range(players):
                assert (state.information_state_string(p), state.observation_string(p)) == _scratch_strings(state, p)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            for p in range(players):
                assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            legal = state.legal_actions()
            if not state.is_chance_node() and len(legal) > 1:
                sibling = state.clone()
                sibling.apply_action(legal[-1])  # the clone moves on; the original must not see it
                for p in range(players):
                    assert (sibling.information_state_string(p), sibling.observation_string(p)) == \
                        _scratch_strings(sibling, p)
                assert sibling.history() == state.history() + [legal[-1]]
                assert len(state.engine.history()) == len(state._seats) == len(sibling._seats) - 1
            state.apply_action(rng.choice(legal))
        assert state.legal_actions() == pyspiel.State.legal_actions(state) == []
