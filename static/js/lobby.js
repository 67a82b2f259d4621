// The lobby: the public room list, live over /ws/lobby/, a game filter, and the
// create-room form showing only the fields of the chosen game.

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
const $ = (id) => document.getElementById(id);
const fill = (t, v) => String(t).replace(/%\((\w+)\)s/g, (_, k) => (k in v ? v[k] : ""));

// --- the form: show the fields that apply to the chosen game -----------------------------------
const gameSelect = document.querySelector("#create-room [name=game]");
function showFields() {
  const game = gameSelect.value;
  document.querySelectorAll("#create-room [data-games]").forEach((field) => {
    const on = field.dataset.games.split(" ").includes(game);
    field.hidden = !on;
  });
}
if (gameSelect) { gameSelect.addEventListener("change", showFields); showFields(); }

// --- the live list ------------------------------------------------------------------------------
const list = $("room-list");
const status = $("lobby-status");
const filter = $("game-filter");
let ws = null;
let attempt = 0;

function render(rooms) {
  list.replaceChildren();
  status.textContent = rooms.length === 1 ? S.rooms_1 : rooms.length ? fill(S.rooms_n, { n: rooms.length }) : S.no_rooms;
  for (const room of rooms) {
    const li = document.createElement("li");
    li.className = "room-item";
    li.dataset.code = room.code;
    const main = document.createElement("div");
    main.className = "room-item__main";
    const name = document.createElement("div");
    name.className = "room-item__name";
    name.textContent = room.name;
    const facts = document.createElement("div");
    facts.className = "room-item__facts";
    const taken = room.seats - room.free;
    const parts = [room.game_name, fill(S.seats, { taken, total: room.seats })];
    if (room.bots) parts.push(fill(S.bots_n, { n: room.bots }));
    if (room.host) parts.push(room.host);
    parts.push(S.status[room.status] || room.status_name);
    if (room.paused) parts.push(S.paused);
    facts.textContent = parts.join(" · ");
    main.append(name, facts);
    const link = document.createElement("a");
    link.className = "button button--small" + (room.free ? "" : " button--ghost");
    link.href = `/rooms/${encodeURIComponent(room.code)}/`;
    link.textContent = room.free ? S.join : S.watch;
    li.append(main, link);
    list.append(li);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/lobby/`);
  ws.addEventListener("open", () => {
    attempt = 0;
    if (filter.value) ws.send(JSON.stringify({ action: "filter", game: filter.value }));
  });
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "lobby") render(msg.rooms);
  });
  ws.addEventListener("close", (event) => {
    if (event.code === 4401) return;
    status.textContent = S.reconnecting;
    const cap = Math.min(15000, 500 * 2 ** attempt);
    attempt += 1;
    setTimeout(connect, cap / 2 + Math.random() * cap / 2);
  });
}
filter.addEventListener("change", () => {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ action: "filter", game: filter.value }));
});
connect();
