"""A finished match's replay, opened from the player's matches list, on a phone (390×844, touch) and a desktop.

The hooks (docs/ui.md): each row's ``a[data-match-replay]``; the page's ``[data-replay]``
(``data-state="ready"`` once the first step is drawn), ``[data-replay-step]`` ("3 / 57"),
``[data-replay-prev]``, ``[data-replay-next]``, ``[data-replay-play]``, ``[data-replay-hand]``,
the share button ``[data-replay-share]``; every card with the table's ``data-card``. A shared
link opens signed out, at the hand and step it was copied at; the page never scrolls sideways.
"""

import json
import re

import pytest
from conftest import logged_in, no_horizontal_scroll, shot, unique
from contrast import contrast_failures
from playwright.sync_api import expect

from players.replay_data import table_of
from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

FINISHED = """
import json
from django.contrib.auth import get_user_model
from rooms import services
from tests.rooms.helpers import engine_options, play_match
User = get_user_model()
host = User.objects.get(username=NAME)
room = services.create_room(host, "crazy_eights", "Revisão", time_limit=None)
engine_options(room, target=500)
for seat in (1, 2, 3):
    services.add_bot(host, room.code, seat, "easy")
services.start_match(host, room.code)
play_match(room, host, hands=40)
match = room.matches.get()
assert match.status == "over", match.status
print("JSON" + json.dumps({"match": match.public_id, "hands": match.hands.count(), "code": room.code}))
"""


def drawn_hands(page) -> dict:
    """Room seat -> the cards its box shows, as the page drew them."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.match-replay__seat')].map((s) =>
             [s.dataset.seat, [...s.querySelectorAll('[data-card]')].map((c) => c.dataset.card)]))"""
    )


@pytest.fixture(scope="module")
def finished(server):
    name = unique("replayer")
    users = make_users(server.env, name)
    out = manage_shell(server.env, f"NAME = {name!r}\n" + FINISHED)
    made = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    assert made["hands"] >= 2, "a match of one hand has no other hand to jump to"
    return {"name": name, "user": users[name], **made}


@pytest.mark.parametrize(("viewport", "touch"), [((390, 844), True), ((1280, 800), False)])
def test_the_tables_result_dialog_links_to_the_replay_of_the_match_that_just_ended(
    server, browser, finished, viewport, touch
):
    """The dialog that says who won has the match's replay one tap away, on a phone and a desktop."""
    kind = "phone" if touch else "desktop"
    context, page, _ = logged_in(
        browser, server, finished["name"], viewport=viewport, session=finished["user"]["session"], touch=touch
    )
    page.goto(f"{server.base}/rooms/{finished['code']}/")
    link = page.locator("#result [data-match-replay]")
    expect(link).to_be_visible(timeout=20000)
    assert link.get_attribute("href") == f"/matches/{finished['match']}/replay/"
    box = link.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport[0] and box["y"] + box["height"] <= viewport[1]
    shot(page, f"table-result-replay-link-{kind}")
    link.tap() if touch else link.click()
    expect(page.locator("[data-replay][data-state=ready]")).to_be_visible(timeout=20000)
    context.close()


