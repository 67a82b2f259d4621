"""Crazy Eights as the site knows it: two to six seats, 20 seconds a move, 100 points a match.

Every empty seat gets a bot when a hand is dealt; a person leaving mid-hand is
replaced by a stand-in bot that keeps the seat for the match; other seat
changes made during play wait for the next hand (docs/rooms.md).
"""

from games.spec import HAND, MATCH, STAND_IN, GameSpec, Option, gettext_noop

SPEC = GameSpec(
    name="crazy_eights",
    names={"pt": "Oito Maluco", "en": "Crazy Eights"},
    engine="games.crazy_eights",
    bots="bots.crazy_eights",
    seat_counts=(2, 3, 4, 5, 6),
    default_seats=4,
    min_players=2,
    max_bots=5,
    on_leave=STAND_IN,
    boundary=HAND,
    default_time_limit=20,
    fill_empty_seats=True,
    stand_in_until=MATCH,
    table="rooms/table_crazy_eights.html",
    move_words={
        "play+suit": gettext_noop("%(name)s played %(card)s and chose %(suit)s"),
        "play": gettext_noop("%(name)s played %(card)s"),
        "draw": gettext_noop("%(name)s drew"),
        "keep": gettext_noop("%(name)s kept the card drawn"),
        "pass": gettext_noop("%(name)s passed"),
    },
    options=(
        Option(
            name="target",
            default=100,
            minimum=1,
            choices=(50, 100, 150, 200),
            label=gettext_noop("Points that end the match"),
        ),
    ),
    verify_final=("hands", "stock", "discard", "suit", "reshuffles", "runouts", "end", "end_reason", "winner"),
)
