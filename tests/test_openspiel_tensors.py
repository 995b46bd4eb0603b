"""The OpenSpiel tensors of both games (cardkit.tensors through cardkit.openspiel): their shapes for
every table, that they hide what the rules hide, that they show what the seat has seen, and that
OpenSpiel's rl_environment runs whole hands with them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
np = pytest.importorskip("numpy")

import cardkit.openspiel as cos  # noqa: E402
from cardkit.cards import Cards  # noqa: E402
from cardkit.game import deal_cards  # noqa: E402

TABLES = [("501", 3), ("501", 4), ("500", 3), ("500", 4), ("500", 5), ("500", 6)]
# every table, and Five Hundred's six-hand pack both ways (rules.md 500 §2)
SPECS = [f"{cos.SHORT_NAMES[n]}(players={p})" for n, p in TABLES] + [
    "python_cardkit_500(players=6,six_pack=improvised)"]

#: (information state, observation) tensor sizes of every table (docs/openspiel.md lists them).
SIZES = {
    "python_cardkit_501(players=3)": (3332, 266),
    "python_cardkit_501(players=4)": (3791, 331),
    "python_cardkit_500(players=3)": (2223, 351),
    "python_cardkit_500(players=4)": (3199, 537),
    "python_cardkit_500(players=5)": (4541, 763),
    "python_cardkit_500(players=6)": (6147, 1029),
    "python_cardkit_500(players=6,six_pack=improvised)": (5337, 889),  # 53 cards, two of ten of them
}


def deal(state: object, rng: random.Random) -> None:
    while state.is_chance_node():  # type: ignore[attr-defined]
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))  # type: ignore[attr-defined]


def random_hand(game: object, rng: random.Random, stop: float = 1.0) -> object:
    """A random hand, stopped at a random point after the deal when ``stop`` < 1."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    deal(state, rng)
    while not state.is_terminal() and rng.random() <= stop:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def views(game: object, state: object, player: int, recall: bool = True) -> dict[str, np.ndarray]:
    layout = cos.tensor_layout(game)  # type: ignore[arg-type]
    if recall:
        t = np.array(state.information_state_tensor(player), np.float32)  # type: ignore[attr-defined]
        return layout.views(t, layout.information)
    t = np.array(state.observation_tensor(player), np.float32)  # type: ignore[attr-defined]
    return layout.views(t, layout.observation)


def cards_of(game: object, row: np.ndarray) -> set[str]:
    pack = list(cos.tensor_layout(game).cards)  # type: ignore[arg-type]
    return {str(pack[i]) for i in np.flatnonzero(row)}


@pytest.mark.parametrize("spec", SPECS)
def test_tensor_shapes_and_flags(spec: str) -> None:
    game = pyspiel.load_game(spec)
    t = game.get_type()
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    info, obs = SIZES[spec]
    assert game.information_state_tensor_shape() == [info]
    assert game.observation_tensor_shape() == [obs]
    state = game.new_initial_state()
    # during the deal only the seat's place from the dealer is known
    assert sum(state.information_state_tensor(1)) == 1.0
    deal(state, random.Random(0))
    p = state.current_player()
    assert len(state.information_state_tensor(p)) == info
    assert len(state.observation_tensor(p)) == obs


@pytest.mark.parametrize("spec", SPECS)
def test_tensors_hide_what_the_rules_hide(spec: str) -> None:
    """Dealing the hidden cards again leaves every seat's tensors unchanged (the string test of
    test_openspiel.py, on the numbers), whatever point of the hand."""
    game = pyspiel.load_game(spec)
    rng = random.Random(11)
    checked = 0
    for _ in range(10):
        state = random_hand(game, rng, stop=0.97)
        if state.is_terminal():
            continue
        p = state.current_player()
        info = list(state.information_state_tensor(p))
        obs = list(state.observation_tensor(p))
        for _ in range(3):
            r = state.resample_from_infostate(p, rng.random)
            if r.engine.hands != state.engine.hands:
                checked += 1
            assert list(r.information_state_tensor(p)) == info
            assert list(r.observation_tensor(p)) == obs
    assert checked >= 6  # the hidden cards did move


