"""Both games as OpenSpiel games (cardkit.openspiel): OpenSpiel's own random simulation test for
every table size, the action codec, the seat's view, resampling, saving and loading."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

import cardkit.openspiel as cos  # noqa: E402
from cardkit import find_game  # noqa: E402
from cardkit.cards import Cards  # noqa: E402
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


def test_random_sim_test_improvised_six_pack() -> None:
    """63 cards, 10 of them a second copy (2s, 3s, red 4s, rules.md 500 §2): 53 chance outcomes."""
    game = pyspiel.load_game("python_cardkit_500(players=6,six_pack=improvised)")
    assert game.max_chance_outcomes() == 53 and game.max_chance_nodes_in_history() == 63
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    two = game.table.outcome[game.table.game.parse_action("play 2S").card]
    assert outcomes[two] == pytest.approx(2 / 63) and sum(outcomes.values()) == pytest.approx(1.0)
    state.apply_action(two)
    assert dict(state.chance_outcomes())[two] == pytest.approx(1 / 62)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


# pack size, Game.max_actions() (see their docstrings), distinct actions
BOUNDS = {("501", 3): (24, 187, 989), ("501", 4): (24, 187, 989), ("500", 3): (33, 63, 137),
          ("500", 4): (43, 74, 167), ("500", 5): (53, 86, 197), ("500", 6): (63, 96, 227)}


@pytest.mark.parametrize("name,players", TABLES)
def test_game_length_bounds_hold_in_random_hands(name: str, players: int) -> None:
    """The declared bounds against 40 random hands: never exceeded; the deal is every chance node."""
    game = pyspiel.load_game(spec(name, players))
    cards, actions, distinct = BOUNDS[(name, players)]
    assert game.max_chance_nodes_in_history() == cards
    assert game.max_game_length() == cards + actions
    assert game.num_distinct_actions() == distinct
    rng = random.Random(11)
    for _ in range(40):
        state = random_hand(game, rng)
        chance = sum(1 for pa in state.full_history() if pa.player == pyspiel.PlayerId.CHANCE)
        assert chance == cards
        assert len(state.history()) <= game.max_game_length()


def test_501_longest_hand_reaches_the_bound() -> None:
    """The 501 bound is tight: each seat looks, the bids climb 66..220 one point at a time, two
    passes, declare, two gives, eight tricks: exactly 187 actions (random play stops near 40,
    because random bids jump up the ladder)."""
    game = pyspiel.load_game("python_cardkit_501")
    codec = game.table.codec
    rng = random.Random(3)
    state = random_hand(game, rng, stop=-1.0)  # dealt, nothing bid
    looked: set[int] = set()
    for points in range(66, 221):
        if state.current_player() not in looked:
            looked.add(state.current_player())
            state.apply_action(codec.encode("look"))
        state.apply_action(codec.encode(f"bid {points}"))
    for text in ("pass", "pass", "declare NT 220"):
        state.apply_action(codec.encode(text))
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) - 24 == 187 == game.table.game.max_actions()


def test_500_lowest_climb_reaches_near_the_bound() -> None:
    """Five Hundred with four: every seat bids the lowest-numbered legal bid until none is left.
    The 25 trick contracts 6♠..10NT are bid (the climb never picks the two misères, numbered
    after them), three passes, three buried, ten tricks of four, a nomination if the joker is
    held: 25 + 3 + 3 + 40 = 71 (72), against the bound of 74 that also counts both misères."""
    game = pyspiel.load_game(spec("500", 4))
    rng = random.Random(4)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    while state.engine.phase == "auction":
        state.apply_action(min(state.legal_actions(), key=lambda a: (a == 0, a)) if len(state.legal_actions()) > 1
                           else state.legal_actions()[0])
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    n = len(state.history()) - 43
    assert n in (71, 72) and game.table.game.max_actions() == 74


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
            # a whole state: its chance outcomes deal its pack, and saving it gives it back
            t = game.table
            assert [t.pack[a] for a in r.history()[:t.size]] == list(r.engine.pack)
            back = game.deserialize_state(r.serialize())
            assert back.history() == r.history() and str(back) == str(r)
            for s in range(players):
                assert back.information_state_string(s) == r.information_state_string(s)
            # the texts kept from the real hand for p are those a fresh reading writes
            assert _scratch_strings(r, p) == (info, obs)
            # OpenSpiel's own record of it: who acted, the move number, its pickled copy
            assert [pa.player for pa in r.full_history()] == [pa.player for pa in state.full_history()]
            assert r.move_number() == state.move_number() == len(r.history())
            copy = pickle.loads(pickle.dumps(r))
            assert copy.history() == r.history() and copy.information_state_string(p) == info
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


def test_a_determinization_shows_its_sampled_cards_to_the_other_seats() -> None:
    """Other seats' strings and the history name the sampled hands, not the real ones."""
    game = pyspiel.load_game("python_cardkit_500")
    rng = random.Random(8)
    state = random_hand(game, rng, stop=0.0)  # the first bid of the auction
    p = state.current_player()
    other = next(s for s in range(4) if s != p)
    r = state.resample_from_infostate(p, rng.random)
    assert r.engine.hands[other] != state.engine.hands[other]
    assert r.history()[:43] != state.history()[:43]
    assert r.history()[43:] == state.history()[43:]
    assert str(Cards(r.engine.hands[other])) in r.information_state_string(other)
    assert str(Cards(state.engine.hands[other])) not in r.information_state_string(other)
    assert r.information_state_string(p) == state.information_state_string(p)


