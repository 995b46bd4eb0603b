// cardkit table server: the teacher's form that makes a table (served only to the teacher's session).
// A file of its own, not inline: the pages' Content-Security-Policy runs no inline script.
"use strict";
document.getElementById("new").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target;
  const lang = "lang=" + encodeURIComponent(document.documentElement.lang);
  // seats by letter (A, B, C… as the table names them) or by number from 0
  const computer = f.computer.value.split(/[\s,]+/).filter((x) => x !== "")
    .map((x) => /^[a-z]$/i.test(x) ? x.toUpperCase().charCodeAt(0) - 65 : Number(x));
  const m = document.getElementById("message");
  let r, data;
  try {
    // the teacher's session cookie goes with it (same origin): it is what lets this form make a table
    r = await fetch("api/tables?" + lang, {method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({game: f.game.value, players: Number(f.players.value), computer})});
    data = await r.json();
  } catch (e) { m.textContent = String(e); return; }
  if (!r.ok) { m.textContent = data.error; m.title = data.rule; return; }
  location.href = "show/" + encodeURIComponent(data.table) + "?code=" + encodeURIComponent(data.teacher) + "&" + lang;
});
