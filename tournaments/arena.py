"""The arena's clockwork: start and end by the clock, pairing the waiting players into rooms, scoring them.

``tick(tournament_id)`` is the one pass the beat runs for every tournament not
over (tournaments/tasks.py): under the tournament's row lock, so two passes of
one tournament never run at once, and idempotent (a pass finds the rows as the
last one left them: a worker killed mid-pass rolled its transaction back). It
starts a tournament whose time came, pairs the waiting players
(tournaments/pairing.py) and opens one arena room per group
(rooms/actions/arena.py), and once the clock ran out seats nobody, waits for
the tables still playing up to ``TOURNAMENT_END_GRACE_SECONDS``, then ranks.

The room layer tells a tournament what happened at its tables through its
signals, inside the room's own unit of work (tournaments/room_hooks.py): a
match ended (``on_match_ended``: every player scored by place, waiting again),
a person left their seat (``on_seat_left``: a loss and a pause) or the room
closed (``on_room_closed``: no result). Those never lock the tournament's row
(the pass locks it and then opens rooms: the other order would deadlock);
a table is scored once, by whoever marks it ended first (a conditional update).
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q

from friends.models import Block
from games import registry
from ratings import method
from ratings.models import Rating
from rooms import clock
from rooms.actions.arena import deal_next_hand, open_arena_table
from rooms.actions.seats import leave
from rooms.errors import RoomError
from rooms.models import Hand, Match, Participant, Room, Seat
from rooms.records import participants
from tournaments import live, pairing, pause, rules, scoring
from tournaments.models import Entry, TableResult, Tournament, TournamentTable, Trophy

LIVE_ROOM = (Room.Status.WAITING, Room.Status.PLAYING, Room.Status.HAND_OVER)
PODIUM = 3
BETWEEN_HANDS = 5  # seconds the players read a hand's result before the next is dealt


def run(tournament_id: int, now=None) -> int:
    """Passes over one tournament until no group is left to seat (each its own transaction); how many ran."""
    passes = 1
    while tick(tournament_id, now).get("more") and passes < 100:
        passes += 1
    deal_between_hands(tournament_id, now)
    return passes


def deal_between_hands(tournament_id: int, now=None) -> int:
    """Its tables between two hands of a longer match deal the next, ``BETWEEN_HANDS`` seconds after the last.

    Each in the room's own unit of work, outside the tournament's lock. How many were dealt.
    """
    now = now or clock.now()
    waiting = TournamentTable.objects.filter(
        tournament_id=tournament_id, ended_at=None, room__status=Room.Status.HAND_OVER
    ).values_list("room_id", flat=True)
    before = now - timedelta(seconds=BETWEEN_HANDS)
    dealt = 0
    for room_id in list(waiting):
        try:
            dealt += deal_next_hand(room_id, ended_before=before)
        except RoomError:
            continue  # the table cannot deal (everyone left): its match ends by the room's rules
    return dealt


def tick(tournament_id: int, now=None) -> dict:
    """One idempotent pass over one tournament under its row lock: start, pair, end. Returns what it did.

    ``more``: groups were left for another pass (``run`` makes it at once).
    """
    now = now or clock.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            return {"status": getattr(tournament, "status", None)}
        done = {"status": tournament.status, "started": False, "tables": 0, "finished": False, "more": False}
        if tournament.status == Tournament.Status.CREATED:
            if tournament.starts_at > now:
                return done
            _start(tournament, now)
            done["started"] = True
        if now >= tournament.ends_at:
            done["finished"] = _end(tournament, now)
        else:
            done["tables"], done["more"] = _pair(tournament, now)
        if done["started"] or done["tables"] or done["finished"]:
            _changed(tournament.pk)
        done["status"] = tournament.status
        return done


def _start(tournament: Tournament, now) -> None:
    tournament.status, tournament.started_at = Tournament.Status.STARTED, now
    tournament.save(update_fields=["status", "started_at"])
    # Who joined before the start has waited since the start, not since joining.
    Entry.objects.filter(tournament=tournament, withdrawn=False, table=None, waiting_since__lt=now).update(
        waiting_since=now
    )


def _changed(tournament_id: int) -> None:
    """A pass changed the standings (it holds the tournament's lock): a new version, pushed after commit."""
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)
    _told(tournament_id)


