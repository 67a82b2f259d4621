"""The unit of work (rooms/table.py): read once, write once, tell everyone once, and only after commit."""

import ast
from pathlib import Path

import pytest

from games import registry
from rooms import services, table
from rooms.errors import RoomError
from rooms.live import broadcast
from rooms.models import Room
from rooms.table import deadline_planned, open_table
from tests.rooms.helpers import state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def published(monkeypatch):
    """Every publish_room and deadline the tables make, in order."""
    calls = []
    real = broadcast.publish_room

    def publish(room_id, **kwargs):
        calls.append(("publish", room_id))
        return real(room_id, **kwargs)

    def planned(sender, room_id, version, eta, **kwargs):
        calls.append(("deadline", room_id, version))

    monkeypatch.setattr(broadcast, "publish_room", publish)
    deadline_planned.connect(planned, dispatch_uid="test-planned")
    yield calls
    deadline_planned.disconnect(dispatch_uid="test-planned")


def playing_room(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa", time_limit=30)
    services.sit(bob, room.code, 1)
    for user in (alice, bob):
        services.connect(user, room.code, f"chan-{user.username}")
    services.start_match(alice, room.code)
    return room


def test_a_move_is_published_and_scheduled_exactly_once(alice, bob, published):
    room = playing_room(alice, bob)
    engine, state, _hand = state_of(room)
    mover = alice if turn_seat(room) == 0 else bob
    published.clear()
    room.refresh_from_db()
    after = services.move(mover, room.code, room.state_version, engine.auto_move(state, engine.current_seat(state)))
    assert published == [("deadline", room.id, after.state_version), ("publish", room.id)]
    # The acting user's snapshot comes back with the action, built once with everyone's.
    reply = after.acting_reply
    assert reply["type"] == "room.snapshot" and reply["version"] == after.version
    assert f'"user_id":{mover.id}' in reply["text"]


def test_a_refused_action_writes_and_publishes_nothing(alice, bob, published):
    room = playing_room(alice, bob)
    room.refresh_from_db()
    before = (room.version, room.state_version)
    published.clear()
    with pytest.raises(RoomError) as refused:
        services.move(alice, room.code, room.state_version - 1, {"type": "discard", "card": "AS"})
    assert refused.value.code == "stale"
    with pytest.raises(RoomError):
        with open_table(room.code, user=alice) as t:
            t.room.name = "changed"
            t.touch(state_changed=True)
            raise RoomError("not_host")
    room.refresh_from_db()
    assert (room.version, room.state_version, room.name) == (*before, "Mesa") and published == []


def test_a_skipped_table_writes_nothing(alice):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    with open_table(room.code, user=alice) as t:
        t.room.name = "not saved"
        t.skip()
    room.refresh_from_db()
    assert room.name == "Mesa" and room.version == 0


def test_the_engine_state_is_parsed_once_per_move_and_not_at_all_after_this_processs_own_change(
    alice, bob, monkeypatch
):
    from rooms import room_cache

    room = playing_room(alice, bob)
    parses = []
    engine = state_of(room)[0]
    real = engine.from_json
    monkeypatch.setattr(engine, "from_json", lambda data: parses.append(1) or real(data))
    for copy_kept, parsed in ((False, 1), (True, 0)):
        if not copy_kept:
            room_cache.clear()  # as in a process that did not make the last change
        engine, state, _hand = state_of(room)
        mover = alice if turn_seat(room) == 0 else bob
        room.refresh_from_db()
        parses.clear()
        services.move(mover, room.code, room.state_version, engine.auto_move(state, engine.current_seat(state)))
        assert len(parses) == parsed


def test_events_go_to_everyone_connected_after_commit(alice, bob, monkeypatch):
    room = playing_room(alice, bob)
    sent = []
    monkeypatch.setattr(table.realtime, "group_send_many", lambda sends: sent.extend(sends))
    with open_table(room.code, user=alice) as t:
        t.emit("chat", text="oi")
        assert sent == []  # nothing before commit
    events = [(group, message) for group, message in sent if message["type"] == "room.event"]
    assert sorted(group for group, _m in events) == sorted(broadcast.user_group(room.id, u.id) for u in (alice, bob))
    assert all(message["event"] == {"kind": "chat", "text": "oi"} for _g, message in events)


def test_only_the_table_changes_a_game_state():
    """The engine's state-changing functions are called from rooms/table.py alone.

    The staff replays (rooms/views.py, rooms/records/hand_replay.py) step through a
    finished hand's record and change nothing, so they are not counted.
    """
    changing = {"apply", "deal", "remove_player", "result", "match_status", "add_to_totals"}
    callers = {}
    for path in sorted((ROOT / "rooms").rglob("*.py")):
        if path.name in ("views.py", "hand_replay.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in changing and _is_engine(node.value):
                callers.setdefault(str(path.relative_to(ROOT)), set()).add(node.attr)
    assert set(callers) == {"rooms/table.py"}, callers


def _is_engine(node) -> bool:
    return (isinstance(node, ast.Name) and node.id == "engine") or (
        isinstance(node, ast.Attribute) and node.attr == "engine"
    )


def test_the_room_layer_has_no_import_cycle():
    """Module-level imports between rooms/ modules form no cycle, and none hides in a function."""
    graph = {}
    for path in sorted((ROOT / "rooms").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text())
        graph[module] = {name for node in tree.body for name in _imported(node, module) if name.startswith("rooms")}
        hidden = [
            name
            for fn in ast.walk(tree)
            if isinstance(fn, ast.FunctionDef) and fn.name != "ready"
            for node in ast.walk(fn)
            for name in _imported(node, module)
            if name.startswith(("rooms", "bots", "config"))
        ]
        assert not hidden, f"{module} imports {hidden} inside a function"
    seen, done = set(), set()

    def visit(module, path):
        assert module not in seen or module in done, " -> ".join([*path, module])
        if module in seen:
            return
        seen.add(module)
        for target in graph.get(module, ()):
            visit(target, [*path, module])
        done.add(module)

    for module in graph:
        visit(module, [])


def _imported(node, module: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in _MODULES else node.module for a in node.names]
    return []


_MODULES = {
    ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for p in (ROOT / "rooms").rglob("*.py")
}


def test_every_game_plays_through_the_same_table(alice):
    for name in registry.NAMES:
        room = services.create_room(alice, name, "Mesa", time_limit=None)
        for index in range(1, room.seat_count):
            services.add_bot(alice, room.code, index, "easy") if index <= registry.spec(name).max_bots else None
        services.start_match(alice, room.code)
        assert Room.objects.get(pk=room.pk).status == Room.Status.PLAYING
