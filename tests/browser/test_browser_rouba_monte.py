"""Sign up, create a room from the lobby, add three bots and play a whole Rouba Monte match with clicks.

At every turn the highlighted options must be exactly the snapshot's legal moves.
"""

import pytest
from conftest import (
    canon,
    highlighted_moves,
    my_turn_js,
    no_horizontal_scroll,
    result_at_both_sizes,
    snapshot,
    unique,
    wait_snapshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_sign_up_create_from_lobby_and_play_a_whole_match(server, browser, chromium_path):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce")
    context.add_cookies([{"name": "django_language", "value": "en", "domain": "127.0.0.1", "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(15000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    name = unique("rm")
    page.goto(server.base + "/accounts/signup/")
    page.fill("[name=username]", name)
    page.fill("[name=email]", f"{name}@example.com")
    page.fill("[name=password1]", "a-Strong-pass-123")
    page.fill("[name=password2]", "a-Strong-pass-123")
    page.click("form[action$='/signup/'] button[type=submit]")
    page.wait_for_load_state()

    page.goto(server.base + "/lobby/")
    page.select_option("#create-room [name=game]", "rouba_monte")
    assert page.is_hidden("[data-field=target]") and page.is_hidden("[data-field=variations]")
    page.fill("#create-room [name=name]", "Mesa do teste")
    page.click("#create-room button[type=submit]")
    page.wait_for_url("**/rooms/*/")
    wait_snapshot(page, "s.you.seat === 0 && s.you.host")

    for seat in (1, 2, 3):
        page.click(f'.seat[data-seat="{seat}"] [data-action=add-bot]')
        wait_snapshot(page, f"!!s.room.seats[{seat}].bot")
    assert page.locator(".seat .badge--bot").count() == 3
    page.click("[data-action=start]")
    wait_snapshot(page, "s.room.status === 'playing'")

    turns = 0
    while True:
        snap = wait_snapshot(page, f"s.room.status === 'match_over' || ({my_turn_js()})", timeout=30000)
        if snap["room"]["status"] == "match_over":
            break
        turns += 1
        assert canon(highlighted_moves(page)) == canon(snap["legal"]), f"turn {turns}"
        must = not any(m["type"] == "discard" for m in snap["legal"])
        assert (page.inner_text("#capture-note") != "") == must
        move = snap["legal"][0]
        if turns == 1:  # the first move with the keyboard: Enter picks the card, focus jumps to a target
            page.focus(f'#hand .card[data-card="{move["card"]}"]')
            page.keyboard.press("Enter")
            assert page.evaluate("() => document.activeElement.classList.contains('option')")
            offered = page.evaluate("() => JSON.parse(document.activeElement.dataset.moves)")
            if len(offered) == 1:
                page.keyboard.press("Enter")
                wait_snapshot(page, f"s.version > {snap['version']}")
                continue
            page.keyboard.press("Escape")
        page.click(f'#hand .card[data-card="{move["card"]}"]')
        if move["type"] == "capture":
            page.click(f'#centre [data-target="centre:{move["target"]}"]')
        elif move["type"] == "steal":
            page.click(f'.seat [data-target="pile:{move["from"]}:0"]')
        else:
            page.click("#discard")
        wait_snapshot(page, f"s.version > {snap['version']}")

    assert turns >= 5
    final = snapshot(page)
    assert final["room"]["match"]["seed"]
    page.wait_for_selector(".verify-link")
    assert page.locator("#history table tbody tr").count() == 1
    assert page.inner_text("#announcer").strip()
    assert no_horizontal_scroll(page)
    result_at_both_sizes(page, "rouba_monte_match_over")
    assert not errors, errors
    context.close()
