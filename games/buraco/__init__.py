"""Buraco for four players in two teams (seats 0/2 and 1/3): runs of one suit,
wild 2s, canastras, the morto and going out.

Modules: ``runs`` (valid runs, arrangement, canastras, enumeration), ``flow``
(deal, turns, morto, end of hand), ``scoring`` (values, result, match target),
``views`` (what a seat sees, determinization), ``heuristics`` (card usefulness
for timeouts and bots). Never imports Django.
"""

from games.buraco.flow import (
    NAME,
    OPTIONS,
    apply,
    auto_move,
    check_options,
    current_seat,
    deal,
    from_json,
    is_over,
    legal_moves,
    new_deck,
    remove_player,
    to_json,
)
from games.buraco.scoring import match_status, result
from games.buraco.spec import SPEC
from games.buraco.views import sample_state, view
from games.contract import add_to_totals, public_move

__all__ = [
    "NAME",
    "OPTIONS",
    "SPEC",
    "add_to_totals",
    "apply",
    "auto_move",
    "check_options",
    "current_seat",
    "deal",
    "from_json",
    "is_over",
    "legal_moves",
    "match_status",
    "new_deck",
    "public_move",
    "remove_player",
    "result",
    "sample_state",
    "to_json",
    "view",
]
