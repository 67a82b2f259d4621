// The verify page: re-deal every hand of a finished match in this browser (Web Crypto),
// exactly as DESIGN section 4 says, and compare each card with the recorded deal.
// The stream key and the canonical deck are recomputed here, never taken from the server.

import { cardElement, cardName, fill } from "./cards.js";
import { endDifferences, replayHand } from "./verify_crazy_eights.js";

const S = JSON.parse(document.getElementById("mesa-strings").textContent);
const C = JSON.parse(document.getElementById("mesa-card-strings").textContent);
const $ = (id) => document.getElementById(id);
const enc = new TextEncoder();
const LIMIT = 2 ** 32;

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text) => new Uint8Array(text.match(/../g).map((h) => parseInt(h, 16)));

export async function sha256Hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", enc.encode(text)));
}

async function hmacKey(keyHex) {
  return crypto.subtle.importKey("raw", fromHex(keyHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export async function streamKey(seed, clientSeeds) {
  const joined = (clientSeeds || []).join(":");
  if (!joined) return seed;
  return hex(await crypto.subtle.sign("HMAC", await hmacKey(seed), enc.encode(joined)));
}

// Successive 32-bit big-endian integers of HMAC-SHA256(key, `${label}:${counter}`).
class Stream {
  constructor(key, label) { this.key = key; this.label = label; this.counter = 0; this.view = null; this.pos = 0; }
  async nextU32() {
    if (!this.view || this.pos + 4 > this.view.byteLength) {
      const block = await crypto.subtle.sign("HMAC", this.key, enc.encode(`${this.label}:${this.counter}`));
      this.view = new DataView(block);
      this.counter += 1;
      this.pos = 0;
    }
    const value = this.view.getUint32(this.pos, false);
    this.pos += 4;
    return value;
  }
  async uniform(n) {
    const bound = LIMIT - (LIMIT % n);
    for (;;) {
      const x = await this.nextU32();
      if (x < bound) return x % n;
    }
  }
}

export async function shuffle(keyHex, label, cards) {
  const out = [...cards];
  const stream = new Stream(await hmacKey(keyHex), label);
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = await stream.uniform(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// Canonical order: suits C, D, H, S; within a suit A..K; two decks one after the other.
export function canonicalDeck(game, options) {
  const ranks = options && options.deck40 ? "A234567JQK" : "A23456789TJQK";
  const one = [];
  for (const suit of "CDHS") for (const rank of ranks) one.push(rank + suit);
  return game === "buraco" ? [...one, ...one] : one;
}

function line(ok, text) {
  const li = document.createElement("li");
  li.className = `check check--${ok ? "ok" : "bad"}`;
  li.textContent = `${ok ? "✔" : "✘"} ${text}`;
  return li;
}

function smallCards(codes) {
  const box = document.createElement("div");
  box.className = "verify-cards";
  for (const code of codes) box.append(cardElement(code, C, { small: true }));
  return box;
}

// One logged move, as short text: "play QH", "play 8C S" (an eight and its suit), "draw", "keep", "pass".
function moveText(move) {
  if (!move || typeof move !== "object") return JSON.stringify(move);
  if (move.type === "play") return `play ${move.card}${move.suit ? ` ${move.suit}` : ""}`;
  return String(move.type);
}

// Crazy Eights: replay the hand's stock and pile here, from the deck re-dealt here and the
// logged moves, and check every reshuffle (hand:N:reshuffle:K) against the moves that follow it.
// Returns the list of checks to show in the hand's section and whether all of them passed.
async function crazyEightsChecks(hand, deck, key) {
  const seatOf = (engineSeat) => (hand.seat_map && hand.seat_map[engineSeat] !== undefined ? hand.seat_map[engineSeat] : engineSeat) + 1;
  const moves = hand.moves || [];
  const { state, reshuffles, failure } = await replayHand({
    players: hand.players, dealer: hand.dealer, number: hand.number, deck, moves, key, shuffle,
  });
  const list = document.createElement("ul");
  list.className = "verify-replay";
  let problem = "";
  if (failure) {
    const values = { move: failure.index + 1, seat: seatOf(failure.seat), code: failure.code, what: moveText(failure.move) };
    problem = failure.code === "card_not_in_hand"
      ? fill(S.not_held, { ...values, card: cardName(failure.card, C) })
      : fill(S.refused, values);
  }
  // A refused move counts against the last reshuffle before it (or against the deal).
  const blamed = failure ? reshuffles.filter((r) => r.index < failure.index).pop() : null;
  for (const r of reshuffles) {
    const ok = r !== blamed;
    const values = { k: r.k, move: r.index + 1, seat: seatOf(r.seat), count: r.pile.length, label: r.label, detail: problem };
    const li = line(ok, fill(ok ? S.reshuffle_ok : S.reshuffle_bad, values));
    li.classList.add("verify-reshuffle");
    li.dataset.k = r.k;
    li.dataset.move = r.index;
    li.dataset.ok = ok ? "1" : "0";
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = S.show_stock;
    details.append(summary, smallCards(r.stock));
    li.append(details);
    list.append(li);
  }
  // Reshuffles the record has but the replay never reached.
  const recorded = hand.final && Number.isInteger(hand.final.reshuffles) ? hand.final.reshuffles : 0;
  for (let k = reshuffles.length + 1; failure && k <= recorded; k += 1) {
    const li = line(false, fill(S.reshuffle_unreached, { k }));
    li.classList.add("verify-reshuffle");
    li.dataset.k = k;
    li.dataset.ok = "0";
    list.append(li);
  }
  if (!failure && reshuffles.length === 0) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = S.no_reshuffle;
    list.append(li);
  }
  const differences = failure ? [] : endDifferences(state, hand.final);
  let ok = !failure && differences.length === 0;
  let text;
  if (failure) text = fill(S.moves_bad, { n: hand.number, detail: problem });
  else if (differences.length) text = fill(S.end_bad, { n: hand.number, count: moves.length, fields: differences.join(", ") });
  else text = fill(S.moves_ok, { n: hand.number, count: moves.length });
  const last = line(ok, text);
  last.classList.add("verify-moves");
  last.dataset.ok = ok ? "1" : "0";
  if (failure) last.dataset.move = failure.index;
  list.append(last);
  ok = ok && list.querySelectorAll(".verify-reshuffle[data-ok='0']").length === 0;
  return { list, ok };
}

async function run() {
  const summary = $("summary");
  const checks = $("checks");
  if (!window.crypto || !crypto.subtle) { summary.textContent = S.no_crypto; summary.classList.add("verify-summary--bad"); return; }
  const box = $("hands");
  const response = await fetch(box.dataset.url, { credentials: "same-origin" });
  const data = await response.json();
  if (!response.ok) { summary.textContent = data.message || S.not_revealed; summary.classList.add("verify-summary--bad"); return; }
  let allOk = true;

  const fingerprint = await sha256Hex(data.seed);
  const fpOk = fingerprint === data.fingerprint;
  allOk = allOk && fpOk;
  checks.append(line(fpOk, fpOk ? S.fingerprint_ok : S.fingerprint_bad));
  $("seed").textContent = data.seed;
  $("client-seeds").textContent = (data.client_seeds || []).join(":") || "—";

  const key = await streamKey(data.seed, data.client_seeds);
  $("stream-key").textContent = key;
  const keyOk = !data.stream_key || data.stream_key === key;
  allOk = allOk && keyOk;
  checks.append(line(keyOk, keyOk ? S.key_ok : S.key_bad));

  const canonical = canonicalDeck(data.game, data.options);
  let replayed = false;
  for (const hand of data.hands) {
    const expected = await shuffle(key, `hand:${hand.number}:deal`, canonical);
    const recorded = hand.deck || [];
    const count = Math.max(expected.length, recorded.length);
    const section = document.createElement("section");
    section.className = "panel verify-hand";
    section.dataset.hand = hand.number;
    const title = document.createElement("h2");
    section.append(title);
    const cards = document.createElement("div");
    cards.className = "verify-cards";
    let bad = 0;
    for (let i = 0; i < count; i += 1) {
      const ok = expected[i] === recorded[i];
      if (!ok) bad += 1;
      const cell = document.createElement("span");
      cell.className = `verify-card verify-card--${ok ? "ok" : "bad"}`;
      cell.dataset.position = i;
      cell.dataset.ok = ok ? "1" : "0";
      cell.title = `${S.position} ${i + 1}: ${S.expected} ${expected[i] || "—"} · ${S.recorded} ${recorded[i] || "—"} · ${ok ? S.match : S.mismatch}`;
      cell.append(cardElement(recorded[i] || null, C, { small: true }));
      const mark = document.createElement("span");
      mark.textContent = ok ? "✔" : `✘ ${expected[i] || "—"}`;
      cell.append(mark);
      cards.append(cell);
    }
    const handOk = bad === 0;
    allOk = allOk && handOk;
    title.textContent = handOk ? fill(S.hand_ok, { n: hand.number, count }) : fill(S.hand_bad, { n: hand.number, bad, count });
    title.className = `check check--${handOk ? "ok" : "bad"}`;
    section.dataset.ok = handOk ? "1" : "0";
    if (data.game === "crazy_eights") {
      const replay = await crazyEightsChecks(hand, expected, key);
      section.append(replay.list);
      section.dataset.replayOk = replay.ok ? "1" : "0";
      allOk = allOk && replay.ok;
      replayed = true;
    }
    const server = (data.server_check || []).find((c) => c.hand === hand.number);
    if (server) {
      const p = document.createElement("p");
      p.className = `server-check check check--${server.ok ? "ok" : "bad"}`;
      p.textContent = server.ok ? fill(S.server_ok, { n: hand.number }) : fill(S.server_bad, { n: hand.number, detail: server.detail });
      section.append(p);
    }
    const details = document.createElement("details");
    details.open = !handOk;
    const summaryEl = document.createElement("summary");
    summaryEl.textContent = S.show_cards;
    details.append(summaryEl, cards);
    section.append(details);
    box.append(section);
  }
  if (replayed) summary.textContent = allOk ? S.all_ok_replayed : S.some_bad_replayed;
  else summary.textContent = allOk ? S.all_ok : S.some_bad;
  summary.classList.add(allOk ? "verify-summary--ok" : "verify-summary--bad");
  summary.dataset.ok = allOk ? "1" : "0";
}

run().catch((error) => {
  const summary = $("summary");
  summary.textContent = `${S.some_bad} (${error})`;
  summary.classList.add("verify-summary--bad");
});
