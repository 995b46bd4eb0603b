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
  // The projector keeps its code in this tab's session and drops it from the address once open, so
  // the class never reads it off the screen; a reload takes it from the session again.
  const CODE_KEY = "cardkit-code:" + table;
  let code = new URLSearchParams(location.search).get("code") || "";
  if (SHOW && table) {
    try {
      if (code) {
        sessionStorage.setItem(CODE_KEY, code);
        const q = new URLSearchParams(location.search); q.delete("code");
        history.replaceState(null, "", location.pathname + (q.toString() ? "?" + q.toString() : ""));
      } else code = sessionStorage.getItem(CODE_KEY) || "";
    } catch (e) { /* no session storage: the code stays in the address */ }
  }
  const api = base + "api/tables/" + encodeURIComponent(table);
  const $ = (id) => document.getElementById(id);
  const LANG = document.documentElement.lang || "en";
  const say = window.cardkitDom.words();  // a page word with its {fields} filled in (static/dom.js)
  // The projector opens with the hands hidden (it is seen by the whole class); the teacher's choice
  // is kept in the address (?hands=shown|hidden) and in this browser (localStorage), so a reload keeps it.
  const HANDS_KEY = "cardkit-projector-hands";
  function storedHands() {
    const asked = new URLSearchParams(location.search).get("hands");
    if (asked === "shown" || asked === "hidden") return asked;
    try { return localStorage.getItem(HANDS_KEY) === "shown" ? "shown" : "hidden"; } catch (e) { return "hidden"; }
  }
  let view = null, ws = null, retry = 500, stopped = false, hideHands = SHOW && storedHands() === "hidden";

  const {el, clear} = window.cardkitDom;  // static/dom.js, loaded first
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
  // a hand: its cards face up (or their backs)
  function cards(value) {
    if (typeof value === "number") return backs(value);
    const s = el("span", "cards");
    if (!value || value.length === 0) s.appendChild(el("span", "none", say("none")));
    else value.forEach((c) => s.appendChild(card(c)));
    return s;
  }
  // The seat's own hand: every card is a button, at any time. A click sends the action the server
  // declares for that card in this phase (``hand_actions``), legal or not, so that a refusal (a card
  // that does not follow suit, a click out of turn) comes back as a sentence; the legal cards are
  // raised, the others dimmed. Where the game has the seat choose several cards to confirm together
  // (``pick``: Five Hundred's three buried cards), a click only selects.
  let picked = [], pickedStep = -1, sending = false;
  function ownHand(v) {
    const value = v.hands[String(v.seat)];
    if (!Array.isArray(value) || value.length === 0) return cards(value);
    const s = el("span", "cards own");
    const byCard = new Map((v.hand_actions || []).map((x) => [x.card, x]));
    value.forEach((c) => {
      const x = byCard.get(c);
      const b = el("button", "card" + (/[♥♦]$/.test(c) ? " red" : "") + (c === "Jo" ? " joker" : ""), c);
      b.type = "button";
      if (v.pick > 0 && x && x.legal) {
        const on = picked.includes(c);
        b.classList.add("pickable");
        if (on) b.classList.add("picked");
        b.setAttribute("aria-pressed", on ? "true" : "false");
        b.title = x.label;
        b.addEventListener("click", () => togglePick(c));
      } else if (x) {
        b.dataset.action = x.action; b.title = x.label;
        if (x.legal) b.classList.add("playable", "cardkit-action"); else b.classList.add("dimmed");
        b.addEventListener("click", () => act(x.action, true));
      } else {
        b.classList.add("dimmed");
        b.addEventListener("click", () => {
          said = {d: {error: say("no_card_now", {what: v.summary})}, where: "hand"}; render(view);
        });
      }
      s.appendChild(b);
    });
    return s;
  }
  function togglePick(c) {
    if (sending) return;
    const i = picked.indexOf(c);
    if (i >= 0) picked.splice(i, 1);
    else if (picked.length < view.pick) picked.push(c);
    said = null;
    render(view);
  }
  // the picked cards' actions sent one after another, each with the step it follows; the first
  // refusal stops the rest (and is shown beside the hand)
  async function sendPicked() {
    const byCard = new Map((view.hand_actions || []).map((x) => [x.card, x.action]));
    const actions = picked.map((c) => byCard.get(c)).filter(Boolean);
    if (sending || actions.length !== view.pick) return;
    sending = true; said = null;
    let at = view.step;
    try {
      for (const a of actions) {
        const {ok, d} = await post(a, at);
        if (!ok) { refusal(d, true); return; }
        at = d.step;
        if (d.step >= view.step) render(d);
      }
    } catch (e) { message(say("unreachable"), "error"); }
    finally { sending = false; picked = []; if (view) render(view); }
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
  // hand is taken by clicking the card; a group with a whole ladder (``every``: Five Hundred's bids)
  // becomes a grid of amounts by choices; a group of amounts alone (501's bids) a few one-tap
  // amounts and a stepper; any other group with many actions one chooser per declared part; the
  // rest ("look", "pass", "abandon", a marriage) stay buttons.
  function groupActions(v) {
    const labels = v.labels || v.legal;
    const single = [], choosers = [];
    let cardVerb = null;
    (v.groups || []).forEach((g) => {
      const items = g.actions.map((x) => Object.assign({}, x, {action: v.legal[x.i], label: labels[x.i], verb: g.label}));
      if (g.kind === "cards" && !SHOW) { if (cardVerb === null) cardVerb = g.label; return; }
      const ladder = Array.isArray(g.every) && g.every.some((x) => x.amount != null && x.choice != null);
      if (!ladder && (g.kind === "special" || g.kind === "buttons" || items.length < 6)) {
        items.forEach((x) => single.push(x)); return;
      }
      choosers.push({kind: g.kind, verb: g.verb, label: g.label, items, every: ladder ? g.every : null});
    });
    return {cardVerb, choosers, single};
  }
  function chooser(g) {
    if (g.every) return ladderChooser(g);
    if (g.kind === "amount" && g.items.every((x) => x.amount !== undefined && x.choice === undefined)) return stepChooser(g);
    return listChooser(g);
  }
  // a ladder as a grid: a row per amount (tricks), a column per choice (trump), the actions without
  // both (misère) as buttons below; an entry not legal now is dimmed but still sent when tapped, so
  // its refusal says why
  function ladderChooser(g) {
    const box = el("div", "ladder");
    box.dataset.verb = g.verb;
    const rows = [], cols = [], heads = new Map(), cells = new Map(), apart = [];
    g.every.forEach((x) => {
      if (x.amount == null || x.choice == null) { apart.push(x); return; }
      if (!rows.includes(x.amount)) rows.push(x.amount);
      if (!cols.includes(x.choice)) { cols.push(x.choice); heads.set(x.choice, x.choice_label); }
      cells.set(x.amount + "\u0001" + x.choice, x);
    });
    const t = el("table", "ladder-grid");
    t.setAttribute("aria-label", g.label);
    const head = el("tr");
    head.appendChild(el("th", "", g.label));
    cols.forEach((c) => head.appendChild(el("th", "", heads.get(c))));
    t.appendChild(head);
    rows.forEach((r) => {
      const tr = el("tr");
      tr.appendChild(el("th", "", String(r)));
      cols.forEach((c) => {
        const td = el("td"), x = cells.get(r + "\u0001" + c);
        if (x) td.appendChild(ladderButton(x, String(r) + (heads.get(c).length <= 2 ? heads.get(c) : "")));
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    box.appendChild(t);
    if (apart.length) {
      const more = el("div", "ladder-apart");
      apart.forEach((x) => more.appendChild(ladderButton(x, x.label)));
      box.appendChild(more);
    }
    return box;
  }
  function ladderButton(x, text) {
    const b = el("button", "rung " + (x.legal ? "cardkit-action legal" : "dimmed"), text);
    b.type = "button"; b.dataset.action = x.action; b.title = x.label; b.setAttribute("aria-label", x.label);
    b.addEventListener("click", () => act(x.action));
    return b;
  }
  // amounts alone (501's bids, any whole number above the standing bid, rules.md 501 §5): the
  // lowest and the next multiples of 5 one tap each, and a stepper through the multiples of 5
  const QUICK = 6;
  function stepChooser(g) {
    const box = el("div", "steps");
    box.dataset.verb = g.verb;
    const by = new Map(g.items.map((x) => [x.amount, x]));
    const amounts = g.items.map((x) => x.amount).sort((p, q) => p - q);
    const lo = amounts[0], hi = amounts[amounts.length - 1];
    const quick = [lo];
    for (let n = Math.floor(lo / 5) * 5 + 5; quick.length < QUICK && n <= hi; n += 5) if (by.has(n)) quick.push(n);
    const row = el("div", "quick");
    quick.forEach((n) => {
      const x = by.get(n), b = el("button", "cardkit-action quick-amount", x.label);
      b.type = "button"; b.dataset.action = x.action;
      b.addEventListener("click", () => act(x.action));
      row.appendChild(b);
    });
    box.appendChild(row);
    const stepper = el("div", "stepper");
    const minus = el("button", "step-down", "\u22125"), plus = el("button", "step-up", "+5");
    const go = el("button", "chooser-go step-go");
    [minus, plus, go].forEach((b) => { b.type = "button"; });
    minus.setAttribute("aria-label", say("less")); plus.setAttribute("aria-label", say("more"));
    let value = lo;
    const set = (n) => {
      value = Math.max(lo, Math.min(hi, n));
      while (!by.has(value) && value < hi) value++;
      go.textContent = by.get(value).label;
      minus.disabled = value <= lo; plus.disabled = value >= hi;
    };
    minus.addEventListener("click", () => set(Math.ceil(value / 5) * 5 - 5));  // to the multiples of 5
    plus.addEventListener("click", () => set(Math.floor(value / 5) * 5 + 5));
    go.addEventListener("click", () => act(by.get(value).action));
    stepper.appendChild(minus); stepper.appendChild(go); stepper.appendChild(plus);
    box.appendChild(stepper);
    set(lo);
    return box;
  }
  function select(label) {
    const sel = el("select", "choice");
    sel.setAttribute("aria-label", label);
    return sel;
  }
  function option(sel, text, value) { const o = el("option", "", text); o.value = value; sel.appendChild(o); }
  function listChooser(g) {
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
  function message(text, kind) {
    const box = clear($("message"));
    if (text) box.appendChild(el("p", kind || "", text));
  }
  // a refusal's sentence, its rule in plain words ("… (rule 7 of Five Hundred)") a button that
  // opens the rule's card under it (heading and words sent with the refusal); a second click or
  // the card's ✕ closes it (``keep.open`` keeps that over a new drawing of the table). Returns the
  // nodes to add: the sentence, then the card.
  let ruleCards = 0;
  function ruleSentence(d, tag, cls, prefix, keep) {
    const text = d.plain || d.error, p = el(tag, cls, "");
    const at = d.rule_text && d.rule_words ? text.indexOf(d.rule_words) : -1;
    if (at < 0) { p.textContent = prefix + text; return [p]; }
    const card = el("div", "rule-card", ""), id = "rule-card-" + (++ruleCards);
    card.id = id; card.hidden = true; card.setAttribute("role", "note");
    const head = el("div", "rule-head", ""), close = el("button", "rule-close", "\u2715");
    close.type = "button"; close.title = say("close"); close.setAttribute("aria-label", say("close"));
    head.appendChild(el("span", "", "\ud83d\udcd6 " + d.rule_heading)); head.appendChild(close);
    card.appendChild(head); card.appendChild(el("div", "rule-words", d.rule_text));
    const link = el("button", "rule-link", d.rule_words);
    link.type = "button"; link.title = d.rule_heading + " \u2014 " + d.rule_text;
    link.setAttribute("aria-expanded", "false"); link.setAttribute("aria-controls", id);
    link.setAttribute("aria-label", say("open_rule", {rule: d.rule_words}));
    const show = (open) => {
      card.hidden = !open; link.setAttribute("aria-expanded", String(open));
      if (keep) keep.open = open;
    };
    if (keep && keep.open) show(true);
    link.addEventListener("click", () => show(card.hidden));
    close.addEventListener("click", () => { show(false); link.focus(); });
    p.appendChild(document.createTextNode(prefix + text.slice(0, at)));
    p.appendChild(link);
    p.appendChild(document.createTextNode(text.slice(at + d.rule_words.length)));
    return [p, card];
  }
  // a refusal: its sentence with the rule a button that opens the rule's card; a refused click on
  // a card is said beside the hand
  let said = null, lastAtHand = false;
  function refusal(d, atHand) {
    if (atHand && !SHOW && view) { message(""); said = {d: d, where: "hand"}; render(view); }
    else { const box = clear($("message")); ruleSentence(d, "p", "error", "").forEach((n) => box.appendChild(n)); }
  }
  function joined(names) {
    return names.length < 2 ? names.join("") : names.slice(0, -1).join(", ") + " " + say("and") + " " + names[names.length - 1];
  }

  function render(v) {
    view = v;
    if (v.step !== pickedStep) { picked = []; pickedStep = v.step; }
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
    if (!SHOW && mine && v.partners && v.partners.length) {  // the game's scoring units (rules.md 500 §1)
      st.appendChild(el("p", "partners", say(v.partners.length === 1 ? "partner" : "partners",
                                              {names: joined(v.partners.map(name))})));
    }
    // actions
    const acts = clear($("actions"));
    const groups = groupActions(v);
    if (v.legal.length) {
      if (!SHOW) acts.appendChild(el("h2", "", say("your_choices")));
      if (groups.cardVerb !== null && v.pick > 0) {
        acts.appendChild(el("p", "click-card", say("pick_cards", {n: v.pick, verb: groups.cardVerb})));
        const go = el("button", "cardkit-action confirm-pick", say("pick_go", {n: v.pick, verb: groups.cardVerb}));
        go.type = "button"; go.dataset.pick = v.pick; go.disabled = picked.length !== v.pick || sending;
        go.addEventListener("click", sendPicked);
        acts.appendChild(go);
        acts.appendChild(el("span", "picked-count", say("picked", {n: picked.length, of: v.pick})));
      } else if (groups.cardVerb !== null) acts.appendChild(el("p", "click-card", say("click_card", {verb: groups.cardVerb})));
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
      td.appendChild(!SHOW && s === v.seat ? ownHand(v) : cards(v.hands[String(s)]));
      tr.appendChild(td);
      tr.appendChild(el("td", "tricks-won", v.tallies[s] || ""));
      t.appendChild(tr);
      if (!SHOW && s === v.seat && said && said.where === "hand") {  // the refusal beside the hand
        const r = el("tr", "said"), cell = el("td", "", "");
        cell.colSpan = 3;
        const nodes = ruleSentence(said.d, "p", "refusal", "\u270b ", said);
        nodes[0].id = "refusal"; nodes[0].setAttribute("role", "alert");
        nodes.forEach((n) => cell.appendChild(n)); r.appendChild(cell); t.appendChild(r);
      }
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
    // by side where seats share a score (the game's units: rules.md 500 §1, §10), else by seat
    const sides = v.sides && v.sides.length ? v.sides : null;
    const table = el("table", "score-table" + (sides ? " by-side" : ""));
    const head = el("tr"); head.appendChild(el("th", "", ""));
    if (sides) sides.forEach((u) => { const th = el("th", u.seats.includes(v.seat) ? "ours" : "", u.seats.map(name).join(" & "));
                                      head.appendChild(th); });
    else v.names.forEach((n) => head.appendChild(el("th", "", n)));
    table.appendChild(head);
    const row = el("tr"); row.appendChild(el("th", "", say("score")));
    // numbers as the lessons write them: a true minus sign (U+2212), a change with its sign
    const num = (x) => (x < 0 ? "\u2212" + (-x) : String(x));
    (sides ? sides.map((u) => u.score) : v.scores).forEach((x) => row.appendChild(el("td", "score", num(x))));
    table.appendChild(row);
    const changes = sides ? (v.returns ? sides.map((u) => u.change) : null) : v.returns;
    if (changes) { const r = el("tr"); r.appendChild(el("th", "", say("this_hand")));
                   changes.forEach((x) => r.appendChild(el("td", "", (x > 0 ? "+" : "") + num(x)))); table.appendChild(r); }
    if (sides) { const r = el("tr"); r.appendChild(el("th", "", say("tricks_taken")));
                 sides.forEach((u) => r.appendChild(el("td", "side-tricks", String(u.tricks)))); table.appendChild(r); }
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

  function post(a, at) {
    return fetch(api + "/actions?lang=" + LANG + looks(), {method: "POST", headers: {"Content-Type": "application/json"},
                 body: JSON.stringify({action: a, step: at, code})})
      .then((r) => r.json().then((d) => ({ok: r.ok, d})));
  }
  // send one action (``atHand``: a click on a card of the hand, whose refusal is said beside it)
  function act(a, atHand) {
    message("");
    if (said) { said = null; if (view) render(view); }
    lastAtHand = !!atHand;
    const at = view ? view.step : undefined;
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify({action: a, step: at})); return; }
    post(a, at).then(({ok, d}) => { if (ok) render(d); else refusal(d, atHand); })
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
        refusal(msg, lastAtHand);
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
