"""A process's copy of a room (rooms/room_cache.py) is used only while the room's version proves it fresh."""

import copy
import json
import subprocess
import sys

import pytest

from rooms import room_cache, services
from rooms.errors import RoomError
from rooms.live import broadcast
from rooms.models import Room
from tests.live import ROOT, manage_shell
from tests.rooms.helpers import current, state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def playing(alice, bob, game="rouba_monte") -> Room:
    room = services.create_room(alice, game, "Copies", time_limit=None)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    return room


def auto_move(room: Room, people: dict) -> dict:
    engine, state, _hand = state_of(room)
    move = engine.auto_move(state, engine.current_seat(state))
    services.move(people[turn_seat(room)], room.code, room.state_version, move)
    return move


def test_an_old_copy_is_never_used_the_room_is_read_again(alice, bob):
    """As in a process that kept the room, then another process moved it on."""
    room = playing(alice, bob)
    people = {0: alice, 1: bob}
    auto_move(room, people)
    old = copy.deepcopy(room_cache._kept[room.id])  # this process's copy after the first move
    auto_move(room, people)  # "another process": a version this copy does not have
    room_cache.forget(room.id)
    room_cache.put(room.id, old)
    auto_move(room, people)
    _match, hand = current(room)
    assert len(hand.moves) == 3
    engine, state, _hand = state_of(room)
    cards = sum(len(h) for h in state["hands"]) + len(state["centre"]) + len(state["stock"])
    assert cards + sum(len(p) for piles in state["piles"] for p in piles) == 52


def test_a_refused_action_leaves_no_copy_behind(alice, bob):
    room = playing(alice, bob)
    auto_move(room, {0: alice, 1: bob})
    assert room.id in room_cache._kept
    room.refresh_from_db()
    not_the_mover = bob if turn_seat(room) == 0 else alice
    with pytest.raises(RoomError):
        services.move(not_the_mover, room.code, room.state_version, {"type": "discard", "card": "AS"})
    assert room.id not in room_cache._kept


def test_a_new_name_reaches_the_table_at_once(alice, bob):
    room = playing(alice, bob)
    auto_move(room, {0: alice, 1: bob})
    version = Room.objects.get(pk=room.pk).version
    bob.display_name = "Roberto"
    bob.save()
    assert Room.objects.get(pk=room.pk).version == version + 1  # every process's copy of the room is stale
    room.refresh_from_db()
    auto_move(room, {0: alice, 1: bob})
    seats = broadcast.room_snapshots(room.id, alice.id)[alice.id]["room"]["seats"]
    assert seats[1]["name"] == "Roberto"
    # A log-in alone changes no name: the rooms keep their versions.
    bob.save(update_fields=["last_login"])
    assert Room.objects.get(pk=room.pk).version == version + 2


SETUP = """
import json
from accounts.models import User
from rooms import services
people = [User.objects.create_user(f"rc_{n}", email=f"rc_{n}@test.invalid", password="x") for n in "ab"]
room = services.create_room(people[0], "rouba_monte", "Two processes", time_limit=60)
services.sit(people[1], room.code, 1)
services.start_match(people[0], room.code)
print("JSON" + json.dumps({"code": room.code, "id": room.id}))
"""

# Each process plays the same room turn by turn: it says which state version it sees ("AT 41"), waits for
# the test's "GO" (given once both see the same one), tries to change the room, and says whether it won.
PERSON = """
import json
from django.contrib.auth import get_user_model
from games import registry
from rooms import services
from rooms.errors import RoomError
from rooms.models import Room
engine = registry.get("rouba_monte")
while True:
    room = Room.objects.select_related("current_hand").get(pk=ROOM)
    if room.status != "playing":
        break
    state = engine.from_json(room.current_hand.state)
    seat = room.current_hand.seat_map[engine.current_seat(state)]
    user = get_user_model().objects.get(username="rc_" + "ab"[seat])
    move = engine.auto_move(state, engine.current_seat(state))
    print("AT", room.state_version, flush=True)
    input()
    try:
        services.move(user, room.code, room.state_version, move)
        print("WON", flush=True)
    except RoomError as exc:
        assert exc.code in ("stale", "not_playing"), exc.code
        print("LOST", flush=True)
print("END", flush=True)
"""
TIMEOUT = """
from datetime import timedelta
from django.utils import timezone
from rooms import services
from rooms.models import Room
while True:
    room = Room.objects.get(pk=ROOM)
    if room.status != "playing":
        break
    print("AT", room.state_version, flush=True)
    input()
    Room.objects.filter(pk=ROOM).update(deadline=timezone.now() - timedelta(seconds=1))  # due now
    print("WON" if services.run_deadline(room.id, room.state_version) else "LOST", flush=True)
print("END", flush=True)
"""


