"""The site can be installed: Chromium finds nothing missing, and without a network a page says so.

Chromium's own verdict comes from the DevTools protocol (`Page.getInstallabilityErrors`): the
manifest, its icons, the service worker with a fetch handler. Then the network goes and a
navigation shows the offline page the worker keeps, in the reader's language.
"""

import pytest
from conftest import CHROMIUM_ARGS, unique

from tests.live import make_users

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WORDS = {"pt-br": ("A conexão caiu", "Tentar de novo"), "en": ("The connection is gone", "Try again")}


def profile_context(browser, server, chromium_path: str, profile, language: str):
    """A phone-sized Chromium with a profile on disk, a new user logged in.

    Chromium installs nothing from an incognito profile ("in-incognito"), and every context
    `browser.new_context()` makes is one: the check needs a profile of its own."""
    name = unique("app")
    session = make_users(server.env, name)[name]["session"]
    context = browser.browser_type.launch_persistent_context(
        str(profile),
        executable_path=chromium_path,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        locale="en-US",
    )
    context.add_cookies(
        [
            {"name": "sessionid", "value": session, "domain": "127.0.0.1", "path": "/"},
            {"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"},
        ]
    )
    context.set_default_timeout(15000)
    return context


def installability_errors(page) -> list[dict]:
    cdp = page.context.new_cdp_session(page)
    try:
        return cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    finally:
        cdp.detach()


def wait_for_worker(page) -> None:
    """Until the service worker is active and controls the page. (`wait_for_function` does not wait
    for a promise: `evaluate` does.)"""
    assert page.evaluate("() => navigator.serviceWorker.ready.then((r) => !!r.active)")
    page.wait_for_function("() => !!navigator.serviceWorker.controller")


def offline_page_shown(page, base: str, language: str) -> None:
    """Offline, a navigation to the lobby shows the kept offline page there, styled, in ``language``;
    nothing of the lobby comes from the worker's cache."""
    page.goto(base + "/lobby/")
    heading, retry = WORDS[language]
    assert page.locator("[data-offline-page] h1").inner_text() == heading
    assert page.url == base + "/lobby/"
    assert page.locator("html").get_attribute("lang") == language
    header = "getComputedStyle(document.querySelector('.site-header')).backgroundColor"
    assert page.evaluate(header) == "rgb(15, 107, 69)"  # site.css, kept with the page
    assert page.locator("[data-offline-retry]").inner_text() == retry
    assert page.locator("#room-list").count() == 0


# The language of the offline page the worker keeps, once it is `lang` (or null after five seconds).
KEPT_LANGUAGE_JS = """async (lang) => {
  const kept = async () => {
    for (const name of await caches.keys()) {
      const page = await (await caches.open(name)).match("/offline/");
      if (page) return page.headers.get("Content-Language");
    }
    return null;
  };
  for (let i = 0; i < 50; i += 1) {
    if (await kept() === lang) return lang;
    await new Promise((done) => setTimeout(done, 100));
  }
  return kept();
}"""


def test_the_site_installs_and_says_when_the_network_is_gone(server, browser, chromium_path, tmp_path):
    context = profile_context(browser, server, chromium_path, tmp_path / "profile", "pt-br")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        page.goto(server.base + "/")
        assert page.locator('link[rel="manifest"]').get_attribute("href") == "/manifest.webmanifest"
        assert page.locator('meta[name="theme-color"]').get_attribute("content") == "#0f6b45"
        wait_for_worker(page)
        assert installability_errors(page) == []

        # The files a browser asks for by themselves.
        for path, kind in (("/favicon.ico", "image/x-icon"), ("/manifest.webmanifest", "application/manifest+json")):
            response = page.request.get(server.base + path)
            assert response.status == 200, path
            assert response.headers["content-type"] == kind, path
        manifest = page.request.get(server.base + "/manifest.webmanifest").json()
        assert (manifest["name"], manifest["short_name"], manifest["lang"]) == ("Mesa", "Mesa", "pt-BR")
        assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
        assert (manifest["theme_color"], manifest["background_color"]) == ("#0f6b45", "#f6f7f5")
        assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}
        for icon in manifest["icons"]:
            assert page.request.get(server.base + icon["src"]).status == 200, icon

        context.set_offline(True)
        offline_page_shown(page, server.base, "pt-br")
        # Back online, "Tentar de novo" brings the page asked for.
        context.set_offline(False)
        page.click("[data-offline-retry]")
        page.wait_for_selector("#room-list", state="attached")
        assert page.url == server.base + "/lobby/"

        # The reader switches to English: the next page tells the worker, which keeps the English page.
        context.add_cookies([{"name": "django_language", "value": "en", "domain": "127.0.0.1", "path": "/"}])
        page.goto(server.base + "/")
        assert page.evaluate(KEPT_LANGUAGE_JS, "en") == "en"
        context.set_offline(True)
        offline_page_shown(page, server.base, "en")
        context.set_offline(False)
        assert errors == []
    finally:
        context.close()
