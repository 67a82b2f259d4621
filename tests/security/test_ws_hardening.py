"""Hostile frames on the lobby socket, sockets that end with their session, paths no socket lives at.

Each test is an attack from issue 16 that used to work: the lobby socket
raised (and logged a traceback) on malformed, binary, deeply nested or
oversized frames and had no rate limit; open sockets kept working after a
log-out or a password change; an unknown socket path logged a traceback; the
benchmark's echo socket was open in every configuration.
"""

import json
import logging

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from config.asgi import application
from config.routing import websocket_routes
from rooms import services
from rooms.live import limits
from tests.rooms.wsclient import answer, closed_with, connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def tracebacks(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def open_socket(path: str, session: str, host: bytes = b"testserver"):
    headers = [(b"origin", b"http://" + host), (b"host", host), (b"cookie", f"sessionid={session}".encode())]
    comm = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await comm.connect(timeout=30)
    assert connected
    return comm


async def lobby(user):
    comm, connected, _ = await connect(user, "/ws/lobby/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "lobby")
    return comm


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"bytes_data": b"\x00\xff"}, "bad_message"),
        ({"text_data": "[" * 1500}, "too_deep"),
        ({"text_data": json.dumps({"action": "filter", "game": [[[[[[[[["x"]]]]]]]]]})}, "too_deep"),
        ({"text_data": "x" * 9000}, "too_large"),
        ({"text_data": "{not json"}, "bad_json"),
        ({"text_data": '{"action": "filter", "game": NaN}'}, "bad_message"),
        ({"text_data": "[1, 2]"}, "bad_message"),
        ({"text_data": json.dumps({"action": "filter", "game": {"a": 1}})}, "bad_message"),
        ({"text_data": json.dumps({"action": "fly"})}, "unknown_action"),
    ],
)
async def test_the_lobby_answers_a_hostile_frame_with_an_error_and_stays_open(alice, frame, code, caplog, clock):
    caplog.set_level(logging.INFO)
    comm = await lobby(alice)
    await comm.send_to(**frame)
    assert await answer(comm) == code
    await comm.send_json_to({"action": "filter", "game": "buraco"})
    await receive_until(comm, lambda m: m["type"] == "lobby")  # still open, still serving
    await comm.disconnect()
    assert tracebacks(caplog) == []


async def test_an_anonymous_lobby_socket_is_closed_with_4401_and_nothing_is_logged(caplog):
    caplog.set_level(logging.INFO)
    comm, _connected, _ = await connect(None, "/ws/lobby/")
    assert (await closed_with(comm))[0] == 4401
    assert tracebacks(caplog) == []


async def test_the_lobby_socket_is_rate_limited_then_closed_when_it_persists(alice, clock):
    comm = await lobby(alice)
    for _ in range(limits.LOBBY_RATE_BURST + limits.RATE_CLOSE_AFTER + 5):
        await comm.send_to(text_data='{"action": "ping"}')
    kinds = []
    while not kinds or not kinds[-1].startswith("closed"):
        kinds.append(await answer(comm))
    assert kinds == (
        ["pong"] * limits.LOBBY_RATE_BURST + ["rate_limited"] * (limits.RATE_CLOSE_AFTER - 1) + ["closed:4429"]
    )


async def test_a_user_holds_a_few_lobby_sockets_at_most(alice, settings):
    settings.LOBBY_SOCKETS_PER_USER = 2
    tabs = [await lobby(alice) for _ in range(2)]
    comm, _, _ = await connect(alice, "/ws/lobby/")
    code, errors = await closed_with(comm)
    assert code == 4409 and errors[0]["code"] == "too_many_sockets"
    await tabs[0].disconnect()
    tabs[0] = await lobby(alice)
    for tab in tabs:
        await tab.disconnect()


def logged_in_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


async def test_logging_out_closes_that_sessions_sockets_only(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa", time_limit=None)
    browser = await sync_to_async(logged_in_client)(alice)
    phone = await sync_to_async(logged_in_client)(alice)
    table = await open_socket(f"/ws/rooms/{room.code}/", browser.cookies["sessionid"].value)
    hall = await open_socket("/ws/lobby/", browser.cookies["sessionid"].value)
    other = await open_socket(f"/ws/rooms/{room.code}/", phone.cookies["sessionid"].value)
    await receive_until(table, lambda m: m["type"] == "snapshot")
    await receive_until(other, lambda m: m["type"] == "snapshot")
    await receive_until(hall, lambda m: m["type"] == "lobby")

    await sync_to_async(browser.post)(reverse("accounts:logout"))

    assert (await closed_with(table))[0] == 4401
    assert (await closed_with(hall))[0] == 4401
    await other.send_json_to({"action": "ping", "id": "phone"})
    await receive_until(other, lambda m: m["type"] == "pong")  # the phone's session still holds
    await other.disconnect()


async def test_a_password_change_closes_every_socket_of_that_user(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa", time_limit=None)
    mine = [(await connect(alice, f"/ws/rooms/{room.code}/"))[0] for _ in range(2)]
    hall = await lobby(alice)
    theirs, _, _ = await connect(bob, f"/ws/rooms/{room.code}/")
    for comm in [*mine, theirs]:
        await receive_until(comm, lambda m: m["type"] == "snapshot")

    def change_password():
        alice.set_password("another-Strong-pass-456")
        alice.save()

    await sync_to_async(change_password)()

    for comm in [*mine, hall]:
        assert (await closed_with(comm))[0] == 4401
    await theirs.send_json_to({"action": "ping", "id": "bob"})
    await receive_until(theirs, lambda m: m["type"] == "pong")
    await theirs.disconnect()


async def test_saving_a_user_without_a_new_password_closes_nothing(alice):
    comm = await lobby(alice)

    def touch():
        alice.first_name = "Alice"
        alice.save()
        logged_in_client(alice)  # a log-in elsewhere saves last_login

    await sync_to_async(touch)()
    await comm.send_json_to({"action": "ping"})
    assert await answer(comm) == "pong"
    await comm.disconnect()


@pytest.mark.parametrize("path", ["/ws/nowhere/", "/ws/rooms/", "/", "/ws/echo/"])
async def test_a_path_no_socket_lives_at_is_closed_with_4404_without_a_traceback(alice, path, caplog):
    caplog.set_level(logging.INFO)
    comm, connected, _ = await connect(alice, path)
    assert connected
    assert (await closed_with(comm))[0] == 4404
    assert tracebacks(caplog) == []


def echo_routed() -> bool:
    return any(str(route.pattern) == "ws/echo/" for route in websocket_routes())


@pytest.mark.asyncio(loop_scope="function")
async def test_the_echo_socket_is_routed_only_for_the_benchmarks(settings):
    assert not echo_routed()
    settings.MESA_BENCH_ECHO = True
    assert echo_routed()
