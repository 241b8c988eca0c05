// The table page: one seat of a host's table (or a spectator's place) in a browser.
//
// The page is a client of capicua-net/1 (docs/protocol.md) that joins with "words": true,
// so the host sends it, after every change, the *scene*: the table as the Tk table would
// draw it, in words (whose turn, the moves since the seat's turn, the panel, the banner),
// with the decision asked and its legal plays. The page draws the scene and reports an
// intent (an action the host listed); it decides no rule, and shows a move only once the
// host has confirmed it with the next scene. Names and sentences are set as text, never
// as HTML.

import { armsOf, backSvg, tileSvg, unitFor } from "./board.js";

const PROTOCOL = "capicua-net/1";
// Close codes after which joining again would fail the same way (docs/protocol.md).
const FINAL = new Set([4001, 4002, 4003, 4005, 4006]);
const LANGS = ["en", "de", "uk", "es"];

const $ = (id) => document.getElementById(id);
const state = {
  words: {},
  worded: false, // the words have come (or failed to: English)
  code: "",
  lang: "en",
  ws: null,
  tries: 0,
  seat: null,
  scene: null, // the host's last scene: the table as it stands
  held: null, // a finished hand on show until Continue
  selected: null, // "a-b" of the picked tile
  hinted: null, // {action, end, reason}
  sent: null, // the id of the decision answered, until the host moves on
  notice: "",
  proposal: null,
  sceneAt: 0, // when the scene came (performance.now()): the away holds count from there
  gone: false,
  drag: null,
};

function word(key, fields) {
  let text = state.words[key] || key;
  for (const [k, v] of Object.entries(fields || {})) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

const key = (t) => `${t[0]}-${t[1]}`;

// Whether `node` already shows what `parts` say: a part of the page is drawn again only
// when what it shows changes, so a tap never lands on a button replaced under the finger
// while the other seats' moves come in.
function unchanged(node, ...parts) {
  const sig = JSON.stringify(parts);
  if (node.dataset.sig === sig) return true;
  node.dataset.sig = sig;
  return false;
}

// -- the connection -----------------------------------------------------------------------

function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGS.includes(asked)) return asked;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

function name() {
  const asked = new URLSearchParams(location.search).get("name");
  if (asked) {
    try { localStorage.setItem("capicua-name", asked); } catch { /* private mode */ }
    return asked;
  }
  try { return localStorage.getItem("capicua-name") || ""; } catch { return ""; }
}

