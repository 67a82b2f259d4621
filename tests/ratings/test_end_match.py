"""Ending a match early is a host power in every game, and it never erases a loss.

Over the room socket: the host's ``end_match`` (Buraco too, once refused) ends
the match early, recorded as ended by the host; everyone seated is rated on the
standings of that moment and the host as having left it; statistics and the
profile say so, and the table is told. Closing the room mid-match costs the
host the same (it once erased the loss as ``new_match`` did). The rule for every
way a match can end: tests/ratings/test_early_end.py.
"""

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from players.records import recent_matches
from ratings.models import Rating, RatingChange
from rooms import services
from rooms.models import Match, PlayerStat, Room
from tests.ratings.sockets import send, socket
from tests.rooms.wsclient import receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def english(read, *args):
    with translation.override("en"):
        return read(*args)


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


@database_sync_to_async
def room_of(alice, bob, game):
    room = services.create_room(alice, game, "Mesa", time_limit=None)
    services.sit(bob, room.code, 1)
    for seat in range(2, 4):
        services.add_bot(alice, room.code, seat, "hard")
    return room


@database_sync_to_async
def outcome_of(alice, bob, room):
    match = Match.objects.get(room=room, number=1)
    changes = list(RatingChange.objects.filter(match=match))
    bobs = list(Rating.objects.filter(user=bob).values_list("shown", "matches"))
    stats = {s.user_id: (s.played, s.won, s.abandoned) for s in PlayerStat.objects.all()}
    return match, changes, bobs, stats


@pytest.mark.parametrize("game", ["buraco", "crazy_eights", "rouba_monte", "stealing_bundles"])
async def test_the_host_ends_a_match_early_in_every_game_and_is_rated_as_having_left(alice, bob, game):
    room = await room_of(alice, bob, game)
    alice_ws, bob_ws = await socket(alice, room), await socket(bob, room)
    assert await send(alice_ws, 1, action="start") == "ack"
    assert await send(bob_ws, 1, action="end_match") == "not_host"
    assert await send(alice_ws, 2, action="end_match") == "ack"
    announced, _ = await receive_until(
        bob_ws,
        lambda m: m["type"] == "snapshot" and any(e["code"] == "match_ended" for e in m["room"].get("events", [])),
    )
    event = next(e for e in announced["room"]["events"] if e["code"] == "match_ended")
    assert "counts as leaving" in event["text"]["en"] and event["text"]["pt-br"]
    assert announced["room"]["status"] == "match_over"
    assert await send(alice_ws, 3, action="end_match") == "no_match_to_end"
    await alice_ws.disconnect()
    await bob_ws.disconnect()

    match, changes, bobs, stats = await outcome_of(alice, bob, room)
    assert (match.status, match.ended_by_id) == (Match.Status.ABANDONED, alice.id)
    assert sorted((c.user_id, c.left) for c in changes) == [(alice.id, True), (bob.id, False)]
    hosts = next(c for c in changes if c.user_id == alice.id)
    assert hosts.shown_after < hosts.shown_before
    assert [matches for _shown, matches in bobs] == [1]  # bob is rated on the standings of then
    assert stats == {alice.id: (1, 0, 1), bob.id: (1, 0, 0)}
    lines = await database_sync_to_async(lambda: (recent_matches(alice)[0], english(recent_matches, bob)[0]))()
    assert lines[0].ended_by == alice.shown_name and lines[1].ended_by == alice.shown_name
    assert lines[0].outcome == "abandoned" and lines[1].outcome == "no_result"
    assert "standings" in lines[1].outcome_label
    room_now = await database_sync_to_async(Room.objects.get)(pk=room.pk)
    assert room_now.status == Room.Status.MATCH_OVER and room_now.deadline is None


async def test_closing_the_room_mid_match_rates_the_host_as_having_left(alice, bob):
    room = await room_of(alice, bob, "rouba_monte")
    alice_ws = await socket(alice, room)
    assert await send(alice_ws, 1, action="start") == "ack"
    assert await send(alice_ws, 2, action="close_room") == "ack"
    match, changes, bobs, stats = await outcome_of(alice, bob, room)
    assert match.ended_by_id == alice.id
    assert sorted((c.user_id, c.left) for c in changes) == [(alice.id, True), (bob.id, False)]
    assert [matches for _shown, matches in bobs] == [1]
    assert stats == {alice.id: (1, 0, 1), bob.id: (1, 0, 0)}
