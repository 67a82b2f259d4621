"""Table talk in the browser: a quick phrase sent by one person shows on both pages, each in its language."""

import pytest
from conftest import create_room, logged_in, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_quick_phrase_reaches_both_pages_and_markup_stays_text(server, browser):
    host, guest = unique("ana"), unique("bia")
    ctx_a, page_a, _ = logged_in(browser, server, host)
    ctx_b, page_b, _ = logged_in(browser, server, guest)
    code = create_room(server, host, "rouba_monte")
    for page in (page_a, page_b):
        page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(page, "true")
    page_a.click('#chat-quick [data-phrase="good_luck"]')
    for page in (page_a, page_b):
        page.wait_for_selector("#chat-list .chat__msg .chat__text")
    shown = page_b.inner_text("#chat-list")
    assert f"{host}: Good luck" in shown
    page_b.fill("#chat-text", "<img src=x onerror=window.hacked=1>")
    page_b.click("#chat-form [type=submit]")
    page_a.wait_for_function("() => document.querySelectorAll('#chat-list .chat__msg').length === 2")
    assert "<img src=x" in page_a.inner_text("#chat-list")
    assert page_a.evaluate("() => document.querySelectorAll('#chat-list img').length") == 0
    assert page_a.evaluate("() => window.hacked") is None
    # A reload brings the history with the first snapshot.
    page_b.reload()
    page_b.wait_for_function("() => document.querySelectorAll('#chat-list .chat__msg').length === 2")
    ctx_a.close()
    ctx_b.close()
