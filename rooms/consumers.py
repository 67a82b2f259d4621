"""WebSocket consumers (see docs/protocol.md)."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class RoomConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        await self.close(code=4403)


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        await self.close(code=4403)
