// The table talk in the side panel: messages, quick phrases, mute and un-mute, report with a
// reason. It reads the table's own socket (window.mesaTable, static/js/table.js) by wrapping its
// `receive`, so the table knows nothing of the chat. Every text is set with textContent: a
// message is never markup.

const $ = (id) => document.getElementById(id);
const table = window.mesaTable;
const L = JSON.parse($("mesa-chat").textContent);
const lang = (document.documentElement.lang || "pt-br").toLowerCase();
const me = Number(table.root.dataset.user);
const list = $("chat-list");
const mine = new Set(); // ids of this page's chat requests: their refusals are shown here
const muted = new Map(); // user id -> name: whom this reader muted (the snapshot's chat_muted)
// A deleted account's pseudonym comes as stored (Portuguese): the table words it for this reader.
const named = (name) => (typeof table.named === "function" ? table.named(name) : name);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

function clock(ms) {
  return new Date(ms).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
}

// An end time the server gives in UTC (ISO 8601), shown in this browser's own time zone.
function localTime(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return null;
  return new Intl.DateTimeFormat(lang, {
    day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  }).format(when);
}

function showLocalTimes(root) {
  root.querySelectorAll("time[data-local-time]").forEach((node) => {
    const text = localTime(node.getAttribute("datetime"));
    if (text) node.textContent = text;
  });
}

function send(action, fields) {
  const id = table.send(action, fields);
  if (id) mine.add(id);
  return id;
}

function line(m) {
  const text = m.phrase ? (m.texts && (m.texts[lang] || m.texts.en)) || m.phrase : m.text;
  // The writer's name leads to their page in a new tab (none for a deleted account's pseudonym).
  const url = typeof table.playerUrl === "function" ? table.playerUrl(m.user_id, m.name, playerPattern) : null;
  const name = url ? el("a", { href: url, target: "_blank", rel: "noopener", "data-player-link": "", text: named(m.name) }) : named(m.name);
  const who = el("b", {}, name, `${m.spectator ? ` ${L.spectator}` : ""}: `);
  const li = el("li", { "data-id": String(m.id), class: "chat__msg" },
    el("time", { text: clock(m.time) }), " ", who, el("span", { class: "chat__text", text }));
  if (m.user_id !== me) {
    li.append(" ",
      el("button", { type: "button", class: "button button--ghost button--small", title: L.mute_title, text: L.mute,
        onclick: () => mute(m.user_id, named(m.name)) }),
      el("button", { type: "button", class: "button button--ghost button--small chat__report", text: L.report,
        onclick: (e) => openReport(li, m, e.currentTarget) }));
  }
  li.dataset.user = String(m.user_id);
  return li;
}

// --- report: a reason from the fixed list, and an optional note for the staff ---------------------
function openReport(li, m, button) {
  if (li.querySelector(".chat__report-form")) return;
  const reason = el("select", { name: "reason", required: "" },
    el("option", { value: "", text: "—" }),
    ...Object.entries(L.reasons).map(([value, text]) => el("option", { value, text })));
  const note = el("input", { type: "text", name: "note", maxlength: "200", autocomplete: "off", placeholder: L.report_note,
    "aria-label": L.report_note });
  const form = el("form", { class: "chat__report-form" },
    el("label", { class: "small" }, L.report_why, " ", reason), note,
    el("span", { class: "chat__report-buttons" },
      el("button", { type: "submit", class: "button button--small", text: L.report_send }),
      el("button", { type: "button", class: "button button--ghost button--small", text: L.cancel,
        onclick: () => { form.remove(); button.focus(); } })));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!reason.value) { reason.focus(); return; }
    const fields = { message: m.id, reason: reason.value };
    if (note.value.trim()) fields.note = note.value;
    if (!send("chat_report", fields)) return;
    form.remove();
    button.disabled = true;
    button.textContent = L.reported;
  });
  li.append(form);
  reason.focus();
}

