"""A Crazy Eights match whose only person left between hands ends, and the result dialog says why (390x844 touch).

The leaver stays to watch: the dialog reads "Nenhuma pessoa ficou para jogar a
partida: ela terminou sem resultado." with their rating's fall, not a bare
"Sem vencedor", and the table's log has the room event.
"""

import pytest
from conftest import logged_in, no_horizontal_scroll, result_dialog_in_view, shot, table_rows, unique, wait_snapshot

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

HAND_OVER = """
from django.conf import settings
from django.contrib.auth import get_user_model
from rooms import services
from rooms.models import Room
from tests.rooms.helpers import play_hand
settings.BOT_DELAY_SECONDS = 0
u = get_user_model().objects.get(username={name!r})
for _ in range(5):
    r = services.create_room(u, "crazy_eights", "Sozinho", time_limit=None, options={{"target": 200}})
    services.start_match(u, r.code)
    play_hand(r, u)
    r.refresh_from_db()
    if r.status == Room.Status.HAND_OVER:
        break
    services.close_by_host(u, r.code)
print("CODE" + r.code)
"""


def test_the_only_person_leaving_between_hands_reads_why_the_match_ended(server, browser):
    name = unique("solo")
    context, page, _ = logged_in(browser, server, name, viewport=(390, 844), touch=True)
    context.add_cookies([{"name": "django_language", "value": "pt-br", "domain": "127.0.0.1", "path": "/"}])
    out = manage_shell(server.env, HAND_OVER.format(name=name))
    code = next(x for x in out.splitlines() if x.startswith("CODE"))[4:]
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.status === 'hand_over'")
    page.evaluate("() => window.mesaTable.send('leave', {})")
    snap = wait_snapshot(page, "s.room.status === 'match_over' && s.room.match && s.room.match.ratings.length === 1")
    assert snap["room"]["match"]["deserted"]
    result_dialog_in_view(page)
    words = "Nenhuma pessoa ficou para jogar a partida: ela terminou sem resultado."
    assert page.inner_text("#result .result__winners") == words
    rows = table_rows(page, "#result table.result__ratings tbody tr")
    assert len(rows) == 1 and rows[0][1].startswith("\u2212"), rows  # leaving cost the leaver
    # The scores name who played the seat then, not the seat as it is now (empty: "Cadeira 1"), and
    # the way the rating lines name the reader: "name (você)".
    scores = table_rows(page, "#result table.result__scores tbody tr")
    you = page.evaluate("() => window.mesaTable.S.you")
    assert scores[0][0] == f"{name} ({you})" and rows[0][0].startswith(scores[0][0]), (scores, rows)
    page.wait_for_function("() => (window.mesaTable.roomEvents || []).some((e) => e.code === 'match_deserted')")
    assert no_horizontal_scroll(page)
    shot(page, "match_deserted_phone")
    context.close()
