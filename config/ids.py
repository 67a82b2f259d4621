"""The one check every id a client sends goes through: a socket frame's field, a URL's path, a filter's value.

A primary key is a whole number from 1 to 2**63 - 1, the range of the
database's integers (PostgreSQL's ``bigint``, SQLite's ``INTEGER``); a seat
is the index of a room's seat, from 0 to the range of its column
(``PositiveSmallIntegerField``). Anything else (a bool, a float, a string on a
socket, a number beyond that range) is refused before it reaches a query: a
number beyond 64 bits made the database driver raise ``OverflowError``, a
server error with a traceback. The room socket answers ``bad_message``
(``rooms.errors.valid_id``, ``valid_seat``); a URL whose id is out of range
matches no path and answers 404 (the ``<id:…>`` path converter below).

This module imports no app: the apps lend it nothing, it lends them the check.
"""

from django.urls import converters, register_converter

MAX_ID = 2**63 - 1  # the largest signed 64-bit integer
MAX_SEAT = 32767  # the largest value of a seat's index column (a small integer)


def _whole(value) -> bool:
    """A whole number as JSON or Python gives it: not a bool (``True`` is an int in Python), not a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_id(value) -> bool:
    """True for a primary key the database can hold: an int from 1 to ``MAX_ID``."""
    return _whole(value) and 1 <= value <= MAX_ID


def is_seat(value) -> bool:
    """True for a seat's index the database can hold: an int from 0 to ``MAX_SEAT``."""
    return _whole(value) and 0 <= value <= MAX_SEAT


def id_from_text(text) -> int | None:
    """The primary key written in ``text`` (a query string's value), or None when it names none."""
    if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > len(str(MAX_ID)):
        return None
    value = int(text)
    return value if is_id(value) else None


class IdConverter:
    """``<id:name>`` in a path: a primary key in range, else the path does not match (404)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = id_from_text(value)
        if number is None:
            raise ValueError("not an id the database can hold")  # Django: this path does not match
        return number

    def to_url(self, value) -> str:
        return str(value)


def register_path_converter() -> None:
    """Make ``<id:…>`` known to every URL pattern (once: the rooms app's ``ready`` calls it)."""
    if "id" not in converters.get_converters():
        register_converter(IdConverter, "id")
