"""The host's powers end to end, each confirmed, each announced to the other person at the table
(two browser contexts: a phone with a touch screen and a desktop), and the closed-room banner."""

import pytest
from conftest import create_room, logged_in, shot, snapshot, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHONE = (390, 844)
DESKTOP = (1280, 800)


def open_side(page):
    """The side panel is a drawer on a phone: open it (the desktop shows it always)."""
    if page.is_visible("#side-toggle"):
        if page.get_attribute("#side-toggle", "aria-expanded") != "true":
            page.click("#side-toggle")


def close_side(page):
    if page.is_visible("#side-toggle") and page.get_attribute("#side-toggle", "aria-expanded") == "true":
        page.click("#side-close")


def power(page, selector: str):
    open_side(page)
    page.click(selector)
    page.wait_for_selector("#confirm:not([hidden])")
    text = page.inner_text("#confirm-text")
    page.click("#confirm-yes")
    close_side(page)
    return text


def told(page, code: str, words: str, logged: str | None = None) -> None:
    """The other person sees the notice, hears it in the live region and finds it in the log
    (``logged``: the log's words when the notice says more to this reader)."""
    page.wait_for_selector(f'[data-room-notice][data-event-code="{code}"]:not([hidden])')
    assert words in page.inner_text("[data-room-notice]")
    assert words.lower() in page.text_content("#announcer").lower()  # the live region may capitalise
    assert (logged or words) in page.text_content(f'#log li[data-room-event="{code}"]')


@pytest.mark.parametrize("host_on_phone", [False, True], ids=["host-desktop", "host-phone"])
def test_each_host_power_is_confirmed_and_announced_to_the_other_person(server, browser, chromium_path, host_on_phone):
    host, guest = unique("ana"), unique("bia")
    host_view = {"viewport": PHONE, "touch": True} if host_on_phone else {"viewport": DESKTOP}
    guest_view = {"viewport": DESKTOP} if host_on_phone else {"viewport": PHONE, "touch": True}
    ctx_a, page_a, _ = logged_in(browser, server, host, **host_view)
    ctx_b, page_b, _ = logged_in(browser, server, guest, **guest_view)
    code = create_room(server, host, "buraco", is_public=False)
    page_a.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page_a, "s.you.host")
    # The invite link is the first thing in the side panel, with its copy button.
    open_side(page_a)
    first = page_a.evaluate("() => document.querySelector('#side > section').getAttribute('aria-labelledby')")
    assert first == "invite-title" and page_a.is_visible("#copy-invite")
    close_side(page_a)
    page_b.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page_b, "s.you.seat === null")
    page_b.click('.seat[data-seat="1"] [data-action=sit]')
    wait_snapshot(page_a, "!!s.room.seats[1].user_id")

    # Swap seats 1 and 2 (seat numbers 2 and 3): the guest becomes the host's partner.
    open_side(page_a)
    page_a.select_option('[data-host-select="arrange-from"]', "1")
    page_a.select_option('[data-host-select="arrange-to"]', "2")
    shot(page_a, f"host-powers-{'phone' if host_on_phone else 'desktop'}")
    text = power(page_a, "[data-action=arrange]")
    assert guest in text and "seat 3" in text
    wait_snapshot(page_b, "s.you.seat === 2")
    told(page_b, "seat_moved", f"{host} moved {guest} from seat 2 to seat 3.")
    shot(page_b, f"host-power-notice-{'desktop' if host_on_phone else 'phone'}")

    # The target changes between matches.
    open_side(page_a)
    page_a.select_option('[data-host-select="target"]', "3000")
    page_a.click("#confirm-yes")
    close_side(page_a)
    told(page_b, "target_changed", "from 1500 to 3000 points")

    # The host role is handed over; the new host hands it back.
    open_side(page_a)
    page_a.select_option('[data-host-select="hand-host"]', "2")
    power(page_a, "[data-action=hand-host]")
    told(page_b, "host_changed", f"{host} handed the host role to {guest}.")
    wait_snapshot(page_b, "s.you.host")
    open_side(page_b)
    page_b.select_option('[data-host-select="hand-host"]', "0")
    power(page_b, "[data-action=hand-host]")
    wait_snapshot(page_a, "s.you.host")

    # The leave confirmation of a host says to whom the role passes.
    page_a.click('.seat[data-seat="0"] [data-action=leave]')
    page_a.wait_for_selector("#confirm:not([hidden])")
    assert f"hands the role to {guest}" in page_a.inner_text("#confirm-text")
    page_a.click("#confirm-no")

    # Removing the guest from the private room: they are told, and watch.
    open_side(page_a)
    page_a.select_option('[data-host-select="hand-host"]', "2")
    power(page_a, "[data-action=remove-person]")
    wait_snapshot(page_b, "s.you.seat === null")
    # In the second person everywhere they read it, the log too (the others read the third-person sentence).
    told(page_b, "removed_by_host", "The host removed you from seat 3.")
    assert guest not in page_b.text_content('#log li[data-room-event="removed_by_host"]')

    # Closing the room: the banner with the way to the lobby, and no longer "connected".
    power(page_a, "[data-action=close-room]")
    for page in (page_a, page_b):
        page.wait_for_selector("[data-room-closed]:not([hidden])")
        assert page.get_attribute("#table", "data-state") == "closed"
        assert "Connected" not in page.inner_text("#conn")
        assert page.get_attribute("[data-room-closed] a", "href").endswith("/lobby/")
    assert snapshot(page_b)["room"]["status"] == "closed"
    assert page_b.locator(".seat [data-action]").count() == 0  # no seat to take in a closed room
    shot(page_b, f"room-closed-{'desktop' if host_on_phone else 'phone'}")
    page_b.click("[data-room-closed] a")
    page_b.wait_for_url("**/lobby/")
    ctx_a.close()
    ctx_b.close()


def test_a_time_limit_change_mid_match_is_announced_to_the_other_person(server, browser, chromium_path):
    host, guest = unique("ana"), unique("bia")
    ctx_a, page_a, _ = logged_in(browser, server, host)
    ctx_b, page_b, _ = logged_in(browser, server, guest, viewport=PHONE, touch=True)
    code = create_room(server, host, "rouba_monte")
    page_a.goto(f"{server.base}/rooms/{code}/")
    page_b.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page_b, "s.you.seat === null")
    page_b.click('.seat[data-seat="2"] [data-action=sit]')
    wait_snapshot(page_a, "!!s.room.seats[2].user_id")
    page_a.click("[data-action=start]")
    wait_snapshot(page_b, "s.room.status === 'playing'")
    told(page_b, "match_started", f"{host} started match 1.")
    page_a.select_option("#time-limit", "45")
    assert "45 s per move" in page_a.inner_text("#confirm-text")
    page_a.click("#confirm-yes")
    told(page_b, "time_limit_changed", "to 45 s per move")
    ctx_a.close()
    ctx_b.close()
