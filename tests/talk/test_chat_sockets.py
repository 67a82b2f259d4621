"""Chat over the room socket: every socket of the room gets a message as its own event, nobody outside it."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from chat import service
from chat.models import ChatMessage, ChatMute
from rooms import services
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def joined(user, code):
    comm, connected, _ = await connect(user, f"/ws/rooms/{code}/")
    assert connected
    snapshot, _ = await receive_until(comm, lambda m: m["type"] == "snapshot")
    return comm, snapshot


async def nothing_more(comm) -> None:
    """A room socket that got no frame: a ping is answered, with nothing queued before the pong."""
    await comm.send_json_to({"action": "ping", "id": "p"})
    assert (await comm.receive_json_from(timeout=30))["type"] == "pong"


async def test_a_message_reaches_every_socket_of_the_room_and_nothing_outside(alice, bob, charlie):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    other = await database_sync_to_async(services.create_room)(charlie, "rouba_monte", "Outra")
    a1, _ = await joined(alice, room.code)
    a2, _ = await joined(alice, room.code)
    b, _ = await joined(bob, room.code)  # watching: not seated
    c, _ = await joined(charlie, other.code)
    await b.send_json_to({"action": "chat", "id": 1, "text": "<b>boa</b> sorte"})
    ack, seen = await receive_until(b, lambda m: m["type"] == "ack")
    assert not [m for m in seen if m["type"] == "snapshot"]  # a message is not a snapshot of the room
    for comm in (a1, a2, b):
        event, _ = await receive_until(comm, lambda m: m["type"] == "event")
        assert event["kind"] == "chat"
        assert event["name"] == "bob" and event["spectator"] is True
        assert event["text"] == "<b>boa</b> sorte" and event["phrase"] is None
        assert isinstance(event["time"], int) and isinstance(event["id"], int)
    await nothing_more(c)
    await asyncio.gather(*(comm.disconnect() for comm in (a1, a2, b, c)))


async def test_a_quick_phrase_is_stored_as_its_key_and_read_in_each_language(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    a, _ = await joined(alice, room.code)
    await a.send_json_to({"action": "chat_quick", "id": 1, "phrase": "good_luck"})
    event, _ = await receive_until(a, lambda m: m["type"] == "event")
    assert event["phrase"] == "good_luck" and event["spectator"] is False
    assert event["texts"] == {"pt-br": "Boa sorte", "en": "Good luck"}
    stored = await database_sync_to_async(ChatMessage.objects.get)()
    assert (stored.phrase, stored.text) == ("good_luck", "")
    await a.disconnect()


async def test_the_history_comes_with_the_snapshot_on_reconnect(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    a, _ = await joined(alice, room.code)
    await a.send_json_to({"action": "chat", "id": 1, "text": "primeira"})
    await receive_until(a, lambda m: m["type"] == "ack")
    await a.disconnect()
    b, snapshot = await joined(bob, room.code)
    assert [(m["name"], m["text"]) for m in snapshot["chat"]] == [("alice", "primeira")]
    await b.send_json_to({"action": "snapshot"})
    asked, _ = await receive_until(b, lambda m: m["type"] == "snapshot")
    assert len(asked["chat"]) == 1
    await b.disconnect()


async def test_a_muter_does_not_receive_the_muted_persons_messages(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    a, _ = await joined(alice, room.code)
    b, _ = await joined(bob, room.code)
    await a.send_json_to({"action": "chat_mute", "id": 1, "user": bob.id, "muted": True})
    await receive_until(a, lambda m: m["type"] == "ack")
    await b.send_json_to({"action": "chat", "id": 1, "text": "oi"})
    event, _ = await receive_until(b, lambda m: m["type"] == "event")
    assert event["text"] == "oi"
    await nothing_more(a)
    await asyncio.gather(a.disconnect(), b.disconnect())


async def test_an_unmute_brings_the_person_back_and_mutes_survive_a_reconnect(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    a, snapshot = await joined(alice, room.code)
    assert snapshot["chat_muted"] == []
    b, _ = await joined(bob, room.code)
    await b.send_json_to({"action": "chat", "id": 1, "text": "antes"})
    await receive_until(a, lambda m: m["type"] == "event")
    await a.send_json_to({"action": "chat_mute", "id": 1, "user": bob.id, "muted": True})
    await receive_until(a, lambda m: m["type"] == "ack")
    await a.disconnect()
    # A new page: the mute is still there, listed by name, and bob's message stays out.
    a, snapshot = await joined(alice, room.code)
    assert snapshot["chat_muted"] == [{"user_id": bob.id, "name": "bob"}]
    assert snapshot["chat"] == []
    await a.send_json_to({"action": "chat_unmute", "id": 2, "user": bob.id})
    ack, _ = await receive_until(a, lambda m: m["type"] in ("ack", "error"))
    assert ack == {"type": "ack", "id": 2, "action": "chat_unmute"}
    await a.send_json_to({"action": "snapshot"})
    snapshot, _ = await receive_until(a, lambda m: m["type"] == "snapshot")
    assert snapshot["chat_muted"] == [] and [m["text"] for m in snapshot["chat"]] == ["antes"]
    await b.send_json_to({"action": "chat", "id": 2, "text": "depois"})
    event, _ = await receive_until(a, lambda m: m["type"] == "event")
    assert event["text"] == "depois"
    await a.send_json_to({"action": "chat_unmute", "id": 3, "user": "bob"})
    error, _ = await receive_until(a, lambda m: m["type"] == "error")
    assert error["code"] == "bad_message" and error["id"] == 3
    await asyncio.gather(a.disconnect(), b.disconnect())


async def test_a_deleted_message_is_removed_from_every_socket_at_once(alice, bob):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    a, _ = await joined(alice, room.code)
    b, _ = await joined(bob, room.code)
    await b.send_json_to({"action": "chat", "id": 1, "text": "feio"})
    said, _ = await receive_until(a, lambda m: m["type"] == "event")
    await b.send_json_to({"action": "chat_report", "id": 2, "message": said["id"], "reason": "insult", "note": "feio"})
    await receive_until(b, lambda m: m["type"] == "ack")
    await database_sync_to_async(service.delete)(ChatMessage.objects.filter(id=said["id"]))
    for comm in (a, b):
        gone, _ = await receive_until(comm, lambda m: m["type"] == "event" and m["kind"] == "chat_deleted")
        assert gone == {"type": "event", "kind": "chat_deleted", "id": said["id"]}
    await asyncio.gather(a.disconnect(), b.disconnect())


async def test_a_muted_user_is_told_until_when_in_their_language(alice):
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    mute = await database_sync_to_async(service.mute_site_wide)(alice, 1)
    a, _ = await joined(alice, room.code)
    await a.send_json_to({"action": "chat", "id": 1, "text": "oi"})
    error, _ = await receive_until(a, lambda m: m["type"] == "error")
    until = f"{mute.until:%Y-%m-%d %H:%M} UTC"
    iso = mute.until.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert error["code"] == "chat_muted" and error["params"] == {"until": until, "until_iso": iso}
    assert until in error["message"] and "{until}" not in error["message"]
    await a.disconnect()


async def test_a_mute_of_an_unknown_id_and_of_a_stranger_answer_the_same_over_the_socket(alice, bob, charlie):
    """Issue 30: ``ack`` versus ``chat_no_such_user`` told whether an id exists, and the next snapshot's
    ``chat_muted`` named whoever the id belonged to."""
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    a, _ = await joined(alice, room.code)
    answers = []
    for number, other in enumerate((charlie.id, charlie.id + bob.id + 1000), start=1):
        await a.send_json_to({"action": "chat_mute", "id": number, "user": other, "muted": True})
        error, _ = await receive_until(a, lambda m: m["type"] in ("ack", "error"))
        answers.append({key: value for key, value in error.items() if key != "id"})
    assert answers[0] == answers[1] and answers[0]["code"] == "chat_no_such_user"
    await a.send_json_to({"action": "snapshot"})
    snapshot, _ = await receive_until(a, lambda m: m["type"] == "snapshot")
    assert snapshot["chat_muted"] == []
    assert not await database_sync_to_async(ChatMute.objects.exists)()
    await a.disconnect()


def replayed_chat(frames: list[dict]) -> list[int]:
    """The message ids a page shows after reading ``frames`` in order, as static/js/chat.js reads them:
    a full snapshot's ``chat`` replaces the list, a ``chat`` event is added to it."""
    shown: list[int] = []
    for frame in frames:
        if frame["type"] == "snapshot" and isinstance(frame.get("chat"), list):
            shown = [m["id"] for m in frame["chat"]]
        elif frame["type"] == "event" and frame.get("kind") == "chat" and frame["id"] not in shown:
            shown.append(frame["id"])
    return shown


