"""Hostile input on the room socket: every message gets one clear answer, nothing else changes.

Hypothesis sends sequences of messages from three users (alice the host at
seat 0, bob at seat 1, charlie who only watches): bytes that are not JSON,
JSON of the wrong shape or types, huge frames, unknown actions, repeated ids,
moves on old or future versions, moves naming another seat, host actions from
non-hosts, and real legal moves in between. Each message is answered with
exactly one ack, error (with a stable code and a message) or pong; no socket
is closed; and the room's log holds exactly the acknowledged moves, in order,
and replays (games.fair.replay) to the saved state.
"""

import asyncio
import json
import re

import pytest
from channels.db import database_sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import fair, registry
from rooms import services
from rooms.models import Room
from tests.rooms.wsclient import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)

PROTOCOL_CODES = {
    "bad_json", "bad_message", "too_large", "unknown_action", "duplicate_id", "rate_limited",
    "room_not_found", "room_closed", "not_host", "not_seated", "already_seated", "seat_taken",
    "seat_reserved", "bad_seat", "too_many_bots", "not_a_bot", "bad_level", "need_person",
    "need_players", "seats_empty", "match_in_progress", "no_hand_to_deal", "not_playing", "paused",
    "not_playing_here", "bad_version", "stale", "bad_options", "bad_time_limit", "bad_client_seed",
    "already_paused", "not_paused", "bad_move",
    "chat_bad_phrase", "chat_bad_reason", "chat_empty", "chat_muted", "chat_no_such_message",
    "chat_no_such_user", "chat_note_too_long", "chat_rate_limited", "chat_self_mute", "chat_too_long",
    "chat_report_own", "chat_report_closed",
}  # fmt: skip
ENGINE_CODES = {
    "already_drawn", "bad_steal", "bad_target", "cannot_pass", "card_does_not_fit", "card_not_in_hand",
    "discard_empty", "hand_over", "invalid_run", "run_set", "run_mixed_suits", "run_two_wilds", "run_not_in_sequence", "must_capture", "must_draw", "must_play_drawn_or_keep",
    "must_steal", "no_steal", "own_pile", "stock_empty", "suit_required", "not_your_turn", "nothing_to_draw",
    "nothing_to_keep", "not_supported", "too_few_cards",
}  # fmt: skip
ACTIONS = [
    "move", "sit", "leave", "start", "new_match", "next_hand", "pause", "resume", "add_bot",
    "remove_bot", "options", "client_seed", "ping",
    "chat", "chat_quick", "chat_mute", "chat_unmute", "chat_report",
]  # fmt: skip

anything = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
ids = st.sampled_from(["a", "b", 1, 2, 1.5, True, None, [], {"x": 1}, "c" * 300])
fields = st.dictionaries(
    st.sampled_from(
        ["seat", "version", "move", "level", "options", "time_limit", "seed", "room", "user_id", "code"]
        + ["text", "phrase", "user", "muted", "message", "reason", "note"]
    ),
    anything
    | st.integers(-2, 6)
    | st.sampled_from(["easy", "hard", "ab12cd34ef", {"type": "discard", "card": "AS"}])
    # ids beyond the database's 64-bit integers (issue 55): a seat, a user, a message
    | st.sampled_from([2**63, -(2**63) - 5, 10**20]),
    max_size=4,
)
action_msg = st.builds(
    lambda action, msg_id, extra: {"action": action, "id": msg_id, **extra},
    st.sampled_from([*ACTIONS, "fly", "", "MOVE", "__init__"]) | anything,
    ids,
    fields,
)
raw = st.one_of(
    st.text(max_size=60),
    st.binary(max_size=60),
    st.just("x" * 9000),
    st.just(json.dumps({"action": "ping", "pad": "y" * 100_000})),
    st.builds(json.dumps, anything),
)
# A real legal move of whoever sends it, made on the current version (or one off),
# sometimes claiming another seat or user: the server must take the seat from its own record.
legal = st.tuples(
    st.just("LEGAL"),
    st.sampled_from([0, 0, 0, -1, 1]),
    st.sampled_from([None, None, {"seat": 1}, {"seat": 0, "engine_seat": 0, "user_id": 1}]),
)
# Legal moves first: Hypothesis leans towards the first alternative, and the fuzz must also play.
message = st.one_of(legal, action_msg, legal, raw, legal)
# "turn": whoever's turn it is when the step comes, so that every example also plays.
step = st.tuples(st.sampled_from(["turn", "alice", "bob", "turn", "bob", "alice", "charlie"]), message)
ACCEPTED: list = []  # (legal moves tried, moves acknowledged) per example


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
    settings.BOT_DELAY_SECONDS = 0


