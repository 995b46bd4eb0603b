"""Exercises checked by the engine (cardkit.exercises, data/exercises/).

Every shipped exercise: the engine's answer is accepted, a wrong answer is rejected with feedback
that names the rule; the files validate and solve (``python -m cardkit exercises check``); the
content covers what issue 14 asks (25 for 501♠ in English and the same in Spanish, 25 for Five
Hundred over 3–6 players, 6 kinds, 4 or more per lesson, rule ids from data/rule-statements.csv).
Malformed files are rejected with the place of the problem, and nothing is executed on loading.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.exercises import AnswerError, Exercise, ExerciseError, check_path, from_data, lessons, load_file
from cardkit.exercises.core import PlayOut
from cardkit.game import TALON

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "data" / "exercises"
LESSONS = lessons(EXERCISES)
ALL = [e for lesson in LESSONS for e in lesson]


def ex_id(e: Exercise) -> str:
    return f"{e.language}:{e.id}"


# ---------------------------------------------------------------- wrong answers, made from the engine's


def wrong_answers(e: Exercise) -> list:
    """Answers the engine must reject: built from its own answer and the position."""
    right = e.answer()
    t = e.answer_type
    st = e.state()
    if t == "cards":
        hand = set(st.hands[st.current_player()])
        illegal = sorted(hand - right, key=lambda c: c.code)
        out = []
        if illegal:
            out.append(right | {illegal[0]})
        if len(right) > 1:
            out.append(set(sorted(right, key=lambda c: c.code)[1:]))
        return out
    if t == "card":
        hand = set(st.hands[st.current_player()])
        legal = {a.card for a in st.legal_actions()}
        return sorted(legal - right, key=lambda c: c.code)[:1] + sorted(hand - legal, key=lambda c: c.code)[:1]
    if t == "seat":
        return [s for s in {s for s, _c in st.tricks[-1].plays} if s != right][:1]
    if t == "choice":
        return [c.value for c in e.choices() if c.value != right or isinstance(c.value, bool) != isinstance(right, bool)][:2]
    if t == "number":
        return [right + 10, right - 1]
    if t == "numbers":
        return [[right[0] + 10, *right[1:]], [-x for x in right] if any(right) else [1] * len(right)]
    # playout: the first learner turn with a card after which the contract cannot be made
    from cardkit.solver import solve

    po = PlayOut(e)
    line = e.answer()
    for k in range(len(line) + 1):
        if not po.your_turn():
            break
        for v in solve(po.state).values:
            after = po.state.clone()
            after.apply_action(v.action)
            if not (after.made() if after.is_terminal() else solve(after).made):
                rest = _finish_any(e, line[:k] + [str(v.action)])
                return [rest]
        po.play(line[k])
    return []


def _finish_any(e: Exercise, start: list[str]) -> list[str]:
    """``start`` then the first legal card at every later turn of the learner."""
    po = PlayOut(e)
    for a in start:
        po.play(a)
    moves = list(start)
    while po.your_turn():
        a = str(po.state.legal_actions()[0])
        moves.append(a)
        po.play(a)
    return moves


@pytest.mark.parametrize("e", ALL, ids=ex_id)
def test_engine_answer_is_accepted(e: Exercise) -> None:
    right = e.answer()
    # a "pick the card that wins" answer is any one of the winning cards: each is accepted
    for given in (sorted(right, key=lambda c: c.code) if e.answer_type == "card" else [right]):
        fb = e.check(given)
        assert fb.correct, fb.message
        assert fb.message.strip()


@pytest.mark.parametrize("e", ALL, ids=ex_id)
def test_a_wrong_answer_is_rejected_naming_the_rule(e: Exercise) -> None:
    wrongs = wrong_answers(e)
    assert wrongs, f"{e.id}: no wrong answer found to try"
    for w in wrongs:
        fb = e.check(w)
        assert not fb.correct, f"{e.id}: {w!r} accepted"
        # the learner reads the rule in plain words; the teacher finds the rules.md items and
        # the statement ids in the tooltip
        plain = (r"rules? \d+( and \d+)* of (501|Five Hundred)" if e.language == "en"
                 else r"reglas? \d+( y \d+)* del \S")
        assert re.search(plain, fb.message), fb.message
        assert "rules.md" not in fb.message and fb.cited and all(r in fb.teacher_note for r in e.rules)
        if e.language == "es":  # actions in the learner's words, never as records write them
            assert not re.search(r"'(play|bid|pass|give|declare|look) ", fb.message), fb.message
        why = re.sub(plain, "", fb.message).strip(" ().\n")
        assert len(why) >= 20, "the feedback says why, not only 'wrong' and the rule"


def test_an_illegal_card_gets_the_engines_rule_message() -> None:
    """A refused card: the rule of the engine's message (follow suit, rules.md 501 §8, 500 §7), cut
    before the cards the player holds, which would give the answer away."""
    e = next(x for x in ALL if x.answer_type == "cards" and x.language == "en"
             and set(x.state().hands[x.state().current_player()]) - x.answer())
    st = e.state()
    bad = sorted(set(st.hands[st.current_player()]) - e.answer(), key=lambda c: c.code)[0]
    fb = e.check(e.answer() | {bad})
    why = st.why_illegal(f"play {bad.code}")
    item = re.search(r"\[(rules\.md (501|500) §(\d+))\]$", why)
    assert item, why  # the engine's message cites the rule: follow suit (rules.md 501 §8, 500 §7)
    words = f"rule {item.group(3)} of {'501' if item.group(2) == '501' else 'Five Hundred'}"
    parts = why.removesuffix(f" [{item.group(1)}]").split(": ")
    rule = parts[1] if len(parts) > 2 else parts[-1]  # "illegal … by C: must follow ♠: C holds …"
    assert f"{bad} may not be played here: {rule} ({words})." in fb.message, fb.message
    assert fb.cited == (item.group(1),) and fb.teacher_note.startswith(f"{item.group(1)} · ")


def test_spanish_feedback_names_the_refused_card_and_the_rule_in_words() -> None:
    """The Spanish 501/04 'follow suit' exercise, all of B's cards picked: the refused card reads
    "Aquí no se puede jugar A♣: debe asistir a ♥ (regla 8 del 501)." (rules.md 501 §8)."""
    e = next(x for x in ALL if x.id == "501-04-follow" and x.language == "es")
    st = e.state()
    hand = set(st.hands[st.current_player()])
    fb = e.check(hand)
    refused = fb.message.splitlines()
    assert refused == [f"Aquí no se puede jugar {c}: debe asistir a ♥ (regla 8 del 501)."
                       for c in sorted(hand - e.answer(), key=lambda c: (c.suit.value, c.rank.value))] or \
        sorted(refused) == sorted(f"Aquí no se puede jugar {c}: debe asistir a ♥ (regla 8 del 501)."
                                  for c in hand - e.answer()), fb.message
    assert "'play" not in fb.message and "[rules.md" not in fb.message and fb.cited == ("rules.md 501 §8",)


# ---------------------------------------------------------------- a wrong answer keeps the answer hidden

_NUMBER = re.compile(r"[+−-]?\d+")


def _numbers_in(text: str, e: Exercise) -> set[int]:
    """The whole numbers a learner reads in ``text``, leaving out the rule names ("rule 8 of 501")
    and the game's title."""
    text = re.sub(r"(rules? \d+( and \d+)* of (501|Five Hundred)|reglas? \d+( y \d+)* del \S+)", "", text).replace(e.game.title, "")
    return {int(n.replace("−", "-")) for n in _NUMBER.findall(text)}


