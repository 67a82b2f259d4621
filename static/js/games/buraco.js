// Buraco: draw from the stock or take the whole discard pile; select cards to meld a new
// run or to add to one of your team's runs (the server arranges the run); discard one card.
// Buttons light up only when the selected cards form one of the snapshot's legal moves.

import { cardElement, fill } from "../cards.js";
import { startTable, enableLongPress } from "../table.js";

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
    stock.disabled = !canStock;
    stock.classList.toggle("option", canStock);
    stock.onclick = () => canStock && t.move({ type: "draw_stock" });
    $("stock-count").textContent = `(${view.stock_count ?? 0})`;
    const fan = $("discard");
    fan.replaceChildren();
    for (const code of view.discard || []) fan.append(cardElement(code, S, { small: true }));
    if (!(view.discard || []).length) fan.append(t.el("span", { class: "muted", text: G.discard_empty }));
    const take = $("take-pile");
    take.disabled = !canPile;
    take.classList.toggle("option", canPile);
    take.onclick = () => canPile && t.move({ type: "draw_discard" });

    // mortos
    const mortos = $("mortos");
    mortos.replaceChildren();
    for (const team of ["0", "1"]) {
      let state = G.morto_available;
      if (view.morto_pending && view.morto_pending[team]) state = G.morto_pending;
      else if (view.morto_taken && view.morto_taken[team]) {
        const who = view.morto_seat && view.morto_seat[team];
        state = who === null || who === undefined ? G.morto_taken : `${G.morto_taken} (${t.nameOfEngineSeat(who)})`;
      }
      mortos.append(t.el("div", { class: "morto", dataset: { team, state: view.morto_taken && view.morto_taken[team] ? "taken" : "available" } },
        t.el("strong", { text: `${G.morto} · ${this.teamName(t, team)}: ` }), state));
    }

    // runs of both teams
    const mine = view.team ?? "0";
    const theirs = mine === "0" ? "1" : "0";
    this.renderRuns(t, "runs-mine", mine, true);
    this.renderRuns(t, "runs-theirs", theirs, false);

    // hand
    const box = $("hand");
    box.classList.add("hand--buraco");
    box.replaceChildren();
    const inPlay = new Set();
    for (const m of legal) for (const c of m.cards || []) inPlay.add(c);
    hand.forEach((code, i) => {
      const node = cardElement(code, S, { tag: "button" });
      node.dataset.index = i;
      node.setAttribute("aria-pressed", this.selected.has(i) ? "true" : "false");
      node.classList.toggle("playable", inPlay.has(code));
      node.title = t.cardName(code);
      node.addEventListener("click", () => this.toggle(t, i));
      box.append(node);
    });
    $("prompt").textContent = t.myTurn ? (view.phase === "draw" ? G.phase_draw : G.phase_play) : "";
    this.paintOptions(t);
  },

  teamName(t, team) {
    const view = t.snapshot.view || {};
    const label = fill(t.S.team_n, { n: Number(team) + 1 });
    if (view.team === undefined || view.team === null) return label;
    return `${label} (${view.team === team ? t.S.game.us : t.S.game.them})`;
  },

  renderRuns(t, id, team, mine) {
    const S = t.S;
    const G = S.game;
    const view = t.snapshot.view || {};
    const section = $(id);
    section.dataset.team = team;
    section.querySelector("h3").textContent = fill(G.runs_of, { team: this.teamName(t, team) });
    const box = section.querySelector(".runs");
    box.replaceChildren();
    const runs = (view.melds && view.melds[team]) || [];
    if (!runs.length) box.append(t.el("p", { class: "muted small", text: G.no_runs }));
    runs.forEach((run, i) => {
      const cards = t.el("div", { class: "run__cards" }, ...run.cards.map((c) => cardElement(c, S, { small: true })));
      const node = t.el("div", { class: "run", dataset: { meld: i, team }, role: "group",
        "aria-label": `${run.cards.map((c) => t.cardName(c)).join(", ")}${run.canastra ? ` — ${G.canastra[run.canastra]}` : ""}` }, cards);
      if (run.canastra) node.append(t.el("span", { class: `canastra canastra--${run.canastra}`, text: G.canastra[run.canastra] }));
      if (mine) {
        node.append(t.el("button", { type: "button", class: "button button--small add-button", "data-meld": i, disabled: true,
          onclick: () => this.add(t, i), text: G.add_to }));
      }
      box.append(node);
    });
  },

  toggle(t, index) {
    if (!t.myTurn) { t.hint(t.S.not_your_turn); return; }
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    const node = $("hand").children[index];
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
    meldButton.disabled = !meld;
    meldButton.classList.toggle("option", !!meld);
    meldButton.onclick = () => meld && this.send(t, meld);
    const discard = chosen.length === 1 ? legal.find((m) => m.type === "discard" && m.card === chosen[0]) : null;
    const discardButton = $("bu-discard");
    discardButton.disabled = !discard;
    discardButton.classList.toggle("option", !!discard);
    discardButton.onclick = () => discard && this.send(t, discard);
    document.querySelectorAll("#runs-mine .run").forEach((run) => {
      const i = Number(run.dataset.meld);
      const ok = chosen.length && legal.some((m) => m.type === "add" && m.meld === i && key(m.cards) === k);
      run.classList.toggle("option", !!ok);
      const button = run.querySelector(".add-button");
      if (button) button.disabled = !ok;
    });
    $("clear").disabled = !chosen.length;
    $("clear").onclick = () => { this.selected = new Set(); t.render(t.snapshot); };
    t.hint(chosen.length ? fill(G.selected_n, { n: chosen.length }) : "");
  },

  add(t, meldIndex) {
    const k = key(this.selectedCards(t));
    const move = this.legal(t).find((m) => m.type === "add" && m.meld === meldIndex && key(m.cards) === k);
    if (move) this.send(t, move);
  },

  send(t, move) {
    this.selected = new Set();
    t.move(move);
  },

  describe(t, move, name) {
    const G = t.S.game;
    const list = (cards) => (cards || []).map((c) => t.cardName(c)).join(", ");
    if (move.type === "draw_stock") return fill(G.draw_stock_desc, { name });
    if (move.type === "draw_discard") return fill(G.draw_discard_desc, { name });
    if (move.type === "meld") return fill(G.meld_desc, { name, cards: list(move.cards) });
    if (move.type === "add") return fill(G.add_desc, { name, cards: list(move.cards) });
    if (move.type === "discard") return fill(G.discard_desc, { name, card: t.cardName(move.card) });
    return "";
  },

  animate(t, last) {
    const node = document.querySelector(`.seat[data-seat="${last.seat}"]`);
    const extra = last.move.type === "discard" ? $("discard").lastElementChild : null;
    for (const n of [node, extra]) {
      if (!n) continue;
      n.classList.remove("just-played");
      void n.offsetWidth;
      n.classList.add("just-played");
    }
  },

  // Between hands: the breakdown of the last hand, team by team.
  renderResult(t, last) {
    const S = t.S;
    const G = S.game;
    const room = t.snapshot.room;
    const panel = $("result-panel");
    const show = (room.status === "hand_over" || room.status === "match_over") && last;
    panel.hidden = !show;
    if (!show) return;
    t.renderResult(last);
    const breakdown = (last.result && last.result.breakdown) || {};
    const rows = [["melded", G.melded], ["canastras", G.canastras], ["going_out", G.going_out], ["hand", G.in_hand],
      ["morto", G.morto_penalty], ["total", G.total]];
    const head = t.el("tr", {}, t.el("th", {}, ""), ...["0", "1"].map((team) => t.el("th", { class: "num", text: fill(S.team_n, { n: Number(team) + 1 }) })));
    const body = t.el("tbody", {}, ...rows.map(([k, label]) => t.el("tr", {}, t.el("th", { text: label }),
      ...["0", "1"].map((team) => t.el("td", { class: "num", text: (breakdown[team] || {})[k] ?? 0 })))));
    $("result").append(t.el("table", { class: "data-table breakdown" }, t.el("caption", { class: "visually-hidden", text: G.breakdown }), t.el("thead", {}, head), body));
  },
};

const table = startTable(game);
enableLongPress(table, document.getElementById("table"));
