// The staff replay: step through a finished hand, showing every seat's cards and the board.
// Each step comes from the server (rooms/records/hand_replay.py) with its caption in words, who held
// each seat then and the mortos; seats are numbered from 1, as on the admin's hand page.

import { cardElement, fill } from "./cards.js";

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
const R = JSON.parse(document.getElementById("replay-strings").textContent);
const steps = JSON.parse(document.getElementById("replay-steps").textContent);
const $ = (id) => document.getElementById(id);
let index = 0;
// The seat filter (room seat from 1, or null): Previous and Next step through that seat's moves only.
let seatShown = null;

function node(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined) n.textContent = text;
  return n;
}

function cards(codes, small = false) {
  const row = node("div", "hand");
  for (const c of codes || []) row.append(cardElement(c, S, { small }));
  return row;
}

// "Seat 2 · Bruno": an engine seat by its room seat's number and who held it at this step.
function seatTitle(step, engineSeat) {
  const seat = (step.seats || [])[engineSeat];
  if (!seat) return fill(S.seat_n, { n: Number(engineSeat) + 1 });
  return seat.name ? fill(R.seat_named, { n: seat.number, name: seat.name }) : fill(S.seat_n, { n: seat.number });
}

function mortos(step) {
  const box = node("div", "replay-mortos");
  for (const morto of step.mortos || []) {
    const m = node("div", "replay-morto");
    m.dataset.team = morto.team;
    const fate = morto.taken ? fill(R.morto_taken_by, { name: morto.by || "?" }) : R.morto_not_taken;
    m.append(node("span", "felt__label", `${fill(R.morto_team, { n: morto.team })} · ${fate}`));
    if (!morto.taken) m.append(cards(morto.cards, true));
    box.append(m);
  }
  return box;
}

function board(view, step) {
  const felt = node("div", "felt");
  if (view.centre) {
    felt.append(node("span", "felt__label", S.game.centre), cards(view.centre));
    const piles = node("div", "own-pile");
    for (const [seat, pile] of Object.entries(view.piles || {})) {
      const p = node("span", "pile");
      p.append(`${seatTitle(step, seat)}: `);
      if (pile.top) p.append(cardElement(pile.top, S, { small: true }));
      p.append(` ${fill(S.cards_n, { n: pile.count })}`);
      piles.append(p);
    }
    felt.append(piles);
  }
  if (view.discard_top) {
    felt.append(node("span", "felt__label", `${S.game.pile} · ${S.suits[view.suit] || ""}`), cards([view.discard_top]));
  }
  if (view.discard) {
    felt.append(node("span", "felt__label", S.game.discard_pile));
    const fan = cards(view.discard, true);
    fan.className = "fan";
    felt.append(fan);
  }
  if (view.melds) {
    for (const [team, runs] of Object.entries(view.melds)) {
      const box = node("div", "team-runs");
      box.append(node("h3", "", fill(S.team_n, { n: Number(team) + 1 })));
      for (const run of runs) {
        const r = node("div", "run");
        const row = cards(run.cards, true);
        row.className = "run__cards";
        r.append(row);
        if (run.canastra) r.append(node("span", `canastra canastra--${run.canastra}`, S.game.canastra[run.canastra]));
        box.append(r);
      }
      felt.append(box);
    }
  }
  if (view.stock_count !== undefined) felt.append(node("p", "stock", fill(S.stock_n, { n: view.stock_count })));
  if ((step.mortos || []).length) felt.append(mortos(step));
  return felt;
}

function show(i) {
  index = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[index];
  $("step-range").value = index;
  const time = step.time ? ` · ${step.time}` : "";
  $("step-label").textContent = `${index + 1}/${steps.length}${time} · ${step.label}`;
  const views = step.views || [];
  $("board").replaceChildren(views.length ? board(views[0], step) : "");
  const seats = $("replay-seats");
  seats.replaceChildren();
  views.forEach((view, seat) => {
    const box = node("section", `replay-seat${view.turn === seat ? " replay-seat--turn" : ""}`);
    const held = (step.seats || [])[seat];
    box.dataset.seat = held ? held.number : seat + 1;
    const name = seatTitle(step, seat);
    const title = view.turn === seat ? `${name} · ${fill(S.turn_of, { name: held && held.name ? held.name : name })}` : name;
    box.append(node("h2", "", title));
    if (held && held.stand_in) box.append(node("p", "muted", R.stand_in));
    box.append(cards(view.hand));
    if (view.drawn) box.append(node("p", "muted", `${S.game.play_it || ""} ${view.drawn}`));
    seats.append(box);
  });
  $("prev").disabled = neighbour(-1) === null;
  $("first").disabled = index === 0;
  $("next").disabled = neighbour(1) === null;
  $("last").disabled = index === steps.length - 1;
}

// The next step (direction 1) or the previous one (-1) that the seat filter shows; null: none.
function neighbour(direction) {
  for (let i = index + direction; i >= 0 && i < steps.length; i += direction) {
    if (seatShown === null || steps[i].seat === seatShown) return i;
  }
  return null;
}

function step(direction) {
  const to = neighbour(direction);
  if (to !== null) show(to);
}

$("step-range").max = String(Math.max(0, steps.length - 1));
$("step-range").addEventListener("input", (e) => show(Number(e.target.value)));
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => step(-1));
$("next").addEventListener("click", () => step(1));
$("seat-filter").addEventListener("change", (e) => {
  seatShown = e.target.value ? Number(e.target.value) : null;
  // The chosen seat's first move from here on (or its last before), so the board shows one of its moves.
  if (seatShown !== null && steps[index].seat !== seatShown) {
    const to = neighbour(1) ?? neighbour(-1);
    if (to !== null) show(to);
    else show(index);
  } else show(index);
});
$("last").addEventListener("click", () => show(steps.length - 1));
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight") { step(1); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { step(-1); e.preventDefault(); }
  else if (e.key === "Home") { show(0); e.preventDefault(); }
  else if (e.key === "End") { show(steps.length - 1); e.preventDefault(); }
});
show(0);
