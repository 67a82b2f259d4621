"""The embedded run mode: a Celery worker and beat inside the server process.

With no REDIS_URL the broker is kombu's memory transport, which only exists
inside one process, so the worker and beat must live in the server's process
as threads. The in-memory channel layer belongs to the server's event loop: a
message sent from a worker thread is handed to that loop (see realtime.py).
"""

import logging
import threading

from celery.beat import Scheduler, Service
from celery.utils.nodenames import anon_nodename
from celery.worker import WorkController

logger = logging.getLogger(__name__)

_started = threading.Event()
_lock = threading.Lock()
# One timer a key (a room): a new deadline replaces the one before, which is void anyway.
timers: dict = {}
_timers_lock = threading.Lock()


def worker_running() -> bool:
    """Whether this process runs the in-process worker (deadlines then use timer threads)."""
    return _started.is_set()


def start_timer(key, delay: float, function, args: tuple) -> threading.Timer:
    """Call ``function(args)`` in ``delay`` seconds, cancelling the timer ``key`` had."""
    timer = threading.Timer(delay, function, args=(args,))
    timer.daemon = True
    with _timers_lock:
        previous = timers.pop(key, None)
        if previous is not None:
            previous.cancel()
        timers[key] = timer
    timer.start()
    return timer


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
