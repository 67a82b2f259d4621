"""Finished matches of every game, played by bots (and the people named) through the services."""

from rooms import services
from rooms.models import Match, Room
from tests.rooms.helpers import engine_options, play_match

# A short match of each game: options the engine accepts, so that a test plays a few hands, not dozens.
SHORT = {
    "rouba_monte": {},
    "stealing_bundles": {},
    "crazy_eights": {"target": 20},
    "buraco": {"target": 1500},
}


def finished_match(host, game: str, public: bool = True, people: dict | None = None) -> Match:
    """A match of ``game`` played to its end: ``host`` (and ``people``: room seat -> user) with bots in the other seats."""
    room = services.create_room(host, game, "Replay", time_limit=None)
    engine_options(room, **SHORT[game])
    if not public:
        Room.objects.filter(pk=room.pk).update(is_public=False)
    people = {0: host, **(people or {})}
    for seat, person in people.items():
        if seat:
            services.sit(person, room.code, seat)
    for seat in range(room.seat_count):
        if seat not in people:
            services.add_bot(host, room.code, seat, "easy")
    services.start_match(host, room.code)
    play_match(room, people if len(people) > 1 else host, hands=40)
    match = room.matches.order_by("-number").first()
    assert match.status == Match.Status.OVER, match.status
    return match
