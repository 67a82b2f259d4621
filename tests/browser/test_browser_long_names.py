"""Long names at a full table (issue 19): six Crazy Eights seats, three of them people with
30-character names, on a 390x844 phone and a 1280x800 desktop. Nothing overflows sideways, every
seat is inside the viewport, and a name cut short can still be read whole: its tooltip and the
seat's accessible name hold it, and a tap on it shows it in the hint."""

import pytest
from conftest import logged_in, my_turn_js, no_horizontal_scroll, outside_viewport, unique, wait_snapshot
from test_browser_layout import DESKTOP, PHONE

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NAMES = ["Maria Eduarda dos Santos Silva", "Joaquim Francisco de Albuquerq", "Ana Beatriz Cavalcanti Moreira"]

# The three people are seated at 0, 2 and 4 (the host first) with bots between, so long names sit
# beside each other nowhere and everywhere around the table; then the match starts.
SEAT_THEM = """
from django.contrib.auth import get_user_model
from rooms import services
User = get_user_model()
people = [User.objects.get(username=u) for u in {users!r}]
for person, name in zip(people, {names!r}):
    person.display_name = name
    person.save(update_fields=["display_name"])
host = people[0]
room = services.create_room(host, "crazy_eights", "Browser", seat_count=6, time_limit=120)
services.sit(people[1], room.code, 2)
services.sit(people[2], room.code, 4)
for seat in (1, 3, 5):
    services.add_bot(host, room.code, seat, "easy")
services.start_match(host, room.code)
print("CODE" + room.code)
"""


def test_thirty_character_names_fit_and_can_be_read_whole(server, browser, chromium_path):
    users = [unique("long") for _ in NAMES]
    made = make_users(server.env, *users)
    assert all(len(n) == 30 for n in NAMES)
    out = manage_shell(server.env, SEAT_THEM.format(users=users, names=NAMES))
    code = next(x for x in out.splitlines() if x.startswith("CODE"))[4:]
    for size, touch in ((PHONE, True), (DESKTOP, False)):
        context, page, _user = logged_in(
            browser, server, "", viewport=size, session=made[users[0]]["session"], touch=touch
        )
        page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(page, "s.room.status === 'playing' && s.room.seats.every((x) => x.user_id || x.bot)")
        page.wait_for_selector('[data-seat="4"] .seat__name')
        assert no_horizontal_scroll(page), size
        assert not outside_viewport(page, "[data-seat]"), size
        for seat, name in ((2, NAMES[1]), (4, NAMES[2])):
            node = page.locator(f'[data-seat="{seat}"] .seat__name')
            assert node.get_attribute("title") == name
            assert page.get_attribute(f'[data-seat="{seat}"]', "aria-label") == name
            if touch:
                node.tap()
            else:
                node.click()
            page.wait_for_function(
                "(name) => { const h = document.getElementById('hint');"
                " return !h.hidden && (h.querySelector('.hint__text') || h).textContent === name; }",
                arg=name,
            )
            assert not outside_viewport(page, "#hint")
        own = page.locator('[data-seat="0"] .seat__name')
        assert own.get_attribute("title") == NAMES[0]
        # On your turn the hand and the buttons are still on screen, beside the long names.
        # The hand and the seats are on screen beside the long names, and the buttons too when it
        # is your turn (two of the named seats are people who are away: their turns take the
        # disconnected grace, so waiting for your turn could take minutes).
        mine = page.evaluate(f"() => {{ const s = window.mesaTable.snapshot; return !!s && ({my_turn_js()}); }}")
        shown = ["[data-hand]", "[data-seat]", *(["[data-actions]"] if mine else [])]
        assert not outside_viewport(page, *shown), size
        assert no_horizontal_scroll(page), size
        context.close()
