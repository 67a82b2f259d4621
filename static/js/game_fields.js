// A room form's per-game fields (the lobby's create-room form, a challenge's form): only the fields,
// checkboxes and choices of the chosen game show, each carrying its games in data-games (rooms/forms.py
// lobby_settings); a select whose choice no longer fits falls back to the game's default.

export const forGame = (node, game) => node.dataset.games.split(" ").includes(game);

export function limitSelect(select, allowed, fallback) {
  for (const option of select.options) option.hidden = option.disabled = !allowed(option);
  const current = select.options[select.selectedIndex];
  if (!current || current.disabled) select.value = String(fallback);
}

// `skip`: selects this form draws by itself (the lobby's bots).
export function showGameFields(form, game, rules, skip = "") {
  form.querySelectorAll(".field[data-games]").forEach((field) => { field.hidden = !forGame(field, game); });
  form.querySelectorAll("input[type=checkbox][data-games]").forEach((box) => {
    const on = forGame(box, game);
    box.closest("label").parentElement.hidden = !on;
    if (!on) box.checked = false;
  });
  form.querySelectorAll(skip ? `select:not(${skip})` : "select").forEach((select) => {
    if (![...select.options].some((o) => o.dataset.games)) return;
    const fallback = select.name === "seat_count" ? rules.default_seats : rules.defaults[select.name];
    limitSelect(select, (o) => !o.dataset.games || forGame(o, game), fallback);
  });
}
