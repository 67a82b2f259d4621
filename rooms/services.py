"""The only code that changes a room.

Every action runs in one transaction with the room row locked (IMMEDIATE
transactions serialise SQLite writers), checks who may do it, calls the
engine, saves the new state and the log entry, and only on commit sends the
per-seat snapshots and schedules the next bot turn or timeout. Moves, bot
turns and timeouts all pass through ``_apply_move``.
"""

import copy
import logging
import random
import secrets
import threading
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from config.embedded import worker_running as embedded_worker_running
from games import IllegalMove, fair, registry
from games.canonical import canonical_move
from rooms import broadcast, describe, participants, queries, stored
from rooms.errors import RoomError
from rooms.models import Hand, Match, Participant, Presence, Room, Seat
from rooms.policies import STAND_IN_LEVEL, policy

logger = logging.getLogger(__name__)

HISTORY_KEEP = 20
MAX_AUTO_STEPS = 8
BOT_LEVELS = ("easy", "normal", "hard")


# -- loading and locking ---------------------------------------------------------


def _lock(code: str) -> Room:
    room = queries.lock_room(code=code)
    if room is None:
        raise RoomError("room_not_found", "This room does not exist.")
    return room


def _lock_id(room_id: int) -> Room | None:
    return queries.lock_room(room_id=room_id)


def _seats(room: Room) -> list[Seat]:
    return queries.seats_of(room)


def _current(room: Room) -> tuple[Match | None, Hand | None]:
    """The current match and hand, loaded with the room's row."""
    return room.current_match, room.current_hand


def _now():
    return timezone.now()


def _require_open(room: Room) -> None:
    if room.status == Room.Status.CLOSED:
        raise RoomError("room_closed", "This room is closed.")


def _require_host(room: Room, user) -> None:
    if room.host_id != user.id:
        raise RoomError("not_host", "Only the host can do that.")


def _lock_as_host(code: str, user) -> Room:
    """The open room, locked, for an action only its host may take."""
    room = _lock(code)
    _require_open(room)
    _require_host(room, user)
    return room


def seat_for_user(seats: list[Seat], user) -> Seat | None:
    """The seat a user may act for: taken from the server's record, never from a message."""
    return next((s for s in seats if s.user_id == user.id), None)


def _touch(room: Room, state_changed: bool = False) -> None:
    room.version += 1
    if state_changed:
        room.state_version += 1


# Every column but the hand history, which changes only when a hand ends: a move
# should not rewrite twenty hands' results.
ROOM_FIELDS_BUT_HISTORY = tuple(f.name for f in Room._meta.concrete_fields if not f.primary_key and f.name != "history")


def _finish(room: Room, seats: list[Seat] | None = None, lobby: bool = True) -> None:
    """Save the room and, after commit, publish everyone's snapshot from the objects at hand."""
    if getattr(room, "history_changed", False):
        room.save()
    else:
        queries.save_fields(room, ROOM_FIELDS_BUT_HISTORY)
    # robust: a channel layer that is down must not turn a committed action into an error;
    # clients resynchronise from the snapshot they get when they reconnect.
    transaction.on_commit(lambda: broadcast.publish_room(room.id, room=room, seats=seats), robust=True)
    if lobby:
        transaction.on_commit(broadcast.publish_lobby, robust=True)


# -- creating and configuring ---------------------------------------------------


def validate_options(game: str, options: dict) -> dict:
    """The engine's own option check: unknown names or bad values are refused."""
    if not isinstance(options, dict):
        raise RoomError("bad_options", "Options must be an object.")
    try:
        return registry.get(game).check_options(options)
    except ValueError as exc:
        raise RoomError("bad_options", f"Invalid options: {exc}") from None


def validate_time_limit(value) -> int | None:
    if value in (None, "", 0, "none"):
        return None
    try:
        seconds = int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: Infinity
        raise RoomError("bad_time_limit", "The time limit must be 10 to 120 seconds, or none.") from None
    if not 10 <= seconds <= 120:
        raise RoomError("bad_time_limit", "The time limit must be 10 to 120 seconds, or none.")
    return seconds


@transaction.atomic
def create_room(
    user, game: str, name: str, is_public: bool = True, time_limit="default", options=None, seat_count=None
) -> Room:
    if game not in registry.NAMES:
        raise RoomError("bad_game", "Unknown game.")
    rules = policy(game)
    name = (name or "").strip()
    if not 1 <= len(name) <= 60:
        raise RoomError("bad_name", "The room name must have 1 to 60 characters.")
    seat_count = rules.default_seats if seat_count in (None, "") else int(seat_count)
    if seat_count not in rules.seat_counts:
        raise RoomError("bad_seat_count", f"This game is played with {', '.join(map(str, rules.seat_counts))} seats.")
    limit = rules.default_time_limit if time_limit == "default" else validate_time_limit(time_limit)
    merged = validate_options(game, options or {})
    room = Room.objects.create(
        game=game,
        name=name,
        is_public=bool(is_public),
        host=user,
        created_by=user,
        seat_count=seat_count,
        options=merged,
        time_limit=limit,
        empty_since=_now(),
    )
    Seat.objects.bulk_create([Seat(room=room, index=i, user=user if i == 0 else None) for i in range(seat_count)])
    transaction.on_commit(broadcast.publish_lobby, robust=True)
    return room


@transaction.atomic
def set_options(user, code: str, options=None, time_limit="keep") -> Room:
    room = _lock_as_host(code, user)
    if options is not None:
        if not isinstance(options, dict):
            raise RoomError("bad_options", "Options must be an object.")
        if room.status in (Room.Status.PLAYING, Room.Status.HAND_OVER):
            raise RoomError("match_in_progress", "Game options change only between matches.")
        room.options = validate_options(room.game, {**stored.as_dict(room.options), **options})
    if time_limit != "keep":
        room.time_limit = validate_time_limit(time_limit)
    _touch(room)
    _finish(room)
    return room


