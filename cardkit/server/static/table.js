// cardkit table page: a student's seat (/play/ID?code=C) or the projector (/show/ID?code=TEACHER).
// Plain script, no build step, nothing fetched from any other host. Everything shown comes from the
// server's view of this code; text is set with textContent (never parsed as HTML).
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
    s.appendChild(el("span", "count", n + (n === 1 ? " card" : " cards")));
    return s;
  }
  function cards(value) {
    if (typeof value === "number") return backs(value);
    const s = el("span", "cards");
    if (!value || value.length === 0) s.appendChild(el("span", "none", "none"));
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
    document.title = v.title + " · " + (SHOW ? "table" : name(v.seat));
    $("title").textContent = v.title + " · table " + v.table;
    $("who").textContent = SHOW ? "Projector: the whole table" : "You are " + name(v.seat);
    // status
    const st = clear($("status"));
    const line = el("p", "line");
    line.appendChild(el("span", "hand", "Hand " + v.hand + ", " + name(v.dealer) + " deals. "));
    line.appendChild(el("span", "phase", v.summary + "."));
    st.appendChild(line);
    const turn = el("p", "turn");
    if (v.outcome) turn.textContent = "The match is over: " + v.outcome + ".";
    else if (v.to_act === null) turn.textContent = "The hand is over.";
    else if (v.to_act === v.seat) { turn.textContent = "Your turn."; turn.classList.add("yours"); }
    else turn.textContent = name(v.to_act) + " to act" + (v.computer.includes(v.to_act) ? " (computer)." : ".");
    turn.id = "turn";
    st.appendChild(turn);
    // actions
    const acts = clear($("actions"));
    if (v.legal.length) {
      if (!SHOW) acts.appendChild(el("h2", "", "Your choices"));
      v.legal.forEach((a) => {
        const b = el("button", "cardkit-action");
        b.type = "button";
        b.dataset.action = a;
        const words = a.split(" ");
        const c = words.find((w) => /^(10|[2-9JQKA])[♠♣♦♥]$|^Jo$/.test(w));
        if (c) { b.appendChild(el("span", "verb", words[0] + " ")); b.appendChild(card(c));
                 const rest = words.slice(words.indexOf(c) + 1).join(" ");
                 if (rest) b.appendChild(el("span", "verb", " " + rest)); }
        else b.textContent = a;
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
      if (s === v.dealer) badges.push("dealer");
      if (v.computer.includes(s)) badges.push("computer");
      if (s === v.seat) badges.push("you");
      if (badges.length) th.appendChild(el("span", "badge", " " + badges.join(", ")));
      tr.appendChild(th);
      const td = el("td", "hand");
      td.appendChild(cards(v.hands[String(s)]));
      tr.appendChild(td);
      tr.appendChild(el("td", "tricks-won", v.extra && v.extra.tricks_won ? v.extra.tricks_won[s] + " tricks" : ""));
      t.appendChild(tr);
    });
    const tr = el("tr", "talon");
    tr.appendChild(el("th", "name", v.talon_word || "talon"));
    const td = el("td", "hand");
    td.appendChild(cards(v.talon));
    tr.appendChild(td);
    tr.appendChild(el("td"));
    t.appendChild(tr);
    board.appendChild(t);
    // trick
    const tk = clear($("trick"));
    let shown = v.trick, label = "Trick " + (v.tricks.length + 1);
    if ((!shown || shown.plays.length === 0) && v.tricks.length) {
      shown = v.tricks[v.tricks.length - 1]; label = "Last trick, won by " + name(shown.winner);
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
    const row = el("tr"); row.appendChild(el("th", "", "score"));
    v.scores.forEach((x) => row.appendChild(el("td", "score", x)));
    table.appendChild(row);
    if (v.returns) { const r = el("tr"); r.appendChild(el("th", "", "this hand"));
                     v.returns.forEach((x) => r.appendChild(el("td", "", (x > 0 ? "+" : "") + x))); table.appendChild(r); }
    sc.appendChild(el("h2", "", "Scores"));
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
    box.appendChild(el("h2", "", "Join this table"));
    const list = el("div", "join-list");
    v.seats.forEach((s) => {
      const item = el("div", "join-seat");
      item.appendChild(el("h3", "", s.name));
      if (s.computer) { item.appendChild(el("p", "", "computer player")); }
      else {
        const link = new URL(base + "play/" + encodeURIComponent(v.table) + "?code=" + encodeURIComponent(s.code), location.href).href;
        const img = el("img", "qr"); img.alt = "QR code of " + s.name + "'s link";
        img.src = api + "/qr/" + s.seat + ".svg?code=" + encodeURIComponent(code);
        item.appendChild(img);
        const a = el("a", "join-link", link); a.href = link; a.target = "_blank"; a.rel = "noopener noreferrer";
        item.appendChild(a);
      }
      list.appendChild(item);
    });
    box.appendChild(list);
    const tools = el("p", "tools");
    const toggle = el("button", "toggle-hands", "Hide the hands");
    toggle.type = "button";
    toggle.addEventListener("click", () => { hideHands = !hideHands;
      toggle.textContent = hideHands ? "Show the hands" : "Hide the hands"; render(view); });
    tools.appendChild(toggle);
    const rec = el("a", "record", "Download the record");
    rec.href = api + "/record?code=" + encodeURIComponent(code);
    tools.appendChild(rec);
    box.appendChild(tools);
  }

  function act(a) {
    message("");
    const body = {action: a, step: view ? view.step : undefined};
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(body)); return; }
    fetch(api + "/actions", {method: "POST", headers: {"Content-Type": "application/json"},
                             body: JSON.stringify({...body, code})})
      .then((r) => r.json().then((d) => ({ok: r.ok, d})))
      .then(({ok, d}) => { if (ok) render(d); else message(d.error + " (" + d.rule + ")", "error"); })
      .catch(() => message("The server cannot be reached; trying again.", "error"));
  }

  function connect() {
    if (stopped) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + api + "/ws?code=" + encodeURIComponent(code));
    ws.onopen = () => { retry = 500; $("conn").textContent = "connected"; $("conn").className = "conn ok"; };
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
      if (stopped) { $("conn").textContent = "not connected"; $("conn").className = "conn bad"; return; }
      $("conn").textContent = "reconnecting…"; $("conn").className = "conn bad";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }
  if (!table || !code) { message("This address needs a table and a code: …/play/TABLE?code=CODE", "error"); }
  else connect();
})();
