"""Points by place at a tournament table, the streak that doubles them, and the final order.

Points (docs/tournaments.md), at every table size: a win (the only first place) 2,
a shared first place (a draw at two seats, or several winners) 1, anything else 0.
Leaving a table, or being removed after an absence, is a loss: 0. A bot's
place scores nothing for anyone: the people beside it are judged by their own
place. From the third win in a row (two wins behind the player: "on fire",
as Lichess's arena) a win gives 4 and a shared first place 2; anything but a
win ends the streak.

Pure: no Django.
"""

from dataclasses import dataclass

WON, TIED, LOST, LEFT, ABSENT, NO_RESULT = "won", "tied", "lost", "left", "absent", "no_result"
BASE = {WON: 2, TIED: 1, LOST: 0, LEFT: 0, ABSENT: 0, NO_RESULT: 0}
ON_FIRE = 2  # wins in a row behind a player whose points double


@dataclass(frozen=True)
class Scored:
    points: int
    streak: int  # wins in a row after this table
    doubled: bool


def score(outcome: str, streak: int) -> Scored:
    """What one table's ``outcome`` gives a player with ``streak`` wins in a row behind them.

    A table that ended with no result (``NO_RESULT``: nobody won, e.g. everyone
    left) scores nothing and leaves the streak as it was.
    """
    if outcome not in BASE:
        raise ValueError(f"unknown outcome {outcome!r}")
    if outcome == NO_RESULT:
        return Scored(0, streak, False)
    fire = streak >= ON_FIRE and BASE[outcome] > 0
    points = BASE[outcome] * (2 if fire else 1)
    return Scored(points, streak + 1 if outcome == WON else 0, fire)


def total(outcomes: list[str]) -> tuple[int, int]:
    """The score and the streak after ``outcomes`` in order (for tests and audits)."""
    points = streak = 0
    for outcome in outcomes:
        scored = score(outcome, streak)
        points, streak = points + scored.points, scored.streak
    return points, streak


def order_key(score_: int, wins: int, scored_at: float | None, entry_id: int) -> tuple:
    """The final order: score, then wins, then whoever reached their score first, then who entered first (the entry's id).

    ``scored_at`` is a timestamp (None: never scored, ranks after any time).
    """
    return (-score_, -wins, float("inf") if scored_at is None else scored_at, entry_id)
