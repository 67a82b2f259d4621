"""A tournament's standings, in the shape of ``/tournaments/<id>/standings.json`` (docs/tournaments.md).

Ranked by the final order (tournaments/scoring.py ``order_key``): while it runs
the rank is live; once finished it is the stored final rank. Names are
``shown_name`` (the display name, or a deleted account's pseudonym), as every
table shows a person.
"""

from datetime import UTC

from rooms import clock
from tournaments import scoring
from tournaments.models import Entry, Tournament


def _timestamp(value) -> float | None:
    return value.timestamp() if value is not None else None


def ranked_entries(tournament: Tournament) -> list[Entry]:
    """Every entry in the tournament's order, with its user and table's room read in the same query."""
    entries = list(Entry.objects.filter(tournament=tournament).select_related("user", "table__room"))
    if tournament.status == Tournament.Status.FINISHED and all(e.rank for e in entries):
        return sorted(entries, key=lambda e: e.rank)
    return sorted(entries, key=lambda e: scoring.order_key(e.score, e.wins, _timestamp(e.scored_at), e.id))


def standings(tournament: Tournament, now=None) -> dict:
    now = now or clock.now()
    players = []
    for rank, entry in enumerate(ranked_entries(tournament), start=1):
        paused = entry.paused_until is not None and entry.paused_until > now and not entry.withdrawn
        players.append(
            {
                "user_id": entry.user_id,
                "username": entry.user.shown_name,
                "rank": entry.rank or rank,
                "score": entry.score,
                "streak": entry.streak,
                "table": entry.table.room.code if entry.table_id else None,
                "paused": paused,
                "withdrawn": entry.withdrawn,
            }
        )
    return {
        "status": tournament.status,
        "starts_at": tournament.starts_at.astimezone(UTC).isoformat(),
        "ends_at": tournament.ends_at.astimezone(UTC).isoformat(),
        "players": players,
    }
