// Why selected cards make no Buraco run, with the codes the engine refuses them with
// (games/buraco/runs.py `run_problem`), so the hint explains before the move is sent.
// Only the explanation lives here: whether a meld is allowed always comes from `legal`.

const POS = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10, J: 11, Q: 12, K: 13 };

// Whether fixed positions (3..K, plus 2 for a natural 2) and `aces` aces, with `subs`
// substitutes, fill one contiguous range of positions 1..14 (the ace low or high).
function fits(core, aces, subs) {
  if (new Set(core).size !== core.length || aces > 2) return false;
  const options = aces === 0 ? [[]] : aces === 1 ? [[1], [14]] : [[1, 14]];
  return options.some((ace) => {
    const all = [...core, ...ace].sort((a, b) => a - b);
    const missing = all[all.length - 1] - all[0] + 1 - all.length;
    return missing <= subs && all.length + subs <= 14;
  });
}

export function runProblem(cards) {
  if (cards.length < 3) return "too_few_cards";
  const naturals = cards.filter((c) => c[0] !== "2");
  const twos = cards.filter((c) => c[0] === "2");
  const suits = new Set(naturals.map((c) => c[1]));
  if (!naturals.length) return new Set(twos.map((c) => c[1])).size > 1 ? "run_set" : "run_not_in_sequence";
  if (suits.size > 1) return new Set(naturals.map((c) => c[0])).size === 1 ? "run_set" : "run_mixed_suits";
  const suit = [...suits][0];
  const own = twos.filter((c) => c[1] === suit).length;
  const aces = naturals.filter((c) => c[0] === "A").length;
  const core = naturals.filter((c) => c[0] !== "A").map((c) => POS[c[0]]);
  // A 2 of the suit may sit in its own place; every other 2 stands in for a card.
  for (const natural of own ? [1, 0] : [0]) {
    const subs = twos.length - natural;
    if (subs <= 1 && fits(natural ? [...core, 2] : core, aces, subs)) return null;
  }
  if (twos.length - Math.min(own, 1) > 1) return "run_two_wilds";
  return "run_not_in_sequence";
}
