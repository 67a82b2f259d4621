"""Name -> engine. Engines load lazily so that importing one never loads all.

An engine is a module exposing the contract functions of docs/engines.md
(deal, current_seat, legal_moves, apply, view, auto_move, is_over, result,
to_json, from_json, match_status, remove_player) plus ``new_deck(options)``.
"""

import importlib

ENGINES = {
    "rouba_monte": "games.rouba_monte",
    "stealing_bundles": "games.stealing_bundles",
    "crazy_eights": "games.crazy_eights",
    "buraco": "games.buraco",
}

NAMES = tuple(ENGINES)


def get(name: str):
    """The engine module for ``name``; ``KeyError`` for an unknown game."""
    try:
        path = ENGINES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None
    return importlib.import_module(path)
