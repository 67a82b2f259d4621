"""Sockets against a real daphne: refusals carry close codes, no ghost presences, a stop is quick.

The embedded mode (SQLite, in-process worker and beat) with short presence
timings. Each test is an attack or a fault from issue 16 that used to work:
a refused handshake answered HTTP 403, so the table showed "reconnecting" for
ever; a frame of 1,500 ``[`` killed the socket without its clean-up and its
presence stayed fresh for ever; a SIGTERM that landed while sockets were
still closing hung daphne (a thread waiting on the stopped event loop in
config/realtime.py). Bounds are generous and every wait is on an event.
"""

import asyncio
import time

import pytest
import websockets

from bench.stop import seconds_to_stop
from tests.live import make_room, make_users, manage_shell

pytestmark = pytest.mark.xdist_group("live")

FAST = {
    "MESA_PRESENCE_REFRESH_SECONDS": "1",
    "MESA_PRESENCE_STALE_SECONDS": "3",
    "MESA_SWEEP_SECONDS": "1",
    "MESA_SOCKETS_PER_ROOM": "200",
    "MESA_SOCKETS_PER_USER": "200",
    "LOG_LEVEL": "WARNING",
}


def presences(env: dict) -> int:
    out = manage_shell(env, "from rooms.models import Presence\nprint('N', Presence.objects.count())")
    return int(next(x for x in out.splitlines() if x.startswith("N "))[2:])


def wait_for_presences(env: dict, expected: int, timeout: float = 60.0) -> int:
    end = time.monotonic() + timeout
    while True:
        count = presences(env)
        if count == expected or time.monotonic() > end:
            return count


@pytest.fixture
def embedded(stack):
    stack.env.update(FAST)
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    stack.migrate()
    return stack


async def open_socket(port: int, path: str, session: str | None):
    headers = {"Origin": f"http://127.0.0.1:{port}"}
    if session:
        headers["Cookie"] = f"sessionid={session}"
    return await websockets.connect(f"ws://127.0.0.1:{port}{path}", additional_headers=headers, open_timeout=30)


async def close_code(port: int, path: str, session: str | None) -> int:
    ws = await open_socket(port, path, session)
    with pytest.raises(websockets.ConnectionClosed):
        await asyncio.wait_for(ws.recv(), 30)
    return ws.close_code


def test_refused_handshakes_reach_the_browser_as_close_codes(embedded):
    users = make_users(embedded.env, "alice")
    code = make_room(embedded.env, "alice", "rouba_monte")
    daphne = embedded.start_daphne()
    session = users["alice"]["session"]

    async def scenario():
        assert await close_code(daphne.port, f"/ws/rooms/{code}/", None) == 4401
        assert await close_code(daphne.port, f"/ws/rooms/{code}/", "forged") == 4401
        assert await close_code(daphne.port, "/ws/lobby/", None) == 4401
        assert await close_code(daphne.port, "/ws/rooms/nope1234/", session) == 4404
        assert await close_code(daphne.port, "/ws/nowhere/", session) == 4404
        assert await close_code(daphne.port, "/ws/echo/", session) == 4404  # benchmarks only
        # A foreign origin is still refused at the handshake.
        with pytest.raises(websockets.InvalidStatus):
            await websockets.connect(
                f"ws://127.0.0.1:{daphne.port}/ws/lobby/",
                additional_headers={"Origin": f"http://127.0.0.1:{daphne.port + 1}", "Cookie": f"sessionid={session}"},
            )

    asyncio.run(scenario())
    log = daphne.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def test_a_frame_of_1500_brackets_leaves_no_ghost_presence(embedded):
    users = make_users(embedded.env, "alice")
    code = make_room(embedded.env, "alice", "rouba_monte")
    daphne = embedded.start_daphne()

    async def scenario():
        ws = await open_socket(daphne.port, f"/ws/rooms/{code}/", users["alice"]["session"])
        assert '"snapshot"' in await asyncio.wait_for(ws.recv(), 30)
        await ws.send("[" * 1500)
        answer = await asyncio.wait_for(ws.recv(), 30)
        assert '"too_deep"' in answer
        await ws.send('{"action": "ping", "id": "after"}')
        assert '"pong"' in await asyncio.wait_for(ws.recv(), 30)
        await ws.close()

    asyncio.run(scenario())
    # Before, the socket died, its refresh task kept the presence fresh for ever.
    assert wait_for_presences(embedded.env, 0) == 0
    assert "Traceback" not in daphne.log.read_text(errors="replace")


def test_many_sockets_dropped_at_once_leave_no_presence(embedded):
    users = make_users(embedded.env, "alice", "bob")
    code = make_room(embedded.env, "alice", "rouba_monte")
    daphne = embedded.start_daphne()

    async def scenario():
        socks = []
        for name in ("alice", "bob"):
            for _ in range(30):
                ws = await open_socket(daphne.port, f"/ws/rooms/{code}/", users[name]["session"])
                await asyncio.wait_for(ws.recv(), 30)
                socks.append(ws)
        for ws in socks:
            ws.transport.abort()  # no closing handshake: the network went away

    asyncio.run(scenario())
    assert wait_for_presences(embedded.env, 0) == 0
    out = manage_shell(
        embedded.env,
        f"from rooms.models import Room\nr = Room.objects.get(code={code!r})\nprint('R', r.connected, r.paused)",
    )
    assert "R {} True" in out


def test_daphne_stops_within_seconds_on_sigterm_while_sockets_are_closing(embedded):
    took = seconds_to_stop(embedded, sockets=80, limit=30)
    assert took is not None, "daphne still running 30 s after SIGTERM"
    assert took < 15
