// Crazy Eights on the verify page: replay one hand's stock and discard pile in this browser,
// from the deck re-dealt here and the public move log, and redo every pile reshuffle with the
// stream `hand:N:reshuffle:K`. It mirrors games/crazy_eights/rules.py, reduced to what moves
// cards (deal, play, draw until a card fits, keep, pass, run-outs, blocked hands); points and
// bots are left out. Nothing here is taken from the server but the log being checked.

const EIGHT = "8";
const MAX_RUNOUTS = 20; // the 21st run-out of the stock in a hand blocks it
const HAND_SIZE = { 2: 7, 3: 5, 4: 5, 5: 5, 6: 5 };
const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const MOVE_KEYS = { play: [["type", "card"], ["suit"]], draw: [["type"], []], keep: [["type"], []], pass: [["type"], []] };

// A logged move the re-derived hand does not allow (the engine's IllegalMove code).
export class Refused extends Error {
  constructor(code, card = null) {
    super(code);
    this.code = code;
    this.card = card;
  }
}

export const fits = (card, top, suit) => card[0] === EIGHT || card[1] === suit || card[0] === top[0];
const canDraw = (s) => s.stock.length > 0 || s.discard.length > 1;
const isCard = (c) => typeof c === "string" && c.length === 2 && RANKS.includes(c[0]) && SUITS.includes(c[1]);

// games.crazy_eights.deal: one card at a time from the dealer's left, then the first discard;
// an eight turned goes back into the middle of the stock (index floor(len / 2)) and the next is turned.
export function deal(players, dealer, deck, handNumber) {
  const size = HAND_SIZE[players];
  if (!size) throw new Refused("bad_players");
  const hands = Array.from({ length: players }, () => []);
  for (let i = 0; i < size * players; i += 1) hands[(dealer + 1 + i) % players].push(deck[i]);
  const stock = deck.slice(size * players);
  let top = stock.shift();
  while (top[0] === EIGHT) {
    stock.splice(Math.floor(stock.length / 2), 0, top);
    top = stock.shift();
  }
  return {
    players, dealer, handNumber, hands, stock, discard: [top], suit: top[1], turn: (dealer + 1) % players,
    drawn: null, runouts: 0, reshuffles: 0, passes: 0, end: null, endReason: null, winner: null,
  };
}

function checkShape(move) {
  if (!move || typeof move !== "object" || Array.isArray(move)) throw new Refused("bad_move");
  const shape = MOVE_KEYS[move.type];
  if (!shape) throw new Refused("bad_move");
  const [required, optional] = shape;
  const keys = Object.keys(move);
  if (!required.every((k) => keys.includes(k)) || keys.some((k) => !required.includes(k) && !optional.includes(k))) {
    throw new Refused("bad_move");
  }
  if (move.type === "play") {
    if (!isCard(move.card)) throw new Refused("bad_move");
    if ("suit" in move && !(typeof move.suit === "string" && move.suit.length === 1 && SUITS.includes(move.suit))) {
      throw new Refused("bad_move");
    }
  }
  return move.type;
}

const next = (s, seat) => (seat + 1) % s.players;

function block(s, reason) {
  s.end = "blocked";
  s.endReason = reason;
  s.turn = null;
  s.drawn = null;
}

function countPass(s, seat) {
  s.passes += 1;
  if (s.passes >= s.players) block(s, "passes");
  else s.turn = next(s, seat);
}

function play(s, seat, move) {
  const card = move.card;
  if (s.drawn !== null && card !== s.drawn) throw new Refused("must_play_drawn_or_keep", card);
  const hand = s.hands[seat];
  if (!hand.includes(card)) throw new Refused("card_not_in_hand", card);
  let suit;
  if (card[0] === EIGHT) {
    if (!("suit" in move)) throw new Refused("suit_required", card);
    suit = move.suit;
  } else {
    if ("suit" in move) throw new Refused("bad_move", card);
    suit = card[1];
  }
  if (!fits(card, s.discard[s.discard.length - 1], s.suit)) throw new Refused("card_does_not_fit", card);
  hand.splice(hand.indexOf(card), 1);
  s.discard.push(card);
  s.suit = suit;
  s.drawn = null;
  s.passes = 0;
  if (hand.length === 0) {
    s.end = "out";
    s.winner = seat;
    s.turn = null;
  } else {
    s.turn = next(s, seat);
  }
}

