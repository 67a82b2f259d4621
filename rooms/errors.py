"""The error every room action raises for a request it refuses.

``code`` is stable (clients and tests match on it); ``message`` says why, in
English, from the error catalogue (rooms/words/messages.py) unless the raiser gives
its own; a reader gets the catalogue's text in their language.
"""

from config import ids
from rooms.words.messages import english


class RoomError(Exception):
    """``params`` fill the catalogue text's ``{name}`` fields (``chat_muted``: ``until``); sent with the code."""

    def __init__(self, code: str, message: str | None = None, **params):
        if message is None:
            message = (english(code) or code).format(**params)
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, **({"params": self.params} if self.params else {})}


def valid_id(value) -> int:
    """A primary key a client sent (a user's, a message's): ``config.ids.is_id``, else ``bad_message``."""
    if not ids.is_id(value):
        raise RoomError("bad_message")
    return value


def valid_seat(value) -> int:
    """A seat's index a client sent: ``config.ids.is_seat``, else ``bad_message`` (a seat the room lacks: ``bad_seat``)."""
    if not ids.is_seat(value):
        raise RoomError("bad_message")
    return value
