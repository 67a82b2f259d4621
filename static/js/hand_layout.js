// A hand held with a thumb (docs/ui.md "The hand"): one row while each card keeps MIN_SHOW px
// in view, else as few rows as needed, each over the index strip of the one above; a raised
// card rises into room kept for it. The order (suit and run, or rank) is kept in the browser.

import { SUIT_ORDER } from "./cards.js";

export const MIN_SHOW = 26; // px of each card in view: its corner and a thumb's room
const RAISE = 12; // a raised card's rise (the CSS: 0.7rem)
const GAP = 5; // between whole cards
const STRIP_MARGIN = 6; // shown below the corner under the row laid over it

const RANKS = "A23456789TJQK";
const SORT_KEY = "mesa.handSort";
export const SORTS = ["suit", "rank"];

export function handSort() {
  try { const mode = localStorage.getItem(SORT_KEY); return SORTS.includes(mode) ? mode : "suit"; } catch { return "suit"; }
}

export function setHandSort(mode) {
  try { localStorage.setItem(SORT_KEY, mode); } catch { /* private mode */ }
}

// The indexes of `codes` as shown: by suit then run (A 2 … K), or by rank then suit (stable:
// Buraco's two copies of a card keep their order).
export function sortedIndexes(codes, mode = handSort()) {
  const suit = (c) => SUIT_ORDER.indexOf(c[1]);
  const rank = (c) => RANKS.indexOf(c[0]);
  const by = mode === "rank" ? (a, b) => rank(a) - rank(b) || suit(a) - suit(b) : (a, b) => suit(a) - suit(b) || rank(a) - rank(b);
  return codes.map((code, i) => i).sort((a, b) => by(codes[a], codes[b]) || a - b);
}

export function sortedCards(codes, mode = handSort()) { return sortedIndexes(codes, mode).map((i) => codes[i]); }

// Rows counted and heights measured here, from the cards as drawn; where a card lies across
// its row is the CSS's (--col, --in-row, --gaps), so it follows the width at once.
export function layHand(box) {
  const cards = [...box.children].filter((node) => node.classList.contains("card"));
  const width = box.clientWidth;
  if (!cards.length || !width || cards.length !== box.children.length) {
    box.classList.remove("hand--laid");
    box.style.removeProperty("height");
    return;
  }
  const style = getComputedStyle(box);
  const padTop = Math.max(parseFloat(style.paddingTop) || 0, RAISE);
  const padBottom = parseFloat(style.paddingBottom) || 0;
  const inner = width - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
  const w = cards[0].offsetWidth;
  const h = cards[0].offsetHeight;
  const corner = cards[0].querySelector(".card__corner");
  const strip = Math.min(h, corner ? corner.offsetTop + corner.offsetHeight + STRIP_MARGIN : h / 2);
  const perRow = Math.max(1, Math.floor((inner - w) / MIN_SHOW) + 1);
  const rows = Math.ceil(cards.length / perRow);
  const across = Math.ceil(cards.length / rows);
  const pitch = strip + RAISE;
  box.classList.add("hand--laid");
  setVar(box, "--gaps", String(Math.max(across - 1, 1)));
  setVar(box, "--gap", `${GAP}px`);
  cards.forEach((node, i) => {
    const row = Math.floor(i / across);
    setVar(node, "--col", String(i % across));
    setVar(node, "--in-row", String(Math.min(across, cards.length - row * across)));
    const top = `${Math.round((padTop + row * pitch) * 10) / 10}px`;
    if (node.style.top !== top) node.style.top = top;
  });
  const height = `${Math.ceil(padTop + (rows - 1) * pitch + h + padBottom)}px`;
  if (box.style.height !== height) box.style.height = height;
  if (box.dataset.rows !== String(rows)) box.dataset.rows = String(rows);
}

function setVar(node, name, value) {
  if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
}

// Again when the hand's width changes (a phone turned).
export function watchHand(box) {
  if (typeof ResizeObserver !== "function") return;
  let last = box.clientWidth;
  new ResizeObserver(() => {
    if (box.clientWidth === last) return;
    last = box.clientWidth;
    layHand(box);
  }).observe(box);
}
