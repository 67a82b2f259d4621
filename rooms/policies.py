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
    # "stand_in": a bot plays the leaver's hand (and seat) until ``stand_in_until``.
    on_leave: str
    teams: bool
    default_time_limit: int | None
    # Whether "new match" may interrupt a match that has no winner yet.
    restart_anytime: bool
    # Every empty seat is given a bot when a hand is dealt, so the hand is dealt to
    # the room's whole seat count (Crazy Eights: "Um bot ocupa o lugar vazio").
    fill_empty_seats: bool = False
    # When a leaver's stand-in bot gives the seat back: "hand" (Buraco: after the
    # hand's result) or "match" (Crazy Eights: the seat keeps its bot for the match).
    stand_in_until: str = "hand"
    # True: a timeout plays until the turn passes (a Crazy Eights draw is followed by
    # playing or keeping the drawn card). False: a timeout makes one action and the
    # next action gets a new deadline (Buraco: "Comprar ou baixar um jogo inicia um
    # novo prazo para a próxima ação").
    timeout_ends_turn: bool = True


POLICIES = {
    "rouba_monte": RoomPolicy((4,), 4, 2, 1, False, 3, "match", "remove", False, None, True),
    "stealing_bundles": RoomPolicy((2, 3, 4), 4, 2, 1, False, 3, "match", "remove", False, None, True),
    "crazy_eights": RoomPolicy(
        (2, 3, 4, 5, 6),
        4,
        2,
        1,
        False,
        5,
        "hand",
        "stand_in",
        False,
        20,
        False,
        fill_empty_seats=True,
        stand_in_until="match",
    ),
    "buraco": RoomPolicy((4,), 4, 4, 1, True, 3, "hand", "stand_in", True, None, False, timeout_ends_turn=False),
}

STAND_IN_LEVEL = "normal"


def policy(game: str) -> RoomPolicy:
    return POLICIES[game]
