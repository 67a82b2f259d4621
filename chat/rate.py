"""The chat's rate limit: at most 5 messages per user in 10 seconds, counted before any room is locked.

A flood of chat from one person is refused from the cache, so it never takes
a room's row lock (or reads the room at all) for a message it will refuse.
The count lives in Django's cache: the process's memory in the embedded mode
(one process), Redis in the stack, so it holds across daphne processes and
over every room together. Time is the room layer's clock (``rooms.clock``,
which tests move), cut into one-second slots; a message counts in its slot,
and the window is the last ten slots, the current one included.
"""

from django.core.cache import cache

RATE_COUNT = 5  # messages per user (every room together) ...
WINDOW_SECONDS = 10  # ... within this window, by the room layer's clock
# A slot outlives its window in real time too, whatever the clock of a test says.
_KEEP_SECONDS = 2 * WINDOW_SECONDS


def _key(user_id: int, slot: int) -> str:
    return f"chat-rate:{user_id}:{slot}"


def take(user_id: int, now) -> bool:
    """Count one message of ``user_id`` at ``now``; False (and nothing counted) when it is over the limit.

    ``incr`` is atomic in both caches, so two sockets of one person sending
    at once cannot both slip under the limit.
    """
    slot = int(now.timestamp())
    key = _key(user_id, slot)
    cache.add(key, 0, timeout=_KEEP_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # the slot expired between add and incr (a stalled process): start it again
        cache.set(key, 1, timeout=_KEEP_SECONDS)
    counted = cache.get_many([_key(user_id, s) for s in range(slot - WINDOW_SECONDS + 1, slot + 1)])
    if sum(counted.values()) > RATE_COUNT:
        try:
            cache.decr(key)
        except ValueError:
            pass
        return False
    return True
