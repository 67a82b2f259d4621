"""Small drivers for room tests: play a room forward through the services."""

from games import registry
from rooms import services
from rooms.models import Room


def current(room: Room):
    room.refresh_from_db()
    match = room.matches.order_by("-number").first()
    hand = match.hands.order_by("-number").first() if match else None
    return match, hand


def state_of(room: Room):
    _match, hand = current(room)
    engine = registry.get(room.game)
    return engine, engine.from_json(hand.state), hand


def turn_seat(room: Room) -> int | None:
    """The room seat whose turn it is, or None."""
    engine, state, hand = state_of(room)
    engine_seat = engine.current_seat(state)
    return None if engine_seat is None else hand.seat_map[engine_seat]


def play_until_human(room: Room, limit: int = 5000) -> None:
    """Let bots act (deadlines fired at once) until a person must move or the hand ends.

    ``limit`` only stops a loop that would never end: a Crazy Eights hand may
    run its stock out twenty times before it is blocked, so one hand in a few
    thousand takes more than 500 moves (deals are random in a room).
    """
    for _ in range(limit):
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING or room.deadline_kind != "bot":
            return
        services.run_deadline(room.id, room.state_version)
    raise AssertionError("bots did not finish")


def human_auto_move(room: Room, user) -> None:
    """The person plays through the same service as a click: the biggest meld, else the automatic move."""
    engine, state, hand = state_of(room)
    engine_seat = engine.current_seat(state)
    melds = [m for m in engine.legal_moves(state, engine_seat) if m.get("type") in ("meld", "add")]
    move = max(melds, key=lambda m: len(m["cards"])) if melds else engine.auto_move(state, engine_seat)
    services.move(user, room.code, room.state_version, move)


def play_hand(room: Room, people, limit: int = 3000) -> None:
    """Play the current hand to its end: bots by their deadlines, people by ``human_auto_move``.

    ``people`` is one user (the only person) or a dict room seat -> user.
    """
    for _ in range(limit):
        play_until_human(room, limit=5000)
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING:
            return
        person = people if not isinstance(people, dict) else people[turn_seat(room)]
        human_auto_move(room, person)
    raise AssertionError("the hand did not end")


def play_match(room: Room, people, hands: int = 20) -> None:
    """Play hands (dealing the next each time) until the match ends, at most ``hands`` of them."""
    for _ in range(hands):
        play_hand(room, people)
        room.refresh_from_db()
        if room.status != Room.Status.HAND_OVER:
            return
        services.next_hand(room.host, room.code)


def buraco_at_hosts_draw(host, seed: str | None = None) -> Room:
    """A Buraco room of ``host`` and three bots, the bots played until the host's first draw.

    ``seed``: the match's seed (hex), for a test that needs one known deal rather than any.
    """
    room = services.create_room(host, "buraco", "Mesa")
    if seed is not None:
        Room.objects.filter(pk=room.pk).update(next_seed=seed)
    for index in (1, 2, 3):
        services.add_bot(host, room.code, index, "easy")
    services.start_match(host, room.code)
    play_until_human(room)
    room.refresh_from_db()
    assert turn_seat(room) == 0
    return room


def engine_options(room: Room, **options) -> Room:
    """Give a room options its engine accepts but the lobby does not offer (a target of 1: a short match).

    Only tests do this, writing the row itself: every room action accepts just
    the offered choices (rooms/actions/setup.py ``validate_options``).
    """
    room.options = registry.get(room.game).check_options({**room.options, **options})
    Room.objects.filter(pk=room.pk).update(options=room.options)
    return room
