"""What each connected user receives: the room plus that seat's view.

The engine's ``view`` is the only source of game state here; a user without a
seat gets the public view. Secrets (the match seed before it ends, other
hands, the stock, bot memory, client seeds of others) never enter a snapshot.
"""

from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, reverse

from games import registry
from rooms import extensions
from rooms.hints.models import hints_left
from rooms.records import stored
from rooms.records.stored import history_key  # noqa: F401 - the snapshot's key, named here for its readers

HISTORY_LIMIT = 20
# The moves of a hand a full snapshot carries (a Buraco hand rarely passes 300).
LOG_LIMIT = 400


def public_log(engine, hand, state) -> list[dict]:
    """The current hand's moves as every seat may see them, oldest first, for the table's log.

    Each entry has the shape of ``room.last_move`` (room seat, engine seat, kind,
    auto, and the move through the engine's ``public_move``: a Crazy Eights draw
    says nothing of its card) so the page describes both the same way; the first
    one is the deal. Who made a move is its seat: no user name or bot level
    leaves here.
    """
    if hand is None:
        return []
    seat_map = stored.as_list(hand.seat_map)
    dealer = seat_map[hand.dealer] if 0 <= hand.dealer < len(seat_map) else None
    # Each entry says when it was made (`at`): the page puts the room's events among the moves by it.
    out = [{"kind": "deal", "hand": hand.number, "dealer": dealer}]
    started = getattr(hand, "started_at", None)
    if started is not None:
        out[0]["at"] = started.isoformat()
    holders = stored.as_dict(hand.players)
    entries = stored.dicts(hand.moves)
    first = max(0, len(entries) - LOG_LIMIT)
    for index, entry in enumerate(entries[first:], start=first):
        engine_seat = entry.get("seat")
        if not isinstance(engine_seat, int) or isinstance(engine_seat, bool) or not 0 <= engine_seat < len(seat_map):
            engine_seat = None
        move = entry.get("move")
        item = {
            "seat": None if engine_seat is None else seat_map[engine_seat],
            "engine_seat": engine_seat,
            "kind": entry.get("kind") if isinstance(entry.get("kind"), str) else None,
            "auto": bool(entry.get("auto")),
            "move": engine.public_move(move, state, engine_seat) if isinstance(move, dict) else None,
        }
        for key in ("name", "text", "at"):
            if isinstance(entry.get(key), str):
                item[key] = entry[key]
        if "name" not in item and item["seat"] is not None:
            name = holder_name(holders, item["seat"], index)
            if name:
                item["name"] = name
        out.append(item)
    return out


def holder_name(holders: dict, seat: int, index: int) -> str | None:
    """Who held room seat ``seat`` when the hand's log entry ``index`` was made, from the record.

    A reload names past moves after the people who made them, not after whoever sits
    there now (a stand-in bot, a newcomer); bots are "Bot N" as on the seats.
    """
    for holder in stored.dicts(holders.get(str(seat))):
        start, until = holder.get("from_move", 0), holder.get("until_move")
        if not isinstance(start, int) or (until is not None and not isinstance(until, int)):
            continue
        if start <= index and (until is None or index < until):
            name = holder.get("name")
            return name if isinstance(name, str) and name else f"Bot {seat + 1}"
    return None


def epoch_ms(moment) -> int | None:
    return int(moment.timestamp() * 1000) if moment else None


def seat_entry(seat, engine_seat: int | None, connected: bool, turn_seat: int | None) -> dict:
    user = seat.user
    return {
        "index": seat.index,
        "team": seat.team,
        "engine_seat": engine_seat,
        "name": user.shown_name if user else (f"Bot {seat.index + 1}" if seat.bot_level else None),
        "user_id": seat.user_id,
        "bot": seat.bot_level or None,
        "stand_in": seat.stand_in,
        "active": seat.active,
        "remove_pending": seat.remove_pending,
        "reserved_by": (seat.reserved_by.display_name or seat.reserved_by.username) if seat.reserved_by else None,
        "connected": True if seat.bot_level else connected,
        "turn": turn_seat == seat.index,
        "has_client_seed": bool(seat.client_seed),
        "removal_at": removal_at(seat),
    }


