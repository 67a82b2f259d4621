"""Each staff power needs its permission and leaves a row in the audit log; the two groups hold them.

A staff account without permissions gets 403 from every staff action and page; a
table moderator can pause, resume, close, replay and export; a chat moderator
can delete messages for everyone and mute; every action is in the audit log.
"""

import importlib
import json

import pytest
from django.apps import apps as django_apps
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from chat import service as chat
from chat.models import ChatMessage, ChatReport, SiteMute
from rooms import services
from rooms.models import Match, Room

pytestmark = pytest.mark.django_db(transaction=True)

staff_groups = importlib.import_module("accounts.migrations.0005_staff_groups")


@pytest.fixture(autouse=True)
def groups(db):
    """The groups as the data migration fills them: a transactional test empties every table after it."""
    staff_groups.fill_groups(django_apps)


def staff_in(make_user, name: str, *groups: str):
    user = make_user(name)
    user.is_staff = True
    user.save()
    user.groups.add(*Group.objects.filter(name__in=groups))
    client = Client()
    client.force_login(user)
    return user, client


@pytest.fixture
def bare(make_user):
    return staff_in(make_user, "bare")


@pytest.fixture
def tables(make_user):
    return staff_in(make_user, "tables", "Table moderators")


@pytest.fixture
def talk(make_user):
    return staff_in(make_user, "talk", "Chat moderators")


def running_room(alice):
    """Crazy Eights, alice and a bot, a match being played."""
    room = services.create_room(alice, "crazy_eights", "Records")
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    return room


def a_finished_hand(alice):
    from tests.rooms.helpers import play_hand

    room = running_room(alice)
    play_hand(room, {0: alice})
    services.close_room(room.id)  # the match ends with the room: its seed may be shown
    room.refresh_from_db()
    match = Match.objects.get(room=room)
    assert match.status != Match.Status.PLAYING
    return room, match, match.hands.get(number=1)


def test_the_data_migration_fills_both_groups_with_their_permissions():
    tables = set(Group.objects.get(name="Table moderators").permissions.values_list("codename", flat=True))
    assert {"pause_room", "close_room", "replay_hand", "export_match", "view_hand", "view_match"} <= tables
    chats = set(Group.objects.get(name="Chat moderators").permissions.values_list("codename", flat=True))
    assert {"view_chatmessage", "hide_chatmessage", "view_chatreport", "add_sitemute", "change_sitemute"} <= chats
    assert not tables & {"hide_chatmessage", "add_sitemute"} and not chats & {"pause_room", "export_match"}


def test_a_staff_account_without_permissions_gets_403_from_every_room_action_and_leaves_the_room_alone(alice, bare):
    user, client = bare
    room = running_room(alice)
    for action in ("pause", "resume", "close"):
        url = reverse("admin:rooms_room_staff_action", args=[room.pk, action])
        assert client.get(url).status_code == 403, action
        assert client.post(url, {"confirm": "yes"}).status_code == 403, action
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING and not room.paused
    assert not LogEntry.objects.exists()


def test_replay_and_both_exports_need_their_permissions(alice, bare, tables, talk):
    room, match, hand = a_finished_hand(alice)
    urls = [
        reverse("rooms:replay", args=[hand.pk]),
        reverse("admin:rooms_hand_export", args=[hand.pk]),
        reverse("admin:rooms_match_export", args=[match.pk]),
    ]
    for _user, client in (bare, talk):
        for url in urls:
            response = client.get(url)
            assert response.status_code == 403, url
            assert hand.match.seed not in response.content.decode()
    _user, client = tables
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_a_table_moderator_pauses_resumes_and_closes_and_each_is_in_the_audit_log(alice, tables):
    user, client = tables
    room = running_room(alice)
    for action in ("pause", "resume", "close"):
        url = reverse("admin:rooms_room_staff_action", args=[room.pk, action])
        assert client.post(url, {"confirm": "yes"}).status_code == 302
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
    rows = list(LogEntry.objects.order_by("pk"))
    assert [(r.user_id, r.object_id, r.change_message) for r in rows] == [
        (user.pk, str(room.pk), "room_pause"),
        (user.pk, str(room.pk), "room_resume"),
        (user.pk, str(room.pk), "room_close"),
    ]
    assert client.get(reverse("admin:admin_logentry_changelist")).status_code == 403  # not theirs to read


