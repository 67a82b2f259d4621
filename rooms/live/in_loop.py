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


def wanted(action: str) -> bool:
    return settings.MESA_MOVES_IN_LOOP and action in ACTIONS and connection.vendor == "sqlite"


async def run(action: str, in_place, in_pool, *args):
    """``in_place(action, *args)`` on this loop when the writer is free, else ``await in_pool(action, *args)``."""
    if wanted(action):
        try:
            with _outside_the_loop(), writer.without_waiting(), _no_busy_wait():
                try:
                    return in_place(action, *args)
                except DatabaseError:
                    connection.close_if_unusable_or_obsolete()  # what the pool's call does after each action
                    raise
        except writer.Busy:
            pass
    return await in_pool(action, *args)


@contextmanager
def _no_busy_wait():
    """For the call, the loop's connection fails at once on SQLite's write lock instead of sleeping in its busy
    handler; after it, the connection waits as configured again (the thread's other users, a test's teardown)."""
    connection.ensure_connection()
    raw = connection.connection
    raw.execute("PRAGMA busy_timeout = 0")
    try:
        yield
    finally:
        if connection.connection is raw:  # not closed by an error meanwhile
            raw.execute(f"PRAGMA busy_timeout = {int(connection.settings_dict['OPTIONS'].get('timeout', 5) * 1000)}")


@contextmanager
def _outside_the_loop():
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