# -- seats ------------------------------------------------------------------------


def _in_match(room: Room) -> bool:
    return room.status in (Room.Status.PLAYING, Room.Status.HAND_OVER)


def _seat_at(seats: list[Seat], index) -> Seat:
    try:
        index = int(index)
    except (TypeError, ValueError):
        raise RoomError("bad_seat", "No such seat.") from None
    seat = next((s for s in seats if s.index == index), None)
    if seat is None:
        raise RoomError("bad_seat", "No such seat.")
    return seat


@transaction.atomic
def sit(user, code: str, index) -> Room:
    """Take an empty seat, or reserve a bot's seat; mid-match both wait for the next deal."""
    room = _lock(code)
    _require_open(room)
    seats = _seats(room)
    seat = _seat_at(seats, index)
    mine = seat_for_user(seats, user)
    if mine is not None:
        if mine.index == seat.index:
            raise RoomError("already_seated", "You are already in this seat.")
        raise RoomError("already_seated", "You already have a seat in this room; leave it first.")
    if any(s.reserved_by_id == user.id for s in seats):
        raise RoomError("already_seated", "You already reserved a seat in this room.")
    if seat.user_id is not None:
        raise RoomError("seat_taken", "This seat is taken.")
    if seat.bot_level:
        between_hands = room.status == Room.Status.HAND_OVER and policy(room.game).boundary == "hand"
        if not _in_match(room) or not seat.active or between_hands:
            # Between matches (Crazy Eights, Buraco: between hands too, the next hand
            # being the one a reservation waits for) a person simply takes the bot's place.
            seat.bot_level = ""
            seat.bot_memory = {}
            seat.user = user
            seat.active = False
            seat.stand_in = False
            seat.remove_pending = False
        elif seat.reserved_by_id:
            raise RoomError("seat_reserved", "Someone already reserved this bot's seat.")
        else:
            seat.reserved_by = user
    else:
        seat.user = user
        seat.active = False
    seat.absent_since = None
    seat.save()
    if room.host_id is None:
        room.host = user
    _touch(room)
    _finish(room)
    return room


@transaction.atomic
def add_bot(user, code: str, index, level: str = "normal") -> Room:
    room = _lock_as_host(code, user)
    if level not in BOT_LEVELS:
        raise RoomError("bad_level", "Bot levels are easy, normal and hard.")
    seats = _seats(room)
    seat = _seat_at(seats, index)
    if not seat.is_empty:
        raise RoomError("seat_taken", "This seat is taken.")
    rules = policy(room.game)
    bots = sum(1 for s in seats if s.bot_level and not s.stand_in)
    if bots >= min(rules.max_bots, room.seat_count - 1):
        raise RoomError("too_many_bots", "This room already has as many bots as it accepts.")
    seat.bot_level = level
    seat.bot_memory = {}
    seat.active = False  # a bot added mid-match waits for the next deal
    seat.save()
    _touch(room)
    _finish(room)
    return room


@transaction.atomic
def remove_bot(user, code: str, index) -> Room:
    room = _lock_as_host(code, user)
    seats = _seats(room)
    seat = _seat_at(seats, index)
    if not seat.bot_level:
        raise RoomError("not_a_bot", "There is no bot in this seat.")
    if seat.active and _in_match(room):
        seat.remove_pending = True  # applied at the end of the match (or Buraco hand)
    else:
        _clear_seat(seat)
    seat.save()
    _touch(room)
    _finish(room)
    return room


def _clear_seat(seat: Seat) -> None:
    seat.user = None
    seat.bot_level = ""
    seat.bot_memory = {}
    seat.active = False
    seat.stand_in = False
    seat.remove_pending = False
    seat.absent_since = None
    seat.client_seed = ""
    if seat.reserved_by_id:
        seat.user = seat.reserved_by
        seat.reserved_by = None
        seat.joined_via = "reservation"


@transaction.atomic
def leave(user, code: str) -> Room:
    room = _lock(code)
    _require_open(room)
    seats = _seats(room)
    if _leave(room, seats, user) is None:
        raise RoomError("not_seated", "You have no seat in this room.")
    _touch(room, state_changed=True)
    _plan_deadline(room, seats)
    _finish(room)
    return room


def _leave(room: Room, seats: list[Seat], user, reason: str = "left") -> Seat | None:
    """Remove a person from their seat under the game's leaving rule."""
    for seat in seats:
        if seat.reserved_by_id == user.id:
            seat.reserved_by = None
            seat.save()
    seat = seat_for_user(seats, user)
    if seat is None:
        _transfer_host(room, seats, leaving=user)
        return None
    rules = policy(room.game)
    ended = Participant.Ended.LEFT if reason == "left" else Participant.Ended.REMOVED
    if room.status == Room.Status.PLAYING and seat.active:
        match, hand = _current(room)
        engine = registry.get(room.game)
        state = engine.from_json(hand.state)
        engine_seat = hand.seat_map.index(seat.index)
        if rules.on_leave == "remove":
            state = engine.remove_player(state, engine_seat)
            hand.state = engine.to_json(state)
            queries.save_move(hand, _log_entry(engine_seat, None, "leave", by=user.username))
            participants.record_departure(hand, seat, ended, _now())
            room.last_move = _seat_event(seat, "leave")
            _clear_seat(seat)
            seat.save()
            if engine.is_over(state):
                _end_hand(room, seats, match, hand, state)
        else:
            participants.record_departure(hand, seat, ended, _now(), stand_in_level=STAND_IN_LEVEL)
            _stand_in(room, seat)
    elif room.status == Room.Status.HAND_OVER and seat.active:
        # Between two hands of a match: the person leaves the match after the last hand.
        participants.record_departure(room.current_hand, seat, ended, _now())
        if rules.on_leave == "stand_in" and rules.stand_in_until == "match":
            _stand_in(room, seat)  # Crazy Eights: the seat keeps a bot for the rest of the match
        else:
            _clear_seat(seat)
            seat.save()
    else:
        _clear_seat(seat)
        seat.save()
    _transfer_host(room, seats, leaving=user)
    logger.info("room %s: %s %s seat %s", room.code, user.username, reason, seat.index)
    return seat


