"""The table server's pages and views in the reader's language (docs/server.md §8): the language
chosen by ``?lang=`` or the Accept-Language header, one page head for every page, Spanish views
whose actions read in Spanish while ``legal`` keeps the actions' own text, and Spanish errors.
Served in process by Starlette's test client over an in-memory store.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest
from starlette.testclient import TestClient

from cardkit.i18n import action_text, language
from cardkit.server.app import create_app
from cardkit.server.pages import TEMPLATES, choose_language, page, words

from server_tools import TEACHER, TOKEN


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", computer_delay=0, token=TOKEN), headers=TEACHER) as c:
        yield c


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    if "seed" in body:
        body.setdefault("public_seed", True)  # the engine's own deal of that seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


@pytest.mark.parametrize("asked,header,lang", [
    ("es", None, "es"), ("en", "es", "en"), (None, "es-ES,es;q=0.9,en;q=0.8", "es"),
    (None, "en-GB,en;q=0.9,es;q=0.8", "en"), (None, "fr-FR,fr;q=0.9,es;q=0.5", "es"),
    (None, "es;q=0.2,en;q=0.7", "en"), (None, "es;q=0", "en"), ("de", "fr", "en"), (None, None, "en"),
    (None, "es;q=abc, en", "en"),
])
def test_the_language_is_asked_for_or_the_browsers(asked: str | None, header: str | None, lang: str) -> None:
    assert choose_language(asked, header) == lang


def test_every_page_has_the_one_head(client: TestClient) -> None:
    t = make(client, game="501", players=3, seed=1)
    head = (TEMPLATES / "page.html").read_text()
    head_lines = [line for line in head.splitlines() if "$" not in line and line.strip()]
    pages = [client.get(f"/play/{t['table']}?code={t['seats'][0]['code']}"),
             client.get(f"/show/{t['table']}?code={t['teacher']}"), client.get("/")]
    for r in pages:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        lines = r.text.splitlines()
        assert all(line in lines for line in head_lines)
        assert r.text.count("<head>") == 1 and "$" not in r.text.split("<script>")[0]
    # the projector alone has the join links; the old page files are gone
    assert 'id="join"' in pages[1].text and 'id="join"' not in pages[0].text
    assert client.get("/static/play.html").status_code == 404


def test_a_spanish_page_has_spanish_words_only(client: TestClient) -> None:
    t = make(client, game="500", players=4, seed=3)
    r = client.get(f"/play/{t['table']}?code={t['seats'][0]['code']}", headers={"Accept-Language": "es-ES,es"})
    assert '<html lang="es">' in r.text
    data = json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', r.text, re.S)[1])
    with language("es"):
        assert data == words()
    with language("en"):
        english = words()
    assert data.keys() == english.keys()
    same = [k for k in data if data[k] == english[k]]
    assert same == [], same  # every word of the page is translated
    assert "Esta mano, paso a paso" in r.text and "This hand" not in r.text
    assert "</script" not in json.dumps(data)  # the words cannot close their script element
    assert page("show", "es").count("<script") == 3  # the words, dom.js and table.js


def test_a_spanish_view_reads_in_spanish_and_acts_in_the_records_text(client: TestClient) -> None:
    t = make(client, game="500", players=4, seed=3)
    url = f"/api/tables/{t['table']}"
    english = client.get(f"{url}?code={t['teacher']}").json()
    seat = english["to_act"]
    code = t["seats"][seat]["code"]
    v = client.get(f"{url}?code={code}&lang=es").json()
    assert v["legal"] == client.get(f"{url}?code={code}").json()["legal"]  # the API's own text
    with language("es"):
        assert v["labels"] == [action_text(a) for a in v["legal"]]
    assert v["labels"][:2] == ["pasa", "puja 6♠"] and v["legal"][:2] == ["pass", "bid 6♠"]
    assert v["talon_word"] == "pozo" and english["talon_word"] == "kitty"
    assert "labels" not in english  # an English view is as it always was
    # acting with the English text from a Spanish page; the log reads in Spanish
    r = client.post(f"{url}/actions?lang=es", json={"code": code, "action": "pass", "step": v["step"]})
    assert r.status_code == 200 and r.json()["log"] == [f"{v['names'][seat]}: pasa"]
    assert client.get(f"{url}?code={code}").json()["log"] == [f"{v['names'][seat]}: pass"]


def test_errors_in_spanish(client: TestClient) -> None:
    t = make(client, game="500", players=4, seed=3)
    url = f"/api/tables/{t['table']}"
    to_act = client.get(f"{url}?code={t['teacher']}").json()["to_act"]
    other = (to_act + 1) % 4
    names = t["seats"]
    r = client.post(f"{url}/actions?lang=es", json={"code": t["seats"][other]["code"], "action": "pass"})
    assert r.status_code == 409
    turn = f"le toca a {names[to_act]['name']}, no a {names[other]['name']}"
    assert r.json() == {"error": turn, "rule": "server.md §4", "rule_name": "out-of-turn"}
    r = client.post(f"{url}/actions?lang=es", json={"code": t["seats"][to_act]["code"], "action": "play 4♠"})
    assert r.status_code == 409 and r.json()["rule"] == "rules.md 500 §4"
    # the rule in plain words, in the page's language (issue 27, item 4)
    assert r.json()["rule_words"] == "regla 4 del Quinientos" and r.json()["rule_name"] == "auction-call"
    assert r.json()["plain"] == r.json()["error"].replace("[rules.md 500 §4]", "(regla 4 del Quinientos)")
    # the rule's card that "regla 4 del Quinientos" opens, in Spanish
    assert r.json()["rule_heading"] == "Regla 4 del Quinientos: Subasta"
    assert r.json()["rule_text"].startswith("Habla primero el jugador a la izquierda del repartidor")
    assert r.json()["error"].startswith(f"{names[to_act]['name']} no puede jugar 4♠: ")
    r = client.get(f"/api/tables/nope?code=x&lang=es")
    assert r.status_code == 404 and r.json()["error"] == "no hay ninguna mesa con este identificador en este servidor"
    r = client.post(f"{url}/actions?lang=es", content=b"{", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "el cuerpo no es JSON"
    # without ?lang= the same error is in English
    r = client.post(f"{url}/actions", json={"code": t["seats"][other]["code"], "action": "pass"})
    assert r.json()["error"] == f"it is {names[to_act]['name']}'s turn, not {names[other]['name']}'s"
    with client.websocket_connect(f"{url}/ws?code={t['seats'][other]['code']}&lang=es") as ws:
        assert "view" in ws.receive_json()
        ws.send_text(json.dumps({"action": "pass"}))
        assert ws.receive_json()["error"].startswith(f"le toca a {names[to_act]['name']}")


def test_the_qr_code_opens_the_seat_in_the_projectors_language(client: TestClient) -> None:
    t = make(client, game="501", players=3, seed=2)
    url = f"/api/tables/{t['table']}/qr/1.svg?code={t['teacher']}"
    code = t["seats"][1]["code"]
    es, en = client.get(url + "&lang=es"), client.get(url)
    assert es.status_code == en.status_code == 200
    assert f"/play/{t['table']}?code={code}&amp;lang=es</title>" in es.text
    assert f"/play/{t['table']}?code={code}</title>" in en.text and es.content != en.content
