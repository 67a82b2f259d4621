"""Consumers that hand a message to its handler without a hop to daphne's sync thread first.

Channels' ``AsyncConsumer.dispatch`` awaits ``aclose_old_connections()``
before every handler: a ``sync_to_async`` call into the one thread that every
thread-sensitive call of the process shares, for every frame received and
every snapshot delivered. Mesa's consumers never touch the database on the
event loop: each database call goes through ``database_sync_to_async``, which
closes old connections in the thread it runs in, before and after the call.
So the hop only queued frames behind other rooms' work (docs/benchmarks.md).
The end of a socket (``websocket_disconnect``) keeps Channels' own clean-up.
"""

from channels.consumer import get_handler_name


class DirectDispatch:
    """Mixin for an async consumer: the handler named by the message type, awaited at once."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
