"""The embedded mode's SQLite connection outlives an action: one per thread, kept between actions.

Every action runs through ``database_sync_to_async`` (rooms/live/consumers.py), which
closes the connections that are past ``CONN_MAX_AGE`` before and after it; with
the default of 0 each action opened SQLite anew and ran its WAL pragmas again.
"""

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from rooms import services


def test_the_sqlite_connection_is_kept_for_a_minute(settings):
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] == 60


@pytest.mark.django_db(transaction=True)
def test_two_actions_in_one_thread_share_one_sqlite_connection(alice, bob, charlie):
    room = services.create_room(alice, "rouba_monte", "Kept", is_public=False)

    def sit(user, index):
        services.sit(user, room.code, index)
        return connection.connection, threading.get_ident()

    run = database_sync_to_async(sit, thread_sensitive=False)

    async def two_actions():
        # One thread in the pool, as an action thread of daphne's would be for both.
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(1))
        return [await run(bob, 1), await run(charlie, 2)]

    (first, thread_a), (second, thread_b) = asyncio.run(two_actions())
    assert thread_a == thread_b
    assert first is second
    assert [s.user_id for s in room.seats.order_by("index")][:3] == [alice.id, bob.id, charlie.id]