def _seat_event(seat: Seat, kind: str) -> dict:
    """The table's log entry of a person leaving their seat (made while the seat still names them)."""
    holder = describe.seat_holder(seat)
    return {
        "seat": seat.index,
        "kind": kind,
        "name": holder.name,
        "text": describe.in_languages(describe.live_event, kind, holder),
    }


def _stand_in(room: Room, seat: Seat) -> None:
    """A bot takes the leaver's seat and hand (marked as a stand-in) until ``stand_in_until``."""
    room.last_move = _seat_event(seat, "stand_in")
    seat.user = None
    seat.bot_level = STAND_IN_LEVEL
    seat.stand_in = True
    seat.bot_memory = {}
    seat.absent_since = None
    seat.save()


def _transfer_host(room: Room, seats: list[Seat], leaving) -> None:
    """The host role passes to another person of the room ("quando necessário").

    A connected seated person first (lowest seat), then a connected watcher (the
    one connected longest), then a seated person who is away. With nobody else
    the leaver keeps the role while still connected (a host who only stood up),
    and a room with no person left has no host.
    """
    if room.host_id != leaving.id:
        return
    new_host = _next_host(room, seats, leaving)
    if new_host is None and leaving.id in _connected_user_ids(room):
        return
    room.host = new_host
    room.host_absent_since = None if new_host is None or new_host.id in _connected_user_ids(room) else _now()


def _next_host(room: Room, seats: list[Seat], leaving):
    """Who takes the host role from ``leaving``, in the order of ``_transfer_host``; None if nobody."""
    connected = _connected_user_ids(room) - {leaving.id}
    seated = [s.user for s in seats if s.user_id and s.user_id != leaving.id]
    new_host = next((u for u in seated if u.id in connected), None)
    if new_host is None and connected:
        present = (
            Presence.objects.filter(room=room, user_id__in=connected)
            .select_related("user")
            .order_by("connected_at", "id")
            .first()
        )
        new_host = present.user if present else None
    if new_host is None and seated:
        new_host = seated[0]
    return new_host


# -- matches and hands -----------------------------------------------------------


def _players_for_deal(room: Room, seats: list[Seat]) -> list[Seat]:
    return [s for s in seats if not s.is_empty]


def _check_can_deal(room: Room, seats: list[Seat]) -> list[Seat]:
    rules = policy(room.game)
    players = _players_for_deal(room, seats)
    humans = [s for s in players if s.user_id]
    if len(humans) < rules.min_humans:
        raise RoomError("need_person", "At least one person must be seated to start.")
    if rules.fill_empty_seats:
        return players  # the deal gives every empty seat a bot
    if rules.all_seats_filled and len(players) < room.seat_count:
        raise RoomError("seats_empty", "All four seats must be taken (people or bots) to deal.")
    if len(players) < rules.min_players:
        raise RoomError("need_players", f"At least {rules.min_players} players are needed to start.")
    return players


def _fill_empty_seats(seats: list[Seat]) -> None:
    """Each empty seat gets a bot ("Um bot ocupa o lugar vazio"), shown as a bot like any other."""
    for seat in seats:
        if seat.is_empty:
            seat.bot_level = STAND_IN_LEVEL
            seat.bot_memory = {}
            seat.stand_in = False
            seat.remove_pending = False
            seat.save()


def _next_dealer(room: Room, players: list[Seat]) -> Seat:
    indices = [s.index for s in players]
    if room.dealer < 0:
        return players[secrets.randbelow(len(players))]
    later = [i for i in indices if i > room.dealer]
    index = later[0] if later else indices[0]
    return next(s for s in players if s.index == index)


def _deal(room: Room, seats: list[Seat], match: Match, number: int, tiebreak: list[str] | None = None) -> Hand:
    engine = registry.get(room.game)
    players = _check_can_deal(room, seats)
    if policy(room.game).fill_empty_seats:
        _fill_empty_seats(seats)
        players = _players_for_deal(room, seats)
    for seat in seats:
        seat.active = seat in players
        seat.save(update_fields=["active"])
    dealer = _next_dealer(room, players)
    room.dealer = dealer.index
    seat_map = [s.index for s in players]
    options = dict(match.options)
    key = match.stream_key
    deck = fair.shuffle(key, fair.deal_label(number), engine.new_deck(options))
    if tiebreak is not None:
        # The round's seats travel in the hand's options, so that a replay deals it again.
        tied = [seat_map.index(int(s)) for s in tiebreak if int(s) in seat_map]
        options = engine.tiebreak_options(options, tied)
    state = engine.deal(
        players=len(players), dealer=seat_map.index(dealer.index), deck=deck, options=options, seed=key, hand=number
    )
    hand = Hand.objects.create(
        match=match,
        room=room,
        number=number,
        game=room.game,
        dealer=seat_map.index(dealer.index),
        seat_map=seat_map,
        options=options,
        state=engine.to_json(state),
        deck=deck,
    )
    participants.record_deal(hand, match, players, _now())
    room.current_hand = hand
    room.status = Room.Status.PLAYING
    room.last_move = {
        "kind": "deal",
        "hand": number,
        "dealer": dealer.index,
        "name": dealer.user.shown_name if dealer.user_id else None,
        "text": describe.in_languages(describe.live_event, "deal", describe.seat_holder(dealer), hand=number),
    }
    _prune_history(room)
    return hand


