"""The statements of every move, with their SQL compiled once per thread.

Django builds a queryset's SQL anew on each execution. For the reads and
writes that every move makes (the room locked with its host, match and hand;
the seats with their people; the hand's state and move log; the room row)
that building was about half of the CPU a move cost in a daphne process
(an earlier round of docs/benchmarks.md, in its git history). Here each statement is compiled once per thread (Django
connections are per thread) and then run with new parameters; rows become
model instances exactly as a queryset makes them, through the same compiler
and converters, so a loaded room is indistinguishable from ``Room.objects…``.
"""

import threading

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import JSONField
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

from rooms.live import fastjson
from rooms.models import Hand, Room, Seat

# The related rows a locked room comes with. The room's twenty-hand history, the
# hand's deck and its move log stay behind: a move needs none of them (the history
# is read when a hand ends, the log is appended to in SQL).
LOCK_RELATED = ("host", "current_match", "current_hand")
LOCK_DEFERRED = ("history", "current_hand__deck", "current_hand__moves")
# A value no query ever looks up: marks where the parameter goes when compiling.
_MARK_TEXT = "\x00compiled-query-parameter\x00"
_MARK_INT = -7_318_446_201

_local = threading.local()


def _cursor(connection):
    """Django's cursor for one of these statements; on PostgreSQL, one that binds on the server.

    Django's own cursors bind parameters in the client, so PostgreSQL parses and
    plans every statement anew: for the locked room with its three joins that
    was most of the database's CPU per move. With server-side binding psycopg
    prepares a statement once it has run ``prepare_threshold`` times on a
    connection (``DB_PREPARED_STATEMENTS``, config/settings.py), and these
    statements then skip parsing and planning. Everything else keeps Django's
    default, which never prepares.
    """
    wrapper = connection.cursor()
    if connection.vendor == "postgresql" and getattr(connection.connection, "prepare_threshold", None) is not None:
        from django.db.backends.postgresql.base import ServerBindingCursor

        wrapper.cursor.close()
        wrapper.cursor = ServerBindingCursor(connection.connection)
    return wrapper


class CompiledSelect:
    """A SELECT built by ``build(value)``, compiled once per thread and database."""

    def __init__(self, name: str, build, mark, needs_transaction: bool = False):
        self.name = name
        self.build = build
        self.mark = mark
        self.needs_transaction = needs_transaction

    def _compiled(self, alias: str) -> dict:
        cache = getattr(_local, "selects", None)
        if cache is None:
            cache = _local.selects = {}
        key = (self.name, alias, id(connections[alias]))
        entry = cache.get(key)
        if entry is None:
            queryset = self.build(self.mark).using(alias)
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            if list(params) != [self.mark]:
                raise ValueError(f"{self.name}: one parameter expected, got {params!r}")
            select, klass_info = compiler.select, compiler.klass_info
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            fields = [s[0] for s in select[0 : compiler.col_count]]
            entry = cache[key] = {
                "sql": sql,
                "compiler": compiler,
                "model": klass_info["model"],
                "start": start,
                "end": end,
                "init_list": [f[0].target.attname for f in select[start:end]],
                "populators": get_related_populators(klass_info, select, alias),
                "converters": compiler.get_converters(fields),
            }
        return entry

    def fetch(self, value, alias: str = DEFAULT_DB_ALIAS) -> list:
        connection = connections[alias]
        if self.needs_transaction and connection.get_autocommit():
            raise TransactionManagementError(f"{self.name} locks a row: run it inside a transaction.")
        entry = self._compiled(alias)
        with _cursor(connection) as cursor:
            cursor.execute(entry["sql"], [value])
            rows = cursor.fetchall()
        compiler = entry["compiler"]
        if entry["converters"]:
            rows = compiler.apply_converters(rows, entry["converters"])
        out = []
        start, end, init_list, model = entry["start"], entry["end"], entry["init_list"], entry["model"]
        for row in rows:
            obj = model.from_db(alias, init_list, row[start:end])
            for populator in entry["populators"]:
                populator.populate(row, obj)
            out.append(obj)
        return out


def _locked_rooms():
    return Room.objects.select_for_update(of=("self",)).select_related(*LOCK_RELATED).defer(*LOCK_DEFERRED)


def _locked_rows():
    return Room.objects.select_for_update().defer("history")


# The room's own row alone: what a unit of work reads when the process kept the rest (rooms/room_cache.py).
ROW_BY_CODE = CompiledSelect("row_by_code", lambda v: _locked_rows().filter(code=v), _MARK_TEXT, True)
ROW_BY_ID = CompiledSelect("row_by_id", lambda v: _locked_rows().filter(pk=v), _MARK_INT, True)
ROOM_BY_CODE = CompiledSelect("room_by_code", lambda v: _locked_rooms().filter(code=v), _MARK_TEXT, True)
ROOM_BY_ID = CompiledSelect("room_by_id", lambda v: _locked_rooms().filter(pk=v), _MARK_INT, True)
SEATS_OF_ROOM = CompiledSelect(
    "seats_of_room",
    lambda v: Seat.objects.filter(room_id=v).select_related("user", "reserved_by").order_by("index"),
    _MARK_INT,
)


def lock_room(code: str | None = None, room_id: int | None = None) -> Room | None:
    """The room row locked for this transaction (FOR UPDATE where the database has it)."""
    rows = ROOM_BY_CODE.fetch(code) if room_id is None else ROOM_BY_ID.fetch(room_id)
    return rows[0] if rows else None


