// The table page's core: one WebSocket, reconnection, and everything every game shows
// (seats around the felt, countdown, paused banner, host controls, result dialog, move log,
// history, fairness, sounds, animations). Each game module (static/js/games/*.js) renders its
// own cards through `startTable`; nothing here knows which game it is.
// The page renders only from the latest snapshot (docs/protocol.md); nothing else is trusted.

import { cardName, fill } from "./cards.js";
import { Motion } from "./motion.js";
import { handSort, layHand, setHandSort, SORTS, watchHand } from "./hand_layout.js";
import { sound } from "./sound.js";
import { callAttention, dropAttention } from "./attention.js";
import { confirmTimeLimit, eventTextFor, leaveConfirmation, paintClosed, paintRoomEvents, renderHostPowers } from "./room_events.js";

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
// A deleted account's records name it by its pseudonym as stored, in Portuguese ("Jogador 4f2a",
// accounts/pseudonyms.py): the players of a hand, its log, the chat. Read in the page's language.
const PSEUDONYM = (() => {
  const words = S.pseudonym;
  if (!words || typeof words.stored !== "string" || !words.stored.includes("%(tag)s")) return null;
  const quote = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const [before, after] = words.stored.split("%(tag)s");
  return new RegExp(`^${quote(before)}([0-9a-f]{4,8})${quote(after)}$`);
})();
S.rules = JSON.parse(document.getElementById("mesa-rules").textContent);
const $ = (id) => document.getElementById(id);

// A `patch` frame on a copy of its base snapshot (docs/protocol.md).
function applyPatch(snapshot, ops) {
  let out = structuredClone(snapshot);
  for (const [path, ...value] of ops) {
    if (!path.length) { out = structuredClone(value[0]); continue; }
    let node = out;
    for (const key of path.slice(0, -1)) node = node[key];
    if (value.length) node[path[path.length - 1]] = value[0];
    else delete node[path[path.length - 1]];
  }
  return out;
}

const BACKOFF_BASE_MS = 500;
// Capped low: a page whose network returns is online again within 5 s (docs/ui.md).
const BACKOFF_MAX_MS = 3000;
const LOG_KEEP = 400;
const BACKLOG = 2; // snapshots waiting behind an animation before the table skips to the newest

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Put `nodes` in `box` in place of its children, keeping every child that equals the node meant
// for its place (Node.isEqualNode): a part of the table that did not change is not styled and
// laid out again (docs/benchmarks.md). A kept node keeps its own listeners, so a listener reads
// whatever can change without changing the node (the room's status, say) when it runs.
export function patchChildren(box, nodes) {
  const old = [...box.childNodes];
  nodes.forEach((node, i) => {
    const here = old[i];
    if (!here) box.append(node);
    else if (!here.isEqualNode(node)) here.replaceWith(node);
  });
  for (const extra of old.slice(nodes.length)) extra.remove();
}

// Put exactly `nodes`, in this order, in `box`, moving as few as possible: the children not among
// them are taken out first, then each node is inserted where it is not already. Kept nodes
// (the same elements, reused by the caller by key) are not styled again.
export function placeChildren(box, nodes) {
  const keep = new Set(nodes);
  for (const child of [...box.childNodes]) if (!keep.has(child)) child.remove();
  let at = box.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else box.insertBefore(node, at);
  }
}

// Shown or hidden, written only on a change.
export function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

// Text written only when it changes (a write of the same text still makes the browser lay it
// out again).
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// Oldest first by `at` (ISO 8601, the server's clock); what has no time keeps its place after the
// timed rows before it (a stable sort over the time last seen).
export function sortByTime(rows) {
  let last = "";
  const keyed = rows.map((row, i) => {
    if (typeof row.at === "string" && row.at) last = row.at;
    return { row, i, at: typeof row.at === "string" && row.at ? row.at : last };
  });
  keyed.sort((a, b) => (Date.parse(a.at) || 0) - (Date.parse(b.at) || 0) || a.i - b.i);
  return keyed.map((k) => k.row);
}

