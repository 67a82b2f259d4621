"""Staff answer a text published outside the chat: a room renamed (or closed) for its name, a display name reset.

Each needs its permission (403 without it), writes the audit log, and the people
at the table are told through the normal snapshot path.
"""

import pytest
from channels.db import database_sync_to_async
from django.apps import apps as django_apps
from django.contrib.admin.models import LogEntry
from django.test import Client

from accounts import audit
from rooms import services
from rooms.models import Room
from tests.records.test_staff_roles import staff_groups, staff_in
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def groups(db, settings):
    settings.MESA_EMBEDDED_WORKER = False
    staff_groups.fill_groups(django_apps)


def staff(make_user, name: str, *groups: str) -> Client:
    """A staff account in ``groups``, logged in (tests/records/test_staff_roles.py)."""
    return staff_in(make_user, name, *groups)[1]


def test_a_room_renamed_for_its_name_needs_the_permission_and_is_audited(make_user, alice):
    room = services.create_room(alice, "rouba_monte", "free chips at evil.example !!!")
    url = f"/admin/rooms/room/{room.id}/staff/rename/"
    bare = staff(make_user, "bare")
    assert bare.get(url).status_code == 403
    assert bare.post(url, {"name": "Mesa"}).status_code == 403
    assert Room.objects.get(id=room.id).name == "free chips at evil.example !!!"
    chats = staff(make_user, "chats", "Chat moderators")
    assert chats.post(url, {"name": "Mesa"}).status_code == 403
    tables = staff(make_user, "tables", "Table moderators")
    assert tables.get(url).status_code == 200
    assert tables.post(url, {"name": "   "}).status_code == 200  # refused, nothing stored
    assert Room.objects.get(id=room.id).name == "free chips at evil.example !!!"
    assert tables.post(url, {"name": "Mesa 7"}).status_code == 302
    assert Room.objects.get(id=room.id).name == "Mesa 7"
    entry = LogEntry.objects.get(change_message__startswith="room_rename")
    assert entry.user.username == "tables" and entry.object_id == str(room.id)
    assert audit.describe(entry) == "renomeou a sala: free chips at evil.example !!! → Mesa 7"
    # Closing it for its name is the table moderators' close, audited as such.
    assert tables.post(f"/admin/rooms/room/{room.id}/staff/close/", {"confirm": "yes"}).status_code == 302
    assert LogEntry.objects.filter(change_message="room_close", object_id=str(room.id)).exists()


def test_a_display_name_reset_needs_the_permission_and_is_audited(make_user, alice):
    alice.display_name = "BUY GOLD at evil.example"
    alice.save()
    data = {"action": "reset_display_names", "_selected_action": [alice.id]}
    bare = staff(make_user, "bare")
    bare.post("/admin/accounts/user/", data)
    tables = staff(make_user, "tables", "Table moderators")
    tables.post("/admin/accounts/user/", data)
    alice.refresh_from_db()
    assert alice.display_name == "BUY GOLD at evil.example"
    chats = staff(make_user, "chats", "Chat moderators")
    response = chats.post("/admin/accounts/user/", data)
    assert response.status_code in (200, 302)
    alice.refresh_from_db()
    assert alice.display_name == ""
    entry = LogEntry.objects.get(change_message__startswith="display_name_reset")
    assert entry.user.username == "chats" and entry.object_id == str(alice.id)
    assert audit.describe(entry) == "redefiniu o nome de exibição: BUY GOLD at evil.example"


@pytest.mark.asyncio
async def test_the_table_sees_the_new_room_name_and_the_reset_display_name_at_once(alice, bob):
    from rooms.actions import moderation

    def setup():
        bob.display_name = "BUY GOLD"
        bob.save()
        room = services.create_room(alice, "rouba_monte", "free chips", time_limit=None)
        services.sit(bob, room.code, 1)
        return room

    room = await database_sync_to_async(setup)()
    comm, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    await database_sync_to_async(moderation.rename_room)(room.id, "Mesa")
    renamed, _ = await receive_until(comm, lambda m: m["type"] == "snapshot" and m["room"]["name"] == "Mesa")
    await database_sync_to_async(moderation.reset_display_name)(bob.id)
    reset, _ = await receive_until(comm, lambda m: m["type"] == "snapshot" and m["room"]["seats"][1]["name"] == "bob")
    assert reset["room"]["name"] == "Mesa"
    await comm.disconnect()
