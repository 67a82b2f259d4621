"""Sends from synchronous code (config/realtime.py) never block a thread for good.

On SIGTERM daphne cancels every socket and stops its event loop; a thread
still finishing a socket's disconnect then published that room's snapshots
with ``async_to_sync`` on the stopped loop and waited for ever, and the
process with it (the interpreter joins that thread at exit).
"""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async

from config import realtime


@pytest.fixture
def server_loop():
    loop = asyncio.new_event_loop()
    yield loop
    realtime.register_server_loop(None)
    loop.close()


def test_a_send_from_a_thread_after_the_server_loop_stopped_returns(server_loop):
    loop_stopped, sent = threading.Event(), threading.Event()

    def finish_a_disconnect():
        loop_stopped.wait(10)
        realtime.group_send("user-1-1", {"type": "room.snapshot", "version": 1, "text": "{}"})
        sent.set()

    async def socket_closing():
        realtime.register_server_loop(asyncio.get_running_loop())
        await sync_to_async(finish_a_disconnect, thread_sensitive=False)()

    task = server_loop.create_task(socket_closing())
    server_loop.call_soon(task.cancel)  # the server cancels the socket, then its loop stops
    with pytest.raises(asyncio.CancelledError):
        server_loop.run_until_complete(task)
    assert not server_loop.is_running() and not server_loop.is_closed()
    loop_stopped.set()
    assert sent.wait(10), "the send blocked on the stopped loop"
