"""A tournament's public actions: create, join, withdraw, cancel, and what the lobby asks of it.

Each action is one transaction that locks the tournament's row (the pairing
locks it too: tournaments/arena.py), so a join, a withdrawal and a pairing run
of one tournament never interleave, and publishes the standings' change after
commit (tournaments/live.py). A refusal raises ``TournamentError`` with a clear
message and stores nothing. The rules are in docs/tournaments.md.
"""

from datetime import timedelta
from math import ceil

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from accounts import audit
from chat import gate
from games import registry
from ratings.models import Rating
from rooms import clock
from rooms.actions.setup import validate_options
from rooms.errors import RoomError
from rooms.models import Room
from tournaments import live, rules
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament, TournamentTable

OVER = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)


def _int(value, code: str, **params) -> int:
    if isinstance(value, bool):
        raise TournamentError(code, **params)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TournamentError(code, **params) from None


def checked_fields(
    game,
    minutes,
    starts_at=None,
    *,
    options=None,
    table_size=None,
    time_limit=None,
    hands_per_match="default",
    min_rated_matches=0,
    now=None,
) -> dict:
    """The fields of a valid tournament, defaults filled in; ``TournamentError`` for the first bad one."""
    now = now or clock.now()
    if not isinstance(game, str) or game not in registry.NAMES:
        raise TournamentError("bad_game")
    try:
        options = validate_options(game, options or {})
    except RoomError as exc:
        raise TournamentError("bad_options", detail=exc.message) from None
    sizes = rules.table_sizes(game)
    size = rules.default_table_size(game) if table_size in (None, "") else _int(table_size, "bad_table_size")
    if size not in sizes:
        raise TournamentError("bad_table_size", sizes=", ".join(map(str, sizes)))
    choices = ", ".join(map(str, rules.time_limits()))
    limit = rules.default_time_limit(game) if time_limit in (None, "") else _int(time_limit, "bad_time_limit")
    if limit not in rules.time_limits():
        raise TournamentError("bad_time_limit", choices=choices)
    low, high = rules.minutes_bounds()
    minutes = _int(minutes, "bad_minutes", low=low, high=high)
    if not low <= minutes <= high:
        raise TournamentError("bad_minutes", low=low, high=high)
    starts_at = starts_at or now
    days = settings.TOURNAMENT_MAX_DAYS_AHEAD
    if starts_at < now - timedelta(minutes=1) or starts_at > now + timedelta(days=days):
        raise TournamentError("bad_start", days=days)
    if hands_per_match == "default":
        hands = rules.default_hands(game)
    elif hands_per_match in (None, ""):
        hands = None
    else:
        hands = _int(hands_per_match, "bad_hands", high=9)
        if not 1 <= hands <= 9:
            raise TournamentError("bad_hands", high=9)
    need = _int(min_rated_matches or 0, "bad_min_rated", high=1000)
    if not 0 <= need <= 1000:
        raise TournamentError("bad_min_rated", high=1000)
    return {
        "game": game,
        "options": options,
        "table_size": size,
        "time_limit": limit,
        "minutes": minutes,
        "starts_at": starts_at,
        "hands_per_match": hands,
        "min_rated_matches": need,
    }


def default_name(game: str, minutes: int) -> str:
    return f"Arena {registry.spec(game).display_name()} · {minutes} min"[:60]


