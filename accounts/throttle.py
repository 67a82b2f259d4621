"""Log-in throttling: too many failures for one username or one address lock it out.

Counts live in Django's cache, so they are shared by every server process when
the cache is shared (and per process with the default local-memory cache).
This module only counts and answers; it never authenticates anybody.
"""

import hashlib

from django.core.cache import cache

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60
LOCKOUT_SECONDS = 15 * 60


def _keys(kind: str, value: str) -> tuple[str, str]:
    # Hash the value: usernames may hold characters that some cache backends refuse in keys.
    digest = hashlib.sha256(value.encode()).hexdigest()[:32]
    return f"login-fail:{kind}:{digest}", f"login-lock:{kind}:{digest}"


def _subjects(username: str, ip: str | None) -> list[tuple[str, str]]:
    subjects = [("user", (username or "").strip().casefold())]
    if ip:
        subjects.append(("ip", ip))
    return subjects


def is_locked(username: str, ip: str | None) -> bool:
    """True while the username or the address is locked out."""
    return any(cache.get(_keys(kind, value)[1]) for kind, value in _subjects(username, ip))


def record_failure(username: str, ip: str | None) -> None:
    """Count one failed attempt; the fifth within the window starts a lockout."""
    for kind, value in _subjects(username, ip):
        count_key, lock_key = _keys(kind, value)
        # add() starts the window; incr() keeps the expiry the window began with.
        if cache.add(count_key, 1, WINDOW_SECONDS):
            count = 1
        else:
            try:
                count = cache.incr(count_key)
            except ValueError:  # expired between add() and incr()
                cache.set(count_key, 1, WINDOW_SECONDS)
                count = 1
        if count >= MAX_FAILURES:
            cache.set(lock_key, True, LOCKOUT_SECONDS)
            cache.delete(count_key)


def clear_username(username: str) -> None:
    """Forget the failures of a username after a successful log-in.

    The address count stays: otherwise one could reset it by logging in to an
    account of one's own between guesses at somebody else's.
    """
    cache.delete(_keys("user", (username or "").strip().casefold())[0])


def client_ip(request) -> str | None:
    """The peer address. Forwarded headers are not trusted: anybody can send them."""
    return request.META.get("REMOTE_ADDR") or None
