"""Deleting an account closes every socket of that person and frees their seat, while the others play on."""

import pytest
from channels.db import database_sync_to_async

from players import erasure
from rooms import services
from rooms.models import Seat
from tests.rooms.wsclient import closed_with, connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


async def test_a_deleted_account_loses_its_sockets_and_its_seat(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa", time_limit=None)
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    theirs = [(await connect(bob, f"/ws/rooms/{room.code}/"))[0] for _ in range(2)]
    mine, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    for comm in [*theirs, mine]:
        await receive_until(comm, lambda m: m["type"] == "snapshot")
    await database_sync_to_async(erasure.erase)(bob)
    for comm in theirs:
        assert (await closed_with(comm))[0] == 4401
    # Alice is told through the room's normal path: a snapshot with seat 2 empty.
    snapshot, _ = await receive_until(
        mine, lambda m: m["type"] == "snapshot" and m["room"]["seats"][1]["user_id"] is None
    )
    assert snapshot["room"]["seats"][1]["name"] is None
    assert not await database_sync_to_async(Seat.objects.filter(user=bob).exists)()
    await mine.disconnect()
