"""The table on a phone is a card game (issue "The table on a phone is a card game"): the pt-BR result
tables of every game fit a 390-px phone, the desktop side panel never scrolls sideways, and resuming a
paused table is told like the pause."""

import pytest
from conftest import create_room, logged_in, my_turn_js, shot, unique, wait_snapshot
from hand_surgery import LAST_CARD, change_hand
from test_browser_layout import DESKTOP, PHONE

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# Stealing Bundles and Rouba Monte: the person holds one card and every other hand and the stock are empty,
# so that their next move ends the hand. The cards taken away go to the table's centre (the deck stays whole).
ONE_CARD_LEFT = """
state["hands"] = [list(h) for h in state["hands"]]
card = state["hands"][me][0]
rest = [c for s, h in enumerate(state["hands"]) for c in h if c != card or s != me]
state["centre"] = list(state["centre"]) + rest + list(state["stock"])
state["stock"] = []
state["hands"] = [[] for _ in state["hands"]]
state["hands"][me] = [card]
state["turn"] = me
print("CARD" + card)
"""

# Every box of the result dialog that holds a table, and the dialog itself: those wider inside than shown.
CLIPPED_JS = """() => {
  const boxes = [document.getElementById('result-panel'), document.getElementById('result')];
  for (const table of document.querySelectorAll('#result table')) boxes.push(table.parentElement, table);
  return boxes.filter((b) => b.scrollWidth > b.clientWidth)
    .map((b) => `${b.id || b.className}: ${b.scrollWidth} > ${b.clientWidth}`);
}"""


def pt_br_phone(browser, server, prefix):
    name = unique(prefix)
    ctx, page, _ = logged_in(browser, server, name, viewport=PHONE, touch=True)
    ctx.add_cookies([{"name": "django_language", "value": "pt-br", "url": server.base}])
    return ctx, page, name


ROOMS = [
    ("crazy_eights", {}, LAST_CARD),
    ("rouba_monte", {}, ONE_CARD_LEFT),
    ("stealing_bundles", {"options": {"last_capture_bonus": True}}, ONE_CARD_LEFT),
    ("stealing_bundles", {"options": {"last_capture_bonus": True, "match_games": 3}}, ONE_CARD_LEFT),
]


@pytest.mark.parametrize("game,room,surgery", ROOMS, ids=["crazy_eights", "rouba_monte", "sb", "sb_three_games"])
def test_the_pt_br_result_tables_fit_a_phone(server, browser, game, room, surgery):
    ctx, page, name = pt_br_phone(browser, server, "fit")
    code = create_room(server, name, game, bots=3, start=True, time_limit=120, **room)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, my_turn_js(), timeout=30000)
    card = change_hand(server, surgery, code, "CARD")
    page.reload()
    snap = wait_snapshot(page, my_turn_js() + f" && s.view.hand.length === 1 && s.view.hand[0] === {card!r}")
    move = next(m for m in snap["legal"] if m.get("card") == card and "suit" not in m and m.get("pile", 0) == 0)
    page.evaluate("(m) => window.mesaTable.move(m)", move)
    page.wait_for_selector("[data-result]:not([hidden]) #result table")
    assert page.evaluate("() => document.documentElement.lang").lower().startswith("pt")
    assert page.evaluate(CLIPPED_JS) == []
    shot(page, f"{game}_result_pt_br_phone")
    ctx.close()


# The side panel's children that reach past its inner width (what makes it scroll sideways).
SIDE_WIDE_JS = """() => {
  const side = document.getElementById('side');
  const right = side.getBoundingClientRect().left + side.clientLeft + side.clientWidth;
  return { scroll: side.scrollWidth, client: side.clientWidth,
    wide: [...side.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > right + 0.5)
      .map((e) => `${e.tagName}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)} > ${Math.round(right)}`) };
}"""


@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_the_desktop_side_panel_never_scrolls_sideways(server, browser, lang):
    """At 1280x800 the host's side panel (invite form, host powers, log) is as wide inside as shown, before
    and after an invitation is sent (its status line was the last to push it wider)."""
    host, guest = unique("sidehost"), unique("sideguest")
    users = make_users(server.env, host, guest)
    ctx, page, _ = logged_in(browser, server, "", session=users[host]["session"], viewport=DESKTOP)
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": server.base}])
    code = create_room(server, host, "crazy_eights", bots=2, is_public=False)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.you.host")
    page.wait_for_selector("#host-settings:not([hidden]) #invite-form button[type=submit]")
    before = page.evaluate(SIDE_WIDE_JS)
    assert before["scroll"] == before["client"], before
    page.fill("#invite-name", guest)
    page.click("#invite-form button[type=submit]")
    page.wait_for_function("() => document.querySelector('[data-invite-status]').textContent.length > 0")
    after = page.evaluate(SIDE_WIDE_JS)
    assert after["scroll"] == after["client"], after
    shot(page, f"side_panel_invited_{lang}")
    ctx.close()


LOG_EVENTS_JS = "() => [...document.querySelectorAll('#log li[data-room-event]')].map((li) => [li.dataset.roomEvent, li.textContent])"