def removal_at(seat) -> int | None:
    """When the sweep removes this absent person from the seat (epoch ms, server time), else None.

    The table counts it down at the seat ("leaves the table in 1:45"); the
    sweep runs every SWEEP_SECONDS, so the removal comes at most that late.
    """
    if seat.user_id is None or seat.absent_since is None:
        return None
    return epoch_ms(seat.absent_since + timedelta(seconds=settings.ABSENCE_GRACE_SECONDS))


_PUBLIC_ID_MARK = "public-id-mark"


@lru_cache(maxsize=8)
def _verify_url_pattern(script_prefix: str) -> str:
    return reverse("rooms:verify", args=[_PUBLIC_ID_MARK])


def verify_url(match) -> str:
    """``match.verify_url`` without resolving the URL anew for every snapshot (~3% of a move's CPU)."""
    return _verify_url_pattern(get_script_prefix()).replace(_PUBLIC_ID_MARK, match.public_id)


@lru_cache(maxsize=8)
def _player_url_pattern(script_prefix: str) -> str:
    return reverse("player", args=[0]).removesuffix("0/") + "{id}/"


def player_url() -> str:
    """A person's page, "{id}" standing for their user id, resolved once per script prefix."""
    return _player_url_pattern(get_script_prefix())


def match_entry(match, rated: bool = False) -> dict | None:
    if match is None:
        return None
    return {
        "id": match.id,
        "verify_url": verify_url(match),
        "number": match.number,
        "fingerprint": match.fingerprint,
        "next_fingerprint": match.next_fingerprint,
        "seed": match.revealed_seed,
        "client_seeds": stored.strings(match.client_seeds) if match.status != match.Status.PLAYING else None,
        "totals": stored.as_dict(match.totals),
        "status": match.status,
        "winners": stored.as_list(match.winners),
        # The host ended it before its end (``end_match``, ``new_match``): the dialog says so.
        "ended_early": match.ended_by_id is not None and match.status == match.Status.ABANDONED,
        # Nobody ended it, yet it has no result: its last person left it (rooms/actions/no_result.py).
        "deserted": match.ended_by_id is None and match.status == match.Status.ABANDONED,
        # Once it has ended: what it did to each person's rating (the result dialog's lines).
        "ratings": extensions.match_rating_changes(match, rated),
    }


def room_entry(
    room, seats, match, hand, connected_users: set[int], turn_seat: int | None, history: list, with_history: bool = True
) -> dict:
    """The room part of a snapshot.

    The twenty-hand history (9 KB of a 12 KB snapshot) changes only when a hand ends: a broadcast carries it
    only then, ``history_key`` always; a client holding another key asks for a full one (docs/protocol.md).
    """
    seat_map = {room_seat: engine_seat for engine_seat, room_seat in enumerate(hand.seat_map if hand else [])}
    ratings = extensions.seat_ratings(room.game, seats, match)
    return {
        "code": room.code,
        "name": room.name,
        "game": room.game,
        "public": room.is_public,
        "status": room.status,
        "paused": room.paused,
        "pause_reason": room.pause_reason or None,
        "host": room.host_id,
        "host_name": (room.host.display_name or room.host.username) if room.host else None,
        "time_limit": room.time_limit,
        "options": stored.as_dict(room.options),
        "seat_count": room.seat_count,
        "deadline": epoch_ms(room.deadline),
        "deadline_kind": room.deadline_kind or None,
        "deadline_left": room.deadline_left,
        "version": room.version,
        "state_version": room.state_version,
        "next_fingerprint": room.next_fingerprint,
        "dealer": room.dealer,
        "rated": room.rated,
        "arena": room.arena,  # a tournament's table: nobody sits but whom it seats
        "player_url": player_url(),  # a person's page: "{id}" is their user id (docs/protocol.md)
        "seats": [
            {
                **seat_entry(s, seat_map.get(s.index), s.user_id in connected_users, turn_seat),
                "rating": ratings[s.index],
            }
            for s in seats
        ],
        "match": match_entry(match, room.rated),
        # Who held each seat of the current hand, in order (docs/protocol.md): past events of
        # the hand are named from it, not from today's seats.
        "players": stored.as_dict(hand.players) if hand is not None else {},
        "history_key": room.history_key,
        **({"history": history[:HISTORY_LIMIT]} if with_history else {}),
        # The room's latest events (rooms/room_events.py), with the history: in every full
        # snapshot, so a client that reconnects reads what happened meanwhile.
        **({"events": stored.dicts(room.events)} if with_history else {}),
    }


