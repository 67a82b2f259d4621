// The replay of a finished match (players/replay_data.py): every hand, step by step, every seat's
// cards face up. The page carries the match's summary (its hands, the reader's seat); each hand's
// steps are loaded when first shown (replay.json?hand=N), its first table whole and then only what
// each step changed, rebuilt here (tablesOf) the way players/replay_data.py `table_of` does.
// Hooks (docs/ui.md): [data-replay] and its [data-replay-step], [data-replay-prev],
// [data-replay-next], [data-replay-play], [data-replay-hand]; the position is kept in the address's
// hash (#hand=2&step=14), so a shared link opens where it was copied.

import { cardElement, fill } from "./cards.js";
import { board, node, seatTitle } from "./replay_board.js";

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
const R = JSON.parse(document.getElementById("replay-strings").textContent);
const root = document.querySelector("[data-replay]");
const $ = (name) => root.querySelector(`[data-replay-${name}]`);

const doc = JSON.parse(document.getElementById("replay-summary").textContent);
doc.hands = doc.hand_list.map((h) => ({ ...h, steps: null }));
let ready = false;
let hand = 0; // index into doc.hands
let step = 0; // index into that hand's steps
let tables = []; // the current hand's tables, rebuilt from its changes
let timer = null;

function applyChange(before, change) {
  if (!change) return { ...before };
  const after = { ...before };
  for (const key of change.gone || []) delete after[key];
  return Object.assign(after, change.set || {});
}

// Every table of one hand: its first step's whole, then each step's changes applied in turn.
function tablesOf(entry) {
  const out = [];
  let table = null;
  for (const s of entry.steps) {
    if (s.table) table = s.table;
    else {
      const c = s.change || {};
      table = {
        public: applyChange(table.public, c.public),
        own: table.own.map((mine, i) => applyChange(mine, (c.own || [])[i])),
        seats: c.seats || table.seats,
        mortos: c.mortos || table.mortos,
      };
    }
    out.push(table);
  }
  return out;
}

const playable = (i) => Boolean(doc.hands[i] && doc.hands[i].finished);
const loads = new Map();

// A hand's steps, fetched once (its promise kept, so two quick clicks ask once).
function load(i) {
  if (!loads.has(i)) {
    const url = `${root.dataset.url}?hand=${encodeURIComponent(doc.hands[i].number)}`;
    loads.set(i, fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => { if (!response.ok) throw new Error(String(response.status)); return response.json(); })
      .then((data) => { Object.assign(doc.hands[i], data.hands[0]); return doc.hands[i]; })
      .catch((error) => { loads.delete(i); throw error; }));
  }
  return loads.get(i);
}

function cardsRow(codes, small) {
  const row = node("div", "hand");
  row.style.setProperty("--n", String(Math.max(1, (codes || []).length)));
  for (const c of codes || []) row.append(cardElement(c, S, { small }));
  return row;
}

// One seat as the table draws it: the name (yours marked), its team, its cards face up, whose turn.
function seatBox(table, engineSeat, view, bottom) {
  const held = table.seats[engineSeat] || {};
  const turn = view.turn === engineSeat && !view.over;
  const yours = doc.your_seat !== null && held.number === doc.your_seat;
  const box = node("section", `seat replay-seat match-replay__seat${turn ? " seat--turn" : ""}${bottom ? " seat--bottom" : ""}`);
  if (doc.teams && view.team !== undefined) box.classList.add(`seat--team${view.team}`);
  box.dataset.seat = held.number || engineSeat + 1;
  const name = seatTitle(table.seats, engineSeat, S, R);
  const head = node("div", "seat__head");
  head.append(node("span", "seat__name", yours ? `${name} (${S.you})` : name));
  box.append(head);
  const facts = node("div", "seat__facts");
  if (doc.teams && view.team !== undefined) facts.append(node("span", `seat__team seat__team--${view.team}`, fill(S.team_n, { n: Number(view.team) + 1 })));
  const count = (view.hand || []).length;
  facts.append(node("span", "seat__count", count === 1 ? S.card_1 : fill(S.cards_n, { n: count })));
  if (turn) facts.append(node("span", "seat__turn", fill(S.turn_of, { name: held.name || name })));
  if (held.stand_in) facts.append(node("span", "muted", R.stand_in));
  box.append(facts, cardsRow(view.hand, !bottom));
  return box;
}

function setStepText() {
  const entry = doc.hands[hand];
  const out = $("step");
  out.textContent = fill(R.step_of, { n: step + 1, total: entry.steps.length });
  out.setAttribute("data-replay-step", String(step + 1));
}

function draw() {
  const entry = doc.hands[hand];
  const table = tables[step];
  const views = table.own.map((mine) => ({ ...table.public, ...mine }));
  const order = views.map((_, i) => i).sort((a, b) => (table.seats[a]?.number ?? a) - (table.seats[b]?.number ?? b));
  // Yours at the bottom, as at the table; a reader who did not play sees the first seat there.
  let mine = order.findIndex((i) => table.seats[i]?.number === doc.your_seat);
  if (mine < 0) mine = 0;
  const ring = [...order.slice(mine + 1), ...order.slice(0, mine)];
  // A record the engine could not deal again has no seat to draw: its step says so in words.
  $("others").replaceChildren(...ring.map((i) => seatBox(table, i, views[i], false)));
  $("mine").replaceChildren(...(views.length ? [seatBox(table, order[mine], views[order[mine]], true)] : []));
  $("felt").replaceChildren(views.length ? board(views[0], table.seats, table.mortos, S, R) : "");
  $("words").textContent = entry.steps[step].label;
  setStepText();
  $("range").max = String(entry.steps.length - 1);
  $("range").value = String(step);
  $("hand").value = String(hand);
  $("prev").disabled = previousPlace() === null;
  $("next").disabled = nextPlace() === null;
  const last = step === entry.steps.length - 1;
  const result = $("result");
  result.hidden = !last;
  if (last) drawResult(entry, result);
  history.replaceState(null, "", `#hand=${entry.number}&step=${step + 1}`);
}

