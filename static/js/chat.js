// The table talk in the side panel: messages, quick phrases, mute and report. It reads the
// table's own socket (window.mesaTable, static/js/table.js) by wrapping its `receive`, so the
// table knows nothing of the chat. Every text is set with textContent: a message is never markup.

const $ = (id) => document.getElementById(id);
const table = window.mesaTable;
const L = JSON.parse($("mesa-chat").textContent);
const lang = (document.documentElement.lang || "pt-br").toLowerCase();
const me = Number(table.root.dataset.user);
const list = $("chat-list");
const mine = new Set(); // ids of this page's chat requests: their refusals are shown here

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

function send(action, fields) {
  const id = table.send(action, fields);
  if (id) mine.add(id);
  return id;
}

function line(m) {
  const text = m.phrase ? (m.texts && (m.texts[lang] || m.texts.en)) || m.phrase : m.text;
  const who = `${m.name}${m.spectator ? ` ${L.spectator}` : ""}: `;
  const li = el("li", { "data-id": String(m.id), class: "chat__msg" },
    el("time", { text: clock(m.time) }), " ", el("b", { text: who }), el("span", { class: "chat__text", text }));
  if (m.user_id !== me) {
    li.append(" ",
      el("button", { type: "button", class: "button button--ghost button--small", title: L.mute_title, text: L.mute,
        onclick: () => { send("chat_mute", { user: m.user_id, muted: true }); dropAuthor(m.user_id); } }),
      el("button", { type: "button", class: "button button--ghost button--small", text: L.report,
        onclick: (e) => { send("chat_report", { message: m.id }); e.target.disabled = true; e.target.textContent = L.reported; } }));
  }
  li.dataset.user = String(m.user_id);
  return li;
}

function add(m) {
  if (list.querySelector(`[data-id="${m.id}"]`)) return;
  list.append(line(m));
  while (list.children.length > 50) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

function dropAuthor(userId) {
  list.querySelectorAll(`[data-user="${userId}"]`).forEach((li) => li.remove());
}

function showError(msg) {
  const known = (table.S && table.S.errors && table.S.errors[msg.code]) || msg.message || msg.code;
  const params = msg.params || {};
  $("chat-error").textContent = known.replace(/\{(\w+)\}/g, (all, k) => (k in params ? params[k] : all));
  $("chat-error").hidden = false;
}

const receive = table.receive.bind(table);
table.receive = (msg) => {
  if (msg.type === "snapshot" && Array.isArray(msg.chat)) list.replaceChildren(...msg.chat.map(line));
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
