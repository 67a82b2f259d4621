"""Reading a JSON column back, whatever it holds.

Python's JSON decoder recurses once per level of nesting, so a value nested a
thousand levels deep raises ``RecursionError`` while Django loads the row;
the 960-level move of issue 16 made every page that loaded its room, hand or
match answer 500 (the admin lists included, so staff could not close the
room). Every JSON field of the rooms app reads with this decoder: such a value
reads as ``None``, and the readers of stored JSON treat it as missing.
"""

import json

from rooms.live import fastjson


class StoredJSONDecoder(json.JSONDecoder):
    """The standard decoder, except that a value too deep to decode reads as ``None``."""

    def __init__(self, **kwargs):
        # Nothing to set up: decoding is shared (no new scanner per value), orjson first.
        pass

    def decode(self, s, _w=None):
        try:
            return fastjson.loads_stored(s)
        except RecursionError:
            return None
