"""Table talk on a 390x844 touch phone: the shut drawer's toggle counts new messages, the drawer opens, the
quick phrases fit, a message goes out with the field in view above the docked hand, and closing the drawer
gives the table back."""

import pytest
from conftest import create_room, logged_in, no_horizontal_scroll, shot, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHONE = (390, 844)

# Every box of the chat lies inside the window's width: nothing to scroll sideways to.
CHAT_OVERFLOW_JS = """() => [...document.querySelectorAll('#chat, #chat *')].map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1))
  .map(([e, r]) => `${e.tagName}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`)"""

ROW_FITS_JS = (
    """() => { const q = document.getElementById('chat-quick'); return q.scrollWidth <= q.clientWidth + 1; }"""
)

# The element at the field's centre is the field itself: no docked hand or bar lies over it.
FIELD_ON_TOP_JS = """() => {
  const input = document.getElementById('chat-text');
  const r = input.getBoundingClientRect();
  const inside = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  return inside && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === input;
}"""


def test_the_chat_drawer_on_a_phone(server, browser):
    host, friend = unique("fon"), unique("amigo")
    ctx, page, _ = logged_in(browser, server, host, viewport=PHONE, touch=True)
    ctx_f, page_f, _ = logged_in(browser, server, friend)
    code = create_room(server, host, "crazy_eights", bots=3, start=True)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.status === 'playing'")
    page.wait_for_selector("#hand .card")
    assert page.is_hidden("#side")
    # A message from someone watching, while the drawer is shut: its toggle counts it.
    page_f.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page_f, "true")
    page_f.click('#chat-quick [data-phrase="good_luck"]')
    page.wait_for_selector("#side-toggle .chat-unread:not([hidden])")
    assert page.inner_text("#side-toggle .chat-unread") == "1"
    shot(page, "chat_phone_unread")
    page.tap("#side-toggle")
    page.wait_for_selector("#side.side--open")
    page.wait_for_selector("#side-toggle .chat-unread", state="hidden")
    page.locator("#chat").scroll_into_view_if_needed()
    assert page.evaluate(ROW_FITS_JS)
    assert page.evaluate(CHAT_OVERFLOW_JS) == []
    assert no_horizontal_scroll(page)
    page.tap("#chat-text")
    assert page.evaluate(FIELD_ON_TOP_JS)
    page.fill("#chat-text", "oi do celular")
    page.tap("#chat-form [type=submit]")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#chat-list .chat__text')].some((e) => e.textContent === 'oi do celular')"
    )
    page.tap('#chat-quick [data-phrase="thanks"]')
    page.wait_for_function("() => document.querySelectorAll('#chat-list .chat__msg').length === 3")
    page_f.wait_for_function("() => document.querySelectorAll('#chat-list .chat__msg').length === 3")
    assert page.evaluate(FIELD_ON_TOP_JS)
    shot(page, "chat_phone")
    page.tap("#side-close")
    page.wait_for_selector("#side", state="hidden")
    page.wait_for_selector("#hand .card")
    assert page.evaluate("() => document.activeElement === document.getElementById('side-toggle')")
    assert page.is_hidden("#side-toggle .chat-unread")  # your own messages are not news to you
    ctx.close()
    ctx_f.close()
