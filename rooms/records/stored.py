"""Reading stored JSON the way pages need it: a value of the wrong shape reads as empty.

What the rooms write always has the documented shape, but a page must not
depend on it: a row changed by hand, a value written before a fix, or one
unreadable (``storedjson``) must still render. Pages, admin lists and
snapshots read stored JSON through these helpers rather than trusting it.
"""

from django.core.serializers.json import DjangoJSONEncoder


def as_dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def as_list(value) -> list:
    return value if isinstance(value, list) else []


def dicts(value) -> list[dict]:
    """The entries of a stored list that are objects (log entries, history entries)."""
    return [entry for entry in as_list(value) if isinstance(entry, dict)]


HISTORY_KEY_LENGTH = 64


def history_key(history) -> str:
    """Names the newest hand of a room's history: changes exactly when the history does."""
    entries = dicts(history)
    if not entries:
        return ""
    newest = entries[0]
    return f"{newest.get('match')}:{newest.get('number')}"[:HISTORY_KEY_LENGTH]


def strings(value) -> list[str]:
    """A stored list of strings (client seeds), or empty when any entry is something else."""
    items = as_list(value)
    return items if all(isinstance(item, str) for item in items) else []


class MarkupSafeJSONEncoder(DjangoJSONEncoder):
    """JSON whose text never holds ``<``, ``>`` or ``&``, escaped as ``json_script`` does.

    Stored values (room names, display names) reach JSON answers as they are;
    escaped, no browser that ignores the content type finds markup in them, and
    the parsed values are the same.
    """

    def encode(self, o) -> str:
        return super().encode(o).translate(_MARKUP_ESCAPES)


_MARKUP_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}
