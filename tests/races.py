"""Calls released at the same instant from threads of their own, for the tests of races.

The room layer's moves, the tournaments' joins and passes: each thread is
released by one barrier and closes its own database connection at the end, so
every call is a transaction of its own, as in a server's threads.
"""

import threading

from django.db import connection


def at_once(calls, refusals: tuple = (), timeout: float = 60.0) -> list:
    """Each call's return value, in order, or the ``code`` of a refusal (one of ``refusals``) it raised."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        try:
            results[i] = call()
        except refusals as exc:
            results[i] = exc.code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    return results
