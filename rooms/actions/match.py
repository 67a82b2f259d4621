"""Matches and hands: starting, dealing the next hand, the seeds, abandoning and closing."""

from django.conf import settings

from games import fair
from rooms import clock, room_events, signals
from rooms.actions.no_result import abandon_match
from rooms.actions.quick_start import fill_and_start, waiting_to_start
from rooms.errors import RoomError
from rooms.models import Match, Presence, Room, Seat
from rooms.seat_rules import apply_boundary, fill_empty_seats
from rooms.table import Table, open_table


def players_for_deal(t: Table) -> list[Seat]:
    """Who is dealt in: every occupied seat, once the room may deal at all."""
    rules = t.spec
    players = [s for s in t.seats if not s.is_empty]
    if sum(1 for s in players if s.user_id) < rules.min_humans:
        raise RoomError("need_person")
    if rules.fill_empty_seats:
        return players  # the deal gives every empty seat a bot
    if rules.all_seats_filled and len(players) < t.room.seat_count:
        raise RoomError("seats_empty")
    if len(players) < rules.min_players:
        raise RoomError("need_players", f"At least {rules.min_players} players are needed to start.")
    return players


def deal(t: Table, match: Match, number: int, tiebreak=None) -> None:
    players = players_for_deal(t)
    if t.spec.fill_empty_seats:
        fill_empty_seats(t)
        players = [s for s in t.seats if not s.is_empty]
    t.deal(match, number, players, tiebreak=tiebreak)
    t.touch(state_changed=True)


def start_match(user, code: str) -> Room:
    with open_table(code, user=user, host_only=True) as t:
        room = t.room
        if room.status == Room.Status.PLAYING and not t.spec.restart_anytime:
            raise RoomError("match_in_progress", "A match is being played.")
        if room.status == Room.Status.HAND_OVER:
            raise RoomError("match_in_progress", "The match is not decided yet: deal the next hand.")
        old = t.match
        abandoned = old is not None and old.status == Match.Status.PLAYING
        if abandoned:
            abandon_match(t, old, ended_by=user)  # never erases a loss: the host is rated as having left it
            apply_boundary(t, "match")
        if waiting_to_start(room):
            fill_and_start(t, begin_match)  # "start now" in a quick-play room: bots take the empty seats
            return t.room
        players_for_deal(t)
        match = _new_match(t, old)
        room_events.announce(t, "match_started", number=match.number, abandoned=abandoned, by=room_events.person(user))
        _deal_first(t, match)
    return t.room


def begin_match(t: Table) -> Match:
    """The room's first match dealt with no host's press (a quick-play room whose wait ran out)."""
    players_for_deal(t)
    match = _new_match(t, t.match)
    _deal_first(t, match)
    return match


def _deal_first(t: Table, match: Match) -> None:
    deal(t, match, 1)
    match.dealer = t.room.dealer
    match.save(update_fields=["dealer"])


def _new_match(t: Table, old: Match | None) -> Match:
    """The next match, with the seed whose fingerprint the room showed and the players' seeds."""
    room = t.room
    seed, room.next_seed = room.next_seed, fair.new_seed()
    match = Match.objects.create(
        room=room,
        number=(old.number + 1) if old else 1,
        game=room.game,
        options=room.options,
        seed=seed,
        fingerprint=fair.fingerprint(seed),
        next_fingerprint=room.next_fingerprint,
        client_seeds=[s.client_seed for s in t.seats if s.user_id and s.client_seed],
        totals={},
    )
    room.current_match = match
    for seat in t.seats:
        if seat.client_seed:
            seat.client_seed = ""
            t.touch_seat(seat, "client_seed")
    return match


def next_hand(user, code: str) -> Room:
    with open_table(code, user=user, host_only=True) as t:
        if t.room.status != Room.Status.HAND_OVER:
            raise RoomError("no_hand_to_deal")
        deal_next(t)
    return t.room


def deal_next(t: Table) -> None:
    """The match's next hand (a tie-break round when the last hand asked for one)."""
    hand = t.hand
    tiebreak = None
    if t.spec.tiebreak and hand.result and hand.result.get("tiebreak_needed"):
        tiebreak = hand.result["tiebreak_needed"]
    deal(t, t.match, hand.number + 1, tiebreak=tiebreak)


def end_match(user, code: str) -> Room:
    """The host ends the match being played, in any game: no result, and the host is rated as having left it.

    It never erases a loss (docs/ratings.md): everyone else keeps their rating
    and counts the match as ended without a result; the table is told.
    """
    with open_table(code, user=user, host_only=True) as t:
        room, match = t.room, t.match
        if room.status not in (Room.Status.PLAYING, Room.Status.HAND_OVER) or match is None:
            raise RoomError("no_match_to_end")
        if match.status != Match.Status.PLAYING:
            raise RoomError("no_match_to_end")
        if room.paused and room.pause_reason == "staff":
            raise RoomError("paused_by_staff", "The site's staff paused this room; only they can resume it.")
        abandon_match(t, match, ended_by=user)
        room.status = Room.Status.MATCH_OVER
        room.deadline, room.deadline_kind, room.deadline_left = None, "", None
        room.paused, room.pause_reason, room.paused_at, room.paused_by = False, "", None, None
        apply_boundary(t, "match")
        room_events.announce(t, "match_ended", number=match.number, by=room_events.person(user), rated=room.rated)
        t.touch(state_changed=True)
    return t.room


def set_client_seed(user, code: str, seed) -> Room:
    with open_table(code, user=user, allow_closed=True) as t:
        if not isinstance(seed, str) or not 8 <= len(seed) <= 64 or any(c not in "0123456789abcdef" for c in seed):
            raise RoomError("bad_client_seed")
        if t.room.status == Room.Status.PLAYING:
            raise RoomError("match_in_progress", "Client seeds are taken before a match starts.")
        seat = t.seat_for()
        if seat is None:
            raise RoomError("not_seated")
        seat.client_seed = seed
        t.touch_seat(seat, "client_seed")
        t.lobby = False
    return t.room


def close(t: Table, ended_by=None, by_staff: bool = False) -> None:
    """The room closes; a match being played ends early (``ended_by``: the host or staff member who closed it)."""
    room = t.room
    if t.match is not None and t.match.status == Match.Status.PLAYING:
        abandon_match(t, t.match, ended_by=ended_by, by_staff=by_staff)
    room.status = Room.Status.CLOSED
    room.closed_at = clock.now()
    room.deadline = None
    room.deadline_left = None
    room.host = None
    signals.room_closed.send(sender=Room, room_id=room.id)  # its invitations expire with it (lobby/room_hooks.py)


def close_room(room_id: int, by=None) -> bool:
    """Staff closing a room from the admin (``by``: the staff member, named on a match it ends)."""
    with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
        if t is None or t.room.status == Room.Status.CLOSED:
            if t is not None:
                t.skip()
            return False
        room_events.announce(t, "room_closed", by_staff=True)
        close(t, ended_by=by, by_staff=True)
        t.emit("room_closed")
        return True


def expire(room_id: int) -> int:
    """An empty room past its time closes (its history stays for staff)."""
    with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
        if t is None:
            return 0
        room = t.room
        too_soon = (
            room.empty_since is None
            or (clock.now() - room.empty_since).total_seconds() < settings.EMPTY_ROOM_EXPIRY_SECONDS
        )
        if room.status == Room.Status.CLOSED or too_soon or Presence.objects.filter(room=room).exists():
            t.skip()
            return 0
        close(t)
        return 1
