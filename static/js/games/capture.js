// Rouba Monte and Stealing Bundles: choose a hand card, then its target (a table card,
// an opponent's pile) or discard it. The options shown are exactly the snapshot's `legal`.

import { cardElement, fill } from "../cards.js";
import { startTable } from "../table.js";

const $ = (id) => document.getElementById(id);

function targetKey(move) {
  if (move.type === "capture") return `centre:${move.target}`;
  if (move.type === "steal") return `pile:${move.from}:${move.from_pile ?? 0}`;
  return "discard";
}

const game = {
  teams: false,
  breakdownHasScores: true,
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
      node.title = this.why(t, code, playable);
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
        dataset: { target: `pile:${engineSeat}:${i}`, place: `pile:${engineSeat}:${i}` } });
      const count = pile ? pile.count : 0;
      if (pile && pile.top) wrap.append(cardElement(pile.top, S, { small: true }));
      else wrap.append(t.el("span", { class: "pile__empty card card--small", title: S.game.pile_empty }));
      wrap.append(t.el("span", { class: "pile__count", title: fill(S.game.cards_in_pile, { n: count }),
        text: String(count) }, t.el("span", { class: "visually-hidden", text: ` ${S.game.cards_word}` })));
      if (clickable) {
        wrap.setAttribute("aria-label", `${S.game.pile} ${t.nameOfEngineSeat(engineSeat)}: ${pile && pile.top ? t.cardName(pile.top) : S.game.pile_empty}, ${pile ? pile.count : 0}`);
        wrap.addEventListener("click", () => this.chooseTarget(t, wrap));
      }
      return wrap;
    });
  },

  // What seatExtra reads beyond the seat itself: table.js keeps a seat drawn from the same key.
  seatKey(t, seat) {
    const view = t.snapshot.view || {};
    const engine = String(seat.engine_seat);
    return [view.double_piles ? view.double_piles[engine] : (view.piles || {})[engine], t.nameOfEngineSeat(seat.engine_seat)];
  },

  seatExtra(t, seat) {
    const view = t.snapshot.view || {};
    if (seat.engine_seat === null || seat.engine_seat === undefined || !view.piles) return null;
    const mine = seat.index === t.snapshot.you.seat;
    return t.el("div", { class: "seat__piles", title: mine ? t.S.game.your_pile : null },
      ...this.pileNodes(t, String(seat.engine_seat), !mine));
  },

  // What a card of the hand can do now, or why it cannot (the tooltip and the tap's hint).
  why(t, code, playable) {
    const G = t.S.game;
    const name = t.cardName(code);
    if (!t.playing) return name;
    if (!t.myTurn) return fill(G.why_not_turn, { card: name });
    if (playable) return fill(G.card_can, { card: name });
    return fill(G.why_no_move, { card: name });
  },

  select(t, code) {
    if (!t.myTurn) { t.hint(fill(t.S.game.why_not_turn, { card: t.cardName(code) })); return; }
    if (!this.movesFor(t, code).length) { t.hint(this.why(t, code, false)); t.sound.play("error"); return; }
    this.selected = this.selected === code ? null : code;
    document.querySelectorAll("#hand .card").forEach((node) => {
      const on = node.dataset.card === this.selected;
      node.classList.toggle("selected", on);
      node.setAttribute("aria-pressed", on ? "true" : "false");
    });
    this.paintOptions(t);
    t.hint(this.selected ? this.targetHint(t, this.selected) : "");
  },

  // What the chosen card can do, from its own legal moves: only take (capture is compulsory while
  // any card can take), only be discarded (nothing to take), or either.
  targetHint(t, code) {
    const moves = this.movesFor(t, code);
    const discard = moves.some((m) => m.type === "discard");
    const take = moves.some((m) => m.type !== "discard");
    const key = take && discard ? "choose_target" : (take ? "choose_capture" : "choose_discard");
    return fill(t.S.game[key], { card: t.cardName(code) });
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
    // Two own piles: ask which one receives the cards, in words and with one button per pile.
    const G = t.S.game;
    const box = $("pile-choice");
    box.replaceChildren(...moves.map((m) => t.el("button", { type: "button", class: "button button--small",
      onclick: () => this.play(t, m), text: fill(G.into_pile, { n: (m.pile ?? 0) + 1 }) })));
    box.setAttribute("aria-label", G.choose_pile);
    box.hidden = false;
    $("prompt").textContent = G.choose_pile;
    t.hint(G.choose_pile);
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
      // "your pile" has its own sentence ("you's pile" is not a phrase).
      const roomSeat = t.roomSeatOf(move.from);
      const mine = t.snapshot.you.seat;
      if (roomSeat !== null && mine !== null && roomSeat === mine) return fill(G.steal_you_desc, { name, card: t.cardName(move.card) });
      const seat = roomSeat === null ? null : t.snapshot.room.seats[roomSeat];
      const victim = (seat && seat.name) || t.nameOfEngineSeat(move.from);
      return fill(G.steal_desc, { name, victim, card: t.cardName(move.card) });
    }
    if (move.type === "discard") return fill(G.discard_desc, { name, card: t.cardName(move.card) });
    return "";
  },

  // How many cards a move took, read in the view before it: the stolen pile (the card that took it aside).
  taken(move, before) {
    if (move.type !== "steal" || !before) return null;
    const piles = before.double_piles ? before.double_piles[move.from] : [(before.piles || {})[move.from]];
    const pile = (piles || [])[move.from_pile ?? 0];
    return pile && pile.count ? pile.count : null;
  },

  // Why the hand ended: the stock and the hands ran out, or too few players were left.
  endReason(t, last) {
    const result = last.result || {};
    return result.abandoned || (result.engine && result.engine.abandoned) ? t.S.game.abandoned : t.S.game.end_stock;
  },

  // Between hands and at the end (Stealing Bundles): each player's cards in piles, the leftover
  // table cards of the last capture bonus, the total and what the hand adds to the match, as the
  // engine's result gives them (its keys are engine seats; the hand's seat map names the players).
  breakdown(t, last) {
    const G = t.S.game;
    const result = last.result || {};
    const b = result.breakdown || {};
    const engine = result.engine || {};
    if (!b.piles) return null;
    const options = t.snapshot.room.options || {};
    const seatMap = last.seat_map || [];
    const name = (engineSeat) => {
      const roomSeat = seatMap[Number(engineSeat)];
      return roomSeat === undefined ? t.nameOfEngineSeat(engineSeat) : t.resultName(roomSeat);
    };
    // In a sentence the reader is "you" ("…count for you, who made the last capture"); in a table, "ana (you)".
    const sentenceName = (engineSeat) => {
      const roomSeat = seatMap[Number(engineSeat)];
      return roomSeat === undefined ? t.nameOfEngineSeat(engineSeat) : t.seatName(roomSeat);
    };
    const seats = Object.keys(b.piles).sort((x, y) => Number(x) - Number(y));
    const bonus = b.last_capture_bonus || {};
    const showBonus = !!options.last_capture_bonus || seats.some((s) => bonus[s]);
    const points = { ...(engine.match_points || {}) };
    // Where the engine gives no match points (Rouba Monte: the match is the hand), the match total.
    const matchTotals = (t.snapshot.room.match && t.snapshot.room.match.totals) || {};
    const matchPoint = (s) => points[s] ?? matchTotals[String(seatMap[Number(s)] ?? s)] ?? 0;
    const scores = engine.scores || {};
    // A match of several games (Stealing Bundles) is decided by its totals (games won, or cards):
    // that column, and its winners, are the match's; the cards are the last game's, a detail.
    const several = (Number(options.match_games) || 1) > 1;
    const over = t.snapshot.room.status === "match_over" && !!t.snapshot.room.match;
    const matchWinners = over ? (t.snapshot.room.match.winners || []).map(String) : [];
    const winners = several && over ? seats.filter((s) => matchWinners.includes(String(seatMap[Number(s)] ?? s))) : (engine.winners || []);
    if (several) for (const s of seats) points[s] = matchTotals[String(seatMap[Number(s)] ?? s)] ?? 0;
    const num = (value) => t.el("td", { class: "num", text: value ?? 0 });
    const rows = seats.map((s) => t.el("tr", { class: winners.includes(s) ? "won" : null, dataset: { engineSeat: s } },
      t.el("th", {}, name(s), b.active && b.active[s] === false ? t.el("small", { class: "muted" }, ` (${G.seat_left})`) : null),
      num(b.piles[s]),
      showBonus ? num(bonus[s]) : null,
      num(scores[s] ?? b.piles[s] + (bonus[s] || 0)),
      num(matchPoint(s))));
    const head = t.el("tr", {}, t.el("th", {}, ""), t.el("th", { class: "num", text: G.piles_total }),
      showBonus ? t.el("th", { class: "num", text: G.bonus }) : null,
      t.el("th", { class: "num", text: several ? G.last_game_cards : G.cards_total }),
      t.el("th", { class: "num", dataset: { column: "match" }, text: several ? (options.match_scoring === "cards" ? G.match_cards : G.games_won) : G.match_points }));
    const box = t.el("div", { class: "sb-result" },
      t.el("table", { class: "data-table breakdown" }, t.el("caption", { class: "visually-hidden", text: G.breakdown }),
        t.el("thead", {}, head), t.el("tbody", {}, ...rows)));

    // Notes under the table: the leftover table cards, how the match counts, where it stands.
    const notes = [];
    const left = (b.centre_left || []).length;
    const taker = seats.find((s) => bonus[s]);
    if (taker !== undefined) {
      notes.push(["bonus", fill(left === 1 ? G.bonus_to_1 : G.bonus_to, { n: left, name: sentenceName(taker) })]);
    } else if (left) {
      notes.push(["centre", left === 1 ? G.centre_left_1 : fill(G.centre_left, { n: left })]);
    }
    if (b.tiebreak_round && G.tiebreak_round) notes.push(["tiebreak", G.tiebreak_round]);
    // How a match of several games counts: only where the room has that option (not Rouba Monte).
    if ("match_scoring" in options) notes.push(["scoring", options.match_scoring === "cards" ? G.scoring_cards : G.scoring_wins]);
    const totals = (t.snapshot.room.match && t.snapshot.room.match.totals) || {};
    const games = Number(options.match_games) || 1;
    if (games > 1) notes.push(["games", fill(G.games_played, { n: totals.games ?? 0, total: games })]);
    if (result.tiebreak_needed && result.tiebreak_needed.length && t.snapshot.room.status === "hand_over") {
      const names = result.tiebreak_needed.map((k) => t.seatName(Number(k))).join(", ");
      notes.push(["tiebreak-next", fill(G.tiebreak_next, { names })]);
    }
    for (const [kind, text] of notes) box.append(t.el("p", { class: "muted small sb-result__note", dataset: { note: kind }, text }));
    return box;
  },

  soundOf(move) { return move.type === "discard" ? "discard" : move.type; },

  // The played card and what it took fly to the capturer's pile; a stolen pile crosses the
  // table; a discard lands among the table cards.
  flights(t, last, before) {
    const move = last.move;
    const me = last.seat === t.snapshot.you.seat;
    const from = (me && before.card(move.card, "hand")) || before.seat(last.seat);
    const face = (code) => cardElement(code, t.S);
    if (move.type === "discard") {
      const to = document.querySelector(`#centre [data-card="${CSS.escape(move.card)}"]`);
      return [{ from, to, ghost: face(move.card) }];
    }
    const seatNode = document.querySelector(`.seat[data-seat="${last.seat}"]`);
    const pile = seatNode && seatNode.querySelector(`[data-place="pile:${last.engine_seat}:${move.pile ?? 0}"]`);
    const to = pile && (pile.querySelector(".card") || pile);
    const out = [{ from, to, ghost: face(move.card) }];
    if (move.type === "capture") out.push({ from: before.card(move.target, "centre"), to, ghost: face(move.target), delay: 80 });
    if (move.type === "steal") out.push({ from: before.place(`pile:${move.from}:${move.from_pile ?? 0}`), to, ghost: t.el("span", { class: "card card--back" }), delay: 80 });
    return out;
  },

  onKey(t, event) {
    if (event.key === "Escape" && this.selected) { this.selected = null; t.render(t.snapshot); }
  },
};

startTable(game);
