"""A challenge from a player's name (lobby/challenges.py): a private table and an invitation that lapses.

Accept seats both at the new table; decline tells the challenger; a lapsed
challenge can no longer be accepted; a block either way refuses it with a clear
message and stores nothing; the challenger's rate is the invitations'.
"""

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from friends import relations
from lobby import challenges, invitations
from lobby.models import Invitation
from rooms.models import Room, Seat
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    from rooms import clock as room_clock
    from tests.rooms.clock import Clock

    c = Clock()
    monkeypatch.setattr(room_clock, "now", c)
    return c


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def send(client, other, **fields):
    data = {
        "game": "buraco",
        "rated": "on",
        "time_limit": "default",
        "seat_count": "4",
        "empty_seats": "bots",
        "bot_level": "easy",
    }
    data.update(fields)
    return client.post(f"/players/{other.pk}/challenge/", data)


def test_the_form_offers_the_games_and_names_the_friend(alice, bob):
    page = browser(alice).get(f"/players/{bob.pk}/challenge/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "bob" in text and 'name="game"' in text and 'name="empty_seats"' in text and 'name="name"' not in text


def test_a_challenge_opens_a_private_table_with_bots_and_the_friend_sees_it(alice, bob):
    response = send(browser(alice), bob)
    room = Room.objects.get(created_by=alice)
    assert response.status_code == 302 and response["Location"] == f"/rooms/{room.code}/"
    assert not room.is_public and room.rated and room.game == "buraco"
    seats = {s.index: s for s in Seat.objects.filter(room=room)}
    assert seats[0].user == alice and seats[1].is_empty  # the second seat waits for the friend
    assert seats[2].bot_level == seats[3].bot_level == "easy"
    [pending] = invitations.pending_for(bob.pk)
    assert pending["challenge"] is True and pending["rated"] is True and pending["host"] == "alice"
    assert pending["expires"] - pending["sent"] == challenges.CHALLENGE_SECONDS * 1000


def test_accepting_seats_both_at_the_same_table(alice, bob):
    send(browser(alice), bob, rated="", empty_seats="wait")
    row = Invitation.objects.get(invitee=bob)
    response = browser(bob).post(f"/invitations/{row.id}/accept/")
    assert response["Location"] == f"/rooms/{row.room.code}/"
    seated = dict(Seat.objects.filter(room=row.room, user__isnull=False).values_list("index", "user__username"))
    assert seated == {0: "alice", 1: "bob"}
    assert not Seat.objects.filter(room=row.room, bot_level__gt="").exists()  # waiting for more friends
    assert not row.room.rated


def test_declining_ends_it_and_the_table_stays_the_challengers(alice, bob):
    send(browser(alice), bob)
    row = Invitation.objects.get(invitee=bob)
    assert browser(bob).post(f"/invitations/{row.id}/decline/", HTTP_ACCEPT="application/json").status_code == 204
    row.refresh_from_db()
    assert row.answer == "declined" and invitations.pending_for(bob.pk) == []
    assert browser(bob).post(f"/invitations/{row.id}/accept/")["Location"] == "/lobby/"
    assert not Seat.objects.filter(room=row.room, user=bob).exists()


def test_a_challenge_lapses_after_its_time(alice, bob, clock):
    challenges.challenge(alice, bob.pk, "rouba_monte", empty_seats="bots", bot_level="normal")
    row = Invitation.objects.get(invitee=bob)
    clock.advance(challenges.CHALLENGE_SECONDS - 1)
    assert len(invitations.pending_for(bob.pk)) == 1
    clock.advance(1)
    assert invitations.pending_for(bob.pk) == []
    assert browser(bob).post(f"/invitations/{row.id}/accept/")["Location"] == "/lobby/"
    assert not Seat.objects.filter(room=row.room, user=bob).exists()


@pytest.mark.parametrize("who_blocks", ["challenger", "challenged"])
def test_a_block_either_way_refuses_the_challenge_and_stores_nothing(alice, bob, who_blocks):
    blocker, blocked = (alice, bob) if who_blocks == "challenger" else (bob, alice)
    relations.block(blocker, blocked.pk)
    client = browser(alice)
    form = client.get(f"/players/{bob.pk}/challenge/")
    posted = send(client, bob)
    for response in (form, posted):
        assert response.status_code in (403, 409)
        assert "data-relation-refused" in response.content.decode()
    assert not Room.objects.exists() and not Invitation.objects.exists()
    with pytest.raises(challenges.ChallengeError):
        challenges.challenge(alice, bob.pk, "buraco")
    assert not Room.objects.exists()


def test_oneself_and_nobody_are_refused(alice):
    client = browser(alice)
    assert client.get(f"/players/{alice.pk}/challenge/").status_code == 400
    assert client.get("/players/999999/challenge/").status_code == 404
    assert not Room.objects.exists()


def test_challenges_count_against_the_invitations_limit(alice, bob, settings):
    settings.INVITATIONS_PER_HOUR = 2
    client = browser(alice)
    assert send(client, bob).status_code == 302
    assert send(client, bob).status_code == 302
    refused = send(client, bob)
    assert refused.status_code == 429 and "form-errors" in refused.content.decode()
    assert Invitation.objects.count() == 2


def test_a_bad_option_is_a_form_error_and_nothing_is_stored(alice, bob):
    response = send(browser(alice), bob, seat_count="9")
    assert response.status_code == 400
    assert not Room.objects.exists() and not Invitation.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_challenged_page_hears_the_challenge_and_the_challengers_hears_the_answer(alice, bob, settings):
    settings.MESA_EMBEDDED_WORKER = False
    challenger, _, _ = await connect(alice, "/ws/site/")
    challenged, _, _ = await connect(bob, "/ws/site/")
    await challenged.receive_json_from(timeout=10)  # the pending invitations: none yet
    row = await database_sync_to_async(challenges.challenge)(alice, bob.pk, "buraco", empty_seats="wait")
    frame, _ = await receive_until(challenged, lambda m: m["type"] == "invitation")
    assert frame["id"] == row.id and frame["challenge"] is True and frame["host"] == "alice"
    await database_sync_to_async(invitations.decline)(bob, row.id)
    answer, _ = await receive_until(challenger, lambda m: m["type"] == "challenge_answer")
    assert answer == {"type": "challenge_answer", "id": row.id, "answer": "declined", "name": "bob"}
    for socket in (challenger, challenged):
        await socket.disconnect()
