"""Seat and host rules seen over the room WebSocket: every seat's snapshot says the same."""

import pytest
from channels.db import database_sync_to_async

from rooms import services
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def seat(snapshot, index):
    return snapshot["room"]["seats"][index]


async def open_socket(user, room):
    comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
    assert connected
    snap, _ = await receive_until(comm, lambda m: m["type"] == "snapshot")
    return comm, snap


async def test_crazy_eights_fills_empty_seats_with_bots_and_keeps_a_leavers_bot(alice, bob):
    room = await database_sync_to_async(services.create_room)(
        alice, "crazy_eights", "Oitos", time_limit=None, seat_count=4
    )
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    alice_ws, _ = await open_socket(alice, room)
    bob_ws, _ = await open_socket(bob, room)
    await alice_ws.send_json_to({"action": "start", "id": 1})
    for comm in (alice_ws, bob_ws):
        snap, _ = await receive_until(comm, lambda m: m["room"].get("status") == "playing")
        assert [seat(snap, i)["bot"] for i in range(4)] == [None, None, "normal", "normal"]
        assert [seat(snap, i)["engine_seat"] for i in range(4)] == [0, 1, 2, 3]
    await bob_ws.send_json_to({"action": "leave", "id": 2})
    await receive_until(bob_ws, lambda m: m["type"] == "ack" and m["id"] == 2)
    snap, _ = await receive_until(alice_ws, lambda m: m["type"] == "snapshot" and seat(m, 1)["user_id"] is None)
    assert seat(snap, 1)["bot"] and seat(snap, 1)["stand_in"] and seat(snap, 1)["engine_seat"] == 1
    assert len(snap["view"]["hand_counts"]) == 4  # bob's hand is still at the table, played by the bot
    for comm in (alice_ws, bob_ws):
        await comm.disconnect()


async def test_a_watching_hosts_last_socket_closing_hands_the_room_on_after_the_absence_limit(
    alice, bob, charlie, clock
):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    charlie_ws, _ = await open_socket(charlie, room)
    await database_sync_to_async(services.leave)(alice, room.code)  # charlie, watching, is the host now
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    bob_ws, snap = await open_socket(bob, room)
    assert snap["room"]["host"] == charlie.id and snap["you"]["host"] is False
    await bob_ws.send_json_to({"action": "add_bot", "seat": 2, "level": "easy", "id": 1})
    err, _ = await receive_until(bob_ws, lambda m: m["type"] == "error")
    assert err["code"] == "not_host"
    await charlie_ws.disconnect()  # the host's last socket
    clock.advance(121)
    await database_sync_to_async(services.touch_room_presences)(room.code)
    result = await database_sync_to_async(services.sweep)()
    assert result["hosts"] == 1
    snap, _ = await receive_until(bob_ws, lambda m: m["type"] == "snapshot" and m["room"]["host"] == bob.id)
    assert snap["you"]["host"] is True and snap["room"]["host_name"] == "bob"
    await bob_ws.send_json_to({"action": "add_bot", "seat": 2, "level": "easy", "id": 2})
    await receive_until(bob_ws, lambda m: m["type"] == "ack" and m["id"] == 2)
    await bob_ws.send_json_to({"action": "start", "id": 3})
    await receive_until(bob_ws, lambda m: m["type"] == "snapshot" and m["room"]["status"] == "playing")
    await bob_ws.disconnect()
