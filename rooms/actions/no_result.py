"""Matches that end without a result: abandoned, and the one nobody is left to play.

A match whose last person leaves between two hands could never be dealt again
(every deal needs a person, the game's ``min_humans``): the room sat at
"between hands" until it expired, or forever while the leaver stayed to watch.
It ends there instead, without a result, rated as docs/ratings.md rates such a
match (whoever left is rated as having left it, the bots keep theirs), and the
room is at "match over", ready for a new match (docs/rooms.md).
"""

from rooms import clock, room_events
from rooms.models import Match, Room
from rooms.records import participants
from rooms.seat_rules import apply_boundary
from rooms.table import Table


def abandon_match(t: Table, match: Match, ended_by=None, by_staff: bool = False) -> None:
    """A match that ends before its natural end still counts for everyone who played in it.

    ``ended_by``: who ended it early, the host or (``by_staff``) a staff member. In a
    rated room everyone seated is rated on the standings of that moment, and whoever
    ended it, if they held a seat, is rated as having left it (docs/ratings.md).
    """
    match.status = Match.Status.ABANDONED
    match.ended_at = clock.now()
    match.ended_by = ended_by
    match.ended_by_staff = by_staff and ended_by is not None
    match.save(update_fields=["status", "ended_at", "ended_by", "ended_by_staff"])
    participants.record_match_end(match, t.spec.teams)


def end_if_deserted(t: Table) -> bool:
    """End the match between two hands when too few people hold a seat to deal the next; True if it did."""
    room, match = t.room, t.match
    if room.status != Room.Status.HAND_OVER or match is None or match.status != Match.Status.PLAYING:
        return False
    if sum(1 for seat in t.seats if seat.user_id is not None) >= max(1, t.spec.min_humans):
        return False
    abandon_match(t, match)
    room.status = Room.Status.MATCH_OVER
    room.deadline, room.deadline_kind, room.deadline_left = None, "", None
    if room.paused and room.pause_reason == "host":  # nothing is left to pause
        room.paused, room.pause_reason, room.paused_at, room.paused_by = False, "", None, None
    apply_boundary(t, "match")
    room_events.announce(t, "match_deserted", number=match.number)
    t.touch(state_changed=True)
    return True
