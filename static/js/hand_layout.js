// A hand held with a thumb (docs/ui.md "The hand"): every card's index corner in view and
// tappable, however many cards the hand holds. The cards of `[data-hand]` are placed by this
// module: in one row while each card can keep MIN_SHOW px in view, else in as few rows as that
// needs, each row laid over the one above so that only its index strip shows. A raised
// (selected) card rises into room kept for it (RAISE px above its row) and is never painted
// above a later card: it hides no other card's corner. The order of the cards is the player's
// choice (by suit and run, or by rank), kept in the browser.

import { SUIT_ORDER } from "./cards.js";

// Each card keeps at least this much of its width in view: the index corner and a thumb's room.
export const MIN_SHOW = 26;
// How far a raised card rises (the CSS's translateY on a pressed or lifted card is 0.7rem, 11.2 px).
const RAISE = 12;
// Space between whole cards when the row has room for them all side by side.
const GAP = 5;
// Below the index corner, the part of a card that shows under the row laid over it.
const STRIP_MARGIN = 6;

const RANKS = "A23456789TJQK";
const SORT_KEY = "mesa.handSort";
export const SORTS = ["suit", "rank"];

export function handSort() {
  try {
    const mode = window.localStorage.getItem(SORT_KEY);
    return SORTS.includes(mode) ? mode : "suit";
  } catch {
    return "suit";
  }
}

export function setHandSort(mode) {
  try { window.localStorage.setItem(SORT_KEY, mode); } catch { /* private mode: the order lasts the page */ }
}

// The indexes of `codes` in the order the hand shows them: by suit then run order (A 2 … K),
// or by rank then suit. The sort is stable: two copies of a card (Buraco's two decks) keep
// their order.
export function sortedIndexes(codes, mode = handSort()) {
  const suit = (c) => SUIT_ORDER.indexOf(c[1]);
  const rank = (c) => RANKS.indexOf(c[0]);
  const by = mode === "rank" ? (a, b) => rank(a) - rank(b) || suit(a) - suit(b) : (a, b) => suit(a) - suit(b) || rank(a) - rank(b);
  return codes.map((code, i) => i).sort((a, b) => by(codes[a], codes[b]) || a - b);
}

export function sortedCards(codes, mode = handSort()) { return sortedIndexes(codes, mode).map((i) => codes[i]); }

// Place the cards of `box` (its `.card` children, in their order). The rows are counted and the
// heights measured here, from the cards as drawn (their size comes from the CSS: a phone's are
// smaller); where each card lies across its row is the CSS's (static/css/table.css, from
// --col, --in-row and --gaps), so it follows the hand's width at once when the window changes.
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

// Lay the hand again when its width changes (a phone turned, the window resized).
export function watchHand(box) {
  if (typeof ResizeObserver !== "function") return;
  let last = box.clientWidth;
  new ResizeObserver(() => {
    if (box.clientWidth === last) return;
    last = box.clientWidth;
    layHand(box);
  }).observe(box);
}