@pytest.mark.parametrize(("viewport", "touch"), [((390, 844), True), ((1280, 800), False)])
def test_a_finished_match_replays_from_the_matches_list(server, browser, finished, viewport, touch):
    kind = "phone" if touch else "desktop"
    context, page, _ = logged_in(
        browser, server, finished["name"], viewport=viewport, touch=touch, session=finished["user"]["session"]
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    page.goto(f"{server.base}/players/{finished['user']['id']}/matches/")
    link = page.locator(f'[data-match="{finished["match"]}"] a[data-match-replay]')
    link.click()
    page.wait_for_url(f"**/matches/{finished['match']}/replay/**")
    page.wait_for_selector("[data-replay][data-state=ready]")
    document = page.evaluate("(url) => fetch(url).then((r) => r.json())", f"/matches/{finished['match']}/replay.json")
    first = document["hands"][0]
    total = len(first["steps"])
    expect(page.locator("[data-replay-step]")).to_have_text(f"1 / {total}")
    assert page.get_attribute("[data-replay-step]", "data-replay-step") == "1"
    # Every seat's cards face up, as the deal gave them: the document's own part of each seat's view.
    table = first["steps"][0]["table"]
    expected = {str(seat["number"]): own["hand"] for seat, own in zip(table["seats"], table["own"], strict=True)}
    assert drawn_hands(page) == expected
    assert page.locator(".match-replay__mine .seat__name").inner_text().endswith("(you)")
    assert no_horizontal_scroll(page)
    assert not page.evaluate(WIDER_THAN_THE_PAGE)
    shot(page, f"match_replay_{kind}")

    deal_words = page.inner_text("[data-replay-words]")
    page.click("[data-replay-next]")
    expect(page.locator("[data-replay-step]")).to_have_text(f"2 / {total}")
    expect(page.locator("[data-replay-words]")).not_to_have_text(deal_words)
    page.locator("[data-replay]").click(position={"x": 2, "y": 2})  # the keys go to the page, not a control
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-replay-step]")).to_have_text(f"3 / {total}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("[data-replay-step]")).to_have_text(f"2 / {total}")
    page.click("[data-replay-prev]")
    expect(page.locator("[data-replay-step]")).to_have_text(f"1 / {total}")
    expect(page.locator("[data-replay-prev]")).to_be_disabled()
    page.locator("[data-replay]").click(position={"x": 2, "y": 2})
    page.keyboard.press(" ")  # space plays, and again pauses
    expect(page.locator("[data-replay-play]")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press(" ")
    expect(page.locator("[data-replay-play]")).to_have_attribute("aria-pressed", "false")
    page.evaluate("(n) => { location.hash = `#hand=${n}&step=1`; }", first["number"])  # a link within the page
    expect(page.locator("[data-replay-step]")).to_have_text(f"1 / {total}")

    # Play, then pause: the steps move on their own.
    page.select_option("[data-replay-speed]", "300")
    page.click("[data-replay-play]")
    page.wait_for_function("() => document.querySelector('[data-replay-step]').dataset.replayStep !== '1'")
    page.click("[data-replay-play]")
    assert page.get_attribute("[data-replay-play]", "aria-pressed") == "false"

    # Jump to the last hand; its last step shows the hand's result.
    last = document["hands"][-1]
    page.select_option("[data-replay-hand]", str(len(document["hands"]) - 1))
    expect(page.locator("[data-replay-step]")).to_have_text(f"1 / {len(last['steps'])}")
    assert page.url.endswith(f"#hand={last['number']}&step=1")
    before = len(document["hands"][-2]["steps"])  # Previous from a hand's deal: the hand before, at its end
    page.click("[data-replay-prev]")
    expect(page.locator("[data-replay-step]")).to_have_text(f"{before} / {before}")
    page.click("[data-replay-next]")
    expect(page.locator("[data-replay-step]")).to_have_text(f"1 / {len(last['steps'])}")
    page.fill("[data-replay-range]", str(len(last["steps"]) - 1))
    page.dispatch_event("[data-replay-range]", "input")
    page.wait_for_selector("[data-replay-result]:not([hidden])")
    expect(page.locator("[data-replay-next]")).to_be_disabled()
    assert no_horizontal_scroll(page)
    shot(page, f"match_replay_result_{kind}")
    page.select_option("[data-replay-hand]", "0")
    expect(page.locator("[data-replay-step]")).to_have_text(f"1 / {total}")
    page.click("[data-replay-next]")
    page.click("[data-replay-next]")
    expect(page.locator("[data-replay-step]")).to_have_text(f"3 / {total}")
    assert page.url.endswith(f"#hand={first['number']}&step=3")

    # Share: the link copied opens signed out at the same place.
    page.click("[data-replay-share]")
    page.wait_for_function("() => document.querySelector('[data-replay-shared]').textContent.length > 0")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == page.url
    stranger = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale="en-US")
    other = stranger.new_page()
    other.goto(copied)
    other.wait_for_selector("[data-replay][data-state=ready]")
    expect(other.locator("[data-replay-step]")).to_have_text(f"3 / {total}")
    assert other.locator("[data-replay-download]").count() == 0
    assert other.locator("[data-replay-verify]").get_attribute("href") == f"/matches/{finished['match']}/verify/"
    assert no_horizontal_scroll(other)
    stranger.close()
    context.close()


OTHER_GAME = """
import json
from django.contrib.auth import get_user_model
from rooms import services
from tests.rooms.helpers import play_hand
host = get_user_model().objects.get(username=NAME)
room = services.create_room(host, GAME, "Mesa pública", time_limit=None)
for seat in range(1, room.seat_count):
    services.add_bot(host, room.code, seat, "easy")
services.start_match(host, room.code)
play_hand(room, host)
room.refresh_from_db()
if room.status == "hand_over":
    services.end_match(host, room.code)
print("JSON" + json.dumps({"match": room.matches.get().public_id}))
"""

WIDER_THAN_THE_PAGE = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


@pytest.mark.parametrize(("game", "step"), [("buraco", 80), ("rouba_monte", 30)])
def test_a_shared_link_opens_signed_out_on_a_phone_mid_hand(server, browser, game, step):
    """Buraco's runs and mortos, Rouba Monte's centre and piles: every seat's cards drawn, nothing wider than 390 px."""
    name = unique("anfitriao")
    make_users(server.env, name)
    out = manage_shell(server.env, f"NAME = {name!r}\nGAME = {game!r}\n" + OTHER_GAME)
    public_id = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])["match"]
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US", has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.goto(f"{server.base}/matches/{public_id}/replay/#hand=1&step={step}")
    page.wait_for_selector("[data-replay][data-state=ready]")
    expect(page.locator("[data-replay-step]")).to_have_text(re.compile(rf"^{step} / \d+$"))
    document = page.evaluate("(url) => fetch(url).then((r) => r.json())", f"/matches/{public_id}/replay.json?hand=1")
    # The page rebuilds the step from the changes; its seats hold the cards the document says.
    own = page.evaluate(
        "() => [...document.querySelectorAll('.match-replay__seat')].map((s) => s.querySelectorAll('[data-card]').length)"
    )
    assert sum(own) == sum(len(seat["hand"]) for seat in table_of(document["hands"][0], step - 1)["own"])
    assert page.locator("[data-replay-felt] [data-card]").count() > 0
    failures = contrast_failures(page, "[data-replay]")  # WCAG AA, the felt's labels and the seats' words too
    assert not failures, failures
    assert not page.evaluate(WIDER_THAN_THE_PAGE)
    shot(page, f"match_replay_{game}_phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not page.evaluate(WIDER_THAN_THE_PAGE)
    shot(page, f"match_replay_{game}_desktop")
    context.close()
