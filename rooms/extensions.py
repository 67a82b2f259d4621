"""What the apps above the room layer lend a table, since the room layer imports none of them.

Chat, ratings and the lobby build on the rooms app (docs/architecture.md): they
import it, it imports none of them. Where a table needs one of them — a chat
line sent on the room's socket, the ratings beside the seats, the bot level a
quick-play room's people are worth, the gate a room's name passes (the staff's
site-wide mute, the site's text rules) — the app fills a slot here from its ``AppConfig.ready()``, the way lila's
modules are handed the functions of the modules above them when they are wired.

Each slot has a default the room layer can run with alone (no ratings shown,
normal bots, nobody muted, no chat), so the rooms app is whole without the apps
above it, and a slot is filled once: a second filling is a wiring mistake.
"""

from collections.abc import Callable
from typing import Any

from rooms.errors import RoomError


class Slot:
    """One function an app above lends the room layer; ``default`` until it does."""

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


# room seat index -> the rating shown beside it (None: no rating): ``(game, seats, match)``. Ratings'.
seat_ratings = Slot("seat_ratings", lambda game, seats, match: {seat.index: None for seat in seats})

# What an ended rated match did to each person's rating, the result dialog's lines: ``(match, rated)``. Ratings'.
match_rating_changes = Slot("match_rating_changes", lambda match, rated: [])

# What leaving now would cost the reader's shown rating (None: no cost to tell), their own snapshot's
# ``you.leave_cost``: ``(match, user_id, room, seats, hand)``. Ratings'.
leave_cost = Slot("leave_cost", lambda match, user_id, room, seats, hand: None)

# An ended match's replay page, the result dialog's link: ``(match)`` -> a URL. Players'.
replay_url = Slot("replay_url", lambda match: None)

# The bot level that fills a quick-play room's empty seats for the people in it: ``(game, user_ids)``. Ratings'.
quick_bot_level = Slot("quick_bot_level", lambda game, user_ids: "normal")


def _words_alone(user, kind: str, raw) -> str:
    """Without chat nobody is muted and a text is kept as typed, trimmed; a room's name has 1 to 60 characters."""
    text = raw.strip() if isinstance(raw, str) else ""
    if kind == "room_name" and not 1 <= len(text) <= 60:
        raise RoomError("bad_name")
    return text


# A person's words that others will read, through chat's gate (chat/gate.py: the site-wide mute, then the
# kind's text rules): ``(user, kind, raw)`` -> the text to store, or ``RoomError``. The room layer's kind:
# ``room_name`` (refused while muted with ``muted_room_name``). Chat's.
words = Slot("words", _words_alone)

# What a full snapshot adds for its reader (the chat's recent lines, the reader's mutes): ``(room_id, user_id)``.
reader_fields = Slot("reader_fields", lambda room_id, user_id: {})

# The room socket's actions an app above adds, by name: ``(user, code, msg)`` -> the room, like the room's own.
socket_actions: dict[str, Callable] = {}


def add_socket_actions(actions: dict[str, Callable]) -> None:
    """An app's actions on the room socket (chat's ``chat``, ``chat_mute``…); a name is taken once."""
    taken = socket_actions.keys() & actions.keys()
    if any(socket_actions[name] is not actions[name] for name in taken):
        raise RuntimeError(f"socket actions named twice: {sorted(taken)}")
    socket_actions.update(actions)
