"""What changed between two snapshots of one reader: the frame a seat receives after a move.

A broadcast snapshot is 3–4 KB, and a move changes a few hundred bytes of it
(the versions, the clock, whose turn, the last move, the mover's hand and the
legal moves). A ``patch`` frame carries only those: a list of operations on
the previous snapshot, each ``[path, value]`` (put ``value`` at ``path``) or
``[path]`` (remove the key at ``path``), where ``path`` lists the object keys
and array indexes from the top. Objects are compared key by key and arrays of
the same length item by item; an array whose length changed is sent whole, so
that applying a patch never shifts an index (docs/protocol.md).

Written here rather than taken from a JSON Patch library (RFC 6902): a general
diff looks for moved and inserted array items, which costs more CPU per move
than the bytes it saves on a snapshot, and the page would need the library's
client half as well; this one is a few lines on each side (``applyPatch`` in static/js/table.js).
"""

import orjson

_MISSING = object()


def diff(before, after) -> list[list]:
    """The operations that turn ``before`` into ``after`` (both decoded JSON values)."""
    ops: list[list] = []
    _diff(before, after, [], ops)
    return ops


def _diff(before, after, path: list, ops: list) -> None:
    if type(before) is not type(after):
        ops.append([path, after])
    elif isinstance(after, (dict, list)) and path:
        # A small object whose parts mostly changed (the last move, a window of recent moves that
        # slid by one) costs fewer bytes sent whole than as one op per part with its long path.
        inner: list[list] = []
        _diff_inside(before, after, path, inner)
        if len(inner) > 1 and len(orjson.dumps(inner, option=orjson.OPT_NON_STR_KEYS)) >= len(
            orjson.dumps([path, after], option=orjson.OPT_NON_STR_KEYS)
        ):
            ops.append([path, after])
        else:
            ops.extend(inner)
    else:
        _diff_inside(before, after, path, ops)


def _diff_inside(before, after, path: list, ops: list) -> None:
    if isinstance(after, dict):
        for key, value in after.items():
            old = before.get(key, _MISSING)
            if old is _MISSING:
                ops.append([[*path, key], value])
            elif old is not value:
                _diff(old, value, [*path, key], ops)
        for key in before.keys() - after.keys():
            ops.append([[*path, key]])
    elif isinstance(after, list):
        if len(before) != len(after):
            ops.append([path, after])
        else:
            for index, (old, value) in enumerate(zip(before, after, strict=True)):
                if old is not value:
                    _diff(old, value, [*path, index], ops)
    elif before != after:
        ops.append([path, after])


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
