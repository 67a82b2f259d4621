// Something wants the reader while their tab is hidden (their turn, an invitation by name): the tab's title
// says it first ("(Sua vez) Mesa 1 · Buraco · Mesa") and, only when the reader allowed it, a system
// notification does too. Both go when the tab is shown again or the cause passes (the turn moved on, the
// invitation was answered). docs/ui.md "Your turn in a hidden tab".
//
// The permission is asked only from the button `[data-notify-ask]` (the table's side panel), never on load;
// `[data-notify-status]` then says what the browser answered, in the words of its data attributes.

const calls = new Map(); // key -> { prefix, close }
let ownTitle = null; // the page's title while a call is shown in it

export function hidden() {
  return document.visibilityState === "hidden";
}

function paint() {
  if (!calls.size) {
    if (ownTitle !== null) document.title = ownTitle;
    ownTitle = null;
    return;
  }
  if (ownTitle === null) ownTitle = document.title;
  const prefixes = [...new Set([...calls.values()].map((c) => c.prefix))];
  document.title = `${prefixes.join(" ")} ${ownTitle}`;
}

function allowed() {
  return "Notification" in window && Notification.permission === "granted";
}

// A system notification, and how to take it back. Phones show one only through the service worker.
function notify(key, title, body) {
  const icon = document.querySelector('link[rel="apple-touch-icon"]');
  const options = {
    body: body || "",
    tag: `mesa:${key}`,
    lang: document.documentElement.lang,
    icon: icon ? icon.href : undefined,
    data: { url: location.href },
  };
  try {
    const note = new Notification(title, options);
    note.onclick = () => { window.focus(); note.close(); };
    return () => note.close();
  } catch (e) {
    if (!navigator.serviceWorker) return () => {};
    navigator.serviceWorker.ready.then((r) => r.showNotification(title, options)).catch(() => {});
    return () => navigator.serviceWorker.ready
      .then((r) => r.getNotifications({ tag: options.tag }))
      .then((notes) => notes.forEach((n) => n.close()))
      .catch(() => {});
  }
}

// Only while the tab is hidden: a call made in a visible tab does nothing (the page itself shows it).
// `prefix` goes before the title; `title` and `body` are the notification's.
export function callAttention(key, { prefix, title, body }) {
  if (!hidden()) return false;
  dropAttention(key);
  const entry = { prefix, close: null };
  calls.set(key, entry);
  paint();
  if (allowed()) {
    try { entry.close = notify(key, title, body); } catch (e) { /* no notification here: the title says it */ }
  }
  return true;
}

export function dropAttention(key) {
  const entry = calls.get(key);
  if (!entry) return;
  calls.delete(key);
  if (entry.close) entry.close();
  paint();
}

document.addEventListener("visibilitychange", () => {
  if (!hidden()) [...calls.keys()].forEach(dropAttention);
});

// The button that asks for the permission: shown only while the browser has not been answered.
function offer(button, status) {
  if (!("Notification" in window)) return; // the button stays hidden: nothing to allow here
  const paintAsk = () => {
    const permission = Notification.permission;
    button.hidden = permission !== "default";
    const words = permission === "granted" ? status.dataset.on : permission === "denied" ? status.dataset.blocked : "";
    status.textContent = words || "";
    status.hidden = !words;
  };
  paintAsk();
  button.addEventListener("click", () => {
    button.disabled = true;
    Promise.resolve()
      .then(() => Notification.requestPermission())
      .catch(() => {})
      .then(() => { button.disabled = false; paintAsk(); });
  });
}

const ask = document.querySelector("[data-notify-ask]");
const askStatus = document.querySelector("[data-notify-status]");
if (ask && askStatus) offer(ask, askStatus);