class GameParts:
    """The game part of snapshots by engine seat (None: the public view), each worked out on first use.

    A change publishes to the connected users only: a room of one person and
    three bots needs that person's view and legal moves, not five views and four
    sets of legal moves (in Rouba Monte 7 µs instead of 32, docs/benchmarks.md).
    """

    def __init__(self, engine, state, playing: bool):
        self.engine, self.state, self.playing = engine, state, playing
        self._parts: dict = {}

    def part(self, engine_seat: int | None) -> dict:
        part = self._parts.get(engine_seat)
        if part is None:
            if self.engine is None:
                part = {"view": None, "legal": []}
            else:
                legal = (
                    self.engine.legal_moves(self.state, engine_seat) if self.playing and engine_seat is not None else []
                )
                part = {"view": self.engine.view(self.state, engine_seat), "legal": legal}
            self._parts[engine_seat] = part
        return part


def build(
    room,
    seats,
    match,
    hand,
    connected_users: set[int],
    now_ms: int,
    history: list,
    with_history: bool = True,
    state=None,
) -> tuple[dict, GameParts]:
    """The shared room part and the per-engine-seat game parts of snapshots.

    Returns ``(room_part, game_parts)``; ``game_parts.part(engine_seat)`` is
    ``{"view", "legal"}`` for an engine seat or None (the public view), each
    computed once per change and only if somebody receives it.
    """
    turn_seat = None
    engine = None
    if hand is not None:
        engine = registry.get(room.game)
        if state is None:
            state = engine.from_json(hand.state)
        current = engine.current_seat(state)
        if current is not None and room.status == room.Status.PLAYING:
            turn_seat = hand.seat_map[current]
    game_parts = GameParts(engine, state, room.status == room.Status.PLAYING)
    room_part = room_entry(room, seats, match, hand, connected_users, turn_seat, history, with_history)
    room_part["server_time"] = now_ms
    room_part["last_move"] = room.last_move if isinstance(room.last_move, dict) else None
    # Every move this change made (an automatic turn can make several), so the log misses none.
    room_part["moves_now"] = list(getattr(room, "moves_now", ()))
    if with_history:
        room_part["log"] = public_log(engine, hand, state) if hand is not None else []
    return room_part, game_parts


def for_user(room_part: dict, game_parts: GameParts, user_id: int, seats, hand) -> dict:
    """The snapshot one user receives: their seat's view, or the public one."""
    seat = next((s for s in seats if s.user_id == user_id), None)
    engine_seat = None
    if seat is not None and hand is not None and seat.index in hand.seat_map and seat.active:
        engine_seat = hand.seat_map.index(seat.index)
    part = game_parts.part(engine_seat)
    return {
        "type": "snapshot",
        "room": room_part,
        "you": {
            "user_id": user_id,
            "seat": seat.index if seat else None,
            "engine_seat": engine_seat,
            "host": room_part["host"] == user_id,
            "client_seed_needed": bool(seat and not seat.client_seed and room_part["status"] != "playing"),
            # The hints this seat may still ask for in this hand; None where none are offered.
            "hints_left": hints_left(hand, seat.index)
            if engine_seat is not None and not room_part["rated"] and room_part["status"] == "playing"
            else None,
        },
        "view": part["view"],
        "legal": part["legal"],
        "version": room_part["state_version"],
    }
