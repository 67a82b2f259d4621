// The felt of a replayed step, drawn from one seat's view: the centre and the piles (the capture
// games), the discard pile and the suit (Crazy Eights), the runs, the discard fan and the mortos
// (Buraco), the stock. Shared by the staff's hand replay (replay.js) and the players' match replay
// (match_replay.js); the card faces are the table's (cards.js).

import { cardElement, fill } from "./cards.js";

export function node(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined) n.textContent = text;
  return n;
}

export function cards(codes, S, small = false) {
  const row = node("div", "hand");
  for (const c of codes || []) row.append(cardElement(c, S, { small }));
  return row;
}

// "Seat 2 · Bruno": an engine seat by its room seat's number and who held it at this step.
export function seatTitle(seats, engineSeat, S, R) {
  const seat = (seats || [])[engineSeat];
  if (!seat) return fill(S.seat_n, { n: Number(engineSeat) + 1 });
  return seat.name ? fill(R.seat_named, { n: seat.number, name: seat.name }) : fill(S.seat_n, { n: seat.number });
}

function mortos(list, S, R) {
  const box = node("div", "replay-mortos");
  for (const morto of list || []) {
    const m = node("div", "replay-morto");
    m.dataset.team = morto.team;
    const fate = morto.taken ? fill(R.morto_taken_by, { name: morto.by || "?" }) : R.morto_not_taken;
    m.append(node("span", "felt__label", `${fill(R.morto_team, { n: morto.team })} · ${fate}`));
    if (!morto.taken) m.append(cards(morto.cards, S, true));
    box.append(m);
  }
  return box;
}

// The felt of one step: `view` is any seat's view (what lies on the table is the same in all),
// `seats` who held each seat then, `mortoList` the Buraco mortos.
export function board(view, seats, mortoList, S, R) {
  const felt = node("div", "felt");
  if (view.centre) {
    felt.append(node("span", "felt__label", S.game.centre), cards(view.centre, S));
    const piles = node("div", "own-pile");
    for (const [seat, pile] of Object.entries(view.piles || {})) {
      const p = node("span", "pile");
      p.append(`${seatTitle(seats, seat, S, R)}: `);
      if (pile.top) p.append(cardElement(pile.top, S, { small: true }));
      p.append(` ${fill(S.cards_n, { n: pile.count })}`);
      piles.append(p);
    }
    felt.append(piles);
  }
  if (view.discard_top) {
    felt.append(node("span", "felt__label", `${S.game.pile} · ${S.suits[view.suit] || ""}`), cards([view.discard_top], S));
  }
  if (view.discard) {
    felt.append(node("span", "felt__label", S.game.discard_pile));
    const fan = cards(view.discard, S, true);
    fan.className = "fan";
    felt.append(fan);
  }
  if (view.melds) {
    for (const [team, runs] of Object.entries(view.melds)) {
      const box = node("div", "team-runs");
      box.append(node("h3", "", fill(S.team_n, { n: Number(team) + 1 })));
      const list = node("div", "runs");
      box.append(list);
      for (const run of runs) {
        const r = node("div", "run");
        const row = cards(run.cards, S, true);
        row.className = "run__cards";
        r.append(row);
        if (run.canastra) r.append(node("span", `canastra canastra--${run.canastra}`, S.game.canastra[run.canastra]));
        list.append(r);
      }
      felt.append(box);
    }
  }
  if (view.stock_count !== undefined) felt.append(node("p", "stock", fill(S.stock_n, { n: view.stock_count })));
  if ((mortoList || []).length) felt.append(mortos(mortoList, S, R));
  return felt;
}