# How long a socket may take to answer: generous, so that a busy machine is slow, never wrong.
ANSWER_TIMEOUT = 30


class Sock:
    def __init__(self, comm):
        self.comm = comm
        self.snapshot = None
        self.sent = 0

    async def answer(self) -> dict:
        """The next message that is not a snapshot (snapshots are kept)."""
        while True:
            msg = await self.comm.receive_json_from(timeout=ANSWER_TIMEOUT)
            if msg["type"] == "snapshot":
                if self.snapshot is None or msg["room"]["version"] >= self.snapshot["room"]["version"]:
                    self.snapshot = msg
                continue
            return msg

    async def drain(self, version: int) -> None:
        """Every snapshot up to the room's ``version``, so that a legal move is made on the current table."""
        while self.snapshot["room"]["version"] < version:
            msg = await self.comm.receive_json_from(timeout=ANSWER_TIMEOUT)
            if msg["type"] == "snapshot" and msg["room"]["version"] >= self.snapshot["room"]["version"]:
                self.snapshot = msg
        while not await self.comm.receive_nothing(timeout=0.01):
            msg = await self.comm.receive_json_from()
            if msg["type"] == "snapshot" and msg["room"]["version"] >= self.snapshot["room"]["version"]:
                self.snapshot = msg


def room_version(code: str) -> int:
    return Room.objects.values_list("version", flat=True).get(code=code)


def room_log(code: str) -> tuple[list, list]:
    """(every move log entry of the room in order, [(game, hand, stream key)])."""
    room = Room.objects.get(code=code)
    entries, hands = [], []
    for match in room.matches.order_by("number"):
        for hand in match.hands.order_by("number"):
            entries.extend(hand.moves)
            hands.append((hand, match.stream_key))
    return entries, hands


def check_replay(game: str, hands) -> None:
    engine = registry.get(game)
    for hand, key in hands:
        replayed = fair.replay(game, len(hand.seat_map), hand.dealer, hand.options, key, hand.moves, hand=hand.number)
        assert engine.to_json(replayed) == hand.state


def whose_turn(snapshot: dict, users: dict) -> str:
    seat = next((s for s in snapshot["room"]["seats"] if s["turn"]), None)
    return next((name for name, user in users.items() if seat and user.id == seat["user_id"]), "alice")


async def fuzz(users: dict, steps: list) -> None:
    room = await database_sync_to_async(services.create_room)(users["alice"], "rouba_monte", "Fuzz", time_limit=None)
    await database_sync_to_async(services.sit)(users["bob"], room.code, 1)
    await database_sync_to_async(services.start_match)(users["alice"], room.code)
    socks = {}
    for name, user in users.items():
        comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
        assert connected
        socks[name] = Sock(comm)
        while socks[name].snapshot is None:
            msg = await comm.receive_json_from(timeout=ANSWER_TIMEOUT)
            if msg["type"] == "snapshot":
                socks[name].snapshot = msg
    accepted = []
    for sender, msg in steps:
        version = await database_sync_to_async(room_version)(room.code)
        if sender == "turn":
            await socks["alice"].drain(version)
            sender = whose_turn(socks["alice"].snapshot, users)
        sock = socks[sender]
        await sock.drain(version)
        if isinstance(msg, tuple):
            _, offset, claims = msg
            snap = sock.snapshot
            move = snap["legal"][0] if snap["legal"] else {"type": "discard", "card": "AS"}
            payload = {"action": "move", "version": snap["version"] + offset, "move": move, **(claims or {})}
            sock.sent += 1
            payload["id"] = f"m{sock.sent}"
            await sock.comm.send_to(text_data=json.dumps(payload))
        elif isinstance(msg, dict):
            payload = msg
            try:
                text = json.dumps(msg)
            except (TypeError, ValueError):
                continue
            await sock.comm.send_to(text_data=text)
        elif isinstance(msg, bytes):
            payload = None
            await sock.comm.send_to(bytes_data=msg or b"\x00")
        else:
            payload = None
            await sock.comm.send_to(text_data=msg or " ")
        reply = await sock.answer()
        assert reply["type"] in ("ack", "error", "pong"), reply
        if reply["type"] == "error":
            assert reply["code"] in PROTOCOL_CODES | ENGINE_CODES, reply
            assert isinstance(reply["message"], str) and reply["message"]
        if reply["type"] == "ack" and payload and payload.get("action") == "move":
            accepted.append((users[sender].username, payload["move"]))
            assert sender != "charlie"
    moves_tried = sum(1 for _, m in steps if isinstance(m, tuple))  # by anyone, on the right version or not
    ACCEPTED.append((moves_tried, len(accepted)))
    for name, sock in socks.items():
        await sock.comm.send_json_to({"action": "ping", "id": "last"})
        assert (await sock.answer())["type"] == "pong", f"{name}'s socket was closed"
        await sock.comm.disconnect()
    entries, hands = await database_sync_to_async(room_log)(room.code)
    logged = [(e["by"], e["move"]) for e in entries if e["kind"] == "move"]
    assert logged == accepted
    await database_sync_to_async(check_replay)("rouba_monte", hands)


