"""What the ratings lend the room layer (rooms/extensions.py), and the match end they answer.

The table shows each seat's rating and, once a rated match ends, what it did to
them; a seated person's leave confirmation what leaving would cost them; a quick-play room's bots are of its people's level; an ended match is
rated. The rooms app imports nothing of the ratings (they build on its records):
these fill its slots and receive its ``match_ended`` signal when the app is ready.
"""

from ratings import leave_cost, quick_level, record, shown
from rooms import extensions, signals


def rate_ended_match(sender, match, teams: bool, rows, **kwargs) -> None:
    """Sent inside the transaction of the move that ended the match: the ratings move with it or not at all."""
    record.rate_match(match, teams, rows)


def connect() -> None:
    extensions.seat_ratings.fill(shown.for_seats)
    extensions.match_rating_changes.fill(shown.match_changes)
    extensions.quick_bot_level.fill(quick_level.level_for_people)
    extensions.leave_cost.fill(leave_cost.for_reader)
    signals.match_ended.connect(rate_ended_match, dispatch_uid="ratings.rate_ended_match")
