"""Ratings through the room services: a real Buraco match with a leaver, and the table's seats."""

import pytest

from ratings import method
from ratings.models import Rating, RatingChange
from rooms import broadcast, services
from rooms.models import Match
from tests.records.conftest import play_leaver_match
from tests.rooms.conftest import quick_rooms  # noqa: F401  (the short room timings, autouse)

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_played_match_rates_everyone_once_and_the_leaver_loses(alice, bob, charlie):
    room, match = play_leaver_match(alice, bob, charlie)
    assert match.status == Match.Status.OVER
    changes = {c.user.username: c for c in RatingChange.objects.filter(match=match).select_related("user")}
    assert set(changes) == {"alice", "bob", "charlie"}
    assert changes["bob"].left and changes["bob"].rank == 3
    assert changes["bob"].shown_after < changes["bob"].shown_before == method.INITIAL_SHOWN
    winners = {"alice" if "0" in match.winners else "charlie"}
    assert {name for name, c in changes.items() if c.rank == 1} == winners
    assert Rating.objects.get(user=bob, game="buraco").matches == 1
    # The table shows each seat's rating: people's as stored now, bots' fixed values.
    services.connect(alice, room.code, "chan-alice")
    snapshot = broadcast.room_snapshots(room.id, only_user=alice.id)[alice.id]
    seats = {seat["index"]: seat for seat in snapshot["room"]["seats"]}
    assert seats[0]["rating"] == Rating.objects.get(user=alice, game="buraco").shown
    assert seats[1]["rating"] == method.bot_shown("easy")
    assert snapshot["room"]["rated"] is True


def test_a_casual_room_rates_nothing(alice, bob):
    room = services.create_room(alice, "crazy_eights", "Casual", time_limit=None, seat_count=3, rated=False)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    assert services.close_room(room.id)
    assert not RatingChange.objects.exists()