async def test_a_message_sent_while_a_full_snapshot_is_being_built_is_not_lost(alice, bob, settings, monkeypatch):
    """A socket's own full snapshot (the presence refresh's catch-up) built before a message and sent after
    the message's event replaced the page's list with one that lacked it: the spectator of
    tests/browser/test_browser_chat_phone.py never saw the third message. The event waits for the snapshot."""
    import threading

    from django.db.models import F

    from rooms.live import consumers
    from rooms.models import Room

    settings.PRESENCE_REFRESH_SECONDS = 1
    armed, built, go = threading.Event(), threading.Event(), threading.Event()
    real = consumers._full_snapshot

    def held(room_id, user_id):
        snaps = real(room_id, user_id)
        if armed.is_set() and user_id == alice.id:
            armed.clear()
            built.set()
            go.wait(30)
        return snaps

    monkeypatch.setattr(consumers, "_full_snapshot", held)
    reached = asyncio.Event()
    held_back = []
    real_event = consumers.RoomConsumer.room_event

    async def noted(consumer, message):
        if consumer.user.id == alice.id and message["event"].get("kind") == "chat":
            held_back.append(consumer.sending.locked())
            reached.set()
        await real_event(consumer, message)

    monkeypatch.setattr(consumers.RoomConsumer, "room_event", noted)
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa")
    a, first = await joined(alice, room.code)
    b, _ = await joined(bob, room.code)
    frames = [first]
    # The room moved on without a broadcast reaching alice's socket: its refresh sends her a full snapshot.
    armed.set()
    await database_sync_to_async(Room.objects.filter(id=room.id).update)(version=F("version") + 1)
    assert await asyncio.to_thread(built.wait, 30)
    await b.send_json_to({"action": "chat", "id": 1, "text": "no meio"})
    said, _ = await receive_until(b, lambda m: m["type"] == "event" and m["kind"] == "chat")
    await asyncio.wait_for(reached.wait(), 30)  # the event reached alice's socket...
    assert held_back == [True]  # ...while her snapshot was still being built: the race happened
    go.set()
    while not any(f["type"] == "event" and f.get("id") == said["id"] for f in frames) or not any(
        f["type"] == "snapshot" and "chat" in f for f in frames[1:]
    ):
        frames.append(await a.receive_json_from(timeout=30))
    assert said["id"] in replayed_chat(frames)
    await asyncio.gather(a.disconnect(), b.disconnect())