function drawResult(entry, box) {
  box.replaceChildren(node("h2", "", fill(R.hand_over, { n: entry.number })));
  if (entry.ended) box.append(node("p", "", entry.ended));
  const list = node("ul", "match-replay__scores");
  for (const score of entry.scores || []) {
    const li = node("li", score.won ? "match-replay__score--won" : "", `${score.label}: ${fill(S.points_n, { n: score.points })}`);
    list.append(li);
  }
  box.append(list);
}

function nextPlace() {
  if (step < doc.hands[hand].steps.length - 1) return [hand, step + 1];
  for (let i = hand + 1; i < doc.hands.length; i++) if (playable(i)) return [i, 0];
  return null;
}

// The step before; in the hand before, its last step (Infinity: known once that hand is loaded).
function previousPlace() {
  if (step > 0) return [hand, step - 1];
  for (let i = hand - 1; i >= 0; i--) if (playable(i)) return [i, Infinity];
  return null;
}

// Moves run one after another: a step asked for while a hand loads waits for it.
let moving = Promise.resolve();

function go(place) {
  if (!place) return false;
  moving = moving.then(async () => {
    const [h, s] = place;
    if (h !== hand || !tables.length) {
      const entry = await load(h);
      hand = h;
      tables = tablesOf(entry);
    }
    step = Math.max(0, Math.min(s, tables.length - 1));
    draw();
    const ahead = nextPlace();
    if (ahead && ahead[0] !== hand) load(ahead[0]).catch(() => {}); // the next hand, ready before it is needed
  }).catch(() => { $("words").textContent = R.load_failed; });
  return true;
}

function setPlaying(on) {
  clearInterval(timer);
  timer = null;
  const button = $("play");
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.textContent = on ? R.pause : R.play;
  if (!on) return;
  if (!nextPlace()) go(firstPlace());
  timer = setInterval(() => {
    moving.then(() => { if (timer !== null && !go(nextPlace())) setPlaying(false); });
  }, Number($("speed").value));
}

function firstPlace() {
  const i = doc.hands.findIndex((_, k) => playable(k));
  return i < 0 ? null : [i, 0];
}

// The place a shared link names (#hand=2&step=14), when it names one that exists.
function linkedPlace() {
  const params = new URLSearchParams(location.hash.slice(1));
  const i = doc.hands.findIndex((h) => String(h.number) === params.get("hand"));
  if (i < 0 || !playable(i)) return null;
  return [i, Math.max(0, (Number(params.get("step")) || 1) - 1)];
}

function fillHands() {
  const select = $("hand");
  select.replaceChildren(...doc.hands.map((h, i) => {
    const option = node("option", "", playable(i) ? fill(R.hand_n, { n: h.number }) : fill(R.not_finished, { n: h.number }));
    option.value = String(i);
    option.disabled = !playable(i);
    return option;
  }));
}

async function share() {
  const status = $("shared");
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = R.share_copied;
  } catch {
    status.textContent = `${R.share_failed} ${location.href}`;
  }
}

function start() {
  fillHands();
  $("winners").textContent = doc.match.winners.length ? ` · ${fill(R.winners, { names: doc.match.winners.join(", ") })}` : "";
  const first = linkedPlace() || firstPlace();
  if (!first) {
    $("words").textContent = R.not_shown;
    root.dataset.state = "empty";
    return;
  }
  go(first);
  moving.then(() => {
    if (!tables.length) { root.dataset.state = "failed"; return; }
    for (const name of ["hand", "prev", "next", "play", "range"]) $(name).disabled = false;
    ready = true;
    root.dataset.state = "ready";
    performance.mark("mesa-replay-drawn"); // the first step on screen: what bench/replay.py times
  });
}

$("prev").addEventListener("click", () => { setPlaying(false); go(previousPlace()); });
$("next").addEventListener("click", () => { setPlaying(false); go(nextPlace()); });
$("play").addEventListener("click", () => setPlaying(timer === null));
$("speed").addEventListener("change", () => { if (timer !== null) setPlaying(true); });
$("hand").addEventListener("change", (e) => { setPlaying(false); go([Number(e.target.value), 0]); });
$("range").addEventListener("input", (e) => { setPlaying(false); go([hand, Number(e.target.value)]); });
$("share").addEventListener("click", share);
// A link to another place of this page (#hand=3&step=1) moves there without a reload.
window.addEventListener("hashchange", () => { if (ready) { setPlaying(false); go(linkedPlace()); } });
document.addEventListener("keydown", (e) => {
  if (!ready || e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = e.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (e.key === "ArrowRight") { setPlaying(false); go(nextPlace()); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { setPlaying(false); go(previousPlace()); e.preventDefault(); }
  else if (e.key === " " && tag !== "A") { setPlaying(timer === null); e.preventDefault(); }
});

start();
