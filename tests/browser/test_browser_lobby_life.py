"""The lobby shows life in Chromium: counts by each game, a table in play with a bot's seat to take, your rooms.

The lobby's public list never offers "Watch" on a room where you sit: it offers
"Back to the table" there (`data-seated`), while another reader sees the
room's "Take a bot's seat" and "Watch".
"""

import pytest

from tests.browser.conftest import create_room, logged_in, no_horizontal_scroll, shot, unique, wait_snapshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport,touch", [((1280, 800), False), ((390, 844), True)])
def test_the_lobby_lists_a_table_in_play_counts_it_and_never_offers_watching_your_own(browser, server, viewport, touch):
    host = unique("lh")
    host_context, host_page, _ = logged_in(browser, server, host)
    context, page, _ = logged_in(browser, server, unique("lv"), viewport=viewport, touch=touch)
    try:
        code = create_room(server, host, "buraco", bots=3, level="easy", start=True, time_limit=120)
        host_page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(host_page, "s.room.status === 'playing'")
        page.goto(server.base + "/lobby/")
        item = page.locator(f'#room-list [data-room-group="playing"] .room-item[data-code="{code}"]')
        item.wait_for()
        assert item.locator("[data-take-bot-seat]").inner_text() == "Take a bot's seat"
        assert item.locator("[data-watch]").inner_text() == "Watch"
        assert "3 bots' seats to take" in item.inner_text()
        count = page.locator('[data-game-count="buraco"]')
        page.wait_for_function("() => /1 playing/.test(document.querySelector('[data-game-count=buraco]').textContent)")
        assert "table in play" in count.inner_text() or "tables in play" in count.inner_text()
        assert "people online" in page.inner_text("#lobby-online")
        assert no_horizontal_scroll(page)
        shot(page, f"lobby_life_{viewport[0]}")

        lobby = host_context.new_page()  # the table stays open in the first tab: the room stays listed
        lobby.goto(server.base + "/lobby/")
        own = lobby.locator(f'#room-list .room-item[data-code="{code}"]')
        own.wait_for()
        assert own.locator("[data-seated]").inner_text() == "Back to the table"
        assert own.locator("[data-watch]").count() == 0 and own.locator("[data-take-bot-seat]").count() == 0
        assert lobby.locator(f'#my-rooms [data-my-room="{code}"]').count() == 1
    finally:
        context.close()
        host_context.close()
