"""The hand history travels with a broadcast only when a hand ended; its key always does."""

import json

import pytest

from config import realtime
from rooms import services
from rooms.live import broadcast
from rooms.live.snapshots import history_key
from rooms.models import Room
from tests.rooms.helpers import human_auto_move, play_until_human, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def test_history_only_when_a_hand_ends_and_a_fresh_snapshot_always_has_it(alice, bob, monkeypatch):
    sent: list[dict] = []
    monkeypatch.setattr(
        realtime, "group_send_many", lambda sends: sent.extend(json.loads(m["text"]) for _g, m in sends)
    )
    room = services.create_room(alice, "rouba_monte", "History", time_limit=None)
    services.sit(bob, room.code, 1)
    services.connect(alice, room.code, "test.alice")
    services.connect(bob, room.code, "test.bob")
    services.start_match(alice, room.code)
    people = {0: alice, 1: bob}
    hands_ended = 0
    for _ in range(3000):
        play_until_human(room)
        room.refresh_from_db()
        if room.status in (Room.Status.HAND_OVER, Room.Status.MATCH_OVER):
            hands_ended += 1
            if hands_ended == 3:
                break
            if room.status == Room.Status.HAND_OVER:
                services.next_hand(alice, room.code)
            else:
                services.start_match(alice, room.code)
            continue
        human_auto_move(room, people[turn_seat(room)])
    assert hands_ended == 3

    moves = [s for s in sent if (s["room"]["last_move"] or {}).get("kind") in ("move", "bot")]
    carrying = [s for s in sent if "history" in s["room"]]
    assert moves and all("history_key" in s["room"] for s in sent)
    # A move that does not end a hand carries no history; the one that ends it carries the new one.
    ended = [s for s in sent if s["room"]["status"] in ("hand_over", "match_over")]
    assert ended and all("history" in s["room"] for s in ended)
    assert any("history" not in s["room"] for s in moves)
    for snap in carrying:
        assert snap["room"]["history_key"] == history_key(snap["room"]["history"])
    # The key changes only when a hand ends, so a client holding the last history has the right one.
    keys_in_play = [s["room"]["history_key"] for s in sent if s["room"]["status"] == "playing"]
    assert len(set(keys_in_play)) == hands_ended  # "" for the first hand, then one per ended hand
    # Moves after a hand ended carry its key but not the history again.
    assert any(s["room"]["history_key"] and "history" not in s["room"] for s in moves)
    fresh = broadcast.room_snapshots(room.id, alice.id)[alice.id]["room"]
    assert fresh["history"] and fresh["history_key"] == history_key(fresh["history"])
    assert fresh["history"] == carrying[-1]["room"]["history"]


def test_a_move_reads_the_history_key_not_the_history(alice, bob):
    """The locked room comes without its history (decoding twenty hands was a move's largest JSON cost)."""
    from django.db import transaction

    from rooms import queries

    room = services.create_room(alice, "rouba_monte", "History key", time_limit=None)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    history = [{"number": 7, "match": 3, "result": {}}, {"number": 6, "match": 3, "result": {}}]
    Room.objects.filter(pk=room.pk).update(history=history, history_key=history_key(history))
    with transaction.atomic():
        locked = queries.lock_room(code=room.code)
        assert "history" in locked.get_deferred_fields()
        assert locked.history_key == "3:7"
    # A migrated room's key is filled from its history, the same function the table uses.
    assert history_key(history) == "3:7" and history_key([]) == "" and history_key(["odd", 1]) == ""
    assert len(history_key([{"match": "x" * 500, "number": 1}])) == 64


def test_the_snapshots_verify_link_is_the_matchs_own(alice):
    from rooms.live.snapshots import match_entry

    room = services.create_room(alice, "rouba_monte", "Verify link", time_limit=None)
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    match = Room.objects.get(pk=room.pk).current_match
    assert match_entry(match)["verify_url"] == match.verify_url == f"/matches/{match.public_id}/verify/"


def test_a_snapshot_works_out_only_the_views_of_the_users_it_goes_to(alice, bob, monkeypatch):
    """One seated person and a spectator: their two views, not every seat's (rooms.live.snapshots.GameParts)."""
    from games import registry

    room = services.create_room(alice, "rouba_monte", "Views", time_limit=None)
    for seat in (1, 2, 3):
        services.add_bot(alice, room.code, seat, "easy")
    services.connect(alice, room.code, "test.alice")
    services.connect(bob, room.code, "test.bob")  # watching
    services.start_match(alice, room.code)
    engine = registry.get("rouba_monte")
    asked: list = []
    real_view = engine.view
    monkeypatch.setattr(engine, "view", lambda state, seat: asked.append(seat) or real_view(state, seat))
    hand = Room.objects.get(pk=room.pk).current_hand
    snaps = broadcast.room_snapshots(room.pk)
    alice_seat = hand.seat_map.index(0)
    assert sorted(asked, key=str) == sorted([alice_seat, None], key=str)
    assert snaps[alice.id]["view"] == real_view(engine.from_json(hand.state), alice_seat)
    assert snaps[bob.id]["view"] == real_view(engine.from_json(hand.state), None)