function randomHex(bytes) {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Where each other seat sits around the felt, seen from `me` at the bottom: the next seat
// (the way play goes round) on the left, the last one on the right, the rest
// across the top, the partner of a four-seat game straight opposite.
export function seatPositions(count, me) {
  const others = [];
  for (let step = 1; step < count; step += 1) others.push((me + step) % count);
  const out = { left: [], top: [], right: [] };
  if (others.length === 1) out.top = others;
  else if (others.length === 2) { out.left = [others[0]]; out.right = [others[1]]; }
  else if (others.length) {
    out.left = [others[0]];
    out.right = [others[others.length - 1]];
    out.top = others.slice(1, -1);
  }
  return out;
}

export class Table {
  constructor(game) {
    this.game = game;
    this.S = S;
    this.root = $("table");
    this.code = this.root.dataset.code;
    this.userId = Number(this.root.dataset.user);
    this.userName = this.root.dataset.name || "";
    this.snapshot = null;
    this.latestVersion = null;
    this.queue = [];
    this.busy = false;
    this.ws = null;
    this.attempt = 0;
    this.msgId = 0;
    this.pending = new Map();
    this.offset = 0; // server clock minus ours, in ms
    this.lastAnnounced = null;
    this.seedSentFor = null;
    this.wasMyTurn = false;
    this.log = [];
    this.resultClosedFor = null;
    this.drawn = {}; // part of the table -> the key it was last drawn from (drawnFrom)
    this.seatNodes = new Map(); // "pos:index" -> { key, node }: seats kept while they do not change
    this.sound = sound;
    this.motion = new Motion();
    this.el = el;
    this.baseTitle = document.title;
    this.lastHeard = null;
    this.heartbeat = { pingMs: Number(this.root.dataset.pingMs) || 3000, timeoutMs: Number(this.root.dataset.pongTimeoutMs) || 4000 };
    this.connect();
    this.bindNetwork();
    this.bindShell();
    setInterval(() => this.renderTimer(), 250);
  }

  // --- socket ---------------------------------------------------------------------------------
  // The heartbeat (docs/protocol.md): a ping every `pingMs`; no frame within `timeoutMs` after it
  // and the socket is abandoned whatever its readyState (a lost network may never fire `close`)
  // and a new one opened after a backoff with jitter.
  get online() { return !!this.ws && this.ws.readyState === WebSocket.OPEN && !this.dead; }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // A page coming back says when it last heard the server (server time): what was played for it since.
    const seen = this.lastHeard ? `?seen=${Math.round(this.lastHeard + this.offset)}` : "";
    // After the first snapshot, changes come as patches.
    const query = `?patch=1${seen && `&${seen.slice(1)}`}`;
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.code)}/${query}`);
    this.ws = ws;
    this.dead = false;
    this.fresh = true;
    if (!this.snapshot) this.setConn("connecting");
    clearTimeout(this.openTimer);
    // A handshake the network swallowed never fails on its own either.
    this.openTimer = setTimeout(() => this.abandon(ws), this.heartbeat.timeoutMs + this.heartbeat.pingMs);
    ws.addEventListener("open", () => {
      if (ws !== this.ws) return;
      clearTimeout(this.openTimer);
      this.attempt = 0;
      this.ping();
    });
    ws.addEventListener("message", (event) => {
      if (ws !== this.ws) return;
      this.lastHeard = Date.now();
      this.receive(JSON.parse(event.data));
    });
    ws.addEventListener("close", (event) => { if (ws === this.ws) this.dropped(event.code); });
  }

  // The socket is dead to us now: its later events are ignored and a new one is planned.
  abandon(ws) {
    if (ws !== this.ws || this.dead) return;
    this.dead = true;
    try { ws.close(); } catch (e) { /* closing a dead socket may throw; it is dropped either way */ }
    this.dropped(1006);
  }

  dropped(code) {
    this.dead = true;
    clearTimeout(this.pingTimer);
    clearTimeout(this.pongTimer);
    clearTimeout(this.openTimer);
    for (const [id, entry] of this.pending) {
      if (entry.action === "move") this.showOffline();
      this.pending.delete(id);
    }
    // These end the table for good: the banner stays, saying what to do.
    if (code === 4404) { this.setConn("closed"); this.showError(S.closed_room, true); return; }
    // 4410: the room was closed (by its host or staff): the banner shows the way to the lobby.
    if (code === 4410 || this.closedForGood) { paintClosed(this, true); return; }
    if (code === 4401) { this.setConn("closed"); this.showError(S.no_session, true); return; }
    // 4409: this account has too many tabs open; coming back would only be refused again.
    if (code === 4409) { this.setConn("closed"); this.showError(S.too_many_tabs, true); return; }
    // Offline once the browser says so or a new socket failed too; reconnecting at the first loss.
    this.setConn(navigator.onLine === false || this.attempt > 0 ? "offline" : "reconnecting");
    // Exponential backoff with full jitter: many tables dropped together do not return together.
    const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    const delay = cap / 2 + Math.random() * (cap / 2);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  // The browser's own word on the network: act on it at once instead of waiting for the heartbeat.
  bindNetwork() {
    window.addEventListener("offline", () => { if (this.ws && !this.dead) this.abandon(this.ws); });
    window.addEventListener("online", () => {
      if (this.online || !this.dead || this.root.dataset.state === "closed") return;
      clearTimeout(this.retryTimer);
      this.attempt = 0;
      this.connect();
    });
  }

  // A socket can look open while the network is gone: a ping without an answer abandons it.
  ping() {
    clearTimeout(this.pingTimer);
    const ws = this.ws;
    this.pingTimer = setTimeout(() => {
      if (!this.online || ws !== this.ws) return;
      this.ws.send(JSON.stringify({ action: "ping" }));
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => this.abandon(ws), this.heartbeat.timeoutMs);
    }, this.heartbeat.pingMs);
  }

  // Test and debugging hook: drop the socket as a network failure would.
  drop() { if (this.ws) this.abandon(this.ws); }

  send(action, fields = {}) {
    if (!this.online) {
      if (action === "move") { this.showOffline(); sound.play("error"); }
      return null;
    }
    this.msgId += 1;
    const id = `m${Date.now().toString(36)}${this.msgId}`;
    this.pending.set(id, { action });
    this.ws.send(JSON.stringify({ action, id, ...fields }));
    return id;
  }

  move(move) {
    if (!this.snapshot) return;
    this.motion.finish();
    if (this.snapshot.room.paused) { this.showError(S.errors.paused); return; }
    this.send("move", { version: this.snapshot.version, move });
  }

  receive(msg) {
    if (msg.type === "pong") { clearTimeout(this.pongTimer); this.ping(); return; }
    if (msg.type === "ping") { this.ws.send(JSON.stringify({ action: "pong" })); return; }
    if (msg.type === "away") { this.toldAway(msg.auto_moves); return; }
    if (msg.id && this.pending.has(msg.id)) {
      // A move of yours the server took: an earlier refusal or "why not" no longer holds.
      if (msg.type === "ack" && this.pending.get(msg.id).action === "move") this.clearPassing();
      this.pending.delete(msg.id);
    }
    if (msg.type === "error") {
      const text = (S.errors && S.errors[msg.code]) || msg.message || msg.code;
      this.showError(fill(S.error, { message: text }));
      sound.play("error");
      if (msg.code === "bad_client_seed") this.seedSentFor = null;
      return;
    }
    if (msg.type === "patch") {
      // Any base but the last snapshot received: ask for the whole table.
      if (!this.wire || this.wire.room.version !== msg.base) { this.send("snapshot"); return; }
      msg = applyPatch(this.wire, msg.ops);
    }
    if (msg.type !== "snapshot") return;
    // The first snapshot on a new socket is the whole truth; after it, keep the highest version.
    if (this.latestVersion !== null && !this.fresh && msg.room.version < this.latestVersion) return;
    this.wire = structuredClone(msg); // as sent (pump() fills it in): the next patch's base
    if (this.fresh) this.queue = [];
    this.fresh = false;
    this.latestVersion = msg.room.version;
    this.offset = msg.room.server_time - Date.now();
    this.queue.push(msg);
    this.pump();
  }

  // Snapshots wait while a move is being animated, then are drawn in order, each with its
  // move; when more than BACKLOG wait, only the newest is drawn (the latest state always wins)
  // and the moves of the ones it skipped still reach the log.
  pump() {
    if (this.busy || !this.queue.length) return;
    const batch = this.queue.length > BACKLOG ? this.queue : [this.queue[0]];
    this.queue = this.queue.slice(batch.length);
    const msg = batch[batch.length - 1];
    if (!("log" in msg.room)) {
      const skipped = batch.slice(0, -1).flatMap((m) => (m.room.moves_now && m.room.moves_now.length ? m.room.moves_now : []));
      if (skipped.length) msg.room.moves_now = [...skipped, ...(msg.room.moves_now || [])];
    }
    const previous = this.snapshot;
    if (!("history" in msg.room)) {
      // Broadcasts carry the hand history only when a hand ended; keep ours while its key
      // matches, and ask for a whole snapshot when it does not (a broadcast was missed).
      const held = previous ? previous.room : null;
      msg.room.history = held ? held.history : [];
      if (!held || held.history_key !== msg.room.history_key) this.send("snapshot");
    }
    const animate = !!previous && this.motion.enabled && previous.room.state_version !== msg.room.state_version;
    const before = animate ? this.motion.measure(this.root) : null;
    this.snapshot = msg;
    this.setConn("online");
    this.render(previous);
    // The result dialog covers the stage: nothing flies across it.
    if (!before || !$("result-panel").hidden) return;
    const flights = this.flightsFor(previous, before);
    if (!flights.length) return;
    this.busy = true;
    this.motion.fly(flights).then(() => { this.busy = false; this.pump(); });
  }

  flightsFor(previous, before) {
    const last = this.snapshot.room.last_move;
    if (!last || !last.move || !this.game.flights) return [];
    try {
      return this.game.flights(this, last, before, previous) || [];
    } catch (e) {
      console.error(e);
      return [];
    }
  }

  // --- rendering ------------------------------------------------------------------------------
  // The banner row takes no room while every banner is hidden.
  paintBanners() {
    const box = this.root.querySelector(".banners");
    setHidden(box, [...box.children].every((b) => b.hidden));
  }

  // `data-connection` on #conn (docs/ui.md): "online" only while a socket is open and answering;
  // "reconnecting" while the first new socket is tried (and before the first one opens);
  // "offline" once the browser reports no network, a new socket failed too, or the table ended.
  setConn(state) {
    this.root.dataset.state = state;
    const label = { connecting: S.connecting, reconnecting: S.reconnecting, offline: S.conn_offline, online: S.connected, closed: "—" }[state];
    const connection = { connecting: "reconnecting", reconnecting: "reconnecting", offline: "offline", online: "online", closed: "offline" }[state];
    const conn = $("conn");
    setText(conn, label);
    if (conn.title !== label) conn.title = label;
    if (conn.dataset.connection !== connection) conn.dataset.connection = connection;
    conn.className = `conn conn--${state}`;
    // "You are offline: that move was not sent" is over once the page is online again.
    if (state === "online" && this.offlineShown) {
      this.offlineShown = false;
      if (!this.errorKept && $("error-banner").textContent === S.offline_move) this.clearPassing();
    }
    const banner = $("reconnect-banner");
    banner.hidden = state !== "reconnecting" && state !== "offline";
    setText(banner, state === "offline" ? S.offline_banner : S.reconnecting);
    this.paintBanners();
  }

  // On return: what the server played for this seat while the page was away (the `away` frame).
  toldAway(count) {
    if (!count) return;
    const text = fill(S.away_moves, { n: count });
    const banner = $("away-banner");
    banner.textContent = text;
    banner.hidden = false;
    this.paintBanners();
    this.announce(text);
    clearTimeout(this.awayTimer);
    this.awayTimer = setTimeout(() => { banner.hidden = true; this.paintBanners(); }, 20000);
  }

  // An error in the banner for six seconds, or until the page is left when `keep` (the socket
  // was closed for good); a passing error never replaces one that is kept.
  showError(text, keep = false) {
    const banner = $("error-banner");
    if (this.errorKept && !keep) return;
    this.errorKept = keep;
    banner.textContent = text;
    banner.hidden = false;
    this.paintBanners();
    clearTimeout(this.errorTimer);
    if (!keep) this.errorTimer = setTimeout(() => { banner.hidden = true; this.paintBanners(); }, 6000);
  }

  // A move refused because the page is not connected (cleared when it is online again: setConn).
  showOffline() {
    this.offlineShown = true;
    this.showError(S.offline_move);
  }

  // The passing error and the hint go once a move of yours is taken (a kept error stays).
  clearPassing() {
    if (!this.errorKept) {
      clearTimeout(this.errorTimer);
      setHidden($("error-banner"), true);
      this.paintBanners();
    }
    this.hint("");
  }

  // The polite live region: opponents' moves, your turn, the card you drew, the result.
  announce(text) {
    if (!text) return;
    text = this.sentence(text);
    const region = $("announcer");
    region.append(el("p", { text }));
    while (region.childNodes.length > 3) region.firstChild.remove();
  }

  // A stored name as this page's reader reads it: a pseudonym in their language, any other as it is.
  named(name) {
    const found = PSEUDONYM && typeof name === "string" ? PSEUDONYM.exec(name) : null;
    return found ? fill(S.pseudonym.shown, { tag: found[1] }) : name;
  }

  // A person's page (docs/ui.md "Names lead to profiles"); none for a bot, nobody, or a deleted
  // account (its pseudonym names records only: that account has no page).
  playerUrl(userId, name, pattern = this.snapshot && this.snapshot.room && this.snapshot.room.player_url) {
    if (!pattern || typeof userId !== "number" || (PSEUDONYM && PSEUDONYM.exec(String(name)))) return null;
    return pattern.replace("{id}", String(userId));
  }

  seatName(roomSeat) {
    const seat = this.snapshot.room.seats[roomSeat];
    if (!seat) return "?";
    if (this.snapshot.you.seat === roomSeat) return S.you;
    return seat.name || fill(S.seat_n, { n: roomSeat + 1 });
  }

  // engine seat -> room seat
  roomSeatOf(engineSeat) {
    const seat = this.snapshot.room.seats.find((s) => s.engine_seat === Number(engineSeat));
    return seat ? seat.index : null;
  }

  nameOfEngineSeat(engineSeat) {
    const roomSeat = this.roomSeatOf(engineSeat);
    return roomSeat === null ? fill(S.seat_n, { n: Number(engineSeat) + 1 }) : this.seatName(roomSeat);
  }

  // Who last held a room seat in the hand on the table, from the hand's record (room.players):
  // between hands a newcomer already sits where a bot played, and a leaver's seat may be empty,
  // so a note, a result or a score about that hand names who played it then. The seat's own
  // name when the record says nothing else.
  heldBy(roomSeat) {
    const holders = (this.snapshot.room.players || {})[String(roomSeat)];
    const last = Array.isArray(holders) && holders.length ? holders[holders.length - 1] : null;
    const seat = this.snapshot.room.seats[roomSeat];
    if (!last || (seat && last.name && last.name === seat.name)) return this.seatName(roomSeat);
    return this.named(last.name) || `Bot ${roomSeat + 1}`;
  }

  // A seat as every table of the result dialog names it: who held it in that hand, your own as
  // "ana (você)" like the rating lines, so that one seat reads the same in each of its tables.
  resultName(roomSeat) {
    const name = this.heldBy(roomSeat);
    // Yours: the seat you hold, or the one you played that hand and have left since.
    if (name !== S.you && !(this.userName && name === this.userName)) return name;
    const seat = this.snapshot.room.seats[roomSeat];
    const mine = (name !== S.you && name) || (seat && seat.name) || this.userName;
    return mine ? `${this.named(mine)} (${S.you})` : S.you;
  }

  heldName(engineSeat) {
    const roomSeat = this.roomSeatOf(engineSeat);
    return roomSeat === null ? this.nameOfEngineSeat(engineSeat) : this.heldBy(roomSeat);
  }

  // "Team 1", "Team 2" for everyone, as the log, the morto and the verify page name them; the
  // reader's own team says so ("Team 1 (yours)"). A spectator and a player read the same numbers.
  teamName(team) {
    const n = Number(team) + 1;
    return String(team) === this.myTeam() ? fill(S.team_yours, { n }) : fill(S.team_n, { n });
  }

  myTeam() {
    const snap = this.snapshot;
    if (snap.you.seat === null) return null;
    const seat = snap.room.seats[snap.you.seat];
    return seat ? String(seat.team) : null;
  }

  // The cards of your hand now that it did not hold in `previous` (two decks: counted).
  newCards(previous) {
    const had = [...(((previous && previous.view) || {}).hand || [])];
    const out = [];
    for (const card of (this.snapshot.view || {}).hand || []) {
      const at = had.indexOf(card);
      if (at >= 0) had.splice(at, 1);
      else out.push(card);
    }
    return out;
  }

  // Said to you alone (the live region): the card your own move of `type` just drew.
  drewNews(previous, type) {
    const last = this.snapshot.room.last_move;
    if (!last || !last.move || last.move.type !== type || last.seat !== this.snapshot.you.seat) return "";
    const fresh = this.newCards(previous);
    return fresh.length ? fill(S.you_drew, { card: this.cardName(fresh[0]) }) : "";
  }

  get seated() {
    const snap = this.snapshot;
    return !!(snap && snap.you.seat !== null && snap.room.seats[snap.you.seat]);
  }

  // Seated and dealt into the current hand (a mid-match joiner waits for the next one).
  get playing() {
    const snap = this.snapshot;
    if (!this.seated) return false;
    const seat = snap.room.seats[snap.you.seat];
    return seat.engine_seat !== null && seat.engine_seat !== undefined && seat.active !== false;
  }

  get myTurn() {
    const snap = this.snapshot;
    return !!(snap && snap.you.seat !== null && snap.room.status === "playing" && !snap.room.paused &&
      snap.room.seats[snap.you.seat] && snap.room.seats[snap.you.seat].turn && snap.legal.length);
  }

  // Every snapshot redraws the table; keep the keyboard focus on the same control.
  focusKey(node) {
    if (!node || node === document.body || !this.root.contains(node)) return null;
    const esc = (v) => CSS.escape(String(v));
    const hand = node.closest("#hand");
    if (hand && node.dataset.index !== undefined) return { sel: `#hand [data-index="${esc(node.dataset.index)}"]`, hand: true };
    if (hand && node.dataset.card) return { sel: `#hand [data-card="${esc(node.dataset.card)}"]`, hand: true };
    if (node.dataset.target) return { sel: `[data-target="${esc(node.dataset.target)}"]` };
    const seat = node.closest(".seat");
    if (seat && node.dataset.action) return { sel: `.seat[data-seat="${esc(seat.dataset.seat)}"] [data-action="${esc(node.dataset.action)}"]` };
    if (node.closest("#result-actions") && node.dataset.action) return { sel: `#result-actions [data-action="${esc(node.dataset.action)}"]` };
    if (node.dataset.action) return { sel: `#host-controls [data-action="${esc(node.dataset.action)}"]`, fallback: "#host-controls button" };
    if (node.dataset.meld !== undefined) return { sel: `#runs-mine .add-button[data-meld="${esc(node.dataset.meld)}"]` };
    if (node.id) return { sel: `#${esc(node.id)}` };
    return null;
  }

  restoreFocus(key) {
    if (!key || (document.activeElement && document.activeElement !== document.body)) return;
    let target = document.querySelector(key.sel);
    if ((!target || target.disabled) && key.hand) target = document.querySelector("#hand .card");
    if ((!target || target.disabled) && key.fallback) target = document.querySelector(key.fallback);
    if (target && !target.disabled) target.focus({ preventScroll: true });
  }

  render(previous) {
    const focus = this.focusKey(document.activeElement);
    this.paint(previous);
    this.restoreFocus(focus);
  }

  // True when `part` was last drawn from the same `key` (what it reads from the snapshot): it is
  // left as it is, neither built again nor compared (a bot's move changes two seats and a pile,
  // and a full redraw of the rest cost a phone more than a frame). False, and `key` remembered,
  // otherwise.
  drawnFrom(part, key) {
    const text = JSON.stringify(key);
    if (this.drawn[part] === text) return true;
    this.drawn[part] = text;
    return false;
  }

  paint(previous) {
    const snap = this.snapshot;
    const room = snap.room;
    setText($("room-status"), S.status[room.status] || room.status);
    if (this.root.dataset.status !== room.status) this.root.dataset.status = room.status;
    this.root.classList.toggle("table--watching", !this.playing);
    this.root.classList.toggle("table--between", room.status !== "playing");
    this.renderPaused();
    this.renderNote();
    this.renderSeats();
    this.renderHost();
    this.renderSettings();
    this.renderScoreboard();
    this.renderFair();
    this.renderHistory();
    this.maybeSendSeed();
    try {
      this.game.render(this, snap, previous);
    } catch (e) {
      console.error(e);
    }
    layHand($("hand")); // every card's corner in view (static/js/hand_layout.js)
    this.renderTimer();
    this.updateLog(previous);
    this.paintLastMove();
    paintRoomEvents(this);
    this.announceLastMove(previous);
    const mine = this.myTurn;
    if (mine && !this.wasMyTurn) this.yourTurn();
    if (!mine && this.wasMyTurn) dropAttention("turn"); // the title and the notification go with the turn
    this.wasMyTurn = mine;
    this.root.classList.toggle("table--my-turn", mine);
    $("hand").classList.toggle("hand--turn", mine);
  }

  // In a hidden tab the title says it too ("(Sua vez) Mesa 1 · …"), and a notification if the reader allowed
  // them (static/js/attention.js); both go when the tab is shown or the turn passes.
  yourTurn() {
    sound.play("turn");
    this.announce(S.your_turn);
    callAttention("turn", { prefix: S.your_turn_title, title: S.your_turn, body: this.baseTitle });
  }

  renderPaused() {
    const room = this.snapshot.room;
    const banner = $("paused-banner");
    setHidden(banner, !room.paused);
    const reasons = { empty: S.paused_empty, staff: S.paused_staff };
    if (room.paused) banner.textContent = reasons[room.pause_reason] || S.paused_host;
  }

  // What a person who is not dealt in is told: a mid-match joiner when they play, a reservation.
  renderNote() {
    const snap = this.snapshot;
    const room = snap.room;
    const banner = $("note-banner");
    let text = "";
    const events = room.events || this.roomEvents || [];
    if (this.seated && events.length) this.seatedUpToEvent = events[events.length - 1].id;
    const next = S.rules.boundary === "hand" ? S.plays_next_hand : S.plays_next_match;
    const reserved = room.seats.find((s) => s.reserved_by && this.userName && s.reserved_by === this.userName);
    const quick = this.quickCountdown();
    if (quick) text = quick;
    else if (reserved) text = fill(S.reserved_yours, { n: reserved.index + 1, when: next });
    else if (this.seated && !this.playing && room.status !== "waiting" && room.status !== "closed") text = next;
    else if (!this.seated && room.status !== "closed") {
      // Only invite a spectator to sit when a chair is free; otherwise say the table is full.
      const free = room.seats.some((seat) => !seat.user_id && !seat.bot);
      text = free ? S.watching : S.watching_full;
      // Removed by the host since last seated here: told so, in the second person, not as any spectator.
      const removed = [...events].reverse().find((e) => e.code === "removed_by_host" && e.params && e.params.user === this.userId);
      if (removed && removed.id > (this.seatedUpToEvent ?? 0)) text = `${eventTextFor(this, removed)} ${free ? S.watching_sit : ""}`.trim();
    }
    setHidden(banner, !text);
    setText(banner, text);
    this.paintBanners();
  }

  renderSeats() {
    const snap = this.snapshot;
    const room = snap.room;
    // An arena table's closed seats are not drawn: its people sit as at a table of their number.
    const open = room.seats.filter((s) => !room.arena || s.user_id || s.bot).map((s) => s.index);
    const n = open.length;
    const me = Math.max(0, open.indexOf(snap.you.seat));
    const places = seatPositions(n, me);
    const used = new Set();
    const node = (i, pos) => {
      used.add(`${pos}:${open[i]}`);
      return this.keptSeat(room.seats[open[i]], pos);
    };
    for (const side of ["left", "top", "right"]) placeChildren($(`seats-${side}`), places[side].map((i) => node(i, side)));
    if ($("stage").dataset.others !== String(n - 1)) $("stage").dataset.others = String(n - 1);
    placeChildren($("seat-me"), [node(me, "bottom")]);
    for (const key of [...this.seatNodes.keys()]) if (!used.has(key)) this.seatNodes.delete(key);
  }

  // The seat's element as last drawn when nothing it shows (all seatNode reads) changed: a move
  // restyles only the seats it changed. A game's seatExtra names what it reads (seatKey), or is
  // drawn every time.
  keptSeat(seat, pos) {
    const snap = this.snapshot;
    const room = snap.room;
    if (this.game.seatExtra && !this.game.seatKey) return this.seatNode(seat, pos);
    const engine = seat.engine_seat;
    const counts = (snap.view || {}).hand_counts;
    const key = JSON.stringify([seat, pos, snap.you.seat, snap.you.host, room.host, room.dealer, room.status, room.time_limit,
      room.player_url, counts && engine !== null && engine !== undefined ? counts[String(engine)] : null, this.seatScore(seat),
      this.game.seatKey ? this.game.seatKey(this, seat) : null]);
    const id = `${pos}:${seat.index}`;
    const kept = this.seatNodes.get(id);
    if (kept && kept.key === key) return kept.node;
    const node = this.seatNode(seat, pos);
    this.seatNodes.set(id, { key, node });
    return node;
  }

  // One compact seat: name, badges, team, a fanned back with the card count, online/offline,
  // the game's extra (piles), the countdown when it is this seat's turn, and its buttons.
  seatNode(seat, pos) {
    const snap = this.snapshot;
    const room = snap.room;
    const view = snap.view || {};
    const index = seat.index;
    const isMe = index === snap.you.seat;
    const empty = !seat.user_id && !seat.bot;
    const classes = ["seat", `seat--${pos}`];
    if (seat.turn) classes.push("seat--turn");
    if (isMe) classes.push("seat--me");
    if (empty) classes.push("seat--empty");
    if (!seat.connected && !empty) classes.push("seat--offline");
    if (this.game.teams) classes.push(`seat--team${seat.team}`);
    const head = el("div", { class: "seat__head" },
      el("span", { class: "seat__name", text: empty ? S.empty_seat : (isMe ? `${seat.name} (${S.you})` : seat.name),
        title: empty ? null : seat.name,
        // A tap shows the whole name with a link to the person's page (enableFullNames): never a
        // link itself, so a stray tap does not leave a running table.
        dataset: empty || !seat.user_id ? {} : { playerUrl: this.playerUrl(seat.user_id, seat.name) || "" },
        // A listener of its own (the table's, enableFullNames, shows the name): a phone's browser
        // moves a tap on text that has none to the nearest link (the rating beside it).
        onclick: empty ? null : () => {} }));
    if (seat.bot) head.append(el("span", { class: "badge badge--bot", title: fill(S.bot_level, { level: S.levels[seat.bot] || seat.bot }), text: S.bot }));
    if (seat.stand_in) head.append(el("span", { class: "badge badge--bot", title: S.stand_in, text: S.stand_in_short }));
    if (room.host === seat.user_id && seat.user_id) head.append(el("span", { class: "badge badge--host", title: S.host, "aria-label": S.host, text: "★" }));
    if (room.dealer === index && room.status !== "waiting") head.append(el("span", { class: "badge badge--dealer", title: S.dealer, "aria-label": S.dealer, text: "D" }));
    const facts = el("div", { class: "seat__facts" });
    // A seat names its team by number only ("Team 2"): short enough for a phone's seat; the
    // scoreboard, the runs and the result say which team is the reader's.
    if (this.game.teams && !empty) facts.append(el("span", { class: `seat__team seat__team--${seat.team}`, text: fill(S.team_n, { n: Number(seat.team) + 1 }) }));
    if (!empty && typeof seat.rating === "number") {
      // A person's rating leads to their page (a new tab: the table stays open).
      facts.append(seat.user_id
        ? el("a", { class: "seat__rating muted", href: room.player_url.replace("{id}", String(seat.user_id)), target: "_blank", rel: "noopener",
          title: fill(S.rating_profile, { name: seat.name }), text: fill(S.rating_n, { n: seat.rating }) })
        : el("span", { class: "seat__rating muted", text: fill(S.rating_n, { n: seat.rating }) }));
    }
    if (!empty && !seat.bot) {
      facts.append(el("span", { class: `dot ${seat.connected ? "dot--on" : "dot--off"}`, title: seat.connected ? S.online : S.offline },
        el("span", { class: "visually-hidden", text: seat.connected ? S.online : S.offline })));
    }
    const engine = seat.engine_seat;
    const count = engine !== null && engine !== undefined && view.hand_counts ? view.hand_counts[String(engine)] : undefined;
    if (count) {
      const fan = el("span", { class: "seat__fan", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(count, 5); i += 1) fan.append(el("span", { class: "card card--mini card--back" }));
      facts.append(el("span", { class: "seat__cards" }, isMe ? null : fan,
        el("span", { class: "seat__count", dataset: { count }, title: count === 1 ? S.card_1 : fill(S.cards_n, { n: count }),
          text: isMe ? (count === 1 ? S.card_1 : fill(S.cards_n, { n: count })) : String(count) },
        isMe ? null : el("span", { class: "visually-hidden", text: ` ${S.cards_word}` }))));
    }
    const score = this.seatScore(seat);
    if (score !== null) facts.append(el("span", { class: "seat__score", title: S.total, text: fill(S.points_n, { n: score }) }));
    if (seat.reserved_by) facts.append(el("span", { class: "muted", text: fill(S.reserved_by, { name: seat.reserved_by }) }));
    if (seat.remove_pending) facts.append(el("span", { class: "muted", text: S.remove_pending }));
    // An absent person's countdown to removal, from the server's deadline (renderTimer ticks it).
    if (!empty && !seat.bot && !seat.connected && seat.removal_at) {
      facts.append(el("span", { class: "seat__leaves", dataset: { removalAt: seat.removal_at }, text: this.leavesText(seat.removal_at) }));
    }
    if (!empty && seat.engine_seat === null && room.status !== "waiting") facts.append(el("span", { class: "muted", text: S.waiting_next }));
    const attrs = { class: classes.join(" "), dataset: { seat: index, engineSeat: engine ?? "", pos },
      "aria-label": empty ? `${S.empty_seat} ${index + 1}` : seat.name };
    if (seat.turn) attrs["data-turn"] = "true";
    const node = el("article", attrs, head, facts);
    if (seat.turn) {
      node.append(el("div", { class: "seat__turn", text: isMe ? S.your_turn : fill(S.turn_of, { name: seat.name }) },
        el("span", { class: "countdown", id: "timer", "data-countdown": true, hidden: true },
          el("span", { class: "countdown__bar", "aria-hidden": "true" }), el("span", { class: "countdown__text" }))));
    }
    else if (room.status === "playing" && engine !== null && engine !== undefined && seat.active !== false) {
      // Every seat dealt in keeps its turn's row (unseen) between turns, so the felt does not grow and
      // shrink as the turn goes round (docs/ui.md): the real row's words and countdown, no hook.
      const limit = room.time_limit && !seat.bot ? fill(S.timer, { s: room.time_limit }) : "";
      node.append(el("div", { class: "seat__turn seat__turn--idle", "aria-hidden": "true" }, isMe ? S.your_turn : fill(S.turn_of, { name: seat.name }),
        limit ? el("span", { class: "countdown" }, el("span", { class: "countdown__bar" }), el("span", { class: "countdown__text", text: limit })) : null));
    }
    const extra = this.game.seatExtra ? this.game.seatExtra(this, seat) : null;
    if (extra) node.append(extra);
    const controls = this.seatControls(seat, empty);
    if (controls.classList.contains("seat__controls--corner")) node.classList.add("seat--corner");
    node.append(controls);
    return node;
  }

  // A seat's match total when the match adds up points per seat (not in team games).
  seatScore(seat) {
    const match = this.snapshot.room.match;
    if (this.game.teams || !match || !match.totals || !S.rules.seat_totals) return null;
    const value = match.totals[String(seat.index)];
    return typeof value === "number" ? value : null;
  }

  seatControls(seat, empty) {
    const snap = this.snapshot;
    const controls = el("div", { class: "seat__controls" });
    // Nothing to sit in or change any more; nor at an arena table, where only whom its app seats sits.
    if (snap.room.status === "closed" || snap.room.arena) return controls;
    const unseated = snap.you.seat === null;
    const small = "button button--ghost button--small";
    // The buttons of a seat in play are small (an icon with its words for screen readers).
    const icon = (action, glyph, label, onclick) => el("button", { type: "button", class: "seat__icon", "data-action": action,
      title: label, "aria-label": label, onclick, text: glyph });
    if (empty && unseated) {
      controls.append(el("button", { type: "button", class: "button button--small", "data-action": "sit",
        onclick: () => this.send("sit", { seat: seat.index }), text: S.sit }));
    }
    if (seat.bot && unseated && !seat.reserved_by && snap.room.status !== "waiting") {
      controls.append(el("button", { type: "button", class: small, "data-action": "sit",
        onclick: () => this.confirmThen(fill(S.confirm_take_over, { when: S.rules.boundary === "hand" ? S.plays_next_hand : S.plays_next_match }),
          () => this.send("sit", { seat: seat.index })), text: S.take_over }));
    }
    if (snap.you.host && empty) {
      const select = el("select", { "aria-label": S.bot_level_label, class: "bot-level" },
        ...["easy", "normal", "hard"].map((lvl) => el("option", { value: lvl, selected: lvl === "normal", text: S.levels[lvl] })));
      controls.append(select, el("button", { type: "button", class: small, "data-action": "add-bot",
        onclick: () => this.send("add_bot", { seat: seat.index, level: select.value }), text: S.add_bot }));
    }
    // The seat may be kept across snapshots (patchChildren): the status is read at the click.
    const status = () => this.snapshot.room.status;
    if (snap.you.host && seat.bot && !seat.remove_pending) {
      const during = () => status() !== "waiting" && status() !== "match_over";
      const go = () => this.send("remove_bot", { seat: seat.index });
      controls.append(icon("remove-bot", "×", S.remove_bot, () => (during() ? this.confirmThen(S.confirm_remove_bot, go) : go())));
    }
    if (snap.you.seat === seat.index) {
      const during = () => status() === "playing" || status() === "hand_over";
      const go = () => this.send("leave");
      const ask = () => leaveConfirmation(this, during() ? S.confirm_leave : "");
      // A rated match being played: what leaving costs the reader's rating, from their own snapshot.
      const cost = () => (during() ? this.snapshot.you.leave_cost : null);
      controls.append(icon("leave", "⏏", S.leave, () => (ask() ? this.confirmThen(ask(), go, cost()) : go())));
    }
    // A lone icon sits in the seat's corner.
    if (controls.children.length === 1 && controls.firstChild.classList.contains("seat__icon")) controls.classList.add("seat__controls--corner");
    return controls;
  }

  renderHost() {
    const snap = this.snapshot;
    const room = snap.room;
    $("host-panel").hidden = !snap.you.host;
    $("host-settings").hidden = !snap.you.host;
    if (!snap.you.host) return;
    const box = $("host-controls");
    if (!this.drawnFrom("host-buttons", [room.status, room.paused, room.deadline_kind])) patchChildren(box, this.hostButtons(false));
    renderHostPowers(this);
    const select = $("time-limit");
    if (document.activeElement !== select) select.value = room.time_limit ? String(room.time_limit) : "";
  }

  // The host's buttons for this moment; `result` gives the ones the result dialog repeats.
  hostButtons(result) {
    const room = this.snapshot.room;
    const out = [];
    const button = (action, text, primary = false, confirmText = null) => el("button", {
      type: "button", class: `button${result ? "" : " button--small"}${primary ? "" : " button--ghost"}`, "data-action": action,
      onclick: () => (confirmText ? this.confirmThen(confirmText, () => this.send(action)) : this.send(action)), text });
    // A quick-play room ("Jogar agora") starts with bots by itself; the host may start it now.
    const quick = room.deadline_kind === "quick";
    if (room.status === "waiting" && !result) out.push(button("start", quick ? S.start_now : S.start, true));
    if (room.status === "match_over") out.push(button("new_match", S.play_again, true));
    if (room.status === "hand_over") out.push(button("next_hand", S.next_hand, true));
    if (result) return out;
    if (room.status === "playing" && S.rules.restart_anytime) out.push(button("new_match", S.new_match, false, S.confirm_new_match));
    if (room.status === "playing" || room.status === "hand_over") out.push(button("end_match", S.end_match, false, S.confirm_end_match));
    if (room.status === "playing") out.push(room.paused ? button("resume", S.resume, true) : button("pause", S.pause));
    return out;
  }

  // The room's settings as the table plays them: game, variations, direction, target, time.
  renderSettings() {
    const room = this.snapshot.room;
    const options = room.options || {};
    if (this.drawnFrom("settings", [options, room.time_limit, room.seat_count])) return;
    const rows = [[S.setting_game, S.game_name]];
    const on = Object.keys(S.variations || {}).filter((k) => options[k] === true);
    if (Object.keys(S.variations || {}).length) rows.push([S.setting_variations, on.length ? on.map((k) => S.variations[k]).join(", ") : S.none]);
    if (S.rules.directional) rows.push([S.setting_direction, options.counter_clockwise ? S.counter_clockwise : S.clockwise]);
    if (typeof options.target === "number") rows.push([S.setting_target, String(options.target)]);
    if (options.match_games > 1) rows.push([S.setting_games, String(options.match_games)]);
    rows.push([S.time_limit, room.time_limit ? fill(S.seconds_n, { n: room.time_limit }) : S.no_limit]);
    rows.push([S.setting_seats, String(room.seat_count)]);
    patchChildren($("settings"), rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })]));
  }

  // Always on the felt: the match totals (team games: us and them) and the target.
  renderScoreboard() {
    const room = this.snapshot.room;
    const options = room.options || {};
    const totals = (room.match && room.match.totals) || {};
    if (this.drawnFrom("scoreboard", [options, totals, this.game.teams ? this.myTeam() : null])) return;
    const box = $("scoreboard");
    const items = [];
    if (this.game.teams) {
      const mine = this.myTeam() ?? "0";
      for (const team of [mine, mine === "0" ? "1" : "0"]) {
        // "Team 1" on the felt (the reader's team first; "Team 1 (yours)" in its tooltip): the
        // scoreboard stays one row on a phone.
        items.push(el("span", { class: `score score--team${team}`, dataset: { team }, title: this.teamName(team) },
          el("span", { class: "score__label", text: fill(S.team_n, { n: Number(team) + 1 }) }), " ", el("b", { text: String(totals[team] ?? 0) })));
      }
    }
    if (typeof options.target === "number") items.push(el("span", { class: "score score--target", text: fill(S.target_n, { n: options.target }) }));
    if (S.rules.directional) items.push(el("span", { class: "score score--direction", title: S.setting_direction,
      text: options.counter_clockwise ? `↺ ${S.counter_clockwise}` : `↻ ${S.clockwise}` }));
    patchChildren(box, items);
    setHidden(box, !items.length);
  }

  renderFair() {
    const room = this.snapshot.room;
    const match = room.match;
    if (this.drawnFrom("fair", [match && [match.fingerprint, match.seed, match.verify_url, match.next_fingerprint], room.next_fingerprint])) return;
    const items = [];
    const row = (label, value, extra) => {
      items.push(el("dt", { text: label }), el("dd", {}, el("code", { class: "hash", text: value }), extra || null));
    };
    if (match && match.fingerprint) row(S.fingerprint, match.fingerprint);
    if (match && match.seed) {
      row(S.seed, match.seed);
      items.push(el("dt", {}, ""), el("dd", {}, el("a", { href: match.verify_url, class: "verify-link", text: S.verify })));
    }
    const next = room.next_fingerprint || (match && match.next_fingerprint);
    if (next) row(S.next_fingerprint, next);
    patchChildren($("fair"), items);
  }

  // A line starts with a capital letter, unless it starts with a person's name: usernames stay
  // as their owners wrote them ("ana comprou", never "Ana comprou").
  sentence(text) {
    if (!text) return text;
    const room = (this.snapshot && this.snapshot.room) || {};
    const names = [this.userName, ...(room.seats || []).map((s) => s && s.name), ...this.log.map((e) => e && this.named(e.name))];
    if (names.some((name) => name && text.startsWith(name))) return text;
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  label(key) { return this.game.teams ? this.teamName(key) : this.heldBy(Number(key)); }

  renderHistory() {
    const room = this.snapshot.room;
    const snap = this.snapshot;
    // Everything the hands' table and the result dialog read (the game's end reason reads the last move).
    if (this.drawnFrom("history", [room.status, room.history, room.match, room.options, room.players, this.resultClosedFor,
      snap.you.seat, snap.you.host, room.seats.map((s) => [s.name, s.user_id, s.bot, s.engine_seat, s.team]),
      room.status === "playing" ? null : room.last_move])) return;
    const box = $("history");
    const history = [...(room.history || [])].sort((a, b) => (a.match - b.match) || (a.number - b.number));
    const matchId = room.match ? room.match.id : null;
    const rows = history.filter((h) => h.match === matchId);
    if (!rows.length) {
      // A new match has no finished hand yet: the last match's result must not stay on screen.
      patchChildren(box, [el("p", { class: "muted", text: "—" })]);
      $("result-panel").hidden = true;
      this.renderResult(null);  // a match its host ended before any hand finished still says so
      return;
    }
    const keys = this.scoreKeys();
    const label = (key) => (this.game.teams ? fill(S.team_n, { n: Number(key) + 1 }) : this.heldBy(Number(key)));
    const head = el("tr", {}, el("th", { text: "#" }), ...keys.map((k) => el("th", { class: "num", text: label(k) })));
    const body = el("tbody");
    const totals = (room.match && room.match.totals) || {};
    const running = this.runningTotals(rows, keys, totals);
    rows.forEach((h, i) => {
      const scores = (h.result && h.result.scores) || {};
      const cells = keys.map((k) => {
        const won = (h.result.winners || []).includes(k);
        return el("td", { class: `num${won ? " won" : ""}` }, `${scores[k] ?? 0}`, el("small", { class: "muted" }, ` (${running[i][k]})`));
      });
      body.append(el("tr", {}, el("td", { text: h.number }), ...cells));
    });
    const last = running[running.length - 1];
    const foot = el("tfoot", {}, el("tr", {}, el("th", { text: S.total }), ...keys.map((k) => el("th", { class: "num", text: totals[k] ?? last[k] ?? 0 }))));
    const items = [el("table", { class: "data-table history" }, el("thead", {}, head), body, foot)];
    if (room.match && room.match.seed) {
      items.push(el("p", {}, el("a", { href: room.match.verify_url, class: "history__verify", text: S.verify })));
    }
    patchChildren(box, items);
    this.renderResult(rows[rows.length - 1]);
  }

  // The running total after each hand. The room keeps only the last 20 hands while the match
  // totals count them all, so it is worked out backwards from the totals when they are known.
  runningTotals(rows, keys, totals) {
    const points = rows.map((h) => this.matchPoints(h) || (h.result && h.result.scores) || {});
    const running = rows.map(() => ({}));
    for (const k of keys) {
      let after = typeof totals[k] === "number" ? totals[k] : points.reduce((sum, p) => sum + (p[k] || 0), 0);
      for (let i = rows.length - 1; i >= 0; i -= 1) {
        running[i][k] = after;
        after -= points[i][k] || 0;
      }
    }
    return running;
  }

  // What a hand adds to the match totals, by room seat, when the engine counts the match in
  // other units than the hand's scores (Stealing Bundles: games won); null when they are the scores.
  matchPoints(h) {
    const engine = h.result && h.result.engine;
    if (this.game.teams || !engine || !engine.match_points || !h.seat_map) return null;
    const out = {};
    for (const [k, v] of Object.entries(engine.match_points)) out[String(h.seat_map[Number(k)])] = v;
    return out;
  }

  scoreKeys() {
    if (this.game.teams) return ["0", "1"];
    // A seat someone played in this hand keeps its column after they left it.
    const played = this.snapshot.room.players || {};
    return this.snapshot.room.seats.filter((s) => s.user_id || s.bot || s.engine_seat !== null || played[String(s.index)])
      .map((s) => String(s.index));
  }

  // The result dialog at the end of a hand or match: who won (a hand is not called a victory
  // while the match goes on), why the hand ended, the hand's scores and the match totals, the
  // game's breakdown, and the host's next step (or "waiting for the host").
  renderResult(last) {
    const room = this.snapshot.room;
    const panel = $("result-panel");
    // A match its host ended early may have no finished hand of its own: the dialog still says so.
    const early = room.status === "match_over" && !!room.match && room.match.ended_early;
    if (early && last && last.match !== room.match.id) last = null;
    const show = (room.status === "hand_over" || room.status === "match_over") && (!!last || early);
    const key = last ? `${last.match}:${last.number}:${room.status}` : (early ? `${room.match.id}:early` : "");
    setHidden(panel, !show || this.resultClosedFor === key);
    if (!show) return;
    const over = room.status === "match_over";
    const winners = (early ? [] : (over && room.match ? room.match.winners : last.result.winners) || []).map(String);
    const names = winners.map((w) => this.label(w)).join(", ");
    let text;
    if (early) text = S.match_ended_early;
    else if (!winners.length) text = over && room.match && room.match.deserted ? S.match_deserted : S.no_winner;
    else if (over) text = fill(winners.length > 1 ? S.match_tie : S.match_won, { names });
    else text = fill(winners.length > 1 ? S.hand_tie : S.hand_best, { names, n: last.number });
    text = this.sentence(text);
    $("result-title").textContent = over ? S.match_over_title : fill(S.hand_over_title, { n: last.number });
    const box = $("result");
    box.replaceChildren(el("p", { class: "result__winners", dataset: { over: over ? "match" : "hand" }, text }));
    if (last) this.resultTables(box, last, winners);
    if (over && room.match && room.match.seed) box.append(el("p", {}, el("a", { href: room.match.verify_url, text: S.verify })));
    const replay = over && this.snapshot.you.replay_url;
    if (replay) box.append(el("p", {}, el("a", { href: replay, dataset: { matchReplay: "" }, text: S.replay })));
    const changes = (over && room.match && room.match.ratings) || [];
    if (changes.length) box.append(this.ratingChanges(changes));
    const actions = $("result-actions");
    const buttons = this.snapshot.you.host ? this.hostButtons(true) : [];
    actions.replaceChildren(...buttons);
    if (!this.snapshot.you.host) actions.append(el("p", { class: "muted result__waiting", text: S.waiting_host }));
    actions.append(el("button", { type: "button", class: "button button--ghost", id: "result-close",
      onclick: () => { this.resultClosedFor = key; panel.hidden = true; }, text: S.see_table }));
  }

  // What the match did to each person's rating: "+12", "−136" and the new value, each name
  // leading to that person's page.
  ratingChanges(changes) {
    const sign = (d) => (d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : "\u00b10");
    const you = this.snapshot.you.user_id;
    const rows = changes.map((c) => el("tr", { class: `rating-change rating-change--${c.delta > 0 ? "up" : c.delta < 0 ? "down" : "same"}`, dataset: { userId: String(c.user_id) } },
      el("th", {}, el(c.profile_url ? "a" : "span", { href: c.profile_url, target: c.profile_url ? "_blank" : null, rel: c.profile_url ? "noopener" : null,
        dataset: c.profile_url ? { playerLink: "" } : {}, text: c.user_id === you ? `${c.name} (${S.you})` : this.named(c.name) }),
        c.left ? el("small", { class: "muted", text: ` (${S.rating_left})` }) : null),
      el("td", { class: "num rating-change__delta", text: sign(c.delta) }),
      el("td", { class: "num rating-change__after", text: String(c.after) })));
    return el("table", { class: "data-table result__ratings" }, el("caption", { text: S.rating_changes }),
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { class: "num", text: S.rating_change }), el("th", { class: "num", text: S.rating_new }))),
      el("tbody", {}, ...rows));
  }

  // Why the hand ended, its scores and the match totals, the game's breakdown.
  resultTables(box, last, winners) {
    const why = this.game.endReason ? this.game.endReason(this, last) : "";
    if (why) box.append(el("p", { class: "result__why", text: this.sentence(why) }));
    // A game whose breakdown already has each seat's hand and match points shows only that.
    if (!this.game.breakdownHasScores) box.append(this.scoreTable(last, winners));
    if (this.game.breakdown) {
      const table = this.game.breakdown(this, last);
      if (table) box.append(table);
    }
  }

  // The hand's score and the match total of every player (or team).
  scoreTable(last, winners) {
    const room = this.snapshot.room;
    const keys = this.scoreKeys();
    const scores = (last.result && last.result.scores) || {};
    const totals = (room.match && room.match.totals) || {};
    const rows = keys.map((k) => el("tr", { class: winners.includes(k) ? "won" : null },
      el("th", { text: this.game.teams ? this.label(k) : this.resultName(Number(k)) }), el("td", { class: "num", text: scores[k] ?? 0 }), el("td", { class: "num", text: totals[k] ?? 0 })));
    return el("table", { class: "data-table result__scores" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { class: "num", text: S.this_hand }), el("th", { class: "num", text: S.match_total }))),
      el("tbody", {}, ...rows));
  }

  // A quick-play room ("Jogar agora") waiting for people: "Começando com bots em 15 s".
  quickCountdown() {
    const room = this.snapshot && this.snapshot.room;
    if (!room || room.status !== "waiting" || room.deadline_kind !== "quick" || !room.deadline) return "";
    return fill(S.quick_start, { s: Math.ceil(Math.max(0, room.deadline - (Date.now() + this.offset)) / 1000) });
  }

  leavesText(at) {
    const left = Math.max(0, Math.ceil((at - (Date.now() + this.offset)) / 1000));
    return fill(S.leaves_in, { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
  }

  renderTimer() {
    const quick = this.quickCountdown();
    if (quick) setText($("note-banner"), quick);
    for (const node of this.root.querySelectorAll("[data-removal-at]")) setText(node, this.leavesText(Number(node.dataset.removalAt)));
    const snap = this.snapshot;
    const timer = $("timer");
    if (!snap || !timer) return;
    const room = snap.room;
    let text = "";
    let share = 1;
    if (room.paused && room.deadline_left != null) {
      text = fill(S.timer_paused, { s: Math.ceil(room.deadline_left) });
    } else if (room.deadline && room.deadline_kind !== "bot" && room.status === "playing") {
      const ms = Math.max(0, room.deadline - (Date.now() + this.offset));
      const left = Math.ceil(ms / 1000);
      text = fill(S.timer, { s: left });
      const full = (room.deadline_kind === "turn" && room.time_limit ? room.time_limit : Math.max(left, 1)) * 1000;
      share = Math.max(0, Math.min(1, ms / full));
      timer.classList.toggle("countdown--low", left <= 5);
    }
    setHidden(timer, !text);
    // Written only when it moves a visible step: each write restyles the countdown.
    const left = share.toFixed(3);
    if (timer.style.getPropertyValue("--left") !== left) timer.style.setProperty("--left", left);
    setText(timer.querySelector(".countdown__text"), text);
  }

  maybeSendSeed() {
    const snap = this.snapshot;
    if (!snap.you.client_seed_needed) { this.seedSentFor = null; return; }
    const key = `${snap.room.match ? snap.room.match.id : 0}:${snap.you.seat}`;
    if (this.seedSentFor === key) return;
    this.seedSentFor = key;
    this.send("client_seed", { seed: randomHex(32) });
  }

  // --- the move log -------------------------------------------------------------------------
  // One list, newest first: the hand's moves and the room's events (room.events: the host passed
  // on, a bot took a seat, the time changed...) among them in time order (their `at`). Rebuilt
  // from the snapshot's `log` (the hand's moves, public form) when a full snapshot brings it and
  // at each deal; between those, every move a snapshot reports and every new event is added on top.
  updateLog(previous) {
    const room = this.snapshot.room;
    if (Array.isArray(room.events)) this.roomEvents = room.events;
    if (Array.isArray(room.log)) {
      this.log = room.log.slice(-LOG_KEEP);
      this.paintLog();
      return;
    }
    const moved = !!previous && previous.room.state_version !== room.state_version;
    const fresh = !moved ? [] : (room.moves_now && room.moves_now.length ? room.moves_now : (room.last_move ? [room.last_move] : []));
    // What the first took (a discard pile, a stolen pile), read in the view before it.
    if (fresh.length && fresh[0].move && this.game.taken && previous.view) {
      const taken = this.game.taken(fresh[0].move, previous.view);
      if (taken) fresh[0].taken = taken;
    }
    if (fresh.some((entry) => entry.kind === "deal")) {
      this.log = fresh.slice(fresh.findLastIndex((entry) => entry.kind === "deal"));
      this.paintLog();
      return;
    }
    const news = [...fresh.map((entry) => ({ entry, at: entry.at })),
      ...this.unloggedEvents().map((event) => ({ event, at: event.at }))];
    this.log.push(...fresh);
    const list = $("log");
    for (const { entry, event } of sortByTime(news)) {
      const item = entry ? this.logItem(entry) : this.eventItem(event);
      if (item) list.prepend(item);
    }
    this.markEventsLogged();
    while (this.log.length > LOG_KEEP) this.log.shift();
    while (list.childNodes.length > LOG_KEEP) list.lastChild.remove();
  }

  // `[data-last-move]` (docs/ui.md): the others' two latest moves of the hand, newest first, in
  // the log's words; yours while no one else has moved.
  paintLastMove() {
    const box = $("last-move");
    if (!box) return;
    const you = this.snapshot.you.seat;
    const moves = this.log.filter((e) => e && e.kind !== "deal" && (e.move || e.kind === "leave" || e.kind === "stand_in"));
    let shown = moves.filter((e) => e.seat === null || e.seat === undefined || e.seat !== you).slice(-2);
    if (!shown.length) shown = moves.slice(-1);
    const G = S.game || {};
    const texts = shown.reverse().map((entry) => {
      const text = this.sentence(this.describeEntry(entry));
      return text && entry.taken && G.taken_n ? `${text} ${fill(G.taken_n, { n: entry.taken })}` : text;
    }).filter(Boolean);
    if (this.drawnFrom("last-move", texts)) return;
    box.replaceChildren(...texts.map((text, i) => el("span", { class: `last-move__item${i ? "" : " last-move__item--new"}`, text })));
    box.title = texts.join("\n");
    box.dataset.moves = String(texts.length);
  }

  paintLog() {
    const rows = [...this.log.map((entry) => ({ entry, at: entry.at })),
      ...(this.roomEvents || []).map((event) => ({ event, at: event.at }))];
    const items = sortByTime(rows).map(({ entry, event }) => (entry ? this.logItem(entry) : this.eventItem(event)));
    $("log").replaceChildren(...items.filter(Boolean).reverse());
    this.markEventsLogged();
  }

  unloggedEvents() { return (this.roomEvents || []).filter((e) => e.id > (this.loggedEventId ?? 0)); }

  markEventsLogged() {
    const events = this.roomEvents || [];
    if (events.length) this.loggedEventId = Math.max(this.loggedEventId ?? 0, events[events.length - 1].id);
  }

  // A room event's line in the move log (`data-room-event`: its code), in the page's language.
  eventItem(event) {
    const text = eventTextFor(this, event);
    return text ? el("li", { class: "log__event", dataset: { roomEvent: event.code, eventId: event.id }, text: this.sentence(text) }) : null;
  }

  logItem(entry) {
    const text = this.describeEntry(entry);
    if (!text) return null;
    return el("li", { class: entry.auto ? "log__auto" : (entry.kind === "deal" ? "log__deal" : null),
      dataset: { kind: entry.kind || "" }, text: this.sentence(text) });
  }

  // One log entry (or `room.last_move`) in words; the server's text wins when it has one.
  describeEntry(entry) {
    const room = this.snapshot.room;
    if (entry.kind === "deal") {
      // "you deal" has its own sentence: the verb agrees with its person.
      if (entry.dealer === null || entry.dealer === undefined) return fill(S.dealt_nobody, { hand: entry.hand });
      if (entry.dealer === this.snapshot.you.seat) return fill(S.dealt_you, { hand: entry.hand });
      const dealer = room.seats[entry.dealer];
      return fill(S.dealt, { hand: entry.hand, name: (dealer && dealer.name) || this.seatName(entry.dealer) });
    }
    // Your own moves are "you"; others' by the name the seat had when they moved (when known).
    const mine = entry.seat !== null && entry.seat !== undefined && entry.seat === this.snapshot.you.seat;
    const name = mine ? S.you : this.named(entry.name) || (entry.seat === null || entry.seat === undefined
      ? this.nameOfEngineSeat(entry.engine_seat) : this.seatName(entry.seat));
    if (entry.kind === "leave") return fill(S.left_table, { name });
    if (entry.kind === "stand_in") return fill(S.stand_in_move, { name });
    if (!entry.move) return "";
    // The table's own sentence (it says "you", names the run a card joined); the server's words
    // (rooms/records/describe.py, one per site language) when the game has none for this move.
    let text = this.game.describe ? this.game.describe(this, entry.move, name, entry) : "";
    if (!text && entry.text) text = typeof entry.text === "string" ? entry.text : (entry.text[document.documentElement.lang] || "");
    if (entry.auto && text) text = fill(S.auto_move, { text });
    return text;
  }

  announceLastMove(previous) {
    const room = this.snapshot.room;
    const last = room.last_move;
    const key = last ? JSON.stringify(last) + ":" + (room.match ? room.match.id : "") + ":" + room.state_version : "";
    // First paint: nothing happened "now". A page opened before any move (a new room) does
    // announce what comes next, the first deal included.
    if (this.lastAnnounced === null) { this.lastAnnounced = key; return; }
    if (!last) return;
    if (key === this.lastAnnounced || !previous || previous.room.state_version === room.state_version) return;
    this.lastAnnounced = key;
    const fresh = room.moves_now && room.moves_now.length ? room.moves_now : [last];
    const parts = fresh.map((e) => this.describeEntry(e)).filter(Boolean);
    const mineNow = fresh.some((e) => e.seat === this.snapshot.you.seat);
    const extra = this.game.privateNews ? this.game.privateNews(this, previous) : "";
    if (extra) parts.push(extra);
    if (last.move) sound.play(this.game.soundOf ? this.game.soundOf(last.move) : "move", mineNow);
    if (room.status === "match_over" && previous.room.status !== "match_over") { parts.push(S.match_over); sound.play("result"); }
    else if (room.status === "hand_over" && previous.room.status !== "hand_over") { parts.push(S.hand_over); sound.play("result"); }
    const winners = room.status !== previous.room.status ? $("result-panel").querySelector(".result__winners") : null;
    if (winners && !$("result-panel").hidden) parts.push(winners.textContent);
    this.announce(parts.join(". "));
  }

  // --- confirmations ------------------------------------------------------------------------
  confirmThen(text, action, cost = null) {
    const box = $("confirm");
    $("confirm-text").textContent = text;
    // The leave's cost line: "You lose rating: about −58", the number in [data-leave-cost].
    const costLine = $("confirm-cost");
    const [before, after = ""] = fill(S.leave_cost, { points: "\u0000" }).split("\u0000");
    const points = typeof cost === "number" ? (cost < 0 ? `\u2212${-cost}` : `${cost}`) : "";
    costLine.replaceChildren(before, el("strong", { dataset: { leaveCost: String(cost) }, text: points }), after);
    costLine.hidden = typeof cost !== "number";
    box.hidden = false;
    const back = document.activeElement;
    const close = () => { box.hidden = true; if (back && back.isConnected) back.focus(); };
    $("confirm-yes").onclick = () => { close(); action(); };
    $("confirm-no").onclick = close;
    box.onkeydown = (event) => { if (event.key === "Escape") { event.stopPropagation(); close(); } };
    $("confirm-no").focus();
  }

  // --- shell controls -------------------------------------------------------------------------
  bindShell() {
    watchHand($("hand"));
    // A tap on the latest moves opens the whole log (a phone's drawer).
    $("last-move").addEventListener("click", () => {
      const toggle = $("side-toggle");
      if (toggle.offsetParent && !$("side").classList.contains("side--open")) toggle.click();
    });
    // The hand's order, kept in this browser; named by the order shown, a press's effect its tooltip.
    const sorter = $("hand-sort");
    if (sorter) {
      const paintSort = () => {
        const mode = handSort();
        sorter.dataset.handSort = mode;
        sorter.title = sorter.dataset[mode === "rank" ? "labelRank" : "labelSuit"];
        for (const label of sorter.querySelectorAll("[data-sort]")) label.hidden = label.dataset.sort !== mode;
      };
      paintSort();
      sorter.addEventListener("click", () => {
        setHandSort(SORTS[(SORTS.indexOf(handSort()) + 1) % SORTS.length]);
        paintSort();
        if (this.snapshot) this.render(this.snapshot);
      });
    }
    const mute = $("mute");
    const paintMute = () => {
      mute.setAttribute("aria-pressed", sound.muted ? "true" : "false");
      mute.classList.toggle("tool--muted", sound.muted);
      mute.replaceChildren(el("span", { class: "tool__icon", "aria-hidden": "true", text: "♪" }),
        el("span", { class: "tool__label", text: sound.muted ? S.mute : S.unmute }));
    };
    paintMute();
    const toggle = () => { sound.setMuted(!sound.muted); paintMute(); };
    mute.addEventListener("click", toggle);
    const side = $("side");
    const openSide = (open) => {
      side.classList.toggle("side--open", open);
      $("side-toggle").setAttribute("aria-expanded", open ? "true" : "false");
      if (open) $("side-close").focus();
    };
    $("side-toggle").addEventListener("click", () => openSide(!side.classList.contains("side--open")));
    $("side-close").addEventListener("click", () => { openSide(false); $("side-toggle").focus(); });
    document.addEventListener("keydown", (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const tag = (event.target.tagName || "").toLowerCase();
      if (tag === "input" || tag === "select" || tag === "textarea") return;
      if (!$("confirm").hidden) return;
      if (event.key === "Escape" && side.classList.contains("side--open")) { openSide(false); $("side-toggle").focus(); event.preventDefault(); return; }
      if (event.key === "m" || event.key === "M") { toggle(); event.preventDefault(); return; }
      if (this.game.onKey) this.game.onKey(this, event);
    });
    $("time-limit").addEventListener("change", (event) => {
      const limit = this.snapshot ? this.snapshot.room.time_limit : null;
      confirmTimeLimit(this, event.target.value, () => { event.target.value = limit ? String(limit) : ""; });
    });
    $("copy-invite").addEventListener("click", async () => {
      const input = $("invite-link");
      try {
        await navigator.clipboard.writeText(input.value);
        this.hint(S.copied);
      } catch (e) {
        input.select();
        this.hint(S.copy_failed);
      }
    });
  }

  // A short notice above the hand; with ``link``, a person's page after it ("Ver perfil", a new
  // tab: the table stays open), and a little longer to reach it.
  hint(text, link = null) {
    const node = $("hint");
    if (link) node.replaceChildren(el("span", { class: "hint__text", text }), " ", el("a", { href: link, target: "_blank", rel: "noopener", class: "hint__link",
      dataset: { playerLink: "" }, text: S.view_profile }));
    else setText(node, text);
    setHidden(node, !text);
    clearTimeout(this.hintTimer);
    if (text) this.hintTimer = setTimeout(() => { node.hidden = true; }, link ? 8000 : 5000);
  }

  cardName(code) { return cardName(code, S); }
}

// Long-press on touch screens shows what a pointing device's tooltip would (the `title`).
export function enableLongPress(table, root) {
  let timer = null;
  root.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return;
    const target = event.target.closest("[title]");
    if (!target) return;
    timer = setTimeout(() => { timer = "fired"; table.hint(target.getAttribute("title")); }, 500);
  });
  const cancel = () => { if (timer && timer !== "fired") clearTimeout(timer); };
  root.addEventListener("pointerup", cancel);
  root.addEventListener("pointercancel", cancel);
  root.addEventListener("pointermove", (event) => { if (Math.abs(event.movementX) + Math.abs(event.movementY) > 8) cancel(); });
  // A long press must not also count as a tap.
  root.addEventListener("click", (event) => {
    if (timer === "fired") { timer = null; event.preventDefault(); event.stopPropagation(); }
  }, true);
}

// A seat's name may be cut short (…) on a small screen: a tap or a click on it shows it whole
// in the hint, as its tooltip and the seat's accessible name already hold it.
export function enableFullNames(table, root) {
  root.addEventListener("click", (event) => {
    const name = event.target.closest && event.target.closest(".seat__name[title]");
    if (name) table.hint(name.getAttribute("title"), name.dataset.playerUrl || null);
  });
}

export function startTable(game) {
  const table = new Table(game);
  window.mesaTable = table;
  enableLongPress(table, table.root);
  enableFullNames(table, table.root);
  return table;
}

export { el, fill, S };
