"""The stack mode: PostgreSQL, Redis, two daphne processes and a Celery worker.

A socket on the first daphne receives what an action through the second one
published (the channel layer is shared through Redis), and bot turns queued by
either process run in the separate worker.
"""

import asyncio

import pytest

from tests.live import Client, autoplay, make_room, make_users

pytestmark = pytest.mark.xdist_group("live")


def test_two_daphne_processes_share_one_room_and_a_worker_runs_the_tasks(services_stack):
    stack = services_stack
    stack.env.update({"MESA_BOT_DELAY_MS": "100"})
    users = make_users(stack.env, "alice", "bob")
    code = make_room(stack.env, "alice", "rouba_monte")
    first = stack.start_daphne()
    second = stack.start_daphne()
    stack.start_worker()

    async def scenario():
        async with (
            Client(first.port, users["alice"]["session"], code) as alice,
            Client(second.port, users["bob"]["session"], code) as bob,
        ):
            await alice.until(lambda m: m["type"] == "snapshot")
            await bob.until(lambda m: m["type"] == "snapshot")
            assert (await bob.request("sit", seat=2))["type"] == "ack"
            # Bob acted through the second process; Alice on the first sees it.
            await alice.until(
                lambda m: m["type"] == "snapshot" and m["room"]["seats"][2]["user_id"] == users["bob"]["id"]
            )
            assert (await alice.request("add_bot", seat=1, level="easy"))["type"] == "ack"
            assert (await alice.request("start"))["type"] == "ack"
            last_a, last_b = await asyncio.gather(autoplay(alice, 0), autoplay(bob, 2))
            assert last_a["room"]["status"] == "match_over"
            bot_moves = [
                m
                for m in alice.received
                if m["type"] == "snapshot" and (m["room"]["last_move"] or {}).get("kind") == "bot"
            ]
            assert bot_moves, "the worker ran no bot turn"
            assert last_a["room"]["match"]["seed"]  # revealed at the end, to everyone

    asyncio.run(scenario())
    assert all(p.alive() for p in stack.procs), stack.logs()
