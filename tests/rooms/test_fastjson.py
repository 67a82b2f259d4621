"""orjson on a move's path reads and writes exactly what the standard library would (rooms/live/fastjson.py)."""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rooms.live import fastjson
from rooms.records.storedjson import StoredJSONDecoder

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(values)
def test_any_value_reads_and_writes_as_with_the_standard_library(value):
    text = json.dumps(value)
    assert fastjson.loads_stored(text) == json.loads(text)
    assert json.loads(fastjson.dumps(value)) == json.loads(text)


@pytest.mark.parametrize(
    "text",
    ["NaN", "[Infinity, -Infinity]", str(2**70), f'{{"a": -{2**80}}}', '"\\ud800"', "[1.5e308]", '{"a":1,"a":2}'],
)
def test_what_orjson_refuses_the_standard_decoder_reads(text):
    expected, got = json.loads(text), fastjson.loads_stored(text)
    assert json.dumps(got) == json.dumps(expected)


def test_what_orjson_does_not_write_the_standard_library_writes():
    value = {"big": 2**70, 3: [1.5], "deep": [[[[[[1]]]]]]}
    assert json.loads(fastjson.dumps(value)) == json.loads(json.dumps(value))
    nested = 1
    for _ in range(300):  # past orjson's 254 levels
        nested = [nested]
    assert json.loads(fastjson.dumps(nested)) == nested


def test_a_value_too_deep_still_reads_as_none():
    decoder = StoredJSONDecoder()
    assert decoder.decode("[" * 5000 + "]" * 5000) is None
    assert decoder.decode('{"ok": [1, 2, {"x": null}]}') == {"ok": [1, 2, {"x": None}]}
    assert math.isnan(decoder.decode("NaN"))


def test_int_keys_become_strings_as_in_the_standard_library():
    assert fastjson.dumps({1: "a", None: 2, False: 3}) == json.dumps({1: "a", None: 2, False: 3}, separators=(",", ":"))


def test_a_non_finite_number_is_written_as_null_which_browsers_and_jsonb_can_read():
    assert fastjson.dumps({"a": float("inf"), "b": float("nan")}) == '{"a":null,"b":null}'
