// Room events everyone at the table sees, the closed-room banner and the host's powers
// (docs/ui.md "Room events and host powers"). The events come in the snapshot's
// `room.events` (docs/protocol.md): a page announces those whose id is above the last it
// showed, so a page that reconnected tells what happened meanwhile.
import { fill } from "./cards.js";

const $ = (id) => document.getElementById(id);
const NOTICE_MS = 8000;
const LANG = (document.documentElement.lang || "pt-br").toLowerCase();

export function eventText(event) {
  const text = event.text || {};
  return text[LANG] || text["pt-br"] || Object.values(text)[0] || "";
}

// The person a host removed reads it in the second person, in the notice, the live region and the
// log alike ("O anfitrião removeu você da cadeira 3."); everyone else reads the event's own sentence.
export function removedYou(table, event) {
  return !!event && event.code === "removed_by_host" && !!event.params && event.params.user === table.userId;
}

export function eventTextFor(table, event) {
  if (!removedYou(table, event)) return eventText(event);
  const seat = Number(event.params.seat);
  return fill(table.S.host.you_were_removed, { n: Number.isInteger(seat) ? seat + 1 : "?" });
}

// After each snapshot: a notice and an announcement for each new event (its line in the move log
// is the table's: Table.updateLog).
export function paintRoomEvents(table) {
  const room = table.snapshot.room;
  if (Array.isArray(room.events)) table.roomEvents = room.events;
  const events = table.roomEvents || [];
  const newest = events.length ? events[events.length - 1].id : 0;
  if (table.lastEventId === undefined || table.lastEventId === null) {
    table.lastEventId = newest; // what happened before the page opened is in the list, not announced
  } else {
    for (const event of events.filter((e) => e.id > table.lastEventId)) tell(table, event);
    table.lastEventId = Math.max(table.lastEventId, newest);
  }
  paintClosed(table, room.status === "closed");
}

function tell(table, event) {
  const text = eventTextFor(table, event);
  table.announce(text);
  const notice = $("room-notice");
  notice.textContent = text;
  notice.dataset.eventCode = event.code;
  notice.hidden = false;
  table.paintBanners();
  clearTimeout(table.noticeTimer);
  table.noticeTimer = setTimeout(() => { notice.hidden = true; table.paintBanners(); }, NOTICE_MS);
}

// A closed room: the banner with the way to the lobby; the page no longer says it is connected.
export function paintClosed(table, closed) {
  const banner = $("closed-banner");
  if (closed) {
    table.closedForGood = true;
    if (table.root.dataset.state !== "closed") table.setConn("closed");
  }
  if (banner.hidden === !closed) return;
  banner.hidden = !closed;
  table.paintBanners();
}

// The leave confirmation: says whether leaving hands the host role on, and to whom if known.
export function leaveConfirmation(table, base) {
  const snap = table.snapshot;
  if (!snap.you.host) return base;
  const H = table.S.host;
  const next = snap.room.seats.find((s) => s.user_id && s.user_id !== table.userId && s.connected);
  const line = next ? fill(H.leave_hands_host, { name: next.name }) : H.leave_hands_host_unknown;
  return base ? `${base} ${line}` : line;
}

const el = (table, ...args) => table.el(...args);

function seatLabel(table, seat) {
  return fill(table.S.host.seat_option, { n: seat.index + 1, name: seat.name || table.S.host.empty });
}

function select(table, hook, label, options) {
  return el(table, "label", { class: "inline-field" }, label,
    el(table, "select", { dataset: { hostSelect: hook } },
      ...options.map(([value, text]) => el(table, "option", { value: String(value), text }))));
}