def fuzz_examples(alice, bob, charlie, steps):
    asyncio.run(fuzz({"alice": alice, "bob": bob, "charlie": charlie}, steps))


def test_hostile_messages_get_one_clear_answer_and_change_nothing_else(alice, bob, charlie):
    ACCEPTED.clear()
    run = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))(
        given(steps=st.lists(step, min_size=10, max_size=50))(fuzz_examples)
    )
    run(alice, bob, charlie)
    # The fuzz also played: real moves went through between the hostile ones.
    assert sum(accepted for _, accepted in ACCEPTED) >= 3, ACCEPTED


def test_a_seat_named_in_a_move_is_ignored(alice, bob):
    """Bob claims alice's seat (and user id) on her turn: refused, and nothing moves."""

    async def scenario():
        room = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Mesa", time_limit=None)
        await database_sync_to_async(services.sit)(bob, room.code, 1)
        await database_sync_to_async(services.start_match)(alice, room.code)
        comms = {}
        for name, user in (("alice", alice), ("bob", bob)):
            comms[name], _, _ = await connect(user, f"/ws/rooms/{room.code}/")
        snaps = {name: await comms[name].receive_json_from(timeout=ANSWER_TIMEOUT) for name in comms}
        mover = "alice" if snaps["alice"]["room"]["seats"][0]["turn"] else "bob"
        other = "bob" if mover == "alice" else "alice"
        move = snaps[mover]["legal"][0]
        seat = snaps[mover]["you"]["seat"]
        await comms[other].send_json_to(
            {
                "action": "move",
                "id": 1,
                "version": snaps[other]["version"],
                "move": move,
                "seat": seat,
                "engine_seat": seat,
                "user_id": snaps[mover]["you"]["user_id"],
            }
        )
        err, _ = await receive_until(comms[other], lambda m: m["type"] != "snapshot")
        assert err["type"] == "error" and err["code"] in ("not_your_turn", "card_not_in_hand", "must_capture")
        entries, _ = await database_sync_to_async(room_log)(room.code)
        assert entries == []
        for comm in comms.values():
            await comm.disconnect()

    asyncio.run(scenario())


def test_a_socket_only_acts_on_its_own_room(alice, bob, charlie):
    """Charlie's socket in his own room cannot reach alice's room by naming it in a message."""

    async def scenario():
        theirs = await database_sync_to_async(services.create_room)(alice, "rouba_monte", "Theirs", time_limit=None)
        await database_sync_to_async(services.sit)(bob, theirs.code, 1)
        before = (await database_sync_to_async(Room.objects.get)(pk=theirs.pk)).version
        mine = await database_sync_to_async(services.create_room)(charlie, "rouba_monte", "Mine", time_limit=None)
        comm, _, _ = await connect(charlie, f"/ws/rooms/{mine.code}/")
        await comm.receive_json_from(timeout=ANSWER_TIMEOUT)
        for i, msg in enumerate(
            [
                {"action": "add_bot", "seat": 2, "level": "easy", "room": theirs.code, "code": theirs.code},
                {"action": "start", "room": theirs.code, "code": theirs.code},
            ]
        ):
            await comm.send_json_to({**msg, "id": i})
        for i in range(2):  # each answered (refused or done) before the room is read
            await receive_until(comm, lambda m, i=i: m.get("id") == i and m["type"] in ("ack", "error"))
        await comm.disconnect()
        room = await database_sync_to_async(Room.objects.get)(pk=theirs.pk)
        assert room.status == "waiting" and room.version == before
        bots = await database_sync_to_async(lambda: [s.bot_level for s in room.seats.order_by("index")])()
        assert bots == ["", "", "", ""]

    asyncio.run(scenario())


def test_the_codes_in_this_file_are_the_documented_ones():
    text = open("docs/protocol.md").read()
    documented = set(re.findall(r"`([a-z_]+)`", text))
    assert PROTOCOL_CODES - {"already_paused", "not_paused", "bad_move"} <= documented
