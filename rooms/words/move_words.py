"""A move's words as the table makes it: who made it, whom it took from, which run it extended.

Kept apart from rooms/table.py (the unit of work) and rooms/records/describe.py (the
sentences): this reads the seats as they are held at the moment of the move.
"""

from rooms.records import describe, stored


def extended_run(engine, state, engine_seat, move) -> list[str] | None:
    """The cards of the run a Buraco addition (``{"type": "add", "meld": i}``) extends, in ``state`` before it.

    Read from the engine's public view (runs lie face up, listed by team in the order they were
    laid); None for any other move, or when the state names no such run.
    """
    if not isinstance(move, dict) or move.get("type") != "add" or not isinstance(engine_seat, int):
        return None
    index = move.get("meld")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return None
    try:
        view = engine.view(state, engine_seat)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    runs = stored.as_list(stored.as_dict(view.get("melds")).get(view.get("team")))
    run = stored.as_dict(runs[index]) if index < len(runs) else {}
    return list(stored.strings(run.get("cards"))) or None


def stored_runs(hand) -> dict[int, list[str]]:
    """Log entry (from 0) -> the run that addition extended, as the table kept it in the entry (cards only)."""
    out = {}
    for index, entry in enumerate(stored.as_list(hand.moves)):
        run = list(stored.strings(stored.as_dict(entry).get("run")))
        if run:
            out[index] = run
    return out


def live_words(game: str, seats, seat_map, entry: dict, run=None) -> dict:
    """``name`` and ``text`` of a move for the table's log, by who holds the seats as it is made.

    ``seats`` are the room's ``Seat`` rows; ``run`` the cards of the run a Buraco
    addition extended, as it lay before the move.
    """
    by_room_seat = {s.index: s for s in seats}
    actor = describe.seat_holder(by_room_seat[seat_map[entry["seat"]]])
    victim = None
    source = entry["move"].get("from") if isinstance(entry["move"], dict) else None
    if isinstance(source, int) and not isinstance(source, bool) and 0 <= source < len(seat_map):
        seat = by_room_seat.get(seat_map[source])
        victim = describe.seat_holder(seat) if seat is not None else None
    text = describe.in_languages(describe.live_move, game, entry, actor, victim, run)
    return {"name": actor.name or None, "text": text}
