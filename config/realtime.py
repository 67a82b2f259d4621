"""Send channel-layer messages from synchronous code, from any thread.

The in-memory channel layer's queues belong to the server's event loop. A send
made from a Celery worker thread through ``async_to_sync`` would run on another
loop and wake the receiver late, so in that case the send is handed to the
server's loop with ``run_coroutine_threadsafe``. With channels-redis any loop
works and ``async_to_sync`` is used.
"""

import asyncio
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

_server_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def register_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop that serves WebSockets in this process."""
    global _server_loop
    with _loop_lock:
        _server_loop = loop


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

    async def send_all():
        await asyncio.gather(*(layer.group_send(group, message) for group, message in sends))

    loop = _server_loop
    if isinstance(layer, InMemoryChannelLayer) and loop is not None and loop.is_running():
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not loop:
            # FIFO on the loop keeps the order of sends from one thread.
            asyncio.run_coroutine_threadsafe(send_all(), loop)
            return
    async_to_sync(send_all)()
