"""Crazy Eights (Oito Maluco): match suit or rank, eights are wild, first out wins.

Re-exports the engine contract of DESIGN.md section 3. Never imports Django.
"""

from games.contract import add_to_totals
from games.crazy_eights.points import POINTS, card_points, hand_points
from games.crazy_eights.rules import (
    MAX_RUNOUTS,
    NAME,
    OPTIONS,
    apply,
    auto_move,
    best_suit,
    can_draw,
    check_options,
    current_seat,
    deal,
    fits,
    from_json,
    is_over,
    legal_moves,
    lowest_key,
    new_deck,
    remove_player,
    to_json,
)
from games.crazy_eights.scoring import match_status, result
from games.crazy_eights.spec import SPEC
from games.crazy_eights.views import public_move, sample_state, unplayable_reason, view

__all__ = [
    "MAX_RUNOUTS",
    "NAME",
    "OPTIONS",
    "POINTS",
    "SPEC",
    "add_to_totals",
    "apply",
    "auto_move",
    "best_suit",
    "can_draw",
    "card_points",
    "check_options",
    "current_seat",
    "deal",
    "fits",
    "from_json",
    "hand_points",
    "is_over",
    "legal_moves",
    "lowest_key",
    "match_status",
    "new_deck",
    "public_move",
    "remove_player",
    "result",
    "sample_state",
    "to_json",
    "unplayable_reason",
    "view",
]
