"""Controllable clocks: the service layer's and the sockets' rate limits' (time is never slept in tests)."""

from datetime import timedelta

from django.utils import timezone


class Clock:
    def __init__(self):
        # A whole second: limits that count in one-second slots (chat/rate.py) then see the same
        # slots in every run, instead of a boundary that the start's fraction of a second moves.
        self.now = timezone.now().replace(microsecond=0)

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class SocketClock:
    """The sockets' rate-limit clock (``GuardedConsumer.clock``): time moves only when a test says so."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
