"""Leaving a rated match says what it costs: the leave confirmation on a 390x844 phone.

The confirmation said "Sair da cadeira? Um bot joga as suas cartas…", then the
person lost about 58 points without a word. In a rated match being played it
now says "Você perde rating: cerca de −N", the number in ``[data-leave-cost]``,
the server's estimate (ratings/leave_cost.py) from the reader's own snapshot.
"""

import pytest
from conftest import IN_VIEW_JS, create_room, logged_in, shot, unique, wait_snapshot

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ESTIMATE = (
    "from django.contrib.auth import get_user_model\n"
    "from ratings import leave_cost\n"
    "from rooms.models import Room\n"
    "r = Room.objects.get(code={code!r})\n"
    "u = get_user_model().objects.get(username={name!r})\n"
    "print('COST', leave_cost.estimate(r.current_match, u.id, r.status))\n"
)


def test_the_leave_confirmation_of_a_rated_match_says_its_cost_on_a_phone(browser, server):
    name = unique("leavecost")
    ctx, page, _ = logged_in(browser, server, name, viewport=(390, 844), touch=True)
    ctx.add_cookies([{"name": "django_language", "value": "pt-br", "url": server.base}])
    code = create_room(server, name, "rouba_monte", bots=3, start=True, time_limit=120)
    page.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(page, "s.room.status === 'playing' && typeof s.you.leave_cost === 'number'", timeout=30000)
    cost = snap["you"]["leave_cost"]
    assert cost < 0
    out = manage_shell(server.env, ESTIMATE.format(code=code, name=name))
    assert f"COST {cost}" in out
    page.click(f'.seat[data-seat="{snap["you"]["seat"]}"] [data-action="leave"]')
    page.wait_for_selector("#confirm:not([hidden])")
    number = page.text_content("#confirm [data-leave-cost]")
    assert number == f"\u2212{-cost}"
    line = page.text_content("#confirm-cost")
    assert line.startswith("Você perde rating: cerca de ") and line.endswith(number)
    assert page.is_visible("#confirm-cost")
    assert not page.evaluate(IN_VIEW_JS, "#confirm"), "the confirmation fits the phone"
    shot(page, "leave_cost_phone_pt")
    page.click("#confirm-no")
    # Cancelled: still seated, the match goes on.
    assert wait_snapshot(page, "s.you.seat !== null")["you"]["seat"] == snap["you"]["seat"]
    ctx.close()


def test_a_casual_match_has_no_cost_line(browser, server):
    name = unique("leavefree")
    ctx, page, _ = logged_in(browser, server, name, viewport=(390, 844), touch=True)
    code = create_room(server, name, "rouba_monte", bots=3, start=True, time_limit=120, rated=False)
    page.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(page, "s.room.status === 'playing' && s.you.seat !== null", timeout=30000)
    assert snap["you"]["leave_cost"] is None
    page.click(f'.seat[data-seat="{snap["you"]["seat"]}"] [data-action="leave"]')
    page.wait_for_selector("#confirm:not([hidden])")
    assert page.is_hidden("#confirm-cost")
    page.click("#confirm-no")
    ctx.close()
