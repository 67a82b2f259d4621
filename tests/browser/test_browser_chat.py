"""Table talk in the browser: a quick phrase sent by one person shows on both pages, each in its language; mute
and un-mute across reloads; a report with its reason; a site-wide mute's end in the reader's own time zone."""

from datetime import datetime, timedelta

import pytest
from conftest import create_room, logged_in, unique, wait_snapshot

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def two_at_a_table(server, browser, host: str, guest: str):
    """Two pages at one new Rouba Monte table, both connected: ((context, page) of each, the room's code)."""
    ctx_a, page_a, _ = logged_in(browser, server, host)
    ctx_b, page_b, _ = logged_in(browser, server, guest)
    code = create_room(server, host, "rouba_monte")
    for page in (page_a, page_b):
        page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(page, "true")
    return (ctx_a, page_a), (ctx_b, page_b), code


def test_a_quick_phrase_reaches_both_pages_and_markup_stays_text(server, browser):
    host, guest = unique("ana"), unique("bia")
    (ctx_a, page_a), (ctx_b, page_b), code = two_at_a_table(server, browser, host, guest)
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


def test_mute_lists_the_person_with_an_unmute_that_survives_a_reload_and_report_says_why(server, browser):
    host, guest = unique("cai"), unique("dan")
    (ctx_a, page_a), (ctx_b, page_b), code = two_at_a_table(server, browser, host, guest)
    page_b.fill("#chat-text", "compre fichas baratas")
    page_b.click("#chat-form [type=submit]")
    page_a.wait_for_selector("#chat-list .chat__msg .chat__report")
    # Report: a reason must be chosen; the note is optional and goes to the staff only.
    page_a.click("#chat-list .chat__report")
    page_a.click(".chat__report-form [type=submit]")
    assert page_a.locator(".chat__report-form").count() == 1  # no reason yet: nothing sent
    page_a.select_option(".chat__report-form select", "spam")
    page_a.fill(".chat__report-form input[name=note]", "<b>spam</b> de novo")
    page_a.click(".chat__report-form [type=submit]")
    page_a.wait_for_selector("#chat-list .chat__report:disabled")
    stored = manage_shell(
        server.env,
        "from chat.models import ChatReport\n"
        f"r = ChatReport.objects.get(message__room__code={code!r})\n"
        "print('REPORT', r.reason, r.note)\n",
    )
    assert "REPORT spam <b>spam</b> de novo" in stored
    # Mute: the person leaves the list of messages and shows under "People you muted".
    page_a.click("#chat-list .chat__msg button:has-text('Mute')")
    page_a.wait_for_selector("#chat-muted:not([hidden])")
    assert page_a.inner_text("#chat-muted-list").startswith(guest)
    assert page_a.locator("#chat-list .chat__msg").count() == 0
    page_a.reload()
    wait_snapshot(page_a, "true")
    page_a.wait_for_selector("#chat-muted:not([hidden])")
    assert guest in page_a.inner_text("#chat-muted-list")
    assert page_a.locator("#chat-list .chat__msg").count() == 0
    page_b.click('#chat-quick [data-phrase="sorry"]')
    page_b.wait_for_function("() => document.querySelectorAll('#chat-list .chat__msg').length === 2")
    assert page_a.locator("#chat-list .chat__msg").count() == 0
    # Un-mute: the list empties and the person's messages come back.
    page_a.click("#chat-muted-list button")
    page_a.wait_for_function("() => document.querySelectorAll('#chat-list .chat__msg').length === 2")
    assert page_a.is_hidden("#chat-muted")
    page_a.reload()
    page_a.wait_for_function("() => document.querySelectorAll('#chat-list .chat__msg').length === 2")
    assert page_a.is_hidden("#chat-muted")
    ctx_a.close()
    ctx_b.close()


def test_a_muted_user_reads_the_end_in_their_own_time_zone_and_language(server, browser):
    name = unique("eva")
    session = make_users(server.env, name)[name]["session"]
    code = create_room(server, name, "rouba_monte")
    out = manage_shell(
        server.env,
        "from django.contrib.auth import get_user_model\n"
        "from chat import service\n"
        f"m = service.mute_site_wide(get_user_model().objects.get(username={name!r}), 2)\n"
        "print('UNTIL', m.until.strftime('%Y-%m-%dT%H:%M:%S'))\n",
    )
    until = datetime.fromisoformat(next(x for x in out.splitlines() if x.startswith("UNTIL"))[6:])
    local = until - timedelta(hours=3)  # São Paulo: UTC-3 all year
    context = browser.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo")
    context.add_cookies(
        [
            {"name": "sessionid", "value": session, "domain": "127.0.0.1", "path": "/"},
            {"name": "django_language", "value": "pt-br", "domain": "127.0.0.1", "path": "/"},
        ]
    )
    page = context.new_page()
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "true")
    notice = page.inner_text("#chat-site-mute")
    assert notice.startswith("A equipe do site silenciou você no chat até")
    assert f"{local:%d/%m/%Y}" in notice and f"{local:%H:%M}" in notice and "UTC" not in notice
    fallback = page.get_attribute("#chat-site-mute time", "datetime")
    assert fallback == f"{until:%Y-%m-%dT%H:%M:%S}Z"
    page.fill("#chat-text", "oi")
    page.click("#chat-form [type=submit]")
    page.wait_for_selector("#chat-error:not([hidden])")
    error = page.inner_text("#chat-error")
    assert f"{local:%H:%M}" in error and "UTC" not in error
    context.close()
