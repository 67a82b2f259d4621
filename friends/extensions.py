"""What the apps above lend the friends app, which imports none of them (docs/architecture.md).

The friends page marks the friends who are online, but who is online is the
lobby's to know (its site sockets and the tables' sockets): the lobby fills the
slot from its ``AppConfig.ready()``. Alone, the friends app sees nobody online.
"""

from collections.abc import Callable
from typing import Any


class Slot:
    """One function an app above lends the friends app; ``default`` until it does."""

    def __init__(self, name: str, default: Callable):
        self.name = name
        self.default = default
        self.filled_by: Callable | None = None

    def fill(self, function: Callable) -> None:
        if self.filled_by is not None and self.filled_by is not function:
            raise RuntimeError(f"the slot {self.name!r} is filled already")
        self.filled_by = function

    def __call__(self, *args, **kwargs) -> Any:
        return (self.filled_by or self.default)(*args, **kwargs)


# Which of ``user_ids`` the reader ``viewer_id`` sees online (a set of ids): ``(viewer_id, user_ids)``. Lobby's.
online_among = Slot("online_among", lambda viewer_id, user_ids: set())