// The host's powers in the side panel; each asks for confirmation, then sends its action.
export function renderHostPowers(table) {
  const box = $("host-powers");
  const snap = table.snapshot;
  const room = snap.room;
  if (!snap.you.host || room.status === "closed") { box.replaceChildren(); return; }
  const key = JSON.stringify([room.status, room.public, room.options && room.options.target,
    room.seats.map((s) => [s.name, s.user_id, s.bot])]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const H = table.S.host;
  const parts = [];
  const arrangeable = room.status === "waiting" || room.status === "match_over";
  const seats = room.seats;
  if (arrangeable) {
    const taken = seats.filter((s) => s.name);
    const from = select(table, "arrange-from", H.arrange_from, taken.map((s) => [s.index, seatLabel(table, s)]));
    const to = select(table, "arrange-to", H.arrange_to, seats.map((s) => [s.index, seatLabel(table, s)]));
    const go = el(table, "button", { type: "button", class: "button button--small button--ghost", "data-action": "arrange", text: H.arrange,
      onclick: () => {
        const a = seats[Number(from.querySelector("select").value)];
        const b = seats[Number(to.querySelector("select").value)];
        if (!a || !b || a.index === b.index) return;
        if (!b.name) table.confirmThen(fill(H.confirm_move, { name: a.name, from: a.index + 1, to: b.index + 1 }),
          () => table.send("move_seat", { seat: a.index, to: b.index }));
        else table.confirmThen(fill(H.confirm_swap, { name: a.name, from: a.index + 1, other: b.name, to: b.index + 1 }),
          () => table.send("swap_seats", { seat: a.index, other: b.index }));
      } });
    parts.push(el(table, "fieldset", { class: "host-power", dataset: { hostPower: "arrange" } },
      el(table, "legend", { text: H.arrange_title }), el(table, "p", { class: "muted small", text: H.arrange_help }), from, to, go));
  }
  const people = seats.filter((s) => s.user_id && s.user_id !== table.userId);
  if (people.length) {
    const who = select(table, "hand-host", H.person, people.map((s) => [s.index, seatLabel(table, s)]));
    const pick = () => seats[Number(who.querySelector("select").value)];
    const hand = el(table, "button", { type: "button", class: "button button--small button--ghost", "data-action": "hand-host", text: H.hand,
      onclick: () => { const s = pick(); table.confirmThen(fill(H.confirm_hand, { name: s.name }), () => table.send("hand_host", { seat: s.index })); } });
    const controls = [el(table, "legend", { text: H.hand_title }), who, hand];
    if (!room.public && room.status !== "playing") {
      controls.push(el(table, "button", { type: "button", class: "button button--small button--ghost", "data-action": "remove-person", text: H.remove,
        onclick: () => { const s = pick(); table.confirmThen(fill(H.confirm_remove, { name: s.name, n: s.index + 1 }), () => table.send("remove_person", { seat: s.index })); } }));
    }
    parts.push(el(table, "fieldset", { class: "host-power", dataset: { hostPower: "people" } }, ...controls));
  }
  const targets = (table.S.rules && table.S.rules.targets) || [];
  if (targets.length && arrangeable) {
    const current = room.options && room.options.target;
    const target = el(table, "select", { dataset: { hostSelect: "target" } },
      ...targets.map((n) => el(table, "option", { value: String(n), selected: n === current, text: String(n) })));
    target.addEventListener("change", () => {
      const n = Number(target.value);
      table.confirmThen(fill(H.confirm_target, { n }), () => table.send("options", { options: { target: n } }));
    });
    parts.push(el(table, "label", { class: "inline-field", dataset: { hostPower: "target" } }, H.target, target));
  }
  parts.push(el(table, "button", { type: "button", class: "button button--small button--danger", "data-action": "close-room", text: H.close,
    onclick: () => table.confirmThen(H.confirm_close, () => table.send("close_room")) }));
  box.replaceChildren(...parts);
}

// The time per move: confirmed, since everyone at the table is told of it.
export function confirmTimeLimit(table, value, revert) {
  const H = table.S.host;
  const limit = value ? fill(H.seconds, { seconds: value }) : H.no_limit;
  table.confirmThen(fill(H.confirm_time, { limit }), () => table.send("options", { time_limit: value ? Number(value) : null }));
  revert();
}
