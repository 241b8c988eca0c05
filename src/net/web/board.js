// The felt's drawing: tiles as SVG, a layout as arms of tiles with their open ends.
//
// Nothing here knows a rule. A layout comes from the host as capicua-net/1 writes it
// (`line`, `spinner`, `trains`: docs/protocol.md) and is turned into *arms* — rows of
// tiles as they lie, each ending in the open end a tile may go on — by `armsOf`, the one
// place that knows the layouts' shapes; a layout of another kind that lists its arms
// (`{kind, arms: [{end, tiles, open}]}`) is drawn the same way.

const SVG = "http://www.w3.org/2000/svg";

// Pip places in a half tile (a unit square): a 3 by 3 grid up to nine, 3 by 4 beyond.
const A = 0.25, B = 0.5, C = 0.75;
const NINE = [
  [],
  [[B, B]],
  [[A, A], [C, C]],
  [[A, A], [B, B], [C, C]],
  [[A, A], [C, A], [A, C], [C, C]],
  [[A, A], [C, A], [B, B], [A, C], [C, C]],
  [[A, A], [A, B], [A, C], [C, A], [C, B], [C, C]],
  [[A, A], [A, B], [A, C], [B, B], [C, A], [C, B], [C, C]],
  [[A, A], [A, B], [A, C], [B, A], [B, C], [C, A], [C, B], [C, C]],
  [[A, A], [A, B], [A, C], [B, A], [B, B], [B, C], [C, A], [C, B], [C, C]],
];
const COLS = [0.22, 0.5, 0.78];
const ROWS = [0.17, 0.39, 0.61, 0.83];
const side = ROWS.flatMap((y) => [[COLS[0], y], [COLS[2], y]]);
const TWELVE = {
  10: [...side, [COLS[1], ROWS[1]], [COLS[1], ROWS[2]]],
  11: [...side, [COLS[1], 0.22], [COLS[1], 0.5], [COLS[1], 0.78]],
  12: [...side, ...ROWS.map((y) => [COLS[1], y])],
};

export function pipPlaces(n) {
  return n <= 9 ? NINE[n] : TWELVE[n] || [];
}

function el(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// One tile [a, b] as an SVG: `a` on the left (or top, `upright`).
export function tileSvg(a, b, upright) {
  const w = upright ? 1 : 2, h = upright ? 2 : 1;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "face", "aria-hidden": "true" });
  svg.append(el("rect", { x: 0.02, y: 0.02, width: w - 0.04, height: h - 0.04, rx: 0.12, class: "body" }));
  svg.append(upright
    ? el("line", { x1: 0.14, y1: 1, x2: 0.86, y2: 1, class: "bar" })
    : el("line", { x1: 1, y1: 0.14, x2: 1, y2: 0.86, class: "bar" }));
  [a, b].forEach((n, half) => {
    const r = n > 9 ? 0.072 : 0.095;
    for (const [x, y] of pipPlaces(n)) {
      // Upright, the halves stack; lying, they sit side by side, the pattern turned.
      const cx = upright ? x : half + y;
      const cy = upright ? half + y : x;
      svg.append(el("circle", { cx, cy, r, class: `pip n${n}` }));
    }
  });
  return svg;
}

export function backSvg(upright) {
  const w = upright ? 1 : 2, h = upright ? 2 : 1;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "face", "aria-hidden": "true" });
  svg.append(el("rect", { x: 0.02, y: 0.02, width: w - 0.04, height: h - 0.04, rx: 0.12, class: "back" }));
  return svg;
}

// The arms of a layout: [{end, tiles, open, mark, head}], each row read from its start;
// `open` the number open at its end (null: closed), `start` an end at the row's start.
export function armsOf(layout, heads) {
  if (!layout) return [];
  const open = Object.fromEntries(layout.open || []);
  if (layout.arms) return layout.arms.map((a) => ({ ...a, open: open[a.end] ?? null }));
  if (layout.kind === "spinner") {
    const rows = [];
    if (layout.up.length || "up" in open) rows.push({ end: "up", tiles: layout.up, open: open.up ?? null, first: layout.line.length });
    rows.push({ start: "left", end: "right", tiles: layout.line, open: open.right ?? null, startOpen: open.left ?? null, spinner: layout.spinner, first: 0 });
    if (layout.down.length || "down" in open) rows.push({ end: "down", tiles: layout.down, open: open.down ?? null, first: layout.line.length + layout.up.length });
    return rows;
  }
  if (layout.kind === "trains") {
    const marks = Object.fromEntries((heads || []).map(([end, mark, marked]) => [end, { mark, marked }]));
    let first = 0;
    return layout.trains.map((t) => {
      const row = { end: t.end, tiles: t.tiles, open: open[t.end] ?? null, head: marks[t.end] || { mark: t.end, marked: t.marker }, engine: layout.engine, first };
      first += t.tiles.length;
      return row;
    });
  }
  return [{ start: "left", end: "right", tiles: layout.tiles, open: open.right ?? null, startOpen: open.left ?? null, first: 0 }];
}

// The half-tile size (CSS px) that lets `count` tiles fill a `w` by `h` felt, legibly:
// by area, and no larger than a row of four tiles and two ends across the felt.
export function unitFor(w, h, count, rows, touch) {
  const tiles = Math.max(count, 6) + rows * 2;
  const byArea = Math.sqrt((w * h) / (tiles * 2 * 2.2));
  const byWidth = (w - 2 * touch - 24) / 5;
  const most = Math.max(56, Math.min(w, h) / 9);
  return Math.max(28, Math.floor(Math.min(byArea, byWidth, most)));
}
