"""On SQLite a move runs on the event loop when the writer is free, and never makes the loop wait when it is not.

The sockets are Channels' communicator on the whole ASGI application, in this
test's own event loop and thread: a move run "on the loop" runs in this thread.
"""

import asyncio
import sqlite3
import threading

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from rooms import services, writer
from rooms.live import in_loop
from rooms.models import Room
from rooms.table import deadline_planned
from tests.rooms.helpers import play_until_human, state_of
from tests.rooms.wsclient import connect, receive_until

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="moves run on the loop on SQLite only"),
]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


@database_sync_to_async
def alices_turn(alice):
    """A Crazy Eights table of alice and three bots, the bots played until alice must move: her move."""
    room = services.create_room(alice, "crazy_eights", "Mesa", time_limit=None)
    services.start_match(alice, room.code)
    play_until_human(room)
    room.refresh_from_db()
    engine, state, _hand = state_of(room)
    return room, engine.legal_moves(state, engine.current_seat(state))[0]


async def table_socket(alice, room):
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    return comm


def held_in_a_thread(enter):
    """A thread that holds a lock (``enter()``, a context manager) until told to let go; returns (held, let_go)."""
    held, let_go = threading.Event(), threading.Event()

    def hold():
        with enter():
            held.set()
            let_go.wait(30)

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert held.wait(30)
    return let_go, thread


def sqlite_write_lock():
    """SQLite's write lock taken by a connection of its own, as another process or a plain view's write would."""

    class Held:
        def __enter__(self):
            self.db = sqlite3.connect(connection.settings_dict["NAME"], timeout=30, isolation_level=None)
            self.db.execute("BEGIN IMMEDIATE")

        def __exit__(self, *exc):
            self.db.execute("ROLLBACK")
            self.db.close()

    return Held()


@pytest.fixture
def move_threads():
    """The thread each unit of work ran in, told by the deadline it plans after COMMIT (the next turn is a bot's)."""
    threads = []

    def planned(sender, **kwargs):
        threads.append(threading.get_ident())

    deadline_planned.connect(planned, dispatch_uid="test-in-loop")
    yield threads
    deadline_planned.disconnect(dispatch_uid="test-in-loop")


async def test_a_move_runs_in_the_loops_thread_when_the_writer_is_free(alice, move_threads):
    room, move = await alices_turn(alice)
    comm = await table_socket(alice, room)
    move_threads.clear()  # the bots' turns before alice's
    await comm.send_json_to({"action": "move", "version": room.state_version, "move": move, "id": "m1"})
    await receive_until(comm, lambda m: m["type"] == "ack" and m["id"] == "m1")
    assert move_threads == [threading.get_ident()]
    await comm.disconnect()


@pytest.mark.parametrize("holder", ["this process's writer", "SQLite's write lock"])
async def test_a_move_waits_for_a_held_writer_while_the_loop_answers(alice, holder, move_threads):
    """A socket reads its frames in turn: alice's second tab asks, while her first one's move waits.

    For this process's writer the move awaits its release on the loop and then runs there; for SQLite's,
    held by another connection that tells no one when it lets go, it waits in a thread of the pool.
    """
    room, move = await alices_turn(alice)
    comm, other_tab = await table_socket(alice, room), await table_socket(alice, room)
    while not await comm.receive_nothing(timeout=0.2):  # the first tab told of the second
        await comm.receive_output()
    enter = writer.atomic if holder == "this process's writer" else sqlite_write_lock
    let_go, thread = await asyncio.to_thread(held_in_a_thread, enter)
    move_threads.clear()  # the bots' turns before alice's
    try:
        await comm.send_json_to({"action": "move", "version": room.state_version, "move": move, "id": "m1"})
        await asyncio.sleep(0.05)  # the move's frame read first; were the loop to wait, the ping could not be
        await other_tab.send_json_to({"action": "ping", "id": "p1"})
        await receive_until(other_tab, lambda m: m["type"] == "pong")
        assert await asyncio.to_thread(thread.is_alive)  # still held: the move has not gone through
        assert await comm.receive_nothing(timeout=0.05)  # nor been answered
    finally:
        let_go.set()
    await receive_until(comm, lambda m: m["type"] == "ack" and m["id"] == "m1")
    await asyncio.to_thread(thread.join, 30)
    after = await database_sync_to_async(Room.objects.get)(pk=room.pk)
    assert after.state_version == room.state_version + 1
    in_the_loop = move_threads == [threading.get_ident()]
    assert in_the_loop == (holder == "this process's writer") and len(move_threads) == 1
    assert writer._loop_waits == 0  # no thread is held back any more
    await comm.disconnect()
    await other_tab.disconnect()


@database_sync_to_async
def busy_without_waiting(enter) -> tuple[bool, int]:
    """Whether a unit of work that may not wait is refused while ``enter`` is held elsewhere, and the rooms then."""
    let_go, thread = held_in_a_thread(enter)
    refused = False
    try:
        with writer.without_waiting(), writer.atomic():
            Room.objects.all().delete()
    except writer.HeldHere:
        refused = True
    finally:
        let_go.set()
        thread.join(30)
    return refused, Room.objects.count()


async def test_a_unit_that_may_not_wait_is_refused_before_it_reads_or_writes(alice):
    await database_sync_to_async(services.create_room)(alice, "crazy_eights", "Mesa")
    assert await busy_without_waiting(writer.atomic) == (True, 1)


async def test_the_loops_connection_waits_for_no_lock_until_told_to_again(alice):
    """Busy at once once tuned (a move then goes to a thread); as configured after ``let_wait`` (a test's teardown)."""

    def busy_timeout():
        return connection.connection.execute("PRAGMA busy_timeout").fetchone()[0]

    @database_sync_to_async
    def tuned_then_let_wait():
        in_loop._no_busy_wait()
        tuned = busy_timeout()
        in_loop.let_wait()
        return tuned, busy_timeout()

    assert await tuned_then_let_wait() == (0, connection.settings_dict["OPTIONS"]["timeout"] * 1000)


@database_sync_to_async
def worker_turn_after_a_loop_wait(callback_registered) -> tuple[float, bool]:
    """A thread lets the writer go while a loop move waits, then wants it again at once: how long it held back."""
    import time

    registered = []
    with writer.atomic():
        waiter = threading.Thread(target=lambda: registered.append(writer.when_free(callback_registered)))
        waiter.start()  # the loop's move, in another thread, finds the writer held and waits now
        waiter.join(30)
        assert registered == [True]
    started = time.monotonic()
    with writer.atomic():  # the worker's next bot turn: it lets the waiting move go first, a moment at most
        waited = time.monotonic() - started
    return waited, writer._loop_waits == 1


async def test_a_thread_lets_a_waiting_loop_move_take_the_writer_first(alice):
    woken = asyncio.Event()
    loop = asyncio.get_running_loop()
    held_back, still_counted = await worker_turn_after_a_loop_wait(lambda: loop.call_soon_threadsafe(woken.set))
    assert woken.is_set() and still_counted  # woken, and the move has not had its try yet
    assert held_back >= writer.YIELD_SECONDS * 0.9  # held back for it (no try came: until the bound)
    writer.done_waiting()
    assert writer._loop_waits == 0
