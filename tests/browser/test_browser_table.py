"""What every table does: private hands between two people, reconnection, and layout on phone and desktop."""

import re

import pytest
from conftest import (
    create_room,
    create_rooms,
    logged_in,
    my_turn_js,
    no_horizontal_scroll,
    outside_viewport,
    shot,
    snapshot,
    unique,
    wait_snapshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHONE = (360, 740)
DESKTOP = (1280, 800)


def cards_in_dom(page) -> set[str]:
    return set(re.findall(r'data-card="(\w\w)"', page.content()))


def test_two_people_each_see_only_their_own_hand(server, browser, chromium_path):
    host, guest = unique("ana"), unique("bia")
    ctx_a, page_a, _ = logged_in(browser, server, host)
    ctx_b, page_b, _ = logged_in(browser, server, guest, viewport=PHONE)
    code = create_room(server, host, "rouba_monte")
    page_a.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page_a, "s.you.host")
    # The guest arrives by the invite link and sits down.
    invite = page_a.input_value("#invite-link")
    assert invite.endswith(f"/rooms/{code}/")
    page_b.goto(invite)
    wait_snapshot(page_b, "s.you.seat === null")
    # A spectator is told so, and has no hand and no action buttons.
    assert "watching" in page_b.inner_text("#note-banner")
    assert page_b.is_hidden("[data-actions]") and page_b.is_hidden("[data-hand]")
    page_b.click('.seat[data-seat="2"] [data-action=sit]')
    wait_snapshot(page_b, "s.you.seat === 2")
    wait_snapshot(page_a, "!!s.room.seats[2].user_id")
    for seat in (1, 3):
        page_a.click(f'.seat[data-seat="{seat}"] [data-action=add-bot]')
        wait_snapshot(page_a, f"!!s.room.seats[{seat}].bot")
    page_a.click("[data-action=start]")
    # Bots play until a person must move; then the table stands still and both pages agree.
    people_turn = "s.room.status === 'playing' && (s.room.seats[0].turn || s.room.seats[2].turn)"
    snap_a = wait_snapshot(page_a, people_turn)
    snap_b = wait_snapshot(page_b, f"s.version === {snap_a['version']}")
    hand_a, hand_b = set(snap_a["view"]["hand"]), set(snap_b["view"]["hand"])
    assert hand_a and hand_b and not hand_a & hand_b
    page_a.wait_for_selector("#hand .card")
    page_b.wait_for_selector("#hand .card")
    in_a, in_b = cards_in_dom(page_a), cards_in_dom(page_b)
    assert hand_a <= in_a and not hand_b & in_a
    assert hand_b <= in_b and not hand_a & in_b
    # Nothing in the page's data either (the snapshot a page holds is its own).
    # (as whole string values: a room code or a name may contain "9H" by chance)
    assert not any(f"'{c}'" in str(snapshot(page_a)) for c in hand_b - set(snap_a["view"]["centre"]))
    assert not any(f"'{c}'" in str(snapshot(page_b)) for c in hand_a - set(snap_b["view"]["centre"]))
    # Each sees the other as a person, connected, with a card count; bots carry the badge.
    assert page_a.locator('.seat[data-seat="2"] .dot--on').count() == 1
    assert page_b.locator(".seat .badge--bot").count() == 2
    # The host pauses: both tables show the banner; the time limit changes for everyone.
    page_a.click("#host-controls [data-action=pause]")
    page_b.wait_for_selector("#paused-banner:not([hidden])")
    page_a.select_option("#time-limit", "30")
    page_a.click("#confirm-yes")  # everyone is told of it, so the host confirms it first
    wait_snapshot(page_b, "s.room.time_limit === 30")
    page_b.wait_for_selector('#log li[data-room-event="time_limit_changed"]', state="attached")
    page_a.click("#host-controls [data-action=resume]")
    page_b.wait_for_selector("#paused-banner", state="hidden")
    assert page_b.is_hidden("#host-panel")  # the guest has no host controls
    # Leaving the seat during a match asks first; "Cancel" keeps it.
    page_b.click('.seat[data-seat="2"] [data-action=leave]')
    page_b.wait_for_selector("#confirm:not([hidden])")
    assert "Leave your seat?" in page_b.inner_text("#confirm-text")
    page_b.click("#confirm-no")
    page_b.wait_for_selector("#confirm", state="hidden")
    assert snapshot(page_b)["you"]["seat"] == 2
    ctx_a.close()
    ctx_b.close()


