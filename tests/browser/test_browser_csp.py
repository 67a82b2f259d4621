"""The Content-Security-Policy blocks nothing of ours: every page works with script-src 'self'.

Each page is opened in Chromium with a listener for `securitypolicyviolation`
installed before any script runs; the table of every game is played a little
(cards drawn by the scripts) and the verify page of a finished match re-deals
it. No violation may be reported.
"""

import pytest
from conftest import create_rooms, logged_in, unique, wait_snapshot

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def _violations(page) -> list[str]:
    return page.evaluate("() => window.__cspViolations")


def test_no_page_breaks_the_policy(server, browser, chromium_path):
    name = unique("csp")
    context, page, _ = logged_in(browser, server, name)
    context.add_init_script(RECORD_VIOLATIONS)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    codes = create_rooms(
        server,
        name,
        [
            {"game": "rouba_monte", "bots": 1, "start": True},
            {"game": "stealing_bundles", "bots": 1, "seat_count": 2, "start": True},
            {"game": "crazy_eights", "bots": 2, "seat_count": 3, "start": True},
            {"game": "buraco", "bots": 3, "start": True},
        ],
    )
    for code in codes:
        page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(page, "s.room.status === 'playing' && !!s.view")
        page.wait_for_selector(".card")
        assert _violations(page) == [], code
    for path in ("/", "/lobby/", "/accounts/profile/", "/rules/crazy_eights/", "/admin/login/"):
        page.goto(server.base + path)
        page.wait_for_load_state("load")
        assert _violations(page) == [], path
    # The lobby's live list, the language switcher and the log-out form run their scripts.
    page.goto(server.base + "/lobby/")
    page.wait_for_function("() => document.querySelector('#create-room [name=game]') !== null")
    assert page.evaluate("() => document.readyState") == "complete"
    assert _violations(page) == [] and errors == [], errors
    # Staff pages: the admin's lists and forms.
    manage_shell(
        server.env,
        f"from accounts.models import User\nUser.objects.filter(username={name!r}).update(is_staff=True, is_superuser=True)\n",
    )
    for path in ("/admin/", "/admin/rooms/room/", "/admin/rooms/match/", "/admin/rooms/hand/", "/admin/accounts/user/"):
        page.goto(server.base + path)
        page.wait_for_load_state("load")
        assert _violations(page) == [], path
    # The listener does see a violation: an inline script is refused and reported.
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1'; document.body.append(s); }"
    )
    page.wait_for_function("() => window.__cspViolations.length > 0")
    assert page.evaluate("() => window.ran") is None
    assert _violations(page)[0].startswith("script-src")
    context.close()
