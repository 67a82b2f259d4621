"""The table's banners on a phone (390x844, touch): the room paused by the site's staff, and a
tab over the account's socket cap for the room (close code 4409). Each is inside the viewport,
says what to do, and the second stays: the table does not come back by itself."""

import pytest
from conftest import create_room, logged_in, outside_viewport, unique, wait_snapshot
from test_browser_layout import PHONE

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STAFF_PAUSE = """
from rooms import services
from rooms.models import Room
print("PAUSED", services.staff_pause(Room.objects.get(code={code!r}).id))
"""


def phone(browser, server, session: str):
    context, page, _user = logged_in(browser, server, "", viewport=PHONE, session=session, touch=True)
    return context, page


def test_the_staff_pause_banner_says_so_on_a_phone(server, browser, chromium_path):
    name = unique("staff")
    user = make_users(server.env, name)[name]
    context, page = phone(browser, server, user["session"])
    code = create_room(server, name, "crazy_eights", bots=3, start=True, time_limit=60)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.status === 'playing' && !s.room.paused")
    assert "PAUSED True" in manage_shell(server.env, STAFF_PAUSE.format(code=code))
    snap = wait_snapshot(page, "s.room.paused && s.room.pause_reason === 'staff'")
    page.wait_for_selector("#paused-banner:not([hidden])")
    text = page.inner_text("#paused-banner")
    assert text.startswith("The site's staff paused this room"), text
    assert "Stay here or come back later" in text and "only the staff can resume it" in text
    assert not outside_viewport(page, "#paused-banner")
    # The clock is frozen, with the time that was left.
    assert snap["room"]["deadline_left"] is not None
    context.close()


def test_a_tab_over_the_socket_cap_says_to_close_one_on_a_phone(server, browser, chromium_path):
    name = unique("tabs")
    user = make_users(server.env, name)[name]
    context, page = phone(browser, server, user["session"])
    code = create_room(server, name, "rouba_monte", bots=3)
    cap = int(server.env.get("MESA_SOCKETS_PER_ROOM", "5"))
    # The account's other tabs on this room, each connected (a snapshot drawn).
    others = [context.new_page() for _ in range(cap)]
    for tab in others:
        tab.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(tab, "!!s.room")
    page.clock.install()
    page.goto(f"{server.base}/rooms/{code}/")
    page.wait_for_selector("#table[data-state=closed]")
    page.wait_for_selector("#error-banner:not([hidden])")
    text = page.inner_text("#error-banner")
    assert text == "This account has too many tabs open; close one and reload this page.", text
    assert not outside_viewport(page, "#error-banner")
    # It stays (a passing error goes after six seconds), and the page does not try again.
    page.clock.run_for(60_000)
    assert page.is_visible("#error-banner")
    assert page.get_attribute("#table", "data-state") == "closed"
    # Once a tab is closed, reloading this one brings the table.
    others.pop().close()
    page.reload()
    wait_snapshot(page, "!!s.room")
    assert page.is_hidden("#error-banner")
    context.close()
