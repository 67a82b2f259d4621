"""A change sent as what changed (``patch`` frames): the page rebuilds exactly the snapshot it replaces."""

import json

import pytest
from channels.db import database_sync_to_async
from hypothesis import given
from hypothesis import strategies as st

from rooms import services
from rooms.live import outbox, patch
from rooms.models import Room
from tests.rooms.helpers import human_auto_move, play_until_human, turn_seat
from tests.rooms.wsclient import connect, receive_until

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from([0.5, 1.0, -2.25]) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=25,
)


@given(JSON, JSON)
def test_a_patch_turns_the_old_value_into_the_new_one_and_leaves_the_old_alone(before, after):
    """Equal as Python compares (1, 1.0 and true alike): the number and the truth the page reads."""
    kept = json.dumps(before, sort_keys=True)
    ops = patch.diff(before, after)
    assert patch.apply(before, ops) == after
    assert json.dumps(before, sort_keys=True) == kept
    # As the page receives it: the operations survive JSON.
    assert patch.apply(before, json.loads(json.dumps(ops))) == after
    assert (ops == []) == (before == after)


def test_what_a_patch_says():
    before = {"a": 1, "b": [1, 2], "c": {"d": True, "e": 1, "f": 1}, "g": {"h": 1, "i": 2}, "gone": 0}
    after = {"a": 1, "b": [1, 3], "c": {"d": 2, "e": 1, "f": 1}, "g": {"h": 2, "i": 3}, "new": None}
    ops = patch.diff(before, after)
    # Item by item in an array of the same length, key by key in an object; a removed key is named
    # alone; an object more than half of which changed goes whole.
    assert sorted(map(json.dumps, ops)) == sorted(
        map(json.dumps, [[["b", 1], 3], [["c", "d"], 2], [["g"], {"h": 2, "i": 3}], [["new"], None], [["gone"]]])
    )
    assert patch.diff(before, before) == []
    assert patch.diff([1, 2], [1, 2, 3]) == [[[], [1, 2, 3]]]  # another length: sent whole


async def frames_until(comm, version: int) -> list[dict]:
    """Every frame a socket got up to the one of room version ``version``."""
    got = []
    while True:
        msg = await comm.receive_json_from(timeout=30)
        if msg["type"] in ("snapshot", "patch"):
            got.append(msg)
            if (msg["version"] if msg["type"] == "patch" else msg["room"]["version"]) >= version:
                return got


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_page_that_asks_for_patches_rebuilds_every_snapshot_the_others_receive(alice, bob, settings):
    settings.MESA_EMBEDDED_WORKER = False
    room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Patches", time_limit=None)
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    whole, _, _ = await connect(alice, f"/ws/rooms/{room.code}/")
    patched, _, _ = await connect(alice, f"/ws/rooms/{room.code}/?patch=1")
    await receive_until(whole, lambda m: m["type"] == "snapshot")
    first, _ = await receive_until(patched, lambda m: m["type"] == "snapshot")
    await database_sync_to_async(services.start_match)(alice, room.code)
    people = {0: alice, 1: bob}

    async def play(moves: int) -> int:
        for _ in range(moves):
            await database_sync_to_async(play_until_human)(room)
            await database_sync_to_async(room.refresh_from_db)()
            if room.status != Room.Status.PLAYING:
                break
            seat = await database_sync_to_async(turn_seat)(room)
            await database_sync_to_async(human_auto_move)(room, people[seat])
        await database_sync_to_async(room.refresh_from_db)()
        return room.version

    def check(frames: list[dict], plain: dict) -> None:
        """The first frame is whole (the socket's first, with the chat); each after it a patch that
        rebuilds the snapshot the plain socket got."""
        assert frames[0]["type"] == "snapshot" and {f["type"] for f in frames[1:]} == {"patch"}
        held = frames[0]
        for frame in frames[1:]:
            assert frame["base"] == held["room"]["version"]
            held = patch.apply(held, frame["ops"])
            assert held == plain[frame["version"]]

    version = await play(12)
    plain = {m["room"]["version"]: m for m in await frames_until(whole, version)}
    frames = await frames_until(patched, version)
    check([first, *frames], plain)
    sizes = [len(json.dumps(f, separators=(",", ":"))) for f in frames[1:]]
    whole_sizes = [len(json.dumps(plain[f["version"]], separators=(",", ":"))) for f in frames[1:]]
    assert sum(sizes) < sum(whole_sizes) / 2

    # A whole snapshot asked for (with the chat and the history): the changes after it are patches
    # of it, worked out by the socket; so are those another process published (no patch of its own
    # from the snapshot this socket sent: here, this process forgetting what it sent).
    await patched.send_json_to({"action": "snapshot"})
    asked, _ = await receive_until(patched, lambda m: m["type"] == "snapshot" and "chat" in m)
    outbox.forget_everything()
    version = await play(3)
    plain = {m["room"]["version"]: m for m in await frames_until(whole, version)}
    check([asked, *await frames_until(patched, version)], plain)

    # Every change from "another process" in a row: each patch worked out by the socket from the
    # snapshot it decoded for the previous one.
    await patched.send_json_to({"action": "snapshot"})
    asked, _ = await receive_until(patched, lambda m: m["type"] == "snapshot" and "chat" in m)
    start = asked["room"]["version"]
    for _ in range(4):
        outbox.forget_everything()
        version = await play(1)
    plain = {m["room"]["version"]: m for m in await frames_until(whole, version)}
    frames = await frames_until(patched, version)
    check([asked, *[f for f in frames if f["version"] > start]], plain)
    for comm in (whole, patched):
        await comm.disconnect()
