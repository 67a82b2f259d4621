"""Rouba Monte engine: the public contract of DESIGN.md section 3. Never imports Django."""

from games.rouba_monte.rules import (
    NAME,
    OPTIONS,
    apply,
    auto_move,
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

__all__ = [
    "NAME",
    "OPTIONS",
    "apply",
    "auto_move",
    "current_seat",
    "deal",
    "from_json",
    "is_over",
    "legal_moves",
    "match_status",
    "new_deck",
    "remove_player",
    "result",
    "sample_state",
    "to_json",
    "view",
]
