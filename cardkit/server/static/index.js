// cardkit table server: the teacher's forms that make a table or a class (served only to the
// teacher's session). A file of its own, not inline: the pages' Content-Security-Policy runs no inline script.
"use strict";
(function () {
  const lang = "lang=" + encodeURIComponent(document.documentElement.lang);
  const m = document.getElementById("message");
  // seats by letter (A, B, C… as the table names them) or by number from 0
  function seats(text) {
    return text.split(/[\s,]+/).filter((x) => x !== "")
      .map((x) => /^[a-z]$/i.test(x) ? x.toUpperCase().charCodeAt(0) - 65 : Number(x));
  }
  // POST a body with the teacher's session cookie (same origin: it is what lets these forms make tables)
  async function post(path, body) {
    let r, data;
    try {
      r = await fetch(path + "?" + lang, {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      data = await r.json();
    } catch (e) { m.textContent = String(e); return null; }
    if (!r.ok) { m.textContent = data.error; m.title = data.rule; return null; }
    return data;
  }
  document.getElementById("new").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const data = await post("api/tables", {game: f.game.value, players: Number(f.players.value),
                                           computer: seats(f.computer.value)});
    if (data) location.href = "show/" + encodeURIComponent(data.table) + "?code=" + encodeURIComponent(data.teacher) + "&" + lang;
  });
  const cf = document.getElementById("new-class");
  // the rule options shown are the chosen game's, as the game declares them
  function showOptions() {
    cf.querySelectorAll("fieldset.options").forEach((fs) => { fs.hidden = fs.dataset.game !== cf.game.value; });
  }
  cf.game.addEventListener("change", showOptions);
  showOptions();
  cf.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const options = {};
    cf.querySelectorAll("fieldset.options:not([hidden]) select").forEach((s) => {
      options[s.dataset.option] = JSON.parse(s.value);
    });
    const body = {tables: Number(cf.tables.value), game: cf.game.value, players: Number(cf.players.value),
                  computer: seats(cf.computer.value), options, lang: cf.lang.value,
                  same_deals: cf.same_deals.checked, go_on: cf.go_on.checked};
    const names = cf.names.value.split(",").map((x) => x.trim()).filter((x) => x !== "");
    if (names.length) body.names = names;
    const data = await post("api/classes", body);
    if (data) location.href = data.teacher + "?" + lang;
  });
})();
