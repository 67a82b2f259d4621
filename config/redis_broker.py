"""Celery's broker on Redis: kombu's transport with one Redis client per channel.

kombu's Redis channel builds a new ``redis.Redis`` object for every command it
sends outside its consuming loop (``Channel.conn_or_acquire``): every task
published, and with ack emulation every task received and acknowledged. In
redis-py 7 that constructor copies the whole table of response callbacks, and
it was a fifth of what kombu cost a bot turn in the worker (an earlier round of docs/benchmarks.md, in its git history).
The client holds no connection of its own (each command borrows one from the
channel's pool, which is thread-safe), so one client per pool does the same
work. When the channel drops its pools (a fork, a close) the next command
builds a client on the new pool.

Selected by ``CELERY_BROKER_TRANSPORT`` in config/settings.py.
"""

from contextlib import nullcontext

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _command_client = None

    def conn_or_acquire(self, client=None):
        if client:
            return nullcontext(client)
        pool = self.pool
        command_client = self._command_client
        if command_client is None or command_client.connection_pool is not pool:
            command_client = self._command_client = self._create_client()
        return nullcontext(command_client)


class Transport(kombu_redis.Transport):
    Channel = Channel
