"""What one move costs the database: the service and its broadcast together."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rooms import services
from rooms.models import Hand
from tests.live import manage_shell
from tests.rooms.helpers import state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)

# Lock and read the room's row, write the hand, write the room, when this process made the room's
# last change (rooms/room_cache.py); otherwise the row comes again with its match and hand, then the
# seats. On PostgreSQL the hand and the room are one statement.
MAX_QUERIES_PER_MOVE = 3
MAX_QUERIES_PER_MOVE_POSTGRESQL = 2
MAX_QUERIES_PER_MOVE_READ_AGAIN = 5
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK")


def move_statements(alice, bob, charlie, read_again: bool = False) -> list[str]:
    """The statements of one person's move and its broadcast, on the configured database.

    ``read_again``: as in a process that did not make the room's last change.
    """
    from rooms import room_cache

    room = services.create_room(alice, "rouba_monte", "Mesa", time_limit=30)
    services.sit(bob, room.code, 1)
    for user in (alice, bob, charlie):
        services.connect(user, room.code, f"chan-{user.username}")
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    mover = alice if turn_seat(room) == 0 else bob
    room.refresh_from_db()
    move = engine.auto_move(state, engine.current_seat(state))
    logged = len(Hand.objects.get(pk=hand.pk).moves)
    if read_again:
        room_cache.clear()
    with CaptureQueriesContext(connection) as queries:
        services.move(mover, room.code, room.state_version, move)
    stored = Hand.objects.get(pk=hand.pk)
    assert len(stored.moves) == logged + 1 and stored.moves[-1]["move"] == move
    assert stored.state == engine.to_json(engine.apply(state, engine.current_seat(state), move))
    # A statement bound on the server (PostgreSQL) is recorded without its text.
    sql = [q["sql"] or "(bound on the server)" for q in queries.captured_queries]
    return [text for text in sql if not text.startswith(TRANSACTION_CONTROL)]


def test_a_move_and_its_broadcast_stay_within_the_query_budget(alice, bob, charlie):
    sql = move_statements(alice, bob, charlie)
    assert len(sql) <= MAX_QUERIES_PER_MOVE, "\n".join(sql)
    # The room's row alone: no join, no seats.
    assert "JOIN" not in sql[0] and not any('FROM "rooms_seat"' in s for s in sql), "\n".join(sql)


def test_a_move_in_a_process_that_did_not_make_the_last_change_reads_the_room_again(alice, bob, charlie):
    sql = move_statements(alice, bob, charlie, read_again=True)
    assert len(sql) <= MAX_QUERIES_PER_MOVE_READ_AGAIN, "\n".join(sql)
    assert any("JOIN" in s and 'FROM "rooms_room"' in s for s in sql) and any('FROM "rooms_seat"' in s for s in sql)


def test_a_move_is_two_statements_on_postgresql(services_stack):
    out = manage_shell(
        services_stack.env,
        "from accounts.models import User\n"
        "from tests.rooms.test_move_cost import move_statements\n"
        "users = [User.objects.create_user(f'mc_{n}', email=f'mc_{n}@test.invalid', password='x') for n in 'abc']\n"
        "for sql in move_statements(*users):\n"
        "    print('SQL', ' '.join(sql.split())[:80])\n",
    )
    sql = [line for line in out.splitlines() if line.startswith("SQL")]
    assert 0 < len(sql) <= MAX_QUERIES_PER_MOVE_POSTGRESQL, "\n".join(sql)


def _bot_to_move(alice, level: str):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, level)
    services.start_match(alice, room.code)
    if turn_seat(room) == 0:
        engine, state, _hand = state_of(room)
        room.refresh_from_db()
        services.move(alice, room.code, room.state_version, engine.auto_move(state, engine.current_seat(state)))
    room.refresh_from_db()
    assert room.deadline_kind == "bot"
    room.deadline = room.deadline.replace(year=2000)  # due now
    room.save(update_fields=["deadline"])
    return room


# A hard bot's first unit of work only reads (it thinks after): it lets the process's copy go, and
# the second reads the room with its match and hand again, joined.
@pytest.mark.parametrize(("level", "room_reads"), [("easy", 1), ("normal", 1), ("hard", 2)])
def test_a_bot_decides_inside_the_lock_unless_its_level_may_think_long(alice, level, room_reads):
    """A fast bot's move is one transaction; a hard bot thinks outside the lock and takes it again."""
    room = _bot_to_move(alice, level)
    with CaptureQueriesContext(connection) as queries:
        assert services.run_deadline(room.id, room.state_version)
    sql = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(TRANSACTION_CONTROL)]
    reads = [s for s in sql if s.startswith("SELECT") and 'FROM "rooms_room"' in s]
    assert len(reads) == room_reads, "\n".join(sql)
    if level != "hard":  # the move's three statements, and the seat's memory when it changed
        assert len(sql) <= MAX_QUERIES_PER_MOVE + 1, "\n".join(sql)
