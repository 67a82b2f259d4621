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

The loop never waits. When this process's writer lock is held (the in-process
worker's bot turn, a view's unit of work) or SQLite's is (a view's plain write,
a command in another process; the loop's connection waits 0 ms for it), the
unit of work raises ``writer.Busy`` before reading anything and the move goes to
the thread pool as before. A move that takes long (a match's end and its
records) holds the loop for that long: a few milliseconds.

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


def wanted(action: str) -> bool:
    return settings.MESA_MOVES_IN_LOOP and action in ACTIONS and connection.vendor == "sqlite"


async def run(action: str, in_place, in_pool, *args):
    """``in_place(action, *args)`` on this loop when the writer is free, else ``await in_pool(action, *args)``."""
    if wanted(action):
        try:
            with _outside_the_loop(), writer.without_waiting():
                _no_busy_wait()
                try:
                    return in_place(action, *args)
                except DatabaseError:
                    connection.close_if_unusable_or_obsolete()  # what the pool's call does after each action
                    raise
        except writer.Busy:
            pass
    return await in_pool(action, *args)


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
