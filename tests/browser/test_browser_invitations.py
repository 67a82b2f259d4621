"""An invitation by name in Chromium: the host invites from the table's side panel; it arrives on another page.

The guest reads it in the header of whatever page they are on (here the
leaderboards, over the page's site socket), accepts it and lands at the table
in a seat; on a phone (390×844, touch) and a desktop (1280×800).
"""

import re

import pytest

from tests.browser.conftest import create_room, logged_in, no_horizontal_scroll, shot, unique, wait_snapshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport,touch", [((390, 844), True), ((1280, 800), False)])
def test_an_invitation_arrives_on_another_page_and_is_accepted(browser, server, viewport, touch):
    host, guest = unique("ih"), unique("ig")
    host_context, host_page, _ = logged_in(browser, server, host)
    context, page, _ = logged_in(browser, server, guest, viewport=viewport, touch=touch)
    try:
        code = create_room(server, host, "crazy_eights", is_public=False)
        host_page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(host_page, "s.you.host")
        page.goto(server.base + "/leaderboards/")
        page.wait_for_selector("#site-notices[data-connection=online]", state="attached")  # its socket is open

        form = host_page.locator("[data-invite-form]")
        form.locator("input[name=username]").fill(guest)
        form.locator("button[type=submit]").click()
        host_page.wait_for_function("() => document.querySelector('[data-invite-status]').textContent.length > 0")
        assert host_page.inner_text("[data-invite-status]") == "Invitation sent."
        shot(host_page, "invitation_host_form")

        notice = page.locator("#site-notices [data-invitation]")
        notice.wait_for()
        assert f"{host} invites you to Crazy Eights" in notice.inner_text()
        assert page.locator("#site-notices").is_visible() and no_horizontal_scroll(page)
        box = notice.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport[0]
        shot(page, f"invitation_{viewport[0]}")
        accept = notice.locator("[data-invite-accept]")
        if touch:
            accept.tap()
        else:
            accept.click()
        page.wait_for_url(re.compile(rf"/rooms/{code}/$"))
        snap = wait_snapshot(page, "s.you.seat !== null")
        assert snap["room"]["seats"][snap["you"]["seat"]]["name"] == guest
        assert "you have a seat at this table" in page.inner_text(".messages")
        assert page.locator("#site-notices [data-invitation]").count() == 0
    finally:
        context.close()
        host_context.close()
