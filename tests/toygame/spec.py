"""The toy game's declaration: everything the site needs to know of it besides its engine."""

from games.spec import HAND, STAND_IN, GameSpec, Option, gettext_noop

SPEC = GameSpec(
    name="toy_high_card",
    names={"pt": "Carta Alta", "en": "High Card"},
    engine="tests.toygame.engine",
    bots="tests.toygame.bots",
    seat_counts=(2, 3),
    default_seats=2,
    min_players=2,
    max_bots=2,
    on_leave=STAND_IN,
    boundary=HAND,
    table="rooms/table_capture.html",
    table_strings="tests.toygame.strings:table_strings",
    rules_page=False,
    options=(Option(name="target", default=20, minimum=1, choices=(20, 40), label=gettext_noop("Points")),),
    move_words={"play": "%(name)s laid %(card)s"},
)
