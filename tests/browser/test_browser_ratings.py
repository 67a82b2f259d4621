"""The table shows each seat's rating under its name; the leaderboard and the profile open with no script error."""

import pytest
from conftest import create_room, logged_in, unique, wait_snapshot

from ratings.method import bot_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_each_seat_shows_its_rating(server, browser):
    name = unique("rate")
    context, page, _ = logged_in(browser, server, name)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    code = create_room(server, name, "rouba_monte", bots=1, level="hard")
    page.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(page, "s.room.seats.length > 1")
    ratings = {seat["index"]: seat["rating"] for seat in snap["room"]["seats"]}
    hard = bot_shown("hard", "rouba_monte")  # the hard bot's fitted rating in this game
    assert ratings[0] == 1000 and ratings[1] == hard
    texts = page.locator(".seat__rating").all_inner_texts()
    assert sorted(texts) == sorted([f"Rating {hard}", "Rating 1000"])
    for path in ("/leaderboards/rouba_monte/", "/accounts/profile/"):
        page.goto(f"{server.base}{path}")
        assert page.locator("h1").count() == 1
    assert errors == []
    context.close()
