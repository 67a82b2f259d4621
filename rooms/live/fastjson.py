"""JSON on a move's path with orjson, and the standard library wherever orjson would answer differently.

A move decodes a dozen stored JSON values and encodes its state and one
snapshot per connected user; with the standard library that was a fifth of a
daphne process's CPU (docs/benchmarks.md). orjson writes the same JSON (compact,
keys made strings) several times faster. It refuses what the standard library
takes (integers past 64 bits, nesting past 254 levels, NaN) or reads big
integers as floats: those values go
through the standard library as before. The one difference is deliberate: a
non-finite float is written as ``null`` (the standard library writes
``Infinity``, which neither a browser's ``JSON.parse`` nor PostgreSQL's jsonb
accepts).
"""

import json
import re

import orjson

_ENCODE_OPTIONS = orjson.OPT_NON_STR_KEYS
_DECODER = json.JSONDecoder()
# A text with at most this many brackets cannot nest deeper (``storedjson``'s limit is
# far beyond any real value's depth; past this bound the standard decoder decides).
FAST_DECODE_MAX_BRACKETS = 200
# orjson reads an integer past 64 bits as a float; a text with a run of 19 digits anywhere
# (a number or not) is read by the standard decoder, which keeps it an integer.
_LONG_DIGITS = re.compile(r"[0-9]{19}")


def dumps(value) -> str:
    """Compact JSON text of ``value``."""
    try:
        return orjson.dumps(value, option=_ENCODE_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError: a value orjson does not write
        return json.dumps(value, separators=(",", ":"))


def loads_stored(text):
    """A stored JSON text decoded; ``RecursionError`` for one nested too deep, as the standard decoder does."""
    if (
        isinstance(text, str)
        and text.count("[") + text.count("{") <= FAST_DECODE_MAX_BRACKETS
        and not _LONG_DIGITS.search(text)
    ):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # NaN, a huge integer, a lone surrogate: the standard decoder decides
    return _DECODER.decode(text)
