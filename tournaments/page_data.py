"""What the tournament pages, the teasers and the site socket read of the tournaments: no writes, no rules.

The rules live in tournaments/services.py, arena.py, rules.py and pause.py; this
module only gathers rows for the pages (the list, the reader's own state, the
teasers of the lobby and the home page, the tournament of a table, the trophies
of a player) in the shapes their templates and the live frame use.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Q

from rooms import clock
from tournaments import pause, rules, standings
from tournaments.models import Entry, Tournament, TournamentTable, Trophy

RECENT_FINISHED = 10
SOON_HOURS = 24
TEASED = 3


def _with_counts(queryset):
    """Each tournament with ``playing``: the entries that have not withdrawn."""
    return queryset.annotate(playing=Count("entries", filter=Q(entries__withdrawn=False)))


def listing(now=None) -> dict:
    """The public tournaments of ``/tournaments/``: running now, starting soon, recently finished."""
    now = now or clock.now()
    public = _with_counts(Tournament.objects.filter(private=False))
    running = public.filter(status=Tournament.Status.STARTED).order_by("starts_at", "id")
    soon = public.filter(status=Tournament.Status.CREATED, starts_at__lte=now + timedelta(hours=SOON_HOURS)).order_by(
        "starts_at", "id"
    )
    finished = public.filter(status=Tournament.Status.FINISHED).order_by("-finished_at", "-id")[:RECENT_FINISHED]
    return {"running": list(running), "soon": list(soon), "finished": list(finished)}


def teaser(now=None) -> list[Tournament]:
    """The running public tournaments and the next ones to start (at most ``TEASED``), with how many play."""
    found = listing(now)
    return (found["running"] + found["soon"])[:TEASED]


@dataclass(frozen=True)
class MyState:
    """The reader's place in one tournament, as the page says it."""

    kind: str  # "out" (not in it), "before" (joined, not started), "waiting", "seated", "paused", "withdrawn", "over"
    seconds: int | None = None  # waiting: the bound's seconds left; paused: seconds until seated again
    room: str | None = None  # seated: the room's code
    table: int | None = None  # seated: the table's number
    rank: int | None = None  # over: the final rank

    @property
    def joined(self) -> bool:
        return self.kind not in ("out", "withdrawn", "over")

    def as_json(self) -> dict:
        return {"kind": self.kind, "seconds": self.seconds, "room": self.room, "table": self.table, "rank": self.rank}


def my_state(tournament: Tournament, user, now=None) -> MyState:
    now = now or clock.now()
    if user is None or not user.is_authenticated:
        return MyState("out")
    entry = Entry.objects.filter(tournament=tournament, user=user).select_related("table__room").first()
    if entry is None:
        return MyState("out")
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        return MyState("over", rank=entry.rank)
    if entry.withdrawn:
        return MyState("withdrawn")
    if entry.table_id:
        return MyState("seated", room=entry.table.room.code, table=entry.table.number)
    if tournament.status == Tournament.Status.CREATED:
        return MyState("before", seconds=max(0, int((tournament.starts_at - now).total_seconds())))
    if entry.paused_until and entry.paused_until > now:
        return MyState("paused", seconds=int((entry.paused_until - now).total_seconds()) + 1)
    if entry.waiting_since and entry.waiting_since > now:  # rejoined during a pause
        return MyState("paused", seconds=int((entry.waiting_since - now).total_seconds()) + 1)
    waited = (now - entry.waiting_since).total_seconds() if entry.waiting_since else 0
    return MyState("waiting", seconds=max(1, int(rules.wait_bound() - waited)))


def podium(tournament: Tournament) -> list[Trophy]:
    return list(Trophy.objects.filter(tournament=tournament).select_related("user").order_by("place"))


def table_of_room(room) -> TournamentTable | None:
    """The tournament table a room is, if it is one (the table page links back to its tournament)."""
    if room is None or not getattr(room, "arena", False):
        return None
    return TournamentTable.objects.filter(room=room).select_related("tournament").first()


def plays_at(room, user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return room.seats.filter(user=user).exists()


def trophies_of(user) -> list[Trophy]:
    return list(
        Trophy.objects.filter(user=user, tournament__private=False)
        .select_related("tournament")
        .order_by("-tournament__finished_at", "place")
    )


def frame(tournament: Tournament, user, now=None) -> dict:
    """The live frame a tournament's page receives on the site socket: the standings and the reader's state."""
    now = now or clock.now()
    return {
        "type": "tournament",
        "tournament": tournament.id,
        "version": tournament.version,
        "standings": standings.standings(tournament, now),
        "you": my_state(tournament, user, now).as_json(),
    }


def rules_in_short() -> dict:
    """The figures the page's short rules quote (docs/tournaments.md has the whole of them)."""
    return {
        "wait": int(rules.wait_bound()),
        "pause_first": pause.delay_seconds(1),
        "pause_most": pause.MOST,
    }
