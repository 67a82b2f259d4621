"""One unit of work for every action on a room: lock and read once, change, then save and publish once.

``with open_table(code, user=..., host_only=...) as t:`` locks the room's row
(IMMEDIATE transactions serialise SQLite writers) and reads the room with its
match and hand (or takes them, the seats and the engine state from this process's
copy, rooms/room_cache.py); seats and the engine state are read on first use, once. The
action checks and changes ``t``. On a clean exit the table bumps the room's
versions, plans the deadline when the game state changed, writes the dirty
rows, and after commit publishes every connected user's snapshot, schedules
the deadline (``deadline_planned``, received by rooms/tasks.py) and sends the
other events (``t.emit``), exactly once. An error rolls everything back and
publishes nothing. The acting user's snapshot is ``t.reply`` (and
``room.acting_reply``) once the block has closed.

``Table.apply``, ``Table.remove_player``, ``Table.deal`` and ``Table.end_hand``
are the only code that changes a game state through its engine.
"""

from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal

from config import realtime
from games import IllegalMove, fair, registry
from games.canonical import canonical_move
from rooms import clock, match_length, queries, room_cache, seat_rules, writer
from rooms.errors import RoomError
from rooms.live import broadcast
from rooms.models import Hand, Match, Room, Seat
from rooms.records import describe, participants, stored
from rooms.words import move_words

HISTORY_KEEP = 20
# Every column but the hand history and the room's events, which change only when a hand
# ends or an event is announced: a move should not rewrite twenty hands' results.
ROOM_FIELDS_BUT_HISTORY = tuple(
    f.name for f in Room._meta.concrete_fields if not f.primary_key and f.name not in ("history", "events")
)

# Sent after commit when a table planned a deadline: room_id, version, eta, kind (the room's deadline_kind).
deadline_planned = Signal()


@contextmanager
def open_table(code=None, *, room_id=None, user=None, host_only=False, allow_closed=False, missing_ok=False):
    """The room locked for one action (by code, or by id for tasks); see the module's docstring."""
    with writer.atomic():  # on SQLite, in turn with this process's other writers (rooms/writer.py)
        room, kept = room_cache.lock(code=code, room_id=room_id)  # the rest from this process's copy if it holds
        if room is None:
            if not missing_ok:
                raise RoomError("room_not_found", "This room does not exist.")
            yield None
            return
        if room.status == Room.Status.CLOSED and not allow_closed:
            raise RoomError("room_closed", "This room is closed.")
        if host_only and room.host_id != user.id:
            raise RoomError("not_host", "Only the host can do that.")
        table = Table(room, user, kept)
        yield table
        table.commit()


