// The challenge's form (lobby/challenge_forms.py): only the fields, choices and seats of the chosen game,
// as the lobby's create-room form shows them (every game-specific field and choice carries its games in
// data-games); the bot level only while bots play the other seats. The form works without this script.

import { showGameFields } from "./game_fields.js";

const GAMES = JSON.parse(document.getElementById("mesa-games").textContent);
const form = document.getElementById("challenge-form");
const gameSelect = form.querySelector("[name=game]");

function show() {
  const game = gameSelect.value;
  const rules = GAMES[game];
  showGameFields(form, game, rules);
  const fallbackTime = form.querySelector("[name=time_limit] option[value=default]");
  if (fallbackTime && rules.default_time) fallbackTime.textContent = rules.default_time;
  showSeats();
}

function showSeats() {
  const rules = GAMES[gameSelect.value];
  const seats = rules.seat_counts.length > 1 ? Number(form.querySelector("[name=seat_count]").value) : rules.default_seats;
  const others = seats > 2; // beyond the two people
  form.querySelector('[data-field="empty_seats"]').hidden = !others;
  const bots = form.querySelector("[name=empty_seats]:checked");
  form.querySelector('[data-field="bot_level"]').hidden = !others || !bots || bots.value !== "bots";
}

gameSelect.addEventListener("change", show);
form.querySelector("[name=seat_count]").addEventListener("change", showSeats);
form.querySelectorAll("[name=empty_seats]").forEach((radio) => radio.addEventListener("change", showSeats));
show();