def test_501_gives_are_drawn_again_for_the_seat_that_did_not_see_them() -> None:
    """After the exchange a defender's determinization has a whole history: the declarer's face-down
    give to the other defender is a card that defender holds in the sample."""
    game = pyspiel.load_game("python_cardkit_501")
    codec = game.table.codec
    rng = random.Random(9)
    state = random_hand(game, rng, stop=-1.0)  # dealt, nothing bid
    for text in ("look", "bid 66", "pass", "pass", "declare NT 66"):
        state.apply_action(codec.encode(text))
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    eng = state.engine
    d = eng.contractor
    defenders = [s for s in eng.active if s != d]
    for viewer in defenders:
        other = next(s for s in defenders if s != viewer)
        for _ in range(5):
            r = state.resample_from_infostate(viewer, rng.random).engine
            give = next(c for f, to, c in r.gives if to == other)
            assert give in r.hands[other]
            assert sum(1 for c in r.hands[other] if c in eng.talon) <= 1
            assert all(c in r.hands[d] or c in r.hands[other] or c in r.hands[viewer] for c in eng.talon)


def test_a_determinization_during_the_deal_deals_as_many_cards_again() -> None:
    """Mid-deal nobody has seen a card: the dealt cards are drawn again from the whole pack (the
    improvised pack's doubled cards counted twice), the same number of them, and the hand goes on
    from there."""
    game = pyspiel.load_game("python_cardkit_500(players=6,six_pack=improvised)")
    rng = random.Random(12)
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    t = game.table
    r = state.resample_from_infostate(0, rng.random)
    assert r.is_chance_node() and len(r.history()) == 30 and r.move_number() == 30
    assert r.history() != state.history()
    dealt = [t.pack[a] for a in r.history()]
    assert all(dealt.count(x) <= t.copies[t.outcome[x]] for x in dealt)
    outcomes = dict(r.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0) and len(r.legal_actions()) == len(outcomes)
    assert all(outcomes[t.outcome[x]] * 33 == pytest.approx(t.copies[t.outcome[x]] - dealt.count(x))
               for x in t.pack if t.outcome[x] in outcomes)
    while r.is_chance_node():
        r.apply_action(rng.choice(r.legal_actions()))
    assert sorted(map(str, r.engine.pack)) == sorted(map(str, t.game.new_pack()))


def test_resample_cost() -> None:
    """A determinization replays the hand (about 0.5 ms for Five Hundred); a bound that catches a
    slow path."""
    import time

    game = pyspiel.load_game("python_cardkit_500")
    rng = random.Random(10)
    state = random_hand(game, rng, stop=0.99)
    while state.is_terminal() or state.is_chance_node():
        state = random_hand(game, rng, stop=0.99)
    p = state.current_player()
    t0 = time.perf_counter()
    for _ in range(20):
        state.resample_from_infostate(p, rng.random)
    assert (time.perf_counter() - t0) / 20 < 0.05


def test_501_distinct_actions_by_kind() -> None:
    """The module doc's count of 501's 989 actions, kind by kind."""
    from collections import Counter

    codec = cos.ActionCodec(Game501())
    kinds = Counter(type(a).__name__ + (" marriage" if a.special else "") for a in codec.actions)
    assert kinds == {"Pass": 1, "Look": 1, "Abandon": 1, "Bid": 155, "Declare": 775, "Give": 24,
                     "Play": 24, "Play marriage": 8}
    assert len(codec) == 989
