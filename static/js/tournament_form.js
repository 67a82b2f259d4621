// The private tournament's form: only the chosen game's fields and choices show (each carries
// data-games, tournaments/forms.py); the server checks everything again.

const form = document.querySelector("[data-tournament-form]");
const game = form.querySelector("[name=game]");

function show() {
  const chosen = game.value;
  form.querySelectorAll("[data-field][data-games]").forEach((field) => {
    field.hidden = !field.dataset.games.split(" ").includes(chosen);
  });
  form.querySelectorAll("option[data-games], input[data-games]").forEach((choice) => {
    const fits = choice.dataset.games.split(" ").includes(chosen);
    const holder = choice.tagName === "OPTION" ? choice : choice.closest("label") || choice;
    holder.hidden = !fits;
    choice.disabled = !fits;
  });
  const size = form.querySelector("[name=table_size]");
  if (size && size.selectedOptions[0] && size.selectedOptions[0].disabled) {
    const first = [...size.options].find((o) => !o.disabled);
    if (first) size.value = first.value;
  }
}
game.addEventListener("change", show);
show();
