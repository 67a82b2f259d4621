"""Who may open a socket, and how fast a socket or a user may talk.

Cross-site WebSocket hijacking: a page on another origin can make the browser
send the session cookie, so the Origin check is what refuses it. Rate limits:
20 messages per second per socket (bursts of 40), then `rate_limited`;
100 refusals within 10 seconds close the socket with 4429; one user's sockets together
(in one process) get 40 per second (bursts of 80). The limits read a clock the
tests move (``SocketClock``): no test here counts on the machine keeping a rate.
"""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from config.origins import origin_allowed
from rooms import services
from rooms.live import consumers, limits
from tests.rooms.wsclient import answer, closed_with, connect, receive_until, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


async def new_room(host):
    return await database_sync_to_async(services.create_room)(host, "rouba_monte", "Mesa", time_limit=None)


async def raw_connect(path: str, headers: list) -> tuple[bool, int | None]:
    comm = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await comm.connect(timeout=30)
    if connected:
        await comm.disconnect()
    return connected, code


@pytest.mark.parametrize(
    "origin",
    [
        b"http://evil.example",
        b"null",
        b"http://127.0.0.1.evil.example",
        b"https://testserver.evil.example",
        b"http://testserver:8080",  # the same host, another port: another program on the machine
        b"https://testserver",  # another scheme
        b"http://testserver.",
        b"ftp://testserver",
        None,
    ],
)
@pytest.mark.parametrize("path", ["room", "/ws/lobby/", "/ws/site/"])
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


def test_the_origin_must_match_scheme_host_and_port_of_the_socket(settings):
    def scope(host: bytes, origin: bytes, *extra) -> dict:
        return {"type": "websocket", "headers": [(b"host", host), (b"origin", origin), *extra]}

    assert origin_allowed(scope(b"testserver", b"http://testserver"))
    assert origin_allowed(scope(b"127.0.0.1:8000", b"http://127.0.0.1:8000"))
    assert origin_allowed(scope(b"[::1]:8000", b"http://[::1]:8000"))
    assert not origin_allowed(scope(b"127.0.0.1:8000", b"http://127.0.0.1:8001"))
    assert not origin_allowed(scope(b"127.0.0.1:8000", b"https://127.0.0.1:8000"))
    assert not origin_allowed(scope(b"evil.example", b"http://evil.example"))  # a Host not in ALLOWED_HOSTS
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    behind_tls = (b"x-forwarded-proto", b"https")
    assert origin_allowed(scope(b"testserver", b"https://testserver", behind_tls))
    assert not origin_allowed(scope(b"testserver", b"http://testserver", behind_tls))
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.mesa.example"]
    assert origin_allowed(scope(b"testserver", b"https://play.mesa.example"))
    assert not origin_allowed(scope(b"testserver", b"http://play.mesa.example"))


@pytest.mark.parametrize("cookie", [None, b"sessionid=forged-session-key", b"sessionid="])
def test_no_valid_session_no_socket(alice, cookie):
    """Closed with 4401 after the handshake: a refused handshake (HTTP 403) looks like a network failure."""

    async def scenario():
        room = await new_room(alice)
        headers = [(b"host", b"testserver"), (b"origin", b"http://testserver")]
        if cookie:
            headers.append((b"cookie", cookie))
        for target in (f"/ws/rooms/{room.code}/", "/ws/lobby/", "/ws/site/"):
            comm = WebsocketCommunicator(application, target, headers=headers)
            await comm.connect(timeout=30)
            assert (await closed_with(comm))[0] == consumers.CLOSE_UNAUTHENTICATED

    asyncio.run(scenario())


def test_a_burst_over_the_limit_is_refused_then_allowed_again(alice, clock):
    async def scenario():
        room = await new_room(alice)
        comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        for i in range(60):
            await comm.send_json_to({"action": "ping", "id": i})
        kinds = [await answer(comm) for _ in range(60)]
        assert kinds == ["pong"] * limits.RATE_BURST + ["rate_limited"] * (60 - limits.RATE_BURST)
        clock.advance(1.0)
        await comm.send_json_to({"action": "ping", "id": "later"})
        assert await answer(comm) == "pong"
        await comm.disconnect()

    asyncio.run(scenario())


def test_persistent_abuse_closes_that_socket_only(alice, bob, clock):
    async def scenario():
        room = await new_room(alice)
        abuser, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        other, _, _ = await connect(bob, f"/ws/rooms/{room.code}/")
        await receive_until(abuser, lambda m: m["type"] == "snapshot")
        await receive_until(other, lambda m: m["type"] == "snapshot")
        for _ in range(limits.RATE_BURST + limits.RATE_CLOSE_AFTER + 20):
            await abuser.send_to(text_data='{"action": "ping"}')
        kinds = []
        while not kinds or not kinds[-1].startswith("closed"):
            kinds.append(await answer(abuser))
        assert kinds == (
            ["pong"] * limits.RATE_BURST
            + ["rate_limited"] * (limits.RATE_CLOSE_AFTER - 1)
            + [f"closed:{consumers.CLOSE_ABUSE}"]
        )
        await other.send_json_to({"action": "ping", "id": "still-here"})
        await receive_until(other, lambda m: m["type"] == "pong")
        await other.disconnect()

    asyncio.run(scenario())


def test_steady_abuse_just_over_the_rate_is_closed_too(alice, clock):
    """60 messages a second on the socket's clock: a token trickles in now and then, yet the socket is closed."""

    async def scenario():
        room = await new_room(alice)
        comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        kinds = []
        for _ in range(6 * 60):
            await comm.send_to(text_data='{"action": "ping"}')
            kinds.append(await answer(comm))
            if kinds[-1].startswith("closed"):
                break
            clock.advance(1 / 60)
        assert kinds[-1] == f"closed:{consumers.CLOSE_ABUSE}"
        assert kinds[: limits.RATE_BURST] == ["pong"] * limits.RATE_BURST
        # Tokens trickled in between the refusals: not a run of refusals in a row.
        assert "pong" in kinds[kinds.index("rate_limited") :]
        assert len(kinds) < 5 * 60  # closed within the first five seconds of the socket's clock

    asyncio.run(scenario())


def test_a_client_just_under_the_rate_is_never_closed(alice, clock):
    async def scenario():
        room = await new_room(alice)
        comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
        await receive_until(comm, lambda m: m["type"] == "snapshot")
        for _ in range(20 * 60):
            await comm.send_to(text_data='{"action": "ping"}')
            assert await answer(comm) == "pong"
            clock.advance(1 / (limits.RATE_PER_SECOND - 1))
        await comm.disconnect()

    asyncio.run(scenario())


def test_many_tabs_of_one_user_share_one_budget(alice, clock):
    async def scenario():
        room = await new_room(alice)
        tabs = []
        for _ in range(4):
            comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
            await receive_until(comm, lambda m: m["type"] == "snapshot")
            tabs.append(comm)
        per_tab = 30  # under each socket's burst of 40; 120 together exceed the user's 80
        kinds = []
        for comm in tabs:
            for i in range(per_tab):
                await comm.send_json_to({"action": "ping", "id": i})
            kinds += [await answer(comm) for _ in range(per_tab)]
        assert kinds.count("pong") == limits.USER_RATE_BURST
        assert kinds.count("rate_limited") == 4 * per_tab - limits.USER_RATE_BURST
        for comm in tabs:
            await comm.disconnect()

    asyncio.run(scenario())
