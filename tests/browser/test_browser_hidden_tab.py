"""A hidden tab says that the reader is wanted: their turn, an invitation by name.

Chromium's tab is never really hidden here: an init script makes `document.visibilityState` and
`document.hidden` read what the test says and dispatches `visibilitychange`, and stands a
recording `Notification` in for the system's (static/js/attention.js uses only its constructor,
`permission` and `requestPermission`).
"""

import pytest
from conftest import create_room, logged_in, my_turn_js, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

TAB_JS = """
window.tabHidden = false;
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get() { return window.tabHidden ? "hidden" : "visible"; } });
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get() { return window.tabHidden; } });
window.setTab = (hidden) => { window.tabHidden = hidden; document.dispatchEvent(new Event("visibilitychange")); };

window.notes = [];
window.asked = 0;
class RecordedNotification {
  constructor(title, options) { this.note = { title, ...options, open: true }; window.notes.push(this.note); }
  close() { this.note.open = false; }
  static requestPermission() { window.asked += 1; RecordedNotification.permission = "granted"; return Promise.resolve("granted"); }
}
RecordedNotification.permission = PERMISSION;
window.Notification = RecordedNotification;

// Every title the page takes, in order.
window.titles = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => window.titles.push(document.title))
    .observe(document.querySelector("title"), { childList: true, characterData: true, subtree: true });
});
"""


def hidden_tab_page(browser, server, name: str, language: str, permission: str):
    """A logged-in page whose tab the test hides and shows, with notifications `permission` ("default",
    "granted")."""
    context, page, _ = logged_in(browser, server, name)
    context.add_cookies([{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}])
    context.add_init_script(TAB_JS.replace("PERMISSION", repr(permission)))
    return context, page


def set_tab(page, hidden: bool) -> None:
    page.evaluate("(hidden) => window.setTab(hidden)", hidden)


def wait_my_turn_after(page, version: int) -> dict:
    return wait_snapshot(page, f"s.version > {version} && {my_turn_js()}", timeout=30000)


def play_any_move(page) -> int:
    """One legal move of the reader's, on their turn; returns the version it was made at."""
    snap = wait_snapshot(page, my_turn_js())
    page.evaluate("(move) => window.mesaTable.move(move)", snap["legal"][0])
    return snap["version"]


def notes(page) -> list[dict]:
    return page.evaluate("() => window.notes")


def test_a_hidden_tab_says_your_turn_until_it_is_shown_or_the_turn_passes(server, browser, chromium_path):
    name = unique("vez")
    context, page = hidden_tab_page(browser, server, name, "pt-br", "default")
    code = create_room(server, name, "rouba_monte", bots=3, start=True, time_limit=120)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, my_turn_js(), timeout=30000)
    own = page.title()
    assert own.endswith("· Rouba Monte · Mesa") and "Sua vez" not in own  # a visible tab's title stays as it is
    page.evaluate(
        "() => { const s = window.mesaTable.sound, play = s.play.bind(s); window.played = [];"
        " s.play = (kind, quiet) => { window.played.push(kind); return play(kind, quiet); }; }"
    )

    # Nothing was asked on load; the side panel's button asks, once.
    assert page.evaluate("() => window.asked") == 0
    ask = page.locator("[data-notify-ask]")
    assert ask.is_visible() and ask.inner_text() == "Avisar quando for a minha vez"
    ask.click()
    page.wait_for_selector("[data-notify-status]:not([hidden])")
    assert page.evaluate("() => window.asked") == 1 and ask.is_hidden()
    assert page.inner_text("[data-notify-status]").startswith("Notificações ligadas")

    # Hidden, the reader plays; the bots play; the turn comes back: the title says it, with a sound and a
    # notification.
    set_tab(page, True)
    version = play_any_move(page)
    wait_my_turn_after(page, version)
    page.wait_for_function("() => document.title.startsWith('(Sua vez) ')")
    assert page.title() == f"(Sua vez) {own}"
    assert "turn" in page.evaluate("() => window.played")
    (note,) = notes(page)
    assert (note["title"], note["body"], note["lang"], note["open"]) == ("Sua vez", own, "pt-br", True)
    assert note["icon"].endswith("/static/img/apple-touch-icon.png")

    # Still hidden: the turn passes and the title and the notification go with it, then come back with it.
    page.evaluate("() => { window.titles = []; }")
    version = play_any_move(page)
    wait_my_turn_after(page, version)
    page.wait_for_function("() => document.title.startsWith('(Sua vez) ')")
    assert page.evaluate("() => window.titles") == [own, f"(Sua vez) {own}"]
    first, second = notes(page)
    assert not first["open"] and second["open"]

    # Shown again: the room's title, no notification left.
    set_tab(page, False)
    assert page.title() == own
    assert not any(n["open"] for n in notes(page))
    context.close()


def test_an_invitation_in_a_hidden_tab_says_so_in_the_title(server, browser, chromium_path):
    host, guest = unique("ih"), unique("ig")
    host_context, host_page, _ = logged_in(browser, server, host)
    context, page = hidden_tab_page(browser, server, guest, "en", "granted")
    code = create_room(server, host, "crazy_eights", is_public=False)
    host_page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(host_page, "s.you.host")
    page.goto(server.base + "/leaderboards/")
    page.wait_for_selector("#site-notices[data-connection=online]", state="attached")
    own = page.title()
    set_tab(page, True)

    form = host_page.locator("[data-invite-form]")
    form.locator("input[name=username]").fill(guest)
    form.locator("button[type=submit]").click()
    page.locator("#site-notices [data-invitation]").wait_for(state="attached")
    assert page.title() == f"(Invitation) {own}"
    (note,) = notes(page)
    assert note["title"] == f"New invitation: {host} invites you to Crazy Eights."
    assert note["body"] == "Browser" and note["open"]

    set_tab(page, False)
    assert page.title() == own and not notes(page)[0]["open"]
    # No permission was asked for anywhere: the page had it already.
    assert page.evaluate("() => window.asked") == 0
    context.close()
    host_context.close()
