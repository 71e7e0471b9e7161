// A seat's page: draws the screen the server sends (ruledsl.present's Screen, built from the
// seat's view) and takes the seat's decision in steps. Plain script, no build step.
"use strict";
(function () {
  const app = document.getElementById("app");
  const socketPath = app.dataset.socket;
  const $ = (id) => document.getElementById(id);
  let ws = null, retry = 0, screen = null, seq = -1, steps = null, path = [], filter = "", shownLines = 0;

  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v; else if (k.startsWith("on")) node[k] = v; else node.setAttribute(k, v);
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined) node.append(kid);
    return node;
  }

  function fill(node, ...kids) {
    node.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== ""));
  }

  // ------------------------------------------------------------------ the connection
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + socketPath);
    ws.onopen = () => { retry = 0; setLink(""); };
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (event.code === 1008) { setLink("This link is not (or no longer) a seat here."); return; }
      retry = Math.min(retry + 1, 8);
      setLink("connection lost: reconnecting…");
      setTimeout(connect, Math.min(250 * 2 ** retry, 5000));
    };
  }
  function send(message) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); }
  function setLink(text) { $("link").textContent = text; app.classList.toggle("offline", !!text); }

  function receive(m) {
    if (m.type === "guide") { showGuide(m); return; }
    if (m.type === "error") { flash(m.message); return; }
    if (m.type === "steps") { if (m.seq === seq) { steps = m; path = m.path; filter = ""; drawDecision(); } return; }
    if (m.type !== "screen") return;
    const same = m.seq === seq;
    screen = "screen" in m ? m.screen : patched(screen, m.patch); seq = m.seq;
    if (!same) { steps = m.steps; path = []; filter = ""; }
    else if (!m.steps) { steps = null; path = []; }
    else if (path.length) send({type: "steps", seq: seq, path: path});   // resumed where the seat was
    else steps = m.steps;
    draw(m);
  }

  // The first screen on a socket is whole; later ones are patches of the one before (what changed:
  // ruledsl/web/messages.py's patch() makes them and patched() applies them, as this does).
  function patched(old, change) {
    if (change === undefined || change === null) return old;
    if ("set" in change) return change.set;
    if ("keys" in change) {
      const out = {};
      for (const k of Object.keys(old)) out[k] = patched(old[k], change.keys[k]);
      return out;
    }
    if ("append" in change) return old.concat(change.append);
    const out = old.slice();
    for (const i of Object.keys(change.items)) out[+i] = patched(old[+i], change.items[i]);
    return out;
  }

  // ------------------------------------------------------------------ drawing the screen
  function draw(m) {
    app.dataset.seq = seq;        // how far the page has got, for tests and styles
    document.title = screen.title + (screen.seat ? " · " + screen.seat : "");
    const acting = screen.seats.filter((s) => s.to_act).map((s) => s.label);
    fill($("status"), 
      el("span", {class: "seats"}, screen.seats.map((s) => el("span", {class: "seat" + (s.you ? " you" : "") +
        (s.to_act ? " acting" : "")}, s.label + (s.you ? " (you)" : "")))),
      el("span", {}, [screen.status, screen.phase].filter(Boolean).join(" · ")),
      screen.seat === null ? el("span", {class: "dim"}, " watching") : null);
    drawBoards(new Set(m.changed), "screen" in m ? null : m.patch && m.patch.keys ? m.patch.keys.boards : null);
    drawZones(new Set(m.changed));
    drawValues(new Set(m.changed));
    drawLog(m.moves);
    drawDecision(acting);
    const foot = [];
    if (screen.result) foot.push(el("p", {class: "result", role: "status"}, "Game over: " + screen.result),
      el("a", {href: "/record/" + app.dataset.table + ".json", download: ""}, "Download the record"),
      " (replay it with ruledsl replay)");
    if (m.stopped) foot.push(el("p", {class: "error"}, "The game has stopped: " + m.stopped));
    fill($("footer"), ...foot);
    setTimeout(() => document.querySelectorAll(".changed").forEach((n) => n.classList.remove("changed")), 2000);
  }

  function pieceNode(p) {
    const tile = p.fields.find((f) => f.type === "list of direction" && Array.isArray(f.value));
    return el("span", {class: "piece" + (p.face_down ? " down" : ""), title: p.face_down ? p.kind + " (face down)" :
      fullText(p)}, tile ? tileNode(tile.value) : null, p.text, p.owner ? el("small", {}, " " + p.owner) : null);
  }
  function fullText(p) {
    const d = p.fields.filter((f) => f.text && !p.text.includes(f.text) && f.type !== "list of direction" && !f.usual)
      .map((f) => f.label + " " + f.text);
    return d.length ? p.text + " (" + d.join(", ") + ")" : p.text;
  }
  function tileNode(sides) {
    const ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 20 20");
    svg.setAttribute("class", "tile");
    svg.setAttribute("aria-hidden", "true");
    const ends = {N: [10, 0], E: [20, 10], S: [10, 20], W: [0, 10],
                  NE: [20, 0], SE: [20, 20], SW: [0, 20], NW: [0, 0]};
    for (const side of sides) {
      if (!ends[side]) continue;
      const line = document.createElementNS(ns, "line");
      line.setAttribute("x1", 10); line.setAttribute("y1", 10);
      line.setAttribute("x2", ends[side][0]); line.setAttribute("y2", ends[side][1]);
      svg.append(line);
    }
    return svg;
  }
  function groupsOf(pieces) {
    const out = [];
    for (const p of pieces) {
      const key = JSON.stringify([p.text, p.kind, p.face_down, p.owner]);
      const last = out.find((g) => g.key === key);
      if (last) last.count++; else out.push({key, piece: p, count: 1});
    }
    return out.map((g) => el("span", {class: "group"}, pieceNode(g.piece), g.count > 1 ? "×" + g.count : null));
  }

  function placeNode(place, board, changed) {
    const classes = ["place"];
    if (changed.has(place.key)) classes.push("changed");
    if (board.grid && place.directions.length)
      for (const side of ["N", "E", "S", "W"]) if (!place.directions.includes(side)) classes.push("wall-" + side);
    const node = el("button", {class: classes.join(" "), type: "button", "data-key": place.key,
      "aria-label": place.label, onclick: () => pickPlace(place.label)},
      el("b", {}, place.label),
      place.tags.length ? el("small", {class: "tags"}, place.tags.join(", ")) : null,
      place.standing.length ? el("span", {class: "standing"}, place.standing.join(", ")) : null,
      groupsOf(place.pieces),
      !board.grid && place.exits.length ? el("small", {class: "exits"}, "→ " +
        place.exits.map((x) => x.to + (x.both ? "" : " (one way)")).join(", ")) : null);
    if (board.grid) node.style.gridArea = `${place.row + board.dr} / ${place.column + board.dc}`;
    return node;
  }
  // Only the places a patch changed are drawn again (a move changes a few of a board's squares); a
  // board changed otherwise, or a whole screen, is drawn whole. change: the patch of the boards
  // (undefined: none changed; null: draw them whole).
  function drawBoards(changed, change) {
    const holder = $("boards");
    if (change === undefined && holder.children.length === screen.boards.length) return;
    const placesOnly = (c) => c.keys && Object.keys(c.keys).every((k) => k === "places") && c.keys.places.items;
    if (change && change.items && holder.children.length === screen.boards.length &&
        Object.values(change.items).every(placesOnly)) {
      for (const [i, c] of Object.entries(change.items)) {
        const board = offsets(screen.boards[+i]), nodes = holder.children[+i].lastChild.children;
        for (const j of Object.keys(c.keys.places.items)) nodes[+j].replaceWith(placeNode(board.places[+j], board, changed));
      }
      return;
    }
    fill(holder, ...screen.boards.map(offsets).map((board) => el("div", {class: "board"},
      el("h2", {}, board.label),
      el("div", {class: board.grid ? "grid" : "graph"}, board.places.map((p) => placeNode(p, board, changed))))));
  }
  function offsets(b) {     // grid lines count from 1: a board may count its rows from 0
    const rows = b.places.map((p) => p.row ?? 1), cols = b.places.map((p) => p.column ?? 1);
    b.dr = 1 - Math.min(1, ...rows); b.dc = 1 - Math.min(1, ...cols);
    return b;
  }
  function drawZones(changed) {
    const zone = (z) => el("div", {class: "zone" + (z.mine ? " mine" : "") + (changed.has(z.key) ? " changed" : ""),
      "data-key": z.key}, el("h3", {}, z.label, el("small", {class: "dim"}, " " + z.pieces.length)),
      z.pieces.length ? groupsOf(z.pieces) : el("span", {class: "dim"}, "empty"));
    const mine = screen.zones.filter((z) => z.mine), table = screen.zones.filter((z) => !z.mine);
    fill($("zones"), 
      mine.length ? el("div", {class: "yours"}, el("h2", {}, "Yours"), mine.map(zone)) : "",
      table.length ? el("div", {class: "table"}, el("h2", {}, "The table"), table.map(zone)) : "");
  }
  function drawValues(changed) {
    fill($("values"), el("dl", {}, screen.values.flatMap((v) => [
      el("dt", {class: changed.has(v.key) ? "changed" : null}, v.label),
      el("dd", {}, v.per_player ? v.entries.map(([who, text]) => el("span", {class: "entry"}, who + ": " + text))
        : v.form === "track" && v.lines.length ? el("ol", {}, v.lines.map((l) => el("li", {}, l)))
        : v.text || "—")])));
  }
  function drawLog(moves) {
    const list = $("lines");
    if (screen.log.length < shownLines) { fill(list, ); shownLines = 0; }
    for (const line of screen.log.slice(shownLines)) list.append(el("li", {class: "new"}, line));
    shownLines = screen.log.length;
    setTimeout(() => list.querySelectorAll(".new").forEach((n) => n.classList.remove("new")), 1500);
    list.parentElement.scrollTop = list.parentElement.scrollHeight;
    const said = (m) => m.who + (m.label === null ? " decides in secret" : ": " + m.label);
    if (moves && moves.length) flash(moves.map(said)
      .join(" · "), "moves");
  }

  // ------------------------------------------------------------------ the decision, in steps
  function drawDecision(acting) {
    const box = $("decision");
    if (!screen) return;
    if (!steps) {
      const who = (acting || screen.seats.filter((s) => s.to_act).map((s) => s.label)).join(", ");
      fill(box, el("p", {class: "waiting"}, screen.result ? "" : who ? "Waiting for " + who + "…" : ""));
      box.className = "";
      return;
    }
    box.className = "yours-to-decide";
    app.dataset.path = JSON.stringify(path);
    const d = screen.decision || {context: [], about: ""};
    const needle = filter.toLowerCase();
    const shown = steps.choices.filter((c) => !needle || c.text.toLowerCase().includes(needle));
    const buttons = shown.map((c, i) => el("button", {type: "button", class: "choice", "data-index": c.index,
      "data-part": c.part, onclick: () => pick(c)}, el("kbd", {}, i < 9 ? String(i + 1) : ""),
      c.text + (c.index === null ? " ›" : ""), c.help ? el("small", {}, " — " + c.help) : null));
    fill(box, 
      d.context.length ? el("p", {class: "context dim"}, d.context.join(" · ")) : null,
      el("p", {class: "prompt"}, el("b", {}, screen.seat), ", choose" +
        (steps.depth > 1 ? ` (step ${path.length + 1} of up to ${steps.depth})` : "") + ": ",
        el("b", {}, path.length ? path.join(" › ") : d.about || "")),
      steps.choices.length > 8 ? el("input", {id: "filter", type: "search", placeholder: "type to filter",
        value: filter, "aria-label": "filter the choices",
        oninput: (e) => { filter = e.target.value; drawChoices(); }}) : null,
      el("div", {id: "choices", role: "group"}, buttons),
      el("p", {class: "hint dim"},
        "1–9 or click: pick" + (path.length ? " · Esc: back" : "") + " · ?: how to play"));
    if (document.activeElement === document.body || !box.contains(document.activeElement)) {
      const first = box.querySelector(filter ? "#filter" : "button.choice");
      if (first && !matchMedia("(pointer: coarse)").matches) first.focus({preventScroll: true});
    }
  }
  function drawChoices() {
    const keep = document.activeElement && document.activeElement.id === "filter";
    drawDecision();
    if (keep) { const f = $("filter"); f.focus(); f.setSelectionRange(f.value.length, f.value.length); }
  }
  function pick(choice) {
    if (choice.index !== null) {
      send({type: "act", seq: seq, index: choice.index, label: choice.text.replace(/  \(stop here\)$/, "")});
      steps = null; drawDecision();
    } else send({type: "steps", seq: seq, path: path.concat([choice.part])});
  }
  function back() {
    if (filter) { filter = ""; drawDecision(); return; }
    if (path.length) send({type: "steps", seq: seq, path: path.slice(0, -1)});
  }
  function pickPlace(label) {
    if (!steps) return;
    const exact = steps.choices.filter((c) => c.part === label);
    const names = (c) => c.text.replace(/,/g, " ").split(/\s+/).includes(label);
    const named = exact.length ? exact : steps.choices.filter(names);
    if (named.length === 1) pick(named[0]);
    else if (named.length) { filter = label; drawDecision(); }
  }
  document.addEventListener("keydown", (e) => {
    if (e.target && e.target.id === "filter" && e.key !== "Escape") return;
    if (e.key === "?") { const g = $("guide"); if (g) g.open = !g.open; return; }
    if (!steps) return;
    if (e.key === "Escape" || (e.key === "Backspace" && e.target.tagName !== "INPUT")) { back(); e.preventDefault(); }
    else if (/^[1-9]$/.test(e.key) && !e.ctrlKey && !e.metaKey) {
      const buttons = document.querySelectorAll("#choices button.choice");
      const b = buttons[Number(e.key) - 1];
      if (b) { b.click(); e.preventDefault(); }
    }
  });

  // ------------------------------------------------------------------ messages and the guide
  let flashTimer = null;
  function flash(text, kind) {
    let box = $("flash");
    if (!box) { box = el("p", {id: "flash", role: "status"}); app.prepend(box); }
    box.className = kind || "error"; box.textContent = text;
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => { box.textContent = ""; box.className = ""; }, kind ? 4000 : 6000);
  }
  function showGuide(m) {
    if ($("guide")) return;
    $("footer").before(el("details", {id: "guide"}, el("summary", {}, "How to play"), el("pre", {}, m.markdown)));
  }

  connect();
})();
