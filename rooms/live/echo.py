"""The floor of a round trip: a WebSocket echo through daphne and the channel layer.

No game, no database: a message received on the socket is sent with
``group_send`` to a group that only this socket belongs to, and written back
when the channel layer delivers it. bench/load.py measures this next to a move
on the same stack, so that a move's round trip can be read as a multiple of
what the transport alone costs. Logged-in users only (close 4401 otherwise).
Routed only with ``MESA_BENCH_ECHO`` on (config/routing.py). It dispatches as
the room sockets do (``rooms.live.dispatch``), so the floor is the same transport.
"""

import uuid

from channels.generic.websocket import AsyncWebsocketConsumer

from rooms.live.dispatch import DirectDispatch

MAX_MESSAGE_BYTES = 8192
CLOSE_UNAUTHENTICATED = 4401


class EchoConsumer(DirectDispatch, AsyncWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        self.group = None
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.group = f"echo-{user.id}-{uuid.uuid4().hex}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_MESSAGE_BYTES:
            return
        await self.channel_layer.group_send(self.group, {"type": "echo.message", "text": text_data})

    async def echo_message(self, event):
        await self.send(text_data=event["text"])
