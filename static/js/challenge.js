// The challenge's form (lobby/challenge_forms.py): only the fields, choices and seats of the chosen game,
// as the lobby's create-room form shows them (every game-specific field and choice carries its games in
// data-games); the bot level only while bots play the other seats. The form works without this script.

const GAMES = JSON.parse(document.getElementById("mesa-games").textContent);
const form = document.getElementById("challenge-form");
const gameSelect = form.querySelector("[name=game]");
const forGame = (node, game) => node.dataset.games.split(" ").includes(game);

function limitSelect(select, allowed, fallback) {
  for (const option of select.options) option.hidden = option.disabled = !allowed(option);
  const current = select.options[select.selectedIndex];
  if (!current || current.disabled) select.value = String(fallback);
}

function show() {
  const game = gameSelect.value;
  const rules = GAMES[game];
  form.querySelectorAll(".field[data-games]").forEach((field) => { field.hidden = !forGame(field, game); });
  form.querySelectorAll("input[type=checkbox][data-games]").forEach((box) => {
    const on = forGame(box, game);
    box.closest("label").parentElement.hidden = !on;
    if (!on) box.checked = false;
  });
  form.querySelectorAll("select").forEach((select) => {
    if (![...select.options].some((o) => o.dataset.games)) return;
    const fallback = select.name === "seat_count" ? rules.default_seats : rules.defaults[select.name];
    limitSelect(select, (o) => !o.dataset.games || forGame(o, game), fallback);
  });
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
