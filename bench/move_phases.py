"""Where one move's time goes inside daphne: ``bench/load.py --variant phases``.

The load harness starts daphne with ``bench.load:variant_application``, which calls
``install`` here: it wraps, in that process only, the steps of a move's unit of work
(rooms/table.py) and writes one JSON line per accepted move to ``phases.log`` beside
the stack's var folder. Nothing of the site changes; the wrappers cost a few
microseconds a move, so the CPU figures of a ``phases`` run are not the site's.

Each phase is timed exclusively (a phase inside another is subtracted from it):

  hop      from the consumer's await to the service starting in its thread, and back
  begin    the transaction's start: on SQLite, waiting for this process's writer lock
           (rooms/writer.py) and ``BEGIN IMMEDIATE`` for SQLite's; on PostgreSQL ``BEGIN``
  room     reading the room row with its match and hand (on PostgreSQL, waiting for
           its row lock too)
  seats    reading the seats
  state    parsing the hand's engine state
  engine   the engine's legal moves and ``apply`` (outside the publish)
  action   the rest of the action's own Python: checks, words, the log entry
  writes   the UPDATEs of ``Table.commit``
  commit   ``COMMIT``
  publish  every connected user's snapshot built and sent, the lobby's feed

``summary`` reads the lines of a window: p50 / p99 / mean of each phase, and the mean
of each phase over the slowest 1% of moves, which says where the tail sits.
"""

import json
import threading
import time
from collections import defaultdict
from pathlib import Path

PHASES = ("hop", "begin", "room", "seats", "state", "engine", "action", "writes", "commit", "publish")

_local = threading.local()


class _Move:
    def __init__(self):
        self.phases = defaultdict(float)
        self.stack: list[list] = []  # [name, children's seconds]


def _timed(name: str, fn, skip_inside: str | None = None):
    """``fn`` counted under ``name`` while a move is being timed in this thread, minus what it calls that is timed."""

    def wrapper(*args, **kwargs):
        move = getattr(_local, "move", None)
        if move is None or (skip_inside and any(frame[0] == skip_inside for frame in move.stack)):
            return fn(*args, **kwargs)
        move.stack.append([name, 0.0])
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            spent = time.perf_counter() - t0
            _name, children = move.stack.pop()
            move.phases[name] += spent - children
            if move.stack:
                move.stack[-1][1] += spent

    return wrapper


class _TimedAtomic:
    """``transaction.atomic()`` whose start is ``begin`` and whose end is ``commit`` (its on-commit hooks excluded)."""

    def __init__(self, inner):
        self._enter = _timed("begin", inner.__enter__)
        self._exit = _timed("commit", inner.__exit__)

    def __enter__(self):
        return self._enter()

    def __exit__(self, *exc):
        return self._exit(*exc)


def install(log_path: Path) -> None:
    """Wrap the move path of this process; see the module's docstring."""
    from django.db import transaction

    from games import registry
    from rooms import queries, table, writer
    from rooms.live import broadcast, consumers

    log = open(log_path, "a", buffering=1)  # noqa: SIM115 - open for the process's life
    lock = threading.Lock()

    class _Transaction:
        on_commit = staticmethod(transaction.on_commit)

        @staticmethod
        def atomic(*args, **kwargs):
            return _TimedAtomic(transaction.atomic(*args, **kwargs))

    class _Lock:  # the process's writer lock on SQLite (rooms/writer.py): its wait is ``begin`` too
        def __init__(self, inner):
            self.acquire = _timed("begin", inner.acquire)
            self.release = inner.release

    writer.transaction = _Transaction
    writer._lock = _Lock(writer._lock)
    queries.lock_room = _timed("room", queries.lock_room)
    queries.lock_room_row = _timed("room", queries.lock_room_row)
    queries.seats_of = _timed("seats", queries.seats_of)
    table.Table.state = property(_timed("state", table.Table.state.fget))
    table.Table.commit = _timed("writes", table.Table.commit)
    table.Table._publish = _timed("publish", table.Table._publish)
    broadcast.publish_lobby = _timed("publish", broadcast.publish_lobby)
    engines = {id(registry.get(spec.name)): registry.get(spec.name) for spec in registry.specs()}
    for engine in engines.values():  # a module, or an object; the table calls its attributes
        for method in ("apply", "legal_moves"):
            setattr(engine, method, _timed("engine", getattr(engine, method), skip_inside="publish"))

    plain_move = consumers.ACTIONS["move"]
    plain_run = consumers._run

    def move(user, code, msg):
        started = time.perf_counter()
        record = _Move()
        _local.move = record
        record.stack.append(["action", 0.0])
        try:
            result = plain_move(user, code, msg)
        finally:
            _local.move = None
            spent = time.perf_counter() - started
            record.phases["action"] += spent - record.stack.pop()[1]
        msg["_phases"] = (started, spent, record.phases)
        return result

    async def run(action, user, code, msg, room_id=None):
        submitted = time.perf_counter()
        result = await plain_run(action, user, code, msg, room_id)
        timed = msg.pop("_phases", None)
        if action == "move" and timed is not None:
            call = time.perf_counter() - submitted
            _started, service, phases = timed
            line = {name: round(phases.get(name, 0.0) * 1000, 3) for name in PHASES}
            line["hop"] = round((call - service) * 1000, 3)
            line["call"] = round(call * 1000, 3)
            with lock:
                log.write(json.dumps(line) + "\n")
        return result

    consumers.ACTIONS["move"] = move
    consumers._run = run


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(path: Path | None, offset: int) -> dict | None:
    """Each phase's p50, p99 and mean in ms over the lines after ``offset``, and its mean in the slowest 1%."""
    if not path or not path.exists():
        return None
    with open(path) as f:
        f.seek(offset)
        rows = [json.loads(line) for line in f.read().splitlines() if line.startswith("{")]
    if not rows:
        return None
    slowest = sorted(rows, key=lambda r: r["call"])[-max(1, len(rows) // 100) :]
    out = {"moves": len(rows)}
    for name in (*PHASES, "call"):
        values = [r[name] for r in rows]
        out[name] = {
            "p50": round(_pct(values, 50), 2),
            "p99": round(_pct(values, 99), 2),
            "mean": round(sum(values) / len(values), 3),
            "tail_mean": round(sum(r[name] for r in slowest) / len(slowest), 2),
        }
    return out


def print_summary(phases: dict) -> None:
    print(f"move phases over {phases['moves']} moves (ms): p50 / p99 / mean / mean of the slowest 1%")
    for name in (*PHASES, "call"):
        row = phases[name]
        print(f"  {name:>8} {row['p50']:>8} {row['p99']:>8} {row['mean']:>8} {row['tail_mean']:>9}")