// Draw one card at a time until one fits; a stock found empty is a run-out, and the cards under
// the top of the pile (oldest first) are reshuffled into a new stock. Each reshuffle is reported.
async function draw(s, seat, key, shuffle, onReshuffle) {
  if (s.drawn !== null) throw new Refused("must_play_drawn_or_keep");
  if (!canDraw(s)) throw new Refused("nothing_to_draw");
  const hand = s.hands[seat];
  const top = s.discard[s.discard.length - 1];
  let outcome;
  for (;;) {
    if (s.stock.length === 0) {
      s.runouts += 1;
      if (s.runouts > MAX_RUNOUTS) { outcome = "blocked"; break; }
      if (s.discard.length <= 1) { outcome = "pass"; break; }
      s.reshuffles += 1;
      const label = `hand:${s.handNumber}:reshuffle:${s.reshuffles}`;
      const pile = s.discard.slice(0, -1);
      s.stock = await shuffle(key, label, pile);
      s.discard = s.discard.slice(-1);
      onReshuffle({ k: s.reshuffles, label, pile, stock: [...s.stock] });
    }
    const card = s.stock.shift();
    hand.push(card);
    if (fits(card, top, s.suit)) { s.drawn = card; outcome = "drawn"; break; }
  }
  if (outcome === "blocked") block(s, "runouts");
  else if (outcome === "pass") countPass(s, seat);
}

function keep(s, seat) {
  if (s.drawn === null) throw new Refused("nothing_to_keep");
  s.drawn = null;
  s.passes = 0;
  s.turn = next(s, seat);
}

function pass(s, seat) {
  if (s.drawn !== null) throw new Refused("must_play_drawn_or_keep");
  const top = s.discard[s.discard.length - 1];
  if (canDraw(s) || s.hands[seat].some((c) => fits(c, top, s.suit))) throw new Refused("cannot_pass");
  countPass(s, seat);
}

async function apply(s, entry, key, shuffle, onReshuffle) {
  // Crazy Eights never removes a player (a bot takes the seat), so a "leave" entry cannot replay.
  if (entry.kind === "leave") throw new Refused("not_supported");
  if (s.end !== null) throw new Refused("hand_over");
  if (entry.seat !== s.turn) throw new Refused("not_your_turn");
  const kind = checkShape(entry.move);
  if (kind === "play") play(s, entry.seat, entry.move);
  else if (kind === "draw") await draw(s, entry.seat, key, shuffle, onReshuffle);
  else if (kind === "keep") keep(s, entry.seat);
  else pass(s, entry.seat);
}

// Replay a hand: `deck` is the deck re-dealt in this browser, `moves` the logged entries
// ({seat, move, kind}), `shuffle(key, label, cards)` the fair shuffle. Returns the final state,
// the reshuffles met ({k, label, index, seat, pile, stock}) and the first refused move, if any
// ({index, seat, move, code, card}); the replay stops there.
export async function replayHand({ players, dealer, number, deck, moves, key, shuffle }) {
  const state = deal(players, dealer, deck, number);
  const reshuffles = [];
  let failure = null;
  for (let index = 0; index < moves.length; index += 1) {
    const entry = moves[index] || {};
    try {
      await apply(state, entry, key, shuffle, (r) => reshuffles.push({ ...r, index, seat: entry.seat }));
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      failure = { index, seat: entry.seat, move: entry.move, code: error.code, card: error.card };
      break;
    }
  }
  return { state, reshuffles, failure };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The fields of the recorded end of the hand (verify.json `final`) that differ from the replay.
export function endDifferences(state, final) {
  if (!final) return [];
  const mine = {
    hands: state.hands, stock: state.stock, discard: state.discard, suit: state.suit,
    reshuffles: state.reshuffles, runouts: state.runouts, end: state.end, end_reason: state.endReason,
    winner: state.winner,
  };
  return Object.keys(mine).filter((name) => !same(mine[name], final[name] ?? null));
}
