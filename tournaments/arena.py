"""The arena's clockwork: start and end by the clock, pairing the waiting players into rooms, scoring them.

Filled in below; the signatures are the contract the pages and tasks use.
"""


def tick(tournament_id: int, now=None) -> dict:
    """One idempotent pass over one tournament under its row lock: start, pair, end. Returns what it did."""
    raise NotImplementedError


def leave_table(user, room_code: str) -> None:
    """The player leaves their tournament table (the room's leave rule); the hook scores and pauses them."""
    raise NotImplementedError
