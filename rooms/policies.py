"""What each game asks of a room: seats, who may start, what leaving does.

These are the room rules of the seed texts, declared once per game in its
``spec.py`` (games/spec.py); a room's policy is its game's declaration, so the
service layer stays game-agnostic (docs/rooms.md explains each rule).
"""

from games import registry
from games.spec import GameSpec

STAND_IN_LEVEL = "normal"


def policy(game: str) -> GameSpec:
    return registry.spec(game)
