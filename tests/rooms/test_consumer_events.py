"""An event that is not a snapshot (``Table.emit``) reaches every socket of the room once, after commit."""

import pytest
from channels.db import database_sync_to_async

from rooms import services
from rooms.table import open_table
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def emit(code: str, user) -> None:
    with open_table(code, user=user) as t:
        t.emit("chat", text="boa sorte")


async def test_an_emitted_event_reaches_every_socket_of_the_room(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    sockets = []
    for user in (alice, bob):
        comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
        assert connected
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        sockets.append(comm)
    await database_sync_to_async(emit)(room.code, alice)
    for comm in sockets:
        event, _ = await receive_until(comm, lambda m: m["type"] == "event")
        assert event == {"type": "event", "kind": "chat", "text": "boa sorte"}
        await comm.disconnect()
