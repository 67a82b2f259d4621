"""The staff replay steps through one seat's moves when its seat filter names that seat."""

import json

import pytest

from tests.browser.conftest import logged_in, unique
from tests.live import make_users, manage_shell

pytestmark = pytest.mark.browser

FINISHED = """
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from rooms import services
from tests.rooms.helpers import play_hand
User = get_user_model()
host = User.objects.get(username=NAMES[0])
staff = User.objects.get(username=NAMES[1])
staff.is_staff = True
staff.save()
staff.groups.add(Group.objects.get(name="Table moderators"))
room = services.create_room(host, "crazy_eights", "Filtro", time_limit=None)
services.add_bot(host, room.code, 1, "easy")
services.add_bot(host, room.code, 2, "easy")
services.add_bot(host, room.code, 3, "easy")
services.start_match(host, room.code)
play_hand(room, host)
print("HAND" + str(room.matches.get().hands.get(number=1).pk))
"""


def test_the_seat_filter_steps_through_that_seats_moves_only(server, browser):
    names = [unique("host"), unique("replayer")]
    users = make_users(server.env, *names)
    out = manage_shell(server.env, f"NAMES = {names!r}\n" + FINISHED)
    hand = next(x for x in out.splitlines() if x.startswith("HAND"))[4:]
    context, page, _ = logged_in(browser, server, names[1], session=users[names[1]]["session"])
    page.goto(f"{server.base}/hands/{hand}/replay/")
    page.wait_for_selector("#replay-seats .replay-seat")
    steps = json.loads(page.text_content("#replay-steps"))
    seat_two = [i for i, step in enumerate(steps) if step.get("seat") == 2]
    assert len(seat_two) >= 2
    options = page.locator("#seat-filter option").all_inner_texts()
    assert options[0] == "All seats" and [o.split(" · ")[0] for o in options[1:]] == [
        "Seat 1",
        "Seat 2",
        "Seat 3",
        "Seat 4",
    ]
    page.select_option("#seat-filter", "2")
    visited = [int(page.input_value("#step-range"))]
    while not page.is_disabled("#next"):
        page.click("#next")
        visited.append(int(page.input_value("#step-range")))
    assert visited == seat_two  # the first of the seat's moves, then each of the others, and no other step
    page.keyboard.press("ArrowLeft")
    assert int(page.input_value("#step-range")) == seat_two[-2]
    assert "{" not in page.inner_text("#step-label")
    page.select_option("#seat-filter", "")
    page.click("#next")
    assert int(page.input_value("#step-range")) == seat_two[-2] + 1  # every step again
    context.close()
