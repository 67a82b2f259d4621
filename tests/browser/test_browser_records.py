"""Staff answer "did X have card Y in hand N of room R?" from the admin, on a real match, in three clicks.

A Buraco match is played to its end on the live server with a leaver (Bruno,
a stand-in bot plays on) and a newcomer (charlie, in a bot's seat he reserved);
a staff member then goes admin home -> Hands -> the room in the filter -> the
hand, and reads the answer on the page (docs/operations.md). The admin's hand
page and the Buraco replay are the screenshots of docs/screenshots.
"""

import pytest

from tests.browser.conftest import logged_in, shot, unique
from tests.live import make_users, manage_shell

pytestmark = pytest.mark.browser

PLAY = """
from django.contrib.auth import get_user_model
from tests.records.conftest import play_leaver_match
User = get_user_model()
alice, bob, charlie = (User.objects.get(username=n) for n in NAMES)
room, match = play_leaver_match(alice, bob, charlie)
room.refresh_from_db()
hand = match.hands.get(number=1)
engine_seat = hand.seat_map.index(1)
from games import registry
state = registry.get("buraco").deal(players=4, dealer=hand.dealer, deck=hand.deck, options=hand.options,
                                   seed=match.stream_key, hand=1)
print("ROOM" + room.name + "|" + room.code + "|" + str(hand.pk) + "|" + state["hands"][engine_seat][0])
"""


@pytest.fixture(scope="module")
def played(server):
    names = [unique("alice"), unique("bob"), unique("charlie")]
    users = make_users(server.env, *names, "records_staff")
    manage_shell(
        server.env,
        "from django.contrib.auth import get_user_model\n"
        "get_user_model().objects.filter(username='records_staff').update(is_staff=True, is_superuser=True)\n",
    )
    out = manage_shell(server.env, f"NAMES = {names!r}\n" + PLAY)
    line = next(x for x in out.splitlines() if x.startswith("ROOM"))[4:]
    room_name, code, hand_id, card = line.split("|")
    return {"room": room_name, "code": code, "hand": hand_id, "card": card, "staff": users["records_staff"]}


def test_staff_find_who_had_a_card_in_three_clicks(server, browser, played):
    context, page, _ = logged_in(
        browser, server, "records_staff", viewport=(1280, 900), session=played["staff"]["session"]
    )
    page.goto(server.base + "/admin/")
    clicks = 0
    page.click("a[href='/admin/rooms/hand/']")
    clicks += 1
    page.click(f"#changelist-filter a[href*='room=']:has-text('({played['code']})')")
    clicks += 1
    page.click(f"#result_list a[href^='/admin/rooms/hand/{played['hand']}/change/']")
    clicks += 1
    assert clicks <= 3
    # The answer is on this page: the seat's holders, and the card in Bruno's starting hand.
    # (A click on a link does not wait for the next page: wait for the table before counting.)
    page.wait_for_url(f"**/admin/rooms/hand/{played['hand']}/change/**")
    row = page.locator("table.mesa-cards tr", has_text="Seat 2 · Bruno")
    row.locator(f"[data-card='{played['card']}']").first.wait_for()
    assert row.locator(f"[data-card='{played['card']}']").count() >= 1
    assert page.locator("table.mesa-seats tr[data-seat='2']", has_text="Bruno").count() == 1
    assert page.locator("table.mesa-seats", has_text="standing in").count() == 1
    shot(page, "admin_hand")
    context.close()


def test_the_staff_replay_names_seats_and_shows_the_mortos(server, browser, played):
    context, page, _ = logged_in(
        browser, server, "records_staff", viewport=(1280, 900), session=played["staff"]["session"]
    )
    page.goto(f"{server.base}/hands/{played['hand']}/replay/")
    page.wait_for_selector("#replay-seats .replay-seat")
    titles = page.locator("#replay-seats .replay-seat h2").all_inner_texts()
    assert any(t.startswith("Seat 2 · Bruno") for t in titles), titles
    assert not any("Seat 0" in t for t in titles)
    assert page.locator(".replay-morto").count() == 2
    # The board's felt is as tall as what it holds: nothing of it is cut off or scrolled away.
    felt = page.evaluate(
        "() => { const f = document.querySelector('.replay-board .felt'); return [f.clientHeight, f.scrollHeight]; }"
    )
    assert felt[0] > 40 and felt[0] >= felt[1], felt
    assert "{" not in page.inner_text("#step-label")
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    assert "{" not in page.inner_text("#step-label")
    shot(page, "replay_buraco")
    context.close()


RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""

LONG_MESSAGE = """
from django.utils import timezone
from chat.models import ChatMessage
from rooms.models import Room
room = Room.objects.get(code=CODE)
user = room.host
ChatMessage.objects.create(room=room, user=user, text="w" * 200, time=timezone.now())
"""


def test_the_staff_pages_break_no_policy_and_the_chat_list_wraps_long_words(server, browser, played):
    """The hand page (its style once inline), the match page, the lists and the replay: no CSP violation."""
    manage_shell(server.env, f"CODE = {played['code']!r}\n" + LONG_MESSAGE)
    context, page, _ = logged_in(
        browser, server, "records_staff", viewport=(1280, 800), session=played["staff"]["session"]
    )
    context.add_init_script(RECORD_VIOLATIONS)
    messages = []
    page.on("console", lambda m: messages.append(m.text) if "Content Security Policy" in m.text else None)
    hand = f"/admin/rooms/hand/{played['hand']}/change/"
    page.goto(server.base + hand)
    page.wait_for_selector("table.mesa-seats")
    # The record's stylesheet is applied: the cells have its padding.
    assert page.evaluate("() => getComputedStyle(document.querySelector('.mesa-record td')).paddingLeft") == "8px"
    match = page.get_attribute(".field-match_link a[href^='/admin/rooms/match/']", "href")
    paths = [
        hand,
        match,
        "/admin/rooms/hand/",
        "/admin/rooms/match/",
        "/admin/rooms/room/",
        "/admin/chat/chatmessage/",
        "/admin/chat/chatreport/",
        "/admin/admin/logentry/",
        f"/hands/{played['hand']}/replay/",
    ]
    for path in paths:
        page.goto(server.base + path)
        page.wait_for_load_state("load")
        assert page.evaluate("() => window.__cspViolations") == [], path
    assert messages == []
    page.goto(server.base + "/admin/chat/chatmessage/")
    page.wait_for_selector("#result_list")
    # A 200-letter word no longer stretches the list (2838 px wide before the chat lists wrapped it).
    width = page.evaluate("() => document.querySelector('#changelist .results').scrollWidth")
    assert width < 1280, width
    shot(page, "admin_chat_list")
    context.close()