@transaction.atomic
def create(
    user,
    game,
    minutes,
    starts_at=None,
    *,
    name=None,
    options=None,
    table_size=None,
    time_limit=None,
    rated=True,
    hands_per_match="default",
    min_rated_matches=0,
    private=None,
    schedule=None,
) -> Tournament:
    """A new tournament. ``user`` None: the site's (the schedule, a command); staff: public; others: private.

    A player's tournament is private (reached by its link), its name passes the
    site's gate like a room's (a muted person names none), and a player creates
    at most ``PRIVATE_TOURNAMENTS_PER_DAY`` a day.
    """
    fields = checked_fields(
        game,
        minutes,
        starts_at,
        options=options,
        table_size=table_size,
        time_limit=time_limit,
        hands_per_match=hands_per_match,
        min_rated_matches=min_rated_matches,
    )
    staff = user is None or user.is_staff
    private = (not staff) if private is None else (bool(private) or not staff)
    if name in (None, ""):
        name = default_name(game, fields["minutes"])
    if user is not None and not staff:
        try:
            name = gate.words(user, "room_name", name)
        except RoomError as exc:
            if exc.code == "muted_room_name":
                raise TournamentError("muted", **exc.params) from None
            raise TournamentError("bad_name") from None
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        since = clock.now() - timedelta(days=1)
        limit = settings.PRIVATE_TOURNAMENTS_PER_DAY
        if Tournament.objects.filter(created_by=user, created_at__gte=since).count() >= limit:
            raise TournamentError("too_many_private", limit=limit)
    elif not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
        raise TournamentError("bad_name")
    tournament = Tournament.objects.create(
        name=name.strip(), rated=bool(rated), private=private, created_by=user, schedule=schedule, **fields
    )
    live.on_commit(tournament)
    return tournament


