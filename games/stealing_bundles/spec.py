"""Stealing Bundles as the site knows it: two to four seats, house rules as options.

Rooms behave as Rouba Monte's (leaving returns the cards to the centre, seat
changes wait for the next match); with ``match_games`` a match is several
games, and with ``tiebreak`` a tie at the top deals a tie-break round.
"""

from games.rouba_monte.spec import MOVE_WORDS
from games.spec import MATCH, REMOVE, GameSpec, Option, gettext_noop

SPEC = GameSpec(
    name="stealing_bundles",
    names={"pt": "Stealing Bundles", "en": "Stealing Bundles"},
    engine="games.stealing_bundles",
    bots="bots.stealing_bundles",
    seat_counts=(2, 3, 4),
    default_seats=4,
    min_players=2,
    max_bots=3,
    on_leave=REMOVE,
    boundary=MATCH,
    restart_anytime=True,
    tiebreak=True,
    table="rooms/table_capture.html",
    move_words=MOVE_WORDS,
    options=(
        Option(name="no_steal", default=False, label=gettext_noop("Friendly piles (no stealing)")),
        Option(name="jacks_wild", default=False, label=gettext_noop("Jacks steal any pile")),
        Option(
            name="last_capture_bonus",
            default=False,
            label=gettext_noop("Leftover table cards go to the last capturer"),
        ),
        Option(
            name="sweep_bonus",
            default=False,
            label=gettext_noop("Sweep bonus: clearing the table draws an extra card"),
        ),
        Option(name="deck40", default=False, label=gettext_noop("40-card deck (Casita Robada / Rubamazzo)")),
        Option(name="counter_clockwise", default=False, label=gettext_noop("Play counter-clockwise")),
        Option(name="double_piles", default=False, label=gettext_noop("Two piles per player")),
        Option(name="tiebreak", default=False, label=gettext_noop("Tie-break round on a tie")),
        Option(
            name="match_games",
            default=1,
            minimum=1,
            maximum=7,
            choices=(1, 3, 5, 7),
            label=gettext_noop("Games in a match"),
        ),
        Option(
            name="match_scoring",
            default="wins",
            choices=("wins", "cards"),
            choice_labels=(gettext_noop("Games won"), gettext_noop("Cards taken")),
            label=gettext_noop("A match of several games counts"),
        ),
    ),
)
