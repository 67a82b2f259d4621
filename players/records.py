"""What the profile page shows of a player's past: per-game statistics and recent matches.

Read-only: the room services write PlayerStat, Match and the hands' participants;
this module never does. Names come from the participants recorded when the
hands were played (``rooms.records.participants``), never from the room's seats today.
"""

from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from accounts import pseudonyms
from games import registry
from ratings.models import RatingChange
from rooms.models import Match, Participant, PlayerStat
from rooms.records import match_access, participants
from rooms.records.describe import holder_name, winner_names

RECENT_MATCHES = 10


@dataclass(frozen=True)
class GameStat:
    game: str
    label: str
    played: int
    won: int
    abandoned: int  # left before the end; counted in played
    tied: int = 0  # shared the top: never counted in won


@dataclass(frozen=True)
class MatchLine:
    id: int
    verify_url: str
    game: str
    game_label: str
    room_name: str
    started_at: datetime
    status: str
    outcome: str  # "won", "lost", "abandoned", "no_result" or "" (nothing recorded)
    outcome_label: str
    partners: list[str]  # Buraco: whoever held the partner's seat
    opponents: list[str]
    winners: list[str]
    ended_by: str = ""  # the host who ended the match early, named as they sat at it (staff are not named)
    rating: dict | None = None  # what the match did to this person's rating: before, after, delta, place
    public_id: str = ""  # what the verify page and the player's download name the match by


def game_stats(user) -> list[GameStat]:
    """One line per game, in the site's game order; games never played show zeros."""
    rows = {stat.game: stat for stat in PlayerStat.objects.filter(user=user)}
    lines = []
    for spec in registry.specs():
        stat = rows.get(spec.name)
        label = spec.display_name(get_language())
        played, won, abandoned, tied = (stat.played, stat.won, stat.abandoned, stat.tied) if stat else (0, 0, 0, 0)
        lines.append(GameStat(spec.name, label, played, won, abandoned, tied))
    return lines


def outcome_labels() -> dict[str, str]:
    return {
        "won": pgettext("match result", "Won"),
        "lost": pgettext("match result", "Lost"),
        "tied": pgettext("match result", "Tied"),
        "abandoned": _("Left before the end"),
        "no_result": _("Ended without a result"),
        "": "",
    }


def _ended_by(match: Match, rows: list[Participant], user_id: int) -> tuple[str, str]:
    """(who ended it, the result's words) of a match ended early or voided; ("", "") for any other.

    Staff are not named to players: "by staff" is what the table was told too.
    """
    if match.voided_at is not None:
        return "", _("Rating voided by staff: %(reason)s") % {"reason": match.void_reason}
    if match.ended_by_id is None or match.status == Match.Status.OVER:
        return "", ""
    if match.ended_by_staff and match.ended_by_id != user_id:
        return "", _("Ended early by staff: rated on the standings of then")
    name = next((holder_name(row) for row in rows if row.user_id == match.ended_by_id), "") or (
        match.ended_by.shown_name if match.ended_by else ""
    )
    if match.ended_by_id == user_id:
        return name, _("You ended it early: counted as leaving")
    return name, _("Ended early by the host (%(name)s): rated on the standings of then") % {"name": name}


def recent_matches(user, limit: int = RECENT_MATCHES) -> list[MatchLine]:
    """The user's latest matches, newest first: who sat with them, the result, the winners."""
    # Nothing here needs a seed: a running match's is never loaded.
    matches = list(
        user.matches.select_related("room", "ended_by")
        .defer("seed", "room__next_seed")
        .order_by("-started_at", "-pk")[:limit]
    )
    return match_lines(user, matches)


def finished_matches(person, viewer, game: str = ""):
    """``person``'s finished matches (over or abandoned, never one in play) that ``viewer`` may read, newest first.

    The rule of the verify page (rooms/records/match_access.py): a private room's
    match is listed to the people who played it (``person`` themself among them)
    and to the staff who may read every match, never to anybody else. ``game``
    narrows the list to one game when it names one; anything else lists them all.
    """
    matches = (
        match_access.visible_to(viewer)
        .filter(players=person, status__in=[Match.Status.OVER, Match.Status.ABANDONED])
        .select_related("ended_by")
        .order_by("-started_at", "-pk")
    )
    if game in {spec.name for spec in registry.specs()}:
        matches = matches.filter(game=game)
    return matches


def match_lines(user, matches) -> list[MatchLine]:
    """One line per match of ``matches`` (loaded with their room, without their seeds), as ``user`` sat in it."""
    matches = list(matches)
    rows = participants.match_rows(m.pk for m in matches)
    changes = {
        match_id: {"before": before, "after": after, "delta": after - before, "size": abs(after - before), "rank": rank}
        for match_id, before, after, rank in RatingChange.objects.filter(
            user=user, match_id__in=[m.pk for m in matches]
        ).values_list("match_id", "shown_before", "shown_after", "rank")
    }
    labels = outcome_labels()
    lines = []
    for m in matches:
        match_rows = rows.get(m.pk, [])
        teams = registry.spec(m.game).teams
        outcome = participants.outcome(m, match_rows, teams, user.pk) if match_rows else ""
        if m.status == Match.Status.PLAYING and outcome != "abandoned":
            outcome = ""  # still being played
        partners, opponents = _table(match_rows, user.pk, teams)
        ended_by, ended_words = _ended_by(m, match_rows, user.pk)
        lines.append(
            MatchLine(
                id=m.pk,
                verify_url=m.verify_url,
                game=m.game,
                game_label=registry.spec(m.game).display_name(get_language()),
                room_name=m.room.name,
                started_at=m.started_at,
                status=m.get_status_display(),
                outcome=outcome,
                outcome_label=ended_words or labels.get(outcome, ""),
                partners=partners,
                opponents=opponents,
                winners=winner_names(m, match_rows),
                ended_by=ended_by,
                rating=changes.get(m.pk),
                public_id=m.public_id,
            )
        )
    return lines


def _seat_of(rows: list[Participant], user_id: int) -> int | None:
    """The seat the user held at the end, else the last one they held."""
    at_end = participants.seated_at_end(rows).get(user_id)
    if at_end is not None:
        return at_end
    held = [row.seat for row in rows if row.user_id == user_id]
    return held[-1] if held else None


class Name(str):
    """A name as it was shown at the match, with the link to that person's page (none for a bot)."""

    url = ""


def _named(row: Participant) -> Name:
    name = Name(holder_name(row))
    if row.user_id is not None and not pseudonyms.tag_of(row.name):  # a deleted account has no page
        name.url = reverse("player", args=[row.user_id])
    return name


def _names(rows: list[Participant], seats) -> list[Name]:
    """Every holder of those seats over the match, once each, in the order they sat."""
    names: list[Name] = []
    for row in rows:
        if row.seat in seats:
            name = _named(row)
            if name not in names:
                names.append(name)
    return names


def _table(rows: list[Participant], user_id: int, teams: bool) -> tuple[list[str], list[str]]:
    """(partners, opponents) of the user in a match, by the seats they were held in."""
    mine = _seat_of(rows, user_id)
    if mine is None:
        return [], []
    seats = {row.seat for row in rows}
    others = [row for row in rows if row.user_id != user_id]
    if teams:
        partner_seats = {s for s in seats if s % 2 == mine % 2 and s != mine}
        return _names(others, partner_seats), _names(others, {s for s in seats if s % 2 != mine % 2})
    return [], _names(others, seats - {mine})