def _prune_history(room: Room) -> None:
    keep = list(
        Hand.objects.filter(room=room).order_by("-started_at", "-id").values_list("id", flat=True)[:HISTORY_KEEP]
    )
    Hand.objects.filter(room=room).exclude(id__in=keep).exclude(ended_at__isnull=True).delete()


@transaction.atomic
def start_match(user, code: str) -> Room:
    room = _lock_as_host(code, user)
    rules = policy(room.game)
    seats = _seats(room)
    if room.status == Room.Status.PLAYING and not rules.restart_anytime:
        raise RoomError("match_in_progress", "A match is being played.")
    if room.status == Room.Status.HAND_OVER:
        raise RoomError("match_in_progress", "The match is not decided yet: deal the next hand.")
    old_match, _old_hand = _current(room)
    if old_match is not None and old_match.status == Match.Status.PLAYING:
        _abandon_match(room, old_match)
        _apply_boundary(room, seats, "match")
    _check_can_deal(room, seats)
    client_seeds = [s.client_seed for s in seats if s.user_id and s.client_seed]
    seed = room.next_seed
    room.next_seed = fair.new_seed()
    match = Match.objects.create(
        room=room,
        number=(old_match.number + 1) if old_match else 1,
        game=room.game,
        options=room.options,
        seed=seed,
        fingerprint=fair.fingerprint(seed),
        next_fingerprint=room.next_fingerprint,
        client_seeds=client_seeds,
        totals={},
    )
    room.current_match = match
    for seat in seats:
        if seat.client_seed:
            seat.client_seed = ""
            seat.save(update_fields=["client_seed"])
    _deal(room, seats, match, 1)
    match.dealer = room.dealer
    match.save(update_fields=["dealer"])
    _touch(room, state_changed=True)
    _plan_deadline(room, seats)
    _finish(room)
    return room


@transaction.atomic
def next_hand(user, code: str) -> Room:
    room = _lock_as_host(code, user)
    if room.status != Room.Status.HAND_OVER:
        raise RoomError("no_hand_to_deal", "There is no finished hand waiting for the next one.")
    seats = _seats(room)
    match, hand = _current(room)
    tiebreak = None
    if policy(room.game).tiebreak and hand.result and hand.result.get("tiebreak_needed"):
        tiebreak = hand.result["tiebreak_needed"]
    _deal(room, seats, match, hand.number + 1, tiebreak=tiebreak)
    _touch(room, state_changed=True)
    _plan_deadline(room, seats)
    _finish(room)
    return room


def _end_hand(room: Room, seats: list[Seat], match: Match, hand: Hand, state) -> None:
    """Score the hand, add it to the match, decide the match, apply seat changes."""
    engine = registry.get(room.game)
    result = engine.result(state)
    seat_map = hand.seat_map
    teams = policy(room.game).teams

    def room_key(key: str) -> str:
        return key if teams else str(seat_map[int(key)])

    scores = {room_key(k): v for k, v in result["scores"].items()}
    winners = [room_key(w) for w in result["winners"]]
    abandoned = bool(result.get("abandoned"))
    # The engine keeps its own match arithmetic (points summed, games counted, tie-break rounds).
    keys = None if teams else {str(i): str(room_seat) for i, room_seat in enumerate(seat_map)}
    totals = engine.add_to_totals(match.totals, result, keys)
    hand.result = {"scores": scores, "winners": winners, "breakdown": result.get("breakdown", {}), "engine": result}
    hand.ended_at = _now()
    match.totals = totals
    if abandoned:
        # Fewer than two active players: the match ends with no winner.
        status = {"over": True, "winners": []}
    else:
        status = engine.match_status(totals, dict(match.options))
    if status.get("over"):
        match.status = Match.Status.OVER
        match.winners = status.get("winners", [])
        match.ended_at = _now()
        room.status = Room.Status.MATCH_OVER
    else:
        if status.get("tiebreak_seats"):
            hand.result["tiebreak_needed"] = [str(s) for s in status["tiebreak_seats"]]
        room.status = Room.Status.HAND_OVER
    if abandoned:
        hand.result["abandoned"] = True
    hand.save()
    match.save()
    if match.status == Match.Status.OVER:
        participants.record_match_end(match, teams)
    room.history = [
        {
            "number": hand.number,
            "match": match.id,
            "result": hand.result,
            "dealer": hand.dealer,
            "seat_map": seat_map,
            "players": participants.history_players(participants.holders(hand)),
        },
        *(room.history or []),
    ][:HISTORY_KEEP]
    room.history_changed = True
    room.deadline = None
    room.deadline_kind = ""
    room.deadline_left = None
    _apply_boundary(room, seats, "hand")
    if room.status == Room.Status.MATCH_OVER:
        _apply_boundary(room, seats, "match")


