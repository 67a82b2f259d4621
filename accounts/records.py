"""What the profile page shows of a player's past: per-game statistics and recent matches.

Read-only: the room services write PlayerStat and Match; this module never does.
"""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry
from rooms.models import Match, PlayerStat, Seat

RECENT_MATCHES = 10


@dataclass(frozen=True)
class GameStat:
    game: str
    label: str
    played: int
    won: int


@dataclass(frozen=True)
class MatchLine:
    id: int
    verify_url: str
    game_label: str
    room_name: str
    started_at: datetime
    status: str
    winners: list[str]


def game_stats(user) -> list[GameStat]:
    """One line per game, in the site's game order; games never played show zeros."""
    rows = {stat.game: stat for stat in PlayerStat.objects.filter(user=user)}
    lines = []
    for spec in registry.specs():
        stat = rows.get(spec.name)
        label = spec.display_name(get_language())
        lines.append(GameStat(spec.name, label, stat.played if stat else 0, stat.won if stat else 0))
    return lines


def recent_matches(user, limit: int = RECENT_MATCHES) -> list[MatchLine]:
    """The user's latest matches, newest first, with the winners' names."""
    # Nothing here needs a seed: a running match's is never loaded.
    matches = list(
        user.matches.select_related("room").defer("seed", "room__next_seed").order_by("-started_at", "-pk")[:limit]
    )
    seats = _seat_names({m.room_id for m in matches})
    return [
        MatchLine(
            id=m.pk,
            verify_url=m.verify_url,
            game_label=m.get_game_display(),
            room_name=m.room.name,
            started_at=m.started_at,
            status=m.get_status_display(),
            winners=[_winner_name(m, winner, seats.get(m.room_id, {})) for winner in m.winners or []],
        )
        for m in matches
    ]


def _seat_names(room_ids: set[int]) -> dict[int, dict[int, str]]:
    """room id -> room seat index -> the name of whoever sits there now."""
    names: dict[int, dict[int, str]] = {}
    for seat in Seat.objects.filter(room_id__in=room_ids).select_related("user"):
        if seat.user is not None:
            name = seat.user.shown_name
        elif seat.bot_level:
            name = _("Bot (%(level)s)") % {"level": seat.get_bot_level_display()}
        else:
            continue
        names.setdefault(seat.room_id, {})[seat.index] = name
    return names


def _winner_name(match: Match, winner, seats: dict[int, str]) -> str:
    """A readable name for one entry of ``Match.winners`` (a room seat, or a Buraco team)."""
    if isinstance(winner, dict):  # a stored name wins over today's seat
        return str(winner.get("name") or winner.get("seat", ""))
    try:
        index = int(winner)
    except (TypeError, ValueError):
        return str(winner)
    if registry.spec(match.game).teams:  # a team's members are the seats of its parity
        members = [seats[i] for i in sorted(seats) if i % 2 == index]
        return " & ".join(members) if members else _("Team %(number)s") % {"number": index + 1}
    return seats.get(index) or _("Seat %(number)s") % {"number": index + 1}