def test_a_move_and_a_timeout_from_two_processes_never_both_win_and_lose_nothing(services_stack, tmp_path):
    """Two processes with their own copies change one room at once (PostgreSQL): a person's moves in
    one, the worker's timeouts in the other, both trying every turn of the hand at the same moment."""
    env = services_stack.env
    out = manage_shell(env, SETUP)
    room = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    procs = [
        subprocess.Popen(
            [sys.executable, "manage.py", "shell", "-c", f"ROOM = {room['id']}\n" + code],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=open(tmp_path / f"{name}.log", "w"),  # noqa: SIM115 - closed with the process
            text=True,
        )
        for name, code in (("person", PERSON), ("timeout", TIMEOUT))
    ]

    def said(proc) -> str:
        """The process's next word of the turns (the shell's own lines passed over)."""
        while True:
            line = proc.stdout.readline()
            assert line, (tmp_path / "person.log").read_text() + (tmp_path / "timeout.log").read_text()
            if line.split(" ")[0].strip() in ("AT", "WON", "LOST", "END"):
                return line.strip()

    moves, timeouts, turns = [], [], []
    try:
        while True:
            seen = [said(proc) for proc in procs]
            if seen == ["END", "END"]:
                break
            assert seen[0] == seen[1] and seen[0].startswith("AT "), seen  # both at the same turn
            turns.append(int(seen[0].split()[1]))
            for proc in procs:
                proc.stdin.write("GO\n")
                proc.stdin.flush()
            person, timeout = (said(proc) for proc in procs)
            assert {person, timeout} == {"WON", "LOST"}, (turns[-1], person, timeout)  # one winner a turn
            (moves if person == "WON" else timeouts).append(turns[-1])
    finally:
        for proc in procs:
            proc.stdin.close()
            proc.wait(timeout=60)
    assert len(turns) > 10  # every one of them tried by both at once, and won by one
    log = json.loads(
        manage_shell(
            env,
            "import json\nfrom rooms.models import Hand\n"
            f"h = Hand.objects.filter(room_id={room['id']}).order_by('-number').first()\n"
            "print('JSON' + json.dumps([m['kind'] for m in h.moves]))\n",
        ).split("JSON", 1)[1]
    )
    # Every turn either process won is in the hand's log, once, as what it was.
    assert log.count("move") == len(moves) and log.count("timeout") == len(timeouts)
    assert len(log) == len(moves) + len(timeouts)


def test_a_room_whose_copy_was_behind_is_read_joined_at_once_and_its_copy_still_used_when_it_holds(alice, bob):
    """As on the stack, where another daphne also changes the room: no read of the row alone first."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    room = playing(alice, bob)
    people = {0: alice, 1: bob}
    auto_move(room, people)
    old = copy.deepcopy(room_cache._kept[room.id])
    auto_move(room, people)
    room_cache.forget(room.id)
    room_cache.put(room.id, old)  # behind: the next unit of work misses
    auto_move(room, people)
    assert room.id in room_cache._missed
    engine, state, _hand = state_of(room)
    mover, move = people[turn_seat(room)], engine.auto_move(state, engine.current_seat(state))
    room.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        services.move(mover, room.code, room.state_version, move)  # the copy made here holds, found joined
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    room_reads = [sql for sql in reads if 'FROM "rooms_room"' in sql]
    assert len(room_reads) == 1 and "JOIN" in room_reads[0]
    assert not any('FROM "rooms_seat"' in sql for sql in reads)  # the seats came from the copy
    assert room.id not in room_cache._missed


def test_an_erased_players_name_leaves_the_copy_too(alice, bob):
    """Erasure rewrites the records of the rooms after the person left them: a copy kept from before
    (her name among the hand's players) is not used again."""
    from players import erasure
    from rooms.table import open_table

    bob.display_name = "Roberto Secreto"
    bob.save()
    room = playing(alice, bob)
    auto_move(room, {0: alice, 1: bob})
    erasure.erase(bob)
    with open_table(room.code) as t:
        kept = broadcast.room_snapshots(room.id, alice.id, room=t.room, seats=t.seats, state=t.state)[alice.id]
        t.skip()
    assert "Roberto Secreto" not in json.dumps(kept, ensure_ascii=False)