function connect() {
  if (state.gone) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/`);
  state.ws = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({
      type: "join", protocol: PROTOCOL, code: state.code, name: name().slice(0, 40),
      role: "person", capicua: "web", lang: state.lang, words: true,
    }));
  });
  ws.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message && typeof message.type === "string") receive(message);
  });
  ws.addEventListener("close", (event) => {
    if (state.ws !== ws) return;
    state.ws = null;
    state.sent = null;
    if (FINAL.has(event.code)) {
      state.gone = true;
      state.notice = word("gone", { reason: event.reason || event.code });
    } else {
      // The host is away: the table stays as the host last confirmed it, and no move is
      // offered until it is back and has said where the match stands.
      state.notice = word("away");
      state.tries += 1;
      setTimeout(connect, Math.min(5000, 500 * state.tries));
    }
    draw();
  });
}

function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function act(action) {
  const scene = state.scene;
  if (!scene || scene.asked === null || state.sent === scene.asked || state.held) return;
  if (send({ type: "action", id: scene.asked, action })) {
    state.sent = scene.asked;
    state.selected = null;
    state.hinted = null;
    draw();
  }
}

function receive(m) {
  switch (m.type) {
    case "welcome":
      state.welcomed = true;
      state.seat = m.seat;
      state.tries = 0;
      state.notice = "";
      break;
    case "scene":
      state.scene = m.scene;
      state.sceneAt = performance.now();
      if (m.held) {
        state.held = m.held;
        if (state.seat === null) {
          const shown = m.held;
          setTimeout(() => { if (state.held === shown) { state.held = null; draw(); } }, 4000);
        }
      }
      if (state.sent !== null && m.scene.asked !== state.sent) state.sent = null;
      if (m.scene.asked === null) { state.selected = null; state.hinted = null; }
      break;
    case "error":
      state.notice = m.message;
      state.sent = null;
      break;
    case "hint":
      if (state.scene && m.id === state.scene.asked) {
        const play = state.scene.plays.find((p) => p.action === m.action);
        state.selected = play ? key(play.tile) : null;
        state.hinted = { action: m.action, end: m.end };
        state.notice = m.reason;
      }
      break;
    case "log":
      if (m.summary) state.notice = m.summary; // a review came: its marks are in the log
      showDialog(word("log"), m.lines.join("\n"));
      break;
    case "rules":
      showDialog(word("rules"), `${m.text}\n\n${m.keys}`);
      return;
    case "proposal":
      state.proposal = m.by === state.seat ? null : m;
      if (m.by === state.seat) state.notice = word("undo_asked");
      break;
    case "proposal_ended":
      state.proposal = null;
      state.notice = m.result === "agreed" ? word("undo_agreed")
        : m.result === "refused" ? word("undo_refused", { who: who(m.seat, m.name) }) : word("undo_dropped");
      break;
    case "match_ended":
      break;
    default:
      return; // the rest (update, decide, new_match...) the scene already says in words
  }
  draw();
}

// -- drawing --------------------------------------------------------------------------------

let pending = false;
function draw() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; render(); });
}

function showDialog(title, text) {
  $("dialog-title").textContent = title;
  $("dialog-text").textContent = text;
  const dialog = $("dialog");
  if (!dialog.open) dialog.showModal();
}

function mine(scene) {
  return scene.seats.find((s) => s.person) || null;
}

function playsOf(scene, tile) {
  return scene.plays.filter((p) => key(p.tile) === tile);
}

function canAct(scene) {
  return scene && !state.held && scene.asked !== null && state.sent !== scene.asked && !!state.ws;
}

function render() {
  if (!state.worded) return; // the page's own words first: never a key for a label
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = word(node.dataset.word);
  const live = state.scene;
  const scene = state.held || live;
  $("notice").hidden = !state.notice;
  $("notice").textContent = state.notice;
  if (!scene) {
    const waiting = state.seat !== undefined && state.welcomed ? "waiting" : "connecting";
    $("status").textContent = state.gone ? "" : word(state.code ? waiting : "no_code");
    return;
  }
  document.title = `capicua · ${scene.title}`;
  // What the page shows, for a reader of the page (and its tests): the decision it offers,
  // whether a finished hand is on show.
  document.body.dataset.asked = canAct(live) ? String(live.asked) : "";
  document.body.dataset.held = state.held ? "yes" : "";
  $("title").textContent = scene.title;
  const acting = canAct(live) && !state.held;
  $("hint").disabled = !acting;
  $("undo").disabled = state.seat === null || !state.ws || !live.undo;
  $("undo").hidden = state.seat === null;
  $("hint").hidden = state.seat === null;
  renderSeats(scene);
  renderBoard(scene, acting);
  renderBanner(scene, acting);
  renderHand(scene, acting);
  $("strip").textContent = scene.strip || "";
  const status = scene.panel.find(([, style]) => ["turn", "status", "error", "message"].includes(style));
  $("status").textContent = status ? status[0] : "";
  $("status").className = status ? status[1] : "";
  renderPanel(scene);
}

function renderSeats(scene) {
  const box = $("seats");
  const names = scene.seats.map((s) => awayNow(scene, s.name));
  if (unchanged(box, scene.seats, names, state.words)) return;
  box.replaceChildren();
  const others = scene.seats.filter((s) => !s.person).sort((a, b) => a.position - b.position);
  for (const s of others) {
    const tiles = s.tiles ? h("span", { class: "shown" }, ...s.tiles.map((t) => small(t))) : null;
    const facts = [];
    if (s.score) facts.push(s.score);
    if (s.voids.length) facts.push(`∅ ${s.voids.join(", ")}`);
    box.append(h("div", {
      class: `seat${s.turn ? " turn" : ""}${s.passed ? " passed" : ""}${s.marked ? " marked" : ""}`,
      dataset: { seat: s.seat },
    },
    h("span", { class: "name", text: awayNow(scene, s.name) }),
    s.dealt && !s.tiles ? h("span", { class: "count", "aria-hidden": "true" }, backSvg(true), h("span", { text: `×${s.count}` })) : null,
    h("span", { class: "facts", text: facts.join(" · ") }),
    s.passed ? h("span", { class: "badge", text: word("pass") }) : null,
    s.drawn ? small(s.drawn) : null,
    tiles));
  }
}

function small(t) {
  return h("span", { class: "mini", role: "img", "aria-label": word("tile", { tile: key(t) }) }, tileSvg(t[0], t[1], false));
}

function boardTile(t, index, scene, extra) {
  const upright = t[0] === t[1];
  const last = index === scene.last;
  return h("span", {
    class: `tile${upright ? " double" : ""}${last ? " last" : ""}${extra || ""}`,
    role: "img",
    "aria-label": word("tile", { tile: key(t) }),
  }, tileSvg(t[0], t[1], upright));
}

function endButton(scene, end, number, acting, headed) {
  const lit = acting && state.selected && playsOf(scene, state.selected).some((p) => p.end === end);
  const mark = scene.marks[end] || end;
  const open = number === null || number === undefined ? "" : String(number);
  // A train's head names it already: its end shows the number alone.
  const label = headed && open ? open : open ? `${mark} ${open}` : mark;
  const hinted = state.hinted && state.hinted.end === end && lit;
  return h("button", {
    type: "button",
    class: `end${lit ? " lit" : ""}${hinted ? " hinted" : ""}`,
    dataset: { end },
    disabled: !lit,
    "aria-label": word("end", { end: label }),
    onclick: () => playOn(end),
  }, h("span", { text: label }));
}

function playOn(end) {
  const scene = state.scene;
  if (!canAct(scene) || !state.selected) return;
  const plays = playsOf(scene, state.selected).filter((p) => p.end === end);
  if (plays.length === 1) act(plays[0].action);
  else if (plays.length > 1) {
    // Two plays of one tile on one end (a tile shown as it goes): the host's own notation
    // for each, to choose from.
    state.choosing = plays;
    draw();
  }
}

function renderBoard(scene, acting) {
  const board = $("board");
  const rows = armsOf(scene.layout, scene.heads);
  const count = rows.reduce((n, r) => n + r.tiles.length, 0);
  const felt = $("felt").getBoundingClientRect();
  const touch = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--touch")) || 48;
  const u = unitFor(felt.width - 16, Math.max(120, felt.height - 40), count, rows.length, touch);
  const shown = [scene.layout, scene.last, scene.ends, scene.marks, scene.caption, scene.heads,
    scene.facedown, scene.slots, scene.drawn, scene.boneyard, scene.boneyard_label, scene.draw,
    scene.plays, state.selected, state.hinted, acting, u, state.words];
  if (unchanged(board, shown)) return;
  board.replaceChildren();
  board.style.setProperty("--u", `${u}px`);
  if (scene.caption) board.append(h("p", { class: "caption", text: scene.caption }));
  if (scene.facedown) {
    const grid = h("div", { class: "facedown" });
    const open = new Map(scene.facedown.map(([slot, action]) => [slot, action]));
    for (let slot = 0; slot < scene.slots; slot++) {
      if (!open.has(slot)) { grid.append(h("span", { class: "hole" })); continue; }
      const action = open.get(slot);
      grid.append(h("button", {
        type: "button", class: "tile back", disabled: !(acting && action),
        "aria-label": word("face_down"), onclick: () => act(action),
      }, backSvg(true)));
    }
    board.append(grid);
  }
  if (scene.drawn.length) {
    board.append(h("div", { class: "drawn" }, ...scene.drawn.map((d) =>
      h("span", { class: `draw${d.wins ? " wins" : ""}` }, small(d.tile), h("span", { text: `${d.name}: ${d.total}` })))));
  }
  for (const row of rows) {
    const line = h("div", { class: "arm", dataset: { arm: row.end } });
    if (row.head) {
      line.append(h("span", { class: `head${row.head.marked ? " marked" : ""}`, text: row.head.mark }));
    }
    if (row.start && (row.startOpen !== null || (scene.ends.includes(row.start) && !row.tiles.length))) {
      line.append(endButton(scene, row.start, row.startOpen, acting));
    }
    row.tiles.forEach((t, i) => line.append(boardTile(t, row.first + i, scene, i === row.spinner ? " spinner" : "")));
    if (row.tiles.length && (row.open !== null || scene.ends.includes(row.end))) {
      line.append(endButton(scene, row.end, row.open, acting, !!row.head));
    } else if (!row.start && scene.ends.includes(row.end)) {
      line.append(endButton(scene, row.end, row.open, acting, !!row.head));
    }
    board.append(line);
  }
  if (scene.boneyard !== null) {
    board.append(h("button", {
      type: "button", class: `boneyard${scene.draw && acting ? " lit" : ""}`,
      disabled: !(scene.draw && acting), onclick: () => act("draw"),
    }, h("span", { text: scene.boneyard_label })));
  }
}

function renderBanner(scene, acting) {
  const banner = $("banner");
  const shown = [scene.banner, scene.legend, scene.choices, scene.others, scene.boneyard,
    scene.match, scene.hand, state.proposal, state.choosing, state.seat, acting, !!state.ws,
    state.gone, state.words];
  if (unchanged(banner, shown)) return;
  banner.replaceChildren(...scene.banner.map((line) => h("p", { text: line })));
  if (scene.legend) banner.append(h("p", { class: "legend", text: scene.legend }));
  const box = $("choices");
  box.replaceChildren();
  if (state.proposal && state.proposal.voters.includes(state.seat)) {
    const id = state.proposal.id;
    banner.append(h("p", { text: word("undo_question", { who: who(state.proposal.by, state.proposal.name) }) }));
    box.append(
      h("button", { type: "button", class: "choice", text: word("refuse"), onclick: () => { send({ type: "refuse", id }); state.proposal = null; draw(); } }),
      h("button", { type: "button", class: "choice", text: word("agree"), onclick: () => { send({ type: "agree", id }); state.proposal = null; draw(); } }),
    );
    return;
  }
  if (state.choosing && acting) {
    for (const p of state.choosing) {
      box.append(h("button", { type: "button", class: "choice", text: p.action, dataset: { action: p.action }, onclick: () => { state.choosing = null; act(p.action); } }));
    }
    return;
  }
  for (const c of scene.choices) {
    // At a host, the next match starts by itself (the table plays its matches): "new
    // match" after a match's last hand is the way on to it, as Continue is after a hand.
    if (c.target === "continue" || (c.target === "new" && state.ws && !state.gone)) {
      box.append(h("button", { type: "button", class: "choice", text: c.label, dataset: { target: c.target }, onclick: () => { state.held = null; draw(); } }));
    } else if (c.target === "review" && state.seat !== null) {
      const shown = scene;
      box.append(h("button", {
        type: "button", class: "choice", text: c.label, dataset: { target: c.target },
        onclick: () => send({ type: "review", match: shown.match, hand: shown.hand }),
      }));
    } else if (c.action && acting) {
      box.append(h("button", { type: "button", class: "choice", text: c.label, dataset: { target: c.target, action: c.action }, onclick: () => act(c.action) }));
    }
  }
  if (acting) {
    for (const other of scene.others) {
      if (other === "draw" && scene.boneyard !== null) continue; // the boneyard takes it
      box.append(h("button", { type: "button", class: "choice", text: word(other), dataset: { action: other }, onclick: () => act(other) }));
    }
  }
}

function renderHand(scene, acting) {
  const hand = $("hand");
  const me = mine(scene);
  $("mine").hidden = !me;
  const shown = [me, acting && scene.plays, state.selected, state.words];
  if (unchanged(hand, shown) && !state.focusTile) return;
  hand.replaceChildren();
  if (!me) return;
  hand.setAttribute("aria-label", me.name);
  const playable = new Set(acting ? scene.plays.map((p) => key(p.tile)) : []);
  const tiles = me.tiles || [];
  for (const t of tiles) {
    const k = key(t);
    const can = playable.has(k);
    const button = h("button", {
      type: "button",
      class: `tile hand${can ? " playable" : ""}${state.selected === k ? " selected" : ""}${acting && !can ? " dim" : ""}`,
      dataset: { tile: k },
      "aria-pressed": state.selected === k ? "true" : "false",
      "aria-label": can ? word("playable", { tile: k }) : word("tile", { tile: k }),
      "aria-disabled": can ? null : "true",
      onclick: (event) => {
        if (state.drag && state.drag.moved) return;
        pick(k);
        if (event.detail === 0) focusEnd(); // from the keyboard: on to the first lit end
      },
      onpointerdown: (event) => startDrag(event, k),
    }, tileSvg(t[0], t[1], true));
    hand.append(button);
  }
  if (!me.tiles) {
    for (let i = 0; i < me.count; i++) hand.append(h("span", { class: "tile hand back" }, backSvg(true)));
  }
  if (state.focusTile) {
    const target = hand.querySelector(`[data-tile="${state.focusTile}"]`);
    state.focusTile = null;
    if (target) target.focus();
  }
}

function pick(k) {
  const scene = state.scene;
  if (!canAct(scene) || !playsOf(scene, k).length) return;
  state.selected = state.selected === k ? null : k;
  state.choosing = null;
  if (!state.hinted || !playsOf(scene, k).some((p) => p.action === state.hinted.action)) state.hinted = null;
  render();
}

function focusEnd() {
  const lit = document.querySelector("#board .end.lit");
  if (lit) lit.focus();
}

// A tile dragged onto a lit end is played there; a tap is a pick (pointer events: mouse,
// touch and pen alike).
function startDrag(event, k) {
  const scene = state.scene;
  if (!canAct(scene) || !playsOf(scene, k).length || event.button > 0) return;
  state.drag = { tile: k, x: event.clientX, y: event.clientY, moved: false, ghost: null };
}

window.addEventListener("pointermove", (event) => {
  const drag = state.drag;
  if (!drag) return;
  if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 10) return;
  if (!drag.moved) {
    drag.moved = true;
    state.selected = drag.tile;
    render();
    const source = document.querySelector(`[data-tile="${drag.tile}"]`);
    if (source) {
      drag.ghost = source.cloneNode(true);
      drag.ghost.classList.add("ghost");
      document.body.append(drag.ghost);
    }
  }
  if (drag.ghost) drag.ghost.style.transform = `translate(${event.clientX - 20}px, ${event.clientY - 40}px)`;
});

window.addEventListener("pointerup", (event) => {
  const drag = state.drag;
  if (!drag) return;
  if (drag.ghost) drag.ghost.remove();
  if (drag.moved) {
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const end = under && under.closest(".end.lit");
    if (end) playOn(end.dataset.end);
    setTimeout(() => { state.drag = null; }, 0); // the click that follows is not a tap
  } else {
    state.drag = null;
  }
});

function renderPanel(scene) {
  const panel = $("panel");
  const lines = scene.panel
    .filter(([, style]) => !["turn", "status", "error"].includes(style))
    .map(([text, style]) => [awayNow(scene, text), style]);
  if (unchanged(panel, lines)) return;
  panel.replaceChildren(...lines.map(([text, style]) => h("p", { class: style, text })));
}

// A person away, as the host said it when the scene came, counted down since: the hold's
// seconds are the host's, the page only lets them run.
function awayNow(scene, text) {
  const gone = (performance.now() - (state.sceneAt || 0)) / 1000;
  for (const a of scene.away || []) {
    const left = Math.max(0, Math.ceil(a.left - gone));
    const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    const said = (name) => (left ? word("away_for", { name, time }) : word("away_over", { name }));
    // The seat's label first: it holds the panel's name ("Bea (partner) · away 0:52").
    text = text === a.label ? said(a.base) : text.replaceAll(a.said, said(a.name));
  }
  return text;
}

// A person as the others know them: their name, else their seat.
function who(seat, name) {
  return name || word("seat", { seat });
}

setInterval(() => {
  const scene = state.held || state.scene;
  if (scene && (scene.away || []).length) { renderPanel(scene); renderSeats(scene); }
}, 1000);

// -- the keyboard ---------------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  if ($("dialog").open) return;
  const tiles = [...document.querySelectorAll("#hand button.tile")];
  const at = tiles.indexOf(document.activeElement);
  if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && at >= 0) {
    const next = tiles[(at + (event.key === "ArrowRight" ? 1 : tiles.length - 1)) % tiles.length];
    next.focus();
    event.preventDefault();
  } else if (event.key === "ArrowUp" && at >= 0) {
    focusEnd();
    event.preventDefault();
  } else if (event.key === "Escape") {
    if (state.selected) {
      state.focusTile = state.selected;
      state.selected = null;
      state.hinted = null;
      render();
    }
  } else if (event.key.toLowerCase() === "h" && event.ctrlKey) {
    event.preventDefault();
    askHint();
  }
});

function askHint() {
  if (canAct(state.scene)) send({ type: "hint" });
}

// -- start ------------------------------------------------------------------------------------

async function start() {
  state.code = decodeURIComponent(location.hash.slice(1));
  state.lang = pickLanguage();
  document.documentElement.lang = state.lang;
  // The socket opens while the words come: the table is drawn as soon as both are here.
  if (state.code) connect();
  try {
    const answer = await fetch(`words/${state.lang}.json`, { cache: "no-cache" });
    if (answer.ok) state.words = await answer.json();
  } catch { /* the English words stay */ }
  state.worded = true;
  $("hint").addEventListener("click", askHint);
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("log").addEventListener("click", () => send({ type: "log" }));
  $("rules").addEventListener("click", () => send({ type: "rules" }));
  $("dialog-close").addEventListener("click", () => $("dialog").close());
  window.addEventListener("resize", draw);
  window.addEventListener("hashchange", () => location.reload());
  render();
}

start();
