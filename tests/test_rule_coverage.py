"""Every rule statement is taught by a tagged notebook cell.

``data/rule-statements.csv`` (a copy of the shared list, since CI has no ``../shared``) lists the
statements of each game's rule text with an id (``501-cards-2``). A notebook cell that teaches one
carries the cell tag ``rule:<id>``. For each game whose course exists (``notebooks/<game>/`` holds
notebooks) and for each language of it (``notebooks/<game>/`` is English, ``notebooks/<game>/es/``
Spanish), every statement of that game must be taught by at least one tagged cell; the failure
message lists the missing ids. Five Hundred is checked once ``notebooks/500/`` has notebooks.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STATEMENTS = ROOT / "data" / "rule-statements.csv"
NOTEBOOKS = ROOT / "notebooks"
GAMES = ("501", "500")


def statements() -> dict[str, list[str]]:
    """Statement ids per game, in file order."""
    out: dict[str, list[str]] = {g: [] for g in GAMES}
    with STATEMENTS.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out.setdefault(row["game"], []).append(row["id"])
    return out


def rule_tags(folder: Path) -> dict[str, list[str]]:
    """``{rule id: [notebook names]}`` for the ``rule:`` tags of the notebooks directly in ``folder``."""
    found: dict[str, list[str]] = {}
    for nb in sorted(folder.glob("*.ipynb")):
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            for tag in cell.get("metadata", {}).get("tags", []):
                if tag.startswith("rule:"):
                    found.setdefault(tag[len("rule:"):], []).append(nb.name)
    return found


def courses() -> list[tuple[str, str, Path]]:
    """``(game, language, folder)`` for every course folder that holds notebooks."""
    out = []
    for game in GAMES:
        for lang, folder in (("en", NOTEBOOKS / game), ("es", NOTEBOOKS / game / "es")):
            if any(folder.glob("*.ipynb")):
                out.append((game, lang, folder))
    return out


def test_statement_file_is_well_formed():
    ids = statements()
    assert len(ids["501"]) == 40
    every = [i for g in ids.values() for i in g]
    assert len(every) == len(set(every)), "duplicate statement ids"
    assert all(i.startswith(g + "-") for g, group in ids.items() for i in group)


def test_the_501_course_exists_in_both_languages():
    assert ("501", "en") in {(g, lang) for g, lang, _ in courses()}
    assert ("501", "es") in {(g, lang) for g, lang, _ in courses()}


@pytest.mark.parametrize("game,lang,folder", courses(), ids=[f"{g}-{lang}" for g, lang, _ in courses()])
def test_every_statement_is_taught(game, lang, folder):
    taught = rule_tags(folder)
    missing = [i for i in statements()[game] if i not in taught]
    assert not missing, f"{game} course ({lang}, {folder.relative_to(ROOT)}) teaches no cell tagged for: " + \
        ", ".join(missing)


@pytest.mark.parametrize("game,lang,folder", courses(), ids=[f"{g}-{lang}" for g, lang, _ in courses()])
def test_every_tag_names_a_known_statement(game, lang, folder):
    known = set(statements()[game])
    unknown = {tag: nbs for tag, nbs in rule_tags(folder).items() if tag not in known}
    assert not unknown, f"rule tags naming no {game} statement: {unknown}"
