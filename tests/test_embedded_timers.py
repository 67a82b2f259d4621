"""The embedded mode's deadlines: one thread for all, the latest deadline of a room the only one that fires."""

import threading

from config.embedded import Timers


def test_only_a_rooms_latest_deadline_fires_in_the_order_they_fall_due():
    timers = Timers()
    fired, done = [], threading.Event()

    def record(args):
        fired.append(args)
        if len(fired) == 2:
            done.set()

    timers.start("room-1", 30, record, ("old",))  # replaced before it is due: never fires
    timers.start("room-2", 0.2, record, ("second",))
    timers.start("room-1", 0.0, record, ("first",))
    timers.start("room-3", 0.1, record, ("cancelled",))
    timers.cancel("room-3")
    assert done.wait(30)
    assert fired == [("first",), ("second",)]
    assert timers.pending("room-1") is None and timers.pending("room-3") is None
    timers.start("room-4", 60, record, ("later",))
    left, args = timers.pending("room-4")
    assert 0 < left <= 60 and args == ("later",)
    timers.cancel("room-4")


def test_a_failing_deadline_does_not_stop_the_others():
    timers = Timers()
    done = threading.Event()

    def fail(args):
        raise RuntimeError("broker away")

    timers.start("a", 0, fail, ())
    timers.start("b", 0.05, lambda args: done.set(), ())
    assert done.wait(30)
