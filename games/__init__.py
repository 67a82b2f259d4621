"""Pure rules engines for Mesa's games.

A library: given a state and a move it returns the next state or raises
``IllegalMove``. It never imports Django, Channels or Celery.
"""

from games import registry
from games.errors import IllegalMove

__all__ = ["IllegalMove", "registry"]
