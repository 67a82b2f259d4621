"""A unit of work that waited for a room's lock reads the hand its holder wrote (PostgreSQL).

PostgreSQL's ``SELECT … FOR UPDATE OF room`` joined with the hand returns, after
waiting for a concurrent writer, the room row that writer committed but the hand
row of the statement's own older snapshot. A timeout or a sweep that waited
behind a move then played on the hand as it was before that move: the log held a
seat playing twice in a row (the worker fault scenario found it). The room's row
is now locked by a statement of its own before the rest is read.
"""

import json

import pytest

from tests.live import manage_shell

pytestmark = pytest.mark.django_db(transaction=True)

# One thread holds the room's lock and writes its hand (as a move does: a new state, a new version);
# another opens the room meanwhile and waits. The holder commits once PostgreSQL shows the other waiting.
RACE = """
import json, threading, time
from django.db import connection, transaction
from accounts.models import User
from rooms import queries, room_cache, services
from rooms.models import Hand, Room
from rooms.table import open_table

people = [User.objects.create_user(f"lf_{n}", email=f"lf_{n}@test.invalid", password="x") for n in "ab"]
room = services.create_room(people[0], "rouba_monte", "Fresh reads", time_limit=60)
services.sit(people[1], room.code, 1)
services.start_match(people[0], room.code)
room_cache.clear()  # this process keeps no copy: the waiting unit reads the database
room.refresh_from_db()
holding, waiting, release, seen = threading.Event(), threading.Event(), threading.Event(), {}


def holder():
    with transaction.atomic():
        queries.lock_room_row(room_id=room.id)
        hand = Hand.objects.get(pk=room.current_hand_id)
        Hand.objects.filter(pk=hand.pk).update(state={**hand.state, "probe": "written by the holder"})
        Room.objects.filter(pk=room.id).update(version=room.version + 1, state_version=room.state_version + 1)
        seen["holder_pid"] = connection.connection.info.backend_pid
        holding.set()
        release.wait(60)
    connection.close()


def waiter():
    connection.ensure_connection()
    seen["waiter_pid"] = connection.connection.info.backend_pid
    waiting.set()
    with open_table(room_id=room.id) as t:
        seen["version"] = t.room.state_version
        seen["probe"] = t.hand.state.get("probe")
        t.skip()
    connection.close()


first = threading.Thread(target=holder)
first.start()
holding.wait(60)
second = threading.Thread(target=waiter)
second.start()
waiting.wait(60)
with connection.cursor() as cursor:  # until PostgreSQL shows the second unit blocked by the first
    for _ in range(6000):
        cursor.execute("SELECT %s = ANY(pg_blocking_pids(%s))", [seen["holder_pid"], seen["waiter_pid"]])
        if cursor.fetchone()[0]:
            break
        time.sleep(0.01)  # a poll of the server's own state, not a guess at how long the wait takes
    else:
        raise SystemExit("the second unit of work never waited")
release.set()
first.join(60)
second.join(60)
print("JSON" + json.dumps({"expected": room.state_version + 1, **seen}))
"""


def test_a_unit_of_work_that_waited_for_the_lock_reads_the_hand_its_holder_wrote(services_stack):
    out = manage_shell(services_stack.env, RACE)
    seen = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    assert seen["version"] == seen["expected"]  # the room row: always the committed one
    assert seen["probe"] == "written by the holder"  # and the hand with it, not the statement's older snapshot