def _names(text: str, name: str) -> bool:
    """Whether ``text`` names the seat ``name`` (a letter on its own, not the ace of a card)."""
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w♠♣♦♥])", text) is not None


@pytest.mark.parametrize("e", [x for x in ALL if x.kind != "play-it-out"], ids=ex_id)
def test_a_wrong_answer_does_not_give_the_answer(e: Exercise) -> None:
    """The feedback on a wrong answer says what is wrong and points at the rule; the answer
    (the legal or winning cards, the winner, the number, the right choice) stays behind "Show
    answer" (Exercise.explanation), which does give it."""
    right = e.answer()
    t = e.answer_type
    st = e.state()
    for w in wrong_answers(e):
        msg = e.check(w).message
        if t == "cards":
            for c in right - set(w):
                assert str(c) not in msg, (w, msg)
        elif t == "card":
            for c in right:
                assert str(c) not in msg, (w, msg)
        elif t == "seat":
            trick = st.tricks[-1]
            win_card = next(c for s, c in trick.plays if s == right)
            mine = next(c for s, c in trick.plays if s == w)
            # six-handed packs hold identical cards (rules.md 500 §14): the learner's own may look the same
            assert (str(win_card) == str(mine) or str(win_card) not in msg) and not _names(msg, e.game.names[right]), \
                (w, msg)
        elif t == "number":
            assert right not in _numbers_in(msg, e), (w, msg)
        elif t == "numbers":
            for s, (x, y) in enumerate(zip(w, right)):
                if x != y:
                    assert y not in _numbers_in(msg, e) or y in w, (e.game.names[s], w, msg)
        elif t == "choice":
            label = next(c.label for c in e.choices() if c.value == right
                         and isinstance(c.value, bool) == isinstance(right, bool))
            said = e.answer_text()
            if len(label) <= 2:
                assert not _names(msg, label), (w, msg)
            else:
                assert label not in msg and said not in msg, (w, msg)
            if isinstance(right, bool):  # the verdict on the call itself is the answer
                assert "legal here" not in msg and "está permitido aquí" not in msg, (w, msg)
        assert e.answer_text() in e.explanation()


