"""ASGI entry point: HTTP through Django, WebSockets through Channels.

WebSockets pass SiteOriginValidator (an Origin other than the site's own,
scheme and port included, is refused; config/origins.py) and
AuthMiddlewareStack (the session's user). In the embedded mode the first call
records the server's event loop and starts the in-process worker and beat.
"""

import asyncio
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from config import realtime  # noqa: E402
from config.origins import SiteOriginValidator  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SiteOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)


class ProcessRuntime:
    """Wraps the router: learns the server loop, starts the embedded worker once."""

    def __init__(self, inner):
        self.inner = inner
        self.ready = False

    async def __call__(self, scope, receive, send):
        if not self.ready:
            self.ready = True
            realtime.register_server_loop(asyncio.get_running_loop())
            if settings.MESA_EMBEDDED_WORKER:
                from config.embedded import start_worker_and_beat

                start_worker_and_beat()
        return await self.inner(scope, receive, send)


application = ProcessRuntime(router)
