"""A room's match, hand, seats and engine state kept by the process that last wrote them.

A move used to read back, under the room's lock, the rows and the engine state
its previous move had just written: the room joined with its host, match and
hand (whose state is decoded and parsed), then the seats with their people.
Here the process keeps what its last unit of work on a room committed, stamped
with the room's ``version``; the next unit of work still locks and reads the
room's own row (every column fresh, one table, no join), and takes the rest
from here only when that row's version is the stamp.

Why the stamp proves the copy fresh: every change a unit of work makes to a
room's seats, match or hand goes with a new ``version`` in the same
transaction (``Table.commit``), and the version only grows; a change made
anywhere else (another daphne, a worker, a command) therefore leaves a version
this process did not stamp, and the room is read from the database. The
writes that change what is kept here outside a unit of work — a person's name
(their seats show it), an erasure's rewritten records, a staff void of a
match — move the version of the rooms concerned (``stale``). A copy is stored only after its
transaction committed (``transaction.on_commit``), and taken out while a unit
of work uses it, so an action that fails, writes nothing or writes only some
columns leaves nothing behind: the next one reads the database. A process
killed loses only this memory.
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import F, Q

from rooms import queries
from rooms.models import Room, Seat

KEEP = 2048  # rooms per process; the least recently used beyond it are read again when they play

_lock = threading.Lock()
_kept: OrderedDict[int, "Kept"] = OrderedDict()
_ids: dict[str, int] = {}  # room code -> id, for the rooms kept
# Rooms whose last unit of work here found the copy behind (another process changes them too): on
# SQLite their next one reads the room joined at once, one statement (PostgreSQL: see ``lock``).
_missed: set[int] = set()


@dataclass
class Kept:
    version: int
    code: str  # with the id: a row restored or a test database's reused id never takes another room's copy
    host: object
    match: object
    hand: object
    seats: list
    state: object


def take(room_id: int | None):
    """The room's copy, whatever its version, removed from here (this unit of work owns it), or None."""
    if room_id is None:
        return None
    with _lock:
        return _kept.pop(room_id, None)


def put(room_id: int, kept: Kept) -> None:
    with _lock:
        old = _kept.get(room_id)
        if old is not None and old.version > kept.version:
            return
        _kept[room_id] = kept
        _kept.move_to_end(room_id)
        _ids[kept.code] = room_id
        while len(_kept) > KEEP:
            _ids.pop(_kept.popitem(last=False)[1].code, None)


def forget(room_id: int) -> None:
    with _lock:
        _kept.pop(room_id, None)


def clear() -> None:
    with _lock:
        _kept.clear()
        _ids.clear()
        _missed.clear()


def stale(room_ids) -> None:
    """Rooms whose kept copies no longer hold, in every process: their version moves on."""
    ids = sorted(set(room_ids))
    if ids:
        Room.objects.filter(pk__in=ids).update(version=F("version") + 1)


def lock(code: str | None = None, room_id: int | None = None):
    """``(room, kept)``: the room locked for a unit of work, and this process's copy of the rest if it holds.

    The room's row is locked and read alone, its host, match and hand attached
    from the copy when its version is the stamp, else read joined with the row.
    On SQLite (one writer, whose lock ``BEGIN IMMEDIATE`` already holds) a room
    whose copy was behind last time is read joined at once, one statement.
    PostgreSQL never is: a locked read that waited for another writer returns
    that writer's room row but the joined rows of its own older snapshot (its
    ``READ COMMITTED`` recheck fetches again only the rows it locks), so a
    timeout that waited behind a move played on the hand before that move. The
    row's own statement takes the lock; what is read after it is fresh.
    """
    rid = room_id if room_id is not None else _ids.get(code)
    kept = take(rid)
    rows_alone = _locks_rows()
    if rows_alone or (kept is not None and rid not in _missed):
        row = queries.lock_room_row(code=code, room_id=room_id)
        if row is None:
            return None, None
        if kept is not None and _fits(kept, row):
            for name, value in (("host", kept.host), ("current_match", kept.match), ("current_hand", kept.hand)):
                Room._meta.get_field(name).set_cached_value(row, value)
            for related in (kept.match, kept.hand):
                if related is not None:
                    related._state.fields_cache.pop("room", None)  # never the room object of an earlier unit
            _missed.discard(row.id)
            return _seated(row, kept), kept
        room = queries.lock_room(room_id=row.id)
    else:
        room = queries.lock_room(code=code, room_id=room_id)
        if room is None:
            return None, None
        if kept is not None and _fits(kept, room):
            _missed.discard(room.id)
            kept = Kept(
                kept.version, kept.code, room.host, room.current_match, room.current_hand, kept.seats, kept.state
            )
            return _seated(room, kept), kept
    if kept is not None and not rows_alone:
        if len(_missed) > 2 * KEEP:
            _missed.clear()
        _missed.add(room.id)
    return room, None


def _locks_rows() -> bool:
    """The database locks rows one by one (PostgreSQL), rather than the whole database (SQLite)."""
    return connections[DEFAULT_DB_ALIAS].features.has_select_for_update


def _fits(kept: Kept, row) -> bool:
    """The copy is of this row's room at this row's version."""
    held = (
        kept.version,
        kept.code,
        kept.host and kept.host.pk,
        kept.match and kept.match.pk,
        kept.hand and kept.hand.pk,
    )
    return held == (row.version, row.code, row.host_id, row.current_match_id, row.current_hand_id)


def _seated(room, kept: Kept):
    for seat in kept.seats or ():
        Seat.room.field.set_cached_value(seat, room)
    return room


def keep(room, seats, state) -> None:
    """After a unit of work committed and published: what it holds, stamped with the room's new version."""
    if not all(getattr(Room, name).is_cached(room) for name in ("host", "current_match", "current_hand")):
        return
    hand = room.current_hand
    if hand is not None:
        # Its log is appended to in SQL (rooms/queries.py): a copy loaded by a snapshot would be behind
        # after the next move, and ``hand.save()`` would write it back. Read again when needed.
        hand.__dict__.pop("moves", None)
    put(room.id, Kept(room.version, room.code, room.host, room.current_match, room.current_hand, seats, state))


# A person's own row changed where only their login time did not: their name may show at these rooms.
_NOT_SHOWN = frozenset({"last_login"})


def person_changed(sender, instance, created=False, update_fields=None, **kwargs) -> None:
    """``post_save`` of the user model: the rooms where the person sits, holds a seat or hosts read them again."""
    if created or (update_fields is not None and set(update_fields) <= _NOT_SHOWN):
        return
    seats = Seat.objects.filter(Q(user_id=instance.pk) | Q(reserved_by_id=instance.pk)).values("room_id")
    Room.objects.filter(Q(pk__in=seats) | Q(host_id=instance.pk)).update(version=F("version") + 1)