class Table:
    """A locked room and what an action does to it; written and published by ``commit``."""

    def __init__(self, room: Room, user=None, kept: room_cache.Kept | None = None):
        self.room = room
        self.user = user
        self.spec = registry.spec(room.game)
        self.engine = registry.get(room.game)
        self._seats: list[Seat] | None = kept.seats if kept else None
        self._state = kept.state if kept else None
        self._dirty: dict[int, tuple[Seat, set | None]] = {}
        self._logged: list[Hand] = []  # hands with log entries waiting for commit
        self._bumped = False
        self._skip = False
        self._only: tuple[str, ...] | None = None
        self._schedule = False
        self.state_changed = False
        self.replan = False
        self.lobby: bool | None = True  # None: only once the hand is no longer being played
        self.events: list[tuple[dict, frozenset]] = []
        self._events_only = False
        self.reply: dict | None = None

    # -- reading ---------------------------------------------------------------------------------

    @property
    def seats(self) -> list[Seat]:
        if self._seats is None:
            self._seats = queries.seats_of(self.room)
        return self._seats

    @property
    def match(self) -> Match | None:
        return self.room.current_match

    @property
    def hand(self) -> Hand | None:
        return self.room.current_hand

    @property
    def state(self):
        """The current hand's engine state, parsed once for the whole action."""
        if self._state is None and self.hand is not None:
            self._state = self.engine.from_json(self.hand.state)
        return self._state

    def seat_for(self, user=None) -> Seat | None:
        return seat_rules.seat_for_user(self.seats, user or self.user)

    def seat_at(self, index) -> Seat:
        return seat_rules.seat_at(self.seats, index)

    def connected_user_ids(self) -> set[int]:
        return {int(uid) for uid, count in (self.room.connected or {}).items() if count > 0}

    def turn(self) -> tuple[Seat, int] | None:
        """The seat whose turn it is and its engine seat, or None."""
        current = self.engine.current_seat(self.state) if self.hand is not None else None
        if current is None:
            return None
        index = self.hand.seat_map[current]
        return next(s for s in self.seats if s.index == index), current

    # -- marking what changed ------------------------------------------------------------------

    def touch_seat(self, seat: Seat, *fields: str) -> None:
        """``seat`` is written on exit: ``fields`` only, or every column when none are named."""
        _seat, known = self._dirty.get(id(seat), (seat, set()))
        self._dirty[id(seat)] = (seat, None if not fields or known is None else known | set(fields))

    def touch(self, state_changed: bool = False) -> None:
        self.state_changed = self.state_changed or state_changed

    def skip(self) -> None:
        """Nothing changed: write nothing, publish nothing."""
        self._skip = True

    def save_only(self, *fields: str) -> None:
        """Write these columns of the room and nothing else: no new version, nobody told."""
        self._only = fields

    def emit(self, kind: str, *, exclude=(), **payload) -> None:
        """An event for everyone connected but the users in ``exclude``, sent after commit with the snapshots."""
        self.events.append(({"kind": kind, **payload}, frozenset(exclude)))

    def events_only(self) -> None:
        """The room itself did not change: no new version, no snapshot; only the events are sent."""
        self._events_only = True

    # -- the engine ------------------------------------------------------------------------------

    def _log(self, entry: dict) -> None:
        """The entry joins the hand's log when the table is written (``commit``), in the room's statement."""
        queries.defer_move(self.hand, entry)
        if self.hand not in self._logged:
            self._logged.append(self.hand)

    def _set_state(self, state) -> None:
        self._state = state
        self.hand.state = self.engine.to_json(state)

    def _bump(self, state_changed: bool) -> None:
        self.room.version += 1
        if state_changed:
            self.room.state_version += 1
            self.state_changed = True
        self._bumped = True

    def apply(self, engine_seat: int, move, kind: str, by: str):
        """One move through the engine, recorded in the hand's log; ``RoomError`` if refused."""
        move = self._legal_copy(engine_seat, move)
        before = self.state
        try:
            state = self.engine.apply(before, engine_seat, move)
        except IllegalMove as exc:
            raise RoomError(exc.code, exc.message) from None
        self._set_state(state)
        auto = kind in ("timeout", "grace")
        entry = log_entry(engine_seat, move, kind, by, auto=auto)
        run = move_words.extended_run(self.engine, before, engine_seat, move)
        if run:
            entry["run"] = run  # kept in the log: a running match's record names it without replaying the deal
        self._log(entry)
        public = self.engine.public_move(move, state, engine_seat)
        self.room.last_move = {
            "seat": self.hand.seat_map[engine_seat],
            "engine_seat": engine_seat,
            "kind": kind,
            "auto": auto,
            "move": public,
            "at": entry["at"],
            **move_words.live_words(self.room.game, self.seats, self.hand.seat_map, {**entry, "move": public}, run),
        }
        # Not saved: the moves of this change, for its snapshots' logs (rooms/live/snapshots.py).
        self.room.moves_now = [*getattr(self.room, "moves_now", ()), self.room.last_move]
        self._bump(state_changed=True)
        if self.engine.is_over(state):
            self.end_hand()
        return state

    def _legal_copy(self, engine_seat: int, move) -> dict:
        """The legal move that ``move`` names, the engine's own copy: only that is applied, stored and sent.
        One naming none is refused with the engine's code (``bad_move``); the client's dict goes no further."""
        played = canonical_move(self.engine.legal_moves(self.state, engine_seat), move)
        if played is not None:
            return played
        try:
            self.engine.apply(self.state, engine_seat, move)
        except IllegalMove as exc:
            raise RoomError(exc.code, exc.message) from None
        raise RoomError("bad_move", "That move is not valid.")  # accepted, yet not in legal_moves

    def remove_player(self, seat: Seat, by: str) -> None:
        """A leaver's cards go where the game's ``remove_player`` puts them (the hand may be over)."""
        engine_seat = self.hand.seat_map.index(seat.index)
        self._set_state(self.engine.remove_player(self.state, engine_seat))
        self._log(log_entry(engine_seat, None, "leave", by=by))

    def hand_is_over(self) -> bool:
        return self.engine.is_over(self.state)

    def deal(self, match: Match, number: int, players: list[Seat], tiebreak: list[str] | None = None) -> Hand:
        """Deal hand ``number`` of ``match`` to ``players`` from the match's fair stream."""
        room, engine = self.room, self.engine
        for seat in self.seats:
            seat.active = seat in players
            self.touch_seat(seat, "active")
        dealer = seat_rules.next_dealer(room, players)
        room.dealer = dealer.index
        seat_map = [s.index for s in players]
        options = dict(match.options)
        key = match.stream_key
        deck = fair.shuffle(key, fair.deal_label(number), engine.new_deck(options))
        if tiebreak is not None:
            # The round's seats travel in the hand's options, so that a replay deals it again.
            options = engine.tiebreak_options(options, [seat_map.index(int(s)) for s in tiebreak if int(s) in seat_map])
        first = seat_map.index(dealer.index)
        state = engine.deal(players=len(players), dealer=first, deck=deck, options=options, seed=key, hand=number)
        hand = Hand.objects.create(
            match=match, room=room, number=number, game=room.game, dealer=first, seat_map=seat_map,
            options=options, state=engine.to_json(state), deck=deck,
        )  # fmt: skip
        participants.record_deal(hand, match, players, clock.now())
        room.current_hand, room.status, self._state = hand, Room.Status.PLAYING, state
        room.last_move = {
            "kind": "deal",
            "hand": number,
            "dealer": dealer.index,
            "at": hand.started_at.isoformat(),
            "name": dealer.user.shown_name if dealer.user_id else None,
            "text": describe.in_languages(describe.live_event, "deal", describe.seat_holder(dealer), hand=number),
        }
        keep = Hand.objects.filter(room=room).order_by("-started_at", "-id").values_list("id", flat=True)
        Hand.objects.filter(room=room).exclude(id__in=list(keep[:HISTORY_KEEP])).exclude(ended_at=None).delete()
        return hand

    def end_hand(self) -> None:
        """Score the hand, add it to the match, decide the match, apply the seat changes that waited."""
        room, match, hand, engine = self.room, self.match, self.hand, self.engine
        result = engine.result(self.state)
        teams, seat_map = self.spec.teams, hand.seat_map
        keys = {k: k for k in result["scores"]} if teams else {str(i): str(s) for i, s in enumerate(seat_map)}
        abandoned = bool(result.get("abandoned"))
        hand.result = {
            "scores": {keys.get(k, k): v for k, v in result["scores"].items()},
            "winners": [keys.get(w, w) for w in result["winners"]],
            "breakdown": result.get("breakdown", {}),
            "engine": result,
        }
        hand.ended_at = clock.now()
        # The engine keeps its own match arithmetic (points summed, games counted, tie-break rounds).
        match.totals = engine.add_to_totals(match.totals, result, None if teams else keys)
        # Fewer than two active players: the match ends with no winner.
        decided = {"over": True, "winners": []} if abandoned else engine.match_status(match.totals, dict(match.options))
        status = match_length.status(room, hand.number, match.totals, decided)
        if status.get("over"):
            match.status, match.winners, match.ended_at = Match.Status.OVER, status.get("winners", []), clock.now()
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
        players = participants.history_players(participants.holders(hand))
        entry = {"number": hand.number, "match": match.id, "result": hand.result, "dealer": hand.dealer,
                 "seat_map": seat_map, "players": players}  # fmt: skip
        room.history = [entry, *(room.history or [])][:HISTORY_KEEP]
        room.history_key = stored.history_key(room.history)
        room.history_changed = True
        room.deadline, room.deadline_kind, room.deadline_left = None, "", None
        seat_rules.apply_boundary(self, "hand")
        if room.status == Room.Status.MATCH_OVER:
            seat_rules.apply_boundary(self, "match")

    # -- deadlines -------------------------------------------------------------------------------

    def plan_deadline(self) -> None:
        """Who must act by when: a bot after its delay, a person within the time limit or the grace."""
        if (room := self.room).quick_play and room.status == Room.Status.WAITING and room.deadline_kind == "quick":
            return self.set_deadline(room.deadline) if room.deadline else None  # the start with bots: a new version
        room.deadline, room.deadline_kind, room.deadline_left = None, "", None
        turn = self.turn() if room.status == Room.Status.PLAYING else None
        if turn is None:
            return
        seat = turn[0]
        if seat.bot_level:
            delta, kind = settings.BOT_DELAY_SECONDS, "bot"
        elif room.time_limit:
            delta, kind = room.time_limit, "turn"
        elif seat.user_id not in self.connected_user_ids():
            delta, kind = settings.DISCONNECTED_TURN_SECONDS, "grace"
        else:
            return
        room.deadline_kind = kind
        if room.paused:
            room.deadline_left = float(delta)
            return
        self.set_deadline(clock.now() + timedelta(seconds=delta))

    def set_deadline(self, eta) -> None:
        """The room's deadline is ``eta``; its task is scheduled after commit."""
        self.room.deadline = eta
        self._schedule = True

    # -- on exit ---------------------------------------------------------------------------------

    def commit(self) -> None:
        """Write what changed, once, and after commit tell everyone, once."""
        room = self.room
        # The current hand's entries go with the room's row; any other hand's (one that ended
        # before a new deal in this action) are written first.
        plain = not (self._skip or self._events_only or self._only is not None or getattr(room, "history_changed", 0))
        with_room = self.hand if plain and self._logged and self._logged[-1] is self.hand else None
        for hand in self._logged:
            if hand is not with_room:
                queries.flush_moves(hand)
        if self._skip:
            return
        if self._events_only:
            transaction.on_commit(self._send_events, robust=True)
            return
        if self._only is not None:
            queries.save_fields(room, self._only)
            return
        if not self._bumped:
            self._bump(self.state_changed)
        if self.state_changed or self.replan:
            self.plan_deadline()
        for seat, fields in self._dirty.values():
            if fields is None:
                seat.save()
            else:  # a bot's memory after its move, a flag: the UPDATE compiled once per thread
                queries.save_fields(seat, tuple(sorted(fields)))
        if getattr(room, "history_changed", False):
            room.save()
        else:
            queries.save_fields(room, ROOM_FIELDS_BUT_HISTORY, moves_of=with_room)
        # robust: a layer or broker that is down must not turn a committed action into an error.
        if self._schedule and room.deadline is not None and not room.paused:
            planned = dict(room_id=room.id, version=room.state_version, eta=room.deadline, kind=room.deadline_kind)
            transaction.on_commit(lambda: deadline_planned.send(Table, **planned), robust=True)
        transaction.on_commit(self._publish, robust=True)
        transaction.on_commit(self._keep, robust=True)  # once published: the next unit may take them
        lobby = self.lobby if self.lobby is not None else room.status != Room.Status.PLAYING
        if lobby:
            transaction.on_commit(broadcast.publish_lobby, robust=True)

    def _publish(self) -> None:
        messages = broadcast.publish_room(self.room.id, room=self.room, seats=self._seats, state=self._state)
        if self.user is not None:
            self.reply = messages.get(self.user.id)
            self.room.acting_reply = self.reply
        self._send_events()

    def _keep(self) -> None:
        room_cache.keep(self.room, self._seats, self._state)

    def _send_events(self) -> None:
        if self.events:
            users = self.connected_user_ids()
            realtime.group_send_many(
                [(broadcast.user_group(self.room.id, uid), {"type": "room.event", "event": event})
                 for event, exclude in self.events for uid in users - exclude]
            )  # fmt: skip


def log_entry(engine_seat: int, move: dict | None, kind: str, by: str, auto: bool = False) -> dict:
    return {"seat": engine_seat, "move": move, "kind": kind, "auto": auto, "by": by, "at": clock.now().isoformat()}
