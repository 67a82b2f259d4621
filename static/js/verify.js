// The verify page: re-deal every hand of a finished match in this browser (Web Crypto),
// exactly as DESIGN section 4 says, and compare each card with the recorded deal.
// The stream key and the canonical deck are recomputed here, never taken from the server.

import { cardElement, fill } from "./cards.js";

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
  summary.textContent = allOk ? S.all_ok : S.some_bad;
  summary.classList.add(allOk ? "verify-summary--ok" : "verify-summary--bad");
  summary.dataset.ok = allOk ? "1" : "0";
}

run().catch((error) => {
  const summary = $("summary");
  summary.textContent = `${S.some_bad} (${error})`;
  summary.classList.add("verify-summary--bad");
});
