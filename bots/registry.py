"""(game, level) -> bot. A bot decides from a seat's view only.

``get(game, level).choose(view, legal_moves, rng, memory=None)`` returns one of
``legal_moves``. Bots never receive engine state: they see exactly what that
seat's browser sees. Bot modules load lazily.
"""

import importlib

LEVELS = ("easy", "normal", "hard")

MODULES = {
    "rouba_monte": "bots.rouba_monte",
    "stealing_bundles": "bots.stealing_bundles",
    "crazy_eights": "bots.crazy_eights",
    "buraco": "bots.buraco",
}


def get(game: str, level: str = "normal"):
    """The bot for ``game`` at ``level``; ``KeyError`` if either is unknown."""
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}")
    try:
        module = importlib.import_module(MODULES[game])
    except KeyError:
        raise KeyError(f"unknown game {game!r}") from None
    return module.BOTS[level]
