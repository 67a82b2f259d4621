// The table page's core: one WebSocket, reconnection, and everything every game shows
// (seats, timer, paused banner, host controls, announcements, history, fairness).
// Each game module (static/js/games/*.js) renders its own cards through `startTable`.
// The page renders only from the latest snapshot (docs/protocol.md); nothing else is trusted.

import { cardName, fill } from "./cards.js";

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
const $ = (id) => document.getElementById(id);

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 15000;
const PING_EVERY_MS = 15000;
const PONG_TIMEOUT_MS = 6000;
const MUTE_KEY = "mesa:muted";

// --- sound: short WebAudio beeps, no files --------------------------------------------------
const sound = {
  ctx: null,
  muted: localStorage.getItem(MUTE_KEY) === "1",
  beep(freq = 660, ms = 90, type = "sine", gain = 0.05) {
    if (this.muted) return;
    try {
      this.ctx = this.ctx || new (window.AudioContext || window.webkitAudioContext)();
      const osc = this.ctx.createOscillator();
      const vol = this.ctx.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      vol.gain.value = gain;
      osc.connect(vol).connect(this.ctx.destination);
      const t = this.ctx.currentTime;
      vol.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
      osc.start(t);
      osc.stop(t + ms / 1000 + 0.02);
    } catch (e) { /* no audio here: silence is fine */ }
  },
  move() { this.beep(520, 70, "triangle"); },
  turn() { this.beep(880, 120, "sine"); },
  error() { this.beep(200, 180, "square", 0.03); },
};

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

