"""The embedded run mode: a Celery worker and beat inside the server process.

With no REDIS_URL the broker is kombu's memory transport, which only exists
inside one process, so the worker and beat must live in the server's process
as threads. The in-memory channel layer belongs to the server's event loop: a
message sent from a worker thread is handed to that loop (see realtime.py).
"""

import heapq
import logging
import threading
import time

from celery.beat import Scheduler, Service
from celery.utils.nodenames import anon_nodename
from celery.worker import WorkController

logger = logging.getLogger(__name__)

_started = threading.Event()
_lock = threading.Lock()


class Timers:
    """Deadlines of the embedded mode, one per key (a room), all waited on by one thread.

    A new deadline for a key replaces the one before, which is void anyway. One
    thread and a heap instead of a ``threading.Timer`` a deadline: starting a
    thread on every move was 5% of a busy embedded server's CPU (docs/benchmarks.md).
    The thread is woken only by a deadline due before every other: waking it on
    every move (to find the same head and wait again) was 2% more.
    """

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self._cond = threading.Condition()
        self._heap: list = []
        self._latest: dict = {}  # key -> (sequence number, due, args) of its one live deadline
        self._sequence = 0
        self._thread: threading.Thread | None = None

    def start(self, key, delay: float, function, args: tuple) -> None:
        """Call ``function(args)`` in ``delay`` seconds, in place of the deadline ``key`` had."""
        with self._cond:
            self._sequence += 1
            due = self.clock() + delay
            self._latest[key] = (self._sequence, due, args)
            sooner = not self._heap or due < self._heap[0][0]
            heapq.heappush(self._heap, (due, self._sequence, key, function, args))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="mesa-deadlines", daemon=True)
                self._thread.start()
            if sooner:  # else the thread wakes for the heap's head first, and sees this one then
                self._cond.notify()

    def pending(self, key) -> tuple[float, tuple] | None:
        """``(seconds left, args)`` of ``key``'s deadline, if it has one."""
        with self._cond:
            latest = self._latest.get(key)
            return None if latest is None else (latest[1] - self.clock(), latest[2])

    def cancel(self, key) -> None:
        with self._cond:
            self._latest.pop(key, None)

    def _next_due(self):
        """The next live deadline once it is due (waiting for it), out of the heap."""
        with self._cond:
            while True:
                while self._heap and self._latest.get(self._heap[0][2], (None,))[0] != self._heap[0][1]:
                    heapq.heappop(self._heap)  # replaced or cancelled
                if not self._heap:
                    self._cond.wait()
                    continue
                wait = self._heap[0][0] - self.clock()
                if wait <= 0:
                    _due, _sequence, key, function, args = heapq.heappop(self._heap)
                    del self._latest[key]
                    return function, args
                self._cond.wait(wait)

    def _run(self) -> None:
        while True:
            function, args = self._next_due()
            try:
                function(args)
            except Exception:  # a lost deadline is the sweep's job, as a lost ETA task is in the stack
                logger.warning("an embedded deadline failed", exc_info=True)


timers = Timers()


def worker_running() -> bool:
    """Whether this process runs the in-process worker (deadlines then use ``timers``)."""
    return _started.is_set()


def start_timer(key, delay: float, function, args: tuple) -> None:
    """Call ``function(args)`` in ``delay`` seconds, cancelling the deadline ``key`` had."""
    timers.start(key, delay, function, args)


def start_worker_and_beat(app=None) -> bool:
    """Start the in-process worker and beat once per process; True if started now."""
    with _lock:
        if _started.is_set():
            return False
        if app is None:
            from config.celery import app
        app.finalize()
        app.set_current()

        def run_worker():
            # Built in its own thread: Celery's Django fixup touches the database
            # connections, which is not allowed from the server's event loop.
            worker = WorkController(
                app=app,
                concurrency=1,
                pool="solo",
                hostname=anon_nodename(),
                loglevel="WARNING",
                ready_callback=None,
                without_heartbeat=True,
                without_mingle=True,
                without_gossip=True,
            )
            worker.start()

        def run_beat():
            Service(app, scheduler_cls=Scheduler, max_interval=1).start()

        threading.Thread(target=run_worker, name="mesa-worker", daemon=True).start()
        threading.Thread(target=run_beat, name="mesa-beat", daemon=True).start()
        _started.set()
        logger.info("embedded Celery worker and beat started")
        return True