def _apply_boundary(room: Room, seats: list[Seat], boundary: str) -> None:
    """Seat changes that wait for the end of a hand or of a match."""
    rules = policy(room.game)
    if boundary == rules.stand_in_until or boundary == "match":
        for seat in seats:
            if seat.stand_in:
                _clear_seat(seat)
                seat.save()
    if boundary == rules.boundary or boundary == "match":
        # A seat whose bot must stay for the whole match (Crazy Eights) is freed by
        # its host only when the match ends; a reservation is still taken at the hand.
        removals_now = boundary == "match" or not rules.fill_empty_seats
        for seat in seats:
            changed = False
            if seat.reserved_by_id and seat.bot_level:
                seat.user = seat.reserved_by
                seat.reserved_by = None
                seat.joined_via = "reservation"
                seat.bot_level = ""
                seat.bot_memory = {}
                seat.active = False
                seat.stand_in = False
                seat.remove_pending = False
                changed = True
            elif seat.remove_pending and removals_now:
                _clear_seat(seat)
                changed = True
            if changed:
                seat.save()


# -- moves ------------------------------------------------------------------------


def _log_entry(engine_seat: int, move: dict | None, kind: str, by: str, auto: bool = False) -> dict:
    return {"seat": engine_seat, "move": move, "kind": kind, "auto": auto, "by": by, "at": _now().isoformat()}


def _apply_move(room: Room, seats: list[Seat], match: Match, hand: Hand, engine_seat: int, move, kind: str, by: str):
    """Apply one move through the engine and record it; raises RoomError if refused."""
    engine = registry.get(room.game)
    state = engine.from_json(hand.state)
    move = _engine_move(engine, state, engine_seat, move)
    try:
        new_state = engine.apply(state, engine_seat, move)
    except IllegalMove as exc:
        raise RoomError(exc.code, exc.message) from None
    hand.state = engine.to_json(new_state)
    auto = kind in ("timeout", "grace")
    entry = _log_entry(engine_seat, move, kind, by, auto=auto)
    queries.save_move(hand, entry)
    public = engine.public_move(move, new_state, engine_seat)
    room.last_move = {
        "seat": hand.seat_map[engine_seat],
        "engine_seat": engine_seat,
        "kind": kind,
        "auto": auto,
        "move": public,
        **_move_words(room.game, seats, hand, {**entry, "move": public}),
    }
    # Not saved: the moves of this change, for its snapshots' logs (rooms/snapshots.py).
    room.moves_now = [*getattr(room, "moves_now", ()), room.last_move]
    _touch(room, state_changed=True)
    if engine.is_over(new_state):
        _end_hand(room, seats, match, hand, new_state)
    return new_state


def _engine_move(engine, state, engine_seat: int, move) -> dict:
    """The legal move that ``move`` names, the engine's own copy: only that is applied, stored and sent.

    A move naming none is refused with the engine's own code (``bad_move`` for
    unknown keys or wrong types); the client's dict never goes further.
    """
    played = canonical_move(engine.legal_moves(state, engine_seat), move)
    if played is not None:
        return played
    try:
        engine.apply(state, engine_seat, move)
    except IllegalMove as exc:
        raise RoomError(exc.code, exc.message) from None
    # The engine accepted a move its complete legal_moves does not list: refuse it all the same.
    logger.error("%s: apply accepted a move that legal_moves does not list", engine.__name__)
    raise RoomError("bad_move", "That move is not valid.")


def _move_words(game: str, seats: list[Seat], hand: Hand, entry: dict) -> dict:
    """``name`` and ``text`` of a move for the table's log, by who holds the seats as it is made."""
    by_room_seat = {s.index: s for s in seats}
    actor = describe.seat_holder(by_room_seat[hand.seat_map[entry["seat"]]])
    victim = None
    source = entry["move"].get("from") if isinstance(entry["move"], dict) else None
    if isinstance(source, int) and not isinstance(source, bool) and 0 <= source < len(hand.seat_map):
        seat = by_room_seat.get(hand.seat_map[source])
        victim = describe.seat_holder(seat) if seat is not None else None
    text = describe.in_languages(describe.live_move, game, entry, actor, victim)
    return {"name": actor.name or None, "text": text}


@transaction.atomic
def move(user, code: str, version, move_data) -> Room:
    room = _lock(code)
    _require_open(room)
    if not isinstance(move_data, dict):
        raise RoomError("bad_move", "A move must be an object.")
    if room.status != Room.Status.PLAYING:
        raise RoomError("not_playing", "No hand is being played.")
    if room.paused:
        raise RoomError("paused", "The room is paused.")
    seats = _seats(room)
    seat = seat_for_user(seats, user)
    match, hand = _current(room)
    if seat is None or not seat.active or seat.index not in hand.seat_map:
        raise RoomError("not_playing_here", "You are not playing in this hand.")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RoomError("bad_version", "A move must say the state version it was made on.")
    if version != room.state_version:
        raise RoomError("stale", "The table changed before your move arrived; nothing was played.")
    engine_seat = hand.seat_map.index(seat.index)
    _apply_move(room, seats, match, hand, engine_seat, move_data, "move", by=user.username)
    _plan_deadline(room, seats)
    _finish(room, seats, lobby=room.status != Room.Status.PLAYING)
    return room


# -- deadlines, bots and timeouts -----------------------------------------------


def _connected_user_ids(room: Room) -> set[int]:
    return {int(uid) for uid, count in (room.connected or {}).items() if count > 0}


def _plan_deadline(room: Room, seats: list[Seat]) -> None:
    """Set who must act by when; the task is scheduled after commit."""
    room.deadline = None
    room.deadline_kind = ""
    room.deadline_left = None
    if room.status != Room.Status.PLAYING:
        return
    match, hand = _current(room)
    engine = registry.get(room.game)
    current = engine.current_seat(engine.from_json(hand.state))
    if current is None:
        return
    seat = next(s for s in seats if s.index == hand.seat_map[current])
    now = _now()
    if seat.bot_level:
        delta, kind = settings.BOT_DELAY_SECONDS, "bot"
    elif room.time_limit:
        delta, kind = room.time_limit, "turn"
    elif seat.user_id not in _connected_user_ids(room):
        delta, kind = settings.DISCONNECTED_TURN_SECONDS, "grace"
    else:
        return
    if room.paused:
        room.deadline_left = float(delta)
        room.deadline_kind = kind
        return
    room.deadline = now + timedelta(seconds=delta)
    room.deadline_kind = kind
    _schedule(room)


