"""The lobby shows life: who is online, who plays what, tables to join or watch, your own rooms.

Over the lobby socket (docs/protocol.md, "Site and lobby sockets"): the frame's
counts, the public list with each room's free and bots' seats and the reader's
place in it, and the reader's rooms, sent again when a room or a presence
changes. Counts never name anybody, and a private room is counted but never listed.
"""

import json

import pytest
from channels.db import database_sync_to_async

from lobby import feed as lobby_feed
from lobby import quick_play
from lobby.feed import lobby_rooms
from lobby.models import SitePresence
from rooms import services
from rooms.models import Room
from tests.rooms.wsclient import connect, receive_until

GAMES = {"rouba_monte", "stealing_bundles", "crazy_eights", "buraco"}


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def buraco_with_bots(host, public=True):
    room = services.create_room(host, "buraco", "Mesa de bots", is_public=public, time_limit=60)
    for index in (1, 2, 3):
        services.add_bot(host, room.code, index, "easy")
    services.connect(host, room.code, f"chan-{host.username}-{room.code}")
    services.start_match(host, room.code)
    return room


@pytest.mark.django_db
def test_the_counts_are_people_with_a_socket_open_and_people_seated_per_game(alice, bob, charlie, clock):
    buraco_with_bots(alice, public=False)
    waiting = services.create_room(bob, "rouba_monte", "Mesa 2")
    services.connect(bob, waiting.code, "chan-bob")
    services.connect(charlie, waiting.code, "chan-charlie")  # watching: online, not at a table
    counts = lobby_feed.game_counts()
    assert counts.keys() == GAMES
    assert counts["buraco"] == {"playing": 1, "tables": 1}  # a private room counts, unnamed
    assert counts["rouba_monte"] == {"playing": 1, "tables": 0}
    assert lobby_feed.online_count() == 3
    services.disconnect("chan-charlie")
    assert lobby_feed.online_count() == 2


@pytest.mark.django_db
def test_a_presence_left_by_a_dead_process_stops_counting(alice, clock, settings):
    SitePresence.objects.create(user=alice, channel_name="gone", last_seen=clock.now)
    assert lobby_feed.online_count() == 1
    clock.advance(settings.PRESENCE_STALE_SECONDS + 1)
    assert lobby_feed.online_count() == 0


@pytest.mark.django_db
def test_a_quick_play_room_nobody_is_connected_to_pauses_leaves_the_list_and_expires(alice, clock, settings):
    room = quick_play.play_now(alice, "rouba_monte", rated=True).room
    services.connect(alice, room.code, "chan-alice")
    assert [r["code"] for r in lobby_rooms()] == [room.code]
    services.disconnect("chan-alice")
    room.refresh_from_db()
    assert room.paused and room.pause_reason == "empty"
    assert lobby_rooms() == []
    clock.advance(settings.EMPTY_ROOM_EXPIRY_SECONDS - 1)
    services.sweep()
    room.refresh_from_db()
    assert room.status == Room.Status.WAITING
    clock.advance(1)
    services.sweep()
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED


