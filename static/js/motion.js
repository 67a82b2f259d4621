// Cards that move: before a snapshot is drawn the table measures where every face-up card,
// seat and pile is; after it, the game says which cards went where and each one flies from
// its old place to its new one (Web Animations API, FLIP). The flying copies ignore the
// pointer, so a move's animation never blocks the next click. Off with prefers-reduced-motion.

// Long enough for a card to be followed across a phone's screen (a bot's next move comes no
// sooner than MESA_BOT_DELAY_MS, 1,200 ms by default, after the last).
const FLIGHT_MS = 650;

export class Motion {
  constructor() {
    this.query = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
    this.layer = null;
    this.ms = FLIGHT_MS;
    this.running = new Set();
  }

  // Land every card in flight at once (the player acts: the table must be current).
  finish() {
    for (const animation of [...this.running]) animation.finish();
  }

  get enabled() {
    return !(this.query && this.query.matches) && !document.hidden && typeof Element.prototype.animate === "function";
  }

  // Where things are now: face-up cards by code (several: two decks), seats, and named places.
  measure(root) {
    const cards = new Map();
    for (const node of root.querySelectorAll("[data-card]")) {
      const list = cards.get(node.dataset.card) || [];
      list.push({ rect: node.getBoundingClientRect(), where: placeOf(node) });
      cards.set(node.dataset.card, list);
    }
    const seats = {};
    for (const node of root.querySelectorAll(".seat[data-seat]")) {
      const fan = node.querySelector(".seat__fan") || node;
      seats[node.dataset.seat] = fan.getBoundingClientRect();
    }
    const places = {};
    for (const node of root.querySelectorAll("[data-place]")) places[node.dataset.place] = node.getBoundingClientRect();
    return {
      cards,
      seats,
      places,
      // The old place of a card: prefer one in `where` (an element id or "seat:N").
      card(code, where = null) {
        const list = cards.get(code) || [];
        const hit = where ? list.find((c) => c.where === where) : null;
        return (hit || list[0] || {}).rect || null;
      },
      seat(index) { return seats[String(index)] || null; },
      place(name) { return places[name] || null; },
    };
  }

  // Fly every {from: DOMRect, to: Element, ghost?: Element, back?: bool} at once (the ghost is
  // what flies: by default a copy of where it lands); resolves when all have landed.
  fly(flights) {
    const jobs = flights.filter((f) => f && f.from && f.to && f.to.isConnected).map((f) => this.flyOne(f));
    return jobs.length ? Promise.all(jobs).then(() => undefined) : Promise.resolve();
  }

  flyOne({ from, to, ghost: face = null, back = false, delay = 0 }) {
    const end = to.getBoundingClientRect();
    if (!end.width || !end.height) return Promise.resolve();
    const layer = this.ensureLayer();
    const ghost = face || (back ? document.createElement("span") : to.cloneNode(true));
    if (back && !face) ghost.className = "card card--back";
    ghost.removeAttribute("id");
    ghost.removeAttribute("data-card");
    for (const inner of ghost.querySelectorAll("[id],[data-card]")) { inner.removeAttribute("id"); inner.removeAttribute("data-card"); }
    ghost.classList.add("flight");
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.width = `${end.width}px`;
    ghost.style.height = `${end.height}px`;
    ghost.style.left = `${end.left}px`;
    ghost.style.top = `${end.top}px`;
    layer.append(ghost);
    to.classList.add("landing");
    const dx = from.left + from.width / 2 - (end.left + end.width / 2);
    const dy = from.top + from.height / 2 - (end.top + end.height / 2);
    const scale = from.width && end.width ? Math.max(0.4, Math.min(2, from.width / end.width)) : 1;
    const animation = ghost.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.9 }, { transform: "none", opacity: 1 }],
      { duration: this.ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" },
    );
    this.running.add(animation);
    return animation.finished.catch(() => undefined).then(() => {
      this.running.delete(animation);
      ghost.remove();
      to.classList.remove("landing");
    });
  }

  ensureLayer() {
    if (!this.layer || !this.layer.isConnected) {
      this.layer = document.createElement("div");
      this.layer.className = "flight-layer";
      this.layer.setAttribute("aria-hidden", "true");
      document.body.append(this.layer);
    }
    return this.layer;
  }
}

function placeOf(node) {
  const seat = node.closest(".seat[data-seat]");
  if (seat) return `seat:${seat.dataset.seat}`;
  const holder = node.closest("[id]");
  return holder ? holder.id : null;
}
