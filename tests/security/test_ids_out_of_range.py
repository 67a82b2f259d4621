"""Ids beyond the database's integers (issue 55): a clear refusal, never a server error or a traceback.

``{"action": "chat_mute", "user": 100000000000000000000}`` on the room socket used
to answer ``server_error`` and log an ``OverflowError``: the id reached the
database, whose integers stop at 2**63 - 1. Every id a client sends now goes
through ``config.ids`` first (a frame's field, a URL's path), and one out of
range is refused like any other malformed id: ``bad_message`` on a socket, 404
on a page.
"""

import logging

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from config import ids
from rooms import services
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)

HUGE = 100000000000000000000
BAD_IDS = [HUGE, -(2**63) - 5, 2**63, 0, -1, True, 1.0, 1.5, "5", None, [1], {"id": 1}]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def tracebacks(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_the_validator_takes_only_database_ids():
    assert ids.is_id(1) and ids.is_id(2**63 - 1)
    for bad in BAD_IDS:
        assert not ids.is_id(bad), bad
    assert ids.is_seat(0) and ids.is_seat(3)
    for bad in (-1, HUGE, True, 1.0, "1", None):
        assert not ids.is_seat(bad), bad
    assert ids.id_from_text("42") == 42 and ids.id_from_text(str(2**63 - 1)) == 2**63 - 1
    for text in (str(HUGE), str(2**63), "0", "-1", "", " 1", "1.0", "٣", None, "9" * 5000):
        assert ids.id_from_text(text) is None, text


FRAMES = [
    {"action": "chat_mute", "user": HUGE},
    {"action": "chat_mute", "user": -(2**63) - 5},
    {"action": "chat_mute", "user": True},
    {"action": "chat_mute", "user": 3.0},
    {"action": "chat_mute", "user": "3"},
    {"action": "chat_mute", "user": HUGE, "muted": False},
    {"action": "chat_unmute", "user": HUGE},
    {"action": "chat_unmute", "user": -(2**63) - 5},
    {"action": "chat_report", "message": HUGE, "reason": "spam"},
    {"action": "chat_report", "message": -(2**63) - 5, "reason": "spam"},
    {"action": "chat_report", "message": False, "reason": "spam"},
    {"action": "chat_report", "message": 1.0, "reason": "spam"},
    {"action": "chat_report", "message": "1", "reason": "spam"},
    {"action": "sit", "seat": HUGE},
    {"action": "sit", "seat": -(2**63) - 5},
    {"action": "sit", "seat": True},
    {"action": "sit", "seat": 1.0},
    {"action": "sit", "seat": "1"},
    {"action": "add_bot", "seat": HUGE, "level": "easy"},
    {"action": "remove_bot", "seat": -(2**63) - 5},
    {"action": "move_seat", "seat": 0, "to": HUGE},
    {"action": "swap_seats", "seat": HUGE, "other": 0},
    {"action": "remove_person", "seat": HUGE},
    {"action": "hand_host", "seat": -(2**63) - 5},
]


@pytest.mark.asyncio
@pytest.mark.parametrize("frame", FRAMES, ids=lambda f: f"{f['action']}-{next(iter(f.values().__reversed__()))!r}")
async def test_an_id_out_of_range_on_the_room_socket_is_a_clear_error_without_a_traceback(alice, frame, caplog):
    caplog.set_level(logging.INFO)
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    comm, connected, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    await comm.send_json_to({**frame, "id": "x"})
    answer, _ = await receive_until(comm, lambda m: m["type"] in ("error", "ack"))
    assert answer["type"] == "error" and answer["id"] == "x"
    assert answer["code"] == "bad_message", answer
    assert answer["message"]
    await comm.send_json_to({"action": "ping", "id": "p"})
    await receive_until(comm, lambda m: m["type"] == "pong")  # still open
    await comm.disconnect()
    assert tracebacks(caplog) == []


@pytest.fixture
def staff(make_user):
    user = make_user("sam")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


@pytest.mark.parametrize(
    "path",
    [
        f"/invitations/{HUGE}/accept/",
        f"/invitations/{HUGE}/decline/",
        f"/players/{HUGE}/",
        f"/matches/{HUGE}/verify/",
        f"/matches/{HUGE}/verify.json",
        f"/hands/{HUGE}/replay/",
        "/invitations/0/accept/",
        "/players/0/",
        f"/players/{2**63}/",
    ],
)
def test_an_id_out_of_range_in_a_url_is_404(path, alice, caplog):
    client = Client()
    client.force_login(alice)
    for method in (client.get, client.post):
        assert method(path).status_code == 404
    assert tracebacks(caplog) == []


def test_the_largest_id_is_a_plain_404_when_nobody_has_it(alice, caplog):
    client = Client()
    client.force_login(alice)
    assert client.get(f"/players/{2**63 - 1}/").status_code == 404
    assert client.post(f"/invitations/{2**63 - 1}/accept/").status_code in (302, 404)
    assert tracebacks(caplog) == []


@pytest.mark.parametrize(
    "path",
    [
        f"/admin/rooms/match/{HUGE}/export.json",
        f"/admin/rooms/hand/{HUGE}/export.json",
        f"/admin/rooms/room/{HUGE}/staff/rename/",
        f"/admin/rooms/room/{HUGE}/staff/pause/",
        f"/admin/accounts/user/{HUGE}/erase/",
    ],
)
def test_an_id_out_of_range_in_an_admin_url_is_an_unknown_object(path, staff, caplog):
    """No staff page matches it: the admin answers as for any id it does not know (its index, "doesn't exist")."""
    client = Client()
    client.force_login(staff)
    page = client.get(path, follow=True)
    assert page.redirect_chain and page.redirect_chain[-1][0] == "/admin/"
    assert page.status_code == 200 and "exist" in page.content.decode()
    assert tracebacks(caplog) == []


@pytest.mark.parametrize("value", [str(HUGE), str(2**63), "0", "-1", "1e3", "٣"])
def test_an_admin_filter_by_an_id_out_of_range_filters_nothing(value, staff, caplog):
    client = Client()
    client.force_login(staff)
    for page in ("/admin/rooms/hand/", "/admin/rooms/match/"):
        assert client.get(page, {"player": value}).status_code == 200
    assert client.get("/admin/rooms/hand/", {"room": value}).status_code == 200
    assert tracebacks(caplog) == []
