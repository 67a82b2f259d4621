"""Send channel-layer messages from synchronous code, from any thread.

The in-memory channel layer's queues belong to the server's event loop. A send
made from a Celery worker thread through ``async_to_sync`` would run on another
loop and wake the receiver late, so in that case the send is handed to the
server's loop with ``run_coroutine_threadsafe``.

With the Redis pub/sub layer a group message is one ``PUBLISH`` of the layer's
serialized message on the group's Redis channel, so synchronous code (a Celery
task, a service call running in a thread) publishes straight from its own
thread with redis-py: one pipelined round trip for all of a change's
snapshots, bounded by socket timeouts, instead of a hop to an event loop and an
asyncio connection pool per calling loop. A Celery worker thread has no event
loop of its own; through ``async_to_sync`` every send made a new loop and a new
pool, and after a Redis restart such a send could hang for good.
"""

import asyncio
import threading

import redis
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

_server_loop: asyncio.AbstractEventLoop | None = None
_server_thread: int | None = None
_loop_lock = threading.Lock()
_sending: set = set()  # group sends queued on the loop by a move run there


def register_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop that serves WebSockets in this process (called on it)."""
    global _server_loop, _server_thread
    with _loop_lock:
        _server_loop, _server_thread = loop, threading.get_ident()


def server_loop() -> asyncio.AbstractEventLoop | None:
    return _server_loop


def group_send(group: str, message: dict) -> None:
    """Send ``message`` to ``group`` from synchronous code."""
    group_send_many([(group, message)])


def group_send_many(sends: list[tuple[str, dict]]) -> None:
    """Send several group messages from synchronous code in one hop.

    With channels-redis the sends run concurrently on one event loop (one
    ``async_to_sync`` instead of one per user); with the in-memory layer they
    are handed to the server's loop in order.
    """
    layer = get_channel_layer()
    if layer is None or not sends:
        return
    if isinstance(layer, RedisPubSubChannelLayer):
        publish_many(layer, sends)
        return

    async def send_all():
        await asyncio.gather(*(layer.group_send(group, message) for group, message in sends))

    loop = _server_loop
    on_loop = loop is not None and threading.get_ident() == _server_thread and loop.is_running()
    if isinstance(layer, InMemoryChannelLayer) and on_loop:
        # A move run on the loop itself (rooms/live/in_loop.py): the sends go out once it returns.
        task = loop.create_task(send_all())
        _sending.add(task)  # held until done: the loop keeps only a weak reference to a task
        task.add_done_callback(_sending.discard)
        return
    if isinstance(layer, InMemoryChannelLayer) and loop is not None and not loop.is_closed():
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not loop:
            if not loop.is_running():
                # The server is shutting down: nobody is left to receive the send. Waiting
                # for it (async_to_sync on a stopped loop) blocked this thread for ever,
                # and daphne's exit with it (docs/reliability.md).
                return
            # FIFO on the loop keeps the order of sends from one thread.
            asyncio.run_coroutine_threadsafe(send_all(), loop)
            return
    async_to_sync(send_all)()


# -- Redis pub/sub from synchronous code ----------------------------------------------------------

_client: redis.Redis | None = None
_client_lock = threading.Lock()


def redis_client() -> redis.Redis:
    """This process's synchronous Redis client for publishing (thread-safe, pooled).

    Every wait is bounded: a dead or restarted Redis gives an error within
    seconds, never a hang; a connection broken by a restart is retried.
    """
    global _client
    with _client_lock:
        if _client is None:
            _client = redis.Redis.from_url(
                settings.REDIS_URL,
                socket_timeout=settings.REDIS_SOCKET_TIMEOUT,
                socket_connect_timeout=settings.REDIS_SOCKET_TIMEOUT,
                socket_keepalive=True,
                health_check_interval=10,
                retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 3),
                retry_on_error=[redis.ConnectionError, redis.TimeoutError],
            )
        return _client


def group_channel(group: str) -> str:
    """The Redis channel the pub/sub layer subscribes for ``group`` (its own naming)."""
    prefix = settings.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("prefix", "asgi")
    return f"{prefix}__group__{group}"


def publish_many(layer: RedisPubSubChannelLayer, sends: list[tuple[str, dict]]) -> None:
    """PUBLISH every message in one pipelined round trip, in order."""
    pipe = redis_client().pipeline(transaction=False)
    for group, message in sends:
        pipe.publish(group_channel(group), layer.serialize(message))
    pipe.execute()
