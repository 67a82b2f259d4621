// The lobby: the public room list, live over /ws/lobby/, a game filter, and the
// create-room form showing only the fields, choices and limits of the chosen game.

import { fill } from "./cards.js";
import { limitSelect, showGameFields } from "./game_fields.js";
import { keepOpen } from "./site_socket.js";

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
const $ = (id) => document.getElementById(id);

// --- the form: show only what the chosen game allows ---------------------------------------------
// The per-game settings come from the games' declarations (rooms/forms.py lobby_settings); every
// game-specific field, choice and checkbox carries the games it belongs to in data-games.
const GAMES = JSON.parse(document.getElementById("mesa-games").textContent);
const form = document.getElementById("create-room");
const gameSelect = form && form.querySelector("[name=game]");

function showFields() {
  const game = gameSelect.value;
  const rules = GAMES[game];
  showGameFields(form, game, rules, "[name=bots]");
  limitBots();
  // "Game default (20 s)": the chosen game's own default, in a label short enough for a phone.
  const fallbackTime = form.querySelector("[name=time_limit] option[value=default]");
  if (fallbackTime && rules.default_time) fallbackTime.textContent = rules.default_time;
}

function limitBots() {
  const rules = GAMES[gameSelect.value];
  const seats = rules.seat_counts.length > 1 ? Number(form.querySelector("[name=seat_count]").value) : rules.default_seats;
  const most = Math.min(rules.max_bots, seats - rules.min_humans);
  limitSelect(form.querySelector("[name=bots]"), (o) => Number(o.value) <= most, 0);
}

if (gameSelect) {
  gameSelect.addEventListener("change", showFields);
  form.querySelector("[name=seat_count]").addEventListener("change", limitBots);
  showFields();
}

// --- the live list ------------------------------------------------------------------------------
// One frame (docs/protocol.md "Site and lobby sockets") holds the public rooms, each marked with the
// reader's place in it (`you`), the counts and the reader's own rooms; the page is redrawn from it.
const list = $("room-list");
const status = $("lobby-status");
const filter = $("game-filter");
const groups = { waiting: list.querySelector('[data-room-group="waiting"]'), playing: list.querySelector('[data-room-group="playing"]') };

function link(text, href, ghost) {
  const a = document.createElement("a");
  a.className = "button button--small" + (ghost ? " button--ghost" : "");
  a.href = href;
  a.textContent = text;
  return a;
}

// The host's name leads to their page (docs/ui.md "Names lead to profiles").
function hostLink(room) {
  const a = document.createElement("a");
  a.className = "room-item__host";
  a.href = room.host_url;
  a.dataset.playerLink = "";
  a.textContent = room.host;
  return a;
}

function roomItem(room, facts, actions) {
  const li = document.createElement("li");
  li.className = "room-item";
  li.dataset.code = room.code;
  const main = document.createElement("div");
  main.className = "room-item__main";
  const name = document.createElement("div");
  name.className = "room-item__name";
  name.textContent = room.name;
  const line = document.createElement("div");
  line.className = "room-item__facts";
  // A fact is words, or a node (the host's name, a link to their page).
  facts.forEach((fact, i) => line.append(...(i ? [" · "] : []), fact));
  main.append(name, line);
  const buttons = document.createElement("div");
  buttons.className = "room-item__actions";
  buttons.append(...actions);
  li.append(main, buttons);
  return li;
}

