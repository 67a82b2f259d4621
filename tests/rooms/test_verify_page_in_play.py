"""The verify page of a match still being played says plainly what can be checked now, and when the rest comes.

It once said "agora a semente é revelada" above a red box saying the seed is
revealed only at the end (a profile links to it while the match is played).
"""

import pytest
from django.urls import reverse

from rooms import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["pt-br", "en"])
def test_a_match_in_play_offers_its_fingerprint_now_and_the_seed_at_the_end(client, alice, language):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    match = room.matches.get()
    client.force_login(alice)
    page = client.get(reverse("rooms:verify", args=[match.public_id]), headers={"accept-language": language})
    html = page.content.decode()
    assert page.status_code == 200
    assert match.fingerprint in html
    assert match.seed not in html
    assert 'id="verify-in-play"' in html and "verify-summary--bad" not in html
    if language == "pt-br":
        assert "agora a semente é revelada" not in html
        assert "impressão digital" in html and "Quando a partida terminar" in html
    else:
        assert "the seed is shown now" not in html
        assert "fingerprint" in html and "When the match ends" in html
