"""Races over the wire, across two daphne processes: each has exactly one effect.

- the same move sent at once from two tabs of one player (one tab on each process);
- a bot's deadline task delivered three times (the scheduled one and two copies);
- a move arriving at the instant the player's time runs out (two tabs fire at the deadline).

The service-level versions are in tests/rooms/test_concurrency.py.
"""

import asyncio
import itertools
import json
import time
from datetime import UTC, datetime

import pytest
from celery import Celery

from tests.live import Client, make_room, make_users
from tests.reliability.faultkit import FAST_ENV, room_dump

pytestmark = pytest.mark.xdist_group("live")


def queue_copies(broker_url: str, room_id: int, version: int, deadline_ms: int, copies: int = 2) -> None:
    """Put copies of a deadline task on the real broker, due at the same instant as the original."""
    app = Celery(broker=broker_url)
    eta = datetime.fromtimestamp(deadline_ms / 1000, tz=UTC)
    try:
        for _ in range(copies):
            app.send_task("rooms.tasks.run_deadline", args=(room_id, version), eta=eta)
    finally:
        app.close()


def log_of(env, code) -> list[dict]:
    dump = room_dump(env, code)
    return [e for h in dump["hands"] for e in h["moves"]]


async def snapshot_where(client: Client, predicate, timeout: float = 20.0) -> dict:
    """The latest snapshot if it matches, else the next one that does."""
    if client.snapshot is not None and predicate(client.snapshot):
        return client.snapshot
    return await client.until(lambda m: m["type"] == "snapshot" and predicate(m), timeout)


def test_two_tabs_duplicate_tasks_and_a_timeout_race_each_have_one_effect(services_stack):
    stack = services_stack
    stack.env.update({**FAST_ENV, "MESA_BOT_DELAY_MS": "2500"})
    users = make_users(stack.env, "alice", "bob")
    calm = make_room(stack.env, "alice", "rouba_monte", time_limit=None)
    timed = make_room(stack.env, "bob", "rouba_monte", time_limit=10)
    first, second = stack.start_daphne(), stack.start_daphne()
    stack.start_worker()
    stack.start_beat()
    session = users["alice"]["session"]

    async def two_tabs_and_duplicate_tasks():
        async with Client(first.port, session, calm) as tab1, Client(second.port, session, calm) as tab2:
            await snapshot_where(tab1, lambda m: True)
            await snapshot_where(tab2, lambda m: True)
            assert (await tab1.request("add_bot", seat=1, level="easy"))["type"] == "ack"
            assert (await tab1.request("start"))["type"] == "ack"
            # 1. Alice's turn: both tabs send the same move on the same version at once.
            snap = await snapshot_where(tab1, lambda m: m["room"]["status"] == "playing")
            if not snap["room"]["seats"][0]["turn"]:
                snap = await snapshot_where(tab1, lambda m: m["room"]["seats"][0]["turn"] and m["legal"])
            await snapshot_where(tab2, lambda m: m["version"] == snap["version"])
            move = snap["legal"][0]
            dump = room_dump(stack.env, calm)
            room_id, before = dump["id"], sum(len(h["moves"]) for h in dump["hands"])
            answers = await asyncio.gather(
                tab1.request("move", version=snap["version"], move=move),
                tab2.request("move", version=snap["version"], move=move),
            )
            assert sorted(a["type"] for a in answers) == ["ack", "error"], answers
            assert next(a for a in answers if a["type"] == "error")["code"] == "stale"
            # The bot may already have moved by the time the log is read (reading it starts
            # a Django process, slow on a busy machine): count Alice's moves, not the log's length.
            log = log_of(stack.env, calm)[before:]
            assert [e["kind"] for e in log][:1] == ["move"] and log[0]["move"] == move, log
            assert [e["kind"] for e in log[1:]] in ([], ["bot"]), log
            # 2. Now the bot's turn (2.5 s): two more copies of its task, due at the same instant.
            bot_turn = await snapshot_where(tab1, lambda m: m["room"]["deadline_kind"] == "bot")
            queue_copies(stack.env["REDIS_URL"], room_id, bot_turn["version"], bot_turn["room"]["deadline"])
            await snapshot_where(tab1, lambda m: m["version"] > bot_turn["version"], timeout=20)
            await asyncio.sleep(2.0)  # time for the copies to run (and do nothing)
            log = log_of(stack.env, calm)[before:]
            assert [e["kind"] for e in log] == ["move", "bot"], log

    async def move_at_the_deadline():
        bob_session = users["bob"]["session"]
        async with Client(first.port, bob_session, timed) as tab1, Client(second.port, bob_session, timed) as tab2:
            await snapshot_where(tab1, lambda m: True)
            await snapshot_where(tab2, lambda m: True)
            assert (await tab1.request("add_bot", seat=1, level="easy"))["type"] == "ack"
            assert (await tab1.request("start"))["type"] == "ack"
            snap = await snapshot_where(
                tab1, lambda m: m["room"]["seats"][0]["turn"] and m["legal"] and m["room"]["deadline"]
            )
            before = len(log_of(stack.env, timed))
            room = snap["room"]
            offset = room["server_time"] / 1000 - time.time()  # server clock minus ours
            fire_at = room["deadline"] / 1000 - offset
            await asyncio.sleep(max(0.0, fire_at - time.time() - 0.02))
            payload = {"version": snap["version"], "move": snap["legal"][0]}
            answers = await asyncio.gather(tab1.request("move", **payload), tab2.request("move", **payload))
            await asyncio.sleep(1.5)  # the timeout task and the sweep have had their chance
            turn = log_of(stack.env, timed)[before:]
            # Bob's turn is what seat 0 did before the bot moved: reading the log starts a Django
            # process, slow enough on a busy machine for his next turn to time out as well.
            mine = list(itertools.takewhile(lambda e: e["seat"] == 0, turn))
            acks = [a for a in answers if a["type"] == "ack"]
            assert len(acks) <= 1, answers
            assert all(a["code"] in ("stale", "not_your_turn") for a in answers if a["type"] == "error"), answers
            # Exactly one effect on bob's turn: his move if acknowledged, else the automatic one.
            assert len(mine) == 1, json.dumps(turn)
            assert mine[0]["kind"] == ("move" if acks else "timeout"), json.dumps(turn)

    asyncio.run(two_tabs_and_duplicate_tasks())
    asyncio.run(move_at_the_deadline())
    assert all(p.alive() for p in stack.procs), stack.logs()
