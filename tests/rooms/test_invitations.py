"""Invitations by name: sent over the invitee's site socket, accepted (seated or watching), declined, expired.

The host's answer is the same for every name (no account enumeration) and the
host's sends are rate-limited per hour (docs/rooms.md, "Invite by name").
"""

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from chat.models import ChatMute
from lobby import invitations
from lobby.models import Invitation
from rooms import services
from rooms.models import Room, Seat
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def send(host_client, code, username):
    return host_client.post(f"/rooms/{code}/invite/", {"username": username}, HTTP_ACCEPT="application/json")


@pytest.fixture
def room(alice):
    return services.create_room(alice, "buraco", "Mesa da Alice", is_public=False)


def test_every_name_gets_the_same_answer_and_only_a_real_one_an_invitation(alice, bob, charlie, make_user, room):
    closed = make_user("fechada")
    closed.is_active = False
    closed.save()
    ChatMute.objects.create(muter=charlie, muted=alice)  # charlie muted the host
    host = browser(alice)
    answers = {name: send(host, room.code, name) for name in ("bob", "nobody_here", "fechada", "charlie", "alice")}
    bodies = {(r.status_code, r.content) for r in answers.values()}
    assert len(bodies) == 1, bodies  # one answer, whoever the name is
    status, body = bodies.pop()
    assert status == 200 and "Convite enviado" in body.decode()
    assert list(Invitation.objects.values_list("invitee__username", flat=True)) == ["bob"]
    send(host, room.code, "BOB ")  # again, in other letters: still one pending invitation
    assert Invitation.objects.count() == 1


def test_only_the_host_invites_and_a_blank_name_is_refused(alice, bob, room):
    assert send(browser(bob), room.code, "charlie").status_code == 403
    blank = send(browser(alice), room.code, "   ")
    assert blank.status_code == 400 and blank.json()["code"] == "bad_invitee"
    assert not Invitation.objects.exists()


def test_a_host_past_the_hours_limit_is_told_and_nothing_is_sent(alice, bob, make_user, room, settings):
    settings.INVITATIONS_PER_HOUR = 3
    host = browser(alice)
    for name in ("x1", "x2", "x3"):
        assert send(host, room.code, name).status_code == 200  # unknown names count too
    refused = send(host, room.code, "bob")
    assert refused.status_code == 429 and refused.json()["code"] == "invitations_rate_limited"
    assert not Invitation.objects.exists()
    assert send(browser(bob), room.code, "alice").status_code == 403  # another person's count is their own


def invitation_for(host, room, invitee) -> Invitation:
    invitations.invite(host, room.code, invitee.username)
    return Invitation.objects.get(invitee=invitee, room=room)


def test_accepting_seats_the_person_in_the_lowest_empty_seat(alice, bob, room):
    services.add_bot(alice, room.code, 1, "easy")
    row = invitation_for(alice, room, bob)
    client = browser(bob)
    response = client.post(f"/invitations/{row.id}/accept/")
    assert response.status_code == 302 and response["Location"] == f"/rooms/{room.code}/"
    assert Seat.objects.get(room=room, index=2).user == bob
    row.refresh_from_db()
    assert row.answer == "accepted"
    assert "você tem uma cadeira" in client.get(response["Location"]).content.decode()


def test_accepting_with_no_free_seat_lets_the_person_watch_and_says_so(alice, bob, room):
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    row = invitation_for(alice, room, bob)
    client = browser(bob)
    response = client.post(f"/invitations/{row.id}/accept/")
    assert response["Location"] == f"/rooms/{room.code}/"
    assert not Seat.objects.filter(room=room, user=bob).exists()
    assert "você está assistindo" in client.get(response["Location"]).content.decode()


def test_declining_ends_it_and_it_cannot_be_accepted_after(alice, bob, room):
    row = invitation_for(alice, room, bob)
    client = browser(bob)
    assert client.post(f"/invitations/{row.id}/decline/", HTTP_ACCEPT="application/json").status_code == 204
    row.refresh_from_db()
    assert row.answer == "declined" and invitations.pending_for(bob.id) == []
    late = client.post(f"/invitations/{row.id}/accept/")
    assert late["Location"] == "/lobby/"
    assert not Seat.objects.filter(room=room, user=bob).exists()


def test_nobody_else_can_answer_someone_elses_invitation(alice, bob, charlie, room):
    row = invitation_for(alice, room, bob)
    assert browser(charlie).post(f"/invitations/{row.id}/accept/")["Location"] == "/lobby/"
    assert browser(charlie).post(f"/invitations/{row.id + 99}/accept/")["Location"] == "/lobby/"
    row.refresh_from_db()
    assert row.answer == "" and not Seat.objects.filter(room=room, user=charlie).exists()


def test_the_invitation_expires_with_the_room(alice, bob, room, clock, settings):
    row = invitation_for(alice, room, bob)
    assert [p["id"] for p in invitations.pending_for(bob.id)] == [row.id]
    services.connect(alice, room.code, "chan-alice")
    services.disconnect("chan-alice")
    clock.advance(settings.EMPTY_ROOM_EXPIRY_SECONDS)
    services.sweep()
    assert Room.objects.get(pk=room.pk).status == Room.Status.CLOSED
    assert invitations.pending_for(bob.id) == []
    assert browser(bob).post(f"/invitations/{row.id}/accept/")["Location"] == "/lobby/"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_invitees_pages_hear_of_it_live_and_hear_it_go(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa da Alice")
    page, _, _ = await connect(bob, "/ws/site/")
    lobby, _, _ = await connect(bob, "/ws/lobby/")
    for socket in (page, lobby):
        assert (await socket.receive_json_from(timeout=10)) == {"type": "invitations", "invitations": []}
    await database_sync_to_async(invitations.invite)(alice, room.code, "bob")
    for socket in (page, lobby):
        frame, _ = await receive_until(socket, lambda m: m["type"] == "invitation")
        assert frame["room"] == room.code and frame["host"] == "alice" and frame["game"] == "rouba_monte"
    again, _, _ = await connect(bob, "/ws/site/")  # a page opened later reads it on connect
    first = await again.receive_json_from(timeout=10)
    assert [i["id"] for i in first["invitations"]] == [frame["id"]]
    await database_sync_to_async(services.close_by_host)(alice, room.code)
    for socket in (page, lobby, again):
        gone, _ = await receive_until(socket, lambda m: m["type"] == "invitation_gone")
        assert gone == {"type": "invitation_gone", "id": frame["id"], "answer": "expired"}
    for socket in (page, lobby, again):
        await socket.disconnect()


def test_an_invitation_from_a_deleted_account_no_longer_shows_its_name(alice, bob, room):
    from players.erasure import erase

    invitations.invite(alice, room.code, "bob")
    assert [p["host"] for p in invitations.pending_for(bob.id)] == ["alice"]
    erase(alice)
    shown = [p["host"] for p in invitations.pending_for(bob.id)]
    assert len(shown) == 1 and shown[0] != "alice" and "alice" not in shown[0]
