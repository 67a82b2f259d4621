"""The error pages (400, 403, 404, 500, a closed room): the site's layout, the reader's language.

Each page names what happened in plain words and links back to the lobby. None shows the
exception, the path's internals or a stack: a 404's message can name what was looked up
(``Http404("no such match")``), and a 500 may come from anywhere.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader


def _page(request, template: str, status: int, reason: str | None = None) -> HttpResponse:
    # The log's one line names the reason's class (config/log_filters.py ExpectedRefusal).
    if reason:
        request.refusal = reason
    return render(request, template, {"error_status": status}, status=status)


def _reason(exception) -> str | None:
    return type(exception).__name__ if exception is not None else None


def bad_request(request, exception=None):
    return _page(request, "errors/400.html", 400)


def permission_denied(request, exception=None):
    return _page(request, "errors/403.html", 403, _reason(exception))


def csrf_failure(request, reason=""):
    """A refused form (an expired page, cookies off): the 403 page, never Django's English one."""
    return _page(request, "errors/403.html", 403)


def page_not_found(request, exception=None):
    return _page(request, "errors/404.html", 404, _reason(exception))


def server_error(request):
    """Rendered without the request's context processors: the session, the user and the
    database may be what failed, so the page reads nothing that could fail again."""
    body = loader.get_template("errors/500.html").render({"error_status": 500, "bare": True})
    return HttpResponse(body, status=500)


def room_closed(request):
    """A room link that expired or was closed: 410 Gone, with the way back to the lobby."""
    return _page(request, "errors/room_closed.html", 410, "RoomClosed")
