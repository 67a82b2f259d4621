"""The room WebSocket: authentication, origin, errors with codes, per-seat snapshots."""

import asyncio
import json

import pytest
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from rooms import services
from tests.rooms.wsclient import closed_with, connect, receive_until, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


async def new_room(host, game="rouba_monte", **kw):
    return await database_sync_to_async(services.create_room)(host, game, "Mesa", **kw)


async def test_it_refuses_a_socket_without_a_session_with_4401(alice):
    room = await new_room(alice)
    comm, _connected, _code = await connect(None, f"/ws/rooms/{room.code}/")
    assert (await closed_with(comm))[0] == 4401


async def test_it_refuses_a_foreign_origin(alice):
    room = await new_room(alice)
    _c, connected, _code = await connect(alice, f"/ws/rooms/{room.code}/", origin=b"http://evil.example")
    assert not connected


async def test_it_refuses_an_unknown_room_with_4404(alice):
    comm, connected, _code = await connect(alice, "/ws/rooms/nope/")
    assert connected  # accepted only to be closed: a refused handshake would reach the browser as a bare failure
    assert (await closed_with(comm))[0] == 4404


async def test_a_snapshot_arrives_on_connect(alice):
    room = await new_room(alice)
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    assert connected
    snap, _ = await receive_until(comm, lambda m: m["type"] == "snapshot")
    assert snap["room"]["code"] == room.code
    assert snap["you"]["seat"] == 0 and snap["you"]["host"] is True
    await comm.disconnect()


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"action": "fly"}), "unknown_action"),
        (json.dumps({"action": "sit", "seat": "one"}), "bad_message"),
        ("x" * 9000, "too_large"),
        ("[" * 1500, "too_deep"),
        (json.dumps({"action": "move", "version": 0, "move": {"type": "draw", "x": [[[[[[[[[1]]]]]]]]]}}), "too_deep"),
        (json.dumps({"action": "move", "version": 0, "move": {"type": "discard", "card": "AS"}}), "not_playing"),
    ],
)
async def test_bad_input_gets_a_clear_error(alice, raw, code):
    room = await new_room(alice)
    comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    await comm.send_to(text_data=raw)
    err, _ = await receive_until(comm, lambda m: m["type"] == "error")
    assert err["code"] == code and err["message"]
    await comm.send_json_to({"action": "ping", "id": 1})
    await receive_until(comm, lambda m: m["type"] == "pong")  # the socket is still open
    await comm.disconnect()


async def test_a_repeated_message_id_is_refused(alice):
    room = await new_room(alice)
    comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    await comm.send_json_to({"action": "add_bot", "seat": 1, "level": "easy", "id": "m1"})
    await receive_until(comm, lambda m: m["type"] == "ack" and m["id"] == "m1")
    await comm.send_json_to({"action": "add_bot", "seat": 2, "level": "easy", "id": "m1"})
    err, _ = await receive_until(comm, lambda m: m["type"] == "error")
    assert err["code"] == "duplicate_id"
    seats = await database_sync_to_async(lambda: [s.bot_level for s in room.seats.order_by("index")])()
    assert seats == ["", "easy", "", ""]
    await comm.disconnect()


async def test_each_seat_receives_only_its_own_hand(alice, bob, charlie):
    room = await new_room(alice)
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    socks = {}
    for user in (alice, bob, charlie):
        socks[user.username], _, _ = await connect(user, f"/ws/rooms/{room.code}/")
        await receive_until(socks[user.username], lambda m: m["type"] == "snapshot")
    await socks["alice"].send_json_to({"action": "start", "id": 1})
    views = {}
    for name, comm in socks.items():
        snap, _ = await receive_until(comm, lambda m: m["type"] == "snapshot" and m["room"]["status"] == "playing")
        views[name] = snap
    hand_a = set(views["alice"]["view"]["hand"])
    hand_b = set(views["bob"]["view"]["hand"])
    assert len(hand_a) == 4 and len(hand_b) == 4 and not hand_a & hand_b
    assert "hand" not in views["charlie"]["view"]
    for card in hand_b:
        assert card not in json.dumps(views["alice"]["view"]).replace(json.dumps(sorted(hand_a)), "")
    assert views["alice"]["room"]["match"]["seed"] is None
    for comm in socks.values():
        await comm.disconnect()


async def test_errors_come_in_the_players_language(alice):
    room = await new_room(alice)
    comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    await comm.send_json_to({"action": "sit", "seat": 0, "id": 1})
    err, _ = await receive_until(comm, lambda m: m["type"] == "error")
    assert err["code"] == "already_seated"
    assert err["message"] == "Você já tem uma cadeira nesta sala."  # Portuguese by default
    await comm.disconnect()
    alice.language = "en"
    await database_sync_to_async(alice.save)()
    comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    await comm.send_json_to({"action": "sit", "seat": 0, "id": 1})
    err, _ = await receive_until(comm, lambda m: m["type"] == "error")
    assert err["message"] == "You already have a seat in this room."
    await comm.disconnect()


async def test_a_socket_that_missed_a_broadcast_catches_up_at_its_next_refresh(alice, bob, settings, monkeypatch):
    """A change whose broadcast never arrived (a layer outage) reaches the table by the presence refresh."""
    from config import realtime

    settings.PRESENCE_REFRESH_SECONDS = 1
    room = await new_room(alice)
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    assert connected
    first, _ = await receive_until(comm, lambda m: m["type"] == "snapshot")
    monkeypatch.setattr(realtime, "group_send_many", lambda sends: None)  # the broadcast is lost
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    later, _ = await receive_until(comm, lambda m: m["type"] == "snapshot", timeout=30)
    assert later["room"]["version"] > first["room"]["version"]
    assert later["room"]["seats"][1]["user_id"] == bob.id
    # Caught up: the next refresh sends nothing more.
    assert await comm.receive_nothing(timeout=1.5)
    await comm.disconnect()


