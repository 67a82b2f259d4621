"""An honest connection, on the server's side: silent sockets closed, absences counted down, moves told.

A socket whose network went away may never close by itself; the server pings
a silent one and closes it with 4408 when the ping goes unanswered, so its
presence ends and the absence clock starts. A seat's snapshot says when the
absent person will be removed, and a person coming back is told how many moves
the server made for them meanwhile (docs/protocol.md "Heartbeat").
"""

import asyncio
from datetime import datetime, timedelta

import pytest
from channels.db import database_sync_to_async
from django.conf import settings

from rooms import services
from rooms.actions.presence import automatic_moves_since
from rooms.live import broadcast
from rooms.live.snapshots import epoch_ms
from rooms.models import Presence, Room, Seat
from tests.rooms.helpers import current, turn_seat
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


def two_people(alice, bob, **kw):
    room = services.create_room(alice, "rouba_monte", "Mesa", **kw)
    services.sit(bob, room.code, 1)
    services.connect(alice, room.code, "chan-alice")
    services.connect(bob, room.code, "chan-bob")
    services.start_match(alice, room.code)
    room.refresh_from_db()
    return room


def test_the_count_takes_only_that_seats_automatic_moves_since_the_moment():
    since = "2026-01-01T10:00:00+00:00"
    moves = [
        {"seat": 0, "auto": True, "at": "2026-01-01T09:59:59+00:00"},  # before: not counted
        {"seat": 0, "auto": True, "at": since},
        {"seat": 0, "auto": False, "at": "2026-01-01T10:00:05+00:00"},  # the person's own move
        {"seat": 1, "auto": True, "at": "2026-01-01T10:00:06+00:00"},  # another seat's
        {"seat": 0, "auto": True, "at": "2026-01-01T10:00:07+00:00"},
    ]
    moment = datetime.fromisoformat(since)
    # Room seat 2 was engine seat 0 in this hand, and is not in the second hand at all.
    assert automatic_moves_since([([2, 5], moves), ([5, 7], moves)], 2, moment) == 2
    assert automatic_moves_since([([2, 5], moves)], 5, moment) == 1
    assert automatic_moves_since([([2, 5], moves)], 3, moment) == 0


def test_a_person_coming_back_is_told_the_moves_made_for_them(alice, bob, clock):
    room = two_people(alice, bob)
    mover = alice if turn_seat(room) == 0 else bob
    channel = f"chan-{mover.username}"
    services.disconnect(channel)
    clock.advance(31)  # the absence's grace runs out: the server moves for them
    assert services.sweep()["fired"] == 1
    _m, hand = current(room)
    assert hand.moves[-1]["auto"] is True
    back = services.connect(mover, room.code, channel + "-back")
    assert back.away_auto_moves >= 1
    assert back.away_auto_moves == sum(1 for m in hand.moves if m["auto"] and m["seat"] == hand.moves[-1]["seat"])
    # The other person, present all along, is told nothing.
    other = bob if mover is alice else alice
    assert services.connect(other, room.code, "chan-other-2").away_auto_moves == 0


def test_a_page_that_lost_its_socket_unnoticed_is_told_too(alice, bob, clock):
    """The server had not noticed the loss (no absence): the page's last frame dates the count."""
    room = two_people(alice, bob, time_limit=15)
    mover = alice if turn_seat(room) == 0 else bob
    seen = epoch_ms(clock.now)
    clock.advance(16)
    assert services.sweep()["fired"] == 1
    # Without the page's hint nothing is told: the person was present for the server.
    assert services.connect(mover, room.code, "chan-again").away_auto_moves == 0
    assert services.connect(mover, room.code, "chan-third", seen_ms=seen).away_auto_moves == 1
    clock.advance(1)  # a page that heard the server after the move is told nothing
    assert services.connect(mover, room.code, "chan-fourth", seen_ms=epoch_ms(clock.now)).away_auto_moves == 0


def test_an_absent_seat_carries_when_it_will_be_removed(alice, bob, clock):
    room = two_people(alice, bob)
    services.disconnect("chan-bob")
    seat = Seat.objects.get(room=room, index=1)
    snaps = broadcast.room_snapshots(room.id, alice.id)
    seats = snaps[alice.id]["room"]["seats"]
    expected = seat.absent_since + timedelta(seconds=settings.ABSENCE_GRACE_SECONDS)
    assert seats[1]["removal_at"] == epoch_ms(expected)
    assert seats[0]["removal_at"] is None
    services.connect(bob, room.code, "chan-bob-back")
    seats = broadcast.room_snapshots(room.id, alice.id)[alice.id]["room"]["seats"]
    assert seats[1]["removal_at"] is None


@database_sync_to_async
def presences(room: Room) -> int:
    return Presence.objects.filter(room=room).count()


@database_sync_to_async
def absent_since(room: Room, index: int):
    return Seat.objects.get(room=room, index=index).absent_since


@pytest.fixture
def quick_pings(settings):
    settings.MESA_EMBEDDED_WORKER = False
    settings.SERVER_PING_SECONDS = 0.2
    settings.SERVER_PONG_SECONDS = 0.2


@pytest.mark.asyncio
async def test_the_server_closes_a_silent_socket_and_its_presence_ends(alice, quick_pings):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa", time_limit=None)
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    assert await presences(room) == 1
    ping, _ = await receive_until(comm, lambda m: m["type"] == "ping", timeout=10)
    assert ping == {"type": "ping"}
    out = await comm.receive_output(timeout=10)  # nothing answered: the socket is closed
    assert out == {"type": "websocket.close", "code": 4408}
    assert await presences(room) == 0
    assert await absent_since(room, 0) is not None  # the absence clock runs


@pytest.mark.asyncio
async def test_a_socket_that_answers_the_servers_ping_stays_open(alice, quick_pings):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa", time_limit=None)
    comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    for _ in range(3):
        await receive_until(comm, lambda m: m["type"] == "ping", timeout=10)
        await comm.send_json_to({"action": "pong"})
    await comm.send_json_to({"action": "ping", "id": "still"})
    pong, _ = await receive_until(comm, lambda m: m["type"] == "pong", timeout=10)
    assert pong["id"] == "still"
    assert await presences(room) == 1
    await comm.disconnect()
    assert await presences(room) == 0


@pytest.mark.asyncio
async def test_the_lobby_closes_a_silent_socket(alice, quick_pings):
    comm, connected, _ = await connect(alice, "/ws/lobby/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "ping", timeout=10)
    out = None
    while out is None or out["type"] != "websocket.close":
        out = await comm.receive_output(timeout=10)
    assert out["code"] == 4408


@pytest.mark.asyncio
async def test_the_away_frame_follows_the_snapshot_of_a_returning_socket(alice, bob, clock):
    room = await database_sync_to_async(two_people)(alice, bob, time_limit=15)
    mover = alice if await database_sync_to_async(turn_seat)(room) == 0 else bob
    seen = epoch_ms(clock.now)
    clock.advance(16)
    assert (await database_sync_to_async(services.sweep)())["fired"] == 1
    comm, _, _ = await connect(mover, f"/ws/rooms/{room.code}/?seen={seen}")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    away, _ = await receive_until(comm, lambda m: m["type"] == "away")
    assert away == {"type": "away", "auto_moves": 1}
    await comm.disconnect()
    await asyncio.sleep(0)