@pytest.mark.parametrize("spec", SPECS)
def test_tensors_show_what_the_seat_has_seen(spec: str) -> None:
    """Hand bits are the seat's hand once it has seen it; each card played is set at the player's
    seat (relative to the viewer) in its trick, for every seat; the seat's place and turn are set."""
    game = pyspiel.load_game(spec)
    rng = random.Random(3)
    n = game.num_players()
    plays = 0
    for _ in range(3):
        state = random_hand(game, rng, stop=0.985)
        eng = state.engine
        for p in range(n):
            d = views(game, state, p)
            o = views(game, state, p, recall=False)
            seen = eng.view(p).hands[p]
            want = {str(c) for c in seen} if isinstance(seen, Cards) else set()
            assert cards_of(game, d["hand"]) == want == cards_of(game, o["hand"])
            assert d["seat_from_dealer"][(p - eng.dealer) % n] == 1 and d["seat_from_dealer"].sum() == 1
            if not state.is_terminal():
                assert d["to_act"][(state.current_player() - p) % n] == 1
            else:
                assert d["to_act"][n] == 1
            for t, trick in enumerate(eng.all_tricks()):
                assert d["trick_leader"][t, (trick.plays[0][0] - p) % n] == 1
                for s, c in trick.plays:
                    assert cards_of(game, d["trick_cards"][t, (s - p) % n]) >= {str(c)}
                    assert str(c) in cards_of(game, o["played"][(s - p) % n])
                    plays += 1
            assert d["trick_cards"].sum() == len(eng.played_cards())
            if eng.contractor is not None:
                assert d["contractor"][(eng.contractor - p) % n] == 1
    assert plays > 20


def test_a_card_played_changes_the_tensors() -> None:
    game = pyspiel.load_game("python_cardkit_500(players=4)")
    rng = random.Random(8)
    state = game.new_initial_state()
    deal(state, rng)
    while state.engine.phase != "play":
        state.apply_action(rng.choice(state.legal_actions()))
    p = state.current_player()
    before = [views(game, state, s) for s in range(4)]
    card = next(iter(state.engine.legal_actions())).card
    state.apply_action(game.table.codec.encode(f"play {card}"))
    for s in range(4):
        after = views(game, state, s)
        r = (p - s) % 4
        assert cards_of(game, after["trick_cards"][0, r]) == {str(card)}
        assert not before[s]["trick_cards"].any()
        assert after["card_actions"][r].sum() == before[s]["card_actions"][r].sum() + 1
        if s == p:
            assert str(card) in cards_of(game, before[s]["hand"]) - cards_of(game, after["hand"])


def test_the_buried_cards_are_the_contractors_alone() -> None:
    """Five Hundred's bury (rules.md 500 §5): the contractor's card actions hold the three buried
    cards and its talon slice the kitty it picked up; every other seat counts three face-down
    actions and sees neither."""
    game = pyspiel.load_game("python_cardkit_500(players=3)")
    rng = random.Random(2)
    for _ in range(40):
        state = game.new_initial_state()
        deal(state, rng)
        while not state.is_terminal() and state.engine.phase != "play":
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.engine.buried) == 3:
            break
    eng = state.engine
    c = eng.contractor
    layout = cos.tensor_layout(game)
    bury = {i for a, i in layout.card_index.items() if a.verb == "bury"}
    kitty = {str(x) for x in deal_cards(eng.pack, game.table.targets)[1]}
    for s in range(3):
        d = views(game, state, s)
        r = (c - s) % 3
        buried = [i for i in np.flatnonzero(d["card_actions"][r]) if i in bury]
        if s == c:
            assert len(buried) == 3 and d["hidden_actions"].sum() == 0
            assert cards_of(game, d["talon"]) == kitty
        else:
            assert buried == [] and d["hidden_actions"][r].sum() == 3
            assert cards_of(game, d["talon"]) == set()