async def test_the_acting_socket_gets_its_snapshot_at_once_and_only_once(alice, monkeypatch):
    """The snapshot of a socket's own action comes straight back, before the ack, with no copy after it.

    The user's other tab still hears of it through the channel layer.
    """
    from config import realtime

    room = await new_room(alice)
    acting, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    other_tab, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    for comm in (acting, other_tab):  # whatever the second tab's arrival sent, until both are quiet
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        while not await comm.receive_nothing(timeout=0.3):
            await comm.receive_json_from()
    await acting.send_json_to({"action": "add_bot", "seat": 1, "level": "easy", "id": "b1"})
    snap = await acting.receive_json_from(timeout=30)
    assert snap["type"] == "snapshot" and snap["room"]["seats"][1]["bot"] == "easy"
    ack = await acting.receive_json_from(timeout=30)
    assert ack == {"type": "ack", "id": "b1", "action": "add_bot"}
    assert await acting.receive_nothing(timeout=0.5), "the broadcast copy is not sent again"
    theirs, _ = await receive_until(other_tab, lambda m: m["type"] == "snapshot")
    assert theirs["room"]["version"] == snap["room"]["version"]
    # With the layer away, the acting socket still sees what it did.
    monkeypatch.setattr(realtime, "group_send_many", lambda sends: None)
    await acting.send_json_to({"action": "add_bot", "seat": 2, "level": "easy", "id": "b2"})
    snap2, _ = await receive_until(acting, lambda m: m["type"] == "snapshot")
    assert snap2["room"]["seats"][2]["bot"] == "easy" and snap2["room"]["version"] > snap["room"]["version"]
    for comm in (acting, other_tab):
        await comm.disconnect()


async def test_a_change_committed_before_an_action_failed_still_reaches_everyone(alice, bob, monkeypatch):
    from rooms.live import consumers

    room = await new_room(alice)
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    acting, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    watching, _, _ = await connect(bob, f"/ws/rooms/{room.code}/")
    for comm in (acting, watching):
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        while not await comm.receive_nothing(timeout=0.3):
            await comm.receive_json_from()

    def add_bot_then_fail(user, code, msg):
        services.add_bot(user, code, 2, "easy")
        raise RuntimeError("failed after its commit")

    monkeypatch.setitem(consumers.ACTIONS, "pause", add_bot_then_fail)
    await acting.send_json_to({"action": "pause", "id": 1})
    err, _ = await receive_until(acting, lambda m: m["type"] == "error")
    assert err["code"] == "server_error"
    theirs, _ = await receive_until(watching, lambda m: m["type"] == "snapshot")
    assert theirs["room"]["seats"][2]["bot"] == "easy"
    for comm in (acting, watching):
        await comm.disconnect()


async def test_frames_and_snapshots_reach_their_handler_without_a_hop_to_the_sync_thread(alice, monkeypatch):
    """Channels' dispatch awaits ``aclose_old_connections`` (a thread hop) before every handler; ours does not."""
    import channels.consumer

    hops = []
    real = channels.consumer.aclose_old_connections

    async def counted():
        hops.append(1)
        return await real()

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    room = await new_room(alice)
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    await comm.send_json_to({"action": "add_bot", "seat": 1, "level": "easy", "id": "b1"})
    await receive_until(comm, lambda m: m["type"] == "ack")
    await comm.send_json_to({"action": "ping"})
    await receive_until(comm, lambda m: m["type"] == "pong")
    assert hops == []
    await comm.disconnect()


class ClosingServer:
    """The server's side of a socket whose browser has gone while a broadcast is on its way.

    Between the browser's close and the server's own clean-up, daphne refuses a frame with
    autobahn's ``Disconnected`` ("Attempt to send on a closed protocol"): so does this wrapper
    for snapshots once ``closing`` is set, and it says when it refused one.
    """

    def __init__(self, app):
        self.app = app
        self.closing = False
        self.refused = asyncio.Event()

    async def __call__(self, scope, receive, send):
        async def server_send(message):
            if self.closing and message["type"] == "websocket.send" and '"snapshot"' in (message.get("text") or ""):
                self.refused.set()
                raise Disconnected("Attempt to send on a closed protocol")
            await send(message)

        await self.app(scope, receive, server_send)


async def test_a_socket_closing_during_a_broadcast_logs_no_traceback(alice, bob, caplog):
    room = await new_room(alice)
    server = ClosingServer(application)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    headers.append((b"cookie", f"sessionid={await session_cookie(alice)}".encode()))
    comm = WebsocketCommunicator(server, f"/ws/rooms/{room.code}/", headers=headers)
    assert (await comm.connect(timeout=30))[0]
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    server.closing = True
    await database_sync_to_async(services.sit)(bob, room.code, 1)  # a snapshot broadcast to alice's socket
    await asyncio.wait_for(server.refused.wait(), timeout=30)
    await comm.send_json_to({"action": "ping", "id": 7})
    pong, _ = await receive_until(comm, lambda m: m["type"] == "pong")  # the socket lived on past the refusal
    assert pong["id"] == 7
    await comm.disconnect()
    assert not [r for r in caplog.records if r.exc_info or r.levelname in ("ERROR", "CRITICAL")]