def _told(tournament_id: int) -> None:
    """A table's end changed the standings: pushed after commit, without touching the tournament's row.

    The room's unit of work holds the room's and the entries' locks here; taking the
    tournament's too would close a circle with a pass, which holds it and may wait for
    those entries (the end's grace).
    """
    transaction.on_commit(lambda: live.publish(tournament_id), robust=True)


# -- pairing -------------------------------------------------------------------------------------


def waiting_entries(tournament: Tournament, now) -> list[Entry]:
    """Entries waiting for a table now: not withdrawn, not seated, not paused, and not playing elsewhere.

    A person with a seat at another table whose match is not decided (a
    quick-play room, a friend's room) waits here until it ends: no one is at
    two tables at once.
    """
    entries = list(
        Entry.objects.filter(tournament=tournament, withdrawn=False, table=None, waiting_since__lte=now)
        .select_related("user")
        .order_by("id")
    )
    busy = set(
        Seat.objects.filter(user_id__in=[e.user_id for e in entries], room__status__in=LIVE_ROOM).values_list(
            "user_id", flat=True
        )
    )
    return [e for e in entries if e.user_id not in busy and e.user.is_active]


def blocked_pairs(user_ids) -> frozenset:
    rows = Block.objects.filter(blocker_id__in=user_ids, blocked_id__in=user_ids).values_list(
        "blocker_id", "blocked_id"
    )
    return frozenset(frozenset(pair) for pair in rows)


def _ratings(game: str, user_ids) -> dict[int, int]:
    shown = dict(Rating.objects.filter(game=game, user_id__in=list(user_ids)).values_list("user_id", "shown"))
    return {uid: shown.get(uid, method.INITIAL_SHOWN) for uid in user_ids}


def _pair(tournament: Tournament, now) -> tuple[int, bool]:
    """Tables opened, and whether groups are left for another pass (``TOURNAMENT_TABLES_PER_PASS`` a pass).

    A pass holds the tournament's lock while it opens rooms: a bounded number
    per transaction keeps joins and withdrawals from waiting behind a hundred
    deals at a big tournament's start.
    """
    entries = waiting_entries(tournament, now)
    if len(entries) < rules.min_people(tournament.game):
        return 0, False
    ids = [e.user_id for e in entries]
    ratings = _ratings(tournament.game, ids)
    waiting = [
        pairing.Waiting(
            id=e.user_id,
            score=e.score,
            rating=ratings[e.user_id],
            waited=(now - e.waiting_since).total_seconds(),
            previous=frozenset(e.last_opponents or ()),
        )
        for e in entries
    ]
    teams = registry.spec(tournament.game).teams
    table_rules = pairing.Rules(
        size=tournament.table_size,
        bound=rules.wait_bound(),
        min_people=rules.min_people(tournament.game),
        teams=teams,
        blocked=blocked_pairs(ids),
    )
    by_user = {e.user_id: e for e in entries}
    groups = pairing.pair(waiting, table_rules)
    cap = settings.TOURNAMENT_TABLES_PER_PASS
    opened = sum(1 for group in groups[:cap] if _open_table(tournament, [by_user[uid] for uid in group]))
    return opened, len(groups) > cap


def _open_table(tournament: Tournament, group: list[Entry]) -> bool:
    """One room for ``group`` (bots in the places left, for a game whose every seat must be filled)."""
    spec = registry.spec(tournament.game)
    places = [e.user for e in group]
    if spec.all_seats_filled and len(places) < tournament.table_size:
        places += [None] * (tournament.table_size - len(places))
    number = tournament.tables_made + 1
    try:
        with transaction.atomic():
            room = open_arena_table(
                game=tournament.game,
                name=f"{tournament.name} · {number}",
                places=places,
                options=tournament.options,
                time_limit=tournament.time_limit,
                rated=tournament.rated,
                hands_per_match=tournament.hands_per_match,
            )
            table = TournamentTable.objects.create(
                tournament=tournament, room=room, number=number, bots=sum(1 for p in places if p is None)
            )
    except RoomError:
        return False
    tournament.tables_made = number
    Tournament.objects.filter(pk=tournament.pk).update(tables_made=number)
    ids = [e.user_id for e in group]
    for entry in group:
        Entry.objects.filter(pk=entry.pk).update(
            table=table, waiting_since=None, last_opponents=[uid for uid in ids if uid != entry.user_id]
        )
        live.seated_notice(tournament.id, entry.user_id, room.code, number)
    return True


