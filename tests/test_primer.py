"""The primer (notebooks/primer.ipynb, in Spanish primeros_pasos.ipynb): trick, lead, following suit,
trump, bid, contract, talon and kitty, each on a table the learner clicks through; every printed output a
sentence; the start page sends a beginner there before either course."""

from __future__ import annotations

import re

import pytest
from notebook_tools import NOTEBOOKS, load, source

PRIMERS = ["primer.ipynb", "primeros_pasos.ipynb"]


@pytest.mark.parametrize("name", PRIMERS)
def test_each_idea_is_on_a_table(name: str) -> None:
    cells = load(NOTEBOOKS / name)["cells"]
    tables = [c for c in cells if c["cell_type"] == "code" and "Table.from_record(" in source(c)]
    assert len(tables) == 4
    for cell in tables:
        kinds = {k for o in cell["outputs"] for k in o.get("data", {})}
        assert "application/vnd.jupyter.widget-view+json" in kinds
    words = " ".join(source(c) for c in cells if c["cell_type"] == "markdown")
    for term in (("trick", "lead", "follow suit", "trumps", "bids", "contract", "talon", "kitty")
                 if name == "primer.ipynb" else
                 ("baza", "salida", "asistir", "triunfo", "puja", "contrato", "talón", "pozo")):
        assert f"**{term}**" in words, term


def _said(name: str) -> list[tuple[str, str]]:
    """Each sentence a primer's code shows under its tables: (its HTML, its plain text)."""
    return [("".join(o["data"]["text/html"]), "".join(o["data"]["text/plain"]))
            for c in load(NOTEBOOKS / name)["cells"] if c["cell_type"] == "code"
            for o in c["outputs"] if o["output_type"] == "execute_result" and "text/html" in o["data"]]


@pytest.mark.parametrize("name", PRIMERS)
def test_outputs_are_sentences(name: str) -> None:
    said = _said(name)
    assert len(said) == 4
    for _html, text in said:
        assert re.match(r"^[A-ZÉ].*\.$", text, re.S), text
        assert not re.search(r"[\[\]{}]|Card\.|Cards\(|'", text), f"a Python literal in {text!r}"


def test_the_engine_replays_what_the_primer_says() -> None:
    said = " ".join(text for _html, text in _said("primer.ipynb"))
    assert "C led K♥. A played A♥ and B played 9♥: everyone followed suit (♥), and A won the trick." in said
    assert "B had no ♠ and played the trump Q♦, which won the trick." in said
    assert "a bid of 80, chose ♦ as trumps and raised the contract to 100" in said
    assert "buried 4♦, 5♦, 6♦." in said


def test_the_start_page_points_a_beginner_to_the_primer_first() -> None:
    text = "\n".join(source(c) for c in load(NOTEBOOKS / "00_start_here.ipynb")["cells"] if c["cell_type"] == "markdown")
    assert text.index("(primer.ipynb)") < text.index("(501/01_cards_and_deal.ipynb)")
    assert text.index("(primeros_pasos.ipynb)") < text.index("(500/01_pack_and_deal.ipynb)")
    assert "(glossary.ipynb)" in text and "(glosario.ipynb)" in text


@pytest.mark.parametrize("name", PRIMERS)
def test_tables_one_and_two_ask_before_they_answer(name: str) -> None:
    """Under tables 1 and 2 the result is an answer to a question asked above the table, not a spoiler;
    the header of table 1 ("A blind 100 ♦", the contract) is explained in words."""
    cells = load(NOTEBOOKS / name)["cells"]
    question, answer = ("**Your question:**", "**The answer**") if name == "primer.ipynb" else \
        ("**Tu pregunta:**", "**La respuesta**")
    tables = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and "Table.from_record(" in source(c)]
    fold = "The answer (open it once you have tried)" if name == "primer.ipynb" else \
        "La respuesta (ábrela cuando lo hayas intentado)"
    for t in tables[:2]:
        assert question in source(cells[t - 1]), source(cells[t - 1])
        assert answer in source(cells[t - 1])  # the question says where the answer waits
        # the answer is folded: the page shows only its summary until the learner opens it
        html = "".join("".join(o["data"]["text/html"]) for o in cells[t + 1]["outputs"] if "text/html" in o.get("data", {}))
        assert html.startswith("<details class='cardkit-answer'><summary") and html.endswith("</details>"), html
        assert f">{fold}</summary>" in html
    header = "**A blind\n100 ♦**" if name == "primer.ipynb" else "**A ciego 100 ♦**"
    assert header in source(cells[tables[0] - 1])
    text = " ".join(source(c) for c in cells)
    assert "as the engine played it" not in text and "tal como lo jugó el motor" not in text