_timers: dict[int, threading.Timer] = {}
_timers_lock = threading.Lock()


def _schedule(room: Room) -> None:
    room_id, version, eta = room.id, room.state_version, room.deadline
    if eta is None:
        return

    def send():
        from rooms.tasks import run_deadline

        try:
            if settings.EMBEDDED and embedded_worker_running():
                # The in-process worker slows to a crawl while it holds a task whose ETA is
                # still ahead (a bot match took 24 s instead of 2 next to a timed room), so
                # here a timer thread hands the task over when it is due. A lost timer is
                # the sweep's job, as a lost ETA task is in the stack.
                delay = max(0.0, (eta - timezone.now()).total_seconds())
                timer = threading.Timer(delay, run_deadline.apply_async, args=((room_id, version),))
                timer.daemon = True
                with _timers_lock:
                    previous = _timers.pop(room_id, None)
                    if previous is not None:
                        previous.cancel()  # the room moved on: that deadline is void anyway
                    _timers[room_id] = timer
                timer.start()
            else:
                run_deadline.apply_async((room_id, version), eta=eta)
        except Exception:  # the periodic sweep fires it if the broker is away
            logger.warning("could not schedule the deadline of room %s; the sweep will", room_id, exc_info=True)

    transaction.on_commit(send, robust=True)


# Levels whose decision may take tens of milliseconds (docs/benchmarks.md): they think
# outside the room's lock. The others decide inside it, so their move is one transaction.
THINK_OUTSIDE_LOCK = frozenset({"hard"})


def run_deadline(room_id: int, version: int | None = None) -> bool:
    """Act for the seat whose deadline passed: a bot turn or an automatic move.

    Idempotent: does nothing unless the room is still at ``version`` (when
    given), not paused, and its deadline has passed. Returns True if it acted.
    """
    with transaction.atomic():
        room = _lock_id(room_id)
        if not _deadline_due(room, version):
            return False
        seats = _seats(room)
        match, hand = _current(room)
        engine = registry.get(room.game)
        state = engine.from_json(hand.state)
        current = engine.current_seat(state)
        seat = next(s for s in seats if s.index == hand.seat_map[current])
        if not seat.bot_level:
            _auto_turn(room, seats, match, hand, current, "grace" if room.deadline_kind == "grace" else "timeout")
            _plan_deadline(room, seats)
            _finish(room, seats, lobby=room.status != Room.Status.PLAYING)
            return True
        level, expected = seat.bot_level, room.state_version
        view, legal = engine.view(state, current), engine.legal_moves(state, current)
        memory = copy.deepcopy(stored.as_dict(seat.bot_memory))
        if level not in THINK_OUTSIDE_LOCK:
            choice = _bot_decide(room.game, level, view, legal, memory, room_id, expected)
            _bot_move(room, seats, match, hand, current, seat, level, choice, memory)
            return True
    # A slow bot thinks outside the lock; its move is applied only if nothing changed.
    choice = _bot_decide(room.game, level, view, legal, memory, room_id, expected)
    with transaction.atomic():
        room = _lock_id(room_id)
        if not _deadline_due(room, expected):
            return False
        seats = _seats(room)
        match, hand = _current(room)
        seat = next(s for s in seats if s.index == hand.seat_map[current])
        if not seat.bot_level:
            return False
        _bot_move(room, seats, match, hand, current, seat, level, choice, memory)
        return True


def _bot_move(room, seats, match, hand, engine_seat: int, seat: Seat, level: str, choice: dict, memory: dict) -> None:
    """Apply a bot's choice and keep what it remembers (written only when it changed)."""
    if memory != (seat.bot_memory or {}):
        seat.bot_memory = memory
        queries.save_fields(seat, ("bot_memory",))
    _apply_move(room, seats, match, hand, engine_seat, choice, "bot", by=f"bot:{level}")
    _plan_deadline(room, seats)
    _finish(room, seats, lobby=room.status != Room.Status.PLAYING)


def _deadline_due(room: Room | None, version: int | None) -> bool:
    if room is None or room.status != Room.Status.PLAYING or room.paused or room.deadline is None:
        return False
    if version is not None and room.state_version != version:
        return False
    return room.deadline <= _now() + timedelta(milliseconds=50)


def _bot_decide(game: str, level: str, view: dict, legal: list, memory: dict, room_id: int, version: int) -> dict:
    from bots import registry as bot_registry

    bot = bot_registry.get(game, level)
    try:
        return bot.choose(view, legal, random.Random(f"{room_id}:{version}"), memory)
    except (AttributeError, KeyError, TypeError, ValueError):
        # A stored memory the bot cannot read (a row changed by hand, an older shape):
        # the bot forgets it and plays on, rather than stalling the room at every try.
        logger.warning("room %s: bot memory unreadable, forgotten", room_id, exc_info=True)
        memory.clear()
        return bot.choose(view, legal, random.Random(f"{room_id}:{version}"), memory)


def _auto_turn(room, seats, match, hand, engine_seat: int, kind: str) -> None:
    """Moves made for a person whose time ran out: one action, or until their turn passes.

    Buraco makes one action per deadline (a draw, then a new deadline for the
    discard); the other games play on until the turn passes (docs/rooms.md).
    """
    engine = registry.get(room.game)
    steps = MAX_AUTO_STEPS if policy(room.game).timeout_ends_turn else 1
    for _ in range(steps):
        state = engine.from_json(hand.state)
        if engine.is_over(state) or engine.current_seat(state) != engine_seat:
            return
        _apply_move(room, seats, match, hand, engine_seat, engine.auto_move(state, engine_seat), kind, by="timeout")
        if room.status != Room.Status.PLAYING:
            return


