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
def move_threads(monkeypatch):
    """The thread each unit of work ran in, told by its publish after COMMIT (every change publishes; a deadline
    is planned only when the next turn has one, which a draw in a room without a time limit does not)."""
    from rooms.live import broadcast

    threads, publish = [], broadcast.publish_room

    def publish_room(*args, **kwargs):
        threads.append(threading.get_ident())
        return publish(*args, **kwargs)

    monkeypatch.setattr(broadcast, "publish_room", publish_room)
    return threads


async def test_a_move_runs_in_the_loops_thread_when_the_writer_is_free(alice, move_threads):
    room, move = await alices_turn(alice)
    comm = await table_socket(alice, room)
    move_threads.clear()  # the bots' turns before alice's
    await comm.send_json_to({"action": "move", "version": room.state_version, "move": move, "id": "m1"})
    await receive_until(comm, lambda m: m["type"] == "ack" and m["id"] == "m1")
    assert move_threads == [threading.get_ident()]
    await comm.disconnect()


@pytest.fixture
def move_waiting(monkeypatch):
    """Set once the move has found the writer held and waits: on the loop (this process's writer), or in
    the pool (SQLite's lock). Told by the two places it waits in, which run on as they are."""
    from rooms.live import consumers

    waiting = asyncio.Event()
    on_the_loop, in_the_pool = in_loop._let_go, consumers._run

    async def let_go(*args):
        waiting.set()  # the wait registers before this task yields again
        return await on_the_loop(*args)

    async def pooled(*args):
        waiting.set()
        return await in_the_pool(*args)

    monkeypatch.setattr(in_loop, "_let_go", let_go)
    monkeypatch.setattr(consumers, "_run", pooled)
    return waiting


@pytest.mark.parametrize("holder", ["this process's writer", "SQLite's write lock"])
async def test_a_move_waits_for_a_held_writer_while_the_loop_answers(alice, holder, move_threads, move_waiting):
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
        await asyncio.wait_for(move_waiting.wait(), 30)  # the move waits; were the loop to, nothing would answer
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


async def test_a_thread_lets_a_waiting_loop_move_take_the_writer_first(alice, monkeypatch):
    """The worker lets the writer go while a move of the loop waits, and wants it again at once: it holds back
    until that move has had its try (the bound made long here, so that only the try lets it go on)."""
    parked, entered = threading.Event(), threading.Event()
    holding_back = writer._after_the_loop

    def after_the_loop():
        parked.set()
        holding_back()

    monkeypatch.setattr(writer, "YIELD_SECONDS", 30)
    monkeypatch.setattr(writer, "_after_the_loop", after_the_loop)
    woken = asyncio.Event()
    loop = asyncio.get_running_loop()

    def worker():
        with writer.atomic():
            registered = []
            waiter = threading.Thread(
                target=lambda: registered.append(writer.when_free(lambda: loop.call_soon_threadsafe(woken.set)))
            )
            waiter.start()  # the loop's move, in another thread here, finds the writer held and waits
            waiter.join(30)
            assert registered == [True]
        parked.clear()
        with writer.atomic():  # the worker's next bot turn
            entered.set()

    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    await asyncio.wait_for(woken.wait(), 30)  # the move was told the writer is free
    assert await asyncio.to_thread(parked.wait, 30)
    assert not entered.is_set() and writer._loop_waits == 1  # held back: the move has not had its try
    writer.done_waiting()  # its try
    assert await asyncio.to_thread(entered.wait, 30)
    await asyncio.to_thread(thread.join, 30)
    assert writer._loop_waits == 0