# -- the end -------------------------------------------------------------------------------------


def _end(tournament: Tournament, now) -> bool:
    """No new tables; tables past the grace end unscored; once none plays, the ranks, podium and trophies."""
    Entry.objects.filter(tournament=tournament, table=None).exclude(waiting_since=None).update(waiting_since=None)
    grace = timedelta(seconds=settings.TOURNAMENT_END_GRACE_SECONDS)
    if now >= tournament.ends_at + grace:
        for table in TournamentTable.objects.filter(tournament=tournament, ended_at=None):
            _close_unscored(table, now)
    if TournamentTable.objects.filter(tournament=tournament, ended_at=None).exists():
        return False
    finish(tournament, now)
    return True


def finish(tournament: Tournament, now) -> None:
    entries = sorted(
        Entry.objects.filter(tournament=tournament),
        key=lambda e: scoring.order_key(e.score, e.wins, e.scored_at.timestamp() if e.scored_at else None, e.id),
    )
    for rank, entry in enumerate(entries, start=1):
        Entry.objects.filter(pk=entry.pk).update(rank=rank, waiting_since=None, table=None)
    podium = [e for e in entries if e.played > 0][:PODIUM]
    Trophy.objects.bulk_create(
        [Trophy(user_id=e.user_id, tournament=tournament, place=place) for place, e in enumerate(podium, start=1)],
        ignore_conflicts=True,
    )
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, now
    tournament.save(update_fields=["status", "finished_at"])


def _close_unscored(table: TournamentTable, now) -> bool:
    """Mark ``table`` ended with no result for the tournament; its people are free. False if it was already."""
    if not TournamentTable.objects.filter(pk=table.pk, ended_at=None).update(ended_at=now):
        return False
    playing = table.tournament.status == Tournament.Status.STARTED and now < table.tournament.ends_at
    for entry in Entry.objects.filter(table=table):
        waiting = now if playing and not entry.withdrawn else None
        Entry.objects.filter(pk=entry.pk).update(table=None, waiting_since=waiting)
    return True


# -- what the room layer tells -------------------------------------------------------------------


def _open_table_of(room_id: int) -> TournamentTable | None:
    return TournamentTable.objects.select_related("tournament").filter(room_id=room_id, ended_at=None).first()


def _record(entry: Entry, table: TournamentTable, outcome: str, now) -> scoring.Scored:
    """One table's points on one entry (once: a second record of the same table is ignored)."""
    scored = scoring.score(outcome, entry.streak)
    _result, created = TableResult.objects.get_or_create(
        table=table, entry=entry, defaults={"outcome": outcome, "points": scored.points, "doubled": scored.doubled}
    )
    if not created:
        return scored
    entry.score += scored.points
    entry.streak = scored.streak
    entry.wins += outcome == scoring.WON
    entry.played += outcome != scoring.NO_RESULT
    if scored.points:
        entry.scored_at = now
    entry.absences = entry.absences + 1 if outcome == scoring.ABSENT else 0
    if entry.absences >= 2:
        entry.withdrawn = True
    return scored


def _still_on(tournament: Tournament, now) -> bool:
    return tournament.status == Tournament.Status.STARTED and now < tournament.ends_at


