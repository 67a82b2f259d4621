"""Buraco as the site knows it: four seats in two partnerships, every seat filled to deal.

A person leaving mid-hand is replaced by a stand-in bot that keeps the
partnership until the hand's result; the host picks the match target.
"""

from games.spec import HAND, STAND_IN, GameSpec, Option, gettext_noop

SPEC = GameSpec(
    name="buraco",
    names={"pt": "Buraco", "en": "Buraco"},
    engine="games.buraco",
    bots="bots.buraco",
    seat_counts=(4,),
    default_seats=4,
    min_players=4,
    all_seats_filled=True,
    max_bots=3,
    teams=True,
    on_leave=STAND_IN,
    boundary=HAND,
    timeout_ends_turn=False,
    table="rooms/table_buraco.html",
    move_words={
        "draw_stock": gettext_noop("%(name)s drew from the stock"),
        "draw_discard": gettext_noop("%(name)s took the discard pile"),
        "meld": gettext_noop("%(name)s melded %(cards)s"),
        "add": gettext_noop("%(name)s added %(cards)s to a run"),
        # The run named, when the record knows it (rooms/words/move_words.py ``extended_run``).
        "add+run": gettext_noop("%(name)s added %(cards)s to the run %(first)s to %(last)s"),
        "discard": gettext_noop("%(name)s discarded %(card)s"),
    },
    options=(
        Option(
            name="target",
            default=1500,
            choices=(1500, 3000, 5000),
            label=gettext_noop("Points that end the match"),
        ),
    ),
)
