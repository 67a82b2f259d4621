"""Who is there: sockets connecting and leaving, absences, absent hosts, empty rooms, the sweep."""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Count, Q

from rooms import clock
from rooms.actions.deadlines import HOST, freeze, run_deadline, thaw
from rooms.actions.match import expire
from rooms.actions.quick_start import QUICK
from rooms.actions.seats import leave_seat, next_host, transfer_host
from rooms.errors import RoomError
from rooms.models import Hand, Presence, Room, Seat
from rooms.table import Table, open_table

logger = logging.getLogger(__name__)


def _live_presences():
    """Presences refreshed within PRESENCE_STALE_SECONDS: the sockets that are really open."""
    return Presence.objects.filter(last_seen__gte=clock.now() - timedelta(seconds=settings.PRESENCE_STALE_SECONDS))


def _check_socket_caps(room: Room, user) -> None:
    """A user holds at most SOCKETS_PER_ROOM sockets in one room and SOCKETS_PER_USER in all.

    Exact per room (the room's row is locked); across rooms two sockets opened
    at the same instant may both pass. Stale presences (a process that died)
    do not count.
    """
    counts = (
        _live_presences().filter(user=user).aggregate(here=Count("id", filter=Q(room=room)), everywhere=Count("id"))
    )
    if counts["here"] >= settings.SOCKETS_PER_ROOM or counts["everywhere"] >= settings.SOCKETS_PER_USER:
        raise RoomError(
            "too_many_sockets",
            f"You have this table open in too many tabs (at most {settings.SOCKETS_PER_ROOM} per room "
            f"and {settings.SOCKETS_PER_USER} in all); close one and reload.",
        )


def automatic_moves_since(hands, seat_index: int, since: datetime) -> int:
    """How many moves the server made for room seat ``seat_index`` (timeouts, the absence's grace) since ``since``.

    Pure over the hands' logs: an entry counts when it is automatic, made at or
    after ``since`` and by the engine seat that was ``seat_index`` in its hand.
    """
    count = 0
    for seat_map, moves in hands:
        if seat_index not in seat_map:
            continue
        engine_seat = seat_map.index(seat_index)
        count += sum(
            1
            for entry in moves
            if entry.get("auto") and entry.get("seat") == engine_seat and datetime.fromisoformat(entry["at"]) >= since
        )
    return count


def _away_since(seat, seen_ms: int | None) -> datetime | None:
    """Since when this person was away: the seat's absence, or the page's last frame (its hint), the earlier."""
    moments = [seat.absent_since] if seat.absent_since is not None else []
    if seen_ms is not None:
        try:
            moments.append(datetime.fromtimestamp(seen_ms / 1000, tz=clock.now().tzinfo))
        except (OverflowError, OSError, ValueError):
            pass
    return min(moments) if moments else None


def connect(user, code: str, channel_name: str, seen_ms: int | None = None) -> Room:
    """The socket's presence begins; ``room.away_auto_moves`` says what the server played for the person meanwhile.

    ``seen_ms``: the moment (server time, epoch ms) a reconnecting page last
    heard from the server; it only widens the count that page is told.
    """
    with open_table(code, user=user) as t:
        room = t.room
        room.away_auto_moves = 0
        if not Presence.objects.filter(channel_name=channel_name).exists():
            _check_socket_caps(room, user)
        _, created = Presence.objects.update_or_create(
            channel_name=channel_name, defaults={"room": room, "user": user, "last_seen": clock.now()}
        )
        if created:
            connected = dict(room.connected or {})
            connected[str(user.id)] = connected.get(str(user.id), 0) + 1
            room.connected = connected
        seat = t.seat_for()
        since = _away_since(seat, seen_ms) if seat is not None and room.current_match_id else None
        if since is not None:
            hands = Hand.objects.filter(match_id=room.current_match_id).values_list("seat_map", "moves")
            room.away_auto_moves = automatic_moves_since(hands, seat.index, since)
        if seat is not None and seat.absent_since is not None:
            seat.absent_since = None
            t.touch_seat(seat, "absent_since")
        room.empty_since = None
        if room.paused and room.pause_reason == "empty":
            thaw(t)
        elif room.deadline_kind == "grace" and seat is not None:
            t.replan = True  # back in time: the grace deadline is lifted
        if room.host_id is None and not room.arena:  # an arena table has no host: its app deals it
            room.host = user
        if room.host_id == user.id:
            room.host_absent_since = None
    return t.room


def disconnect(channel_name: str) -> None:
    presence = Presence.objects.filter(channel_name=channel_name).select_related("user").first()
    if presence is None:
        return
    with open_table(room_id=presence.room_id, user=presence.user, allow_closed=True, missing_ok=True) as t:
        presence.delete()
        if t is None:
            return
        room = t.room
        connected = dict(room.connected or {})
        remaining = connected.get(str(presence.user_id), 0) - 1
        if remaining > 0:
            connected[str(presence.user_id)] = remaining
        else:
            connected.pop(str(presence.user_id), None)
        room.connected = connected
        if room.status == Room.Status.CLOSED:
            t.save_only("connected")
            return
        _after_departure(t, presence.user)


