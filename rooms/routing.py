"""WebSocket URL routes."""

from django.urls import path

from rooms import consumers

websocket_urlpatterns = [
    path("ws/rooms/<str:code>/", consumers.RoomConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
]
