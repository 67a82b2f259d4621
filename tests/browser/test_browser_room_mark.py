"""Rated or casual, in the browser: the live lobby list marks each room, and so do the table's header and its
Room block (the one shown on a phone, in the drawer)."""

import pytest
from conftest import create_rooms, logged_in, no_horizontal_scroll, shot, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_lobby_and_the_table_mark_rated_and_casual_rooms(server, browser):
    host, guest = unique("gil"), unique("hel")
    ctx_a, page_a, _ = logged_in(browser, server, host)
    ctx_b, page_b, _ = logged_in(browser, server, guest, viewport=(390, 844), touch=True)
    rated, casual = create_rooms(
        server, host, [{"game": "crazy_eights", "is_public": True}, {"game": "rouba_monte", "rated": False}]
    )
    # A public room is listed while somebody is connected to it.
    page_a.goto(f"{server.base}/rooms/{rated}/")
    wait_snapshot(page_a, "true")
    assert page_a.inner_text(".table-bar .room-mark") == "Rated"
    page_b.goto(f"{server.base}/lobby/")
    item = page_b.locator(f'#room-list [data-code="{rated}"] .room-item__facts')
    item.wait_for()
    assert "Rated" in item.inner_text().split(" · ")
    page_b.goto(f"{server.base}/rooms/{casual}/")
    wait_snapshot(page_b, "true")
    # On the phone the header keeps its width for the room's name; the drawer's Room block says it.
    assert page_b.locator(".table-bar .room-mark").is_hidden()
    page_b.tap("#side-toggle")
    mark = page_b.locator("#side .room-mark")
    mark.scroll_into_view_if_needed()
    assert mark.inner_text() == "Casual" and mark.is_visible()
    box = mark.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert no_horizontal_scroll(page_b)
    shot(page_b, "table_casual_phone")
    ctx_a.close()
    ctx_b.close()
