"""Who of one's friends is online and what they do (lobby/online.py): the hide setting, blocks, the activity.

Presence is the site sockets' rows and the tables' (written here as the sockets
write them); the socket test at the end opens real site sockets on the test
channel layer and waits for the frames a friend's arrival and departure push.
"""

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from friends import relations
from lobby import online, presence
from rooms import services
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db


def friends(a, b):
    relations.follow(a, b.pk)
    relations.follow(b, a.pk)


def ids(user) -> list[int]:
    return [entry["id"] for entry in online.online_friends(user)]


def test_a_friend_with_a_page_open_is_online_in_the_lobby_and_gone_when_it_closes(alice, bob):
    friends(alice, bob)
    assert ids(alice) == []
    presence.arrive(bob, "channel-bob")
    [entry] = online.online_friends(alice)
    assert entry["id"] == bob.pk and entry["name"] == "bob" and entry["activity"] == "lobby"
    assert entry["url"] == f"/players/{bob.pk}/" and entry["challenge"] == f"/players/{bob.pk}/challenge/"
    presence.depart("channel-bob")
    assert ids(alice) == []


def test_only_friends_are_listed_not_one_way_follows(alice, bob, charlie):
    relations.follow(alice, bob.pk)  # alice follows bob, who does not follow back
    relations.follow(charlie, alice.pk)
    presence.arrive(bob, "channel-bob")
    presence.arrive(charlie, "channel-charlie")
    assert ids(alice) == []


def test_a_person_who_hides_their_presence_is_seen_by_nobody(alice, bob):
    friends(alice, bob)
    presence.arrive(bob, "channel-bob")
    assert ids(alice) == [bob.pk]
    bob.hides_presence = True
    bob.save(update_fields=["hides_presence"])
    assert ids(alice) == []
    assert online.online_among(alice.pk, [bob.pk]) == set()  # the friends page's mark too


def test_the_profile_form_saves_the_setting(alice):
    client = Client()
    client.force_login(alice)
    response = client.post("/accounts/profile/", {"display_name": "", "language": "pt-br", "hides_presence": "on"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.hides_presence is True
    page = client.get("/accounts/profile/").content.decode()
    assert 'name="hides_presence"' in page and "checked" in page


def test_a_blocked_person_never_sees_the_one_who_blocked_them(alice, bob):
    friends(alice, bob)
    presence.arrive(alice, "channel-alice")
    presence.arrive(bob, "channel-bob")
    relations.block(alice, bob.pk)
    assert ids(bob) == [] and ids(alice) == []
    assert online.online_among(bob.pk, [alice.pk]) == set()
    # Even following again is refused while the block holds: no way back into the list.
    with pytest.raises(relations.RelationError):
        relations.follow(bob, alice.pk)
    assert ids(bob) == []


def test_at_a_public_table_a_free_seat_is_a_join_and_a_full_one_a_watch(alice, bob):
    friends(alice, bob)
    room = services.create_room(bob, "crazy_eights", "Mesa do Bob", seat_count=2)
    presence.arrive(bob, "channel-bob", room.code)  # the table's page names its room
    [entry] = online.online_friends(alice)
    assert entry["activity"] == "table" and entry["game"] == "crazy_eights"
    assert entry["link"] == f"/rooms/{room.code}/" and entry["join"] is True
    services.add_bot(bob, room.code, 1, "easy")
    [entry] = online.online_friends(alice)
    assert entry["link"] == f"/rooms/{room.code}/" and entry["join"] is False


def test_a_private_table_shows_its_game_and_never_its_link(alice, bob):
    friends(alice, bob)
    room = services.create_room(bob, "buraco", "Secreta", is_public=False)
    presence.arrive(bob, "channel-bob", room.code)
    [entry] = online.online_friends(alice)
    assert entry["activity"] == "table" and entry["game"] == "buraco" and entry["link"] == ""
    assert room.code not in str(entry)


def test_a_room_code_of_no_open_room_is_the_lobby(alice, bob):
    friends(alice, bob)
    presence.arrive(bob, "channel-bob", "NOSUCHROOM")
    assert online.online_friends(alice)[0]["activity"] == "lobby"


def running_tournament(host, private=False):
    from datetime import timedelta

    from rooms import clock
    from tournaments import services as tournament_services
    from tournaments.models import Tournament

    tournament = tournament_services.create(
        None if not private else host,
        game="buraco",
        minutes=30,
        starts_at=clock.now() + timedelta(minutes=5),
        private=private,
    )
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.STARTED)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.parametrize("private", [False, True])
def test_a_player_in_a_running_tournament_is_in_the_tournament(alice, bob, private):
    from tournaments.models import Entry

    friends(alice, bob)
    tournament = running_tournament(bob, private)
    Entry.objects.create(tournament=tournament, user=bob)
    presence.arrive(bob, "channel-bob")
    [entry] = online.online_friends(alice)
    assert entry["activity"] == "tournament" and entry["game"] == "buraco"
    assert entry["link"] == ("" if private else f"/tournaments/{tournament.pk}/")
    assert tournament.token not in str(entry)


def test_a_withdrawn_player_is_no_longer_in_the_tournament(alice, bob):
    from tournaments.models import Entry

    friends(alice, bob)
    Entry.objects.create(tournament=running_tournament(bob), user=bob, withdrawn=True)
    presence.arrive(bob, "channel-bob")
    assert online.online_friends(alice)[0]["activity"] == "lobby"


def test_the_friends_page_marks_the_friends_online(alice, bob, charlie):
    friends(alice, bob)
    friends(alice, charlie)
    presence.arrive(bob, "channel-bob")
    client = Client()
    client.force_login(alice)
    page = client.get("/friends/").content.decode()
    assert f'data-friend="{bob.pk}" data-friend-online' in page
    assert f'data-friend="{charlie.pk}">' in page  # offline: no mark
    assert f'data-challenge="{bob.pk}"' in page


@pytest.fixture
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_friends_arrival_and_departure_are_pushed_to_the_header(alice, bob, charlie, no_embedded_worker):
    await database_sync_to_async(friends)(alice, bob)
    page, _, _ = await connect(alice, "/ws/site/")
    assert (await page.receive_json_from(timeout=10))["type"] == "invitations"
    await page.send_json_to({"action": "online_friends"})
    assert await page.receive_json_from(timeout=10) == {"type": "online_friends", "friends": []}

    stranger, _, _ = await connect(charlie, "/ws/site/")  # not a friend: alice hears nothing of charlie
    room = await database_sync_to_async(services.create_room)(bob, "rouba_monte", "Mesa do Bob")
    arrived, _, _ = await connect(bob, f"/ws/site/?room={room.code}")
    frame, seen = await receive_until(page, lambda m: m["type"] == "friend_presence")
    assert frame["id"] == bob.pk and frame["friend"]["activity"] == "table"
    assert frame["friend"]["link"] == f"/rooms/{room.code}/"
    assert all(m.get("id") != charlie.pk for m in seen)

    await arrived.disconnect()
    gone, _ = await receive_until(page, lambda m: m["type"] == "friend_presence")
    assert gone == {"type": "friend_presence", "id": bob.pk, "friend": None}

    await database_sync_to_async(relations.block)(bob, alice.pk)  # the list is told of the block too
    told, _ = await receive_until(page, lambda m: m["type"] == "friend_presence")
    assert told == {"type": "friend_presence", "id": bob.pk, "friend": None}
    for socket in (page, stranger):
        await socket.disconnect()
