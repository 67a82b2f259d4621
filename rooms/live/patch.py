"""What changed between two snapshots of one reader: the frame a seat receives after a move.

A broadcast snapshot is 3–4 KB, and a move changes a few hundred bytes of it
(the versions, the clock, whose turn, the last move, the mover's hand and the
legal moves). A ``patch`` frame carries only those: a list of operations on
the previous snapshot, each ``[path, value]`` (put ``value`` at ``path``) or
``[path]`` (remove the key at ``path``), where ``path`` lists the object keys
and array indexes from the top. Objects are compared key by key and arrays of
the same length item by item; an array whose length changed is sent whole, so
that applying a patch never shifts an index (docs/protocol.md). An object or
array more than half of whose parts changed is sent whole too: its parts' long
paths would cost more bytes than it does. Values equal in
Python are not sent again: 1 where 1.0 or true was (the same number, and the
same truth, to the page's scripts; no snapshot field changes type).

Written here rather than taken from a JSON Patch library (RFC 6902): a general
diff looks for moved and inserted array items, which costs more CPU per move
than the bytes it saves on a snapshot, and the page would need the library's
client half as well; this one is a few lines on each side (``applyPatch`` in static/js/table.js).
"""

from rooms.live import fastjson

_MISSING = object()


def diff(before, after) -> list[list]:
    """The operations that turn ``before`` into ``after`` (both decoded JSON values)."""
    ops: list[list] = []
    _diff(before, after, [], ops)
    return ops


def _diff(before, after, path: list, ops: list) -> None:
    if before == after:
        return  # compared in C, whole subtrees at once: most of a snapshot did not change
    if (
        type(before) is not type(after)
        or not isinstance(after, (dict, list))
        or len(before) != len(after)
        and (isinstance(after, list))
    ):
        ops.append([path, after])
    elif isinstance(after, dict):
        changed = [key for key, value in after.items() if before.get(key, _MISSING) != value]
        gone = [key for key in before if key not in after]
        if path and 2 * (len(changed) + len(gone)) > len(after):
            ops.append([path, after])  # mostly new (the last move, the other seat's words): cheaper whole
            return
        for key in changed:
            if key in before:
                _diff(before[key], after[key], [*path, key], ops)
            else:
                ops.append([[*path, key], after[key]])
        ops.extend([[*path, key]] for key in gone)
    else:
        changed = [index for index, (old, value) in enumerate(zip(before, after, strict=True)) if old != value]
        if path and 2 * len(changed) > len(after):
            ops.append([path, after])  # a window of recent moves that slid by one: every item moved
            return
        for index in changed:
            _diff(before[index], after[index], [*path, index], ops)


def frame(before, base: int, after, version: int) -> str:
    """The ``patch`` frame from one decoded snapshot to the next (room versions ``base``, ``version``)."""
    return fastjson.dumps({"type": "patch", "base": base, "version": version, "ops": diff(before, after)})


def apply(document, ops: list[list]):
    """``document`` with ``ops`` applied, as a new value (``document`` is left as it was)."""
    result = _copy(document)
    for op in ops:
        path = op[0]
        if not path:
            result = _copy(op[1])
            continue
        node = result
        for key in path[:-1]:
            node = node[key]
        if len(op) == 1:
            del node[path[-1]]
        else:
            node[path[-1]] = _copy(op[1])
    return result


def _copy(value):
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value
