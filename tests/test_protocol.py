"""The protocol both games share: declared facts, the registry, the State and View every shared
layer reads, each scoring rule once, and the rule that shared layers never ask which game they hold.
"""

from __future__ import annotations

import ast
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from cardkit import Card, Cards, UnknownOptionError, find_game
from cardkit.game500 import Contract, Game500, contract_score
from cardkit.game501 import Game501, abandon_returns, contract_returns, declarer_change
from cardkit.players import RandomPlayer
from cardkit.registry import find_player
from cardkit.records import load
from cardkit.registry import GAMES, find_game_class, player_kinds

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "data" / "examples"


def test_facts_are_declared_on_the_game_classes():
    assert (Game501.talon_word, Game500.talon_word) == ("talon", "kitty")  # rules.md 501 §4, 500 §3
    assert Game501.lower_is_better and not Game500.lower_is_better  # 501 counts down (§1)
    assert Game501.table_sizes == (3, 4) and Game500.table_sizes == (3, 4, 5, 6)
    assert str(Game501.look_action) == "look" and Game500.look_action is None
    assert Game501.option_defaults == {} and Game500.option_defaults["joker-lead"] == "strict"
    for g in GAMES:
        for n in g.table_sizes:
            game = g(players=n)
            assert find_player(game, game.default_player, 1) is not None
            assert find_player(game, game.rule_player, 1) is not None


def test_registry_finds_games_and_players_or_says_what_exists():
    assert find_game_class("500") is Game500
    with pytest.raises(UnknownOptionError, match="unknown game 'whist': use one of 501, 500"):
        find_game("whist")
    assert player_kinds("501")[:3] == ["random", "sensible", "sampler"] and "rules" not in player_kinds("501")
    assert player_kinds(Game500)[:3] == ["random", "sensible", "sampler"] and "rules" not in player_kinds(Game500)
    assert Game500.default_player == Game500.rule_player == "sensible"  # one rule-based player (issue #12)
    # "rules", the kind name of the former second rule-based player, still finds the one player
    old = find_player("500", "rules", 3)
    assert type(old) is type(find_player("500", "sensible", 3)) and old.kind == "sensible"
    assert isinstance(find_player("500", "random", 3), RandomPlayer)
    with pytest.raises(UnknownOptionError, match="unknown player 'rules' for 501: use one of random, sensible, sampler"):
        find_player("501", "rules")


def test_scoring_functions_give_the_rule_texts_figures():
    # rules.md 501 §12: A's blind 100 fails with 88; B took 32, C 20 → 701, 469, 481 from 501
    assert contract_returns(3, [0, 1, 2], 0, 100, True, [88, 32, 20]) == [200, -32, -20]
    assert declarer_change(100, False, True) == -100
    assert abandon_returns(4, [1, 2, 3], 2, 80, True) == [0, -25, 160, -25]  # the dealer of four sits out
    # rules.md 500 §10: 7♠ is worth 140; all ten tricks on it pay 250
    assert contract_score(Contract.parse("7S"), 9, True) == 140
    assert contract_score(Contract.parse("7S"), 10, True) == 250
    assert contract_score(Contract.parse("misere"), 0, True) == 250


def test_worked_example_state_facts():
    match = load(EXAMPLES / "501_worked_blind_contract.json")
    st = match.hands[0]
    assert st.contractor == 0 and st.declarer == 0 and st.contracting_seats() == (0,)
    assert st.made() is False and st.misere() is False
    assert st.counted() == [88, 32, 20]
    assert st.result_fields(0) == {"points": 88, "trump": "♦"}


