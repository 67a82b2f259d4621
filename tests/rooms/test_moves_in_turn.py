"""On SQLite a socket's moves run on one thread of their own, in the order they came; other actions in the pool."""

import asyncio
import threading
import types

import pytest
from django.conf import settings

from rooms.live import consumers

# The pool's threads close their old connections around each call (channels' DatabaseSyncToAsync).
pytestmark = pytest.mark.django_db(transaction=True)


def test_moves_queue_on_one_thread_in_order_and_other_actions_keep_the_pool(monkeypatch):
    assert settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")  # the suite's database
    ran: list[tuple[str, int, str]] = []

    def recorder(action):
        def act(user, code, msg):
            ran.append((action, msg["n"], threading.current_thread().name))
            return types.SimpleNamespace()

        return act

    monkeypatch.setitem(consumers.ACTIONS, "move", recorder("move"))
    monkeypatch.setitem(consumers.ACTIONS, "pause", recorder("pause"))

    async def main():
        await asyncio.gather(
            *(consumers._run("move", None, "ROOM", {"n": n}, 1) for n in range(6)),
            consumers._run("pause", None, "ROOM", {"n": 0}, 1),
        )

    asyncio.run(main())
    moves = [(n, name) for action, n, name in ran if action == "move"]
    assert [n for n, _ in moves] == list(range(6))  # in the order they were sent
    assert {name for _, name in moves} == {moves[0][1]} and moves[0][1].startswith("mesa-moves")
    assert not next(name for action, _, name in ran if action == "pause").startswith("mesa-moves")
