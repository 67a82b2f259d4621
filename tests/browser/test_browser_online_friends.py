"""Two friends in Chromium: one sees the other online in the header, challenges them, and both sit at one table.

The header's hooks (docs/ui.md): ``[data-online-friends]`` with one
``[data-online-friend="<user id>"]`` each and its ``data-activity``; the
challenge from a friend's name, ``[data-challenge="<user id>"]``, opens the
form at ``/players/<id>/challenge/``; the challenged friend accepts it from the
header's notice (``[data-challenge-notice]``) and lands at the new table. On a
phone (390×844, touch) and a desktop (1280×800); the header's boxes stay within
the phone's width.
"""

import re

import pytest

from tests.browser.conftest import create_room, logged_in, no_horizontal_scroll, unique, wait_snapshot
from tests.live import manage_shell

pytestmark = pytest.mark.browser

FRIENDS = """
from django.contrib.auth import get_user_model
from friends import relations
User = get_user_model()
a, b = User.objects.get(username={a!r}), User.objects.get(username={b!r})
relations.follow(a, b.id)
relations.follow(b, a.id)
print("FRIENDS", a.id, b.id)
"""


def look(page, name: str) -> None:
    """A screenshot to look at, outside the tree."""
    page.screenshot(path=f"/tmp/mesa-online-{name}.png", full_page=False)


def within(page, selector: str, width: int) -> None:
    for box in page.locator(selector).evaluate_all(
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect(); return [r.left, r.right]; })"
    ):
        assert box[0] >= 0 and box[1] <= width + 0.5, (selector, box)


def press(locator, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


@pytest.mark.parametrize("viewport,touch", [((390, 844), True), ((1280, 800), False)])
def test_a_friend_online_is_challenged_and_both_land_at_one_table(browser, server, viewport, touch):
    me, friend = unique("on"), unique("of")
    size = "phone" if touch else "desktop"
    context, page, _ = logged_in(browser, server, me, viewport=viewport, touch=touch)
    friend_context, friend_page, _ = logged_in(browser, server, friend)
    try:
        out = manage_shell(server.env, FRIENDS.format(a=me, b=friend))
        _, _, friend_id = next(line for line in out.splitlines() if line.startswith("FRIENDS")).split()
        # The friend sits at a public table with free seats: "playing Crazy Eights", and a Join link.
        code = create_room(server, friend, "crazy_eights")
        friend_page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(friend_page, "s.you.seat !== null")
        friend_page.wait_for_selector("#site-notices[data-connection=online]", state="attached")

        page.goto(server.base + "/leaderboards/")
        chip = page.locator(f'[data-online-friends] [data-online-friend="{friend_id}"]')
        chip.wait_for()
        page.wait_for_function(
            f"() => document.querySelector('[data-online-friend=\"{friend_id}\"]').dataset.activity === 'table'"
        )
        assert friend in chip.inner_text() and "playing Crazy Eights" in chip.inner_text()
        assert chip.locator("[data-online-join]").get_attribute("href") == f"/rooms/{code}/"
        assert no_horizontal_scroll(page)
        within(page, "[data-online-friends], [data-online-friend], [data-online-friend] a", viewport[0])
        look(page, f"header_{size}")

        # The friend goes to the lobby (its own socket carries the header's frames): the header follows them.
        friend_page.goto(server.base + "/lobby/")
        page.wait_for_function(
            f"() => document.querySelector('[data-online-friend=\"{friend_id}\"]')?.dataset.activity === 'lobby'"
        )
        friend_page.wait_for_selector("#site-notices[data-connection=online]", state="attached")

        press(chip.locator(f'[data-challenge="{friend_id}"]'), touch)
        page.wait_for_url(re.compile(rf"/players/{friend_id}/challenge/$"))
        form = page.locator("[data-challenge-form]")
        form.locator("select[name=game]").select_option("crazy_eights")
        form.locator("select[name=seat_count]").select_option("2")
        assert not page.locator('[data-field="empty_seats"]').is_visible()  # two seats: nobody else to seat
        form.locator("input[name=rated]").uncheck()
        assert no_horizontal_scroll(page)
        look(page, f"challenge_form_{size}")
        press(form.locator("[data-challenge-send]"), touch)
        page.wait_for_url(re.compile(r"/rooms/[^/]+/$"))
        table = page.url.rstrip("/").rsplit("/", 1)[1]
        assert table != code
        wait_snapshot(page, "s.you.seat === 0")

        notice = friend_page.locator("#site-notices [data-challenge-notice]")
        notice.wait_for()
        assert f"{me} challenges you to Crazy Eights (casual)" in notice.inner_text()
        look(friend_page, "challenge_notice")
        notice.locator("[data-invite-accept]").click()
        friend_page.wait_for_url(re.compile(rf"/rooms/{table}/$"))
        snap = wait_snapshot(friend_page, "s.you.seat !== null")
        assert [seat["name"] for seat in snap["room"]["seats"]] == [me, friend]
        # The challenger's table shows the friend seated, and their header heard the answer.
        wait_snapshot(page, "s.room.seats[1] && s.room.seats[1].name !== null && s.room.seats[1].name !== ''")
        page.locator('#site-notices [data-challenge-answer="accepted"]').wait_for()
        assert no_horizontal_scroll(page)
        look(page, f"challenge_accepted_{size}")
    finally:
        context.close()
        friend_context.close()
