"""How fast a socket, and one user's sockets together, may talk; how many sockets a user may hold.

Time comes from a clock passed in (``time.monotonic`` in the server): the
limits are tested by moving a clock, never by counting on a machine to keep a
rate. The per-user state lives in this process only: behind N daphne
processes a user spread over all of them gets up to N times the user budget.
"""

import time
from collections import deque
from collections.abc import Callable

Clock = Callable[[], float]

RATE_PER_SECOND = 20
RATE_BURST = 40
RATE_CLOSE_AFTER = 100  # refused messages within RATE_CLOSE_WINDOW seconds close the socket
# A window, not "in a row": a client sending just over the rate gets a token now
# and then, which would reset a count of refusals in a row for ever.
RATE_CLOSE_WINDOW = 10.0
# One user's sockets together (all tabs, in this process): a user with many tabs
# cannot multiply the per-socket rate.
USER_RATE_PER_SECOND = 40
USER_RATE_BURST = 80
USER_BUCKETS_MAX = 10_000
# The lobby socket only ever needs a filter now and then.
LOBBY_RATE_PER_SECOND = 2
LOBBY_RATE_BURST = 10


class RateLimiter:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` at once."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST, clock: Clock = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.stamp = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class AbuseWindow:
    """Refusals of one socket: ``limit`` of them within ``window`` seconds mean it is abusive."""

    def __init__(self, clock: Clock, limit: int = RATE_CLOSE_AFTER, window: float = RATE_CLOSE_WINDOW):
        self.clock, self.window = clock, window
        self.stamps: deque = deque(maxlen=limit)

    def refused(self) -> bool:
        """Count one refusal; True when the socket should be closed."""
        now = self.clock()
        self.stamps.append(now)
        return len(self.stamps) == self.stamps.maxlen and now - self.stamps[0] <= self.window


_user_buckets: dict[int, RateLimiter] = {}


def user_limiter(user_id: int, clock: Clock = time.monotonic) -> RateLimiter:
    """The token bucket shared by every socket of one user in this process."""
    bucket = _user_buckets.get(user_id)
    if bucket is None or bucket.clock is not clock:
        if len(_user_buckets) >= USER_BUCKETS_MAX:
            _user_buckets.clear()  # a full bucket again for everyone: generous, and bounded memory
        bucket = _user_buckets[user_id] = RateLimiter(USER_RATE_PER_SECOND, USER_RATE_BURST, clock)
    return bucket


def reset_user_limiters() -> None:
    """Forget every user's bucket (tests start from full buckets)."""
    _user_buckets.clear()


class SocketCount:
    """Open sockets of one kind per user in this process, capped (the lobby's; rooms count presences)."""

    def __init__(self):
        self.open: dict[int, int] = {}

    def take(self, user_id: int, cap: int) -> bool:
        if self.open.get(user_id, 0) >= cap:
            return False
        self.open[user_id] = self.open.get(user_id, 0) + 1
        return True

    def release(self, user_id: int) -> None:
        left = self.open.get(user_id, 0) - 1
        if left > 0:
            self.open[user_id] = left
        else:
            self.open.pop(user_id, None)
