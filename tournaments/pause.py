"""How long a player who left a tournament table waits before they are seated again (Lichess's ``Pause``).

The first leave costs ``FIRST`` seconds; each further one doubles it, up to
``MOST``. Twenty minutes without a leave forgets the count (``FORGET``): a
player who left once early is not punished for it an hour later. Pure: the
caller hands in the count and the times.
"""

from datetime import datetime, timedelta

FIRST = 10
MOST = 120
FORGET = timedelta(minutes=20)


def delay_seconds(pauses: int) -> int:
    """The wait after the ``pauses``-th leave (1 for the first): 10, 20, 40, 80, then 120 s."""
    if pauses < 1:
        return 0
    return min(MOST, FIRST * 2 ** min(pauses - 1, 10))


def next_pause(pauses: int, last_pause_at: datetime | None, now: datetime) -> tuple[int, datetime]:
    """The count after one more leave at ``now`` and the time the player may be seated again."""
    if last_pause_at is None or now - last_pause_at >= FORGET:
        pauses = 0
    pauses += 1
    return pauses, now + timedelta(seconds=delay_seconds(pauses))