function randomHex(bytes) {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class Table {
  constructor(game) {
    this.game = game;
    this.S = S;
    this.root = $("table");
    this.code = this.root.dataset.code;
    this.userId = Number(this.root.dataset.user);
    this.snapshot = null;
    this.ws = null;
    this.attempt = 0;
    this.msgId = 0;
    this.pending = new Map();
    this.offset = 0; // server clock minus ours, in ms
    this.lastAnnounced = null;
    this.seedSentFor = null;
    this.wasMyTurn = false;
    this.sound = sound;
    this.el = el;
    this.connect();
    this.bindShell();
    setInterval(() => this.renderTimer(), 250);
  }

  // --- socket ---------------------------------------------------------------------------------
  get online() { return this.ws && this.ws.readyState === WebSocket.OPEN; }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.code)}/`);
    this.ws = ws;
    this.fresh = true;
    this.setConn(this.snapshot ? "reconnecting" : "connecting");
    ws.addEventListener("open", () => {
      if (ws !== this.ws) return;
      this.attempt = 0;
      this.ping();
    });
    ws.addEventListener("message", (event) => { if (ws === this.ws) this.receive(JSON.parse(event.data)); });
    ws.addEventListener("close", (event) => { if (ws === this.ws) this.dropped(event.code); });
  }

  dropped(code) {
    clearTimeout(this.pingTimer);
    clearTimeout(this.pongTimer);
    for (const [id, entry] of this.pending) {
      if (entry.action === "move") this.showError(S.offline_move);
      this.pending.delete(id);
    }
    if (code === 4404) { this.setConn("closed"); this.showError(S.closed_room); return; }
    if (code === 4401) { this.setConn("closed"); this.showError(S.no_session); return; }
    this.setConn("reconnecting");
    // Exponential backoff with full jitter: many tables dropped together do not return together.
    const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    const delay = cap / 2 + Math.random() * (cap / 2);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  // A socket can look open while the network is gone: a ping without a pong closes it.
  ping() {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      if (!this.online) return;
      this.send("ping");
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => { if (this.ws) this.ws.close(); }, PONG_TIMEOUT_MS);
    }, PING_EVERY_MS);
  }

  // Test and debugging hook: drop the socket as a network failure would.
  drop() { if (this.ws) this.ws.close(); }

  send(action, fields = {}) {
    if (!this.online) {
      if (action === "move") { this.showError(S.offline_move); sound.error(); }
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
    if (this.snapshot.room.paused) { this.showError(S.errors.paused); return; }
    this.send("move", { version: this.snapshot.version, move });
  }

  receive(msg) {
    if (msg.type === "pong") { clearTimeout(this.pongTimer); this.ping(); return; }
    if (msg.id && this.pending.has(msg.id)) this.pending.delete(msg.id);
    if (msg.type === "error") {
      const text = (S.errors && S.errors[msg.code]) || msg.message || msg.code;
      this.showError(fill(S.error, { message: text }));
      sound.error();
      if (msg.code === "bad_client_seed") this.seedSentFor = null;
      return;
    }
    if (msg.type !== "snapshot") return;
    // The first snapshot on a new socket is the whole truth; after it, keep the highest version.
    if (this.snapshot && !this.fresh && msg.room.version < this.snapshot.room.version) return;
    this.fresh = false;
    if (!("history" in msg.room)) {
      // Broadcasts carry the hand history only when a hand ended; keep ours while its key
      // matches, and ask for a whole snapshot when it does not (a broadcast was missed).
      const held = this.snapshot ? this.snapshot.room : null;
      msg.room.history = held ? held.history : [];
      if (!held || held.history_key !== msg.room.history_key) this.send("snapshot");
    }
    this.offset = msg.room.server_time - Date.now();
    const previous = this.snapshot;
    this.snapshot = msg;
    this.setConn("online");
    this.render(previous);
  }

  // --- rendering ------------------------------------------------------------------------------
  setConn(state) {
    this.root.dataset.state = state;
    const label = { connecting: S.connecting, reconnecting: S.reconnecting, online: S.connected, closed: "—" }[state];
    $("conn").textContent = label;
    $("conn").className = `conn conn--${state}`;
    $("reconnect-banner").hidden = state !== "reconnecting";
  }

  showError(text) {
    const banner = $("error-banner");
    banner.textContent = text;
    banner.hidden = false;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => { banner.hidden = true; }, 6000);
  }

  announce(text) {
    if (!text) return;
    text = text.charAt(0).toUpperCase() + text.slice(1);
    const node = el("p", { text });
    const region = $("announcer");
    region.append(node);
    while (region.childNodes.length > 3) region.firstChild.remove();
    const log = $("log");
    log.prepend(el("li", { text }));
    while (log.childNodes.length > 6) log.lastChild.remove();
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

  paint(previous) {
    const snap = this.snapshot;
    const room = snap.room;
    $("room-status").textContent = S.status[room.status] || room.status;
    this.root.dataset.status = room.status;
    this.renderPaused();
    this.renderSeats();
    this.renderHost();
    this.renderFair();
    this.renderHistory();
    this.renderTimer();
    this.maybeSendSeed();
    try {
      this.game.render(this, snap, previous);
    } catch (e) {
      console.error(e);
    }
    this.announceLastMove(previous);
    const mine = this.myTurn;
    if (mine && !this.wasMyTurn) sound.turn();
    this.wasMyTurn = mine;
    $("me-name").textContent = snap.you.seat === null ? "" : (room.seats[snap.you.seat].name || "");
    this.root.classList.toggle("table--my-turn", mine);
  }

  renderPaused() {
    const room = this.snapshot.room;
    const banner = $("paused-banner");
    banner.hidden = !room.paused;
    if (room.paused) banner.textContent = room.pause_reason === "empty" ? S.paused_empty : S.paused_host;
  }

  renderSeats() {
    const snap = this.snapshot;
    const room = snap.room;
    const view = snap.view || {};
    const mySeat = snap.you.seat;
    const box = $("seats");
    box.replaceChildren();
    const order = [];
    const n = room.seats.length;
    const start = mySeat === null ? 0 : mySeat + 1;
    for (let i = 0; i < n; i += 1) order.push((start + i) % n);
    for (const index of order) {
      const seat = room.seats[index];
      const isMe = index === mySeat;
      const empty = !seat.user_id && !seat.bot;
      const classes = ["seat"];
      if (seat.turn) classes.push("seat--turn");
      if (isMe) classes.push("seat--me");
      if (empty) classes.push("seat--empty");
      if (!seat.connected && !empty) classes.push("seat--offline");
      const head = el("div", { class: "seat__head" },
        el("span", { class: "seat__name", text: empty ? S.empty_seat : (isMe ? `${seat.name} (${S.you})` : seat.name) }));
      if (seat.bot) {
        head.append(el("span", { class: "badge badge--bot", title: fill(S.bot_level, { level: S.levels[seat.bot] || seat.bot }), text: S.bot }));
      }
      if (seat.stand_in) head.append(el("span", { class: "badge badge--bot", text: S.stand_in }));
      if (room.host === seat.user_id && seat.user_id) head.append(el("span", { class: "badge", text: S.host }));
      if (room.dealer === index && room.status !== "waiting") head.append(el("span", { class: "badge badge--dealer", title: S.dealer, text: "D" }));
      const facts = el("div", { class: "seat__facts" });
      if (!empty && !seat.bot) {
        facts.append(el("span", { class: `dot ${seat.connected ? "dot--on" : "dot--off"}`, text: seat.connected ? S.online : S.offline }));
      }
      const engine = seat.engine_seat;
      if (engine !== null && engine !== undefined && view.hand_counts && String(engine) in view.hand_counts) {
        const count = view.hand_counts[String(engine)];
        facts.append(el("span", { class: "seat__count", dataset: { count }, text: count === 1 ? S.card_1 : fill(S.cards_n, { n: count }) }));
      }
      if (seat.reserved_by) facts.append(el("span", { class: "muted", text: fill(S.reserved_by, { name: seat.reserved_by }) }));
      if (seat.remove_pending) facts.append(el("span", { class: "muted", text: S.remove_pending }));
      if (seat.turn) facts.append(el("span", { class: "seat__turn", text: isMe ? S.your_turn : fill(S.turn_of, { name: seat.name }) }));
      const node = el("article", { class: classes.join(" "), dataset: { seat: index, engineSeat: engine ?? "" },
        "aria-label": empty ? `${S.empty_seat} ${index + 1}` : seat.name }, head, facts);
      const extra = this.game.seatExtra ? this.game.seatExtra(this, seat) : null;
      if (extra) node.append(extra);
      node.append(this.seatControls(seat, empty));
      box.append(node);
    }
  }

  seatControls(seat, empty) {
    const snap = this.snapshot;
    const controls = el("div", { class: "seat__controls" });
    const unseated = snap.you.seat === null;
    if (empty && unseated) {
      controls.append(el("button", { type: "button", class: "button button--small", "data-action": "sit",
        onclick: () => this.send("sit", { seat: seat.index }), text: S.sit }));
    }
    if (seat.bot && unseated && !seat.reserved_by && snap.room.status !== "waiting") {
      controls.append(el("button", { type: "button", class: "button button--ghost button--small", "data-action": "sit",
        onclick: () => this.send("sit", { seat: seat.index }), text: S.take_over }));
    } else if (seat.bot && unseated && snap.room.status === "waiting") {
      // between matches a bot's seat is not free: the host removes the bot first
    }
    if (snap.you.host && empty) {
      const select = el("select", { "aria-label": S.bot_level_label, class: "bot-level" },
        ...["easy", "normal", "hard"].map((lvl) => el("option", { value: lvl, selected: lvl === "normal", text: S.levels[lvl] })));
      controls.append(select, el("button", { type: "button", class: "button button--ghost button--small", "data-action": "add-bot",
        onclick: () => this.send("add_bot", { seat: seat.index, level: select.value }), text: S.add_bot }));
    }
    if (snap.you.host && seat.bot && !seat.remove_pending) {
      controls.append(el("button", { type: "button", class: "button button--ghost button--small", "data-action": "remove-bot",
        onclick: () => this.send("remove_bot", { seat: seat.index }), text: S.remove_bot }));
    }
    if (snap.you.seat === seat.index) {
      controls.append(el("button", { type: "button", class: "button button--ghost button--small", "data-action": "leave",
        onclick: () => this.send("leave"), text: S.leave }));
    }
    return controls;
  }

  renderHost() {
    const snap = this.snapshot;
    const room = snap.room;
    const panel = $("host-panel");
    panel.hidden = !snap.you.host;
    if (!snap.you.host) return;
    const box = $("host-controls");
    box.replaceChildren();
    const button = (action, text, primary = false) => el("button", {
      type: "button", class: `button button--small${primary ? "" : " button--ghost"}`, "data-action": action,
      onclick: () => this.send(action), text });
    const restartAnytime = room.game === "rouba_monte" || room.game === "stealing_bundles";
    if (room.status === "waiting") box.append(button("start", S.start, true));
    if (room.status === "match_over") box.append(button("new_match", S.play_again, true));
    if (room.status === "hand_over") box.append(button("next_hand", S.next_hand, true));
    if (room.status === "playing" && restartAnytime) box.append(button("new_match", S.new_match));
    if (room.status === "playing") {
      box.append(room.paused ? button("resume", S.resume, true) : button("pause", S.pause));
    }
    const select = $("time-limit");
    if (document.activeElement !== select) select.value = room.time_limit ? String(room.time_limit) : "";
  }

  renderFair() {
    const room = this.snapshot.room;
    const match = room.match;
    const box = $("fair");
    box.replaceChildren();
    const row = (label, value, extra) => {
      box.append(el("dt", { text: label }), el("dd", {}, el("code", { class: "hash", text: value }), extra || null));
    };
    if (match && match.fingerprint) row(S.fingerprint, match.fingerprint);
    if (match && match.seed) {
      row(S.seed, match.seed);
      box.append(el("dt", {}, ""), el("dd", {}, el("a", { href: match.verify_url, class: "verify-link", text: S.verify })));
    }
    const next = room.next_fingerprint || (match && match.next_fingerprint);
    if (next) row(S.next_fingerprint, next);
  }

  renderHistory() {
    const room = this.snapshot.room;
    const box = $("history");
    const history = [...(room.history || [])].sort((a, b) => (a.match - b.match) || (a.number - b.number));
    const matchId = room.match ? room.match.id : null;
    const rows = history.filter((h) => h.match === matchId);
    if (!rows.length) {
      // A new match has no finished hand yet: the last match's result must not stay on screen.
      box.replaceChildren(el("p", { class: "muted", text: "—" }));
      $("result-panel").hidden = true;
      return;
    }
    const keys = this.scoreKeys();
    const label = (key) => (this.game.teams ? fill(S.team_n, { n: Number(key) + 1 }) : this.seatName(Number(key)));
    const head = el("tr", {}, el("th", { text: "#" }), ...keys.map((k) => el("th", { class: "num", text: label(k) })));
    const body = el("tbody");
    const totals = (room.match && room.match.totals) || {};
    // The running total after each hand. The room keeps only the last 20 hands while the match
    // totals count them all, so it is worked out backwards from the totals when they are known.
    const points = rows.map((h) => this.matchPoints(h) || (h.result && h.result.scores) || {});
    const running = rows.map(() => ({}));
    for (const k of keys) {
      let after = typeof totals[k] === "number" ? totals[k] : points.reduce((sum, p) => sum + (p[k] || 0), 0);
      for (let i = rows.length - 1; i >= 0; i -= 1) {
        running[i][k] = after;
        after -= points[i][k] || 0;
      }
    }
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
    box.replaceChildren(el("table", { class: "data-table history" }, el("thead", {}, head), body, foot));
    if (room.match && room.match.seed) {
      box.append(el("p", {}, el("a", { href: room.match.verify_url, class: "history__verify", text: S.verify })));
    }
    if (this.game.renderResult) this.game.renderResult(this, rows[rows.length - 1]);
    else this.renderResult(rows[rows.length - 1]);
  }

  // What a hand adds to the match totals, by room seat, when the engine counts the match in
  // other units than the hand's scores (Stealing Bundles: games won); null when they are the scores.
  // The running totals in brackets then add up to the totals at the foot.
  matchPoints(h) {
    const engine = h.result && h.result.engine;
    if (this.game.teams || !engine || !engine.match_points || !h.seat_map) return null;
    const out = {};
    for (const [k, v] of Object.entries(engine.match_points)) out[String(h.seat_map[Number(k)])] = v;
    return out;
  }

  scoreKeys() {
    if (this.game.teams) return ["0", "1"];
    return this.snapshot.room.seats.filter((s) => s.user_id || s.bot || s.engine_seat !== null).map((s) => String(s.index));
  }

  renderResult(last) {
    const room = this.snapshot.room;
    const panel = $("result-panel");
    const show = room.status === "hand_over" || room.status === "match_over";
    panel.hidden = !show || !last;
    if (panel.hidden) return;
    const winners = (room.status === "match_over" && room.match ? room.match.winners : last.result.winners) || [];
    const names = winners.map((w) => (this.game.teams ? fill(S.team_n, { n: Number(w) + 1 }) : this.seatName(Number(w)))).join(", ");
    const text = winners.length === 0 ? S.no_winner : fill(winners.length > 1 ? S.tie : S.winners, { names });
    $("result").replaceChildren(el("p", { class: "result__winners", text }),
      room.status === "match_over" && room.match && room.match.seed
        ? el("p", {}, el("a", { href: room.match.verify_url, text: S.verify })) : "");
    if (this.game.breakdown) {
      const table = this.game.breakdown(this, last);
      if (table) $("result").append(table);
    }
  }

  renderTimer() {
    const snap = this.snapshot;
    const timer = $("timer");
    if (!snap) return;
    const room = snap.room;
    let text = "";
    if (room.paused && room.deadline_left != null) {
      text = fill(S.timer_paused, { s: Math.ceil(room.deadline_left) });
    } else if (room.deadline && room.deadline_kind !== "bot" && room.status === "playing") {
      const left = Math.max(0, Math.ceil((room.deadline - (Date.now() + this.offset)) / 1000));
      text = fill(S.timer, { s: left });
      timer.classList.toggle("timer--low", left <= 5);
    }
    timer.hidden = !text;
    timer.textContent = text;
    // The seat whose turn it is shows the same countdown.
    document.querySelectorAll(".seat--turn .seat__turn").forEach((node) => { node.dataset.timer = text; });
  }

  maybeSendSeed() {
    const snap = this.snapshot;
    if (!snap.you.client_seed_needed) { this.seedSentFor = null; return; }
    const key = `${snap.room.match ? snap.room.match.id : 0}:${snap.you.seat}`;
    if (this.seedSentFor === key) return;
    this.seedSentFor = key;
    this.send("client_seed", { seed: randomHex(32) });
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
    let text = "";
    if (last.kind === "deal") {
      // "you deal" has its own sentence: the verb agrees with its person.
      const dealer = room.seats[last.dealer];
      if (last.dealer === this.snapshot.you.seat) text = fill(S.dealt_you, { hand: last.hand });
      else text = fill(S.dealt, { hand: last.hand, name: (dealer && dealer.name) || this.seatName(last.dealer) });
    } else if (last.kind === "leave") {
      text = fill(S.left_table, { name: last.name || this.seatName(last.seat) });
    } else if (last.kind === "stand_in") {
      text = fill(S.stand_in_move, { name: last.name || this.seatName(last.seat) });
    } else if (last.move) {
      const name = this.seatName(last.seat);
      text = this.game.describe ? this.game.describe(this, last.move, name, last) : "";
      if (last.auto) text = fill(S.auto_move, { text });
      this.game.animate && this.game.animate(this, last);
      if (last.seat !== this.snapshot.you.seat) sound.move();
    }
    const sep = text ? ". " : "";
    if (room.status === "match_over" && previous.room.status !== "match_over") text += sep + S.match_over;
    else if (room.status === "hand_over" && previous.room.status !== "hand_over") text += sep + S.hand_over;
    this.announce(text.trim());
    if (last.auto) {
      const first = $("log").firstChild;
      if (first) first.classList.add("log__auto");
    }
  }

  // --- shell controls -------------------------------------------------------------------------
  bindShell() {
    const mute = $("mute");
    const paintMute = () => {
      mute.setAttribute("aria-pressed", sound.muted ? "true" : "false");
      mute.textContent = sound.muted ? S.mute : S.unmute;
    };
    paintMute();
    const toggle = () => { sound.muted = !sound.muted; localStorage.setItem(MUTE_KEY, sound.muted ? "1" : "0"); paintMute(); };
    mute.addEventListener("click", toggle);
    document.addEventListener("keydown", (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const tag = (event.target.tagName || "").toLowerCase();
      if (tag === "input" || tag === "select" || tag === "textarea") return;
      if (event.key === "m" || event.key === "M") { toggle(); event.preventDefault(); return; }
      if (this.game.onKey) this.game.onKey(this, event);
    });
    $("time-limit").addEventListener("change", (event) => {
      const value = event.target.value;
      this.send("options", { time_limit: value ? Number(value) : null });
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

  hint(text) {
    const node = $("hint");
    node.textContent = text;
    node.hidden = !text;
    clearTimeout(this.hintTimer);
    if (text) this.hintTimer = setTimeout(() => { node.hidden = true; }, 5000);
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

export function startTable(game) {
  const table = new Table(game);
  window.mesaTable = table;
  return table;
}

export { el, fill, S };
