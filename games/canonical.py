"""The engine's own copy of a move a client sent.

A move arrives as whatever JSON a client wrote. What the room applies, logs,
stores and sends is never that dict: it is the entry of ``legal_moves`` that
the move names (``legal_moves`` is complete, DESIGN §3), so extra keys, odd
types and deeply nested values never get past the door. Never imports Django.
"""

import copy


def canonical_move(legal: list[dict], move) -> dict | None:
    """A fresh copy of the entry of ``legal`` that ``move`` names; ``None`` when none does.

    Compared key by key and type for type (``1.0`` and ``True`` are not ``1``);
    a list of cards is compared as a multiset, because the server arranges runs
    itself (Buraco). Only the legal move's structure is walked, so a client's
    value nested a thousand levels deep is compared in one step.
    """
    if not isinstance(move, dict):
        return None
    for candidate in legal:
        if _same(candidate, move):
            return copy.deepcopy(candidate)
    return None


def _same(want, got) -> bool:
    if isinstance(want, dict):
        return type(got) is dict and want.keys() == got.keys() and all(_same(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        if type(got) is not list or len(got) != len(want):
            return False
        if all(type(x) is str for x in want):
            return all(type(x) is str for x in got) and sorted(got) == sorted(want)
        return all(_same(w, g) for w, g in zip(want, got, strict=True))
    return type(got) is type(want) and got == want
