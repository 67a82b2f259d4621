// The site's service worker, served as /sw.js (config/pwa.py) so that it answers every page of the site.
// It keeps one page, the offline page, with the two files it needs to look like the site, and shows it when a
// page cannot be reached. Nothing else is kept or answered from a cache: tables, the lobby and every answer
// of the server are live, so a page either comes from the server or says that the connection is gone. The
// sockets never pass through here. It also brings a notification's tab to the front (static/js/attention.js).
//
// config/pwa.py puts one line before this file: self.MESA_OFFLINE = { page, assets, version }.

const { page: OFFLINE_PAGE, assets: ASSETS, version: VERSION } = self.MESA_OFFLINE;
const PREFIX = "mesa-offline-";
const CACHE = PREFIX + VERSION;

// The page is fetched with the reader's cookies, so it comes in their language; it holds nothing else of
// theirs (config/pwa.py renders it without the request).
function keep(cache) {
  return cache.addAll([OFFLINE_PAGE, ...ASSETS]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then(keep).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    // Pages start loading while the worker wakes up instead of waiting for it.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

async function offlinePage() {
  const cache = await caches.open(CACHE);
  return (await cache.match(OFFLINE_PAGE)) || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith((async () => {
      try {
        return (await event.preloadResponse) || (await fetch(request));
      } catch (e) {
        return offlinePage();
      }
    })());
    return;
  }
  // The offline page's stylesheet and logo: from the network as usual, from the cache only without one.
  const url = new URL(request.url);
  if (url.origin === self.location.origin && ASSETS.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname, { cacheName: CACHE })) || Response.error()));
  }
  // Everything else is not touched: the browser fetches it as if there were no worker.
});

// Each page says its language (static/js/pwa.js): the offline page is fetched again when the kept one is in
// another (the reader switched languages since the worker was installed).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "language" || typeof data.lang !== "string") return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(OFFLINE_PAGE);
    if (kept && (kept.headers.get("Content-Language") || "").toLowerCase() === data.lang.toLowerCase()) return;
    const fresh = await fetch(OFFLINE_PAGE, { credentials: "same-origin" });
    if (fresh.ok) await cache.put(OFFLINE_PAGE, fresh);
  })().catch(() => {}));
});

// A notification shown through the worker (phones show no other kind) brings its page to the front.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((w) => w.url === target) || windows.find((w) => new URL(w.url).pathname === new URL(target, self.location.origin).pathname);
    if (open) return open.focus();
    return self.clients.openWindow(target);
  })());
});
