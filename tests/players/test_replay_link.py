"""The table's result dialog links to the replay of the match that just ended, for whoever may open it."""

import pytest

from rooms import services
from rooms.live import broadcast
from rooms.models import Room
from tests.rooms.helpers import play_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("public", [True, False])
def test_the_players_get_the_replay_link_once_the_match_is_over_and_a_watcher_of_a_private_room_does_not(
    alice, bob, charlie, public, client
):
    room = services.create_room(alice, "rouba_monte", "Replay link", time_limit=None, is_public=public)
    services.sit(bob, room.code, 1)
    for user in (alice, bob, charlie):  # charlie watches
        services.connect(user, room.code, f"chan-{user.username}")
    services.start_match(alice, room.code)
    during = broadcast.room_snapshots(room.id)
    assert all(snap["you"]["replay_url"] is None for snap in during.values())
    play_match(room, {0: alice, 1: bob})
    room.refresh_from_db()
    assert room.status == Room.Status.MATCH_OVER
    match = room.matches.get()
    url = f"/matches/{match.public_id}/replay/"
    after = broadcast.room_snapshots(room.id)
    assert after[alice.id]["you"]["replay_url"] == url and after[bob.id]["you"]["replay_url"] == url
    assert after[charlie.id]["you"]["replay_url"] == (url if public else None)
    # The link opens for whom it is given to, and is refused (404) for the one it is not.
    client.force_login(charlie)
    assert client.get(url).status_code == (200 if public else 404)
    client.force_login(bob)
    assert client.get(url).status_code == 200
