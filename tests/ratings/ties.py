"""Tied rated matches played to their end through the room services, from seeds found to tie.

Seed n is ``f"{n:064x}"``, the room's next seed, so the deal is the fair
shuffle's like any other; the first dealer is seat 0 (the room's last dealer
set to the seat before it). The seeds were found by playing the same policy
over the engines alone: Rouba Monte and Stealing Bundles two people playing the
automatic move (26 cards each), and three people a match of three games
won one each; Crazy Eights three people always taking the
last legal move (drawing, then passing), a blocked first hand in which seats 0
and 1 hold the fewest points and score 139 each.
"""

from rooms import services
from rooms.models import Room
from tests.rooms.helpers import human_auto_move, state_of, turn_seat

TIES = [
    # game, people, options, seed number, how the people play, the tied seats, the match totals
    ("rouba_monte", 2, {}, 142, "auto", ["0", "1"], {"0": 26, "1": 26}),
    ("stealing_bundles", 2, {}, 142, "auto", ["0", "1"], {"0": 1, "1": 1}),
    # three games, one won by each: the 1-1-1 that once counted as a win and moved no rating
    ("stealing_bundles", 3, {"match_games": 3}, 1, "auto", ["0", "1", "2"], {"0": 1, "1": 1, "2": 1}),
    ("crazy_eights", 3, {"target": 50}, 10494, "last", ["0", "1"], {"0": 139, "1": 139, "2": 0}),
]


def play_tied_match(game, people, options, seed, policy):
    """Deal the match from ``seed`` and play every person's move through the services until it ends."""
    host = people[0]
    seats = {} if game == "rouba_monte" else {"seat_count": len(people)}  # Rouba Monte: always four seats
    room = services.create_room(host, game, "Empate", time_limit=None, options=options, **seats)
    for index, person in enumerate(people[1:], start=1):
        services.sit(person, room.code, index)
    # The deal is the fair shuffle's from the room's next seed; the first dealer is the seat after the last.
    Room.objects.filter(pk=room.pk).update(next_seed=f"{seed:064x}", dealer=room.seat_count - 1)
    services.start_match(host, room.code)
    for _ in range(5000):
        room.refresh_from_db()
        if room.status == Room.Status.HAND_OVER:  # the next game of the match
            services.next_hand(host, room.code)
            continue
        if room.status != Room.Status.PLAYING:
            break
        person = people[turn_seat(room)]
        if policy == "auto":
            human_auto_move(room, person)
        else:
            engine, state, _hand = state_of(room)
            seat = engine.current_seat(state)
            services.move(person, room.code, room.state_version, engine.legal_moves(state, seat)[-1])
    assert room.status == Room.Status.MATCH_OVER
    return room
