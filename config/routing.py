"""WebSocket URL routes: the table's socket, the lobby's and the site's, and a refusal for any other path.

The benchmark's echo socket is routed only with ``MESA_BENCH_ECHO`` on
(bench/load.py turns it on for its stack). Any other path is answered by
``NoSuchSocket``: accepted and closed with 4404, with no traceback in the log.
"""

from django.conf import settings
from django.urls import path, re_path

from lobby import consumers as site_consumers
from rooms.live import consumers, echo
from rooms.live.guarded import NoSuchSocket


def websocket_routes() -> list:
    routes = [
        path("ws/rooms/<str:code>/", consumers.RoomConsumer.as_asgi()),
        path("ws/lobby/", site_consumers.LobbyConsumer.as_asgi()),
        path("ws/site/", site_consumers.SiteConsumer.as_asgi()),
    ]
    if settings.MESA_BENCH_ECHO:
        routes.append(path("ws/echo/", echo.EchoConsumer.as_asgi()))
    routes.append(re_path(r"", NoSuchSocket.as_asgi()))
    return routes


websocket_urlpatterns = websocket_routes()