# -- pause, presence, absence and expiry -------------------------------------------


def _freeze(room: Room) -> None:
    if room.deadline is not None:
        room.deadline_left = max(0.0, (room.deadline - _now()).total_seconds())
        room.deadline = None


def _thaw(room: Room, seats: list[Seat]) -> None:
    room.paused = False
    room.pause_reason = ""
    if room.deadline_left is not None and room.status == Room.Status.PLAYING:
        room.deadline = _now() + timedelta(seconds=room.deadline_left)
        room.deadline_left = None
        _schedule(room)
    else:
        _plan_deadline(room, seats)


@transaction.atomic
def pause(user, code: str) -> Room:
    room = _lock_as_host(code, user)
    if room.paused:
        raise RoomError("already_paused", "The room is already paused.")
    room.paused = True
    room.pause_reason = "host"
    _freeze(room)
    _touch(room)
    _finish(room)
    return room


@transaction.atomic
def resume(user, code: str) -> Room:
    room = _lock_as_host(code, user)
    if not room.paused:
        raise RoomError("not_paused", "The room is not paused.")
    if room.pause_reason == "staff":
        raise RoomError("paused_by_staff", "The site's staff paused this room; only they can resume it.")
    _thaw(room, _seats(room))
    _touch(room)
    _finish(room)
    return room


@transaction.atomic
def staff_pause(room_id: int) -> bool:
    """Staff stop the clock of a room (a dispute, an incident); only staff resume it. False if nothing changed."""
    room = _lock_id(room_id)
    if room is None or room.status == Room.Status.CLOSED or (room.paused and room.pause_reason == "staff"):
        return False
    room.paused = True
    room.pause_reason = "staff"
    _freeze(room)
    _touch(room)
    _finish(room)
    return True


@transaction.atomic
def staff_resume(room_id: int) -> bool:
    """Staff let a room they paused go on. False unless it was paused by staff."""
    room = _lock_id(room_id)
    if room is None or room.status == Room.Status.CLOSED or not (room.paused and room.pause_reason == "staff"):
        return False
    if _connected_user_ids(room):
        _thaw(room, _seats(room))
    else:
        room.pause_reason = "empty"  # nobody there: it waits, as any empty room, for someone to come back
    _touch(room)
    _finish(room)
    return True


@transaction.atomic
def set_client_seed(user, code: str, seed) -> Room:
    room = _lock(code)
    if not isinstance(seed, str) or not 8 <= len(seed) <= 64 or any(c not in "0123456789abcdef" for c in seed):
        raise RoomError("bad_client_seed", "A client seed is 8 to 64 lowercase hex characters.")
    if room.status == Room.Status.PLAYING:
        raise RoomError("match_in_progress", "Client seeds are taken before a match starts.")
    seats = _seats(room)
    seat = seat_for_user(seats, user)
    if seat is None:
        raise RoomError("not_seated", "You have no seat in this room.")
    seat.client_seed = seed
    seat.save(update_fields=["client_seed"])
    _touch(room)
    _finish(room, lobby=False)
    return room


def _live_presences():
    """Presences refreshed within PRESENCE_STALE_SECONDS: the sockets that are really open."""
    return Presence.objects.filter(last_seen__gte=_now() - timedelta(seconds=settings.PRESENCE_STALE_SECONDS))


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


@transaction.atomic
def connect(user, code: str, channel_name: str) -> Room:
    room = _lock(code)
    _require_open(room)
    if not Presence.objects.filter(channel_name=channel_name).exists():
        _check_socket_caps(room, user)
    _, created = Presence.objects.update_or_create(
        channel_name=channel_name, defaults={"room": room, "user": user, "last_seen": _now()}
    )
    if created:
        connected = dict(room.connected or {})
        connected[str(user.id)] = connected.get(str(user.id), 0) + 1
        room.connected = connected
    seats = _seats(room)
    seat = seat_for_user(seats, user)
    if seat is not None and seat.absent_since is not None:
        seat.absent_since = None
        seat.save(update_fields=["absent_since"])
    room.empty_since = None
    if room.paused and room.pause_reason == "empty":
        _thaw(room, seats)
    elif room.deadline_kind == "grace" and seat is not None:
        _plan_deadline(room, seats)  # back in time: the grace deadline is lifted
    if room.host_id is None:
        room.host = user
    if room.host_id == user.id:
        room.host_absent_since = None
    _touch(room)
    _finish(room)
    return room


@transaction.atomic
def disconnect(channel_name: str) -> None:
    presence = Presence.objects.filter(channel_name=channel_name).select_related("user").first()
    if presence is None:
        return
    room = _lock_id(presence.room_id)
    presence.delete()
    if room is None:
        return
    connected = dict(room.connected or {})
    remaining = connected.get(str(presence.user_id), 0) - 1
    if remaining > 0:
        connected[str(presence.user_id)] = remaining
    else:
        connected.pop(str(presence.user_id), None)
    room.connected = connected
    if room.status == Room.Status.CLOSED:
        room.save(update_fields=["connected"])
        return
    _after_departure(room, presence.user)


