"""Words that depend on who looks: the lobby offers "Back to the table" (not "Watch") on a full
room you sit in, and a touch screen shows no key hints ("Draw R", the Keys section) while a
desktop with a keyboard does."""

import pytest
from conftest import create_room, logged_in, shot, unique, wait_snapshot
from test_browser_layout import PHONE

from tests.live import make_users

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_lobby_sends_a_seated_player_back_to_the_table(server, browser, chromium_path):
    name = unique("seated")
    user = make_users(server.env, name)[name]
    code = create_room(server, name, "crazy_eights", bots=1, seat_count=2, is_public=True, start=True)
    context, table, _ = logged_in(browser, server, "", session=user["session"])
    table.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(table, "s => s.room.status === 'playing'")
    lobby = context.new_page()
    lobby.goto(f"{server.base}/lobby/")
    link = lobby.locator(f"#room-list a[href='/rooms/{code}/']")
    link.wait_for()
    assert link.inner_text() == "Back to the table"
    assert link.get_attribute("data-seated") == ""
    context.close()


@pytest.mark.parametrize("touch", [True, False])
def test_key_hints_only_where_there_is_a_keyboard(server, browser, chromium_path, touch):
    name = unique("touch")
    user = make_users(server.env, name)[name]
    code = create_room(server, name, "crazy_eights", bots=1, seat_count=2, start=True)
    context, page, _ = logged_in(
        browser, server, "", session=user["session"], viewport=PHONE if touch else (1280, 800), touch=touch
    )
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s => s.room.status === 'playing'")
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#draw kbd, .keys-help')]
             .map(e => getComputedStyle(e).display !== 'none')"""
    )
    assert shown and all(s is (not touch) for s in shown), shown
    shot(page, f"key-hints-{'touch' if touch else 'desktop'}")
    context.close()


def test_the_phone_header_shows_the_whole_room_name_beside_the_host_controls(server, browser, chromium_path):
    """The host of a waiting room has the host panel in the bar: the name keeps its own row."""
    name = unique("header")
    user = make_users(server.env, name)[name]
    code = create_room(server, name, "buraco")
    context, page, _ = logged_in(browser, server, "", session=user["session"], viewport=PHONE, touch=True)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s => s.you.host")
    page.locator("#host-panel:not([hidden])").wait_for()
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.table-bar h1, #room-status')]
             .filter(e => getComputedStyle(e).display !== 'none' && e.scrollWidth > e.clientWidth + 1)
             .map(e => `${e.textContent}: ${e.scrollWidth} > ${e.clientWidth}`)"""
    )
    assert cut == []
    shot(page, "phone-header-host")
    context.close()
