"""Log filters: a refused request is one line, not a traceback, and never the value it was refused for."""

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
