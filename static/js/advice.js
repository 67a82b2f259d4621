// The "Dica" (hint) of casual rooms: a button beside your prompt asks the server for the move the
// hard bot would make from your own view (docs/protocol.md, "hint"); the answer, sent to this
// socket alone, highlights the card(s), pile or place it names and says why in one line, read
// out by screen readers (a polite status). The highlight goes once the table moves on (your move,
// or anything that changes the state version). It wraps the table's `receive` and `render`, as
// chat.js does, so static/js/table.js knows nothing of it. DOM hooks: docs/ui.md.

const table = window.mesaTable;
const $ = (id) => document.getElementById(id);
const box = $("advice");
const button = $("advice-ask");
const words = $("advice-text");
const lang = (document.documentElement.lang || "pt-br").toLowerCase();
const MARKED = "hinted";

let asking = null; // the id of the request on its way
let given = null; // the answer being shown: {version, text, marks, ...}

function label(left) {
  if (asking) return button.dataset.asking;
  if (left <= 0) return button.dataset.labelNone;
  if (left === 1) return button.dataset.labelOne;
  return button.dataset.labelMany.replace("{n}", String(left));
}

// Where a mark of the answer lies on this page (one node per mark, each node at most once).
function nodesOf(marks) {
  const out = [];
  const esc = (v) => CSS.escape(String(v));
  for (const mark of marks || []) {
    let candidates = [];
    if (mark.place === "hand") candidates = [...document.querySelectorAll(`#hand [data-card="${esc(mark.card)}"]`)];
    else if (mark.place === "centre") candidates = [...document.querySelectorAll(`#centre [data-card="${esc(mark.card)}"]`)];
    else if (mark.place === "seat") candidates = [...document.querySelectorAll(`.seat[data-seat="${esc(mark.seat)}"]`)];
    else if (mark.place === "meld") candidates = [...document.querySelectorAll(`#runs-mine [data-meld="${esc(mark.meld)}"]`)];
    else if (mark.place === "stock" || mark.place === "discard") candidates = [$(mark.place)].filter(Boolean);
    const node = candidates.find((n) => !out.includes(n));
    if (node) out.push(node);
  }
  return out;
}

function clear() {
  given = null;
  words.textContent = "";
  words.hidden = true;
  for (const node of document.querySelectorAll(`.${MARKED}`)) node.classList.remove(MARKED);
}

function paint() {
  const snap = table.snapshot;
  const left = snap && snap.you ? snap.you.hints_left : null;
  const offered = left !== null && left !== undefined && table.playing;
  if (box.hidden === offered) box.hidden = !offered;
  if (given && (!snap || snap.version !== given.version)) clear();
  if (!offered) return;
  const text = label(left);
  if (button.textContent !== text) button.textContent = text;
  const off = !!asking || left <= 0 || !table.myTurn;
  if (button.disabled !== off) button.disabled = off;
  button.setAttribute("aria-busy", asking ? "true" : "false");
  if (!given) return;
  // The table redraws its cards on every snapshot: the marks are put back on what is there now.
  const keep = new Set(nodesOf(given.marks));
  for (const node of document.querySelectorAll(`.${MARKED}`)) if (!keep.has(node)) node.classList.remove(MARKED);
  for (const node of keep) node.classList.add(MARKED);
}

button.addEventListener("click", () => {
  if (asking || button.disabled) return;
  clear();
  asking = table.send("hint");
  paint();
});

const receive = table.receive.bind(table);
table.receive = (msg) => {
  if (msg && msg.id && msg.id === asking && (msg.type === "hint" || msg.type === "error")) {
    asking = null;
    if (msg.type === "hint") {
      given = msg;
      words.textContent = (msg.text && (msg.text[lang] || msg.text.en)) || "";
      words.hidden = !words.textContent;
    }
    // The hint's own snapshot (one hint fewer) comes just before it; draw the answer now.
    if (table.snapshot) paint();
    if (msg.type === "hint") return;
  }
  receive(msg);
};

const render = table.render.bind(table);
table.render = (previous) => {
  render(previous);
  paint();
};
