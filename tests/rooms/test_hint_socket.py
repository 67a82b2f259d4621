"""The hint over the socket: the move goes to the asker alone; the table reads only that a hint was asked."""

import json

import pytest
from channels.db import database_sync_to_async

from rooms import services
from tests.rooms.helpers import turn_seat
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def two_people(alice, bob, rated: bool):
    room = services.create_room(alice, "crazy_eights", "Mesa", rated=rated, seat_count=2)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    return room, turn_seat(room)


async def sockets_of(room, *users):
    out = []
    for user in users:
        comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
        assert connected
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        out.append(comm)
    return out


async def test_only_the_asker_receives_the_move(alice, bob):
    room, turn = await database_sync_to_async(two_people)(alice, bob, False)
    asker, other = (alice, bob) if turn == 0 else (bob, alice)
    ask_socket, other_socket = await sockets_of(room, asker, other)
    await ask_socket.send_json_to({"action": "hint", "id": "h1"})
    hint, seen = await receive_until(ask_socket, lambda m: m["type"] == "hint")
    assert hint["id"] == "h1" and hint["left"] == 2 and hint["text"]["pt-br"]
    ack, _ = await receive_until(ask_socket, lambda m: m["type"] == "ack")
    assert ack["action"] == "hint"
    # The other player: a snapshot whose events say the hint was asked, and nothing of the move.
    snap, frames = await receive_until(
        other_socket, lambda m: m["type"] == "snapshot" and any(e["code"] == "hint_asked" for e in m["room"]["events"])
    )
    await other_socket.send_json_to({"action": "ping", "id": "p"})
    _pong, more = await receive_until(other_socket, lambda m: m["type"] == "pong")
    heard = json.dumps(frames + more)
    assert '"hint"' not in json.dumps([f["type"] for f in frames + more])
    assert snap["you"]["hints_left"] == 3  # the other's own hints are untouched
    card = hint["move"].get("card")
    if card:
        assert f'"{card}"' not in heard  # a card of the asker's hand, never shown to the other
    for comm in (ask_socket, other_socket):
        await comm.disconnect()


async def test_a_rated_room_answers_the_hint_with_a_clear_refusal(alice, bob):
    room, turn = await database_sync_to_async(two_people)(alice, bob, True)
    asker = alice if turn == 0 else bob
    (comm,) = await sockets_of(room, asker)
    await comm.send_json_to({"action": "hint", "id": "h"})
    error, _ = await receive_until(comm, lambda m: m["type"] == "error")
    assert error["code"] == "hint_rated" and error["id"] == "h"
    assert error["message"] == "Dicas só existem em salas casuais: esta sala é ranqueada."  # the reader's language
    await comm.disconnect()