def test_a_dropped_connection_shows_reconnecting_and_the_table_comes_back(server, browser, chromium_path):
    name = unique("rec")
    context, page, _ = logged_in(browser, server, name)
    code = create_room(server, name, "rouba_monte", bots=3, start=True)
    page.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(page, my_turn_js())
    version = snap["version"]
    context.set_offline(True)
    page.evaluate("() => window.mesaTable.drop()")
    page.wait_for_selector("#reconnect-banner:not([hidden])")
    # The browser knows it is offline: the page says so at once (test_browser_connection.py has the rest).
    assert page.get_attribute("#conn", "data-connection") == "offline"
    assert page.inner_text("#conn") == "Offline"
    # A move made while offline is refused on screen, not lost silently.
    move = snap["legal"][0]
    page.click(f'#hand .card[data-card="{move["card"]}"]')
    page.click(".option[data-moves]")
    page.wait_for_selector("#error-banner:not([hidden])")
    assert "offline" in page.inner_text("#error-banner").lower()
    page.wait_for_timeout(1200)  # a retry or two fail while the network is down
    assert page.is_visible("#reconnect-banner")
    context.set_offline(False)
    page.wait_for_selector("#reconnect-banner", state="hidden", timeout=20000)
    back = wait_snapshot(page, "document.getElementById('table').dataset.state === 'online'")
    assert back["version"] == version  # the offline move changed nothing
    page.wait_for_selector("#hand .card.playable")
    page.click(f'#hand .card[data-card="{move["card"]}"]')
    page.click(".option[data-moves]")
    wait_snapshot(page, f"s.version > {version}")
    context.close()


def test_lobby_and_tables_fit_phone_and_desktop(server, browser, chromium_path):
    name = unique("lay")
    context, page, _ = logged_in(browser, server, name, viewport=PHONE)
    games = ["rouba_monte", "stealing_bundles", "crazy_eights", "buraco"]
    specs = [
        {"game": "rouba_monte", "bots": 3, "start": True},
        {"game": "stealing_bundles", "bots": 2, "seat_count": 3, "start": True},
        {"game": "crazy_eights", "bots": 3, "start": True, "time_limit": 120},
        {"game": "buraco", "bots": 3, "start": True},
    ]
    rooms = dict(zip(games, create_rooms(server, name, specs), strict=True))
    # The lobby lists public rooms where somebody is connected: a second tab sits at the tables.
    keeper = context.new_page()
    keeper.goto(f"{server.base}/rooms/{rooms['rouba_monte']}/")
    wait_snapshot(keeper, "!!s.view")
    page.goto(f"{server.base}/lobby/")
    page.wait_for_selector(f'#room-list .room-item[data-code="{rooms["rouba_monte"]}"]')
    keeper.goto(f"{server.base}/rooms/{rooms['buraco']}/")  # the list follows live
    page.wait_for_selector(f'#room-list .room-item[data-code="{rooms["buraco"]}"]')
    page.select_option("#game-filter", "buraco")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#room-list .room-item')].every(e => e.textContent.includes('Buraco'))"
    )
    page.select_option("#game-filter", "")
    page.select_option("#create-room [name=game]", "stealing_bundles")
    assert page.is_visible("[data-field=variations]") and page.is_visible("[data-field=seat_count]")
    page.select_option("#create-room [name=game]", "buraco")
    assert page.is_visible("[data-field=target]") and page.is_hidden("[data-field=variations]")
    page.select_option("#create-room [name=game]", "rouba_monte")
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(f"{server.base}/lobby/")
        page.wait_for_selector("#room-list .room-item")
        assert no_horizontal_scroll(page), label
        shot(page, f"lobby_{label}")
    for game, code in rooms.items():
        page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(page, "s.room.status === 'playing' && !!s.view")
        if game != "buraco":
            snap = wait_snapshot(page, my_turn_js())
            # Lift a card that has a move, so that the pictures show the highlighted options.
            card = snap["legal"][0].get("card")
            if card:
                page.click(f'#hand .card[data-card="{card}"]')
        for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_timeout(200)
            assert no_horizontal_scroll(page), (game, label)
            assert page.locator(".seat .badge--bot").count() >= 2
    context.close()


def test_a_person_who_sits_mid_match_is_told_when_they_play(server, browser, chromium_path):
    host, guest = unique("mid"), unique("joi")
    ctx_h, page_h, _ = logged_in(browser, server, host)
    ctx_g, page_g, _ = logged_in(browser, server, guest, viewport=PHONE)
    code = create_room(server, host, "rouba_monte", bots=1, start=True)
    page_h.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page_h, "s.room.status === 'playing'")
    page_g.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page_g, "s.you.seat === null && s.room.status === 'playing'")
    page_g.click('.seat[data-seat="2"] [data-action=sit]')
    wait_snapshot(page_g, "s.you.seat === 2")
    # Seated, not dealt in: the page says from when, and shows no hand and no buttons.
    page_g.wait_for_function("() => document.getElementById('note-banner').textContent.includes('next match')")
    assert page_g.is_hidden("[data-actions]") and page_g.is_hidden("[data-hand]")
    assert not outside_viewport(page_g, "[data-seat]", "[data-felt]")
    ctx_g.close()
    ctx_h.close()
