"""A chat text as it may be stored: text only, trimmed, without control characters, at most 200 characters."""

import unicodedata

from rooms.errors import RoomError

MAX_CHARS = 200


def clean(raw) -> str:
    """The text to store, or ``RoomError`` (``bad_message``, ``chat_empty``, ``chat_too_long``).

    Control and format characters (bidirectional overrides, zero-width marks)
    go; the rest is kept as typed and escaped wherever it is shown, so markup
    and links stay text.
    """
    if not isinstance(raw, str):
        raise RoomError("bad_message")
    kept = "".join(
        " " if ch in "\t\n\r" else ch
        for ch in raw
        if ch in "\t\n\r" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co")
    )
    text = " ".join(kept.split())
    if not text:
        raise RoomError("chat_empty")
    if len(text) > MAX_CHARS:
        raise RoomError("chat_too_long")
    return text
