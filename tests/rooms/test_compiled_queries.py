"""The once-compiled statements of a move load and save exactly what the ORM would.

The same checks run on SQLite here and on PostgreSQL in a stack (the SQL of
the lock and of the log append differs between the two).
"""

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from rooms import queries, services
from rooms.models import Hand, Room, Seat
from tests.live import manage_shell

pytestmark = pytest.mark.django_db(transaction=True)


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def check_compiled_queries(host, guest) -> None:
    """Load, lock and save through rooms.queries and compare with plain querysets."""
    room = services.create_room(host, "rouba_monte", "Compiled", time_limit=None)
    services.sit(guest, room.code, 2)
    services.start_match(host, room.code)
    with transaction.atomic():
        locked = queries.lock_room(code=room.code)
        by_id = queries.lock_room(room_id=room.id)
        plain = Room.objects.select_related("host", "current_match", "current_hand").get(pk=room.id)
        assert _fields(locked) == _fields(plain) == _fields(by_id)
        with CaptureQueriesContext(connection) as related:
            assert locked.host.username == host.username
            assert _fields(locked.current_match) == _fields(plain.current_match)
            assert locked.current_hand.state == plain.current_hand.state
            assert locked.current_hand.seat_map == plain.current_hand.seat_map
        assert len(related) == 0, "host, match and hand come with the room"
        assert queries.lock_room(code="no-such-room") is None

        seats = queries.seats_of(locked)
        plain_seats = list(Seat.objects.filter(room=room).select_related("user", "reserved_by").order_by("index"))
        assert [_fields(s) for s in seats] == [_fields(s) for s in plain_seats]
        with CaptureQueriesContext(connection) as related:
            assert seats[0].user.username == host.username and seats[2].user.username == guest.username
            assert seats[1].user is None and all(s.room is locked for s in seats)
        assert len(related) == 0, "people and the room come with the seats"

        hand = locked.current_hand
        before = list(Hand.objects.get(pk=hand.pk).moves)
        hand.state = {**hand.state, "marker": 1} if isinstance(hand.state, dict) else hand.state
        entry = {"seat": 0, "move": {"type": "test"}, "kind": "move", "auto": False, "by": "x", "at": "t"}
        queries.defer_move(hand, entry)
        queries.defer_move(hand, {**entry, "seat": 1})
        assert queries.pending_moves(hand) == 2
        assert Hand.objects.get(pk=hand.pk).moves == before  # held back until written
        queries.flush_moves(hand)
        stored = Hand.objects.get(pk=hand.pk)
        assert stored.moves == [*before, entry, {**entry, "seat": 1}]
        assert stored.state == hand.state and queries.pending_moves(hand) == 0
        # Written with the room's row: one statement on PostgreSQL, the log first elsewhere.
        hand.state = {**hand.state, "marker": 2} if isinstance(hand.state, dict) else hand.state
        queries.defer_move(hand, {**entry, "seat": 2})
        locked.deadline_left = 7.5
        with CaptureQueriesContext(connection) as written:
            queries.save_fields(locked, services.ROOM_FIELDS_BUT_HISTORY, moves_of=hand)
        assert len(written) == (1 if connection.vendor == "postgresql" else 2), [q["sql"] for q in written]
        stored = Hand.objects.get(pk=hand.pk)
        assert stored.moves == [*before, entry, {**entry, "seat": 1}, {**entry, "seat": 2}]
        assert stored.state == hand.state and Room.objects.get(pk=room.id).deadline_left == 7.5

        locked.name = "Renamed"
        locked.last_move = {"kind": "test", "list": [1, 2]}
        locked.deadline_left = 12.5
        previous_update = plain.updated_at
        queries.save_fields(locked, services.ROOM_FIELDS_BUT_HISTORY)
        saved = Room.objects.get(pk=room.id)
        assert saved.name == "Renamed" and saved.last_move == {"kind": "test", "list": [1, 2]}
        assert saved.deadline_left == 12.5 and saved.updated_at >= previous_update
        assert saved.history == plain.history

        seat = seats[1]
        seat.bot_memory = {"seen": ["AS", "2H"], "nested": {"n": 1}}
        queries.save_fields(seat, ("bot_memory",))
        assert Seat.objects.get(pk=seat.pk).bot_memory == {"seen": ["AS", "2H"], "nested": {"n": 1}}
        gone = Seat(pk=10**9, room=locked, index=9)
        with pytest.raises(Seat.DoesNotExist):
            queries.save_fields(gone, ("bot_memory",))
        transaction.set_rollback(True)
    # A row lock outside a transaction is refused, as the ORM refuses it.
    with pytest.raises(TransactionManagementError):
        queries.lock_room(code=room.code)


def prepared_statements(host, guest) -> list[str]:
    """Run a move's reads and room write three times on one connection; what PostgreSQL holds prepared."""
    room = services.create_room(host, "rouba_monte", "Prepared", time_limit=None)
    services.sit(guest, room.code, 2)
    services.start_match(host, room.code)
    with transaction.atomic():
        for _ in range(3):
            locked = queries.lock_room(room_id=room.id)
            queries.seats_of(locked)
            queries.save_fields(locked, services.ROOM_FIELDS_BUT_HISTORY)
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            return [row[0] for row in cursor.fetchall()]


PRINT_PREPARED = (
    "from accounts.models import User\n"
    "from tests.rooms.test_compiled_queries import prepared_statements\n"
    "a = User.objects.create_user('pp_a', email='pp_a@test.invalid', password='x')\n"
    "b = User.objects.create_user('pp_b', email='pp_b@test.invalid', password='x')\n"
    "for sql in prepared_statements(a, b):\n"
    "    print('PREPARED', ' '.join(sql.split())[:60], 'FOR UPDATE' in sql)\n"
    "print('DONE')\n"
)


def test_a_moves_statements_are_prepared_on_postgresql(services_stack):
    """PostgreSQL plans the room lock, the seats and the room write once per connection, not per move."""
    lines = [x for x in manage_shell(services_stack.env, PRINT_PREPARED).splitlines() if x.startswith("PREPARED")]
    assert any(x.endswith("True") and '"rooms_room"' in x for x in lines), lines
    assert any('FROM "rooms_seat"' in x or '"rooms_seat"."id"' in x for x in lines), lines
    assert any(x.startswith("PREPARED UPDATE") for x in lines), lines


def test_prepared_statements_can_be_turned_off_for_a_pooler(services_stack):
    out = manage_shell({**services_stack.env, "DB_PREPARED_STATEMENTS": "0"}, PRINT_PREPARED)
    assert "DONE" in out
    assert [x for x in out.splitlines() if x.startswith("PREPARED")] == []


def test_compiled_queries_match_the_orm_on_sqlite(alice, bob):
    check_compiled_queries(alice, bob)


def test_compiled_queries_match_the_orm_on_postgresql(services_stack):
    out = manage_shell(
        services_stack.env,
        "from accounts.models import User\n"
        "from tests.rooms.test_compiled_queries import check_compiled_queries\n"
        "a = User.objects.create_user('cq_a', email='cq_a@test.invalid', password='x')\n"
        "b = User.objects.create_user('cq_b', email='cq_b@test.invalid', password='x')\n"
        "check_compiled_queries(a, b)\n"
        "from django.db import connection\n"
        "print('CHECKED', connection.vendor)\n",
    )
    assert "CHECKED postgresql" in out