function publicItem(room) {
  const taken = room.seats - room.free;
  const facts = [S.game_names[room.game] || room.game_name, fill(S.seats, { taken, total: room.seats })];
  if (room.bots) facts.push(fill(S.bots_n, { n: room.bots }));
  if (room.host) facts.push(room.host_url ? hostLink(room) : room.host);
  facts.push(room.rated ? S.rated : S.casual);
  facts.push(S.status[room.status] || room.status_name);
  if (room.paused) facts.push(S.paused);
  const href = `/rooms/${encodeURIComponent(room.code)}/`;
  const actions = [];
  if (room.you) {
    // A room where you sit or hold a reserved seat is yours to go back to, never to watch.
    const back = link(S.back_to_table, href, false);
    back.dataset.seated = "";
    actions.push(back);
  } else {
    if (room.free) actions.push(link(S.join, href, false));
    else if (room.status !== "waiting" && room.bot_seats) {
      const take = link(S.take_bot_seat, href, false);
      take.dataset.takeBotSeat = "";
      actions.push(take);
      facts.push(fill(S.bot_seats_n, { n: room.bot_seats }));
    }
    if (room.status !== "waiting" || !room.free) {
      const watch = link(S.watch, href, true);
      watch.dataset.watch = "";
      actions.push(watch);
    }
  }
  return roomItem(room, facts, actions);
}

function fillGroup(node, rooms, empty) {
  node.replaceChildren(...rooms.map(publicItem));
  if (!rooms.length) {
    const li = document.createElement("li");
    li.className = "room-empty";
    li.textContent = empty;
    node.append(li);
  }
}

function renderMine(mine) {
  const ul = $("my-rooms");
  ul.replaceChildren(...mine.map((room) => {
    const facts = [S.game_names[room.game] || room.game, S.status[room.status] || room.status_name, room.rated ? S.rated : S.casual];
    if (!room.public) facts.push(S.private);
    if (room.reserved) facts.push(S.reserved);
    const back = link(S.back_to_table, `/rooms/${encodeURIComponent(room.code)}/`, false);
    back.dataset.myRoom = room.code;
    return roomItem(room, facts, [back]);
  }));
  $("my-rooms-none").hidden = mine.length > 0;
}

function renderCounts(frame) {
  $("lobby-online").textContent = fill(S.online_n, { n: frame.online });
  for (const node of document.querySelectorAll("[data-game-count]")) {
    const counts = frame.games[node.dataset.gameCount];
    if (!counts) continue;
    node.textContent = `${fill(S.playing_n, { n: counts.playing })} · ${fill(S.tables_n, { n: counts.tables })}`;
  }
}

function render(frame) {
  const rooms = frame.rooms;
  status.textContent = rooms.length === 1 ? S.rooms_1 : rooms.length ? fill(S.rooms_n, { n: rooms.length }) : S.no_rooms;
  const waiting = rooms.filter((r) => r.status === "waiting" && r.free);
  fillGroup(groups.waiting, waiting, S.no_waiting);
  fillGroup(groups.playing, rooms.filter((r) => !waiting.includes(r)), S.no_playing);
  renderMine(frame.mine);
  renderCounts(frame);
}

function setConnection(state) {
  if (status.dataset.connection !== state) status.dataset.connection = state;
  if (state === "reconnecting") status.textContent = S.reconnecting;
  else if (state === "offline") status.textContent = S.offline;
}

const lobby = keepOpen("/ws/lobby/", {
  pingMs: Number(status.dataset.pingMs) || 3000,
  timeoutMs: Number(status.dataset.pongTimeoutMs) || 4000,
  onOpen(socket) {
    if (filter.value) socket.send(JSON.stringify({ action: "filter", game: filter.value }));
    socket.send(JSON.stringify({ action: "online_friends" })); // the header's friends online (notices.js)
  },
  onFrame(msg) {
    if (msg.type === "lobby") { status.dataset.connection = "online"; render(msg); }
    // The header's notifications (notices.js) read what this socket carries for them on the lobby:
    // invitations and challenges, their answers, the friends online.
    else if (msg.type !== "error" && msg.type !== "pong") window.dispatchEvent(new CustomEvent("mesa:site-frame", { detail: msg }));
    if (msg.type === "error" && msg.code === "too_many_sockets") status.textContent = msg.message;
  },
  onLost(code, attempt) {
    // 4401: the session ended; 4409: too many tabs (the message above says so).
    if (code === 4401 || code === 4409) { status.dataset.connection = "offline"; return; }
    setConnection(navigator.onLine === false || attempt > 0 ? "offline" : "reconnecting");
  },
});
filter.addEventListener("change", () => lobby.send({ action: "filter", game: filter.value }));
