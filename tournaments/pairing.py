"""Grouping a tournament's waiting players into tables: by score, then rating, no rematch, a bounded wait.

Pure (no Django), given the waiting players, the table's size and the clock:

1. The waiting players are ordered by score, then rating (highest first).
2. Full tables first. The highest player not yet seated takes the companions,
   among the nearest in that order (``WINDOW`` more than a table needs), that
   make the best table: never two people of whom one blocked the other; no one
   from a player's previous table when another grouping exists; then the
   closest in order. A full table that would repeat a previous table is made
   only once one of its players has waited ``bound`` seconds; until then they
   wait for someone else to come.
3. Then the players left over: once one of them has waited ``bound`` seconds,
   they are seated with whoever is there, at a smaller table of at least
   ``min_people`` (the game allows it, or bots take the empty places:
   ``Rules.bots_fill``), still never beside someone blocked.

Buraco's partners come from the same rule: at a table of four the teams are
seats 0 and 2 against 1 and 3; of the three ways to split four people the one
that repeats no previous partnership and whose teams' ratings are closest is
chosen (``seat_order``).
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations

WINDOW = 4  # companions looked at beyond a table's need
BLOCKED, REMATCH = 1_000_000, 1_000


@dataclass(frozen=True)
class Waiting:
    """One waiting player: ``waited`` seconds so far; ``previous`` the others at their last table."""

    id: int
    score: int
    rating: float
    waited: float
    previous: frozenset = field(default_factory=frozenset)


@dataclass(frozen=True)
class Rules:
    size: int  # places at a full table
    bound: float  # seconds after which a player is seated with whoever is there
    min_people: int = 2  # people at the smallest table
    teams: bool = False  # seats 0/2 against 1/3 (Buraco)
    blocked: frozenset = frozenset()  # frozenset({a, b}) pairs never seated together


def _rematches(group: Iterable[Waiting]) -> int:
    group = list(group)
    ids = {p.id for p in group}
    return sum(len(p.previous & ids) for p in group)


def _blocks(group: Iterable[Waiting], blocked: frozenset) -> int:
    if not blocked:
        return 0
    return sum(1 for a, b in combinations([p.id for p in group], 2) if frozenset((a, b)) in blocked)


def _nearest(anchor: Waiting, free: list[Waiting], at: int, count: int, order: dict) -> list[Waiting]:
    """The ``count`` players of ``free`` (in rank order, the anchor at index ``at``) nearest the anchor."""
    around = free[max(0, at - count) : at] + free[at + 1 : at + 1 + count]
    return sorted(around, key=lambda p: abs(order[p.id] - order[anchor.id]))[:count]


def _best_group(anchor: Waiting, near: list[Waiting], need: int, order: dict, blocked: frozenset):
    """The anchor's best ``need`` companions among ``near``, and that group's cost."""
    best, best_cost = None, None
    for companions in combinations(near, need):
        group = (anchor, *companions)
        cost = (
            _blocks(group, blocked) * BLOCKED
            + _rematches(group) * REMATCH
            + sum(abs(order[p.id] - order[anchor.id]) for p in companions)
        )
        if best_cost is None or cost < best_cost:
            best, best_cost = list(group), cost
    return best, best_cost


def pair(waiting: list[Waiting], rules: Rules) -> list[list[int]]:
    """The tables to open now, each a list of player ids in seat order; each player in one table at most."""
    ranked = sorted(waiting, key=lambda p: (-p.score, -p.rating, p.id))
    order = {p.id: i for i, p in enumerate(ranked)}
    free = list(ranked)
    tables: list[list[Waiting]] = []
    # 1-2. Full tables.
    held: set[int] = set()
    while len(free) >= rules.size:
        at = next((i for i, p in enumerate(free) if p.id not in held), None)
        if at is None:
            break
        anchor, need = free[at], rules.size - 1
        near = _nearest(anchor, free, at, need + WINDOW, order)
        group, cost = _best_group(anchor, near, need, order, rules.blocked)
        if group is None or cost >= BLOCKED:
            held.add(anchor.id)
            continue
        if cost >= REMATCH and not any(p.waited >= rules.bound for p in group):
            held.add(anchor.id)  # a rematch before anyone waited long enough: wait for someone else
            continue
        tables.append(group)
        taken = {p.id for p in group}
        free = [p for p in free if p.id not in taken]
    # 3. The players left over, once one of them waited long enough: whoever is there.
    for anchor in sorted(free, key=lambda p: (-p.waited, order[p.id])):
        if anchor not in free or anchor.waited < rules.bound:
            continue
        group = [anchor]
        for other in sorted(free, key=lambda p: abs(order[p.id] - order[anchor.id])):
            if len(group) == rules.size:
                break
            if other is anchor or _blocks([*group, other], rules.blocked):
                continue
            group.append(other)
        if len(group) >= rules.min_people:
            tables.append(group)
            taken = {p.id for p in group}
            free = [p for p in free if p.id not in taken]
    return [seat_order(group, rules) for group in tables]


def seat_order(group: list[Waiting], rules: Rules) -> list[int]:
    """The group's ids in seat order: by order for tables without teams; balanced partners for Buraco."""
    if not rules.teams or len(group) != 4:
        return [p.id for p in group]
    best, best_cost = None, None
    a = group[0]
    for partner in group[1:]:
        rest = [p for p in group[1:] if p is not partner]
        repeats = (partner.id in a.previous) + (rest[1].id in rest[0].previous)
        gap = abs((a.rating + partner.rating) - (rest[0].rating + rest[1].rating))
        cost = (repeats, gap, partner.id)
        if best_cost is None or cost < best_cost:
            best, best_cost = [a.id, rest[0].id, partner.id, rest[1].id], cost
    return best
