// Rouba Monte and Stealing Bundles: choose a hand card, then its target (a table card,
// an opponent's pile) or discard it. The options shown are exactly the snapshot's `legal`.

import { cardElement, fill } from "../cards.js";
import { startTable, enableLongPress } from "../table.js";

const $ = (id) => document.getElementById(id);

function targetKey(move) {
  if (move.type === "capture") return `centre:${move.target}`;
  if (move.type === "steal") return `pile:${move.from}:${move.from_pile ?? 0}`;
  return "discard";
}

const game = {
  teams: false,
  selected: null,

  movesFor(t, card) { return t.snapshot.legal.filter((m) => m.card === card); },

  render(t, snap) {
    const S = t.S;
    const G = S.game;
    const view = snap.view || {};
    const legal = t.myTurn ? snap.legal : [];
    if (this.selected && !(view.hand || []).includes(this.selected)) this.selected = null;
    if (!legal.length) this.selected = null;

    $("stock").textContent = fill(S.stock_n, { n: view.stock_count ?? 0 });

    // table cards
    const centre = $("centre");
    centre.replaceChildren();
    for (const code of view.centre || []) {
      const node = cardElement(code, S, { tag: "button" });
      node.classList.add("centre-card");
      node.dataset.target = `centre:${code}`;
      node.addEventListener("click", () => this.chooseTarget(t, node));
      centre.append(node);
    }
    if (!(view.centre || []).length) centre.append(t.el("p", { class: "muted", text: G.centre_empty }));

    // own pile(s)
    const own = $("own-pile");
    own.replaceChildren();
    if (view.seat !== null && view.seat !== undefined && view.piles) {
      own.append(t.el("span", { class: "felt__label", text: G.your_pile }), ...this.pileNodes(t, String(view.seat), false));
    }

    // hand
    const hand = $("hand");
    hand.replaceChildren();
    for (const code of view.hand || []) {
      const node = cardElement(code, S, { tag: "button" });
      const playable = legal.some((m) => m.card === code);
      node.classList.toggle("playable", playable);
      node.classList.toggle("selected", this.selected === code);
      node.setAttribute("aria-pressed", this.selected === code ? "true" : "false");
      if (!playable) node.setAttribute("aria-disabled", "true");
      node.title = t.myTurn ? (playable ? t.cardName(code) : `${t.cardName(code)}`) : `${t.cardName(code)} — ${S.not_your_turn}`;
      node.addEventListener("click", (event) => {
        this.select(t, code);
        // Chosen with the keyboard (Enter/Space): go straight to the first highlighted target.
        if (event.detail === 0 && this.selected === code) {
          const first = document.querySelector(".option[data-moves]");
          if (first) first.focus();
        }
      });
      hand.append(node);
    }

    const mustCapture = t.myTurn && legal.length && !legal.some((m) => m.type === "discard");
    $("capture-note").textContent = mustCapture ? G.must_capture : "";
    this.paintOptions(t);
  },

  pileNodes(t, engineSeat, clickable) {
    const S = t.S;
    const view = t.snapshot.view || {};
    const shapes = view.double_piles ? view.double_piles[engineSeat] : [view.piles[engineSeat]];
    return (shapes || []).map((pile, i) => {
      const wrap = t.el(clickable ? "button" : "div", { class: "pile", type: clickable ? "button" : null,
        dataset: { target: `pile:${engineSeat}:${i}` } });
      const count = pile ? pile.count : 0;
      if (pile && pile.top) wrap.append(cardElement(pile.top, S, { small: true }));
      else wrap.append(t.el("span", { class: "pile__empty card card--small", title: S.game.pile_empty }));
      wrap.append(t.el("span", { class: "pile__count", title: fill(S.game.cards_in_pile, { n: count }),
        text: `${S.game.pile}: ${count}` }));
      if (clickable) {
        wrap.setAttribute("aria-label", `${S.game.pile} ${t.nameOfEngineSeat(engineSeat)}: ${pile && pile.top ? t.cardName(pile.top) : S.game.pile_empty}, ${pile ? pile.count : 0}`);
        wrap.addEventListener("click", () => this.chooseTarget(t, wrap));
      }
      return wrap;
    });
  },

  seatExtra(t, seat) {
    const view = t.snapshot.view || {};
    if (seat.engine_seat === null || seat.engine_seat === undefined || !view.piles) return null;
    if (seat.index === t.snapshot.you.seat) return null;
    return t.el("div", { class: "seat__piles" }, ...this.pileNodes(t, String(seat.engine_seat), true));
  },

  select(t, code) {
    if (!t.myTurn) { t.hint(t.S.not_your_turn); return; }
    if (!this.movesFor(t, code).length) return;
    this.selected = this.selected === code ? null : code;
    document.querySelectorAll("#hand .card").forEach((node) => {
      const on = node.dataset.card === this.selected;
      node.classList.toggle("selected", on);
      node.setAttribute("aria-pressed", on ? "true" : "false");
    });
    this.paintOptions(t);
    t.hint(this.selected ? fill(t.S.game.choose_target, { card: t.cardName(this.selected) }) : "");
  },

  // Highlight exactly the targets of the selected card's legal moves.
  paintOptions(t) {
    const G = t.S.game;
    const moves = this.selected ? this.movesFor(t, this.selected) : [];
    const byTarget = {};
    for (const m of moves) (byTarget[targetKey(m)] = byTarget[targetKey(m)] || []).push(m);
    document.querySelectorAll("[data-target]").forEach((node) => {
      const options = byTarget[node.dataset.target];
      node.classList.toggle("option", !!options);
      if (options) node.dataset.moves = JSON.stringify(options);
      else delete node.dataset.moves;
      if (node.tagName === "BUTTON") node.disabled = !options;
      if (options && node.classList.contains("centre-card")) {
        node.title = fill(G.capture_option, { target: t.cardName(options[0].target), card: t.cardName(this.selected) });
      } else if (options) {
        node.title = fill(G.steal_option, { card: t.cardName(this.selected) });
      }
    });
    const discard = $("discard");
    const discards = byTarget.discard;
    discard.disabled = !discards;
    discard.classList.toggle("option", !!discards);
    if (discards) discard.dataset.moves = JSON.stringify(discards);
    else delete discard.dataset.moves;
    discard.onclick = () => this.chooseTarget(t, discard);
    $("pile-choice").hidden = true;
    $("prompt").textContent = t.myTurn ? (this.selected ? "" : G.choose_card) : "";
  },

  chooseTarget(t, node) {
    if (!node.dataset.moves) return;
    const moves = JSON.parse(node.dataset.moves);
    if (moves.length === 1) { this.play(t, moves[0]); return; }
    // Two own piles: say which one receives the cards.
    const box = $("pile-choice");
    box.replaceChildren(...moves.map((m) => t.el("button", { type: "button", class: "button button--small",
      onclick: () => this.play(t, m), text: fill(t.S.game.into_pile, { n: (m.pile ?? 0) + 1 }) })));
    box.hidden = false;
    box.querySelector("button").focus();
  },

  play(t, move) {
    this.selected = null;
    t.hint("");
    t.move(move);
  },

  describe(t, move, name) {
    const G = t.S.game;
    if (move.type === "capture") return fill(G.capture_desc, { name, target: t.cardName(move.target), card: t.cardName(move.card) });
    if (move.type === "steal") {
      // The victim by name even when it is you ("you's pile" is not a phrase).
      const roomSeat = t.roomSeatOf(move.from);
      const seat = roomSeat === null ? null : t.snapshot.room.seats[roomSeat];
      const victim = (seat && seat.name) || t.nameOfEngineSeat(move.from);
      return fill(G.steal_desc, { name, victim, card: t.cardName(move.card) });
    }
    if (move.type === "discard") return fill(G.discard_desc, { name, card: t.cardName(move.card) });
    return "";
  },

  animate(t, last) {
    const seatNode = document.querySelector(`.seat[data-seat="${last.seat}"]`);
    const cards = [...document.querySelectorAll(`[data-card="${last.move.card}"]`)];
    for (const node of [seatNode, ...cards]) {
      if (!node) continue;
      node.classList.remove("just-played");
      void node.offsetWidth;
      node.classList.add("just-played");
    }
  },

  onKey(t, event) {
    if (event.key === "Escape" && this.selected) { this.selected = null; t.render(t.snapshot); }
  },
};

const table = startTable(game);
enableLongPress(table, document.getElementById("table"));
