"""The channel messages of one publish: every reader's snapshot, and what changed since their last one.

The readers of a room share most of their snapshots: the room part is one
object for all of them, the view and the legal moves one per engine seat (the
watchers share the public view). So each part is encoded to JSON once per
publish, each reader's snapshot text is those texts put together, and a
patch (rooms/live/patch.py) is worked out once per shared part: the readers
whose last snapshot from this process was the previous publish get the same
operations for the room part, and those of one seat the same for their view
and moves; only ``you`` is compared reader by reader. Before this, encoding
the room part again for each reader and comparing whole snapshots reader by
reader were a sixth of a busy process's CPU (docs/benchmarks.md).

What each reader was sent last is kept as decoded JSON (``orjson.loads`` of
the text sent), so a patch is always made from exactly what the page holds.
"""

import threading
from collections import OrderedDict

import orjson

from rooms.live import fastjson, patch

KEEP = 4096  # readers per process; one past it gets whole snapshots until it is published to again
PARTS = ("type", "room", "you", "view", "legal", "version")
SHARED = ("room", "view", "legal")  # one object for every reader (the room) or for every reader of a seat

_lock = threading.Lock()
# (room id, user id) -> (room version, the snapshot sent, decoded)
_sent: OrderedDict[tuple[int, int], tuple[int, dict]] = OrderedDict()


def messages(room_id: int, snaps: dict[int, dict]) -> dict[int, dict]:
    """user id -> the ``room.snapshot`` channel message: ``text``, and ``base``/``patch`` when there is one."""
    encoded: dict[int, tuple[str, object]] = {}  # id(part) -> (text, decoded): each shared part once
    ops_of: dict[tuple[str, int, int], list] = {}  # (key, id(before), id(after)) -> ops: each change once

    def part(value) -> tuple[str, object]:
        got = encoded.get(id(value))
        if got is None:
            text = fastjson.dumps(value)
            got = encoded[id(value)] = (text, orjson.loads(text))
        return got

    out = {}
    with _lock:
        for uid, snap in snaps.items():
            if tuple(snap) != PARTS:
                raise ValueError(f"a snapshot's parts changed: {tuple(snap)}")
            version = snap["room"]["version"]
            texts, sent = {}, {}
            for key in PARTS:
                texts[key], sent[key] = part(snap[key]) if key in SHARED else _plain(snap[key])
            text = "{" + ",".join(f'"{key}":{texts[key]}' for key in PARTS) + "}"
            message = {"type": "room.snapshot", "version": version, "text": text}
            previous = _sent.get((room_id, uid))
            if previous is None or previous[0] < version:
                if previous is not None:
                    ops = []
                    for key in PARTS:
                        before, after = previous[1][key], sent[key]
                        if key not in SHARED:
                            ops.extend(patch.diff({key: before}, {key: after}))
                            continue
                        pair = (key, id(before), id(after))  # both alive until the end of this call
                        if pair not in ops_of:
                            ops_of[pair] = patch.diff({key: before}, {key: after})
                        ops.extend(ops_of[pair])
                    message["base"] = previous[0]
                    message["patch"] = fastjson.dumps(
                        {"type": "patch", "base": previous[0], "version": version, "ops": ops}
                    )
                _sent[(room_id, uid)] = (version, sent)
                _sent.move_to_end((room_id, uid))
            out[uid] = message
        while len(_sent) > KEEP:
            _sent.popitem(last=False)
    return out


def _plain(value) -> tuple[str, object]:
    text = fastjson.dumps(value)
    return text, orjson.loads(text)


def forget_everything() -> None:
    """This process keeps no snapshot it sent (a test's database starting anew)."""
    with _lock:
        _sent.clear()
