// A tournament's page, live (docs/tournaments.md "Pages", docs/ui.md "Tournaments"): the countdown, the
// standings, the reader's own state and the way to their table. A signed-in reader's page follows the
// tournament over a site socket ({"action": "follow_tournament"}: a "tournament" frame at once and after
// every change) and hears there the notice of their seat ("tournament_table"): the page then offers the
// table with a short countdown and goes there. A signed-out reader's page reads standings.json now and then.

import { callAttention } from "./attention.js";
import { fill } from "./cards.js";
import { keepOpen } from "./site_socket.js";

const root = document.querySelector("[data-tournament]");
const id = Number(root.dataset.tournament);
const token = root.dataset.token || "";
const me = root.dataset.me ? Number(root.dataset.me) : null;
const S = JSON.parse(document.getElementById("tournament-strings").textContent);
const clockBox = root.querySelector("[data-tournament-countdown]");
const list = root.querySelector("[data-tournament-standings]");
const state = root.querySelector("[data-tournament-state]");
const meBox = root.querySelector("[data-tournament-me]");
const joinForm = root.querySelector("[data-tournament-join-form]");
const withdrawForm = root.querySelector("[data-tournament-withdraw-form]");
const count = root.querySelector("[data-tournament-count]");
const go = root.querySelector("[data-tournament-go]");
const GO_SECONDS = 5;

let status = root.dataset.status;
let version = -1;
let going = null; // the timer that takes the reader to their new table
let you = null; // the reader's state as last told, and when
let youAt = 0;

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

function tickClock() {
  const target = status === "created" ? clockBox.dataset.starts : status === "started" ? clockBox.dataset.ends : null;
  if (!target) {
    clockBox.textContent = status === "finished" ? S.finished : S.cancelled;
    return;
  }
  const left = (Date.parse(target) - Date.now()) / 1000;
  if (left <= 0 && status === "created") { clockBox.textContent = S.starting; return; }
  const label = status === "created" ? S.starts_in : S.ends_in;
  clockBox.replaceChildren(`${label} `, Object.assign(document.createElement("b"), { textContent: clockText(left) }));
  clockBox.dataset.status = status;
}

function row(player) {
  const li = document.createElement("li");
  li.className = "standings__row" + (player.user_id === me ? " standings__row--me" : "") + (player.withdrawn ? " standings__row--out" : "");
  li.dataset.tournamentPlayer = String(player.user_id);
  const rank = Object.assign(document.createElement("span"), { className: "standings__rank", textContent: String(player.rank) });
  const name = Object.assign(document.createElement("a"), { className: "standings__name", href: `/players/${player.user_id}/`, textContent: player.username });
  const streak = Object.assign(document.createElement("span"), { className: "standings__streak", title: S.streak, textContent: player.streak >= 2 ? `🔥${player.streak}` : "" });
  const where = Object.assign(document.createElement("span"), { className: "standings__where" });
  if (player.table) {
    where.append(Object.assign(document.createElement("a"), { href: `/rooms/${encodeURIComponent(player.table)}/`, textContent: S.watch }));
    where.firstChild.dataset.tournamentWatch = "";
  } else if (player.withdrawn) where.textContent = S.withdrew;
  else if (player.paused) where.textContent = S.paused_mark;
  const score = Object.assign(document.createElement("span"), { className: "standings__score", textContent: String(player.score) });
  li.append(rank, name, streak, where, score);
  return li;
}

function renderStandings(standings) {
  const rows = standings.players.map(row);
  if (!rows.length) {
    rows.push(Object.assign(document.createElement("li"), { className: "standings__empty muted", textContent: S.nobody }));
  }
  list.replaceChildren(...rows);
  if (count) count.textContent = `(${standings.players.length})`;
  clockBox.dataset.starts = standings.starts_at;
  clockBox.dataset.ends = standings.ends_at;
}

