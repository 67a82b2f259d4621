"""A chat text as it may be stored: text only, in one canonical form, at most 200 characters.

Messages and the notes of reports go through the same canonical form: Unicode
NFC (so the same words typed on two keyboards are the same text), control and
format characters removed, runs of whitespace made one space, trimmed.
"""

import unicodedata

from rooms.errors import RoomError

MAX_CHARS = 200
NOTE_MAX_CHARS = 200


def canonical(raw: str) -> str:
    """Control and format characters (bidirectional overrides, zero-width marks) go; the rest is kept
    as typed and escaped wherever it is shown, so markup and links stay text."""
    text = unicodedata.normalize("NFC", raw)
    kept = "".join(
        " " if ch in "\t\n\r" else ch
        for ch in text
        if ch in "\t\n\r" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co")
    )
    return " ".join(kept.split())


def clean(raw) -> str:
    """The message to store, or ``RoomError`` (``bad_message``, ``chat_empty``, ``chat_too_long``)."""
    if not isinstance(raw, str):
        raise RoomError("bad_message")
    text = canonical(raw)
    if not text:
        raise RoomError("chat_empty")
    if len(text) > MAX_CHARS:
        raise RoomError("chat_too_long")
    return text


def clean_note(raw) -> str:
    """A report's optional note to store ("" for none), or ``RoomError`` (``bad_message``, ``chat_note_too_long``)."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise RoomError("bad_message")
    text = canonical(raw)
    if len(text) > NOTE_MAX_CHARS:
        raise RoomError("chat_note_too_long")
    return text