def test_the_auction_is_recorded_in_order() -> None:
    game = pyspiel.load_game("python_cardkit_501")
    codec, layout = game.table.codec, cos.tensor_layout(game)
    state = game.new_initial_state()
    deal(state, random.Random(4))
    for text in ("look", "bid 66", "pass", "bid 70", "pass"):
        state.apply_action(codec.encode(text))
    d = views(game, state, 0)
    seats = [1, 1, 2, 0, 1]  # the dealer is seat 0, so seat 1 calls first
    for k, (text, s) in enumerate(zip(("look", "bid 66", "pass", "bid 70", "pass"), seats)):
        row = d["auction"][k]
        assert row[s] == 1 and row[:3].sum() == 1
        assert list(row[3:]) == list(layout.codes[codec.decode(codec.encode(text))])
    assert not d["auction"][5:].any()
    assert list(d["contract"]) == list(layout.codes[codec.decode(codec.encode("bid 70"))])  # seat 0 holds it


def test_rl_environment_runs_both_games_and_pays_the_returns() -> None:
    from open_spiel.python import rl_environment

    rng = np.random.RandomState(5)
    for spec in ("python_cardkit_501", "python_cardkit_500", "python_cardkit_500(players=3)"):
        game = pyspiel.load_game(spec)
        env = rl_environment.Environment(game, seed=5)
        n = game.num_players()
        for _ in range(4):
            ts = env.reset()
            total = np.zeros(n)
            while not ts.last():
                p = ts.observations["current_player"]
                obs = ts.observations["info_state"][p]
                assert len(obs) == game.information_state_tensor_shape()[0]
                ts = env.step([int(rng.choice(ts.observations["legal_actions"][p]))])
                total += np.array(ts.rewards)
            assert list(total) == list(env.get_state.returns())
            assert list(ts.rewards) == [float(cos.engine_state(env.get_state).returns()[s] * game.table.sign)
                                        for s in range(n)]


DOC = Path(__file__).resolve().parent.parent / "docs" / "openspiel.md"


@pytest.mark.parametrize("spec", ["python_cardkit_501", "python_cardkit_500"])
def test_the_docs_layout_tables_are_the_codes(spec: str) -> None:
    """docs/openspiel.md prints each game's slices (name, offset, size, shape, meaning) and the code
    of an action without a card; they must be what the code lays out."""
    text = DOC.read_text(encoding="utf-8")
    layout = cos.tensor_layout(pyspiel.load_game(spec))
    assert layout.markdown(True) in text
    assert layout.markdown(False) in text
    assert f"Code of an action without a card: {layout.code_words()}." in text
    assert f"Phases: {', '.join(layout.phases)}." in text


def test_the_docs_sizes_are_the_codes() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(" `"): line for line in text.splitlines()
            if line.startswith("| `python_cardkit_") and "(" in line.split("|")[1]}
    assert set(rows) == set(SIZES)
    for spec, (info, obs) in SIZES.items():
        game = pyspiel.load_game(spec)
        cells = [c.strip() for c in rows[spec].split("|")[2:8]]
        assert cells == [str(info), str(obs), str(game.num_distinct_actions()),
                         str(len(cos.tensor_layout(game).cards)), str(game.max_chance_nodes_in_history()),
                         str(game.max_game_length())]
        assert game.max_chance_outcomes() == len(cos.tensor_layout(game).cards)  # a card's copies: one outcome


def test_the_docs_training_example_runs() -> None:
    """The dozen-line example of docs/openspiel.md, run for 3 hands of each game."""
    text = DOC.read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) <= 20 and "range(300)" in code
    for spec in ("python_cardkit_500(players=3)", "python_cardkit_501"):
        run = code.replace("range(300)", "range(3)").replace('"python_cardkit_500(players=3)"', f'"{spec}"')
        scope: dict[str, object] = {}
        exec(compile(run, str(DOC), "exec"), scope)  # noqa: S102 - the project's own documentation
        policy = scope["policy"]
        assert np.abs(policy.weights).sum() > 0  # it learned something from three hands
