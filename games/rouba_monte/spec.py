"""Rouba Monte as the site knows it: four seats, up to three bots, a match of one hand.

Leaving mid-match puts the leaver's hand and pile face up in the centre; seat
changes made during play wait for the next match (docs/rooms.md).
"""

from games.spec import MATCH, REMOVE, GameSpec, gettext_noop

# How the table's log and the records say a move ("%(name)s" made it; docs/architecture.md).
MOVE_WORDS = {
    "capture": gettext_noop("%(name)s captured %(target)s with %(card)s"),
    "steal": gettext_noop("%(name)s stole %(victim)s's pile with %(card)s"),
    "discard": gettext_noop("%(name)s put %(card)s on the table"),
}

SPEC = GameSpec(
    name="rouba_monte",
    names={"pt": "Rouba Monte", "en": "Rouba Monte"},
    engine="games.rouba_monte",
    bots="bots.rouba_monte",
    seat_counts=(4,),
    default_seats=4,
    min_players=2,
    max_bots=3,
    on_leave=REMOVE,
    boundary=MATCH,
    restart_anytime=True,
    table="rooms/table_capture.html",
    move_words=MOVE_WORDS,
)
