// cardkit debrief page (/debrief/ID?code=TEACHER&hand=K): a finished hand told again on the projector,
// trick by trick, with the solver's review beside the trick it is about. Plain script, nothing fetched
// from any other host; text is set with textContent. Everything shown comes from the server's debrief
// (GET /api/tables/ID/debrief), in the page's language; no rule of any game is known here.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const m = location.pathname.match(/^(.*\/)debrief\/([^/]+)\/?$/);
  const base = m ? m[1] : "/";
  const table = m ? decodeURIComponent(m[2]) : "";
  const api = base + "api/tables/" + encodeURIComponent(table);
  const LANG = document.documentElement.lang || "en";
  const {el, clear} = window.cardkitDom;
  const say = window.cardkitDom.words();
  // The teacher's code opens the page, then lives in this tab's session, not in the address the class sees.
  const params = new URLSearchParams(location.search);
  const KEY = "cardkit-debrief-" + table;
  let code = params.get("code") || "";
  try {
    if (code) sessionStorage.setItem(KEY, code); else code = sessionStorage.getItem(KEY) || "";
  } catch (e) { /* private mode: the code stays in the address */ }
  let data = null, at = Number(params.get("step")) || 0, retry = 1000;

  function message(text) { $("message").textContent = text || ""; $("message").hidden = !text; }
  function card(text, cls) {
    const c = el("span", "card " + (cls || ""), text);
    if (/[♥♦]$/.test(text)) c.classList.add("red");
    return c;
  }
  // the address keeps the hand and step (a reload shows the same), never the code
  function remember() {
    const q = new URLSearchParams();
    if (data) { q.set("hand", data.hand); q.set("step", at); } else if (params.get("hand")) q.set("hand", params.get("hand"));
    if (LANG !== "en") q.set("lang", LANG);
    history.replaceState(null, "", location.pathname + "?" + q.toString());
  }
  function get(path) {
    return fetch(api + path + (path.includes("?") ? "&" : "?") + "code=" + encodeURIComponent(code) + "&lang=" + LANG,
                 {cache: "no-store"}).then((r) => r.json().then((d) => ({ok: r.ok, d})));
  }

  // ------------------------------------------------------------ places around the table
  // seat 0 at the bottom, the next seat to its left (everything travels to the left)
  const PLACES = {3: ["s", "w", "e"], 4: ["s", "w", "n", "e"], 5: ["s", "w", "nw", "ne", "e"],
                  6: ["s", "sw", "nw", "n", "ne", "se"]};

  // which cards were played before the step (faded) and in the step's trick (marked)
  function played(step) {
    const before = new Set(), now = new Set();
    data.tricks.forEach((t, i) => t.plays.forEach(([s, c]) => {
      if (i + 1 < step) before.add(s + " " + c); else if (i + 1 === step) now.add(s + " " + c);
    }));
    return {before, now};
  }
  function seatBox(s, step) {
    const box = el("div", "seat place-" + (PLACES[data.players] || [])[s]);
    box.dataset.seat = s;
    const head = el("h2", "seat-name", data.names[s]);
    const roles = [];
    if (s === data.dealer) roles.push(say("dealer"));
    (data.badges[s] || []).forEach((b) => roles.push(b));  // the game's words: contractor, bidder, blind
    if (roles.length) head.appendChild(el("span", "role", " · " + roles.join(" · ")));
    box.appendChild(head);
    if (data.contract.side.includes(s)) box.classList.add("side-contract");
    const seen = played(step), hand = el("div", "cards");
    data.deal.hands[s].forEach((c) => {
      const k = s + " " + c;
      const cls = seen.now.has(k) ? "in-trick" : seen.before.has(k) ? "gone" : "";
      const e = card(c, cls);
      if (cls === "gone") e.title = say("played");
      hand.appendChild(e);
    });
    box.appendChild(hand);
    if (step > data.tricks.length && data.score.tallies[s]) box.appendChild(el("p", "tally", data.score.tallies[s]));
    return box;
  }

  // ------------------------------------------------------------ the middle of the table
  function dealMiddle() {
    const mid = el("div", "middle deal");
    mid.appendChild(el("h2", "", say("auction")));
    const calls = el("ol", "calls");
    data.auction.forEach((c) => {
      const li = el("li", "");
      li.appendChild(el("span", "who", data.names[c.seat]));
      li.appendChild(el("span", "call", " " + c.call));
      calls.appendChild(li);
    });
    mid.appendChild(calls);
    const con = el("p", "contract");
    con.appendChild(el("span", "label", say("contract") + ": "));
    con.appendChild(el("strong", "", data.contract.contractor === null ? say("no_contract") : data.contract.text));
    mid.appendChild(con);
    const talon = el("p", "talon");
    talon.appendChild(el("span", "label", data.talon_word + ": "));
    data.deal.talon.forEach((c) => talon.appendChild(card(c)));
    mid.appendChild(talon);
    if (data.steps.length) {
      mid.appendChild(el("h3", "", say("before_lead")));
      const ul = el("ul", "steps-done");
      data.steps.forEach((l) => ul.appendChild(el("li", "", l)));
      mid.appendChild(ul);
    }
    return mid;
  }
  function trickMiddle(t) {
    const mid = el("div", "middle trick");
    mid.appendChild(el("h2", "", say("trick", {n: t.n}) + " · " + say("won_by", {name: data.names[t.winner]})));
    const row = el("div", "trick-cards" + (t.plays.length > 4 ? " many" : ""));
    t.plays.forEach(([s, c], i) => {
      const p = el("figure", "play" + (s === t.winner ? " winner" : ""));
      p.dataset.seat = s;
      const face = el("div", "big-card" + (/[♥♦]$/.test(c) ? " red" : ""));
      face.appendChild(el("span", "rank", c.length > 1 && /[♠♣♦♥]$/.test(c) ? c.slice(0, -1) : c));
      if (/[♠♣♦♥]$/.test(c)) face.appendChild(el("span", "suit", c.slice(-1)));
      face.setAttribute("aria-label", c);
      p.appendChild(face);
      const cap = el("figcaption", "", data.names[s]);
      if (i === 0) cap.appendChild(el("span", "mark", say("leads")));
      if (s === t.winner) cap.appendChild(el("span", "mark win", say("wins")));
      p.appendChild(cap);
      row.appendChild(p);
    });
    mid.appendChild(row);
    return mid;
  }
  function num(x) { return x < 0 ? "\u2212" + (-x) : String(x); }
  function scoreMiddle() {
    const mid = el("div", "middle score");
    mid.appendChild(el("h2", "", data.score.summary));
    const t = el("table", "score-table");
    const head = el("tr"); head.appendChild(el("th", "", ""));
    data.names.forEach((n) => head.appendChild(el("th", "", n)));
    t.appendChild(head);
    [["before", data.score.before, num], ["this_hand", data.score.returns, (x) => (x > 0 ? "+" : "") + num(x)],
     ["after", data.score.after, num]].forEach(([key, values, fmt]) => {
      const r = el("tr", key); r.appendChild(el("th", "", say(key)));
      values.forEach((x) => r.appendChild(el("td", "", fmt(x))));
      t.appendChild(r);
    });
    mid.appendChild(t);
    if (data.score.rows.length) {
      const counted = el("table", "counted");
      data.score.rows.forEach(([label, text]) => { const r = el("tr"); r.appendChild(el("th", "", label));
                                                   r.appendChild(el("td", "", text)); counted.appendChild(r); });
      mid.appendChild(counted);
    }
    return mid;
  }

  // ------------------------------------------------------------ the review beside the trick
  function side(step) {
    const box = clear($("side"));
    const trick = step >= 1 && step <= data.tricks.length ? data.tricks[step - 1] : null;
    box.appendChild(el("h2", "", trick ? say("review") + " · " + say("trick", {n: trick.n})
                                       : step === 0 ? say("review") : say("whole_review")));
    const lines = trick ? trick.review : data.review.lines;
    const list = el("ul", "review-lines");
    lines.forEach((l) => list.appendChild(el("li", "", l)));
    if (trick && !lines.length) list.appendChild(el("li", "no-loss", say("no_loss")));
    box.appendChild(list);
    if (data.review.note && (!trick || lines.length)) box.appendChild(el("p", "note", data.review.note));
    if (trick) {
      const said = el("ol", "trick-lines");
      trick.lines.forEach((l) => said.appendChild(el("li", "", l)));
      box.appendChild(said);
    } else if (data.review.checked) box.appendChild(el("p", "note", say("checked", {n: data.review.checked})));
  }

  function render() {
    const last = data.tricks.length + 1;
    at = Math.max(0, Math.min(at, last));
    document.body.dataset.hand = data.hand;
    document.body.dataset.step = at;
    $("title").textContent = say("title", {table: data.table}) + " · " + data.title;
    document.title = say("hand", {n: data.hand}) + " · " + data.title;
    $("where").textContent = at === 0 ? say("deal_step") : at === last ? say("score_step")
      : say("trick_of", {n: at, total: data.tricks.length});
    $("prev").disabled = at === 0;
    $("next").disabled = at === last;
    const round = clear($("round"));
    round.className = "round players-" + data.players;
    for (let s = 0; s < data.players; s++) round.appendChild(seatBox(s, at));
    round.appendChild(at === 0 ? dealMiddle() : at === last ? scoreMiddle() : trickMiddle(data.tricks[at - 1]));
    side(at);
    remember();
  }
  function go(delta) { if (data) { at += delta; render(); } }

  function pick(over, hand) {
    const sel = clear($("hand"));
    over.forEach((n) => { const o = el("option", "", say("hand", {n})); o.value = n; sel.appendChild(o); });
    sel.value = String(hand);
    sel.disabled = over.length < 2;
  }
  function load(hand, step) {
    message(say("checking"));
    get("/debrief?hand=" + hand).then(({ok, d}) => {
      if (!ok) { message(d.error); return; }
      data = d; at = step; message("");
      pick(d.over, d.hand);
      render();
    }).catch(() => { message(say("unreachable")); setTimeout(() => load(hand, step), retry); retry = Math.min(retry * 2, 8000); });
  }
  // with no hand asked for, the last hand that is over (the table's view says which it is at)
  function start() {
    const asked = Number(params.get("hand"));
    if (asked >= 1) { load(asked, at); return; }
    get("?hands=hidden").then(({ok, d}) => {
      if (!ok) { message(d.error); return; }
      const over = d.returns ? d.hand : d.hand - 1;
      if (over < 1) message(say("no_hand")); else load(over, 0);
    }).catch(() => { message(say("unreachable")); setTimeout(start, retry); });
  }

  $("prev").addEventListener("click", () => go(-1));
  $("next").addEventListener("click", () => go(1));
  $("hand").addEventListener("change", () => load(Number($("hand").value), 0));
  document.addEventListener("keydown", (e) => {  // a presenter's clicker sends the arrow and page keys
    if (e.target && e.target.tagName === "SELECT") return;
    if (["ArrowRight", "PageDown", " "].includes(e.key)) { e.preventDefault(); go(1); }
    if (["ArrowLeft", "PageUp"].includes(e.key)) { e.preventDefault(); go(-1); }
  });
  if (!table || !code) message(say("no_code"));
  else { remember(); start(); }
})();
