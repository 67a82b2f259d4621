"""The admin read in pt-BR in a browser: a match's page, read-only, shows no "Adicionar outro(a) Mão" under its
hands (nor a room's page under its seats), and the index's change links read "Modificar"."""

import pytest
from conftest import create_room, logged_in, unique

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STAFF_AND_MATCH = """
from django.contrib.auth import get_user_model
from rooms.models import Match, Room
get_user_model().objects.filter(username=STAFF).update(is_staff=True, is_superuser=True)
room = Room.objects.get(code=CODE)
print("IDS" + f"{room.pk},{Match.objects.filter(room=room).latest('pk').pk}")
"""


def test_the_read_only_pages_offer_nothing_to_add_in_portuguese(server, browser):
    name = unique("adminpt")
    context, page, _ = logged_in(browser, server, name)
    context.add_cookies([{"name": "django_language", "value": "pt-br", "url": server.base}])
    code = create_room(server, name, "buraco", bots=3, start=True)
    out = manage_shell(server.env, f"STAFF = {name!r}\nCODE = {code!r}\n" + STAFF_AND_MATCH)
    room_id, match_id = next(x for x in out.splitlines() if x.startswith("IDS"))[3:].split(",")
    for path in (f"/admin/rooms/match/{match_id}/change/", f"/admin/rooms/room/{room_id}/change/"):
        page.goto(server.base + path)
        page.wait_for_selector("#content")
        assert page.locator(".inline-group").count() >= 1, path
        assert page.get_by_text("Adicionar outro").filter(visible=True).count() == 0, path
        assert page.locator(".inline-group .add-row, .inline-group a.addlink").filter(visible=True).count() == 0, path
    page.goto(server.base + "/admin/")
    assert page.locator("a.changelink").filter(visible=True).first.inner_text() == "Modificar"
    assert page.get_by_text("Variação").count() == 0
    context.close()
