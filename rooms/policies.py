"""What each game asks of a room: seats, who may start, what leaving does.

These are the room rules of the seed texts, gathered in one table so that the
service layer stays game-agnostic (docs/rooms.md explains each row).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class RoomPolicy:
    seat_counts: tuple[int, ...]  # seat counts a host may choose
    default_seats: int
    min_players: int  # occupied seats needed to deal
    min_humans: int  # people needed to start
    all_seats_filled: bool  # every seat occupied to start / deal (Buraco)
    max_bots: int
    # "match": seat changes wait for the end of the match (Rouba Monte, Stealing
    # Bundles); "hand": for the end of the hand (Crazy Eights, Buraco).
    boundary: str
    # "remove": the engine returns the leaver's cards to the centre;
    # "stand_in": a bot plays the leaver's hand until the hand's result.
    on_leave: str
    teams: bool
    default_time_limit: int | None
    # Whether "new match" may interrupt a match that has no winner yet.
    restart_anytime: bool


POLICIES = {
    "rouba_monte": RoomPolicy((4,), 4, 2, 1, False, 3, "match", "remove", False, None, True),
    "stealing_bundles": RoomPolicy((2, 3, 4), 4, 2, 1, False, 3, "match", "remove", False, None, True),
    "crazy_eights": RoomPolicy((2, 3, 4, 5, 6), 4, 2, 1, False, 5, "hand", "stand_in", False, 20, False),
    "buraco": RoomPolicy((4,), 4, 4, 1, True, 3, "hand", "stand_in", True, None, False),
}

STAND_IN_LEVEL = "normal"


def policy(game: str) -> RoomPolicy:
    return POLICIES[game]
