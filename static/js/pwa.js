// Registers the site's service worker (served as /sw.js from the root: config/pwa.py, docs/ui.md "Installing
// the site") once the page has loaded, and tells it the page's language so that the offline page it keeps
// reads in the reader's language. The site works the same without it.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  var url = script.dataset.worker;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "language", lang: document.documentElement.lang });
    }).catch(function () { /* no worker (a private window, an old browser): the pages work as before */ });
  });
})();
