"""A host's pause once emptied a player's seat and rated her last as a leaver (−173), over the room socket.

The host paused; another player's ``resume`` got ``not_host`` and she closed
her tab; 125 s later, still paused, her seat was emptied; the host resumed and
finished. The seeds' removal still happens, but an absence that falls inside
a host's pause is no leave for ratings (docs/ratings.md); the host who
paused is not excused by their own pause.
"""

import pytest
from channels.db import database_sync_to_async

from ratings.models import RatingChange
from rooms import services
from rooms.models import Match, Participant, PlayerStat, Room
from tests.ratings.sockets import send, socket
from tests.rooms.helpers import play_hand

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def room_timings(settings):
    settings.MESA_EMBEDDED_WORKER = False
    settings.BOT_DELAY_SECONDS = 0
    settings.ABSENCE_GRACE_SECONDS = 120
    settings.EMPTY_ROOM_EXPIRY_SECONDS = 120
    settings.HOST_PAUSE_CAP_SECONDS = 600


@pytest.fixture
def clock(monkeypatch):
    from rooms import clock as room_clock
    from tests.rooms.clock import Clock

    c = Clock()
    monkeypatch.setattr(room_clock, "now", c)
    return c


@database_sync_to_async
def rouba_monte_of(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa", time_limit=None)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    return room


def finish(room, alice):
    """The host resumes and plays the match (one hand) to its end with the bot."""
    services.resume(alice, room.code)
    play_hand(room, alice)
    room.refresh_from_db()
    assert room.status == Room.Status.MATCH_OVER


async def test_an_absence_inside_the_hosts_pause_frees_the_seat_and_is_no_leave(alice, bob, clock):
    room = await rouba_monte_of(alice, bob)
    alice_ws, bob_ws = await socket(alice, room), await socket(bob, room)
    assert await send(alice_ws, 1, action="start") == "ack"
    assert await send(alice_ws, 2, action="pause") == "ack"
    assert await send(bob_ws, 1, action="resume") == "not_host"
    await bob_ws.disconnect()
    clock.advance(125)
    await database_sync_to_async(services.touch_room_presences)(room.code)
    swept = await database_sync_to_async(services.sweep)()
    assert swept["removed"] == 1  # the seeds' removal still happens
    await database_sync_to_async(room.refresh_from_db)()
    assert room.paused and room.pause_reason == "host"
    seats = await database_sync_to_async(lambda: [s.user_id for s in room.seats.order_by("index")])()
    assert bob.id not in seats
    await alice_ws.disconnect()
    await database_sync_to_async(finish)(room, alice)

    match = await database_sync_to_async(Match.objects.get)(room=room)
    assert match.status == Match.Status.OVER
    ended = await database_sync_to_async(
        lambda: list(Participant.objects.filter(match=match, user=bob).values_list("ended", flat=True))
    )()
    assert ended == [Participant.Ended.REMOVED_IN_PAUSE]
    changes = await database_sync_to_async(lambda: {c.user_id: c for c in RatingChange.objects.filter(match=match)})()
    assert bob.id not in changes  # not rated last as a leaver
    assert alice.id in changes
    stats = await database_sync_to_async(lambda: {s.user_id: s for s in PlayerStat.objects.all()})()
    assert (stats[bob.id].played, stats[bob.id].won, stats[bob.id].abandoned) == (1, 0, 0)


async def test_the_host_who_paused_is_not_excused_by_their_own_pause(alice, bob, clock):
    room = await rouba_monte_of(alice, bob)
    alice_ws, bob_ws = await socket(alice, room), await socket(bob, room)
    assert await send(alice_ws, 1, action="start") == "ack"
    assert await send(alice_ws, 2, action="pause") == "ack"
    await alice_ws.disconnect()  # the host pauses a losing match and goes away
    clock.advance(125)
    await database_sync_to_async(services.touch_room_presences)(room.code)
    assert (await database_sync_to_async(services.sweep)())["removed"] == 1
    await bob_ws.disconnect()
    await database_sync_to_async(services.close_room)(room.id)
    match = await database_sync_to_async(Match.objects.get)(room=room)
    changes = await database_sync_to_async(lambda: {c.user_id: c for c in RatingChange.objects.filter(match=match)})()
    assert set(changes) == {alice.id} and changes[alice.id].left
    assert changes[alice.id].shown_after < changes[alice.id].shown_before


async def test_an_absence_that_began_before_the_pause_is_still_a_leave(alice, bob, clock):
    room = await rouba_monte_of(alice, bob)
    alice_ws, bob_ws = await socket(alice, room), await socket(bob, room)
    assert await send(alice_ws, 1, action="start") == "ack"
    await bob_ws.disconnect()
    clock.advance(60)
    assert await send(alice_ws, 2, action="pause") == "ack"
    clock.advance(65)
    await database_sync_to_async(services.touch_room_presences)(room.code)
    assert (await database_sync_to_async(services.sweep)())["removed"] == 1
    await alice_ws.disconnect()
    await database_sync_to_async(services.close_room)(room.id)
    match = await database_sync_to_async(Match.objects.get)(room=room)
    changes = await database_sync_to_async(lambda: {c.user_id: c for c in RatingChange.objects.filter(match=match)})()
    assert set(changes) == {bob.id} and changes[bob.id].left


async def test_leaving_during_a_friends_pause_is_a_leave(alice, bob, clock):
    """Only the absence removal inside the host's pause is excused: a ``leave`` sent while paused is leaving."""
    room = await rouba_monte_of(alice, bob)
    alice_ws, bob_ws = await socket(alice, room), await socket(bob, room)
    assert await send(alice_ws, 1, action="start") == "ack"
    assert await send(alice_ws, 2, action="pause") == "ack"
    assert await send(bob_ws, 1, action="leave") == "ack"  # bob, losing, leaves while his friend paused
    await bob_ws.disconnect()
    await alice_ws.disconnect()
    await database_sync_to_async(finish)(room, alice)
    match = await database_sync_to_async(Match.objects.get)(room=room)
    ended = await database_sync_to_async(
        lambda: list(Participant.objects.filter(match=match, user=bob).values_list("ended", flat=True))
    )()
    assert ended == [Participant.Ended.LEFT]
    changes = await database_sync_to_async(lambda: {c.user_id: c for c in RatingChange.objects.filter(match=match)})()
    assert changes[bob.id].left and changes[bob.id].shown_after < changes[bob.id].shown_before
    stats = await database_sync_to_async(lambda: {s.user_id: s for s in PlayerStat.objects.all()})()
    assert (stats[bob.id].played, stats[bob.id].abandoned) == (1, 1)
