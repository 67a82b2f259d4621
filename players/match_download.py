"""A finished match as one JSON document for a person who held a seat in it: the staff's export without what is not theirs.

The shape is the staff's whole-match export (``rooms.records.hand_export.match_document``,
format ``mesa-match/1``) less these fields, so a file a player downloads reads like the
one staff would take for a dispute, and is enough to deal every hand again and replay it:

- ``room.code``: the room's address, an invitation to a table that may still be open;
- ``user_id`` of every participant and hint: the site's internal account numbers
  (a person is named as they sat, an erased account by its pseudonym);
- every hint another person asked: only the reader's own hints stay.

No e-mail or setting of anybody is in the staff export either. Only once the
match has ended: a match in play keeps its seed and decks on the server.
"""

from rooms.models import Match
from rooms.records import hand_export

FORMAT = "mesa-match/1"  # the staff export's: the same document, with fewer fields
LEFT_OUT = ("room.code", "participants[].user_id", "hints[].user_id", "hints of other players")


def may_download(user, match: Match) -> bool:
    """A person who held a seat in some hand of the match, once it has ended."""
    if not user.is_authenticated or match.status == Match.Status.PLAYING:
        return False
    return match.participants.filter(user_id=user.pk).exists()


def document(match: Match, user) -> dict:
    """``match``'s record as ``user`` may take it (``may_download`` said yes)."""
    whole = hand_export.match_document(match)
    room = {key: value for key, value in whole["room"].items() if key != "code"}
    hands = [
        {
            **hand,
            "participants": [_without_id(row) for row in hand["participants"]],
            "hints": [_without_id(hint) for hint in hand["hints"] if hint["user_id"] == user.pk],
        }
        for hand in whole["hands"]
    ]
    return {**whole, "room": room, "hands": hands}


def _without_id(entry: dict) -> dict:
    return {key: value for key, value in entry.items() if key != "user_id"}