async def lobby_frame(comm, predicate=lambda m: True) -> dict:
    frame, _ = await receive_until(comm, lambda m: m["type"] == "lobby" and predicate(m))
    return frame


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_first_frames_are_the_invitations_then_the_lobby_with_counts_and_your_rooms(alice, bob):
    private = await database_sync_to_async(buraco_with_bots)(alice, public=False)
    listed = await database_sync_to_async(buraco_with_bots)(alice)
    comm, connected, _ = await connect(alice, "/ws/lobby/")
    assert connected
    first = await comm.receive_json_from(timeout=10)
    assert first == {"type": "invitations", "invitations": []}
    frame = await lobby_frame(comm)
    assert frame["online"] == 1 and frame["games"]["buraco"] == {"playing": 1, "tables": 2}
    assert [r["code"] for r in frame["rooms"]] == [listed.code]  # the private one is not listed
    entry = frame["rooms"][0]
    assert entry["bot_seats"] == 3 and entry["free"] == 0 and entry["you"] == "seated"
    assert {r["code"] for r in frame["mine"]} == {listed.code, private.code}  # your own rooms, private too
    assert {r["public"] for r in frame["mine"]} == {True, False}
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_reader_elsewhere_sees_the_room_to_take_a_bots_seat_and_no_private_name(alice, bob, make_user):
    secret_player = await database_sync_to_async(make_user)("zeca_secreto")
    private = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Sala secreta", is_public=False)
    await database_sync_to_async(services.sit)(secret_player, private.code, 1)
    await database_sync_to_async(services.connect)(secret_player, private.code, "chan-secret")
    listed = await database_sync_to_async(buraco_with_bots)(alice)
    comm, _, _ = await connect(bob, "/ws/lobby/")
    frame = await lobby_frame(comm)
    entry = next(r for r in frame["rooms"] if r["code"] == listed.code)
    assert entry["you"] is None and entry["bot_seats"] == 3 and entry["status"] == "playing"
    assert frame["mine"] == []
    text = json.dumps(frame)
    assert "zeca_secreto" not in text and "Sala secreta" not in text and private.code not in text
    assert frame["games"]["rouba_monte"]["playing"] == 1  # counted all the same
    await database_sync_to_async(services.sit)(bob, listed.code, 1)  # reserves the bot's seat
    frame = await lobby_frame(comm, lambda m: any(r["you"] for r in m["rooms"]))
    entry = next(r for r in frame["rooms"] if r["code"] == listed.code)
    assert entry["you"] == "reserved" and entry["bot_seats"] == 2
    assert [(r["code"], r["reserved"]) for r in frame["mine"]] == [(listed.code, True)]
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_lobby_is_sent_again_when_people_come_and_tables_change(alice, bob):
    comm, _, _ = await connect(alice, "/ws/lobby/")
    frame = await lobby_frame(comm)
    assert frame["online"] == 1 and frame["rooms"] == []
    site, connected, _ = await connect(bob, "/ws/site/")  # bob opens another page of the site
    assert connected
    assert (await site.receive_json_from(timeout=10))["type"] == "invitations"
    frame = await lobby_frame(comm, lambda m: m["online"] == 2)
    room = await database_sync_to_async(services.create_room)(bob, "crazy_eights", "Oito")
    await database_sync_to_async(services.connect)(bob, room.code, "chan-bob")
    frame = await lobby_frame(comm, lambda m: m["rooms"])
    assert frame["rooms"][0]["code"] == room.code and frame["rooms"][0]["you"] is None
    assert frame["games"]["crazy_eights"]["playing"] == 1
    await site.disconnect()
    await database_sync_to_async(services.disconnect)("chan-bob")
    frame = await lobby_frame(comm, lambda m: m["online"] == 1 and not m["rooms"])
    assert frame["games"]["crazy_eights"]["playing"] == 0
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_readers_of_one_change_share_its_list_and_each_gets_their_own_rooms(alice, bob, monkeypatch):
    """One build of the public list per change and process, however many lobbies are open.

    Every frame sent for a change (`send_rooms` with its id) is counted against the builds of
    the list: as many builds as distinct changes, not as frames."""
    from lobby.consumers import LobbyConsumer

    builds, answered = [], []
    real_rooms, real_send = lobby_feed.lobby_rooms, LobbyConsumer.send_rooms
    monkeypatch.setattr(lobby_feed, "lobby_rooms", lambda game=None: builds.append(game) or real_rooms(game))

    async def counted(consumer, change=None):
        answered.append(change)
        await real_send(consumer, change)

    monkeypatch.setattr(LobbyConsumer, "send_rooms", counted)
    readers = [(await connect(user, "/ws/lobby/"))[0] for user in (alice, bob, alice)]
    for comm in readers:
        await lobby_frame(comm)
    room = await database_sync_to_async(buraco_with_bots)(bob)
    frames = [await lobby_frame(comm, lambda m: any(r["code"] == room.code for r in m["rooms"])) for comm in readers]
    changes = [c for c in answered if c]
    fresh = len(answered) - len(changes)  # a socket just opened builds its own: no change to share yet
    assert len(changes) > len(set(changes))  # several sockets answered one change...
    assert len(builds) == fresh + len(set(changes))  # ...with one build of the list each
    assert [f["rooms"][0]["you"] for f in frames] == [None, "seated", None]
    assert [[r["code"] for r in f["mine"]] for f in frames] == [[], [room.code], []]
    for comm in readers:
        await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_site_socket_answers_pings_refuses_other_actions_and_needs_a_session(alice):
    comm, _, _ = await connect(alice, "/ws/site/")
    await comm.receive_json_from(timeout=10)
    await comm.send_json_to({"action": "filter", "game": "buraco"})
    assert (await comm.receive_json_from(timeout=10))["code"] == "unknown_action"
    await comm.send_json_to({"action": "ping"})
    assert (await comm.receive_json_from(timeout=10)) == {"type": "pong"}
    await comm.disconnect()
    assert not await database_sync_to_async(SitePresence.objects.exists)()
    anonymous, _, _ = await connect(None, "/ws/site/")
    assert (await anonymous.receive_output(timeout=10))["code"] == 4401


@pytest.mark.django_db
def test_the_play_now_buttons_name_each_game_in_the_readers_language(alice, client, settings):
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get("/lobby/").content.decode()
    assert "Play now · Crazy Eights" in english and "Oito Maluco" not in english
    assert "Play now · Crazy Eights" in client.get("/play/?game=crazy_eights").content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-br"
    assert "Jogar agora · Oito Maluco" in client.get("/lobby/").content.decode()
