// cardkit table server: the teacher's page of a class (/teach/ID, the teacher's session only).
// It asks the server for the class every 2 seconds (GET api/classes/ID) and shows every table on
// one screen: what it is doing, whose turn, tricks and score by side, a table waiting over a minute,
// the rules its seats broke; its buttons send the teacher's controls (POST api/classes/ID/control).
// Text is set with textContent only; nothing is fetched from another host.
"use strict";
(function () {
  const m = location.pathname.match(/^(.*\/)teach\/([^/]+)\/?$/);
  const base = m ? m[1] : "/";
  const id = m ? decodeURIComponent(m[2]) : "";
  const LANG = document.documentElement.lang || "en";
  const api = base + "api/classes/" + encodeURIComponent(id);
  const $ = (x) => document.getElementById(x);
  const W = JSON.parse($("words").textContent);
  const EVERY = 2000;
  let last = null;

  function say(key, fields) {
    return W[key].replace(/\{(\w+)\}/g, (all, k) => (fields && k in fields ? String(fields[k]) : all));
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function message(text, tip) { const b = $("message"); b.textContent = text || ""; b.title = tip || ""; }
  function button(text, cls, body) {
    const b = el("button", cls, text);
    b.type = "button";
    b.addEventListener("click", () => control(body));
    return b;
  }

  async function control(body) {
    message("");
    let r, d;
    try {
      r = await fetch(api + "/control?lang=" + LANG, {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      d = await r.json();
    } catch (e) { message(say("unreachable")); return; }
    if (!r.ok) { message(d.error, d.rule); return; }
    render(d);
  }

  function rules(box, counts) {
    const list = el("ul", "rules");
    Object.keys(counts).forEach((rule) => {
      const li = el("li", "");
      li.appendChild(el("span", "rule", rule));
      li.appendChild(el("span", "count", counts[rule]));
      list.appendChild(li);
    });
    box.appendChild(list);
  }

  function tableCard(t) {
    const box = el("article", "class-table" + (t.stuck ? " stuck" : "") + (t.can_deal ? " between" : ""));
    box.dataset.table = t.table;
    const head = el("h2", "", say("table", {n: t.number}));
    box.appendChild(head);
    box.appendChild(el("p", "hand", say("hand", {n: t.hand}) + " · " + say("step", {n: t.step})));
    box.appendChild(el("p", "summary", t.summary));
    let turn;
    if (t.over) turn = say("match_over");
    else if (t.to_act === null) turn = say("hand_over");
    else turn = say(t.computer_to_act ? "computer_to_act" : "to_act", {name: t.to_act});
    box.appendChild(el("p", "turn", turn));
    if (t.stuck) box.appendChild(el("p", "waiting", say("waiting", {n: Math.floor(t.waiting / 60)})));
    const sides = el("table", "sides");
    const hr = el("tr", "");
    [say("side"), say("tricks"), say("score")].forEach((h) => hr.appendChild(el("th", "", h)));
    sides.appendChild(hr);
    t.sides.forEach((s) => {
      const tr = el("tr", "");
      tr.appendChild(el("td", "", s.seats.join(" + ")));
      tr.appendChild(el("td", "num", s.tricks));
      tr.appendChild(el("td", "num", s.score));
      sides.appendChild(tr);
    });
    box.appendChild(sides);
    const ref = el("div", "refusals");
    ref.appendChild(el("p", "", t.refused ? say("refused", {n: t.refused}) : say("no_refusal")));
    if (t.refused) rules(ref, t.refusals);
    box.appendChild(ref);
    const tools = el("p", "tools");
    const next = button(say("next_hand"), "next", {do: "next-hand", table: t.table});
    next.disabled = !t.can_deal;
    tools.appendChild(next);
    const a = el("a", "projector", say("projector"));
    a.href = t.show; a.target = "_blank"; a.rel = "noopener noreferrer";
    tools.appendChild(a);
    box.appendChild(tools);
    return box;
  }

  function render(c) {
    last = c;
    $("title").textContent = say("class", {id: c.class});
    const notes = [say(c.go_on ? "go_on" : "teacher_deals")];
    if (c.same_deals) notes.push(say("same_deals"));
    if (c.paused) notes.push(say("paused"));
    $("settings").textContent = notes.join(" ");
    document.body.classList.toggle("paused", c.paused);
    const ctl = clear($("controls"));
    const all = button(say("next_all"), "next-all", {do: "next-hand", table: null});
    all.disabled = !c.tables.some((t) => t.can_deal);
    ctl.appendChild(all);
    ctl.appendChild(button(say(c.paused ? "resume" : "pause"), "pause", {do: c.paused ? "resume" : "pause"}));
    const shown = c.hands === "shown";
    ctl.appendChild(button(say(shown ? "hide_hands" : "show_hands"), "hands", {do: "hands", shown: !shown}));
    const pdf = el("a", "cards", say("cards"));
    pdf.href = api + "/cards.pdf"; pdf.target = "_blank"; pdf.rel = "noopener noreferrer";
    ctl.appendChild(pdf);
    const grid = clear($("tables"));
    c.tables.forEach((t) => grid.appendChild(tableCard(t)));
    const broke = clear($("broke"));
    broke.appendChild(el("h2", "", say("broke")));
    broke.appendChild(el("p", "", c.refused ? say("in_total", {n: c.refused}) : say("no_refusal")));
    if (c.refused) rules(broke, c.refusals);
  }

  async function poll() {
    try {
      const r = await fetch(api + "?lang=" + LANG, {credentials: "same-origin", cache: "no-store"});
      const d = await r.json();
      if (!r.ok) { message(d.error, d.rule); $("conn").textContent = ""; if (r.status !== 429) return; }
      else { $("conn").textContent = ""; $("conn").className = "conn ok"; render(d); }
    } catch (e) { $("conn").textContent = say("unreachable"); $("conn").className = "conn bad"; }
    setTimeout(poll, EVERY);
  }
  if (id) poll();
})();