@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_resuming_a_paused_table_is_told_like_the_pause(server, browser, lang):
    """The host pauses, then resumes: the log's newest room-event line says the table was resumed, and no
    notice still says it is paused (the resume's notice replaces the pause's)."""
    ctx, page, name = pt_br_phone(browser, server, "resume")
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": server.base}])
    code = create_room(server, name, "crazy_eights", bots=3, start=True, time_limit=120)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.status === 'playing'", timeout=30000)
    page.click('#host-buttons [data-action="pause"], [data-action="pause"]')
    wait_snapshot(page, "s.room.paused")
    page.wait_for_selector('#room-notice[data-event-code="host_paused"]:not([hidden])')
    paused = page.evaluate(LOG_EVENTS_JS)[0]
    page.click('[data-action="resume"]')
    wait_snapshot(page, "!s.room.paused")
    page.wait_for_selector('#room-notice[data-event-code="host_resumed"]:not([hidden])')
    code_, text = page.evaluate(LOG_EVENTS_JS)[0]  # the log is newest first
    assert code_ == "host_resumed"
    assert text.endswith("retomou a mesa." if lang == "pt-br" else "resumed the table."), text
    assert text != paused[1]
    notices = page.evaluate("() => [...document.querySelectorAll('.banner:not([hidden])')].map((b) => b.textContent)")
    assert not [n for n in notices if "paus" in n.lower()], notices
    ctx.close()


SIT = """
from django.contrib.auth import get_user_model
from rooms import services
services.sit(get_user_model().objects.get(username={guest!r}), {code!r}, 2)
print("SAT")
"""


def test_a_removed_person_is_told_in_the_second_person(server, browser):
    """The host removes a person from seat 3 of a private room: that person reads "O anfitrião removeu você
    da cadeira 3." in the notice, the live region, the log and in place of the spectator's generic line; the
    host reads the event's own third-person sentence."""
    host, guest = unique("rmhost"), unique("rmguest")
    users = make_users(server.env, host, guest)
    ctx_h, page, _ = logged_in(browser, server, "", session=users[host]["session"])
    ctx_g, other, _ = logged_in(browser, server, "", session=users[guest]["session"], viewport=PHONE, touch=True)
    ctx_g.add_cookies([{"name": "django_language", "value": "pt-br", "url": server.base}])
    code = create_room(server, host, "crazy_eights", is_public=False)
    manage_shell(server.env, SIT.format(guest=guest, code=code))
    page.goto(f"{server.base}/rooms/{code}/")
    other.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(other, "s.you.seat === 2")
    other.evaluate(
        """() => { window.heard = []; const region = document.getElementById('announcer');
        new MutationObserver(() => { for (const p of region.children) window.heard.push(p.textContent); })
          .observe(region, { childList: true }); }"""
    )
    wait_snapshot(page, "s.you.host && s.room.seats[2].user_id")
    page.select_option('[data-host-select="hand-host"]', "2")
    page.click('[data-action="remove-person"]')
    page.click("#confirm-yes")
    wait_snapshot(other, "s.you.seat === null")
    told = "O anfitrião removeu você da cadeira 3."
    other.wait_for_selector('#room-notice[data-event-code="removed_by_host"]:not([hidden])')
    assert other.text_content("#room-notice") == told
    assert other.text_content('#log li[data-room-event="removed_by_host"]') == told
    other.wait_for_function("(t) => window.heard.includes(t)", arg=told)
    assert not [t for t in other.evaluate("() => window.heard") if guest in t]  # no third-person line
    note = other.text_content("#note-banner")
    assert note.startswith(told) and "assistindo" not in note, note
    page.wait_for_selector('#log li[data-room-event="removed_by_host"]', state="attached")
    assert guest in page.text_content('#log li[data-room-event="removed_by_host"]')
    shot(other, "removed_second_person_phone_pt")
    ctx_h.close()
    ctx_g.close()


def test_the_result_dialog_names_a_seat_the_same_in_every_table(server, browser):
    """Your own seat reads "name (you)" in the scores, the breakdown and the rating lines alike."""
    name = unique("samename")
    ctx, page, _ = logged_in(browser, server, name, viewport=DESKTOP)
    code = create_room(server, name, "crazy_eights", bots=3, start=True, time_limit=120)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, my_turn_js(), timeout=30000)
    card = change_hand(server, LAST_CARD, code, "CARD")
    page.reload()
    snap = wait_snapshot(page, my_turn_js() + f" && s.view.hand.length === 1 && s.view.hand[0] === {card!r}")
    move = next(m for m in snap["legal"] if m.get("card") == card and "suit" not in m)
    page.evaluate("(m) => window.mesaTable.move(m)", move)
    page.wait_for_selector("[data-result]:not([hidden]) #result table")
    tables = page.evaluate(
        "() => [...document.querySelectorAll('#result table')].map((t) => [t.className, "
        "[...t.querySelectorAll('tbody tr > :first-child')].map((c) => c.textContent.trim())])"
    )
    assert len(tables) >= 2, tables
    mine = {cls: [n for n in names if name in n or n.lower() in ("you", "você")] for cls, names in tables}
    assert all(names == [f"{name} (you)"] for names in mine.values()), mine
    # Every other seat too: the same names in every table that lists the seats.
    seats = [sorted(names) for _cls, names in tables if "result__ratings" not in _cls]
    assert all(s == seats[0] for s in seats), seats
    ctx.close()
