// The host's invitation by name (the table's side panel, #invite-form): posted by fetch, and the
// server's sentence ("Invitation sent.", whoever the name belongs to) shown under the form. Without
// this script the form posts and the table comes back with the same sentence as a message.

const form = document.getElementById("invite-form");
const status = document.getElementById("invite-status");

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const body = new FormData(form);
  fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } })
    .then((response) => response.json().then((answer) => ({ response, answer })))
    .then(({ response, answer }) => {
      status.textContent = answer.message;
      status.dataset.inviteOk = response.ok ? "true" : "false";
      if (response.ok) form.elements.username.value = "";
    })
    .catch(() => {
      status.textContent = form.dataset.offline || "";
      status.dataset.inviteOk = "false";
    });
});
