"""verify.json of a finished Crazy Eights match: the recorded end of each hand, for the browser's replay."""

import pytest
from django.urls import reverse

from games import fair, registry
from rooms import services
from tests.rooms.helpers import engine_options, play_hand, play_match

pytestmark = pytest.mark.django_db(transaction=True)

# What the verify page compares of a finished Crazy Eights hand, as the game declares it.
CRAZY_EIGHTS_FINAL = registry.spec("crazy_eights").verify_final


def test_crazy_eights_hands_carry_their_recorded_end(client, alice):
    room = engine_options(services.create_room(alice, "crazy_eights", "Mesa", time_limit=None, seat_count=3), target=1)
    for seat in (1, 2):
        services.add_bot(alice, room.code, seat, "easy")
    services.start_match(alice, room.code)
    play_match(room, alice)
    match = room.matches.get()
    client.force_login(alice)
    data = client.get(reverse("rooms:verify_data", args=[match.public_id])).json()
    engine = registry.get("crazy_eights")
    assert data["hands"]
    for hand in data["hands"]:
        assert set(hand["final"]) == set(CRAZY_EIGHTS_FINAL)
        # What the page's replay must reach: the engine's replay of the logged moves from the seed.
        state = fair.replay(
            "crazy_eights",
            hand["players"],
            hand["dealer"],
            hand["options"],
            data["stream_key"],
            hand["moves"],
            hand=hand["number"],
        )
        assert hand["final"] == {name: engine.to_json(state)[name] for name in CRAZY_EIGHTS_FINAL}
    assert all(check["ok"] for check in data["server_check"])


def test_other_games_have_no_final(client, alice):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    play_hand(room, alice)
    match = room.matches.get()
    client.force_login(alice)
    data = client.get(reverse("rooms:verify_data", args=[match.public_id])).json()
    assert "final" not in data["hands"][0]
