"""The address a request came from, for the log-in throttle and the sign-up and mail limits.

``REMOTE_ADDR`` unless ``MESA_PROXY_COUNT`` says how many proxies of ours (a
load balancer, say) stand in front of daphne: then the address the outermost
of them saw, taken from the right of ``X-Forwarded-For``. Anything left of it
was written by the client and is not trusted. Behind a load balancer without
this setting every request has the balancer's address, and the limits per
address would be shared by everybody.
"""

import ipaddress

from django.conf import settings


def client_ip(request) -> str:
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = settings.MESA_PROXY_COUNT
    if not proxies:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(forwarded) < proxies:
        return remote
    candidate = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
