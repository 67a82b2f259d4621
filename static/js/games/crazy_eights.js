// Crazy Eights: tap a card to lift it, tap again (or "Play") to play it; an eight opens
// the four suit chips; tap the stock to draw; a drawn card that fits is lifted with
// "Play it" / "Keep it". Keyboard: arrows, Enter, R, K, S, 1-4 (and M in table.js).

import { cardElement, fill, SUIT_ORDER, SUIT_SYMBOLS, rankLabel } from "../cards.js";
import { setText, startTable } from "../table.js";
import { sortedCards } from "../hand_layout.js";

const $ = (id) => document.getElementById(id);

const game = {
  teams: false,
  lifted: null,
  focusIndex: 0,

  playsOf(t, card) { return t.myTurn ? t.snapshot.legal.filter((m) => m.type === "play" && m.card === card) : []; },
  can(t, type) { return t.myTurn && t.snapshot.legal.some((m) => m.type === type); },

  why(t, code) {
    const S = t.S;
    const G = S.game;
    const view = t.snapshot.view || {};
    const name = t.cardName(code);
    if (!t.myTurn) return fill(G.why_not_turn, { card: name });
    if (this.playsOf(t, code).length) return fill(G.playable, { card: name });
    if (view.drawn && view.drawn !== code) return fill(G.why_not_drawn, { card: name });
    const top = view.discard_top || "";
    return fill(G.why_not_match, { card: name, suit: S.suits[view.suit] || view.suit, rank: S.ranks[top[0]] || rankLabel(top[0] || "") });
  },

  render(t, snap) {
    const S = t.S;
    const G = S.game;
    const view = snap.view || {};
    // In the order the player chose (by suit and run, or by rank); a card is known by its code.
    const hand = sortedCards(view.hand || []);
    if (view.drawn && t.myTurn) {
      if (this.lifted !== view.drawn) this.focusIndex = Math.max(0, hand.indexOf(view.drawn));
      this.lifted = view.drawn;
      this.chipsOpen = view.drawn[0] === "8";
    }
    if (this.lifted && (!hand.includes(this.lifted) || !this.playsOf(t, this.lifted).length)) this.lifted = null;

    // stock
    const stock = $("stock");
    stock.dataset.place = "stock";
    const canDraw = this.can(t, "draw");
    stock.disabled = !canDraw;
    stock.classList.toggle("playable", canDraw);
    setText($("stock-count"), `(${view.stock_count ?? 0})`);
    stock.title = fill(canDraw ? G.stock_title : G.stock_cannot, { n: view.stock_count ?? 0 });
    stock.onclick = () => this.draw(t);

    // discard pile with the suit chip after an eight
    const pile = $("pile");
    if (!t.drawnFrom("ce-pile", [view.discard_top, view.suit])) this.paintPile(t, pile, view);

    // hand, with a roving tab stop; drawn again only when a card, its state or its words changed
    const box = $("hand");
    this.focusIndex = Math.max(0, Math.min(this.focusIndex, hand.length - 1));
    const cards = hand.map((code, i) => [code, this.playsOf(t, code).length > 0, this.lifted === code, i === this.focusIndex, this.why(t, code)]);
    if (!t.drawnFrom("ce-hand", cards) || box.children.length !== hand.length) this.paintHand(t, box, cards);

    this.paintActions(t);
  },

  paintPile(t, pile, view) {
    const S = t.S;
    const G = S.game;
    pile.replaceChildren();
    if (view.discard_top) {
      pile.append(cardElement(view.discard_top, S));
      if (view.discard_top[0] === "8" && view.suit) {
        const red = view.suit === "D" || view.suit === "H";
        pile.append(t.el("span", { class: `suit-chip ${red ? "suit-chip--red" : "suit-chip--black"}`, "data-chip": view.suit,
          title: fill(G.suit_chip, { suit: S.suits[view.suit] }) }, SUIT_SYMBOLS[view.suit]));
      }
      const top = view.discard_top;
      const title = fill(G.pile_title, { card: t.cardName(top), suit: S.suits[view.suit] || "", rank: S.ranks[top[0]] || rankLabel(top[0]) });
      pile.title = title;
      pile.setAttribute("aria-label", title);
    }
  },

  paintHand(t, box, cards) {
    const hadFocus = box.contains(document.activeElement) || document.activeElement === document.body && this.handWasFocused;
    box.replaceChildren();
    cards.forEach(([code, playable, lifted, focused, why], i) => {
      const node = cardElement(code, t.S, { tag: "button" });
      node.classList.toggle("playable", playable);
      node.classList.toggle("lifted", lifted);
      node.setAttribute("aria-pressed", lifted ? "true" : "false");
      node.tabIndex = focused ? 0 : -1;
      node.title = why;
      node.setAttribute("aria-description", why);
      node.addEventListener("click", () => { this.focusIndex = i; this.tap(t, code); });
      node.addEventListener("focus", () => { this.focusIndex = i; this.handWasFocused = true; });
      node.addEventListener("blur", () => { setTimeout(() => { this.handWasFocused = box.contains(document.activeElement); }, 0); });
      box.append(node);
    });
    if (hadFocus && box.children[this.focusIndex]) box.children[this.focusIndex].focus();
  },

  paintActions(t) {
    const G = t.S.game;
    const view = t.snapshot.view || {};
    const drawn = t.myTurn && view.drawn;
    const lifted = this.lifted;
    const eight = lifted && lifted[0] === "8";
    $("play").disabled = !lifted || !!drawn;
    $("play").hidden = !!drawn;
    $("play").onclick = () => this.playLifted(t);
    $("play-it").hidden = !drawn;
    $("play-it").onclick = () => this.playLifted(t);
    $("keep-it").hidden = !this.can(t, "keep");
    $("keep-it").onclick = () => this.keep(t);
    $("draw").disabled = !this.can(t, "draw");
    $("draw").onclick = () => this.draw(t);
    $("pass").hidden = !this.can(t, "pass");
    $("pass").onclick = () => this.pass(t);
    const chips = $("suit-chips");
    chips.hidden = !(eight && this.chipsOpen);
    chips.querySelectorAll("[data-suit]").forEach((chip) => { chip.onclick = () => this.playEight(t, chip.dataset.suit); });
    let note = "";
    if (drawn) note = fill(G.drawn_fits, { card: t.cardName(view.drawn) });
    else if (eight && this.chipsOpen) note = G.choose_suit;
    setText($("ce-note"), note);
    setText($("prompt"), t.myTurn ? G.prompt_turn : "");
  },

  tap(t, code) {
    if (!this.playsOf(t, code).length) { t.hint(this.why(t, code)); return; }
    if (this.lifted === code) { this.playLifted(t); return; }
    this.lifted = code;
    this.chipsOpen = code[0] === "8";
    t.render(t.snapshot);
    // An eight's "choose the suit" goes when another card is lifted.
    t.hint(this.chipsOpen ? t.S.game.choose_suit : "");
  },

  playLifted(t) {
    const code = this.lifted;
    if (!code) return;
    if (code[0] === "8") {
      this.chipsOpen = true;
      this.paintActions(t);
      const first = document.querySelector("#suit-chips [data-suit]");
      if (first && !document.querySelector("#hand").contains(document.activeElement)) first.focus();
      return;
    }
    const move = this.playsOf(t, code).find((m) => !m.suit);
    if (move) { this.lifted = null; t.move(move); }
  },

  playEight(t, suit) {
    const code = this.lifted;
    if (!code || code[0] !== "8") return;
    const move = this.playsOf(t, code).find((m) => m.suit === suit);
    if (move) { this.lifted = null; this.chipsOpen = false; t.hint(""); this.paintActions(t); t.move(move); }
  },

  draw(t) { if (this.can(t, "draw")) t.move({ type: "draw" }); else t.hint(fill(t.S.game.stock_cannot, { n: (t.snapshot.view || {}).stock_count ?? 0 })); },
  keep(t) { if (this.can(t, "keep")) { this.lifted = null; t.move({ type: "keep" }); } },
  pass(t) { if (this.can(t, "pass")) t.move({ type: "pass" }); },

  onKey(t, event) {
    const key = event.key;
    const inHand = $("hand").contains(document.activeElement);
    if (inHand && (key === "ArrowRight" || key === "ArrowLeft" || key === "Home" || key === "End")) {
      const cards = [...$("hand").children];
      if (!cards.length) return;
      if (key === "ArrowRight") this.focusIndex = (this.focusIndex + 1) % cards.length;
      else if (key === "ArrowLeft") this.focusIndex = (this.focusIndex - 1 + cards.length) % cards.length;
      else if (key === "Home") this.focusIndex = 0;
      else this.focusIndex = cards.length - 1;
      cards.forEach((c, i) => { c.tabIndex = i === this.focusIndex ? 0 : -1; });
      cards[this.focusIndex].focus();
      event.preventDefault();
      return;
    }
    const lower = key.toLowerCase();
    if (lower === "r") { this.draw(t); event.preventDefault(); }
    else if (lower === "k") { this.keep(t); event.preventDefault(); }
    else if (lower === "s") { this.pass(t); event.preventDefault(); }
    else if (["1", "2", "3", "4"].includes(key)) {
      const suit = SUIT_ORDER[Number(key) - 1];
      if (this.lifted && this.lifted[0] === "8") { this.playEight(t, suit); event.preventDefault(); }
    } else if (key === "Escape" && this.lifted) {
      this.lifted = null; this.chipsOpen = false; t.hint(""); t.render(t.snapshot);
    }
  },

  describe(t, move, name) {
    const G = t.S.game;
    if (move.type === "play" && move.suit) return fill(G.play_eight_desc, { name, card: t.cardName(move.card), suit: t.S.suits[move.suit] });
    if (move.type === "play") return fill(G.play_desc, { name, card: t.cardName(move.card) });
    if (move.type === "draw") return fill(G.draw_desc, { name });
    if (move.type === "keep") return fill(G.keep_desc, { name });
    if (move.type === "pass") return fill(G.pass_desc, { name });
    return "";
  },

  // Between hands: each player's cards left and their points (keys of the breakdown are engine seats).
  breakdown(t, last) {
    const G = t.S.game;
    const b = (last.result && last.result.breakdown) || {};
    if (!b.points) return null;
    const seats = Object.keys(b.points);
    const seatMap = last.seat_map || [];
    const name = (engine) => {
      const roomSeat = seatMap[Number(engine)] ?? t.roomSeatOf(engine);
      return roomSeat === null || roomSeat === undefined ? t.nameOfEngineSeat(engine) : t.resultName(roomSeat);
    };
    const rows = seats.map((engine) => t.el("tr", {}, t.el("th", { text: name(engine) }),
      t.el("td", { class: "num", text: (b.cards && b.cards[engine] ? b.cards[engine].length : 0) }),
      t.el("td", { class: "num", text: b.points[engine] })));
    return t.el("table", { class: "data-table breakdown" },
      t.el("thead", {}, t.el("tr", {}, t.el("th", {}, ""), t.el("th", { class: "num", text: G.cards_left }), t.el("th", { class: "num", text: G.points }))),
      t.el("tbody", {}, ...rows));
  },

  soundOf(move) { return move.type === "play" ? "play" : move.type === "draw" ? "draw" : "move"; },

  // A played card flies from the player to the pile; a drawn one from the stock to the
  // player, face down unless it is yours.
  flights(t, last, before, previous) {
    const move = last.move;
    const me = last.seat === t.snapshot.you.seat;
    if (move.type === "play") {
      const from = (me && before.card(move.card, "hand")) || before.seat(last.seat);
      return [{ from, to: $("pile").querySelector(".card"), ghost: cardElement(move.card, t.S) }];
    }
    if (move.type === "draw") {
      const fresh = me ? t.newCards(previous) : [];
      const to = fresh.length ? $("hand").querySelector(`[data-card="${CSS.escape(fresh[0])}"]`)
        : document.querySelector(`.seat[data-seat="${last.seat}"] .seat__fan`);
      return [{ from: before.place("stock"), to, back: !fresh.length }];
    }
    return [];
  },

  privateNews(t, previous) { return t.drewNews(previous, "draw"); },

  // Why the hand ended: who went out, or how it blocked.
  endReason(t, last) {
    const G = t.S.game;
    const b = (last.result && last.result.breakdown) || {};
    if (b.end === "out") {
      const winner = (last.result.winners || [])[0];
      return fill(G.end_out, { name: winner === undefined ? "?" : t.seatName(Number(winner)) });
    }
    if (b.end === "blocked") return b.reason === "runouts" ? G.end_runouts : G.end_passes;
    return "";
  },
};

startTable(game);