def test_a_wrong_score_names_neither_the_change_nor_the_sum() -> None:
    """501/05 q3 in Spanish (B defends A's made 100: 27 card points and the ♠ marriage, rules.md
    501 §10): 47 is refused without "−47" or B's sum; "La respuesta" gives −47."""
    e = next(x for x in ALL if x.id == "501-05-defender" and x.language == "es")
    assert e.answer() == -47
    fb = e.check("47")
    assert not fb.correct and "−47" not in fb.message and "puntos de cartas" not in fb.message, fb.message
    assert fb.message.splitlines() == ["En esta mano, el cambio de B no es +47.", "Repasa: regla 10 del 501."]
    assert "La respuesta: −47" in e.explanation()


def test_a_wrong_winner_says_why_that_card_loses() -> None:
    """501/06 q1 (A K♠, B 9♠, C J♠, diamonds trumps, rules.md 501 §8): answering B says B's 9♠
    is beaten by a higher spade, without naming A or the K♠."""
    for lang, text in (("en", "B's 9♠ does not take the trick: it follows the suit led (♠), but a higher card of "
                              "that suit was played."),
                       ("es", "El 9♠ de B no gana la baza: asiste al palo de salida (♠), pero se jugó una carta más "
                              "alta de ese palo.")):
        e = next(x for x in ALL if x.id == "501-06-first-trick" and x.language == lang)
        fb = e.check("B")
        assert fb.message.splitlines()[0] == text and "K♠" not in fb.message, fb.message


# ---------------------------------------------------------------- the content


def _count(game: str, lang: str) -> list[Exercise]:
    return [e for e in ALL if e.game.name == game and e.language == lang]


def test_content_counts_and_kinds() -> None:
    en, es, five = _count("501", "en"), _count("501", "es"), _count("500", "en")
    assert len(en) >= 25 and len(five) >= 25
    assert sorted(e.id for e in es) == sorted(e.id for e in en), "the Spanish 501 exercises are the English ones"
    kinds = {e.kind for e in ALL}
    assert len(kinds) >= 6, kinds
    assert {g.players for g in (e.game for e in five)} >= {3, 4, 5, 6}


def test_spanish_twins_ask_the_same_question() -> None:
    es = {e.id: e for e in _count("501", "es")}
    for e in _count("501", "en"):
        twin = es[e.id]
        assert (twin.kind, twin.ask, twin.position, twin.params, twin.rules) == (e.kind, e.ask, e.position, e.params, e.rules)
        assert twin.answer() == e.answer()
        assert twin.prompt != e.prompt, f"{e.id}: the Spanish prompt is not translated"


