"""WebSocket URL routes."""

from django.urls import path

from rooms import consumers, echo

websocket_urlpatterns = [
    path("ws/rooms/<str:code>/", consumers.RoomConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/echo/", echo.EchoConsumer.as_asgi()),
]
