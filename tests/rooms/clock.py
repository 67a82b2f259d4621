"""A controllable clock for the service layer (time is never slept in tests)."""

from datetime import timedelta

from django.utils import timezone


class Clock:
    def __init__(self):
        self.now = timezone.now()

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
