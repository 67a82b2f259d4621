"""A player's finished matches, opened from their page, on a phone and a desktop.

The hooks (docs/ui.md): the player page's ``a[data-matches-link]`` and one
``[data-match="<public_id>"]`` per finished match, each with its verify link; the
page never scrolls sideways at 390 px, long names and all.
"""

import json

import pytest
from conftest import logged_in, no_horizontal_scroll, shot, unique

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

MATCHES = """
from django.contrib.auth import get_user_model
from django.utils import timezone
from rooms.models import Match, Participant, Room
User = get_user_model()
player, other = User.objects.get(username={player!r}), User.objects.get(username={other!r})
other.display_name = "Um nome de jogador bem comprido que precisa quebrar"
other.save()
room = Room.objects.create(game="crazy_eights", name="Sala com um nome longo para a tela do celular", seat_count=3)
ids = []
for number, status in [(1, "over"), (2, "abandoned"), (3, "playing")]:
    m = Match.objects.create(room=room, number=number, game="crazy_eights", seed=f"{{number:064x}}",
                             fingerprint="f" * 64, status=status, winners=["0"] if status == "over" else [])
    for seat, person in enumerate([player, other, None]):
        Participant.objects.create(match=m, hand_number=1, seat=seat, engine_seat=seat, user=person,
                                   name=person.shown_name if person else "", bot_level="" if person else "hard",
                                   started_at=timezone.now())
    m.players.add(player, other)
    ids.append(m.public_id)
print("JSON" + json.dumps(ids))
"""


@pytest.mark.parametrize(("viewport", "touch"), [((390, 844), True), ((1280, 800), False)])
def test_a_players_finished_matches_from_their_page(server, browser, viewport, touch):
    reader, player = unique("leitor"), unique("jogador")
    context, page, _ = logged_in(browser, server, reader, viewport=viewport, touch=touch)
    player_id = make_users(server.env, player)[player]["id"]
    out = manage_shell(server.env, "import json\n" + MATCHES.format(player=player, other=reader))
    over, abandoned, playing = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])

    page.goto(f"{server.base}/players/{player_id}/")
    link = page.locator("a[data-matches-link]")
    link.wait_for()
    assert no_horizontal_scroll(page)
    link.click()
    page.wait_for_url(f"{server.base}/players/{player_id}/matches/")
    rows = page.locator("[data-match]")
    rows.first.wait_for()
    assert [rows.nth(i).get_attribute("data-match") for i in range(rows.count())] == [abandoned, over]
    assert page.locator(f'[data-match="{playing}"]').count() == 0
    verify = page.locator(f'[data-match="{over}"] a[data-match-verify]')
    assert verify.get_attribute("href") == f"/matches/{over}/verify/"
    assert "Crazy Eights" in rows.first.inner_text()
    assert no_horizontal_scroll(page)
    shot(page, f"player_matches_{'phone' if touch else 'desktop'}")
    context.close()
