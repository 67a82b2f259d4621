"""A level between two others: its own policy, and in a share of its turns a neighbour level's move.

How far apart two levels play depends on the table: at four seats of Stealing Bundles the
normal level's plain policy sits nearer the easy level than the hard one, and at four seats
of Crazy Eights a hand's luck leaves the hard level little over it. A player who picks
"Normal" should meet a player between "Fácil" and "Difícil" at any table, so a game declares,
per table size, which neighbour's move the normal level plays and in what share of its turns
(``Share``); the shares were measured so that the
hard level wins at least 60% of its matches against normal and normal 65% against easy
(docs/benchmarks.md, "Normal between its neighbours"). The plain policy stays what the hard
level searches with: only the level a room seats is blended.

The choice of which policy moves is the turn's first draw from the bot's ``rng``, so a level
stays deterministic for a seed. Both policies keep the same ``memory`` (they read the view the
same way), so a turn played by either leaves it as the other expects.
"""

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Share:
    """At tables of ``seats`` seats (``and_more``: that many or more), ``other`` moves in ``share`` of the turns."""

    seats: int
    other: Any
    share: float
    and_more: bool = False

    def holds(self, players: int) -> bool:
        return players == self.seats or (self.and_more and players > self.seats)


class BlendedLevel:
    """``plain``'s move, except in the turns a table size's ``Share`` gives to another level."""

    def __init__(self, level: str, plain, shares: tuple[Share, ...]):
        self.level = level
        self.plain = plain
        self.shares = shares

    def share_at(self, players: int) -> Share | None:
        return next((s for s in self.shares if s.holds(players)), None)

    def choose(self, view, legal_moves, rng, memory=None):
        share = self.share_at(len(view["hand_counts"]))
        if share is not None and len(legal_moves) > 1 and rng.random() < share.share:
            return share.other.choose(view, legal_moves, rng, memory)
        return self.plain.choose(view, legal_moves, rng, memory)
