"""On the embedded default a move runs on the event loop itself, whenever SQLite's writer is free.

SQLite has one writer, and rooms/writer.py already makes this process's units
of work take turns on it, so the thread pool ran moves one at a time anyway.
What it added was the hop: a move handed to a thread and its answer handed
back, the interpreter's lock passed between that thread and the loop, and the
publish handed back to the loop again. That cost more CPU than the move's own
database work, and threads queueing for the interpreter made the tail
(docs/benchmarks.md, "Moves on the event loop"). The loop now runs the move's
unit of work in place: the room's one writer in one place, as a room's actor
would be.

The loop never blocks on a lock. When this process's writer lock is held (the
in-process worker's bot turn, a presence change, a view's unit of work), the unit
of work raises ``writer.HeldHere`` before reading anything and the move awaits
the lock's release (``writer.when_free``), the loop serving the other sockets
meanwhile, then tries again; threads about to take the lock hold back for it
until it has (rooms/writer.py). Sending it to the thread pool instead made a
cascade under load: a move in a thread held the lock while the loop's next
moves found it held and went to threads too. When SQLite's lock is held by
another connection (a view's plain write, a command in another process; the
loop's connection waits 0 ms for it), which tells no one when it lets go, or
after a second of waiting, the move goes to the pool as before. A move that
takes long (a match's end and its records) holds the loop for that long: a few
milliseconds.

Django refuses the ORM where an event loop runs in the thread, to catch a
coroutine that would block its loop unawares. Here the loop is blocked on
purpose and runs nothing else meanwhile: the thread is marked as running no
loop for the call alone (``asyncio._set_running_loop``), and the publish's
group sends are queued on the loop for after it (config/realtime.py).

The stack keeps the pool: PostgreSQL's units of work wait on rows and run in
parallel.
"""

import asyncio
from contextlib import contextmanager

from django.conf import settings
from django.db import DatabaseError, connection

from rooms import writer

ACTIONS = frozenset({"move"})  # the hot path; every other action keeps the thread pool

_tuned = None  # the loop thread's SQLite connection, once told not to wait for the write lock
# How long a move waits on the loop for this process's other units of work before it goes to the pool.
WAIT_SECONDS = 1.0


def wanted(action: str) -> bool:
    return settings.MESA_MOVES_IN_LOOP and action in ACTIONS and connection.vendor == "sqlite"


async def run(action: str, in_place, in_pool, *args):
    """``in_place(action, *args)`` on this loop once the writer is free, else ``await in_pool(action, *args)``."""
    if wanted(action):
        loop = asyncio.get_running_loop()
        give_up, counted = loop.time() + WAIT_SECONDS, False
        while True:
            try:
                with _outside_the_loop(), writer.without_waiting():
                    try:
                        _no_busy_wait()
                        return in_place(action, *args)
                    except DatabaseError:
                        connection.close_if_unusable_or_obsolete()  # what the pool's call does after each action
                        raise
                    finally:
                        if counted:  # the threads held back for this try may go on
                            writer.done_waiting()
                            counted = False
            except writer.HeldHere:  # another thread's unit of work: over in a millisecond or two
                counted = await _let_go(loop, give_up)
                if not counted:
                    break
            except writer.Busy:  # SQLite's lock, held by another connection: it tells no one when it lets go
                break
    return await in_pool(action, *args)


async def _let_go(loop, give_up: float) -> bool:
    """Whether this process's writer lock was let go (the loop served the other sockets meanwhile) before ``give_up``."""
    freed = loop.create_future()

    def wake():  # in the thread that let go
        try:
            loop.call_soon_threadsafe(lambda: freed.done() or freed.set_result(None))
        except RuntimeError:  # the loop has closed: nobody waits any more
            pass

    if not writer.when_free(wake):
        return True  # free already: the try comes next
    try:
        await asyncio.wait_for(freed, max(0.0, give_up - loop.time()))
    except TimeoutError:
        writer.done_waiting()
        return False
    except BaseException:  # the socket's task cancelled: the threads held back go on
        writer.done_waiting()
        raise
    return True


def _no_busy_wait() -> None:
    """The loop thread's connection fails at once on SQLite's write lock instead of sleeping in its busy handler.

    Set once per connection: nothing else uses it (every other database call of
    the loop's thread goes through ``database_sync_to_async``, Django's guard sees
    to it). A test's teardown, which does, lets it wait again (``let_wait``).
    """
    global _tuned
    connection.ensure_connection()
    if connection.connection is not _tuned:
        connection.connection.execute("PRAGMA busy_timeout = 0")
        _tuned = connection.connection


def let_wait() -> None:
    """This thread's connection, if tuned here, waits for SQLite's lock as configured again."""
    global _tuned
    if _tuned is not None and connection.connection is _tuned:
        _tuned.execute(f"PRAGMA busy_timeout = {int(connection.settings_dict['OPTIONS'].get('timeout', 5) * 1000)}")
    _tuned = None


@contextmanager
def _outside_the_loop():
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