def test_view_fields_are_typed_and_extra_keeps_their_names():
    st = load(EXAMPLES / "501_worked_blind_contract.json").hands[0]
    v = st.view(1)
    assert v.declarer == 0 and v.declarer_blind and v.points == [68, 32, 20]
    assert v.extra["declarer"] == 0 and list(v.extra)[:3] == ["active", "blind", "high_bid"]
    assert v.badges(0) == ["blind bidder"] and v.badges(1) == []
    assert v.tally(1) == f"{st.tricks_won[1]} tricks, 32 points"
    assert any("face down" in n for n in v.notes(["A", "B", "C"]))  # B does not see C's card (§7)
    st5 = load(EXAMPLES / "500_made_8_hearts.json").hands[0]
    v5 = st5.view(None)
    assert v5.contractor == 0 and v5.contract == "8♥"
    assert v5.badges(0) == ["contractor"]
    assert v5.tally(0) == f"{st5.tricks_won[0]} tricks"
    assert repr(v5).startswith("View(seat=None, phase='over'") and ", extra={'contract': '8♥'" in repr(v5)


def test_view_score_rows_and_game_fields_are_declared_by_each_game():
    """What the shared layers read of a view and an action they get from declared methods: the
    worked blind contract took 4, 2 and 2 tricks, 68, 32 and 20 card points and the ♠ marriage
    (rules.md 501 §12); 8♥ made took 9 tricks for A and C's side (500 §10)."""
    st = load(EXAMPLES / "501_worked_blind_contract.json").hands[0]
    v = st.view(1)
    assert v.score_rows(["A", "B", "C"]) == [("tricks", "A 4, B 2, C 2"), ("card points", "A 68, B 32, C 20"),
                                             ("marriages", "A ♠ 20")]
    assert [k for k, _v in v.game_fields()] == list(v.extra) and dict(v.game_fields())["points"] == [68, 32, 20]
    v5 = load(EXAMPLES / "500_made_8_hearts.json").hands[0].view(None)
    assert v5.score_rows(["A", "B", "C", "D"]) == [("tricks", "A 9, B 1, C 0, D 0")]
    fresh = Game501(3).new_hand(0, [501] * 3, Game501().new_pack()).view(None)
    assert fresh.score_rows(["A", "B", "C"]) == []  # nothing counted yet: no row
    bid8h = Game500(4).parse_action("bid 8H")
    assert bid8h.worth() == 300 and bid8h.worth_text().endswith("+ 20 × 3 (a step for the trump suit: ♠ 0, ♣ 1, ♦ 2, "
                                                                 "♥ 3, no trumps 4) = 300")
    assert Game500(4).parse_action("bid misère").worth() == 250
    assert Game501(3).parse_action("bid 80").worth() == 80
    assert Game501(3).parse_action("pass").worth() is None and Game501(3).parse_action("pass").worth_text() is None


@pytest.mark.parametrize("name,players,seed", [("501", 3, 1), ("501", 4, 2), ("500", 4, 3), ("500", 5, 4),
                                               ("500", 3, 5), ("500", 6, 6)])
def test_resample_keeps_what_the_seat_knows(name, players, seed):
    """Over random hands: a resampled state keeps the seat's own cards, the cards played, every
    hand's size, the pack as a multiset, and shows no card in a suit its holder showed void in."""
    game = find_game(name, players)
    rng = random.Random(seed)
    bots = [RandomPlayer(seed * 10 + s) for s in range(players)]
    for _deal in range(10):
        st = game.new_hand(rng.randrange(players), game.initial_scores(), game.shuffled_pack(rng))
        while not st.is_terminal() and not (st.phase == "play" and len(st.tricks) >= 2):
            st.apply_action(bots[st.current_player()].choose(st).action)
        if st.is_terminal():
            continue
        seat = st.current_player()
        know = st.knowledge(seat)
        for _k in range(5):
            other = st.resample(seat, rng)
            assert other.hands[seat] == st.hands[seat]
            assert other.played_cards() == st.played_cards()
            assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
            held = Counter(c for h in other.hands for c in h) + Counter(c for _, c in other.played_cards())
            before = Counter(c for h in st.hands for c in h) + Counter(c for _, c in st.played_cards())
            if name == "500":  # the buried cards are hidden from all but the contractor (§5)
                held += Counter(other.buried)
                before += Counter(st.buried)
            assert held == before
            for s, suits in know.voids.items():
                if s != seat:
                    assert not [c for c in other.hands[s] if other.suit_of(c) in suits]
            assert [str(a) for a in other.legal_actions()] == [str(a) for a in st.legal_actions()]


