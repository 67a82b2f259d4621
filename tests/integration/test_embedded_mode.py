"""The embedded default: one daphne process with its own worker and beat inside.

A bot turn is a Celery countdown task scheduled by a WebSocket request; it must
run after its countdown in the server process and its result must reach the
connected socket.
"""

import asyncio

import pytest

from tests.live import Client, make_room, make_users

pytestmark = pytest.mark.xdist_group("live")


def test_a_countdown_task_runs_in_process_and_reaches_the_socket(stack):
    stack.env.update({"MESA_BOT_DELAY_MS": "800", "MESA_SWEEP_SECONDS": "60"})
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    stack.migrate()
    users = make_users(stack.env, "alice")
    code = make_room(stack.env, "alice", "rouba_monte")
    daphne = stack.start_daphne()

    async def scenario():
        async with Client(daphne.port, users["alice"]["session"], code) as alice:
            await alice.until(lambda m: m["type"] == "snapshot")
            assert (await alice.request("add_bot", seat=1, level="easy"))["type"] == "ack"
            assert (await alice.request("start"))["type"] == "ack"
            for _ in range(60):
                snap = await alice.current(lambda m: m["room"]["status"] == "playing")
                if snap["room"]["deadline_kind"] == "bot":
                    # The countdown was scheduled by the request; the bot's move must come after it.
                    deadline, version = snap["room"]["deadline"], snap["room"]["state_version"]
                    assert deadline - snap["room"]["server_time"] >= 700
                    moved = await alice.until(
                        lambda m, v=version: m["type"] == "snapshot" and m["room"]["state_version"] > v, timeout=10
                    )
                    assert moved["room"]["last_move"]["kind"] == "bot"
                    assert moved["room"]["server_time"] >= deadline - 50
                    assert moved["room"]["server_time"] - snap["room"]["server_time"] < 5000
                    return
                if snap["room"]["seats"][0]["turn"] and snap["legal"]:
                    await alice.request("move", version=snap["version"], move=snap["legal"][0])
                else:
                    await alice.until(lambda m: m["type"] == "snapshot")
            raise AssertionError("no bot turn came")

    asyncio.run(scenario())
    assert daphne.alive(), stack.logs()