def get(tournament_id, token: str | None = None, user=None) -> Tournament:
    """The tournament a page may show: a private one needs its link's token (or its creator, or an entry)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first() if isinstance(tournament_id, int) else None
    if tournament is None:
        raise TournamentError("not_found")
    if tournament.private and not may_see(tournament, token, user):
        raise TournamentError("private_link")
    return tournament


def may_see(tournament: Tournament, token: str | None, user=None) -> bool:
    if not tournament.private or (token and token == tournament.token):
        return True
    if user is None or not user.is_authenticated:
        return False
    return (
        user.is_staff
        or tournament.created_by_id == user.id
        or Entry.objects.filter(tournament=tournament, user=user).exists()
    )


def _lock(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise TournamentError("not_found")
    return tournament


def _refuse_over(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError("finished")
    if tournament.status == Tournament.Status.CANCELLED:
        raise TournamentError("cancelled")


def join(user, tournament_id: int, token: str | None = None) -> Entry:
    """Enter (before or during): waiting at once, or when a pause from a leave ends. Twice: refused."""
    if user is None or not user.is_authenticated:
        raise TournamentError("signed_out")
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.private and not may_see(tournament, token, user):
            raise TournamentError("private_link")
        _refuse_over(tournament)
        now = clock.now()
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is not None and not entry.withdrawn:
            raise TournamentError("already_joined")
        if entry is None and tournament.min_rated_matches:
            have = Rating.objects.filter(user=user, game=tournament.game).values_list("matches", flat=True).first() or 0
            if have < tournament.min_rated_matches:
                raise TournamentError("needs_rated", count=tournament.min_rated_matches, have=have)
        if entry is None:
            try:
                with transaction.atomic():
                    entry = Entry.objects.create(tournament=tournament, user=user, waiting_since=now)
            except IntegrityError:
                raise TournamentError("already_joined") from None
        else:
            entry.withdrawn, entry.absences = False, 0
            start = entry.paused_until if entry.paused_until and entry.paused_until > now else now
            entry.waiting_since = start
            entry.save(update_fields=["withdrawn", "absences", "waiting_since"])
        _changed(tournament)
    return entry


def withdraw(user, tournament_id: int) -> Entry:
    """Leave the tournament: off the waiting list; a player at a table leaves it (a loss, as any leave).

    The entry and its score stay in the standings, marked withdrawn; joining
    again is allowed while the tournament runs.
    """
    from tournaments import arena

    if user is None or not user.is_authenticated:
        raise TournamentError("signed_out")
    with transaction.atomic():
        tournament = _lock(tournament_id)
        entry = Entry.objects.select_for_update().filter(tournament=tournament, user=user, withdrawn=False).first()
        if entry is None:
            raise TournamentError("not_joined")
        _refuse_over(tournament)
        room_code = entry.table.room.code if entry.table_id else None
        entry.withdrawn, entry.waiting_since = True, None
        entry.save(update_fields=["withdrawn", "waiting_since"])
        _changed(tournament)
    if room_code:
        arena.leave_table(user, room_code)  # its own unit of work: the room's leave rule, then the hook
    return entry


def cancel(staff_user, tournament_id: int, reason: str) -> Tournament:
    """Staff end a tournament that is not over, with a written reason (the audit log keeps it).

    Tables still playing go on as ordinary rooms; they no longer count. No trophies.
    """
    if staff_user is None or not staff_user.is_staff:
        raise TournamentError("staff_only")
    reason = (reason or "").strip() if isinstance(reason, str) else ""
    if not reason:
        raise TournamentError("needs_reason")
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status in OVER:
            raise TournamentError("not_cancellable")
        tournament.status, tournament.cancel_reason = Tournament.Status.CANCELLED, reason[:300]
        tournament.finished_at = clock.now()
        tournament.save(update_fields=["status", "cancel_reason", "finished_at"])
        Entry.objects.filter(tournament=tournament).update(waiting_since=None, table=None)
        audit.record(staff_user, tournament, "tournament_cancel", reason[:300])
        _changed(tournament)
    return tournament


def _changed(tournament: Tournament) -> None:
    """The standings changed: a new version, pushed after commit."""
    Tournament.objects.filter(pk=tournament.pk).update(version=tournament.version + 1)
    tournament.version += 1
    live.on_commit(tournament)


def player_state(tournament: Tournament, user, now=None) -> dict:
    """The reader's own line on the page: ``state`` and what it needs.

    ``out`` (not in it), ``withdrawn``, ``paused`` (``seconds`` left), ``table``
    (``table`` number, ``room`` code), ``waiting`` (``seconds``: at most until the
    wait bound seats them with whoever is there; sooner when a table forms),
    ``over`` (finished or cancelled: ``rank`` when ranked).
    """
    now = now or clock.now()
    entry = None
    if user is not None and getattr(user, "is_authenticated", False):
        entry = Entry.objects.filter(tournament=tournament, user=user).select_related("table__room").first()
    if entry is None:
        return {"state": "out"}
    if tournament.status in OVER:
        return {"state": "over", "rank": entry.rank}
    if entry.withdrawn:
        return {"state": "withdrawn"}
    if entry.table_id:
        return {"state": "table", "table": entry.table.number, "room": entry.table.room.code}
    if entry.paused_until and entry.paused_until > now:
        return {"state": "paused", "seconds": ceil((entry.paused_until - now).total_seconds())}
    start = max(filter(None, (entry.waiting_since, tournament.starts_at)), default=now)
    waited = max(0.0, (now - start).total_seconds())
    return {"state": "waiting", "seconds": max(0, ceil(rules.wait_bound() - waited))}


def entry_for(user) -> Entry | None:
    """The user's entry in a running or coming tournament they have not withdrawn from (the newest)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Entry.objects.filter(user=user, withdrawn=False)
        .exclude(tournament__status__in=OVER)
        .select_related("tournament", "table__room")
        .order_by("-tournament__starts_at", "-id")
        .first()
    )


def active_table(user) -> Room | None:
    """The tournament room where ``user`` plays now (quick play asks before seating them elsewhere)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    table = (
        TournamentTable.objects.filter(ended_at=None, room__seats__user=user)
        .exclude(room__status=Room.Status.CLOSED)
        .select_related("room")
        .order_by("-id")
        .first()
    )
    return table.room if table is not None else None


__all__ = [
    "TournamentError",
    "active_table",
    "cancel",
    "checked_fields",
    "create",
    "entry_for",
    "get",
    "join",
    "may_see",
    "player_state",
    "withdraw",
]
