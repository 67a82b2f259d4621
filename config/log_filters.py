"""Log filters: a refused request is one line, not a traceback; a bad Host header is never written as sent."""

import logging


class RefusedHost(logging.Filter):
    """``django.security.DisallowedHost``: a request whose Host header is not in ALLOWED_HOSTS.

    Django logs it as an error with its traceback and the header as sent. It
    is a client's mistake (or a scan), answered 400: one warning line, without
    the header (nothing a client sends is written to the log as sent).
    """

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = "refused a request whose Host header is not in ALLOWED_HOSTS (answered 400)"
        record.args = ()
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


# The answers that refuse a request as the site means to: no permission, nothing at that address, a room
# that was closed. Each is a client's request, not the site's failure.
EXPECTED_REFUSALS = frozenset({403, 404, 410})


def _shown(text: str, limit: int) -> str:
    """What a client sent, as Django's own log lines show it (escaped: never a line break) and cut short."""
    text = text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ExpectedRefusal(logging.Filter):
    """``django.request``: an expected 403, 404 or 410 is one line, without a traceback.

    Django logs a raised ``PermissionDenied`` with the exception's traceback, as many lines as the
    stack is deep, for what is a page someone may not open, and each refusal in its own words
    ("Forbidden (Permission denied): …", "Not Found: …", "Gone: …"). The record becomes
    ``refused GET /rooms/ABCD/ 404 Http404``: the method, the path, the status and the reason's
    class: the exception's, else what the error page named on the request (``config/errors.py``:
    the exception its 403 and 404 handlers were given, ``Resolver404`` when no address matched,
    ``RoomClosed`` for the closed-room page), else ``-``. The level stays Django's (a warning).
    Every other status, a 500 above all, keeps its record and traceback as they were.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status not in EXPECTED_REFUSALS:
            return True
        request = getattr(record, "request", None)
        exception = record.exc_info[1] if record.exc_info else None
        if exception is not None:
            reason = type(exception).__name__
        else:
            reason = getattr(request, "refusal", None) or "-"
        method = _shown(str(getattr(request, "method", None) or "-"), 16)
        path = _shown(str(getattr(request, "path", None) or "-"), 300)
        record.msg = "refused %s %s %s %s"
        record.args = (method, path, status, reason)
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True
