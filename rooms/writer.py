"""One writer at a time on SQLite: the room's unit of work queues in this process, not in SQLite's busy handler.

SQLite has one write lock per database. With ``BEGIN IMMEDIATE`` a second writer
waits in SQLite's busy handler, which sleeps and retries (1, 2, 5 … up to 100 ms
between tries) and wakes no one when the lock is freed: with busy tables a move
waited there for up to seconds while the lock sat free between tries
(``bench/load.py --embedded --variant phases``, docs/benchmarks.md "Where a move's
time goes"). Here every unit of work of this process (daphne's threads and the
in-process worker alike) first takes one lock of the process, which wakes the
next waiter as soon as the holder has committed. The lock is let go right after
``COMMIT``, before the action publishes, so the next writer does not wait for
this one's snapshots. Another process (a ``manage.py`` command) still meets the
busy handler, as before.

Only an outermost transaction takes the lock. A unit of work opened inside
another transaction (a tournament's pass opening its tables) already holds
SQLite's lock through that transaction's ``BEGIN IMMEDIATE``: waiting there for
this lock, held by a thread that waits for SQLite's, would stall both.

A unit of work run on the event loop (rooms/live/in_loop.py) must not block
it: under ``without_waiting()`` a lock held elsewhere raises before anything is
read or written, ``HeldHere`` for this process's (the loop then awaits its
release, ``when_free``, and tries again) and ``Busy`` for SQLite's (held by
another connection, which says nothing when it lets go: the caller runs the
unit of work in a thread instead).

PostgreSQL locks the room's row, not the database: nothing is serialised there.
"""

import threading
from contextlib import contextmanager

from django.db import OperationalError, connection, transaction

# Longer than any unit of work; past it the action goes on to SQLite's own wait, so that
# a lock never let go (a bug) slows the site down instead of stopping it.
WAIT_SECONDS = 10.0

_lock = threading.RLock()
_here = threading.local()  # .no_wait: this thread's units of work must not wait for the writer
_waiting: list = []  # callbacks to call once the lock is let go (``when_free``)
_waiting_lock = threading.Lock()
# Moves of the event loop waiting for the lock: a thread about to take it lets them go first.
_turns = threading.Condition()
_loop_waits = 0
YIELD_SECONDS = 0.05  # at most; the loop's move runs a millisecond or two after it is woken


class Busy(Exception):
    """The writer is held elsewhere and this unit of work may not wait: nothing was read or written."""


class HeldHere(Busy):
    """This process's writer lock is held by another of its threads: ``when_free`` says when it is let go."""


def when_free(callback) -> bool:
    """Have ``callback()`` called, from the thread that lets the lock go, once it is; False if it is free now.

    Either way, until the caller's ``done_waiting()`` (after its next try),
    threads about to take the lock hold back for the waiting move
    (``YIELD_SECONDS`` at most): without that, the in-process worker let the
    lock go and took it again for its next bot turn before the loop had woken,
    and a person's move waited behind several.
    """
    _count_loop_wait(+1)
    with _waiting_lock:
        _waiting.append(callback)
    if _lock.acquire(blocking=False):  # let go before the callback was in the list: no call will come
        _lock.release()
        with _waiting_lock:
            if callback in _waiting:
                _waiting.remove(callback)
        return False
    return True


def done_waiting() -> None:
    """The loop's move that ``when_free`` counted has had its try (or gave up)."""
    _count_loop_wait(-1)


def _count_loop_wait(step: int) -> None:
    global _loop_waits
    with _turns:
        _loop_waits = max(0, _loop_waits + step)
        if not _loop_waits:
            _turns.notify_all()


def _after_the_loop() -> None:
    """A thread about to wait for the lock lets the loop's waiting moves take it first."""
    if _loop_waits:
        with _turns:
            _turns.wait_for(lambda: not _loop_waits, timeout=YIELD_SECONDS)


def _let_go() -> None:
    _lock.release()
    if _waiting:
        with _waiting_lock:
            callbacks = _waiting[:]
            _waiting.clear()
        for callback in callbacks:
            callback()


@contextmanager
def without_waiting():
    """Units of work opened inside raise ``Busy`` rather than wait for either lock (SQLite's: the caller's
    connection has a busy timeout of 0, rooms/live/in_loop.py)."""
    _here.no_wait = True
    try:
        yield
    finally:
        _here.no_wait = False


@contextmanager
def atomic():
    """``transaction.atomic()`` taken in turn with this process's other writers on SQLite."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        with transaction.atomic():
            yield
        return
    no_wait = getattr(_here, "no_wait", False)
    if not no_wait:
        _after_the_loop()
    held = [_lock.acquire(blocking=False) if no_wait else _lock.acquire(timeout=WAIT_SECONDS)]
    if no_wait and not held[0]:
        raise HeldHere

    def release():
        if held[0]:
            held[0] = False
            _let_go()

    began = False
    try:
        with transaction.atomic():
            began = True
            transaction.on_commit(release)  # the first hook after COMMIT: before the publish
            yield
    except OperationalError:
        if no_wait and not began:  # BEGIN IMMEDIATE refused at once: another connection writes
            raise Busy from None
        raise
    finally:
        release()
