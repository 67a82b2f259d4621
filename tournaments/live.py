"""What a tournament tells the browsers after a change is committed.

Its page listens on ``group_name(tournament_id)``: every change of the
standings (a join, a withdrawal, a table opened or scored, the start, the end,
a cancellation) sends ``{"type": "tournament.update", "tournament": id,
"version": n, "status": ...}`` there after commit; the page then reads the
standings (tournaments/standings.py). A player seated at a new table is told
on their own notice group (the lobby's ``notices-<user id>``, which every site
socket listens on): ``{"type": "tournament_table", "tournament": id, "room": code, "table": number}``.
"""

from django.db import transaction

from config import realtime


def group_name(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def notice_group(user_id: int) -> str:
    """The person's site notices (lobby/invitations.py names the same group)."""
    return f"notices-{user_id}"


def update_message(tournament) -> dict:
    return {
        "type": "tournament.update",
        "tournament": tournament.id,
        "version": tournament.version,
        "status": tournament.status,
    }


def publish(tournament_id: int, message: dict | None = None) -> None:
    """Send the update now (call it after commit; ``on_commit`` below does)."""
    realtime.group_send(
        group_name(tournament_id), message or {"type": "tournament.update", "tournament": tournament_id}
    )


def on_commit(tournament) -> None:
    """The update for ``tournament`` as it is now, sent once the transaction commits."""
    message = update_message(tournament)
    transaction.on_commit(lambda: publish(tournament.id, message), robust=True)


def seated_notice(tournament_id: int, user_id: int, room_code: str, number: int) -> None:
    """Tell a person where they are seated, once the table is committed."""
    frame = {"type": "tournament_table", "tournament": tournament_id, "room": room_code, "table": number}
    transaction.on_commit(
        lambda: realtime.group_send(notice_group(user_id), {"type": "site.notice", "frame": frame}), robust=True
    )
