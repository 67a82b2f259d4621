"""The room layer's signals a tournament answers; the room layer imports nothing of tournaments."""


def connect() -> None:
    """Filled in with the arena's receivers (tournaments/arena.py)."""