def test_shared_layers_never_ask_which_game_they_hold():
    """No module outside the two games' own compares a game's name, looks a rule up in a table keyed
    by it, asks whether a state is one game's, or probes a state or game with getattr/hasattr (the
    games declare what the shared layers read: ``talon_word``, ``trump_cards``, ``units``,
    ``rules_word``, …), or lists the games (the registry does: ``GAMES``, ``game_names()``)."""
    offenders = []
    for py in sorted((ROOT / "cardkit").rglob("*.py")):
        rel = py.relative_to(ROOT / "cardkit").as_posix()
        # each handout is one game's printed page, filled from that game's package
        if rel.startswith(("game501", "game500", "registry", "handouts")):
            continue
        for i, line in enumerate(py.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""[!=]=\s*["']50[01]["']|["']50[01]["']\s*[!=]=""", line):  # any == "501"
                offenders.append(f"{rel}:{i}: {line.strip()}")
            if re.search(r"""\bin\s*[(\[{]\s*["']50[01]["']|["']50[01]["']\s*,\s*["']50[01]["']""", line):
                offenders.append(f"{rel}:{i}: {line.strip()}")  # a list of the games: the registry's
            if re.search(r"\bGame50[01]\b.*\bGame50[01]\b", line) and not line.lstrip().startswith(("#", ">>>")):
                offenders.append(f"{rel}:{i}: {line.strip()}")
            if re.search(r"\b(getattr|hasattr)\((state|st|s2|self\.state|hand|after|game|g|self\.game)\b", line):
                offenders.append(f"{rel}:{i}: {line.strip()}")
            if re.search(r"(\.get\(|\[)\s*[\w.]*\bgame\.name\b", line):  # a table of rules keyed by the name
                offenders.append(f"{rel}:{i}: {line.strip()}")
            if re.search(r"\bisinstance\([^)]*\b(State|View)50[01]\b", line):
                offenders.append(f"{rel}:{i}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_one_player_protocol_and_decisions_not_state():
    """One player protocol, :class:`cardkit.game.Player` (``choose(state) -> Decision``), defined
    once; every registered player kind gives a :class:`~cardkit.game.Decision` with its reason, and
    keeps nothing for a later call in ``self.last``."""
    from cardkit.game import Decision, Player
    from cardkit.registry import players

    protocols = []
    for py in sorted((ROOT / "cardkit").rglob("*.py")):
        for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ClassDef)
                    and any(isinstance(f, ast.FunctionDef) and f.name == "choose" for f in node.body)):
                continue
            if any(ast.unparse(b).startswith("Protocol") for b in node.bases):
                protocols.append(f"{py.relative_to(ROOT).as_posix()}:{node.name}")
            kept = [n.lineno for n in ast.walk(node) if isinstance(n, ast.Attribute) and n.attr == "last"
                    and ast.unparse(n.value) == "self"]
            assert not kept, f"{py}:{kept}: {node.name} keeps its last choice in self.last"
    assert protocols == ["cardkit/game.py:Player"]
    import cardkit.players as pl
    import cardkit.registry as reg

    assert pl.Player is reg.Player is Player and not hasattr(reg, "PlayerClass")
    for name in ("501", "500"):
        game = find_game(name)
        state = game.new_hand(0, game.initial_scores(), game.shuffled_pack(random.Random(1)))
        for kind in players():
            if kind.plays is not None and not isinstance(game, kind.plays) or kind.kind in ("solver", "ismcts"):
                continue  # the search players are tested in test_strength.py
            d = kind.build(game, 1).choose(state.clone())
            assert isinstance(d, Decision) and d.action in state.legal_actions() and d.reason, (name, kind.kind)
    assert Decision(Game501().parse_action("pass"), "x") == Decision(Game501().parse_action("pass"), "x", {"n": 1})