def on_match_ended(match, teams: bool, rows) -> int | None:
    """A tournament table's match ended: each person still at it scored by their place, and waiting again.

    A match that ended without a result while nobody had the table open (the
    room expired empty: nobody came) is an absence for each of its people.
    Returns the tournament's id when a table of one was scored.
    """
    table = _open_table_of(match.room_id)
    if table is None:
        return None
    now = clock.now()
    if not TournamentTable.objects.filter(pk=table.pk, ended_at=None).update(ended_at=now):
        return None
    outcomes = participants.match_outcomes(match, teams, rows)
    ended = {row.user_id: row.ended for row in rows if row.user_id is not None and row.ended}
    connected = Room.objects.filter(pk=match.room_id).values_list("connected", flat=True).first() or {}
    nobody_came = match.status != Match.Status.OVER and not any(count > 0 for count in connected.values())
    tournament = table.tournament
    asleep = sleepers(match)
    for entry in Entry.objects.select_for_update().filter(table=table):
        outcome = _outcome(outcomes.get(entry.user_id, "no_result"), ended.get(entry.user_id, ""))
        if (nobody_came and outcome == scoring.NO_RESULT) or entry.user_id in asleep:
            outcome = scoring.ABSENT
        _free(entry, table, outcome, now)
    _told(tournament.pk)
    return tournament.pk


def _free(entry: Entry, table: TournamentTable, outcome: str, now) -> None:
    """Score ``entry`` for ``table`` and take them off it: waiting again, after a pause if they left it."""
    _record(entry, table, outcome, now)
    entry.table = None
    start = now
    if outcome == scoring.LEFT:
        entry.pauses, entry.paused_until = pause.next_pause(entry.pauses, entry.last_pause_at, now)
        entry.last_pause_at, start = now, entry.paused_until
    entry.waiting_since = start if _still_on(table.tournament, now) and not entry.withdrawn else None
    entry.save()


def sleepers(match) -> set[int]:
    """The people whose every move of the match the clock made for them: absent, whatever their place."""
    holder = dict(Seat.objects.filter(room_id=match.room_id).exclude(user=None).values_list("index", "user_id"))
    moves: dict[int, list[bool]] = {}
    for seat_map, log in Hand.objects.filter(match=match).values_list("seat_map", "moves"):
        for entry in log or ():
            seat = entry.get("seat")
            if (
                entry.get("kind") not in ("move", "timeout", "grace")
                or not isinstance(seat, int)
                or seat >= len(seat_map)
            ):
                continue
            user_id = holder.get(seat_map[seat])
            if user_id is not None:
                moves.setdefault(user_id, []).append(bool(entry.get("auto")))
    return {user_id for user_id, autos in moves.items() if autos and all(autos)}


def _outcome(room_outcome: str, ended: str) -> str:
    if room_outcome in (scoring.WON, scoring.TIED, scoring.LOST, scoring.NO_RESULT):
        return room_outcome
    if ended == Participant.Ended.LEFT:
        return scoring.LEFT
    return scoring.ABSENT if ended else scoring.LEFT


def on_seat_left(room, user_id: int, reason: str) -> int | None:
    """A person left a tournament table mid-match: a loss now, a pause before the next table."""
    if not room.arena:
        return None
    table = _open_table_of(room.id)
    if table is None:
        return None
    entry = Entry.objects.select_for_update().filter(table=table, user_id=user_id).first()
    if entry is None:
        return None
    _free(entry, table, scoring.LEFT if reason == "left" else scoring.ABSENT, clock.now())
    _told(table.tournament_id)
    return table.tournament_id


def on_room_closed(room_id: int) -> int | None:
    """A tournament table's room closed with no match to end (its match ended it already otherwise)."""
    table = _open_table_of(room_id)
    if table is None:
        return None
    now = clock.now()
    for entry in Entry.objects.filter(table=table):
        _record(entry, table, scoring.NO_RESULT, now)
        entry.save()
    if _close_unscored(table, now):
        _told(table.tournament_id)
        return table.tournament_id
    return None


def leave_table(user, room_code: str) -> None:
    """The player leaves their tournament table (the room's leave rule); the hook scores and pauses them."""
    try:
        leave(user, room_code)
    except RoomError:
        pass  # not seated any more (the match ended meanwhile): nothing to leave


def running_ids(now=None) -> list[int]:
    """The tournaments a beat's pass looks at: started, or created and due."""
    now = now or clock.now()
    return list(
        Tournament.objects.filter(
            Q(status=Tournament.Status.STARTED) | Q(status=Tournament.Status.CREATED, starts_at__lte=now)
        ).values_list("id", flat=True)
    )
