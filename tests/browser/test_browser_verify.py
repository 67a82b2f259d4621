"""The verify page re-deals a finished match in the browser, and catches one altered card."""

import json

import pytest
from conftest import create_room, logged_in, shot, unique, wait_snapshot

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="module")
def finished(server, browser):
    """One Stealing Bundles match (two players, 40-card deck) played to the end from the table
    page, started there after the browser sent its client seed. Returns (username, match id)."""
    name = unique("ver")
    context, page, _ = logged_in(browser, server, name)
    code = create_room(server, name, "stealing_bundles", bots=1, seat_count=2, options={"deck40": True})
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.seats[0].has_client_seed")
    page.click("[data-action=start]")
    while True:
        snap = wait_snapshot(
            page,
            "s.room.status === 'match_over' || (s.room.seats[s.you.seat].turn && s.legal.length > 0)",
            timeout=30000,
        )
        if snap["room"]["status"] == "match_over":
            break
        page.evaluate("m => window.mesaTable.move(m)", snap["legal"][0])
        wait_snapshot(page, f"s.version > {snap['version']}")
    page.wait_for_selector(".verify-link")
    context.close()
    return name, snap["room"]["match"]["id"], snap["room"]["match"]["verify_url"]


def test_the_verify_page_confirms_a_match_and_reports_an_altered_card(server, browser, chromium_path, finished):
    name, match_id, verify_url = finished
    context, page, _ = logged_in(browser, server, name)
    page.goto(server.base + verify_url)
    page.wait_for_selector("#summary[data-ok]")
    assert page.get_attribute("#summary", "data-ok") == "1"
    assert page.locator(".verify-card[data-ok='1']").count() == 40  # the 40-card deck, rebuilt here
    assert page.locator(".server-check.check--ok").count() == 1
    shot(page, "verify_ok")

    # The same page with one recorded card changed: the mismatch is reported at that card.
    def alter(route):
        data = json.loads(route.fetch().text())
        deck = data["hands"][0]["deck"]
        deck[10], deck[11] = deck[11], deck[10]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    page.route("**/verify.json", alter)
    page.reload()
    page.wait_for_selector("#summary[data-ok]")
    assert page.get_attribute("#summary", "data-ok") == "0"
    bad = page.eval_on_selector_all(".verify-card[data-ok='0']", "els => els.map(e => Number(e.dataset.position))")
    assert bad == [10, 11]
    shot(page, "verify_mismatch")
    page.unroute("**/verify.json")

    # A forged seed fails the fingerprint check.
    def forge(route):
        data = json.loads(route.fetch().text())
        data["seed"] = "0" * 64
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    page.route("**/verify.json", forge)
    page.reload()
    page.wait_for_selector("#summary[data-ok]")
    assert page.get_attribute("#summary", "data-ok") == "0"
    assert page.locator("#checks .check--bad").count() >= 1
    context.close()


def test_the_verify_page_matches_the_python_shuffle_with_client_seeds(server, browser, chromium_path, finished):
    """The browser's stream key and shuffle agree with games.fair for a match with a player's seed."""
    name, match_id, verify_url = finished
    context, page, _ = logged_in(browser, server, name)
    out = manage_shell(
        server.env,
        f"from rooms.models import Match\nm = Match.objects.get(pk={match_id})\nprint('SEEDS' + repr(m.client_seeds))\n",
    )
    seeds = next(x for x in out.splitlines() if x.startswith("SEEDS"))
    assert "[]" not in seeds  # the table page sent this browser's seed before the match
    page.goto(server.base + verify_url)
    page.wait_for_selector("#summary[data-ok]")
    assert page.inner_text("#client-seeds") != "—"
    computed = page.inner_text("#stream-key")
    out = manage_shell(
        server.env,
        f"from rooms.models import Match\nfrom games import fair\nm = Match.objects.get(pk={match_id})\n"
        "print('KEY' + fair.stream_key(m.seed, m.client_seeds))\n",
    )
    assert computed == next(x for x in out.splitlines() if x.startswith("KEY"))[3:]
    page.goto(server.base + verify_url)
    page.wait_for_selector("#summary[data-ok]")
    assert page.get_attribute("#summary", "data-ok") == "1"
    context.close()


def test_staff_step_through_a_finished_hand(server, browser, chromium_path, finished):
    name, match_id, verify_url = finished
    context, page, _ = logged_in(browser, server, name)
    out = manage_shell(
        server.env,
        "from django.contrib.auth import get_user_model\nfrom rooms.models import Hand\n"
        "from django.contrib.auth.models import Group\n"
        f"u = get_user_model().objects.get(username={name!r}); u.is_staff = True; u.save()\n"
        "u.groups.add(Group.objects.get(name='Table moderators'))  # replaying a hand is theirs\n"
        f"print('HAND' + str(Hand.objects.filter(match_id={match_id}).first().pk))\n",
    )
    hand_id = next(x for x in out.splitlines() if x.startswith("HAND"))[4:]
    page.goto(f"{server.base}/hands/{hand_id}/replay/")
    page.wait_for_selector("#replay-seats .replay-seat")
    assert page.locator("#replay-seats .replay-seat").count() == 2
    # Every seat's hand is shown at the deal: 4 cards each.
    assert page.locator("#replay-seats .replay-seat .card").count() == 8
    first = page.inner_text("#step-label")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#step-label") != first
    page.click("#last")
    assert page.is_disabled("#next")
    page.keyboard.press("Home")
    assert page.inner_text("#step-label") == first
    shot(page, "replay")
    context.close()
