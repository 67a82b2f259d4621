"""Which pages may open a WebSocket: the site's own origin, compared whole.

Channels' ``AllowedHostsOriginValidator`` compares only the Origin's host with
``ALLOWED_HOSTS``, so a page served from ``http://127.0.0.1:9999`` (another
program on the same machine) or over plain HTTP in front of an HTTPS site
could open a socket with the user's cookie. Here the Origin's scheme, host and
port must equal the socket's own: the ``Host`` header (which must be in
``ALLOWED_HOSTS``), ``https`` when the connection is secure (``wss``, or the
proxy header of ``SECURE_PROXY_SSL_HEADER``), else ``http``. Origins listed
in ``CSRF_TRUSTED_ORIGINS`` (``https://*.example.com`` allowed, as Django's)
are let in too. Anything else is refused at the handshake (HTTP 403).
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_parts(origin: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an ``Origin`` value, or None when it is not an http(s) origin."""
    try:
        parts = urlsplit(origin)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path or parts.query:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def _secure(scope, headers: dict[bytes, bytes]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        name, value = proxy
        header = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        return headers.get(header, b"").decode("latin-1").split(",")[0].strip() == value
    return False


def _own_origin(scope, headers: dict[bytes, bytes]) -> tuple[str, str, int] | None:
    host = headers.get(b"host", b"").decode("latin-1")
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if _secure(scope, headers) else "http"
    return scheme, domain.lower().strip("[]"), int(port) if port else DEFAULT_PORTS[scheme]


def _trusted(origin: tuple[str, str, int]) -> bool:
    scheme, host, port = origin
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        trusted = _origin_parts(entry.replace("://*.", "://wildcard."))
        if trusted is None or trusted[0] != scheme or trusted[2] != port:
            continue
        if entry.split("://", 1)[1].startswith("*."):
            if host.endswith(trusted[1].removeprefix("wildcard")):
                return True
        elif trusted[1] == host:
            return True
    return False


def origin_allowed(scope) -> bool:
    headers = dict(scope.get("headers") or [])
    raw = headers.get(b"origin")
    if not raw:
        return False
    origin = _origin_parts(raw.decode("latin-1"))
    if origin is None:
        return False
    if _trusted(origin):
        return True
    own = _own_origin(scope, headers)
    return own is not None and own[0] == origin[0] and own[2] == origin[2] and own[1] == origin[1].strip("[]")


class SiteOriginValidator:
    """ASGI middleware: a WebSocket from any other origin is refused before the consumer is made."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
