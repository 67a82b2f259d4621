"""What one move costs the database: the service and its broadcast together."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rooms import services
from tests.rooms.helpers import state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)

# Lock and read the room with its match and hand, read the seats, write the hand, write the room.
MAX_QUERIES_PER_MOVE = 4
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK")


def test_a_move_and_its_broadcast_stay_within_the_query_budget(alice, bob, charlie):
    room = services.create_room(alice, "rouba_monte", "Mesa", time_limit=30)
    services.sit(bob, room.code, 1)
    for user in (alice, bob, charlie):
        services.connect(user, room.code, f"chan-{user.username}")
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    mover = alice if turn_seat(room) == 0 else bob
    room.refresh_from_db()
    move = engine.auto_move(state, engine.current_seat(state))
    with CaptureQueriesContext(connection) as queries:
        services.move(mover, room.code, room.state_version, move)
    sql = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(TRANSACTION_CONTROL)]
    assert len(sql) <= MAX_QUERIES_PER_MOVE, "\n".join(sql)
