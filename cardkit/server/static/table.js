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
  let view = null, ws = null, retry = 500, stopped = false, hideHands = false;

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
    const s = el("span", "backs");
    for (let i = 0; i < Math.min(n, 20); i++) s.appendChild(el("span", "card back", "🂠"));
    s.appendChild(el("span", "count", n === 1 ? say("one_card") : say("n_cards", {n})));
    return s;
  }
  function cards(value) {
    if (typeof value === "number") return backs(value);
    const s = el("span", "cards");
    if (!value || value.length === 0) s.appendChild(el("span", "none", say("none")));
    else value.forEach((c) => s.appendChild(card(c)));
    return s;
  }
  function name(seat) { return view.names[seat]; }
  function message(text, kind) {
    const box = clear($("message"));
    if (text) { box.appendChild(el("p", kind || "", text)); }
  }

  function render(v) {
    view = v;
    document.body.dataset.step = v.step;  // for scripts and tests: the step shown
    document.title = SHOW ? say("tab_show", {title: v.title}) : v.title + " · " + name(v.seat);
    $("title").textContent = say("title", {title: v.title, table: v.table});
    $("who").textContent = SHOW ? say("projector") : say("you_are", {name: name(v.seat)});
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
    if (v.legal.length) {
      if (!SHOW) acts.appendChild(el("h2", "", say("your_choices")));
      v.legal.forEach((a, i) => {
        const b = el("button", "cardkit-action");
        b.type = "button";
        b.dataset.action = a;
        const words = (v.labels ? v.labels[i] : a).split(" ");
        const c = words.find((w) => /^(10|[2-9JQKA])[♠♣♦♥]$|^Jo$/.test(w));
        if (c) { b.appendChild(el("span", "verb", words[0] + " ")); b.appendChild(card(c));
                 const rest = words.slice(words.indexOf(c) + 1).join(" ");
                 if (rest) b.appendChild(el("span", "verb", " " + rest)); }
        else b.textContent = words.join(" ");
        b.addEventListener("click", () => act(a));
        acts.appendChild(b);
      });
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
      if (badges.length) th.appendChild(el("span", "badge", " " + badges.join(", ")));
      tr.appendChild(th);
      const td = el("td", "hand");
      td.appendChild(cards(v.hands[String(s)]));
      tr.appendChild(td);
      tr.appendChild(el("td", "tricks-won", v.extra && v.extra.tricks_won ? say(v.extra.tricks_won[s] === 1 ? "one_trick" : "n_tricks", {n: v.extra.tricks_won[s]}) : ""));
      t.appendChild(tr);
    });
    const tr = el("tr", "talon");
    tr.appendChild(el("th", "name", v.talon_word));
    const td = el("td", "hand");
    td.appendChild(cards(v.talon));
    tr.appendChild(td);
    tr.appendChild(el("td"));
    t.appendChild(tr);
    board.appendChild(t);
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
    v.scores.forEach((x) => row.appendChild(el("td", "score", x)));
    table.appendChild(row);
    if (v.returns) { const r = el("tr"); r.appendChild(el("th", "", say("this_hand")));
                     v.returns.forEach((x) => r.appendChild(el("td", "", (x > 0 ? "+" : "") + x))); table.appendChild(r); }
    sc.appendChild(el("h2", "", say("scores")));
    sc.appendChild(table);
    // log
    const log = clear($("log"));
    v.log.forEach((l) => log.appendChild(el("li", "", l)));
    if (SHOW) renderJoin(v);
  }

  let joinDone = false;
  function renderJoin(v) {
    const box = $("join");
    if (joinDone) return;
    joinDone = true;
    clear(box);
    box.appendChild(el("h2", "", say("join")));
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
    box.appendChild(list);
    const tools = el("p", "tools");
    const toggle = el("button", "toggle-hands", say("hide_hands"));
    toggle.type = "button";
    toggle.addEventListener("click", () => { hideHands = !hideHands;
      toggle.textContent = say(hideHands ? "show_hands" : "hide_hands"); render(view); });
    tools.appendChild(toggle);
    const rec = el("a", "record", say("record"));
    rec.href = api + "/record?code=" + encodeURIComponent(code);
    tools.appendChild(rec);
    box.appendChild(tools);
  }

  function act(a) {
    message("");
    const body = {action: a, step: view ? view.step : undefined};
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(body)); return; }
    fetch(api + "/actions?lang=" + LANG, {method: "POST", headers: {"Content-Type": "application/json"},
                             body: JSON.stringify({...body, code})})
      .then((r) => r.json().then((d) => ({ok: r.ok, d})))
      .then(({ok, d}) => { if (ok) render(d); else message(d.error + " (" + d.rule + ")", "error"); })
      .catch(() => message(say("unreachable"), "error"));
  }

  function connect() {
    if (stopped) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + api + "/ws?code=" + encodeURIComponent(code) + "&lang=" + LANG);
    ws.onopen = () => { retry = 500; $("conn").textContent = say("connected"); $("conn").className = "conn ok"; };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.view) { render(msg.view); }
      else if (msg.error) {
        message(msg.error + " (" + msg.rule + ")", "error");
        if (msg.status === 403 || msg.status === 404) stopped = true;
      }
    };
    ws.onclose = (ev) => {
      if (ev.code === 4403 || ev.code === 4404) stopped = true;
      if (stopped) { $("conn").textContent = say("not_connected"); $("conn").className = "conn bad"; return; }
      $("conn").textContent = say("reconnecting"); $("conn").className = "conn bad";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }
  if (!table || !code) { message(say("no_code"), "error"); }
  else connect();
})();
