"""Room events everyone at the table sees (rooms/room_events.py): each reaches the other people's
sockets through the real snapshot path, stays in the room for a client that reconnects, names who
did or suffered it, and a closed room ends its sockets with the documented close code."""

import pytest
from channels.db import database_sync_to_async

from rooms import services
from rooms.live.consumers import CLOSE_ROOM_CLOSED
from tests.rooms.wsclient import closed_with, connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


def events_in(msg):
    return msg["type"] == "snapshot" and "events" in msg["room"]


async def seated_socket(user, room):
    comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
    assert connected
    first, _ = await receive_until(comm, lambda m: m["type"] == "snapshot")
    return comm, first


async def event_seen(comm, code):
    """The next snapshot whose events end with ``code``: what the page announces."""
    msg, _ = await receive_until(comm, lambda m: events_in(m) and m["room"]["events"] and
                                 m["room"]["events"][-1]["code"] == code)  # fmt: skip
    return msg["room"]["events"][-1]


@pytest.fixture
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


async def bob_at_alices_room(alice, bob, game="rouba_monte"):
    """alice's room with bob seated at seat 1 and his socket open: (room, bob's socket)."""
    room = await database_sync_to_async(services.create_room)(alice, game, "Mesa")
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    bob_ws, _ = await seated_socket(bob, room)
    return room, bob_ws


@pytest.mark.asyncio
async def test_the_host_leaving_is_announced_to_the_others_from_whom_to_whom_and_why(alice, bob, no_embedded_worker):
    room, bob_ws = await bob_at_alices_room(alice, bob)
    alice_ws, _ = await seated_socket(alice, room)
    await database_sync_to_async(services.leave)(alice, room.code)
    event = await event_seen(bob_ws, "host_changed")
    assert event["params"] == {"reason": "left", "from": {"name": "alice"}, "to": {"name": "bob"}}
    assert event["text"]["pt-br"] and event["text"]["en"] == "alice left: bob is now the host."
    # A socket that connects later (a reload, a reconnect) reads it from its first snapshot.
    again, first = await seated_socket(bob, room)
    assert first["room"]["events"][-1]["id"] == event["id"]
    for comm in (alice_ws, bob_ws, again):
        await comm.disconnect()


@pytest.mark.asyncio
async def test_a_host_power_reaches_the_other_person_at_the_table(alice, bob, no_embedded_worker):
    room, bob_ws = await bob_at_alices_room(alice, bob, "buraco")
    await database_sync_to_async(services.move_seat)(alice, room.code, 1, 2)
    event = await event_seen(bob_ws, "seat_moved")
    assert event["params"]["name"] == {"name": "bob"}
    await database_sync_to_async(services.add_bot)(alice, room.code, 1, "hard")
    assert (await event_seen(bob_ws, "bot_added"))["params"]["level"] == "hard"
    await database_sync_to_async(services.add_bot)(alice, room.code, 3, "easy")
    await database_sync_to_async(services.start_match)(alice, room.code)
    event = await event_seen(bob_ws, "match_started")
    assert event["params"] == {"number": 1, "abandoned": False, "by": {"name": "alice"}}
    await bob_ws.disconnect()


@pytest.mark.asyncio
async def test_the_host_closing_the_room_closes_every_socket_with_the_documented_code(alice, bob, no_embedded_worker):
    room, bob_ws = await bob_at_alices_room(alice, bob)
    await database_sync_to_async(services.close_by_host)(alice, room.code)
    msg, _ = await receive_until(bob_ws, lambda m: m["type"] == "event")
    assert msg["kind"] == "room_closed"
    code, _ = await closed_with(bob_ws)
    assert code == CLOSE_ROOM_CLOSED
    # Coming back to a closed room: told so, and closed with the same code.
    late, connected, _ = await connect(bob, f"/ws/rooms/{room.code}/")
    code, errors = await closed_with(late)
    assert code == CLOSE_ROOM_CLOSED and errors[0]["code"] == "room_closed"


