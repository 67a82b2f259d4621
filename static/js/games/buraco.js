// Buraco: draw from the stock or take the whole discard pile; select cards to meld a new
// run or click one of your team's runs to add them to it (the server arranges the run);
// discard one card. Buttons light up only when the selected cards form one of the
// snapshot's legal moves, and the hint says why when they do not.

import { cardElement, fill } from "../cards.js";
import { runProblem } from "./buraco_runs.js";
import { sortedIndexes } from "../hand_layout.js";
import { patchChildren, placeChildren, setText, startTable } from "../table.js";

const $ = (id) => document.getElementById(id);
const key = (cards) => [...cards].sort().join(",");

const game = {
  teams: true,
  selected: new Set(), // indexes into the hand (Buraco has two decks: codes repeat)
  handKey: "",

  legal(t) { return t.myTurn ? t.snapshot.legal : []; },
  selectedCards(t) { const hand = (t.snapshot.view || {}).hand || []; return [...this.selected].sort((a, b) => a - b).map((i) => hand[i]); },

  render(t, snap) {
    const S = t.S;
    const G = S.game;
    const view = snap.view || {};
    const hand = view.hand || [];
    const legal = this.legal(t);
    if (key(hand) !== this.handKey || !legal.length) { this.selected = new Set(); this.handKey = key(hand); }

    // stock and discard pile
    const canStock = legal.some((m) => m.type === "draw_stock");
    const canPile = legal.some((m) => m.type === "draw_discard");
    const stock = $("stock");
    if (!stock.dataset.place) stock.dataset.place = "stock";
    if (stock.disabled !== !canStock) stock.disabled = !canStock;
    stock.classList.toggle("option", canStock);
    stock.onclick = () => canStock && t.move({ type: "draw_stock" });
    setText($("stock-count"), `(${view.stock_count ?? 0})`);
    const fan = $("discard");
    if (!fan.dataset.place) fan.dataset.place = "discard";
    const pile = view.discard || [];
    // Only the cards that changed are drawn again (a discard adds one at the end).
    patchChildren(fan, pile.length ? pile.map((code) => cardElement(code, S, { small: true }))
      : [t.el("span", { class: "muted small", text: G.discard_empty })]);
    fan.setAttribute("aria-label", pile.length ? fill(G.discard_title, { n: pile.length, card: t.cardName(pile[pile.length - 1]) }) : G.discard_empty);
    const take = $("take-pile");
    if (take.disabled !== !canPile) take.disabled = !canPile;
    take.classList.toggle("option", canPile);
    take.onclick = () => canPile && t.move({ type: "draw_discard" });
    // The pile itself takes a click too (the button and P are its keyboard way).
    fan.classList.toggle("fan--take", canPile);
    fan.onclick = () => canPile && t.move({ type: "draw_discard" });

    // mortos
    const mortos = [];
    const mine = view.team ?? t.myTeam() ?? "0";
    const theirs = mine === "0" ? "1" : "0";
    for (const team of [mine, theirs]) {
      let state = G.morto_available;
      if (view.morto_pending && view.morto_pending[team]) state = G.morto_pending;
      else if (view.morto_taken && view.morto_taken[team]) {
        const who = view.morto_seat && view.morto_seat[team];
        state = who === null || who === undefined ? G.morto_taken : `${G.morto_taken} (${t.heldName(who)})`;
      }
      mortos.push(t.el("div", { class: "morto", dataset: { team, state: view.morto_taken && view.morto_taken[team] ? "taken" : "available" } },
        t.el("strong", { text: `${G.morto} · ${t.teamName(team)}: ` }), state));
    }
    patchChildren($("mortos"), mortos);

    // runs of both teams
    this.renderRuns(t, "runs-mine", mine, true);
    this.renderRuns(t, "runs-theirs", theirs, false);

    // hand
    const box = $("hand");
    box.classList.add("hand--buraco");
    const inPlay = new Set();
    for (const m of legal) for (const c of m.cards || []) inPlay.add(c);
    for (const m of legal) if (m.type === "discard") inPlay.add(m.card);
    const nodes = this.handNodes(t, box, hand);
    nodes.forEach((node, i) => {
      const code = hand[i];
      if (node.dataset.index !== String(i)) node.dataset.index = i;
      const pressed = this.selected.has(i) ? "true" : "false";
      if (node.getAttribute("aria-pressed") !== pressed) node.setAttribute("aria-pressed", pressed);
      node.classList.toggle("playable", inPlay.has(code));
    });
    setText($("prompt"), t.myTurn ? (view.phase === "draw" ? G.phase_draw : G.phase_play) : "");
    this.paintOptions(t);
  },

  // The hand's card buttons, one per card of the view's hand (by its index there), placed in the
  // order the player chose (by suit and run, or by rank): the ones already there are kept (by
  // code), only a card new to the hand is made, and one that left is taken out; so a draw or a
  // meld restyles the few cards it moved, not the whole hand.
  handNodes(t, box, hand) {
    const spare = new Map();
    for (const node of box.children) {
      const list = spare.get(node.dataset.card) || [];
      list.push(node);
      spare.set(node.dataset.card, list);
    }
    const nodes = hand.map((code) => {
      const list = spare.get(code);
      if (list && list.length) return list.shift();
      const node = cardElement(code, t.S, { tag: "button" });
      node.title = t.cardName(code);
      // The index is read at the click: a kept card moves along the hand.
      node.addEventListener("click", () => this.toggle(t, Number(node.dataset.index)));
      return node;
    });
    placeChildren(box, sortedIndexes(hand).map((i) => nodes[i]));
    return nodes;
  },

  renderRuns(t, id, team, mine) {
    const S = t.S;
    const G = S.game;
    const view = t.snapshot.view || {};
    const section = $(id);
    if (section.dataset.team !== team) section.dataset.team = team;
    const points = (view.points || {})[team];
    // "Runs of Team 1 (yours)": the same team names for a player and a spectator.
    const title = fill(G.runs_of, { team: t.teamName(team) });
    setText(section.querySelector("h3"), `${title}${points ? ` · ${fill(S.points_n, { n: points })}` : ""}`);
    const box = section.querySelector(".runs");
    const runs = (view.melds && view.melds[team]) || [];
    if (!runs.length) { patchChildren(box, [t.el("p", { class: "muted small", text: G.no_runs })]); return; }
    // A run is made again only when it changed (its key: what it shows); the others stay.
    const old = new Map([...box.children].map((node) => [node.dataset.key, node]));
    const nodes = runs.map((run, i) => {
      const runKey = `${mine ? "m" : "t"}${team}:${i}:${run.cards.join("")}:${run.wild ?? ""}:${run.canastra || ""}`;
      return old.get(runKey) || this.runNode(t, run, i, team, mine, runKey);
    });
    placeChildren(box, nodes);
  },

  runNode(t, run, i, team, mine, runKey) {
    const G = t.S.game;
    const cards = t.el("span", { class: "run__cards" }, ...run.cards.map((c, k) => {
      const node = cardElement(c, t.S, { small: true });
      if (run.wild === k) { node.classList.add("card--wild"); node.title = G.wild; }
      return node;
    }));
    const label = `${this.runName(t, run)}${run.canastra ? ` — ${G.canastra[run.canastra]}` : ""}`;
    const node = t.el(mine ? "button" : "div", { class: `run${mine ? " add-button" : ""}`, type: mine ? "button" : null,
      dataset: { meld: i, team, key: runKey }, role: mine ? null : "group", "aria-label": label, title: label }, cards);
    if (run.canastra) node.append(t.el("span", { class: `canastra canastra--${run.canastra}`, text: G.canastra_short[run.canastra] }));
    if (mine) {
      node.setAttribute("aria-disabled", "true");
      node.addEventListener("click", () => this.add(t, i));
    }
    return node;
  },

  // "5♠ to 9♠" in words: the first and last cards of a run.
  runName(t, run) {
    const cards = run.cards || [];
    if (!cards.length) return "";
    return fill(t.S.game.run_name, { first: t.cardName(cards[0]), last: t.cardName(cards[cards.length - 1]), n: cards.length });
  },

  toggle(t, index) {
    if (!t.myTurn) { t.hint(t.S.not_your_turn); return; }
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    const node = $("hand").querySelector(`[data-index="${index}"]`);
    if (node) node.setAttribute("aria-pressed", this.selected.has(index) ? "true" : "false");
    this.paintOptions(t);
  },

  paintOptions(t) {
    const G = t.S.game;
    const legal = this.legal(t);
    const chosen = this.selectedCards(t);
    const k = key(chosen);
    const meld = chosen.length ? legal.find((m) => m.type === "meld" && key(m.cards) === k) : null;
    const meldButton = $("meld");
    if (meldButton.disabled !== !meld) meldButton.disabled = !meld;
    meldButton.classList.toggle("option", !!meld);
    meldButton.onclick = () => meld && this.send(t, meld);
    const discard = chosen.length === 1 ? legal.find((m) => m.type === "discard" && m.card === chosen[0]) : null;
    const discardButton = $("bu-discard");
    if (discardButton.disabled !== !discard) discardButton.disabled = !discard;
    discardButton.classList.toggle("option", !!discard);
    discardButton.onclick = () => discard && this.send(t, discard);
    let adds = 0;
    document.querySelectorAll("#runs-mine .run").forEach((run) => {
      const i = Number(run.dataset.meld);
      const ok = chosen.length && legal.some((m) => m.type === "add" && m.meld === i && key(m.cards) === k);
      if (ok) adds += 1;
      run.classList.toggle("option", !!ok);
      if (run.getAttribute("aria-disabled") !== (ok ? "false" : "true")) run.setAttribute("aria-disabled", ok ? "false" : "true");
    });
    if ($("clear").disabled !== !chosen.length) $("clear").disabled = !chosen.length;
    $("clear").onclick = () => { this.selected = new Set(); t.render(t.snapshot); };
    t.hint(chosen.length ? this.explain(t, chosen, { meld, discard, adds }) : "");
  },

  // The hint for the selected cards: what they can do, or, before any button is pressed,
  // why they make no run (the same reasons the server gives).
  explain(t, chosen, { meld, discard, adds }) {
    const G = t.S.game;
    const view = t.snapshot.view || {};
    const can = [];
    if (meld) can.push(G.can_meld);
    if (adds) can.push(G.can_add);
    if (discard) can.push(G.can_discard);
    const count = fill(G.selected_n, { n: chosen.length });
    if (can.length) return `${count}: ${can.join(" · ")}`;
    if (view.phase === "draw") return `${count}: ${G.phase_draw}`;
    if (chosen.length === 1) return `${count}: ${G.one_card}`;
    const problem = runProblem(chosen);
    if (problem) return `${count}: ${t.S.errors[problem] || problem}`;
    return `${count}: ${G.no_move_here}`;
  },

  add(t, meldIndex) {
    const chosen = this.selectedCards(t);
    const k = key(chosen);
    const move = this.legal(t).find((m) => m.type === "add" && m.meld === meldIndex && key(m.cards) === k);
    if (move) { this.send(t, move); return; }
    const view = t.snapshot.view || {};
    const run = ((view.melds || {})[view.team] || [])[meldIndex];
    if (!t.myTurn) { t.hint(t.S.not_your_turn); return; }
    if (!chosen.length) { t.hint(t.S.game.select_first); return; }
    const problem = run ? runProblem([...run.cards, ...chosen]) : null;
    t.hint(problem ? (t.S.errors[problem] || problem) : t.S.game.no_move_here);
    t.sound.play("error");
  },

  send(t, move) {
    this.selected = new Set();
    t.move(move);
  },

  describe(t, move, name, entry) {
    const G = t.S.game;
    const list = (cards) => (cards || []).map((c) => t.cardName(c)).join(", ");
    if (move.type === "draw_stock") return fill(G.draw_stock_desc, { name });
    if (move.type === "draw_discard") return fill(G.draw_discard_desc, { name });
    if (move.type === "meld") return fill(G.meld_desc, { name, cards: list(move.cards) });
    if (move.type === "add") {
      // Runs keep their place in the team's list, so the index names the run it joined.
      const view = t.snapshot.view || {};
      const seat = entry && entry.seat !== undefined && entry.seat !== null ? t.snapshot.room.seats[entry.seat] : null;
      const team = seat ? String(seat.team) : null;
      const run = team !== null ? ((view.melds || {})[team] || [])[move.meld] : null;
      const runCards = run ? run.cards || [] : [];
      if (runCards.length) {
        const first = t.cardName(runCards[0]);
        const last = t.cardName(runCards[runCards.length - 1]);
        return fill(G.add_run_desc, { name, cards: list(move.cards), first, last });
      }
      return fill(G.add_desc, { name, cards: list(move.cards) });
    }
    if (move.type === "discard") return fill(G.discard_desc, { name, card: t.cardName(move.card) });
    return "";
  },

  // How many cards a move took, read in the view before it: the whole discard pile.
  taken(move, before) { return move.type === "draw_discard" ? ((before || {}).discard || []).length || null : null; },

  soundOf(move) {
    return { draw_stock: "draw", draw_discard: "capture", meld: "meld", add: "meld", discard: "discard" }[move.type] || "move";
  },

  privateNews(t, previous) { return t.drewNews(previous, "draw_stock"); },

  // Cards fly: stock or pile to the player (face down for others), a meld or an addition
  // to its run, a discard to the pile.
  flights(t, last, before, previous) {
    const move = last.move;
    const me = last.seat === t.snapshot.you.seat;
    const seatFan = document.querySelector(`.seat[data-seat="${last.seat}"] .seat__fan`);
    const handCard = (code) => $("hand").querySelector(`[data-card="${CSS.escape(code)}"]`);
    const from = (code) => (me && before.card(code, "hand")) || before.seat(last.seat);
    if (move.type === "draw_stock") {
      const fresh = me ? t.newCards(previous) : [];
      return [{ from: before.place("stock"), to: fresh.length ? handCard(fresh[0]) : seatFan, back: !fresh.length }];
    }
    if (move.type === "draw_discard") {
      const pile = before.place("discard");
      if (!me) return [{ from: pile, to: seatFan, back: true }];
      return t.newCards(previous).slice(0, 8).map((c, i) => ({ from: pile, to: handCard(c), delay: i * 30 }));
    }
    if (move.type === "discard") {
      const top = $("discard").lastElementChild;
      return [{ from: from(move.card), to: top, ghost: cardElement(move.card, t.S, { small: true }) }];
    }
    if (move.type === "meld" || move.type === "add") {
      const seat = t.snapshot.room.seats[last.seat];
      const section = seat && String(seat.team) === String((t.snapshot.view || {}).team ?? t.myTeam()) ? "runs-mine" : "runs-theirs";
      const runs = $(section).querySelectorAll(".run");
      const run = move.type === "add" ? [...runs].find((r) => Number(r.dataset.meld) === move.meld) : runs[runs.length - 1];
      if (!run) return [];
      return (move.cards || []).map((c, i) => {
        const to = run.querySelector(`[data-card="${CSS.escape(c)}"]`) || run;
        return { from: from(c), to, ghost: cardElement(c, t.S, { small: true }), delay: i * 40 };
      });
    }
    return [];
  },

  // Why the hand ended: who went out, the stock, or the turn limit.
  endReason(t, last) {
    const G = t.S.game;
    const end = last.result && (last.result.end || (last.result.engine && last.result.engine.end));
    if (end === "batida") {
      const lm = t.snapshot.room.last_move;
      const who = lm && lm.seat !== null && lm.seat !== undefined ? t.seatName(lm.seat) : null;
      return who ? fill(G.end_batida_by, { name: who }) : G.end_batida;
    }
    if (end === "stock") return G.end_stock;
    if (end === "limit") return G.end_limit;
    return "";
  },

  // Between hands: the breakdown of the last hand, team by team (parcelas).
  breakdown(t, last) {
    const S = t.S;
    const G = S.game;
    const breakdown = (last.result && last.result.breakdown) || {};
    const rows = [["melded", G.melded], ["canastras", G.canastras], ["going_out", G.going_out], ["hand", G.in_hand],
      ["morto", G.morto_penalty], ["total", G.total]];
    const head = t.el("tr", {}, t.el("th", {}, ""), ...["0", "1"].map((team) => t.el("th", { class: "num", text: t.teamName(team) })));
    const body = t.el("tbody", {}, ...rows.map(([k, label]) => t.el("tr", {}, t.el("th", { text: label }),
      ...["0", "1"].map((team) => t.el("td", { class: "num", text: (breakdown[team] || {})[k] ?? 0 })))));
    return t.el("table", { class: "data-table breakdown" }, t.el("caption", { class: "visually-hidden", text: G.breakdown }), t.el("thead", {}, head), body);
  },

  onKey(t, event) {
    const lower = event.key.toLowerCase();
    const legal = this.legal(t);
    if (lower === "d" && legal.some((m) => m.type === "draw_stock")) { t.move({ type: "draw_stock" }); event.preventDefault(); }
    else if (lower === "p" && legal.some((m) => m.type === "draw_discard")) { t.move({ type: "draw_discard" }); event.preventDefault(); }
    else if (event.key === "Escape" && this.selected.size) { this.selected = new Set(); t.render(t.snapshot); event.preventDefault(); }
  },
};

startTable(game);