def _after_departure(room: Room, user) -> None:
    seats = _seats(room)
    connected = _connected_user_ids(room)
    seat = seat_for_user(seats, user)
    if room.host_id == user.id and user.id not in connected:
        room.host_absent_since = _now()  # seated or watching: the role passes after the absence limit
    if seat is not None and user.id not in connected:
        seat.absent_since = _now()
        seat.save(update_fields=["absent_since"])
        if room.deadline is None and not room.paused:
            _plan_deadline(room, seats)  # no time limit: the grace period starts
    if not connected:
        room.empty_since = _now()
        if not room.paused:
            room.paused = True
            room.pause_reason = "empty"
            _freeze(room)
    _touch(room)
    _finish(room)


def sweep() -> dict:
    """Fire overdue deadlines, remove people absent too long, pass on absent hosts' role, expire empty rooms."""
    now = _now()
    fired = 0
    for room_id, version in Room.objects.filter(
        status=Room.Status.PLAYING, paused=False, deadline__lte=now
    ).values_list("id", "state_version"):
        try:
            fired += run_deadline(room_id, version)
        except Exception:
            logger.exception("sweep: deadline of room %s failed", room_id)
    stale = now - timedelta(seconds=settings.PRESENCE_STALE_SECONDS)
    for channel_name in Presence.objects.filter(last_seen__lt=stale).values_list("channel_name", flat=True):
        disconnect(channel_name)
    removed = 0
    absent_before = now - timedelta(seconds=settings.ABSENCE_GRACE_SECONDS)
    for seat in Seat.objects.filter(absent_since__lte=absent_before, user__isnull=False).select_related("room", "user"):
        removed += _remove_absent(seat.room_id, seat.user)
    hosts = 0
    for room_id in (
        Room.objects.filter(host_absent_since__lte=absent_before)
        .exclude(status=Room.Status.CLOSED)
        .values_list("id", flat=True)
    ):
        hosts += _pass_absent_host(room_id)
    expired = 0
    empty_before = now - timedelta(seconds=settings.EMPTY_ROOM_EXPIRY_SECONDS)
    for room_id in (
        Room.objects.filter(empty_since__lte=empty_before)
        .exclude(status=Room.Status.CLOSED)
        .values_list("id", flat=True)
    ):
        expired += expire(room_id)
    return {"fired": fired, "removed": removed, "hosts": hosts, "expired": expired}


@transaction.atomic
def _remove_absent(room_id: int, user) -> int:
    room = _lock_id(room_id)
    if room is None or room.status == Room.Status.CLOSED:
        return 0
    seats = _seats(room)
    seat = seat_for_user(seats, user)
    if seat is None or seat.absent_since is None:
        return 0
    if (_now() - seat.absent_since).total_seconds() < settings.ABSENCE_GRACE_SECONDS:
        return 0
    if user.id in _connected_user_ids(room):
        return 0
    _leave(room, seats, user, reason="removed after absence")
    _touch(room, state_changed=True)
    _plan_deadline(room, seats)
    _finish(room)
    return 1


@transaction.atomic
def _pass_absent_host(room_id: int) -> int:
    """A host away past the absence limit, seated or watching, hands the role on."""
    room = _lock_id(room_id)
    if room is None or room.status == Room.Status.CLOSED or room.host_absent_since is None:
        return 0
    if (_now() - room.host_absent_since).total_seconds() < settings.ABSENCE_GRACE_SECONDS:
        return 0
    if room.host_id is None or room.host_id in _connected_user_ids(room):
        room.host_absent_since = None
        queries.save_fields(room, ("host_absent_since",))
        return 0
    seats = _seats(room)
    new_host = _next_host(room, seats, room.host)
    if new_host is None:
        return 0  # nobody else in the room yet: a later sweep looks again
    logger.info("room %s: host role passed from an absent host", room.code)
    _transfer_host(room, seats, leaving=room.host)
    _touch(room)
    _finish(room)
    return 1


@transaction.atomic
def expire(room_id: int) -> int:
    room = _lock_id(room_id)
    if room is None or room.status == Room.Status.CLOSED or room.empty_since is None:
        return 0
    if (_now() - room.empty_since).total_seconds() < settings.EMPTY_ROOM_EXPIRY_SECONDS:
        return 0
    if Presence.objects.filter(room=room).exists():
        return 0
    _close(room)
    return 1


def _abandon_match(room: Room, match: Match) -> None:
    """A match that ends without a result still counts for everyone who played in it."""
    match.status = Match.Status.ABANDONED
    match.ended_at = _now()
    match.save(update_fields=["status", "ended_at"])
    participants.record_match_end(match, policy(room.game).teams)


def _close(room: Room) -> None:
    match, hand = _current(room)
    if match is not None and match.status == Match.Status.PLAYING:
        _abandon_match(room, match)
    room.status = Room.Status.CLOSED
    room.closed_at = _now()
    room.deadline = None
    room.deadline_left = None
    room.host = None
    _touch(room)
    _finish(room)


@transaction.atomic
def close_room(room_id: int) -> bool:
    """Staff closing a room from the admin."""
    room = _lock_id(room_id)
    if room is None or room.status == Room.Status.CLOSED:
        return False
    _close(room)
    return True


def touch_presence(channel_name: str) -> bool:
    """A live socket says it is still there (daphne crashes leave no disconnect).

    False when the socket's presence is gone (the sweep took it for dead): the
    consumer then announces itself again with ``connect``.
    """
    return Presence.objects.filter(channel_name=channel_name).update(last_seen=_now()) > 0


def room_version(room_id: int) -> int | None:
    """The room's version now: a socket compares it with the last snapshot it sent."""
    return Room.objects.filter(pk=room_id).values_list("version", flat=True).first()


def touch_room_presences(code: str) -> None:
    """Every socket of a room says it is alive (tests drive the clock with this)."""
    Presence.objects.filter(room__code=code).update(last_seen=_now())
