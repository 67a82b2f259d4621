"""The room layer's one clock: every deadline, absence and record reads it here.

Tests replace ``now`` (tests/rooms/clock.py) to move time without waiting.
"""

from django.utils import timezone


def now():
    return timezone.now()