def test_each_lesson_has_four_or_more() -> None:
    for lesson in LESSONS:
        assert len(lesson) >= 4, f"{lesson.path}: {len(lesson)} exercises"


def test_rule_ids_name_statements_of_the_game() -> None:
    import csv

    with (ROOT / "data" / "rule-statements.csv").open(encoding="utf-8") as f:
        games = {row["id"]: row["game"] for row in csv.DictReader(f)}
    for e in ALL:
        for r in e.rules:
            assert games.get(r) == e.game.name, (e.id, r)


def test_the_check_command_passes_on_the_shipped_files() -> None:
    out = subprocess.run([sys.executable, "-m", "cardkit", "exercises", "check", str(EXERCISES)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert f"{len(ALL)} exercises checked" in out.stdout


def test_the_list_command() -> None:
    out = subprocess.run([sys.executable, "-m", "cardkit", "exercises", "list", "--json"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert len(rows) == len(ALL)
    assert set(rows[0]) >= {"id", "game", "language", "kind", "lesson"}
    text = subprocess.run([sys.executable, "-m", "cardkit", "exercises", "list"], capture_output=True, text=True,
                          cwd=ROOT).stdout
    assert f"{len(ALL)} exercises" in text


# ---------------------------------------------------------------- hand-checked answers


def _one(**kw) -> Exercise:
    item = {"id": "x", "rules": ["501-deal-3"], "prompt": "?", "position": {}, **kw}
    data = {"format": "cardkit-exercises", "version": 1, "lesson": "501/01", "language": "en", "game": "501",
            "exercises": [item]}
    return from_data(data).exercises[0]


def test_hand_checked_answers() -> None:
    # rules.md 501 §4: with C dealing, cards 4, 8 and 12 go to the talon; 1 to A
    assert _one(kind="deal", ask="where", card=4, position={"dealer": "C"}).answer() == TALON
    assert _one(kind="deal", ask="where", card=1, position={"dealer": "C"}).answer() == 0
    assert _one(kind="deal", ask="pack-size").answer() == 24
    assert _one(kind="deal", ask="hand-size").answer() == 7
    assert _one(kind="deal", ask="trumps", trump="H").answer() == 6
    # the worked example (rules.md 501 §12): A blind at 100 fails with 88: +200, −32, −20
    worked = {"record": "501_worked_blind_contract.json"}
    e = _one(kind="score", ask="changes", rules=["501-example-1"], position=worked)
    assert e.answer() == [200, -32, -20]
    fb = e.check([200, -32, -20])
    assert fb.correct and "68 card points + 20" in fb.message and "× 2" in fb.message
    # C's lead is 10♠ or A♠ after Q♠ Q♦ (must follow spades, rules.md 501 §8)
    e = _one(kind="play", ask="legal", rules=["501-play-2"], position={**worked, "step": 11})
    assert {c.code for c in e.answer()} == {"10S", "AS"}
    # after 80 the cheapest bid is 81, and 80 is not legal (rules.md 501 §5)
    auction = {"dealer": "C", "actions": ["bid 80"]}
    assert _one(kind="auction", ask="cheapest", rules=["501-auction-2"], position=auction).answer() == "bid 81"
    e = _one(kind="auction", ask="legal", bid="80", rules=["501-auction-2"], position=auction)
    assert e.answer() is False
    assert "standing bid of 80" in e.explanation()
    wrong = e.check(True).message  # the reason is the answer: it waits for "Show answer"
    assert "The standing bid is 80." in wrong and "may not" not in wrong


def test_five_hundred_hand_checked_answers() -> None:
    def one(**kw) -> Exercise:
        item = {"id": "x", "rules": ["500-score-3"], "prompt": "?", "position": {}, **kw}
        return from_data({"format": "cardkit-exercises", "version": 1, "lesson": "500/02", "language": "en",
                          "game": "500", "exercises": [item]}).exercises[0]

    assert one(kind="auction", ask="worth", bid="8H").answer() == 300
    assert one(kind="auction", ask="worth", bid="10NT").answer() == 520
    assert one(kind="auction", ask="worth", bid="misere").answer() == 250
    assert one(kind="deal", ask="pack-size").answer() == 43
    assert one(kind="deal", ask="trumps", trump="S").answer() == 12
    assert one(kind="deal", ask="trumps", trump="H").answer() == 13
    e = one(kind="auction", ask="worth", bid="8H")
    assert "40 + 100 × 2" in e.explanation() and "300" in e.explanation()
    assert e.check(200).message.splitlines()[0] == "200 is not what 8♥ is worth."


def _at_table(options: dict, position: dict) -> Exercise:
    """A 'who takes the trick' exercise of a four-handed Five Hundred file with rule ``options``."""
    item = {"id": "x", "kind": "trick", "ask": "winner", "rules": ["500-jnt-1"], "prompt": "?", "position": position}
    return from_data({"format": "cardkit-exercises", "version": 1, "lesson": "500/x", "language": "en", "game": "500",
                      "players": 4, "options": options, "exercises": [item]}).exercises[0]


def test_a_record_position_plays_at_the_files_table() -> None:
    """rules.md 500 §8 (joker-void): the record 500_joker_last_card.json was played under
    last-card-exempt, where A's joker, its last card, takes trick 10; a file whose table plays
    last-card-loses replays the record under its own options, and D's 5♠ takes the trick."""
    record = {"record": "500_joker_last_card.json"}
    assert _at_table({"joker-void": "last-card-loses"}, record).answer() == 3
    assert _at_table({"joker-void": "last-card-loses"}, record).state().game.options["joker-void"] == "last-card-loses"
    assert _at_table({}, record).answer() == 0


def test_a_record_its_files_table_forbids_is_an_error_with_its_place() -> None:
    """A record whose actions the file's rule options forbid (a nomination under no-nt-nomination) is
    named by its place, not replayed under the record's own options."""
    with pytest.raises(ExerciseError, match=r"exercises\[0\]\.position\.step: .*cannot nominate ♦"):
        _at_table({"no-nt-nomination": True}, {"record": "500_nominated_joker_no_trumps.json", "step": 20}).answer()


# ---------------------------------------------------------------- learners' malformed answers


@pytest.mark.parametrize("given", ["abc", "", "12.5", "eighty", None])
def test_a_malformed_number_gets_a_friendly_message(given) -> None:
    e = _one(kind="deal", ask="pack-size")
    fb = e.check(given)
    assert not fb.correct
    assert "Traceback" not in fb.message and "whole number" in fb.message


def test_malformed_answers_of_other_shapes() -> None:
    e = _one(kind="play", ask="legal", rules=["501-play-2"],
             position={"record": "501_worked_blind_contract.json", "step": 11})
    assert "not a card" in e.check(["XX"]).message
    assert "at least one card" in e.check([]).message
    with pytest.raises(AnswerError):
        e.parse(["ZZ"])
    es = from_data({"format": "cardkit-exercises", "version": 1, "lesson": "501/01", "language": "es",
                    "game": "501", "exercises": [{"id": "x", "kind": "deal", "ask": "pack-size",
                                                  "rules": ["501-cards-1"], "prompt": "?", "position": {}}]}).exercises[0]
    assert "número entero" in es.check("abc").message


# ---------------------------------------------------------------- malformed files

GOOD = {"format": "cardkit-exercises", "version": 1, "lesson": "501/01", "language": "en", "game": "501",
        "exercises": [{"id": "a", "kind": "deal", "ask": "pack-size", "rules": ["501-cards-1"], "prompt": "?",
                       "position": {}},
                      {"id": "b", "kind": "play", "ask": "legal", "rules": ["501-play-2"], "prompt": "?",
                       "position": {"record": "501_worked_blind_contract.json", "step": 11}},
                      {"id": "c", "kind": "deal", "ask": "pack-size", "rules": ["501-cards-1"], "prompt": "?",
                       "position": {}},
                      {"id": "d", "kind": "auction", "ask": "legal", "bid": "80", "rules": ["501-auction-2"],
                       "prompt": "?", "position": {"dealer": "C", "actions": ["bid 80"]}}]}


def _bad(path: str, value) -> dict:
    data = json.loads(json.dumps(GOOD))
    keys = path.split(".")
    node = data
    for k in keys[:-1]:
        node = node[int(k)] if k.isdigit() else node[k]
    last = keys[-1]
    if value is KeyError:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return data


#: (what is wrong, the file's data or text, the place the error must name)
BAD = [
    ("wrong format", _bad("format", "cardkit-record"), "format"),
    ("no exercises", _bad("exercises", []), "exercises"),
    ("unknown kind", _bad("exercises.3.kind", "quiz"), "exercises[3].kind"),
    ("ask that the kind has not", _bad("exercises.0.ask", "winner"), "exercises[0].ask"),
    ("no rules", _bad("exercises.1.rules", []), "exercises[1].rules"),
    ("unknown rule id", _bad("exercises.1.rules", ["501-play-99"]), "exercises[1].rules[0]"),
    ("rule of the other game", _bad("exercises.1.rules", ["500-play-1"]), "exercises[1].rules[0]"),
    ("step beyond the record", _bad("exercises.1.position.step", 31), "exercises[1].position.step"),
    ("negative step", _bad("exercises.1.position.step", -1), "exercises[1].position.step"),
    ("unknown record", _bad("exercises.1.position.record", "nowhere.json"), "exercises[1].position.record"),
    ("a path in a record name", _bad("exercises.1.position.record", "../../etc/passwd"), "exercises[1].position.record"),
    ("illegal action in a position", _bad("exercises.3.position.actions", ["bid 80", "bid 70"]),
     "exercises[3].position.actions[1]"),
    ("a card dealt twice", _bad("exercises.3.position", {"hands": {"A": "AS AS"}}), "exercises[3].position.hands"),
    ("unknown seat", _bad("exercises.3.position", {"dealer": "Z"}), "exercises[3].position.dealer"),
    ("auction question without a bid", _bad("exercises.3.bid", KeyError), "exercises[3]"),
    ("a bid that is not a bid", _bad("exercises.3.bid", "eighty"), "exercises[3].bid"),
    ("play question in the auction", _bad("exercises.1.position", {"dealer": "C"}), "exercises[1].position"),
    ("duplicate id", _bad("exercises.2.id", "a"), "exercises[2].id"),
    ("unknown field", _bad("exercises.0.answer", 24), "exercises[0]"),
    ("an answer written in the file", _bad("exercises.0.position.answer", 24), "exercises[0].position"),
    ("text too long", _bad("exercises.0.prompt", "x" * 3000), "exercises[0].prompt"),
    ("a number as text", _bad("exercises.1.position.step", "11"), "exercises[1].position.step"),
    ("six seats for 501", _bad("players", 6), "players"),
    ("unknown language", _bad("language", "fr"), "language"),
    ("record and deal together", _bad("exercises.1.position.dealer", "A"), "exercises[1].position.dealer"),
]


@pytest.mark.parametrize("what,data,where", BAD, ids=[b[0] for b in BAD])
def test_a_malformed_file_is_rejected_with_its_place(tmp_path: Path, what: str, data, where: str) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ExerciseError) as err:
        load_file(path, verify=True)
    places = [p for p, _m in err.value.problems]
    assert any(p == where or p.startswith(where + ".") or p.startswith(where + "[") for p in places), \
        f"{what}: {err.value}"
    count, problems = check_path(path)
    assert problems and all(f == str(path) for f, _p, _m in problems)


def test_a_good_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    assert len(load_file(path, verify=True)) == 4


@pytest.mark.parametrize("text,suffix", [("{not json", ".json"), ("exercises: [unclosed", ".yaml"),
                                         ("!!python/object/apply:os.system ['echo pwned']", ".yaml")])
def test_unreadable_files_name_the_file_and_execute_nothing(tmp_path: Path, text: str, suffix: str) -> None:
    path = tmp_path / f"bad{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExerciseError) as err:
        load_file(path)
    assert err.value.problems[0][0] == "(file)"


def test_yaml_files_load(tmp_path: Path) -> None:
    yaml = pytest.importorskip("yaml")
    path = tmp_path / "lesson.yaml"
    path.write_text(yaml.safe_dump(GOOD, allow_unicode=True), encoding="utf-8")
    assert [e.id for e in load_file(path, verify=True)] == ["a", "b", "c", "d"]


def test_the_check_command_fails_with_the_place(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(_bad("exercises.1.position.step", 31)), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "cardkit", "exercises", "check", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1
    assert "exercises[1].position.step" in out.stderr


# ---------------------------------------------------------------- one class per question, typed refusals


def test_every_kind_and_ask_of_the_schema_is_one_question_class() -> None:
    """The table of questions and the schema's kinds list the same questions; each class declares
    its kind, ask, answer shape and heading (docs/exercises.md, "Kinds and questions")."""
    from cardkit.exercises import KINDS, QUESTIONS

    assert set(QUESTIONS) == {(k, a) for k, asks in KINDS.items() for a in asks} and len(QUESTIONS) == 13
    for (kind, ask), q in QUESTIONS.items():
        assert (q.kind, q.ask) == (kind, ask) and q.title
        assert q.answer_type in ("cards", "card", "seat", "choice", "number", "numbers", "playout")
    for e in ALL:
        assert type(e.question) is QUESTIONS[(e.kind, e.ask)] and e.question.exercise is e


def test_refusals_are_read_from_the_errors_rule_and_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused card's words come from the error's ``clause`` (its rule's, without the cards) and
    ``rule``, never from its message text: with a message that says something else, the feedback
    still says the reason and cites the rule (rules.md 501 §8)."""
    from cardkit.errors import IllegalActionError
    from cardkit.game import State

    e = next(x for x in ALL if (x.kind, x.ask) == ("play", "legal") and x.language == "en" and x.game.name == "501"
             and set(x.state().hands[x.state().actor()]) - x.answer())
    legal = e.answer()
    barred = sorted(set(e.state().hands[e.state().actor()]) - legal, key=lambda c: c.code)[0]
    real_check = State.check

    def check(self: State, action):  # the engine's verdict, with a message that parses as nothing
        a = real_check(self, action) if action.card in legal else None
        if a is None:
            raise IllegalActionError("words that say nothing: at all", rule="rules.md 501 §8", seat=self.actor(),
                                     reason="the test's reason: and the cards it names", clause="the test's reason")
        return a

    monkeypatch.setattr(State, "check", check)
    fb = e.check(legal | {barred})
    assert not fb.correct
    assert f"{barred} may not be played here: the test's reason (rule 8 of 501)." in fb.message
    assert "words that say nothing" not in fb.message and "the cards it names" not in fb.message
    assert "The test's reason: and the cards it names (rule 8 of 501)." in e.explanation()


def test_the_exercises_neither_parse_refusal_messages_nor_list_game_verbs() -> None:
    """Refusals come from ``IllegalActionError``'s fields (``refusals.refusal``), calls are read by
    the game (``questions.read_bid``), and the rules.md items are data (``rule-items.csv``).
    (``explain.bid_words`` reads what a bid declares, ``Action.bid_words``: the words of actions
    are the games' to declare.)"""
    modules = ("core", "answers", "data", "playout", "question", "questions", "refusals")
    source = "\n".join((ROOT / "cardkit" / "exercises" / f"{m}.py").read_text(encoding="utf-8") for m in modules)
    assert "why_illegal" not in source and "refusal_head" not in source and "removeprefix" not in source
    assert not re.search(r"\[rules\\\\?\.md", source)  # no regular expression over a message's rule citation
    assert not re.search(r"str\(\w*\)\.split\(\)", source)
    assert '"declare"' not in source and '"abandon"' not in source
    assert not re.search(r"""["']50[01]-\w+["']\s*:""", source)  # no table keyed by a game's rule ids
