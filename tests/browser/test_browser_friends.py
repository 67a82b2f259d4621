"""Follow a player from their page; once they follow back, they are on /friends/ (a phone and a desktop).

The hooks: the player page's ``[data-relation-action=follow]`` button (a form post
that comes back to the page with a message) and ``[data-friend="<user id>"]`` on
each friend of the friends page (docs/ui.md, docs/friends.md).
"""

import pytest
from conftest import logged_in, no_horizontal_scroll, shot, unique

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

FOLLOW_BACK = """
from django.contrib.auth import get_user_model
from friends import relations
User = get_user_model()
relations.follow(User.objects.get(username={who!r}), User.objects.get(username={whom!r}).id)
print("FOLLOWED")
"""


@pytest.mark.parametrize(("viewport", "touch"), [((390, 844), True), ((1280, 800), False)])
def test_follow_from_the_player_page_and_see_the_friend_once_they_follow_back(server, browser, viewport, touch):
    name, other = unique("seguidor"), unique("seguido")
    context, page, _ = logged_in(browser, server, name, viewport=viewport, touch=touch)
    other_id = make_users(server.env, other)[other]["id"]
    page.goto(f"{server.base}/players/{other_id}/")
    follow = page.locator('[data-relation-action="follow"]')
    follow.wait_for()
    assert page.locator('[data-relation-action="block"]').is_visible()
    assert no_horizontal_scroll(page)
    follow.click()
    page.wait_for_url(f"{server.base}/players/{other_id}/")
    page.locator('[data-relation-action="unfollow"]').wait_for()
    assert "You follow this player now." in page.locator(".messages").inner_text()
    size = "phone" if touch else "desktop"
    shot(page, f"player_follow_{size}")

    page.goto(f"{server.base}/friends/")
    page.locator(f'[data-following="{other_id}"]').wait_for()
    assert page.locator(f'[data-friend="{other_id}"]').count() == 0  # not yet: one-way

    assert "FOLLOWED" in manage_shell(server.env, FOLLOW_BACK.format(who=other, whom=name))
    page.reload()
    friend = page.locator(f'[data-friend="{other_id}"]')
    friend.wait_for()
    assert other in friend.inner_text()
    assert friend.locator("a[data-player-link]").get_attribute("href") == f"/players/{other_id}/"
    assert no_horizontal_scroll(page)
    shot(page, f"friends_{size}")
    page.goto(f"{server.base}/players/{other_id}/")
    page.locator("[data-is-friend]").wait_for()
    context.close()
