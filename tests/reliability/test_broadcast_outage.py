"""An action whose broadcast fails after commit (the channel layer is away) is still acknowledged.

The move is saved when the on-commit broadcast raises; the socket must neither
be closed nor told that nothing happened. Clients catch up with the next
snapshot (the consumer sends one after an outage, and on every reconnection).
"""

import asyncio

import pytest
import redis
from channels.db import database_sync_to_async

from config import realtime
from rooms import services
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def test_an_action_is_acknowledged_when_its_broadcast_fails(alice, monkeypatch):
    async def scenario():
        room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa", time_limit=None)
        comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        await receive_until(comm, lambda m: m["type"] == "snapshot")

        def layer_down(sends):
            raise redis.exceptions.ConnectionError("Connection closed by server.")

        monkeypatch.setattr(realtime, "group_send_many", layer_down)
        await comm.send_json_to({"action": "add_bot", "id": "b1", "seat": 1, "level": "easy"})
        answer, _ = await receive_until(comm, lambda m: m["type"] in ("ack", "error"))
        saved = await database_sync_to_async(lambda: room.seats.get(index=1).bot_level)()
        assert saved == "easy"  # committed: the answer must not say otherwise
        assert answer["type"] == "ack", answer
        await comm.send_json_to({"action": "ping", "id": "p"})
        await receive_until(comm, lambda m: m["type"] == "pong")
        await comm.disconnect()

    asyncio.run(scenario())
