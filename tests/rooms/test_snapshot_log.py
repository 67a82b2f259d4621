"""The move log a table rebuilds after a reload: the current hand's moves in public form.

A full snapshot carries ``room.log`` (the deal, then every move of the hand, as every seat may
see it); every broadcast carries ``room.moves_now``, the moves that change made, so a page that
stays connected logs each one, several for one automatic turn included.
"""

import json

import pytest

from config import realtime
from games import registry
from rooms import services
from rooms.live import broadcast
from rooms.live.snapshots import public_log
from rooms.models import Room
from tests.rooms.helpers import current, human_auto_move, play_until_human, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_fresh_snapshot_carries_the_hands_log_in_public_form(alice, bob, monkeypatch):
    sent: list[dict] = []
    monkeypatch.setattr(
        realtime, "group_send_many", lambda sends: sent.extend(json.loads(m["text"]) for _g, m in sends)
    )
    room = services.create_room(alice, "crazy_eights", "Log", time_limit=None, seat_count=3)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.connect(alice, room.code, "test.alice")
    services.connect(bob, room.code, "test.bob")
    services.start_match(alice, room.code)
    people = {0: alice, 1: bob}
    for _ in range(40):
        play_until_human(room)
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING:
            break
        human_auto_move(room, people[turn_seat(room)])
    _match, hand = current(room)
    assert len(hand.moves) >= 10

    snaps = broadcast.room_snapshots(room.id)
    log_a, log_b = snaps[alice.id]["room"]["log"], snaps[bob.id]["room"]["log"]
    # The same public log for everyone: the deal, then one entry per recorded move.
    assert log_a == log_b
    deal = {
        "kind": "deal",
        "hand": hand.number,
        "dealer": hand.seat_map[hand.dealer],
        "at": hand.started_at.isoformat(),
    }
    assert log_a[0] == deal
    assert len(log_a) == len(hand.moves) + 1
    for entry, stored in zip(log_a[1:], hand.moves, strict=True):
        assert entry["engine_seat"] == stored["seat"] and entry["seat"] == hand.seat_map[stored["seat"]]
        assert entry["at"] == stored["at"]  # when: the room's events are placed among the moves by it
        engine = registry.get("crazy_eights")
        assert entry["kind"] == stored["kind"] and entry["move"] == engine.public_move(stored["move"], None, 0)
        assert "by" not in entry  # who (a user, a bot level) never leaves; when it was made is public
    # What a player drew or kept is nobody else's business: no card in those entries.
    drawn = [e["move"] for e in log_a if e.get("move") and e["move"]["type"] in ("draw", "keep")]
    assert drawn and all(move == {"type": move["type"]} for move in drawn)

    # Broadcasts carry the moves of their own change: together, the whole log after the deal.
    seen, by_version = [], {}
    for snap in sent:
        if snap["you"]["user_id"] == alice.id:
            by_version[snap["room"]["version"]] = snap["room"]["moves_now"]
    for version in sorted(by_version):
        seen.extend(by_version[version])
    moves_after_deal = [e for e in seen if e.get("kind") in ("move", "bot", "timeout", "grace")]
    assert [(e["seat"], e["move"]) for e in moves_after_deal] == [(e["seat"], e["move"]) for e in log_a[1:]]
    # An ordinary broadcast does not carry the whole log again.
    assert any("log" not in s["room"] for s in sent)


def test_public_log_of_no_hand_is_empty_and_stored_junk_reads_as_nothing():
    engine = registry.get("crazy_eights")
    assert public_log(engine, None, None) == []

    class Hand:
        number, dealer, seat_map, players = 2, 1, [0, 2], {}
        moves = [
            {"seat": 1, "kind": "move", "move": {"type": "keep", "card": "9H"}},
            "junk",
            {"seat": 7, "kind": 3, "move": "x"},
        ]

    log = public_log(engine, Hand, None)
    assert log[0] == {"kind": "deal", "hand": 2, "dealer": 2}
    assert log[1] == {"seat": 2, "engine_seat": 1, "kind": "move", "auto": False, "move": {"type": "keep"}}
    assert log[2] == {"seat": None, "engine_seat": None, "kind": None, "auto": False, "move": None}
    assert len(log) == 3
