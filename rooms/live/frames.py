"""What a WebSocket frame must be before any handler reads it.

Every socket (a room's, the lobby's) passes its raw frame through ``parse``:
a text frame of at most ``MAX_FRAME_BYTES`` holding JSON nested at most
``MAX_DEPTH`` levels (``NaN`` and ``Infinity`` are let through to the
services, which answer them with the field's own code). The depth is measured on
the text before it is decoded: a frame of 1,500 ``[`` made the decoder raise
``RecursionError``, which no handler caught, so the consumer died without its
clean-up and left a presence behind (docs/reliability.md). Nothing here
raises anything but ``FrameRefused``.
"""

import json
import re

MAX_FRAME_BYTES = 8192
# A room message is at most four levels deep ({"move": {"cards": [...]}}); the
# lobby's two. Eight leaves room for the engines' shapes and nothing more.
MAX_DEPTH = 8

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class FrameRefused(Exception):
    """A frame refused before it was read: ``code`` and an English ``message`` (rooms/words/messages.py)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def nesting_depth(text: str) -> int:
    """The deepest level of ``[`` and ``{`` outside strings, stopping once past ``MAX_DEPTH``."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def parse(text_data: str | None, bytes_data: bytes | None):
    """The decoded message of a text frame, or ``FrameRefused``."""
    if text_data is None:
        raise FrameRefused("bad_message", "Messages are JSON text frames, not binary ones.")
    if len(text_data) > MAX_FRAME_BYTES or len(text_data.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise FrameRefused("too_large", f"Messages are limited to {MAX_FRAME_BYTES} bytes.")
    if nesting_depth(text_data) > MAX_DEPTH:
        raise FrameRefused("too_deep", f"Messages are nested at most {MAX_DEPTH} levels deep.")
    try:
        return json.loads(text_data)
    except (ValueError, RecursionError):
        raise FrameRefused("bad_json", "The message is not valid JSON.") from None
