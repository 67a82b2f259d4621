"""A block at the table: the blocker's sockets get none of the blocked person's chat lines; everyone else's do."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from friends import relations
from rooms import services
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def joined(user, code):
    comm, connected, _ = await connect(user, f"/ws/rooms/{code}/")
    assert connected
    snapshot, _ = await receive_until(comm, lambda m: m["type"] == "snapshot")
    return comm, snapshot


async def no_chat(comm) -> None:
    """A room socket that got no chat line: everything queued before the pong of a ping is something else."""
    await comm.send_json_to({"action": "ping", "id": "p"})
    _pong, before = await receive_until(comm, lambda m: m["type"] == "pong")
    assert not [m for m in before if m.get("kind") == "chat"]


async def test_the_blocker_does_not_receive_the_blocked_persons_line_but_the_others_do(alice, bob, charlie):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    await database_sync_to_async(relations.block)(alice, bob.id)
    a, _ = await joined(alice, room.code)
    b, _ = await joined(bob, room.code)
    c, _ = await joined(charlie, room.code)
    await b.send_json_to({"action": "chat", "id": 1, "text": "oi"})
    for comm in (b, c):
        event, _ = await receive_until(comm, lambda m: m["type"] == "event" and m["kind"] == "chat")
        assert event["text"] == "oi" and event["user_id"] == bob.id
    await no_chat(a)
    # One-way: the blocked person still reads the blocker.
    await a.send_json_to({"action": "chat", "id": 2, "text": "olá"})
    event, _ = await receive_until(b, lambda m: m["type"] == "event" and m["kind"] == "chat")
    assert event["text"] == "olá"
    # A new page of the blocker: the history leaves the line out too.
    await a.disconnect()
    a, snapshot = await joined(alice, room.code)
    assert [m["text"] for m in snapshot["chat"]] == ["olá"]
    await asyncio.gather(a.disconnect(), b.disconnect(), c.disconnect())
