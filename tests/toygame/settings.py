"""The site's settings plus the toy game: a server started with these plays High Card too.

The game joins through the registry, the way a game defined outside the site's
games would; nothing of the site is edited.
"""

from config.settings import *  # noqa: F403
from games import registry
from tests.toygame.spec import SPEC

if SPEC.name not in registry.NAMES:
    registry.register(SPEC)
