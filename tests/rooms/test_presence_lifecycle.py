"""A presence ends with its socket on every way out, and only a live socket keeps one fresh.

Ghost presences (issue 16, medium 3): a socket that died without its clean-up
(an exception in a handler, daphne cancelling a socket that took too long to
close, a server stopping) left its presence, and its refresh task kept it
fresh for ever, so the room never paused or expired and its players never got
the disconnected grace.
"""

import asyncio

import pytest
from channels.db import database_sync_to_async

from rooms import services
from rooms.live.consumers import RoomConsumer
from rooms.models import Presence, Room
from tests.rooms.wsclient import closed_with, connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def quick_refresh(settings):
    settings.MESA_EMBEDDED_WORKER = False
    settings.PRESENCE_REFRESH_SECONDS = 0.01  # the refresh loop turns all the time: any survivor would show


def refresh_tasks() -> list[asyncio.Task]:
    return [t for t in asyncio.all_tasks() if not t.done() and "RoomConsumer.refresh_presence" in repr(t.get_coro())]


@database_sync_to_async
def presences(room: Room) -> int:
    return Presence.objects.filter(room=room).count()


@database_sync_to_async
def reloaded(room: Room) -> Room:
    return Room.objects.get(pk=room.pk)


async def open_table(user, room):
    comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    return comm


async def new_room(host):
    return await database_sync_to_async(services.create_room)(host, "rouba_monte", "Mesa", time_limit=None)


async def test_a_socket_whose_handler_raises_leaves_no_presence(alice, monkeypatch):
    room = await new_room(alice)
    comm = await open_table(alice, room)
    assert await presences(room) == 1 and len(refresh_tasks()) == 1

    async def boom(self, msg):
        raise RuntimeError("a handler failed")

    monkeypatch.setattr(RoomConsumer, "handle", boom)
    await comm.send_json_to({"action": "ping"})
    await asyncio.wait({comm.future}, timeout=10)
    assert comm.future.done() and isinstance(comm.future.exception(), RuntimeError)
    assert await presences(room) == 0
    assert refresh_tasks() == []
    room = await reloaded(room)
    assert room.connected == {} and room.paused and room.pause_reason == "empty"


async def test_a_socket_cancelled_by_the_server_leaves_no_presence(alice):
    """daphne cancels a socket's application that takes more than 10 s to close, and every one when it stops."""
    room = await new_room(alice)
    comm = await open_table(alice, room)
    comm.future.cancel()
    await asyncio.wait({comm.future}, timeout=10)
    assert comm.future.cancelled()
    assert await presences(room) == 0
    assert refresh_tasks() == []
    assert (await reloaded(room)).connected == {}


async def test_a_frame_of_1500_brackets_is_refused_and_the_socket_lives_on(alice):
    room = await new_room(alice)
    comm = await open_table(alice, room)
    await comm.send_to(text_data="[" * 1500)
    err, _ = await receive_until(comm, lambda m: m["type"] == "error")
    assert err["code"] == "too_deep"
    await comm.send_json_to({"action": "ping", "id": "after"})
    await receive_until(comm, lambda m: m["type"] == "pong")
    await comm.disconnect()
    assert await presences(room) == 0 and refresh_tasks() == []


async def test_many_sockets_closing_together_leave_no_presence(alice, bob, charlie, settings):
    settings.SOCKETS_PER_ROOM = 30
    settings.SOCKETS_PER_USER = 30
    room = await new_room(alice)
    socks = [await open_table(user, room) for user in (alice, bob, charlie) for _ in range(8)]
    assert await presences(room) == 24
    await asyncio.gather(*(s.disconnect() for s in socks))
    assert await presences(room) == 0
    assert refresh_tasks() == []
    room = await reloaded(room)
    assert room.connected == {} and room.paused


async def test_a_socket_closed_during_a_re_announce_does_not_come_back(alice, monkeypatch):
    """The refresh found its presence swept and announces the socket again just as the socket closes."""
    room = await new_room(alice)
    comm = await open_table(alice, room)
    entered, finish = asyncio.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()
    real_touch = services.touch_presence

    def swept_touch(channel_name):
        Presence.objects.filter(channel_name=channel_name).delete()  # the sweep took it for gone
        loop.call_soon_threadsafe(entered.set)
        asyncio.run_coroutine_threadsafe(finish.wait(), loop).result(10)
        return real_touch(channel_name)

    monkeypatch.setattr(services, "touch_presence", swept_touch)
    await asyncio.wait_for(entered.wait(), 10)
    closing = asyncio.ensure_future(comm.disconnect())
    finish.set()
    await closing
    await asyncio.wait({comm.future}, timeout=10)
    assert await presences(room) == 0
    assert refresh_tasks() == []


async def test_the_sweep_ends_a_presence_no_live_socket_refreshes(alice, settings, clock):
    """A process killed with -9 cleans nothing up: its presences stop being refreshed and expire."""
    settings.PRESENCE_STALE_SECONDS = 60
    room = await new_room(alice)
    await database_sync_to_async(services.connect)(alice, room.code, "dead-process-channel")
    clock.advance(59)
    await database_sync_to_async(services.sweep)()
    assert await presences(room) == 1
    clock.advance(2)
    await database_sync_to_async(services.sweep)()
    assert await presences(room) == 0
    room = await reloaded(room)
    assert room.connected == {} and room.paused and room.pause_reason == "empty"


async def test_the_overflowing_tab_is_told_why_and_closed_with_4409(alice, settings):
    settings.SOCKETS_PER_ROOM = 2
    room = await new_room(alice)
    tabs = [await open_table(alice, room) for _ in range(2)]
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    code, errors = await closed_with(comm)
    assert code == 4409
    assert [e["code"] for e in errors] == ["too_many_sockets"] and errors[0]["message"]
    assert await presences(room) == 2
    await tabs[0].disconnect()
    again = await open_table(alice, room)  # a place is free again
    for tab in (tabs[1], again):
        await tab.disconnect()


async def test_a_user_holds_at_most_sockets_per_user_in_all_rooms(alice, settings):
    settings.SOCKETS_PER_USER = 3
    rooms = [await new_room(alice) for _ in range(4)]
    tabs = [await open_table(alice, room) for room in rooms[:3]]
    comm, _, _ = await connect(alice, f"/ws/rooms/{rooms[3].code}/")
    assert (await closed_with(comm))[0] == 4409
    for tab in tabs:
        await tab.disconnect()


async def test_stale_presences_do_not_count_against_the_cap(alice, settings, clock):
    settings.SOCKETS_PER_ROOM = 1
    room = await new_room(alice)
    await database_sync_to_async(services.connect)(alice, room.code, "dead-process-channel")
    with pytest.raises(Exception, match="too many tabs"):
        await database_sync_to_async(services.connect)(alice, room.code, "another-channel")
    clock.advance(settings.PRESENCE_STALE_SECONDS + 1)
    await database_sync_to_async(services.connect)(alice, room.code, "another-channel")
