// cardkit table page: a student's seat (/play/ID?code=C) or the projector (/show/ID?code=TEACHER).
// Plain script, no build step, nothing fetched from any other host. Everything shown comes from the
// server's view of this code; text is set with textContent (never parsed as HTML). The words come from
// the page (<script id="words">, in the page's language, from the kit's catalogs); the views are
// asked for in the same language, and an action's button shows its label but sends its own text.
"use strict";
(function () {
  const SHOW = document.body.classList.contains("role-show");
  const path = location.pathname;
  const m = path.match(/^(.*\/)(play|show)\/([^/]+)\/?$/);
  const base = m ? m[1] : "/";
  const table = m ? decodeURIComponent(m[3]) : "";
  const code = new URLSearchParams(location.search).get("code") || "";
  const api = base + "api/tables/" + encodeURIComponent(table);
  const $ = (id) => document.getElementById(id);
  const LANG = document.documentElement.lang || "en";
  const W = JSON.parse($("words").textContent);
  // a page word with its {fields} filled in
  function say(key, fields) {
    return W[key].replace(/\{(\w+)\}/g, (all, k) => (fields && k in fields ? String(fields[k]) : all));
  }
  // The projector opens with the hands hidden (it is seen by the whole class); the teacher's choice
  // is kept in the address (?hands=shown|hidden) and in this browser (localStorage), so a reload keeps it.
  const HANDS_KEY = "cardkit-projector-hands";
  function storedHands() {
    const asked = new URLSearchParams(location.search).get("hands");
    if (asked === "shown" || asked === "hidden") return asked;
    try { return localStorage.getItem(HANDS_KEY) === "shown" ? "shown" : "hidden"; } catch (e) { return "hidden"; }
  }
  let view = null, ws = null, retry = 500, stopped = false, hideHands = SHOW && storedHands() === "hidden";

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function card(text) {
    const s = el("span", "card", text);
    if (/[♥♦]$/.test(text)) s.classList.add("red");
    if (text === "Jo") s.classList.add("joker");
    return s;
  }
  function backs(n) {
    if (n === 0) return el("span", "none", say("none"));  // as an empty hand reads
    const s = el("span", "backs");
    for (let i = 0; i < Math.min(n, 20); i++) s.appendChild(el("span", "card back", "🂠"));
    s.appendChild(el("span", "count", n === 1 ? say("one_card") : say("n_cards", {n})));
    return s;
  }
  // a hand: its cards face up (or their backs); ``onCard`` maps a card to the action it takes
  function cards(value, onCard) {
    if (typeof value === "number") return backs(value);
    const s = el("span", "cards");
    if (!value || value.length === 0) s.appendChild(el("span", "none", say("none")));
    else value.forEach((c) => {
      const a = onCard ? onCard.get(c) : undefined;
      if (!a) { s.appendChild(card(c)); return; }
      const b = el("button", "card playable cardkit-action" + (/[♥♦]$/.test(c) ? " red" : ""), c);
      b.type = "button"; b.dataset.action = a.action; b.title = a.label;
      b.addEventListener("click", () => act(a.action));
      s.appendChild(b);
    });
    return s;
  }
  function button(text, action) {
    const b = el("button", "cardkit-action", text);
    b.type = "button";
    b.dataset.action = action;
    b.addEventListener("click", () => act(action));
    return b;
  }
  // The legal actions as the server groups them (the game's action groups: each action's index in
  // ``legal``, its amount, choice and card as the game declares them; no action's text is read here),
  // so that a page holds a few controls, not hundreds of buttons: a group of cards of the seat's
  // hand is taken by clicking the card; a group with many actions ("bid 66" … "bid 220", "declare ♠
  // 66" …) becomes one chooser per declared part, the lowest preselected, and one button; the rest
  // ("look", "pass", "abandon", a marriage) stay buttons.
  function groupActions(v) {
    const labels = v.labels || v.legal;
    const own = Array.isArray(v.hands[String(v.seat)]) ? v.hands[String(v.seat)] : [];
    const onCard = new Map(), single = [], choosers = [];
    let cardVerb = null;
    (v.groups || []).forEach((g) => {
      const items = g.actions.map((x) => Object.assign({}, x, {action: v.legal[x.i], label: labels[x.i], verb: g.label}));
      if (g.kind === "cards" && !SHOW && items.every((x) => x.card && own.includes(x.card))) {
        items.forEach((x) => onCard.set(x.card, x));
        if (cardVerb === null) cardVerb = g.label;
        return;
      }
      if (g.kind === "special" || g.kind === "buttons" || items.length < 6) { items.forEach((x) => single.push(x)); return; }
      choosers.push({kind: g.kind, verb: g.verb, label: g.label, items});
    });
    return {onCard, cardVerb, choosers, single};
  }
  function select(label) {
    const sel = el("select", "choice");
    sel.setAttribute("aria-label", label);
    return sel;
  }
  function option(sel, text, value) { const o = el("option", "", text); o.value = value; sel.appendChild(o); }
  function chooser(g) {
    const box = el("span", "chooser");
    box.dataset.verb = g.verb;
    const selects = [];
    let chosen;
    if (g.items.every((x) => x.amount !== undefined && x.choice !== undefined)) {
      // e.g. a declaration: a chooser for the trump, one for the value
      const byKey = new Map(), trumps = select(g.label), values = select(g.label), seen = new Set();
      g.items.forEach((x) => {
        byKey.set(x.choice + "\u0001" + x.amount, x.action);
        if (!seen.has("c" + x.choice)) { seen.add("c" + x.choice); option(trumps, x.choice_label, x.choice); }
        if (!seen.has("a" + x.amount)) { seen.add("a" + x.amount); option(values, String(x.amount), String(x.amount)); }
      });
      selects.push(trumps, values);
      chosen = () => byKey.get(trumps.value + "\u0001" + values.value);
    } else {  // e.g. "bid 66" … "bid 220" (by the amount), or Five Hundred's "bid 6♠" … "bid misère"
      const sel = select(g.label);
      g.items.forEach((x) => option(sel, x.amount !== undefined ? String(x.amount) : x.label, x.action));
      selects.push(sel);
      chosen = () => sel.value;
    }
    const b = el("button", "cardkit-action chooser-go", g.label);
    b.type = "button";
    const check = () => { const a = chosen(); b.disabled = !a; b.dataset.action = a || "";
                          b.title = b.disabled ? say("no_combination") : ""; };
    selects.forEach((s) => { s.addEventListener("change", check); box.appendChild(s); });
    b.addEventListener("click", () => { const a = chosen(); if (a) act(a); else message(say("no_combination"), "error"); });
    box.appendChild(b);
    check();
    return box;
  }
  function name(seat) { return view.names[seat]; }
  function message(text, kind, tip) {
    const box = clear($("message"));
    if (text) { const p = el("p", kind || "", text); if (tip) p.title = tip; box.appendChild(p); }
  }
  // a refusal: its sentence for the reader; the rule at fault (for the teacher) in a tooltip
  function refusal(d) { message(d.error, "error", d.rule); }

  function render(v) {
    view = v;
    document.body.dataset.step = v.step;  // for scripts and tests: the step shown
    const mine = v.seat !== null && v.seat !== undefined;
    document.title = SHOW ? say("tab_show", {title: v.title}) : v.title + " · " + name(v.seat);
    $("title").textContent = say("title", {title: v.title, table: v.table});
    $("who").textContent = !SHOW ? say("you_are", {name: name(v.seat)})
      : mine ? say("projector_seat", {name: name(v.seat)}) : say("projector");
    // status
    const st = clear($("status"));
    const line = el("p", "line");
    line.appendChild(el("span", "hand", say("hand_deals", {n: v.hand, name: name(v.dealer)}) + " "));
    line.appendChild(el("span", "phase", v.summary + "."));
    st.appendChild(line);
    const turn = el("p", "turn");
    if (v.outcome) turn.textContent = say("match_over", {outcome: v.outcome});
    else if (v.to_act === null) turn.textContent = say("hand_over");
    else if (v.to_act === v.seat) { turn.textContent = say("your_turn"); turn.classList.add("yours"); }
    else turn.textContent = say(v.computer.includes(v.to_act) ? "to_act_computer" : "to_act", {name: name(v.to_act)});
    turn.id = "turn";
    st.appendChild(turn);
    // actions
    const acts = clear($("actions"));
    const groups = groupActions(v);
    if (v.legal.length) {
      if (!SHOW) acts.appendChild(el("h2", "", say("your_choices")));
      if (groups.onCard.size) acts.appendChild(el("p", "click-card", say("click_card", {verb: groups.cardVerb})));
      groups.single.forEach((x) => {
        const b = button("", x.action);
        if (x.card) { b.appendChild(el("span", "verb", x.verb + " ")); b.appendChild(card(x.card));
                      if (x.detail) b.appendChild(el("span", "verb", " " + x.detail)); }
        else b.textContent = x.label;
        acts.appendChild(b);
      });
      groups.choosers.forEach((g) => acts.appendChild(chooser(g)));
    }
    // board
    const board = clear($("board"));
    const t = el("table", "seats" + (SHOW && hideHands ? " hidden-hands" : ""));
    v.names.forEach((n, s) => {
      const tr = el("tr", "seat" + (s === v.to_act ? " to-act" : "") + (s === v.seat ? " me" : ""));
      tr.dataset.seat = s;
      const th = el("th", "name", (s === v.to_act ? "▶ " : "") + n);
      const badges = [];
      if (s === v.dealer) badges.push(say("dealer"));
      if (v.computer.includes(s)) badges.push(say("computer"));
      if (s === v.seat) badges.push(say("you"));
      (v.badges[s] || []).forEach((b) => badges.push(b));  // the game's words: bidder, blind, sits out
      if (badges.length) th.appendChild(el("span", "badge", " " + badges.join(", ")));
      tr.appendChild(th);
      const td = el("td", "hand");
      td.appendChild(cards(v.hands[String(s)], s === v.seat ? groups.onCard : null));
      tr.appendChild(td);
      tr.appendChild(el("td", "tricks-won", v.tallies[s] || ""));
      t.appendChild(tr);
    });
    const tr = el("tr", "talon");
    tr.appendChild(el("th", "name", v.talon_word));
    const td = el("td", "hand");
    const up = v.talon_turned_up;
    if (up && Array.isArray(v.talon) && v.talon.length === 0) {  // turned up for all (rules.md 501 §7)
      td.appendChild(cards(up.cards));
      td.appendChild(el("span", "taken", " " + say("talon_taken", {name: name(up.by)})));
    } else td.appendChild(cards(v.talon));
    tr.appendChild(td);
    tr.appendChild(el("td"));
    t.appendChild(tr);
    board.appendChild(t);
    if (v.notes.length) {  // the hand's story beside the tricks: gives, marriages (as this seat may see them)
      const notes = el("ul", "notes");
      v.notes.forEach((n) => notes.appendChild(el("li", "", n)));
      board.appendChild(notes);
    }
    // trick
    const tk = clear($("trick"));
    let shown = v.trick, label = say("trick", {n: v.tricks.length + 1});
    if ((!shown || shown.plays.length === 0) && v.tricks.length) {
      shown = v.tricks[v.tricks.length - 1]; label = say("last_trick", {name: name(shown.winner)});
    }
    if (shown) {
      tk.appendChild(el("h2", "", label));
      const row = el("div", "plays");
      shown.plays.forEach(([s, c]) => { const p = el("span", "play"); p.appendChild(el("span", "who", name(s)));
                                         p.appendChild(card(c)); row.appendChild(p); });
      tk.appendChild(row);
    }
    // scores
    const sc = clear($("scores"));
    const table = el("table", "score-table");
    const head = el("tr"); head.appendChild(el("th", "", ""));
    v.names.forEach((n) => head.appendChild(el("th", "", n)));
    table.appendChild(head);
    const row = el("tr"); row.appendChild(el("th", "", say("score")));
    // numbers as the lessons write them: a true minus sign (U+2212), a change with its sign
    const num = (x) => (x < 0 ? "\u2212" + (-x) : String(x));
    v.scores.forEach((x) => row.appendChild(el("td", "score", num(x))));
    table.appendChild(row);
    if (v.returns) { const r = el("tr"); r.appendChild(el("th", "", say("this_hand")));
                     v.returns.forEach((x) => r.appendChild(el("td", "", (x > 0 ? "+" : "") + num(x)))); table.appendChild(r); }
    sc.appendChild(el("h2", "", say("scores")));
    sc.appendChild(table);
    if (v.score_rows.length) {  // what the hand counted: tricks, card points, marriages
      const counted = el("table", "counted");
      v.score_rows.forEach(([label, text]) => { const r = el("tr"); r.appendChild(el("th", "", label));
                                                 r.appendChild(el("td", "", text)); counted.appendChild(r); });
      sc.appendChild(counted);
    }
    // log
    const log = clear($("log"));
    v.log.forEach((l) => log.appendChild(el("li", "", l)));
    if (SHOW) renderJoin(v);
    const note = $("hidden-note");
    if (note) note.textContent = SHOW && hideHands ? say("hands_hidden") : "";
  }

  let joinDone = false, joinTouched = false;
  function renderJoin(v) {
    const box = $("join");
    // open before the first action of the match, folded once play has started (a click reopens it)
    const det = box.querySelector("details");
    const brief = box.querySelector("a.debrief"), over = v.returns ? v.hand : v.hand - 1;  // the last hand over
    if (brief) { brief.hidden = over < 1; brief.textContent = say("debrief", {n: over});
                 brief.href = base + "debrief/" + encodeURIComponent(table) + "?code=" + encodeURIComponent(code)
                              + "&hand=" + over + (LANG === "en" ? "" : "&lang=" + LANG); }
    if (joinDone) { if (det && !joinTouched) det.open = v.step === 0; return; }
    joinDone = true;
    clear(box);
    // only the teacher's code is sent the seats' codes: a student's code on this page shows its own
    // seat's view, with no join links and no record (docs/server.md §2)
    const teacher = Array.isArray(v.seats);
    if (teacher) box.appendChild(joinLinks(v));
    const tools = el("p", "tools");
    const toggle = el("button", "toggle-hands", say(hideHands ? "show_hands" : "hide_hands"));
    toggle.type = "button";
    toggle.addEventListener("click", () => { hideHands = !hideHands;
      toggle.textContent = say(hideHands ? "show_hands" : "hide_hands");
      const shown = hideHands ? "hidden" : "shown";
      try { localStorage.setItem(HANDS_KEY, shown); } catch (e) { /* private mode: the address keeps it */ }
      const q = new URLSearchParams(location.search); q.set("hands", shown);
      history.replaceState(null, "", location.pathname + "?" + q.toString());
      reconnect(); });
    tools.appendChild(toggle);
    if (teacher) {
      const rec = el("a", "record", say("record"));
      rec.href = api + "/record?code=" + encodeURIComponent(code);
      tools.appendChild(rec);
      const brief = el("a", "debrief"); brief.target = "_blank"; brief.rel = "noopener"; tools.appendChild(brief);
    }
    box.appendChild(tools);
    renderJoin(v);  // the debrief link, now that it is there
  }
  function joinLinks(v) {
    const details = el("details", "join-box");
    details.open = v.step === 0;
    details.appendChild(el("summary", "", say("join_all")));
    details.addEventListener("toggle", () => { if (details.open !== (view && view.step === 0)) joinTouched = true; });
    details.appendChild(el("h2", "", say("join")));
    const list = el("div", "join-list");
    v.seats.forEach((s) => {
      const item = el("div", "join-seat");
      item.appendChild(el("h3", "", s.name));
      if (s.computer) { item.appendChild(el("p", "", say("computer_player"))); }
      else {
        const link = new URL(base + "play/" + encodeURIComponent(v.table) + "?code=" + encodeURIComponent(s.code)
                             + (LANG === "en" ? "" : "&lang=" + LANG), location.href).href;
        const img = el("img", "qr"); img.alt = say("qr", {name: s.name});
        img.src = api + "/qr/" + s.seat + ".svg?code=" + encodeURIComponent(code) + (LANG === "en" ? "" : "&lang=" + LANG);
        item.appendChild(img);
        const a = el("a", "join-link", link); a.href = link; a.target = "_blank"; a.rel = "noopener noreferrer";
        item.appendChild(a);
      }
      list.appendChild(item);
    });
    details.appendChild(list);
    return details;
  }

  function act(a) {
    message("");
    const body = {action: a, step: view ? view.step : undefined};
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(body)); return; }
    fetch(api + "/actions?lang=" + LANG + looks(), {method: "POST", headers: {"Content-Type": "application/json"},
                             body: JSON.stringify({...body, code})})
      .then((r) => r.json().then((d) => ({ok: r.ok, d})))
      .then(({ok, d}) => { if (ok) render(d); else refusal(d); })
      .catch(() => message(say("unreachable"), "error"));
  }

  // what this page asks to be shown: the projector with the hands hidden sees what every seat may see
  function looks() { return hideHands ? "&hands=hidden" : ""; }
  function reconnect() {
    if (ws) { ws.onclose = null; ws.close(); }
    connect();
  }
  // the teacher's page of a class shows or hides the hands on its projectors: {"hands": "shown"|"hidden"}
  function obeyHands(h) {
    if (!SHOW || (h === "hidden") === hideHands) return;
    hideHands = h === "hidden";
    try { localStorage.setItem(HANDS_KEY, h); } catch (e) { /* private mode: the address keeps it */ }
    const q = new URLSearchParams(location.search); q.set("hands", h);
    history.replaceState(null, "", location.pathname + "?" + q.toString());
    const toggle = document.querySelector(".toggle-hands");
    if (toggle) toggle.textContent = say(hideHands ? "show_hands" : "hide_hands");
    reconnect();
  }
  function connect() {
    if (stopped) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + api + "/ws?code=" + encodeURIComponent(code) + "&lang=" + LANG + looks());
    ws.onopen = () => { retry = 500; $("conn").textContent = say("connected"); $("conn").className = "conn ok"; };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.view) { render(msg.view); }
      else if (msg.hands) { obeyHands(msg.hands); }
      else if (msg.error) {
        refusal(msg);
        if (msg.status === 403 || msg.status === 404) stopped = true;
      }
    };
    ws.onclose = (ev) => {
      if (ev.code === 4403 || ev.code === 4404 || ev.code === 4401) stopped = true;
      if (stopped) { $("conn").textContent = say("not_connected"); $("conn").className = "conn bad"; return; }
      $("conn").textContent = say("reconnecting"); $("conn").className = "conn bad";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }
  if (!table || !code) { message(say("no_code"), "error"); }
  else connect();
})();
