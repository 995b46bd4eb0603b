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
  const {el, clear} = window.cardkitDom;  // static/dom.js, loaded first
  const say = window.cardkitDom.words();
  const EVERY = 2000;
  let last = null;

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

  // the rules broken, in plain words (the rule's item as a tooltip)
  function rules(box, broken) {
    const list = el("ul", "rules");
    broken.forEach((b) => {
      const li = el("li", "");
      li.dataset.rule = b.rule;
      if (b.rule_name) li.dataset.ruleName = b.rule_name;
      const words = el("span", "rule", b.words);
      words.title = b.rule;
      li.appendChild(words);
      li.appendChild(el("span", "count", b.n));
      list.appendChild(li);
    });
    box.appendChild(list);
  }
  function link(text, cls, href) {
    const a = el("a", cls, text);
    a.href = href; a.target = "_blank"; a.rel = "noopener noreferrer";
    return a;
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
    if (t.refused) rules(ref, t.broken);
    box.appendChild(ref);
    const tools = el("p", "tools");
    const next = button(say("next_hand"), "next", {do: "next-hand", table: t.table});
    next.disabled = !t.can_deal;
    tools.appendChild(next);
    tools.appendChild(link(say("projector"), "projector", t.show));
    if (t.debrief) tools.appendChild(link(say("debrief", {n: t.last_over}), "debrief", t.debrief));
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
    if (c.refused) rules(broke, c.broken);
    compareFor(c);
  }

  // "Hand K at every table": once hand K is over at two tables dealt the same cards, asked again
  // only when another table has finished it
  let compared = null, comparedKey = "";
  async function compareFor(c) {
    const k = c.compare_hand;
    if (k === null) { compared = null; comparedKey = ""; showCompare(null); return; }
    const key = k + ":" + c.tables.filter((t) => t.last_over !== null && t.last_over >= k).length;
    if (key !== comparedKey) {
      try {
        const r = await fetch(api + "/compare?hand=" + k + "&lang=" + LANG, {credentials: "same-origin", cache: "no-store"});
        const d = await r.json();
        if (!r.ok) { message(d.error, d.rule); return; }
        compared = d; comparedKey = key;
      } catch (e) { return; }
    }
    showCompare(compared);
  }

  function showCompare(d) {
    const box = clear($("compare"));
    box.hidden = d === null;
    if (d === null) return;
    box.appendChild(el("h2", "", say("compare", {n: d.hand})));
    box.appendChild(el("p", d.same_cards ? "same" : "differ", d.same_cards ? say("same_cards") : d.note));
    const tab = el("table", "comparison");
    const hr = el("tr", "");
    ["col_table", "col_contract", "col_took", "col_made", "col_score", "col_debrief"].forEach(
      (h) => hr.appendChild(el("th", "", say(h))));
    tab.appendChild(hr);
    d.tables.forEach((t) => {
      const tr = el("tr", "");
      tr.dataset.table = t.table;
      tr.appendChild(el("td", "number", t.number));
      const con = el("td", "contract");
      con.appendChild(el("span", "text", t.contractor === null ? say("no_contract") : t.contract.text));
      // who bid what: the auction, call by call
      con.appendChild(el("span", "auction", t.auction.map((a) => t.names[a.seat] + " " + a.call).join(" · ")));
      tr.appendChild(con);
      const took = el("td", "took");
      const score = el("td", "score");
      t.sides.forEach((s) => {
        took.appendChild(el("div", "", s.seats.join(" + ") + ": " + (s.took === null ? "–" : s.took)));
        score.appendChild(el("div", "num", s.seats.join(" + ") + " " + (s.returns > 0 ? "+" : "") + s.returns));
      });
      tr.appendChild(took);
      const made = t.contract.made;
      tr.appendChild(el("td", made === null ? "made none" : made ? "made yes" : "made no",
                        made === null ? "–" : say(made ? "made" : "not_made")));
      tr.appendChild(score);
      const dl = el("td", "debrief");
      dl.appendChild(link(say("debrief", {n: d.hand}), "debrief", t.debrief));
      tr.appendChild(dl);
      tab.appendChild(tr);
    });
    box.appendChild(tab);
    if (d.playing.length) {
      box.appendChild(el("p", "playing", say("still_playing", {
        tables: d.playing.map((p) => say("table_at", {n: p.number, hand: p.hand})).join(", ")})));
    }
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