def lock_room_row(code: str | None = None, room_id: int | None = None) -> Room | None:
    """The room row locked for this transaction, without its host, match or hand."""
    rows = ROW_BY_CODE.fetch(code) if room_id is None else ROW_BY_ID.fetch(room_id)
    return rows[0] if rows else None


def seats_of(room: Room) -> list[Seat]:
    seats = SEATS_OF_ROOM.fetch(room.pk)
    for seat in seats:
        Seat.room.field.set_cached_value(seat, room)
    return seats


# -- writes -----------------------------------------------------------------------------------

_APPEND_MOVE = {
    "postgresql": "UPDATE rooms_hand SET state = %s::jsonb, moves = moves || %s::jsonb WHERE id = %s",
    "sqlite": "UPDATE rooms_hand SET state = %s, moves = json_insert(moves, '$[#]', json(%s)) WHERE id = %s",
}


def defer_move(hand: Hand, entry: dict) -> None:
    """Append ``entry`` to the hand's log with the room's write at the end of the action.

    On PostgreSQL the hand's state and log and the room row then go in one
    statement (``save_fields(..., moves_of=hand)``): a move is three statements.
    A loaded log is kept in step in memory; ``pending_moves`` counts what waits.
    """
    hand.__dict__.setdefault("pending_moves", []).append(entry)
    if "moves" in hand.__dict__:
        hand.moves = [*hand.moves, entry]


def pending_moves(hand: Hand) -> int:
    return len(hand.__dict__.get("pending_moves", ()))


def flush_moves(hand: Hand) -> None:
    """Write now what ``defer_move`` held back for ``hand``."""
    entries = hand.__dict__.pop("pending_moves", None)
    if not entries:
        return
    connection = connections[hand._state.db or DEFAULT_DB_ALIAS]
    sql = _APPEND_MOVE.get(connection.vendor)
    if sql is None:  # another database: the plain way (the loaded log is in step already)
        if "moves" not in hand.__dict__:
            hand.moves = [*Hand.objects.filter(pk=hand.pk).values_list("moves", flat=True)[0], *entries]
        hand.save(update_fields=["state", "moves"])
        return
    # Rewriting the whole log on every move made a hand quadratic in its length: the database appends.
    with _cursor(connection) as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(sql, _append_params(hand, entries))
        else:
            state = fastjson.dumps(hand.state)
            for entry in entries:
                cursor.execute(sql, [state, fastjson.dumps(entry), hand.pk])


def _append_params(hand: Hand, entries: list[dict]) -> list:
    """The parameters of ``_APPEND_MOVE["postgresql"]``: the hand's state, its new entries, its id."""
    return [fastjson.dumps(hand.state), fastjson.dumps(entries), hand.pk]


def _update(model, alias: str, fields: tuple[str, ...]) -> tuple[str, list]:
    cache = getattr(_local, "updates", None)
    if cache is None:
        cache = _local.updates = {}
    key = (model, alias, id(connections[alias]), fields)
    entry = cache.get(key)
    if entry is None:
        connection = connections[alias]
        quote = connection.ops.quote_name
        model_fields = [model._meta.get_field(name) for name in fields]
        if any(hasattr(f, "get_placeholder") for f in model_fields):
            raise ValueError("a field with its own placeholder: save it the plain way")
        assignments = ", ".join(f"{quote(f.column)} = %s" for f in model_fields)
        sql = f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s"
        entry = cache[key] = (sql, [(f, _json_param(f, connection)) for f in model_fields])
    return entry


def _json_param(field, connection):
    """How a JSON column's value becomes its parameter with orjson (rooms/live/fastjson.py), or None.

    Django writes JSON with the standard library: the room's JSON columns (its last move, options,
    connections) cost a move more than its state did. ``None`` is SQL NULL, as Django's own.
    """
    if not isinstance(field, JSONField) or field.encoder is not None:
        return None
    if connection.vendor == "sqlite":
        return lambda value: None if value is None else fastjson.dumps(value)
    if connection.vendor == "postgresql":
        from psycopg.types.json import Jsonb

        return lambda value: None if value is None else Jsonb(value, dumps=fastjson.dumps)
    return None


def save_fields(obj, fields: tuple[str, ...], moves_of: Hand | None = None) -> None:
    """``obj.save(update_fields=fields)`` with its UPDATE compiled once per thread.

    With ``moves_of``, the moves deferred for that hand are written too: on
    PostgreSQL in the same statement (a data-modifying ``WITH``), elsewhere first.
    """
    alias = obj._state.db or DEFAULT_DB_ALIAS
    connection = connections[alias]
    model = type(obj)
    sql, model_fields = _update(model, alias, fields)
    params = [
        json(f.pre_save(obj, False)) if json else f.get_db_prep_save(f.pre_save(obj, False), connection)
        for f, json in model_fields
    ]
    entries = moves_of.__dict__.get("pending_moves") if moves_of is not None else None
    if entries and connection.vendor == "postgresql":
        del moves_of.__dict__["pending_moves"]
        sql = f"WITH hand_write AS ({_APPEND_MOVE['postgresql']}) {sql}"
        params = [*_append_params(moves_of, entries), *params]
    elif entries:
        flush_moves(moves_of)
    with _cursor(connection) as cursor:
        cursor.execute(sql, [*params, obj.pk])
        if cursor.rowcount != 1:
            raise model.DoesNotExist(f"{model._meta.model_name} {obj.pk} is gone")
