"""'Jogar agora' in Chromium: two people at the same table, one alone starting with bots, a bot seat in play.

The test server's quick-play wait is 8 s (tests/browser/conftest.py). Two
presses land at the same table whether the second comes before the wait ends
(a seat in the waiting room) or after (the bot's seat reserved in that room).
"""

import re

import pytest

from tests.browser.conftest import create_room, logged_in, shot, unique, wait_snapshot

pytestmark = pytest.mark.browser


def press(page, base: str, game: str, rated: bool = True, where: str = "/lobby/") -> str:
    page.goto(base + where)
    form = page.locator(f'form[data-play-now="{game}"]')
    box = form.locator('input[name="rated"]')
    if box.is_checked() != rated:
        box.click()
    form.locator('button[type="submit"]').click()
    page.wait_for_url(re.compile(r"/rooms/[^/]+/$"))
    return page.url


def test_two_people_press_play_now_for_rouba_monte_and_sit_at_the_same_table(browser, server):
    desk, desk_page, _ = logged_in(browser, server, unique("pa"))
    phone, phone_page, _ = logged_in(browser, server, unique("pb"), viewport=(390, 844), touch=True)
    try:
        first = press(desk_page, server.base, "rouba_monte", where="/")
        second = press(phone_page, server.base, "rouba_monte")
        assert first == second
        snap = wait_snapshot(phone_page, "s.you.seat !== null || s.room.seats.some((x) => x.reserved_by)")
        names = [x["name"] for x in snap["room"]["seats"] if x.get("name")]
        assert len(names) >= 2 or any(x.get("reserved_by") for x in snap["room"]["seats"])
        shot(phone_page, "play-now-two-people-phone")
        shot(desk_page, "play-now-two-people-desktop")
    finally:
        desk.close()
        phone.close()


@pytest.mark.parametrize("viewport,touch", [((1280, 800), False), ((390, 844), True)])
def test_one_person_alone_sees_the_countdown_and_the_match_starts_with_bots(browser, server, viewport, touch):
    game = "stealing_bundles" if touch else "buraco"
    context, page, _ = logged_in(browser, server, unique("pc"), viewport=viewport, touch=touch)
    try:
        press(page, server.base, game, rated=False)
        timer = page.locator("#note-banner")
        timer.wait_for(state="visible")
        assert re.search(r"Starting with bots in \d+ s", timer.inner_text())
        assert page.locator('#host-controls [data-action="start"]').inner_text() == "Start now"
        shot(page, f"play-now-countdown-{viewport[0]}")
        snap = wait_snapshot(page, "s.room.status !== 'waiting'", timeout=60000)
        bots = [x for x in snap["room"]["seats"] if x.get("bot")]
        assert bots and snap["room"]["status"] in ("playing", "hand_over", "match_over")
    finally:
        context.close()


def test_a_press_while_a_buraco_match_with_a_bot_runs_reserves_the_seat_and_says_when(browser, server):
    host = unique("ph")
    host_context, host_page, _ = logged_in(browser, server, host)
    context, page, _ = logged_in(browser, server, unique("pr"), viewport=(390, 844), touch=True)
    try:
        code = create_room(server, host, "buraco", bots=3, level="easy", start=True, time_limit=120, rated=True)
        host_page.goto(f"{server.base}/rooms/{code}/")  # a connected person: the room is listed
        wait_snapshot(host_page, "s.room.status === 'playing'")
        url = press(page, server.base, "buraco", rated=True)
        assert url.endswith(f"/rooms/{code}/")
        wait_snapshot(page, "s.room.seats.some((x) => x.reserved_by)")
        banner = page.locator("#note-banner")
        banner.wait_for(state="visible")
        assert "reserved for you" in banner.inner_text() and "next hand" in banner.inner_text().lower()
        shot(page, "play-now-reserved-phone")
    finally:
        context.close()
        host_context.close()