def test_the_room_list_actions_need_the_permission_too(alice, bare, tables):
    room = running_room(alice)
    data = {"action": "pause_rooms", "_selected_action": [room.pk], "confirm": "yes"}
    changelist = reverse("admin:rooms_room_changelist")
    _user, client = bare
    assert client.post(changelist, data).status_code == 403  # no view permission: no list at all
    user, client = tables
    client.post(changelist, data)
    room.refresh_from_db()
    assert room.paused and room.pause_reason == "staff"
    assert LogEntry.objects.get().change_message == "room_pause"


def message_in(alice, bob):
    room = services.create_room(alice, "crazy_eights", "Talk")
    services.sit(bob, room.code, 1)
    message = chat.say(bob, room.code, "buy gold")
    ChatReport.objects.create(message=message, reporter=alice, time=message.time)
    return room, message


def test_chat_moderation_needs_its_permissions_and_nothing_is_ever_removed(alice, bob, bare, tables, talk):
    room, message = message_in(alice, bob)
    delete = {"action": "delete_messages", "_selected_action": [message.pk]}
    mute = {"action": "mute_authors", "_selected_action": [message.pk]}
    changelist = reverse("admin:chat_chatmessage_changelist")
    change = reverse("admin:chat_chatmessage_change", args=[message.pk])
    for _user, client in (bare, tables):
        assert client.get(changelist).status_code == 403
        client.post(changelist, delete)
        client.post(changelist, mute)
    message.refresh_from_db()
    assert not message.deleted and not SiteMute.objects.exists()
    user, client = talk
    html = client.get(change).content.decode()
    assert 'name="_save"' not in html and "deletelink" not in html  # read-only: no "Salvar", no "Remover"
    listing = client.get(changelist)
    assert "delete_selected" not in listing.content.decode()
    assert client.post(reverse("admin:chat_chatmessage_delete", args=[message.pk]), {"post": "yes"}).status_code == 403
    client.post(changelist, delete)
    client.post(changelist, mute)
    message.refresh_from_db()
    assert message.deleted and ChatMessage.objects.filter(pk=message.pk).exists()
    assert ChatReport.objects.filter(message=message).exists()
    assert SiteMute.objects.get().user == bob
    rows = {(r.content_type.model, r.object_id, r.change_message) for r in LogEntry.objects.filter(user=user)}
    assert rows == {("chatmessage", str(message.pk), "message_delete"), ("user", str(bob.pk), "user_mute: 24 h")}


def test_the_audit_log_is_read_only_and_in_words(alice, bob, talk, make_user):
    room, message = message_in(alice, bob)
    user, _client = talk
    chat.delete(ChatMessage.objects.filter(pk=message.pk), by=user)
    boss = make_user("boss")
    boss.is_staff = boss.is_superuser = True
    boss.save()
    client = Client()
    client.force_login(boss)
    html = client.get(reverse("admin:admin_logentry_changelist")).content.decode()
    assert "apagou a mensagem para todos" in html and "talk" in html
    entry = LogEntry.objects.get()
    page = client.get(reverse("admin:admin_logentry_change", args=[entry.pk])).content.decode()
    assert 'name="_save"' not in page and "deletelink" not in page
    assert client.post(reverse("admin:admin_logentry_delete", args=[entry.pk]), {"post": "yes"}).status_code == 403
    assert LogEntry.objects.filter(pk=entry.pk).exists()


def test_the_whole_match_export_has_every_hand_and_is_linked_from_the_finished_match(alice, tables):
    user, client = tables
    room, match, hand = a_finished_hand(alice)
    page = client.get(reverse("admin:rooms_match_change", args=[match.pk])).content.decode()
    url = reverse("admin:rooms_match_export", args=[match.pk])
    assert url in page
    response = client.get(url)
    data = json.loads(response.content)
    assert data["format"] == "mesa-match/1" and data["match"]["seed"] == match.seed
    assert [h["number"] for h in data["hands"]] == list(match.hands.order_by("number").values_list("number", flat=True))
    assert data["hands"][0]["deck"] == hand.deck and data["hands"][0]["moves"] == hand.moves
    recorded = hand.participants.order_by("seat", "from_move")
    assert [(p["seat"], p["name"]) for p in data["hands"][0]["participants"]] == [
        (r.seat + 1, r.name) for r in recorded
    ]
    assert LogEntry.objects.get(user=user).change_message == "match_export"


def test_a_running_match_is_not_exported_whole_and_not_linked(alice, tables):
    user, client = tables
    room = running_room(alice)
    match = Match.objects.get(room=room)
    url = reverse("admin:rooms_match_export", args=[match.pk])
    assert url not in client.get(reverse("admin:rooms_match_change", args=[match.pk])).content.decode()
    response = client.get(url)
    assert response.status_code == 403 and match.seed not in response.content.decode()
    assert not LogEntry.objects.exists()