def test_game_classes_hold_no_module_attr_strings():
    """A game class declares facts, not where other layers live: its solver, score explainer and
    table widget are the registry's (imported there by import statements), not ``"module:attr"``."""
    from cardkit.registry import score_explainer, solver_class

    for g in GAMES:
        for klass in g.__mro__:
            for key, value in vars(klass).items():
                assert not (isinstance(value, str) and re.fullmatch(r"[\w.]+:\w+", value)), (g, key, value)
        assert solver_class(g).__name__ == f"Solver{g.name}"
        assert score_explainer(g) is not None
    for py in sorted((ROOT / "cardkit").rglob("*.py")):
        text = py.read_text(encoding="utf-8")
        assert not re.search(r"""["']cardkit\.[\w.]+:\w+["']""", text), py
        assert "importlib.import_module" not in text or py.name == "__main__.py", py


def _import_graph() -> dict[str, set[str]]:
    """The kit's import graph from its source: module → the kit modules it imports, at module
    level or inside functions (not under ``if TYPE_CHECKING``)."""
    mods = {}
    for py in (ROOT / "cardkit").rglob("*.py"):
        parts = list(py.relative_to(ROOT).with_suffix("").parts)
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = py
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, py in mods.items():
        package = m.split(".") if py.name == "__init__.py" else m.split(".")[:-1]

        def visit(node: ast.AST) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    continue
                if isinstance(child, ast.ImportFrom):
                    base = package[:len(package) - child.level + 1] if child.level else []
                    prefix = ".".join(base + ([child.module] if child.module else []))
                    for alias in child.names:
                        target = f"{prefix}.{alias.name}" if f"{prefix}.{alias.name}" in mods else prefix
                        if target in mods and target != m:
                            graph[m].add(target)
                elif isinstance(child, ast.Import):
                    graph[m].update(a.name for a in child.names if a.name in mods and a.name != m)
                visit(child)

        visit(ast.parse(py.read_text(encoding="utf-8")))
    return graph


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), list(graph[start])
    while todo:
        m = todo.pop()
        if m == goal:
            return True
        if m not in seen:
            seen.add(m)
            todo.extend(graph[m])
    return False


def test_no_import_cycle_through_the_game_protocol():
    """``cardkit.game`` (the protocol every layer reads) imports nothing that imports it back, even
    inside a function: ``find_game`` is the registry's, and the registry's lazy imports of the
    players, solvers and widgets never lead back through ``game.py``."""
    graph = _import_graph()
    engine = [m for m in graph if m == "cardkit.game" or m.startswith(("cardkit.game501", "cardkit.game500"))]
    assert len(engine) > 10 and {"cardkit.game", "cardkit.records"} <= graph["cardkit.replay"]  # one inside a function
    assert [m for m in engine if _reaches(graph, m, m)] == []


def _private_reads(text: str) -> list[tuple[int, str]]:
    """Where ``text`` (one module) imports an underscore name from another module, or reads an
    underscore attribute of an object by a name the module itself never defines."""
    tree = ast.parse(text)
    own = set(re.findall(r"(?:def |class )(_\w+)|^\s*(_\w+)\s*[:=]|\.(_\w+)\s*(?::|=(?!=))", text, re.M))
    own = {n for group in own for n in group if n}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.startswith("_") and alias.name != "_" and not alias.name.startswith("__"):
                    out.append((node.lineno, f"imports {alias.name}"))
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name = node.attr
            if (name.startswith("_") and not name.endswith("_") and node.value.id not in ("self", "cls")
                    and name not in own):
                out.append((node.lineno, f"reads {node.value.id}.{name}"))
    return out


def test_no_module_reads_another_modules_private_names():
    """What a module uses of another is public and documented (a game declares its actions with
    ``action_space``, a state scores a what-if with ``scored_as_if``): no ``g._BIDS``,
    ``state._score()`` or ``from .deal import _seat_index`` across modules."""
    assert _private_reads("from .x import _hidden\nimport g\ng._BIDS\nself._ok\n") == [
        (1, "imports _hidden"), (3, "reads g._BIDS")]
    offenders = []
    for py in sorted((ROOT / "cardkit").rglob("*.py")):
        rel = py.relative_to(ROOT / "cardkit").as_posix()
        for line, what in _private_reads(py.read_text(encoding="utf-8")):
            offenders.append(f"{rel}:{line}: {what}")
    assert not offenders, "\n".join(offenders)
