#!/usr/bin/env node
// A capicua-bot/1 bot in JavaScript for Node.js (18 or later), no packages: a starting point.
//
// capicua runs it as a program (docs/protocol.md): one JSON message a line on stdin, one
// answer a line on stdout, and stderr for its log. In a config:
//
//   [seats]
//   2 = { player = "command", argv = ["node", "js/bot.js"] }
//
// How it plays (see choose()):
// * a play: one that leaves the next player (an opponent) only numbers it has shown it
//   holds no tile of, by passing earlier in the hand; then the heaviest tile, doubles first,
//   because the pips left in hand are what the other side scores;
// * five or more doubles: it shows them and asks for a redeal, as computers must;
// * choosing the leader: itself; the draw for first lead: the first face-down tile.
"use strict";

const readline = require("node:readline");

const NAME = "jsbot";
const VERSION = "1.0";
const OPTIONS = {
  block: {
    type: "bool",
    default: true,
    help: "prefer plays that leave the next player only numbers it lacks",
  },
};

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

// "6-4L" -> [6, 4, "L", null]; "6-4T3" -> [6, 4, "T3", null]; a tile that lies either
// way round on its end names the number it leaves open: "6-1L/6" -> [6, 1, "L", 6].
function parsePlay(action) {
  const [, a, b, end, shows] = action.match(/^(\d+)-(\d+)([LRUDM]|[TA]\d+)(?:\/(\d+))?$/);
  return [Number(a), Number(b), end, shows === undefined ? null : Number(shows)];
}

function other(a, b, n) {
  return a === n ? b : a;
}

// The tiles `seat` has shown it lacks: what capicua says each of its passes (or draws) for
// want of a play showed, by the game's own rules (the decision's "told": [index in history,
// tiles]); a draw from the boneyard may bring any tile, so it forgets what was known.
function lacking(decide, seat) {
  const told = new Map(decide.told || []);
  let lacks = new Set();
  decide.history.forEach(([s, action], i) => {
    if (s !== seat) return;
    if (action === "draw") lacks = new Set();
    else if (told.has(i)) for (const [a, b] of told.get(i)) lacks.add(`${a}-${b}`);
  });
  return lacks;
}

// Whether a seat that lacks `lacks` holds no tile showing `n` at all.
function holdsNo(lacks, n) {
  for (let m = 0; m <= maxPip; m++) {
    if (!lacks.has(`${Math.max(n, m)}-${Math.min(n, m)}`)) return false;
  }
  return true;
}

// The open ends after a play.
function after(ends, action) {
  const [a, b, end, shows] = parsePlay(action);
  if (ends === null) return [a, b];
  return end === "L"
    ? [shows ?? other(a, b, ends[0]), ends[1]]
    : [ends[0], shows ?? other(a, b, ends[1])];
}

function choose(decide, options) {
  const legal = decide.legal;
  if (legal.length === 1) return [legal[0], "the only legal action"];
  if (decide.phase === "claim") return ["redeal", "five doubles: I show them"];
  if (decide.phase === "lead") {
    const mine = `lead ${decide.seat}`;
    return [legal.includes(mine) ? mine : legal[0], "I lead"];
  }
  if (decide.phase === "draw") return [legal[0], "any tile: they are face down"];

  const seats = decide.counts.length;
  const next = (decide.seat % seats) + 1;
  // On a line it reads the next player's passes; on a spinner or trains it plays by pips.
  // (after() lays a tile as equal numbers join: in a game that joins otherwise this
  // preference misjudges the new ends, and only costs a choice among legal plays.)
  const line = decide.layout.kind === "line";
  const lacks = line ? lacking(decide, next) : new Set();
  const score = (action) => {
    const [a, b] = parsePlay(action);
    const [l, r] = line ? after(decide.ends, action) : [null, null];
    const blocks = options.block && line && holdsNo(lacks, l) && holdsNo(lacks, r) ? 1 : 0;
    return [blocks, a + b, a === b ? 1 : 0];
  };
  // A game that draws at will offers "draw" beside the plays: this bot always plays.
  const plays = legal.filter((action) => action !== "draw");
  let best = plays[0];
  for (const action of plays.slice(1)) {
    const [x, y] = [score(action), score(best)];
    if (x[0] > y[0] || (x[0] === y[0] && (x[1] > y[1] || (x[1] === y[1] && x[2] > y[2])))) {
      best = action;
    }
  }
  const [blocks, pips] = score(best);
  const why = blocks ? `seat ${next} cannot follow ${best}` : `${best}: ${pips} pips`;
  return [best, why];
}

const defaults = Object.fromEntries(Object.entries(OPTIONS).map(([k, v]) => [k, v.default]));
let options = { ...defaults };
let maxPip = 6; // the set's highest number, from new_match

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({
        type: "hello",
        protocol: "capicua-bot/1",
        name: NAME,
        version: VERSION,
        options: OPTIONS,
        variants: ["*"], // it reads every decision from the message alone
        reset: true, // new_match starts it afresh: keep the process
      });
      break;
    case "new_match":
      options = { ...defaults, ...message.options };
      maxPip = message.variant.max_pip;
      console.error(`${NAME}: ${message.variant.name}, seat ${message.seat}`);
      send({ type: "ready" });
      break;
    case "decide": {
      const [action, why] = choose(message, options);
      send({ type: "action", id: message.id, action, comment: why });
      break;
    }
    case "match_ended":
      console.error(`${NAME}: the match ended, winner ${message.winner}`);
      break;
    case "quit":
      input.close();
      break;
    default: // hand_ended, and any message type it does not know: nothing to answer
  }
});
input.on("close", () => process.exit(0));
