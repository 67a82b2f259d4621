"""rooms/writer.py: on SQLite this process's units of work take turns, and each lets go right after COMMIT."""

import threading

import pytest
from django.db import connection, transaction

from rooms import writer
from rooms.models import Room

pytestmark = pytest.mark.django_db(transaction=True)

needs_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="the writer lock is SQLite's")


def lock_is_free_elsewhere() -> bool:
    """Whether another thread could take the writer lock now (the lock is re-entrant for this one)."""
    seen = []

    def probe():
        got = writer._lock.acquire(timeout=0)
        if got:
            writer._lock.release()
        seen.append(got)

    thread = threading.Thread(target=probe)
    thread.start()
    thread.join(5)
    return seen[0]


def recording_lock(monkeypatch) -> list:
    """The writer lock replaced by one that only counts its takings (their timeouts, in order)."""
    taken = []

    class Recording:
        def acquire(self, timeout=None):
            taken.append(timeout)
            return True

        def release(self):
            pass

    monkeypatch.setattr(writer, "_lock", Recording())
    return taken


@needs_sqlite
def test_the_lock_is_held_inside_and_let_go_after_commit_before_the_publish():
    seen = {}
    with writer.atomic():
        seen["inside"] = lock_is_free_elsewhere()
        transaction.on_commit(lambda: seen.setdefault("publish", lock_is_free_elsewhere()))
    assert seen == {"inside": False, "publish": True}
    assert lock_is_free_elsewhere()


@needs_sqlite
def test_an_error_rolls_back_and_lets_go():
    with pytest.raises(RuntimeError), writer.atomic():
        Room.objects.all().delete()
        raise RuntimeError("refused")
    assert lock_is_free_elsewhere()


@needs_sqlite
def test_a_unit_inside_another_keeps_the_lock_until_the_outer_commits():
    seen = {}
    with writer.atomic():
        with writer.atomic():
            pass
        seen["after inner"] = lock_is_free_elsewhere()
    assert seen == {"after inner": False}
    assert lock_is_free_elsewhere()


@needs_sqlite
def test_writers_of_several_threads_take_turns_and_all_commit(alice):
    """Eight threads writing at once: each one's unit runs alone, none is refused "database is locked"."""
    from rooms import services

    rooms = [services.create_room(alice, "rouba_monte", f"Mesa {i}", time_limit=None) for i in range(8)]
    inside, most, errors = [0], [0], []
    count = threading.Lock()
    barrier = threading.Barrier(len(rooms))

    def write(room_id):
        barrier.wait()
        try:
            for _ in range(5):
                with writer.atomic():
                    with count:
                        inside[0] += 1
                        most[0] = max(most[0], inside[0])
                    room = Room.objects.select_for_update().get(id=room_id)
                    room.version += 1
                    room.save(update_fields=["version"])
                    with count:
                        inside[0] -= 1
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(r.id,)) for r in rooms]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert most[0] == 1
    assert {r.id: r.version for r in Room.objects.filter(id__in=[r.id for r in rooms])} == {
        r.id: r.version + 5 for r in rooms
    }


@needs_sqlite
def test_a_unit_inside_a_plain_transaction_does_not_take_the_lock(monkeypatch):
    """A tournament's pass opens its tables inside its own transaction, which holds SQLite's lock already:
    waiting there for this lock, held by a thread waiting for SQLite's, would stall both."""
    taken = recording_lock(monkeypatch)
    with transaction.atomic(), writer.atomic():
        Room.objects.all().count()
    assert taken == []
    with writer.atomic():
        Room.objects.all().count()
    assert len(taken) == 1


def test_postgresql_serialises_nothing_here(monkeypatch):
    """PostgreSQL locks the room's row, not the database: no unit of work waits for another's here."""
    taken = recording_lock(monkeypatch)
    monkeypatch.setattr(
        writer, "connection", type("Connection", (), {"vendor": "postgresql", "in_atomic_block": False})()
    )
    with writer.atomic():
        Room.objects.all().count()
    assert taken == []