@pytest.mark.asyncio
async def test_staff_pausing_resuming_and_closing_are_announced(alice, bob, no_embedded_worker):
    room, bob_ws = await bob_at_alices_room(alice, bob)
    await database_sync_to_async(services.staff_pause)(room.id)
    assert (await event_seen(bob_ws, "staff_paused"))["text"]["en"] == "The site's staff paused the room."
    await database_sync_to_async(services.staff_resume)(room.id)
    await event_seen(bob_ws, "staff_resumed")
    await database_sync_to_async(services.close_room)(room.id)
    event = await event_seen(bob_ws, "room_closed")
    assert event["params"] == {"by_staff": True}
    code, _ = await closed_with(bob_ws)
    assert code == CLOSE_ROOM_CLOSED


def test_a_person_removed_after_the_absence_is_announced_with_the_host_role_passing(alice, bob, clock):
    room = services.create_room(alice, "crazy_eights", "Mesa")
    services.sit(bob, room.code, 1)
    services.connect(alice, room.code, "chan-alice")
    services.connect(bob, room.code, "chan-bob")
    services.start_match(alice, room.code)
    room.refresh_from_db()
    assert [e["code"] for e in room.events] == ["match_started", "bots_filled"]  # the empty seats' bots
    assert room.events[-1]["params"] == {"seats": [2, 3]}
    services.disconnect("chan-alice")
    clock.advance(121)
    services.touch_room_presences(room.code)
    services.sweep()
    room.refresh_from_db()
    got = {e["code"]: e["params"] for e in room.events}
    assert got["removed_absent"] == {"name": {"name": "alice"}, "seat": 0}
    assert got["stand_in"] == {"name": {"name": "alice"}, "seat": 0}
    assert got["host_changed"] == {"reason": "absent", "from": {"name": "alice"}, "to": {"name": "bob"}}
    assert room.host == bob


def test_the_room_keeps_its_latest_events_with_increasing_ids(alice):
    from rooms.room_events import KEEP

    room = services.create_room(alice, "rouba_monte", "Mesa")
    for n in range(KEEP + 3):
        services.set_options(alice, room.code, time_limit=(15, 30)[n % 2])
    room.refresh_from_db()
    ids = [e["id"] for e in room.events]
    assert len(ids) == KEEP and ids == list(range(4, KEEP + 4))


@pytest.mark.asyncio
async def test_over_the_socket_seats_are_swapped_before_a_match_and_refused_during_it(alice, bob, no_embedded_worker):
    room, bob_ws = await bob_at_alices_room(alice, bob)
    alice_ws, _ = await seated_socket(alice, room)
    await alice_ws.send_json_to({"action": "swap_seats", "id": "s1", "seat": 0, "other": 1})
    ack, _ = await receive_until(alice_ws, lambda m: m.get("id") == "s1" and m["type"] in ("ack", "error"))
    assert ack["type"] == "ack"
    assert (await event_seen(bob_ws, "seats_swapped"))["params"]["seat"] == 0
    await alice_ws.send_json_to({"action": "start", "id": "s2"})
    await receive_until(alice_ws, lambda m: m.get("id") == "s2")
    for action, fields in (("swap_seats", {"seat": 0, "other": 1}), ("move_seat", {"seat": 0, "to": 2})):
        await alice_ws.send_json_to({"action": action, "id": action, **fields})
        refusal, _ = await receive_until(alice_ws, lambda m, name=action: m.get("id") == name)
        assert refusal["type"] == "error" and refusal["code"] == "seats_locked"
    await bob_ws.send_json_to({"action": "close_room", "id": "c1"})
    refusal, _ = await receive_until(bob_ws, lambda m: m.get("id") == "c1")
    assert refusal["code"] == "not_host"
    for comm in (alice_ws, bob_ws):
        await comm.disconnect()