function renderMe() {
  if (!you) return;
  const seconds = you.seconds == null ? null : Math.max(0, Math.round(you.seconds - (Date.now() - youAt) / 1000));
  meBox.dataset.kind = you.kind;
  const joined = !["out", "withdrawn", "over"].includes(you.kind);
  if (joinForm) joinForm.hidden = joined;
  if (withdrawForm) withdrawForm.hidden = !joined;
  const text = {
    seated: fill(S.seated, { n: you.table }),
    waiting: seconds > 0 ? fill(S.waiting, { s: seconds }) : S.waiting_more,
    paused: fill(S.paused, { s: Math.max(1, seconds) }),
    before: S.before,
    withdrawn: S.withdrawn,
    over: you.rank ? fill(S.placed, { r: you.rank }) : S.over,
    out: status === "created" || status === "started" ? S.out : S.over,
  }[you.kind];
  state.replaceChildren(text);
  if (you.kind === "seated") {
    const link = Object.assign(document.createElement("a"), { className: "button button--small", href: `/rooms/${encodeURIComponent(you.room)}/`, textContent: S.go_to_table });
    link.dataset.tournamentMyTable = "";
    state.append(" ", link);
  }
}

function render(frame) {
  if (frame.version < version) return;
  version = frame.version;
  const was = status;
  status = frame.standings.status;
  root.dataset.status = status;
  renderStandings(frame.standings);
  if (frame.you) { you = frame.you; youAt = Date.now(); renderMe(); }
  // Seated before this page heard the notice (it was opening): the state says so; offer the table.
  if (you && you.kind === "seated") offerTable({ tournament: id, room: you.room, table: you.table });
  tickClock();
  // The end brings the podium and the final ranks: the server draws them.
  if (was !== status && (status === "finished" || status === "cancelled")) location.reload();
}

// Each table is offered once per tab: a player who comes back from their table to look at the
// standings is not sent there again (sessionStorage remembers the last table offered).
const OFFERED = `mesa-tournament-offered-${id}`;

function offerTable(notice) {
  if (notice.tournament !== id) return;
  try {
    if (sessionStorage.getItem(OFFERED) === notice.room) return;
    sessionStorage.setItem(OFFERED, notice.room);
  } catch (e) { /* no storage: offered every time */ }
  clearInterval(going);
  const href = `/rooms/${encodeURIComponent(notice.room)}/`;
  const text = go.querySelector("[data-tournament-go-text]");
  go.querySelector("[data-tournament-go-link]").href = href;
  go.hidden = false;
  let left = GO_SECONDS;
  const say = () => { text.textContent = fill(S.going, { n: notice.table, s: left }); };
  say();
  // A hidden tab: its title says it, and a notification if the reader allowed them (attention.js).
  const site = document.getElementById("mesa-site-strings");
  if (site) {
    const words = JSON.parse(site.textContent);
    callAttention(`tournament-table:${notice.room}`, {
      prefix: words.table_title, title: fill(words.tournament_table, { table: notice.table }),
    });
  }
  going = setInterval(() => {
    left -= 1;
    if (left <= 0) { clearInterval(going); location.assign(href); } else say();
  }, 1000);
}

// Withdrawing from a table being played leaves it (a loss): asked first.
if (withdrawForm) {
  withdrawForm.addEventListener("submit", (event) => {
    if (you && you.kind === "seated" && !window.confirm(S.withdraw_seated)) event.preventDefault();
  });
}

go.querySelector("[data-tournament-go-stay]").addEventListener("click", () => { clearInterval(going); go.hidden = true; });

const initial = JSON.parse(document.getElementById("tournament-frame").textContent);
render(initial);
setInterval(() => { tickClock(); if (you && (you.kind === "waiting" || you.kind === "paused")) renderMe(); }, 1000);

if (root.dataset.signedIn) {
  keepOpen("/ws/site/", {
    onOpen(socket) { socket.send(JSON.stringify({ action: "follow_tournament", tournament: id, t: token })); },
    onFrame(msg) {
      if (msg.type === "tournament" && msg.tournament === id) render(msg);
      else if (msg.type === "tournament_table") offerTable(msg);
    },
  });
} else {
  const url = `/tournaments/${id}/standings.json` + (token ? `?t=${encodeURIComponent(token)}` : "");
  setInterval(() => {
    if (status === "finished" || status === "cancelled") return;
    fetch(url, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((standings) => { if (standings) render({ version: version + 1, standings, you: null }); })
      .catch(() => {});
  }, 10000);
}
