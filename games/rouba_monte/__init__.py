"""Rouba Monte engine: the public contract of DESIGN.md section 3. Never imports Django."""

from games.contract import add_to_totals, public_move
from games.rouba_monte.rules import (
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
    match_status,
    new_deck,
    remove_player,
    result,
    sample_state,
    to_json,
    view,
)
from games.rouba_monte.spec import SPEC

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
