"""(game, level) -> bot. A bot decides from a seat's view only.

``get(game, level).choose(view, legal_moves, rng, memory=None)`` returns one of
``legal_moves``. Bots never receive engine state: they see exactly what that
seat's browser sees. Bot modules load lazily.
"""

import importlib

from games import registry as game_registry

LEVELS = ("easy", "normal", "hard")


def get(game: str, level: str = "normal"):
    """The bot for ``game`` at ``level``; ``KeyError`` if either is unknown.

    Which module holds a game's bots is part of the game's declaration
    (``bots`` in its spec, games/spec.py).
    """
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}")
    module = importlib.import_module(game_registry.spec(game).bots)
    return module.BOTS[level]
