"""Name -> game: its declaration (``spec``) and its rules engine (``get``).

The site's games are the packages listed in ``PACKAGES``; each declares its
``SPEC`` in ``<package>/spec.py`` (games/spec.py says what a spec holds). A
game defined elsewhere (a plug-in, a test's toy game) joins with ``register``.
An engine is a module exposing the contract of docs/architecture.md (deal,
current_seat, legal_moves, apply, view, auto_move, is_over, result, to_json,
from_json, match_status, remove_player, check_options, public_move,
add_to_totals; tiebreak_options when its spec says ``tiebreak``) plus
``new_deck(options)``. Never imports Django.
"""

import importlib
import threading

from games.spec import GameSpec

# The order is the site's game order (lobby, profile, rules pages).
PACKAGES = ("games.rouba_monte", "games.stealing_bundles", "games.crazy_eights", "games.buraco")

_specs: dict[str, GameSpec] = {}
_lock = threading.Lock()


def _loaded() -> dict[str, GameSpec]:
    if not _specs:
        with _lock:
            if not _specs:
                for package in PACKAGES:
                    spec = importlib.import_module(f"{package}.spec").SPEC
                    _specs[spec.name] = spec
    return _specs


def register(spec: GameSpec) -> None:
    """Add a game declared outside ``PACKAGES``; a name already taken is refused."""
    games = _loaded()
    with _lock:
        if spec.name in games and games[spec.name] is not spec:
            raise ValueError(f"a game named {spec.name!r} is already registered")
        games[spec.name] = spec


def unregister(name: str) -> None:
    """Take back a game added with ``register`` (the site's own games stay)."""
    if any(name == importlib.import_module(f"{p}.spec").SPEC.name for p in PACKAGES):
        raise ValueError(f"{name!r} is one of the site's games")
    with _lock:
        _loaded().pop(name, None)


def specs() -> tuple[GameSpec, ...]:
    """Every game's declaration, in the site's order."""
    return tuple(_loaded().values())


def spec(name: str) -> GameSpec:
    """The declaration of ``name``; ``KeyError`` for an unknown game."""
    try:
        return _loaded()[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None


def get(name: str):
    """The engine module for ``name``; ``KeyError`` for an unknown game."""
    return importlib.import_module(spec(name).engine)


def __getattr__(attribute: str):
    # NAMES follows ``register``: read as ``registry.NAMES`` it is always current.
    if attribute == "NAMES":
        return tuple(_loaded())
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
