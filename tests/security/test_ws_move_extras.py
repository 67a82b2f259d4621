"""The attack of issue 16, replayed on a real socket: a Buraco move carrying extra data.

``{"type": "draw_stock", "x": [[[…960 levels…]]]}`` used to be acknowledged,
stored and broadcast as sent, after which the table, the lobby, the profiles
and the admin lists answered 500; without the nesting ~8 KB of anything reached
every seat and the match record. Now each is refused, nothing is stored, and
every page still answers. NaN in a move, host options that are not an object
and a time limit of ``Infinity`` get their own codes instead of a server error.
"""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from rooms import services
from rooms.live.frames import MAX_FRAME_BYTES as MAX_MESSAGE_BYTES
from tests.rooms.helpers import buraco_at_hosts_draw, state_of
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

NOT_CLEAN = ("server_error", "unavailable")


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
    settings.BOT_DELAY_SECONDS = 0  # the bots' turns are fired by the test, at once


buraco_at_alices_draw = database_sync_to_async(buraco_at_hosts_draw)


@database_sync_to_async
def stored(room):
    room.refresh_from_db()
    _engine, _state, hand = state_of(room)
    return room.version, room.state_version, json.dumps(hand.state), json.dumps(hand.moves)


@database_sync_to_async
def pages_answer(user, room):
    client = Client()
    client.force_login(user)
    for url in (reverse("rooms:room", args=[room.code]), reverse("lobby:lobby"), reverse("accounts:profile")):
        assert client.get(url).status_code == 200, url


def move_frame(version: int, move_json: str, msg_id: str) -> str:
    """A move frame written by hand, so that it can hold what ``json.dumps`` would not write."""
    return f'{{"action": "move", "id": "{msg_id}", "version": {version}, "move": {move_json}}}'


async def refused(comm, raw: str, msg_id: str) -> dict:
    await comm.send_to(text_data=raw)
    answer, _ = await receive_until(comm, lambda m: m.get("id") == msg_id and m["type"] in ("ack", "error"))
    assert answer["type"] == "error", answer
    assert answer["code"] not in NOT_CLEAN, answer
    return answer


async def test_a_buraco_move_with_extra_data_is_refused_and_nothing_is_stored(alice):
    room = await buraco_at_alices_draw(alice)
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    before = await stored(room)  # after the connection, which counts as a change of the room
    # The 960 levels of the attack are refused by the frame's depth limit before any handler
    # (rooms/live/frames.py; no id: the frame was not read); services see them in
    # tests/rooms/test_canonical_moves.py. Nested within the limit, the move reaches the rules.
    attack = "[" * 960 + "]" * 960
    await comm.send_to(text_data=move_frame(room.state_version, f'{{"type": "draw_stock", "x": {attack}}}', "deep"))
    too_deep, _ = await receive_until(comm, lambda m: m["type"] == "error")
    assert too_deep["code"] == "too_deep"
    nested = "[" * 5 + "]" * 5
    deep_frame = move_frame(room.state_version, f'{{"type": "draw_stock", "x": {nested}}}', "nested")
    assert (await refused(comm, deep_frame, "nested"))["code"] == "bad_move"
    filler = "A" * (MAX_MESSAGE_BYTES - 200)
    data_frame = move_frame(room.state_version, json.dumps({"type": "draw_stock", "x": filler}), "data")
    assert 7900 < len(data_frame.encode()) <= MAX_MESSAGE_BYTES  # the attack's 8 KB, within the frame limit
    assert (await refused(comm, data_frame, "data"))["code"] == "bad_move"
    nan_frame = move_frame(room.state_version, '{"type": "draw_stock", "x": NaN}', "nan")
    assert (await refused(comm, nan_frame, "nan"))["code"] == "bad_move"
    nan_card = move_frame(room.state_version, '{"type": "discard", "card": NaN}', "nan-card")
    assert (await refused(comm, nan_card, "nan-card"))["code"] == "bad_move"
    assert await stored(room) == before
    await comm.send_json_to(
        {"action": "move", "id": "real", "version": room.state_version, "move": {"type": "draw_stock"}}
    )
    await receive_until(comm, lambda m: m.get("id") == "real" and m["type"] == "ack")
    await comm.disconnect()
    await pages_answer(alice, room)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ('{"action": "options", "id": "o", "options": [1, 2]}', "bad_options"),
        ('{"action": "options", "id": "o", "options": "target"}', "bad_options"),
        ('{"action": "options", "id": "o", "options": {"target": NaN}}', "bad_options"),
        ('{"action": "options", "id": "o", "time_limit": Infinity}', "bad_time_limit"),
        ('{"action": "options", "id": "o", "time_limit": -Infinity}', "bad_time_limit"),
        ('{"action": "options", "id": "o", "time_limit": NaN}', "bad_time_limit"),
    ],
)
async def test_host_settings_of_the_wrong_shape_get_their_own_code(alice, raw, code):
    room = await database_sync_to_async(services.create_room)(alice, "buraco", "Mesa")
    comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    assert (await refused(comm, raw, "o"))["code"] == code
    await comm.disconnect()
