"""Ratings through the room services: a real match with a leaver, and the table's seats."""

import pytest

from ratings import method
from ratings.models import Rating, RatingChange
from rooms import services
from rooms.live import broadcast
from rooms.models import Match
from rooms.records.participants import record_match_end
from tests.rooms.conftest import quick_rooms  # noqa: F401  (the short room timings, autouse)
from tests.rooms.helpers import current, play_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_played_match_rates_everyone_once_and_the_leaver_loses(alice, bob):
    """Rouba Monte: alice, bob and two bots are dealt in; bob leaves at once; the rest play to the end."""
    room = services.create_room(alice, "rouba_monte", "Rated", time_limit=None)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "normal")
    services.add_bot(alice, room.code, 3, "hard")
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    play_match(room, {0: alice})
    room.refresh_from_db()
    match, _hand = current(room)
    assert match.status == Match.Status.OVER and match.winners
    changes = {c.user.username: c for c in RatingChange.objects.filter(match=match).select_related("user")}
    assert set(changes) == {"alice", "bob"}
    # Rouba Monte plays on without a leaver's seat: bob is placed behind the three seats held at the end.
    assert (changes["bob"].left, changes["bob"].rank) == (True, 4)
    assert changes["bob"].shown_after < changes["bob"].shown_before == method.INITIAL_SHOWN
    assert (changes["alice"].rank == 1) == ("0" in match.winners)
    assert 1 <= changes["alice"].rank <= 4
    assert Rating.objects.get(user=bob, game="rouba_monte").matches == 1
    # Processing the end again changes nothing.
    record_match_end(match, teams=False)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert Rating.objects.get(user=alice, game="rouba_monte").matches == 1
    # The table shows each seat's rating: people's as stored now, bots' fixed values.
    services.connect(alice, room.code, "chan-alice")
    snapshot = broadcast.room_snapshots(room.id, only_user=alice.id)[alice.id]
    seats = {seat["index"]: seat for seat in snapshot["room"]["seats"]}
    assert seats[0]["rating"] == Rating.objects.get(user=alice, game="rouba_monte").shown
    assert (seats[2]["rating"], seats[3]["rating"]) == (
        method.bot_shown("normal", "rouba_monte"),
        method.bot_shown("hard", "rouba_monte"),
    )
    assert snapshot["room"]["rated"] is True


def test_a_casual_room_rates_nothing(alice, bob):
    room = services.create_room(alice, "crazy_eights", "Casual", time_limit=None, seat_count=3, rated=False)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    assert services.close_room(room.id)
    assert not RatingChange.objects.exists()
