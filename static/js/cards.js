// Card faces drawn with HTML and CSS (rank + suit symbol, red or black); no images.
// A card code is two characters: rank A 2-9 T J Q K, suit C D H S (docs/protocol.md).

export const SUIT_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const SUIT_ORDER = ["C", "D", "H", "S"];
const RANK_ORDER = "A23456789TJQK";

export function rankOf(code) { return code[0]; }
export function suitOf(code) { return code[1]; }
export function isRed(code) { return code[1] === "D" || code[1] === "H"; }
export function rankLabel(rank) { return rank === "T" ? "10" : rank; }

// The page's language, for the plural rules of a counted phrase.
function pageLanguage() {
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

// A counted phrase is {one, other} (rooms/templatetags/mesa_table.py `counted`): the form is
// chosen by the plural rules of the page's language for values.n ("1 ponto", "2 pontos").
// One Intl.PluralRules per language: building one costs more than a whole seat's drawing, and a
// snapshot fills dozens of counted phrases.
const pluralRules = new Map();

export function pluralForm(template, n, language = pageLanguage()) {
  if (!template || typeof template !== "object") return template;
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  // Zero counts as many in both languages ("0 pontos", "0 points"); Intl's rules for pt put it with one.
  const count = Math.abs(Number(n));
  const category = count === 0 ? "other" : rules.select(count);
  return category in template ? template[category] : template.other;
}

export function fill(template, values, language = pageLanguage()) {
  return String(pluralForm(template, values.n, language)).replace(/%\((\w+)\)s/g, (_, key) => (key in values ? values[key] : ""));
}

export function cardName(code, S) {
  if (!code) return S.card_back;
  return fill(S.card_name, { rank: S.ranks[code[0]] || code[0], suit: S.suits[code[1]] || code[1] });
}

export function cardsName(codes, S) { return codes.map((c) => cardName(c, S)).join(", "); }

export function sortCards(codes) {
  return [...codes].sort((a, b) =>
    SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]) || RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]));
}

// The face of one card. `tag` "button" makes it an interactive card. Each distinct face is
// built once and copied after (a table redraws a hundred cards per snapshot).
const faces = new Map();

export function cardElement(code, S, { tag = "span", small = false } = {}) {
  const key = `${code || ""}|${tag}|${small ? 1 : 0}`;
  let face = faces.get(key);
  if (!face) {
    face = buildCard(code, S, tag, small);
    faces.set(key, face);
  }
  return face.cloneNode(true);
}

function buildCard(code, S, tag, small) {
  const el = document.createElement(tag);
  el.className = "card" + (small ? " card--small" : "");
  if (tag === "button") el.type = "button";
  if (!code) {
    el.classList.add("card--back");
    el.setAttribute(tag === "button" ? "aria-label" : "title", S.card_back);
    return el;
  }
  el.dataset.card = code;
  el.classList.add(isRed(code) ? "card--red" : "card--black");
  const name = cardName(code, S);
  const rank = rankLabel(code[0]);
  // A button's name holds the letter it shows ("J, valete de paus"): who plays by voice says what they see.
  if (tag === "button") el.setAttribute("aria-label", /[AJQK]/.test(code[0]) ? `${rank}, ${name}` : name);
  else { el.setAttribute("role", "img"); el.setAttribute("aria-label", name); }
  const suit = SUIT_SYMBOLS[code[1]] || "?";
  const corner = document.createElement("span");
  corner.className = "card__corner";
  corner.setAttribute("aria-hidden", "true");
  corner.append(Object.assign(document.createElement("b"), { textContent: rank }),
    Object.assign(document.createElement("i"), { textContent: suit }));
  const pip = document.createElement("span");
  pip.className = "card__pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = suit;
  el.append(corner, pip);
  return el;
}

export function backElement(S, small = false) { return cardElement(null, S, { small }); }