// --- mute and un-mute: for this reader only, kept on the server (so across reloads) ---------------
function renderMuted() {
  const people = [...muted.entries()].sort((a, b) => a[1].localeCompare(b[1], lang));
  $("chat-muted-list").replaceChildren(...people.map(([id, name]) => el("li", { "data-user": String(id) },
    el("span", { text: name }), " ",
    el("button", { type: "button", class: "button button--ghost button--small", title: L.unmute_title, text: L.unmute,
      onclick: () => unmute(id) }))));
  $("chat-muted").hidden = people.length === 0;
}

function mute(userId, name) {
  if (!send("chat_mute", { user: userId, muted: true })) return;
  muted.set(userId, name);
  dropAuthor(userId);
  renderMuted();
}

function unmute(userId) {
  if (!send("chat_unmute", { user: userId })) return;
  muted.delete(userId);
  renderMuted();
  table.send("snapshot"); // their messages of this room come back with the history
}

function add(m) {
  if (list.querySelector(`[data-id="${m.id}"]`)) return;
  list.append(line(m));
  while (list.children.length > 50) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
  if (m.user_id !== me) countUnread();
}

// --- on a phone the chat lives in the closed drawer: its toggle counts what arrived meanwhile -----
const side = $("side");
const toggle = $("side-toggle");
const badge = el("span", { class: "chat-unread", hidden: "" });
toggle.append(badge);
let unread = 0;

function drawerShut() {
  return getComputedStyle(toggle).display !== "none" && !side.classList.contains("side--open");
}

function showUnread() {
  badge.hidden = unread === 0;
  badge.textContent = unread > 9 ? "9+" : String(unread);
  badge.setAttribute("aria-label", L.unread.replace("{n}", String(unread)));
}

function countUnread() {
  if (!drawerShut()) return;
  unread += 1;
  showUnread();
}

new MutationObserver(() => {
  if (side.classList.contains("side--open") && unread) {
    unread = 0;
    showUnread();
  }
}).observe(side, { attributes: true, attributeFilter: ["class"] });

function dropAuthor(userId) {
  list.querySelectorAll(`[data-user="${userId}"]`).forEach((li) => li.remove());
}

function showError(msg) {
  const known = (table.S && table.S.errors && table.S.errors[msg.code]) || msg.message || msg.code;
  const params = { ...(msg.params || {}) };
  // The server's until is UTC text (its fallback); the ISO form is shown in this browser's zone.
  if (params.until_iso) params.until = localTime(params.until_iso) || params.until;
  $("chat-error").textContent = known.replace(/\{(\w+)\}/g, (all, k) => (k in params ? params[k] : all));
  $("chat-error").hidden = false;
}

const receive = table.receive.bind(table);
let playerPattern = null; // the snapshot's player_url, read before the table has taken the snapshot
table.receive = (msg) => {
  if (msg.type === "snapshot" && msg.room && msg.room.player_url) playerPattern = msg.room.player_url;
  if (msg.type === "snapshot" && Array.isArray(msg.chat)) {
    list.replaceChildren(...msg.chat.map(line));
    list.scrollTop = list.scrollHeight;
    if (Array.isArray(msg.chat_muted)) {
      muted.clear();
      for (const person of msg.chat_muted) muted.set(person.user_id, named(person.name));
      renderMuted();
    }
  }
  else if (msg.type === "event" && msg.kind === "chat") add(msg);
  else if (msg.type === "event" && msg.kind === "chat_deleted") list.querySelector(`[data-id="${msg.id}"]`)?.remove();
  else if (mine.has(msg.id)) {
    mine.delete(msg.id);
    if (msg.type === "error") {
      table.pending.delete(msg.id);
      showError(msg);
      return;
    }
    $("chat-error").hidden = true;
  }
  receive(msg);
};

$("chat-quick").addEventListener("click", (e) => {
  const key = e.target.closest("[data-phrase]")?.dataset.phrase;
  if (key) send("chat_quick", { phrase: key });
});

$("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $("chat-text");
  if (input.value.trim() && send("chat", { text: input.value })) input.value = "";
});

showLocalTimes($("chat"));
