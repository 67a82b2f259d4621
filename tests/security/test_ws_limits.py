"""Who may open a socket, and how fast a socket or a user may talk.

Cross-site WebSocket hijacking: a page on another origin can make the browser
send the session cookie, so the Origin check is what refuses it. Rate limits:
20 messages per second per socket (bursts of 40), then `rate_limited`;
100 refusals within 10 seconds close the socket with 4429; one user's sockets together
(in one process) get 40 per second (bursts of 80).
"""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from rooms import consumers, services
from tests.rooms.wsclient import connect, receive_until, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
    consumers._user_buckets.clear()


async def new_room(host):
    return await database_sync_to_async(services.create_room)(host, "rouba_monte", "Mesa", time_limit=None)


async def raw_connect(path: str, headers: list) -> tuple[bool, int | None]:
    comm = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await comm.connect()
    if connected:
        await comm.disconnect()
    return connected, code


@pytest.mark.parametrize(
    "origin",
    [b"http://evil.example", b"null", b"http://127.0.0.1.evil.example", b"https://testserver.evil.example", None],
)
@pytest.mark.parametrize("path", ["room", "/ws/lobby/"])
def test_a_logged_in_session_from_a_foreign_origin_is_refused(alice, origin, path):
    async def scenario():
        room = await new_room(alice)
        target = f"/ws/rooms/{room.code}/" if path == "room" else path
        headers = [(b"host", b"testserver"), (b"cookie", f"sessionid={await session_cookie(alice)}".encode())]
        if origin is not None:
            headers.append((b"origin", origin))
        connected, _code = await raw_connect(target, headers)
        assert not connected
        # The same session from the site's own origin gets in.
        assert (await raw_connect(target, [*headers, (b"origin", b"http://testserver")]))[0] or origin is not None

    asyncio.run(scenario())


@pytest.mark.parametrize("cookie", [None, b"sessionid=forged-session-key", b"sessionid="])
def test_no_valid_session_no_socket(alice, cookie):
    async def scenario():
        room = await new_room(alice)
        headers = [(b"host", b"testserver"), (b"origin", b"http://testserver")]
        if cookie:
            headers.append((b"cookie", cookie))
        for target in (f"/ws/rooms/{room.code}/", "/ws/lobby/"):
            comm = WebsocketCommunicator(application, target, headers=headers)
            connected, code = await comm.connect()
            assert not connected and code == consumers.CLOSE_UNAUTHENTICATED

    asyncio.run(scenario())


def test_a_burst_over_the_limit_is_refused_then_allowed_again(alice):
    async def scenario():
        room = await new_room(alice)
        comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        for i in range(60):
            await comm.send_json_to({"action": "ping", "id": i})
        answers = [await comm.receive_json_from(timeout=5) for _ in range(60)]
        kinds = [a["type"] if a["type"] == "pong" else a["code"] for a in answers]
        assert kinds.count("pong") >= consumers.RATE_BURST
        assert kinds.count("rate_limited") >= 60 - consumers.RATE_BURST - 5
        await asyncio.sleep(1.0)
        await comm.send_json_to({"action": "ping", "id": "later"})
        assert (await comm.receive_json_from(timeout=5))["type"] == "pong"
        await comm.disconnect()

    asyncio.run(scenario())


def test_persistent_abuse_closes_that_socket_only(alice, bob):
    async def scenario():
        room = await new_room(alice)
        abuser, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        other, _, _ = await connect(bob, f"/ws/rooms/{room.code}/")
        await receive_until(abuser, lambda m: m["type"] == "snapshot")
        await receive_until(other, lambda m: m["type"] == "snapshot")
        for _ in range(consumers.RATE_BURST + consumers.RATE_CLOSE_AFTER + 20):
            await abuser.send_to(text_data='{"action": "ping"}')
        closed = None
        for _ in range(500):
            out = await abuser.receive_output(timeout=5)
            if out["type"] == "websocket.close":
                closed = out
                break
        assert closed is not None and closed["code"] == consumers.CLOSE_ABUSE
        await other.send_json_to({"action": "ping", "id": "still-here"})
        await receive_until(other, lambda m: m["type"] == "pong")
        await other.disconnect()

    asyncio.run(scenario())


def test_steady_abuse_just_over_the_rate_is_closed_too(alice):
    """60 messages a second: a token trickles in now and then, yet the socket is closed."""

    async def scenario():
        room = await new_room(alice)
        comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        start = asyncio.get_running_loop().time()
        while asyncio.get_running_loop().time() - start < 6:
            await comm.send_to(text_data='{"action": "ping"}')
            await asyncio.sleep(1 / 60)
        outputs = []
        while not await comm.receive_nothing(timeout=0.5):
            outputs.append(await comm.receive_output())
        closes = [o for o in outputs if o["type"] == "websocket.close"]
        assert closes and closes[0]["code"] == consumers.CLOSE_ABUSE
        pongs = sum(1 for o in outputs if o["type"] == "websocket.send" and "pong" in o.get("text", ""))
        assert pongs >= consumers.RATE_BURST  # the allowed ones were answered until then

    asyncio.run(scenario())


def test_many_tabs_of_one_user_share_one_budget(alice):
    async def scenario():
        room = await new_room(alice)
        tabs = []
        for _ in range(4):
            comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
            await receive_until(comm, lambda m: m["type"] == "snapshot")
            tabs.append(comm)
        per_tab = 30  # under each socket's burst of 40; 120 together exceed the user's 80
        for comm in tabs:
            for i in range(per_tab):
                await comm.send_json_to({"action": "ping", "id": i})
        codes = []
        for comm in tabs:
            for _ in range(per_tab):
                msg = await receive_until(comm, lambda m: m["type"] in ("pong", "error"))
                codes.append(msg[0].get("code", "pong"))
        assert codes.count("pong") <= consumers.USER_RATE_BURST + 10
        assert codes.count("rate_limited") >= 4 * per_tab - consumers.USER_RATE_BURST - 10
        for comm in tabs:
            await comm.disconnect()

    asyncio.run(scenario())
