"""Django's PostgreSQL backend, with a connection health check that needs no round trip.

With ``CONN_HEALTH_CHECKS`` Django sends ``SELECT 1`` on the first query after
every ``close_old_connections()``, which Channels runs around every database
call of a consumer: one more round trip and one more transaction in
PostgreSQL's counters for each move (docs/benchmarks.md). An idle connection
receives nothing unless the server ends it (a restart, a terminated backend:
PostgreSQL sends its error and closes the socket), so a socket with nothing
to read is taken as healthy, decided by a zero-timeout ``select``; only a
socket with something to read, or a connection psycopg knows to be broken,
gets Django's own check, which closes it when it fails. A peer that vanishes
without a word (no FIN) is noticed by the first query instead, which fails
with a database error that the caller already handles (the transaction rolls
back; the next call reconnects).
"""

import select

from django.db.backends.postgresql import base
from psycopg import pq


def has_news(connection) -> bool:
    """Whether an idle psycopg connection has something unasked to read, or is known broken."""
    if connection.closed or connection.broken or connection.pgconn.status != pq.ConnStatus.OK:
        return True
    try:
        readable, _w, _x = select.select([connection.fileno()], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self):
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if has_news(self.connection):
            super().close_if_health_check_failed()  # SELECT 1; closes the connection if it fails
        self.health_check_done = True
