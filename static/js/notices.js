// The header's notifications: invitations by name and challenges, live over the page's site socket
// (docs/protocol.md "Site and lobby sockets"), and the friends online (online_friends.js) over the same one. The lobby's own socket carries them there (lobby.js hands each frame on as a
// "mesa:site-frame" event); every other page opens /ws/site/ (site_socket.js, the lobby's heartbeat).
// Accept is a plain form post (the server seats the person and opens the table); Decline is posted by
// fetch and the card goes, in every tab, when the server's invitation_gone arrives.

import { callAttention, dropAttention } from "./attention.js";
import { fill } from "./cards.js";
import { friendsOnline } from "./online_friends.js";
import { keepOpen } from "./site_socket.js";

const box = document.getElementById("site-notices");
const list = document.getElementById("site-notices-list");
const announcer = document.getElementById("site-announcer");
const S = JSON.parse(document.getElementById("mesa-site-strings").textContent);
const token = document.querySelector("#notice-token [name=csrfmiddlewaretoken]").value;

function show() { box.hidden = list.children.length === 0; }

function form(action, label, kind) {
  const f = document.createElement("form");
  f.method = "post";
  f.action = action;
  f.className = "inline-form";
  const csrf = document.createElement("input");
  csrf.type = "hidden";
  csrf.name = "csrfmiddlewaretoken";
  csrf.value = token;
  const next = document.createElement("input");
  next.type = "hidden";
  next.name = "next";
  next.value = location.pathname + location.search;
  const button = document.createElement("button");
  button.type = "submit";
  button.className = "button button--small" + (kind === "decline" ? " button--ghost" : "");
  button.textContent = label;
  button.dataset[kind === "accept" ? "inviteAccept" : "inviteDecline"] = "";
  f.append(csrf, next, button);
  return f;
}

function add(invitation) {
  if (list.querySelector(`[data-invitation="${invitation.id}"]`)) return;
  const li = document.createElement("li");
  li.className = "site-notice";
  li.dataset.invitation = String(invitation.id);
  const text = document.createElement("p");
  text.className = "site-notice__text";
  const game = S.game_names[invitation.game] || invitation.game;
  if (invitation.challenge) {
    li.dataset.challengeNotice = "";
    const kind = invitation.rated ? S.rated : S.casual;
    text.textContent = fill(S.challenged, { host: invitation.host, game, kind });
    // A challenge lapses (lobby/challenges.py): the card goes then, counted from its arrival here.
    if (invitation.expires) setTimeout(() => remove(invitation.id), Math.max(0, invitation.expires - invitation.sent));
  } else {
    text.textContent = fill(S.invited, { host: invitation.host, game, room: invitation.room_name });
  }
  const buttons = document.createElement("div");
  buttons.className = "site-notice__buttons";
  const decline = form(`/invitations/${invitation.id}/decline/`, S.decline, "decline");
  decline.addEventListener("submit", (event) => {
    event.preventDefault();
    fetch(decline.action, { method: "POST", body: new FormData(decline), headers: { Accept: "application/json" } })
      .then(() => remove(invitation.id))
      .catch(() => {}); // offline: the card stays and may be declined again
  });
  buttons.append(form(`/invitations/${invitation.id}/accept/`, S.accept, "accept"), decline);
  li.append(text, buttons);
  list.append(li);
  show();
}

function remove(id) {
  const li = list.querySelector(`[data-invitation="${id}"]`);
  if (li) li.remove();
  dropAttention(`invitation:${id}`);
  show();
}

// The challenger's pages hear the answer: a card they close.
function answered(msg) {
  const li = document.createElement("li");
  li.className = "site-notice";
  li.dataset.challengeAnswer = msg.answer;
  const text = document.createElement("p");
  text.className = "site-notice__text";
  text.textContent = fill(msg.answer === "accepted" ? S.challenge_accepted : S.challenge_declined, { name: msg.name });
  const close = document.createElement("button");
  close.type = "button";
  close.className = "button button--small button--ghost";
  close.textContent = S.dismiss;
  close.addEventListener("click", () => { li.remove(); show(); });
  const buttons = document.createElement("div");
  buttons.className = "site-notice__buttons";
  buttons.append(close);
  li.append(text, buttons);
  list.append(li);
  announcer.textContent = text.textContent;
  show();
}

// A tournament seated the reader (tournaments/live.py): on any page but the tournament's own (which offers
// the table itself, tournament.js) and the table's, a card with the way there, and a hidden tab is told.
function seated(msg) {
  if (document.querySelector(`[data-tournament="${msg.tournament}"]`) || box.dataset.room === msg.room) return;
  if (list.querySelector(`[data-tournament-ready="${CSS.escape(msg.room)}"]`)) return;
  const li = document.createElement("li");
  li.className = "site-notice";
  li.dataset.tournamentReady = msg.room;
  const text = document.createElement("p");
  text.className = "site-notice__text";
  text.textContent = fill(S.tournament_table, { table: msg.table });
  const go = document.createElement("a");
  go.className = "button button--small";
  go.href = `/rooms/${encodeURIComponent(msg.room)}/`;
  go.textContent = S.go_to_table;
  const buttons = document.createElement("div");
  buttons.className = "site-notice__buttons";
  buttons.append(go);
  li.append(text, buttons);
  list.append(li);
  announcer.textContent = text.textContent;
  callAttention(`tournament-table:${msg.room}`, { prefix: S.table_title, title: text.textContent });
  show();
}

const friends = friendsOnline(S, (text) => { announcer.textContent = text; });

function handle(msg) {
  box.dataset.connection = "online"; // the page hears the server: an invitation now arrives live
  if (friends(msg)) return;
  if (msg.type === "challenge_answer") {
    answered(msg);
  } else if (msg.type === "tournament_table") {
    seated(msg);
  } else if (msg.type === "invitations") {
    const open = new Set(msg.invitations.map((i) => String(i.id)));
    list.querySelectorAll("[data-invitation]").forEach((li) => {
      if (!open.has(li.dataset.invitation)) dropAttention(`invitation:${li.dataset.invitation}`);
    });
    list.replaceChildren();
    msg.invitations.forEach(add);
  } else if (msg.type === "invitation") {
    add(msg);
    const arrived = fill(msg.challenge ? S.challenge_arrived : S.arrived, { host: msg.host, game: S.game_names[msg.game] || msg.game });
    announcer.textContent = arrived;
    // A hidden tab: its title says it, and a notification if the reader allowed them (docs/ui.md).
    callAttention(`invitation:${msg.id}`, { prefix: S.invited_title, title: arrived, body: msg.room_name });
  } else if (msg.type === "invitation_gone") {
    remove(msg.id);
  }
}

if (document.getElementById("lobby-status")) {
  window.addEventListener("mesa:site-frame", (event) => handle(event.detail));
} else {
  // A table's page names its room: what friends see this person doing (lobby/online.py).
  const at = box.dataset.room ? `?room=${encodeURIComponent(box.dataset.room)}` : "";
  keepOpen(`/ws/site/${at}`, {
    pingMs: Number(box.dataset.pingMs) || 3000,
    timeoutMs: Number(box.dataset.pongTimeoutMs) || 4000,
    onOpen(socket) { socket.send(JSON.stringify({ action: "online_friends" })); },
    onFrame: handle,
    onLost() { box.dataset.connection = "offline"; },
  });
}
