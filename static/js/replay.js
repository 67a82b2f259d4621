// The staff replay: step through a finished hand, showing every seat's cards and the board.
// Each step comes from the server (rooms/records/hand_replay.py) with its caption in words, who held
// each seat then and the mortos; seats are numbered from 1, as on the admin's hand page.

import { fill } from "./cards.js";
import { board as drawBoard, cards as drawCards, node, seatTitle as titleOf } from "./replay_board.js";

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
const R = JSON.parse(document.getElementById("replay-strings").textContent);
const steps = JSON.parse(document.getElementById("replay-steps").textContent);
const $ = (id) => document.getElementById(id);
let index = 0;
// The seat filter (room seat from 1, or null): Previous and Next step through that seat's moves only.
let seatShown = null;

const cards = (codes) => drawCards(codes, S);
const seatTitle = (step, engineSeat) => titleOf(step.seats, engineSeat, S, R);
const board = (view, step) => drawBoard(view, step.seats, step.mortos, S, R);

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