def _after_departure(t: Table, user) -> None:
    room = t.room
    connected = t.connected_user_ids()
    seat = t.seat_for(user)
    if room.host_id == user.id and user.id not in connected:
        room.host_absent_since = clock.now()  # seated or watching: the role passes after the absence limit
    if seat is not None and user.id not in connected:
        seat.absent_since = clock.now()
        t.touch_seat(seat, "absent_since")
        if room.deadline is None and not room.paused:
            t.replan = True  # no time limit: the grace period starts
    if not connected:
        room.empty_since = clock.now()
        if not room.paused:
            room.paused = True
            room.pause_reason = "empty"
            freeze(t)


def sweep() -> dict:
    """Fire overdue deadlines, remove people absent too long, pass on absent hosts' role, expire empty rooms."""
    now = clock.now()
    fired = 0
    due = Q(status=Room.Status.PLAYING) | Q(status=Room.Status.WAITING, deadline_kind=QUICK)
    for room_id, version in Room.objects.filter(due, paused=False, deadline__lte=now).values_list(
        "id", "state_version"
    ):
        try:
            fired += run_deadline(room_id, version)
        except Exception:
            logger.exception("sweep: deadline of room %s failed", room_id)
    stale = now - timedelta(seconds=settings.PRESENCE_STALE_SECONDS)
    for channel_name in Presence.objects.filter(last_seen__lt=stale).values_list("channel_name", flat=True):
        disconnect(channel_name)
    absent_before = now - timedelta(seconds=settings.ABSENCE_GRACE_SECONDS)
    removed = sum(
        _remove_absent(seat.room_id, seat.user)
        for seat in Seat.objects.filter(absent_since__lte=absent_before, user__isnull=False).select_related("user")
    )
    open_rooms = Room.objects.exclude(status=Room.Status.CLOSED)
    hosts = sum(
        _pass_absent_host(room_id)
        for room_id in open_rooms.filter(host_absent_since__lte=absent_before).values_list("id", flat=True)
    )
    empty_before = now - timedelta(seconds=settings.EMPTY_ROOM_EXPIRY_SECONDS)
    expired = sum(
        expire(room_id) for room_id in open_rooms.filter(empty_since__lte=empty_before).values_list("id", flat=True)
    )
    capped_before = now - timedelta(seconds=settings.HOST_PAUSE_CAP_SECONDS)
    for room_id in Room.objects.filter(
        paused=True, pause_reason=HOST, rated=True, paused_at__lte=capped_before
    ).values_list("id", flat=True):
        try:
            fired += run_deadline(room_id)  # a host's pause past its cap whose task was lost
        except Exception:
            logger.exception("sweep: the pause of room %s could not end", room_id)
    return {"fired": fired, "removed": removed, "hosts": hosts, "expired": expired}


def _remove_absent(room_id: int, user) -> int:
    with open_table(room_id=room_id, user=user, missing_ok=True, allow_closed=True) as t:
        if t is None:
            return 0
        seat = t.seat_for(user) if t.room.status != Room.Status.CLOSED else None
        if (
            seat is None
            or seat.absent_since is None
            or (clock.now() - seat.absent_since).total_seconds() < settings.ABSENCE_GRACE_SECONDS
            or user.id in t.connected_user_ids()
        ):
            t.skip()
            return 0
        leave_seat(t, user, reason="removed in pause" if away_inside_pause(t.room, seat) else "removed after absence")
        t.touch(state_changed=True)
        return 1


def away_inside_pause(room: Room, seat: Seat) -> bool:
    """Whether a person's whole absence fell inside a host's pause: their seat is freed, yet it is no leave.

    The table was stopped when they went and still is; the host who paused is
    not excused by their own pause (docs/rooms.md, docs/ratings.md).
    """
    return (
        room.paused
        and room.pause_reason == "host"
        and room.paused_at is not None
        and seat.absent_since is not None
        and seat.absent_since >= room.paused_at
        and room.paused_by_id != seat.user_id
    )


def _pass_absent_host(room_id: int) -> int:
    """A host away past the absence limit, seated or watching, hands the role on."""
    with open_table(room_id=room_id, missing_ok=True, allow_closed=True) as t:
        if t is None:
            return 0
        room = t.room
        if (
            room.status == Room.Status.CLOSED
            or room.host_absent_since is None
            or (clock.now() - room.host_absent_since).total_seconds() < settings.ABSENCE_GRACE_SECONDS
        ):
            t.skip()
            return 0
        if room.host_id is None or room.host_id in t.connected_user_ids():
            room.host_absent_since = None
            t.save_only("host_absent_since")
            return 0
        if next_host(t, room.host) is None:
            t.skip()
            return 0  # nobody else in the room yet: a later sweep looks again
        logger.info("room %s: host role passed from an absent host", room.code)
        transfer_host(t, leaving=room.host, reason="absent")
        return 1


def touch_presence(channel_name: str) -> bool:
    """A live socket says it is still there (daphne crashes leave no disconnect).

    False when the socket's presence is gone (the sweep took it for dead): the
    consumer then announces itself again with ``connect``.
    """
    return Presence.objects.filter(channel_name=channel_name).update(last_seen=clock.now()) > 0


def room_version(room_id: int) -> int | None:
    """The room's version now: a socket compares it with the last snapshot it sent."""
    return Room.objects.filter(pk=room_id).values_list("version", flat=True).first()


def touch_room_presences(code: str) -> None:
    """Every socket of a room says it is alive (tests drive the clock with this)."""
    Presence.objects.filter(room__code=code).update(last_seen=clock.now())
