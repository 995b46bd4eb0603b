"""The plain-language glossaries (notebooks/glossary.ipynb, notebooks/glosario.ipynb) and the page for
programmers: one entry per term in each game's own words, no code in the plain pages, and every link
from a lesson to a glossary entry, or from an entry to a lesson, leads somewhere that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from notebook_tools import NOTEBOOKS, load, source

GLOSSARIES = {"glossary.ipynb": ["trick", "lead", "follow suit", "void", "trump", "no trumps", "bid", "pass",
                                 "contract", "bidder", "contractor", "defender", "talon", "kitty", "bury",
                                 "blind", "abandon", "marriage", "joker", "bower", "ladder", "misère", "partner"],
              "glosario.ipynb": ["baza", "salir", "asistir", "fallo", "triunfo", "sin triunfo", "puja", "pasar",
                                 "contrato", "declarante", "contratante", "defensor", "talón", "pozo", "descartar",
                                 "ciego", "abandonar", "matrimonio", "comodín", "bower", "miseria", "compañero"]}
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)(?:#([^)\s]+))?\)")


def headings(path: Path) -> set[str]:
    """The anchors JupyterLab and Voila give the page's headings (spaces become hyphens)."""
    found = set()
    for cell in load(path)["cells"]:
        if cell["cell_type"] == "markdown":
            for title in re.findall(r"^#+ (.+)$", source(cell), re.M):
                found.add(title.strip().replace(" ", "-"))
    return found


@pytest.mark.parametrize("name", sorted(GLOSSARIES))
def test_one_plain_entry_per_term(name: str) -> None:
    path = NOTEBOOKS / name
    anchors = headings(path)
    for term in GLOSSARIES[name]:
        assert term.replace(" ", "-") in anchors, f"{name} has no entry for {term!r}"
    for cell in load(path)["cells"][1:]:
        text = source(cell)
        assert cell["cell_type"] == "markdown"
        assert "`" not in text, f"code in a plain glossary entry: {text[:60]}"
        assert re.search(r"^\*(Both games|501♠|Five Hundred|Los dos juegos|Quinientos)\.?\*", text.split("\n\n")[1])


def all_notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.rglob("*.ipynb"))


def test_every_glossary_link_leads_to_an_entry() -> None:
    linked = 0
    for path in all_notebooks():
        for cell in load(path)["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target, anchor in LINK.findall(source(cell)):
                page = (path.parent / target).resolve()
                assert page.is_file(), f"{path.name} links to {target}, which does not exist"
                if anchor and page.name in (*GLOSSARIES, "glossary_for_programmers.ipynb"):
                    assert anchor in headings(page), f"{path.name} links to {target}#{anchor}: no such entry"
                    linked += 1
    assert linked >= 60


@pytest.mark.parametrize("lesson", ["501/03_contract_and_exchange.ipynb", "500/02_tricks_trumps_and_bowers.ipynb",
                                    "501/es/04_bazas_y_matrimonios.ipynb"])
def test_lessons_link_their_terms_at_first_use(lesson: str) -> None:
    first = source(load(NOTEBOOKS / lesson)["cells"][0])
    assert re.search(r"\*\*\[[^\]]+\]\((\.\./)+glos(sary|ario)\.ipynb#", first)


def test_programmers_page_names_each_word() -> None:
    cells = load(NOTEBOOKS / "glossary_for_programmers.ipynb")["cells"]
    table = next(source(c) for c in cells if source(c).startswith("| word |"))
    for word in ("trick", "bidder", "contractor", "talon", "kitty", "marriage", "bower", "misère"):
        assert f"| **{word}** |" in table
    printed = "".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c["outputs"])
    assert "are the kit's own" in printed


GLOSSARY_LINE = re.compile(r"^- \*\*")


def test_each_lesson_glossary_line_separates_the_word_from_its_meaning() -> None:
    """A lesson's glossary line reads "**word** (its qualifier): meaning": the colon is there even
    where the code names were cut out for the plain line ("**winner** of a trick: …", never
    "**winner** the winner leads…")."""
    seen = 0
    for path in all_notebooks():
        cells = load(path)["cells"]
        if not cells or cells[0]["cell_type"] != "markdown":
            continue
        for line in source(cells[0]).splitlines():
            if not GLOSSARY_LINE.match(line):
                continue
            seen += 1
            head, colon, meaning = line.partition(": ")
            assert colon and meaning and "**" in head, f"{path.name}: {line}"
            plain = re.sub(r"\*\*\[?([^*\]]+)\]?(\([^)]*\))?\*\*", r"\1", head[2:])
            assert len(plain.split()) <= 6, f"{path.name}: word and meaning run together: {line}"
    assert seen >= 40
