"""Hidden information, checked on the frames real sockets receive, over whole matches.

Hypothesis picks the match's seed and the bots' level; two people (over
WebSockets), bots and a spectator play a whole match of Rouba Monte and of
Crazy Eights. After every action each socket's new frames are checked against
the saved state: no card of another hand or of the stock, the view exactly the
engine's view of that seat, no seed before the match ends, never the next
match's seed, the deck or a bot's memory. Everything that passes through the
channel layer is recorded too: a user's group only ever carries that user's
snapshot, and the Celery tasks carry only a room id and a version.
"""

import asyncio
import itertools
import json
import re
from collections import Counter, defaultdict

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from rooms import services, tasks
from rooms.live import broadcast
from rooms.live.guarded import GuardedConsumer
from rooms.models import Room
from tests.rooms.wsclient import connect

pytestmark = pytest.mark.django_db(transaction=True)

CARD = re.compile(r'"([A2-9TJQK][CDHS])"')
EXAMPLES = itertools.count()


@pytest.fixture(autouse=True)
def quick(settings, clock):
    """The sockets' rate limits read ``clock``, moved on when they say wait, never slept on."""
    settings.MESA_EMBEDDED_WORKER = False
    settings.BOT_DELAY_SECONDS = 0


def truth(room_id: int) -> dict:
    """The room, match and hand as one state: read again if a move committed meanwhile."""
    while True:
        room = Room.objects.get(pk=room_id)
        match = room.matches.order_by("-number").first()
        hand = match.hands.order_by("-number").first() if match else None
        if Room.objects.filter(pk=room_id, version=room.version).exists():
            break
    return {
        "room": room,
        "match": match,
        "hand": hand,
        "memories": [s.bot_memory for s in room.seats.all() if s.bot_memory],
        "decks": [h.deck for h in room.hands.all()],
    }


def check_frame(game: str, frame: dict, now: dict, user_id: int) -> bool:
    """Check one frame; True when it was checked card by card against the saved state."""
    text = json.dumps(frame)
    room, match, hand = now["room"], now["match"], now["hand"]
    assert room.next_seed not in text, "the next match's seed was sent"
    if match is not None and match.status == "playing":
        assert match.seed not in text, "the seed was sent before the match ended"
        assert match.stream_key not in text
    assert '"deck"' not in text and '"bot_memory"' not in text and '"memory"' not in text
    for memory in now["memories"]:
        blob = json.dumps(memory, sort_keys=True)
        assert len(blob) < 8 or blob not in json.dumps(frame, sort_keys=True)
    if frame["type"] != "snapshot":
        return False
    assert frame["you"]["user_id"] == user_id, "a snapshot reached another user's socket"
    if hand is None or frame["view"] is None or frame["room"]["state_version"] != room.state_version:
        return False
    engine = registry.get(game)
    state = engine.from_json(hand.state)
    seat = frame["you"]["engine_seat"]
    assert frame["view"] == json.loads(json.dumps(engine.view(state, seat)))
    hidden = Counter(state.get("stock", []))
    for other, cards in enumerate(state["hands"]):
        if other != seat:
            hidden.update(cards)
    shown = {k: v for k, v in frame.items() if k != "room"}
    shown["last_move"] = frame["room"]["last_move"]
    shown["seats"] = frame["room"]["seats"]
    for card in set(CARD.findall(json.dumps(shown))):
        assert not hidden[card], f"{card} is hidden from seat {seat} but was sent"
    return True


async def play_match(game: str, seed: str, level: str, users: dict) -> tuple[int, int]:
    """Returns (frames checked card by card, channel-layer messages checked)."""
    alice, bob, charlie = users["alice"], users["bob"], users["charlie"]
    room = await database_sync_to_async(services.create_room)(alice, game, "Wire", time_limit=None, seat_count=4)
    await database_sync_to_async(services.sit)(bob, room.code, 2)
    for seat in (1, 3):
        await database_sync_to_async(services.add_bot)(alice, room.code, seat, level)
    await database_sync_to_async(Room.objects.filter(pk=room.pk).update)(next_seed=seed)

    layer = get_channel_layer()
    sent_to_layer: list = []
    original = layer.group_send

    async def recording_group_send(group, message):
        sent_to_layer.append((group, json.loads(json.dumps(message))))
        return await original(group, message)

    queued: list = []
    layer.group_send = recording_group_send
    tasks.run_deadline.apply_async = lambda args=None, **kw: queued.append((args, kw))
    socks = {}
    try:
        for user in (alice, bob, charlie):
            socks[user.id], ok, _ = await connect(user, f"/ws/rooms/{room.code}/")
            assert ok
        await database_sync_to_async(services.start_match)(alice, room.code)
        people = {0: alice, 2: bob}
        frames = moves = 0
        latest = {}
        held = defaultdict(list)
        for _ in range(3000):
            now = await database_sync_to_async(truth)(room.id)
            target = now["room"].version
            for user_id, comm in socks.items():
                for frame in held.pop(user_id, []):
                    frames += check_frame(game, frame, now, user_id)
                    latest[user_id] = frame
                while latest.get(user_id) is None or latest[user_id]["room"]["version"] < target:
                    frame = await comm.receive_json_from(timeout=5)
                    frames += check_frame(game, frame, now, user_id)
                    if frame["type"] == "snapshot":
                        latest[user_id] = frame
            current = now["room"]
            if current.status == Room.Status.MATCH_OVER:
                break
            if current.status == Room.Status.HAND_OVER:
                await database_sync_to_async(services.next_hand)(alice, room.code)
                continue
            if current.deadline_kind == "bot":
                await database_sync_to_async(services.run_deadline)(current.id, current.state_version)
                continue
            engine = registry.get(game)
            hand = now["hand"]
            seat = hand.seat_map[engine.current_seat(engine.from_json(hand.state))]
            user = people.get(seat)
            if user is None:  # a bot's turn not yet planned in what we read: read again
                await asyncio.sleep(0.05)
                continue
            snap = latest[user.id]
            moves += 1
            await socks[user.id].send_json_to(
                {"action": "move", "id": moves, "version": snap["version"], "move": snap["legal"][-1]}
            )
            while True:  # its answer; a machine outpaces the rate limit, and then waits as told
                frame = await socks[user.id].receive_json_from(timeout=5)
                if frame["type"] == "snapshot":  # checked against the state it shows, next round
                    held[user.id].append(frame)
                    continue
                frames += check_frame(game, frame, now, user.id)
                if frame.get("id") == moves or frame.get("code") == "rate_limited":
                    break
            if frame.get("code") == "rate_limited":
                GuardedConsumer.clock.advance(1.0)  # the wait the server asked for, on the sockets' clock
        assert current.status == Room.Status.MATCH_OVER
        final = latest[charlie.id]
        assert final["room"]["match"]["seed"] == seed  # revealed at the end, to everyone
    finally:
        del layer.group_send
        del tasks.run_deadline.apply_async
        for comm in socks.values():
            await comm.disconnect()
    # Every message through the channel layer: a user's group carries only that user's snapshot.
    for group, message in sent_to_layer:
        if message["type"] == "room.snapshot":
            user_id = int(group.rsplit("-", 1)[1])
            assert group == broadcast.user_group(room.id, user_id)
            assert json.loads(message["text"])["you"]["user_id"] == user_id
        else:
            assert not CARD.search(json.dumps(message)), message
        assert seed not in json.dumps(message) or json.loads(message["text"])["room"]["match"]["status"] != "playing"
    # What the Celery broker would carry: a room id and a version, nothing else (their text
    # for the task's log line, and no queue declaration: rooms.tasks.deadline_options).
    for args, kw in queued:
        assert len(args) == 2 and all(isinstance(a, int) for a in args)
        assert set(kw) <= {"eta", "countdown", "argsrepr", "kwargsrepr", "declare"}
        assert kw.get("argsrepr", repr(tuple(args))) == repr(tuple(args))
        assert (kw.get("kwargsrepr", "{}"), kw.get("declare", [])) == ("{}", [])
    return frames, len(sent_to_layer)


@pytest.mark.parametrize("game", ["rouba_monte", "crazy_eights"])
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.binary(min_size=32, max_size=32).map(bytes.hex), level=st.sampled_from(["easy", "normal", "hard"]))
def test_no_frame_a_socket_receives_carries_a_secret(game, seed, level, make_user):
    run = next(EXAMPLES)
    users = {name: make_user(f"{name}-{game[:5]}-{run}") for name in ("alice", "bob", "charlie")}
    frames, through_layer = asyncio.run(play_match(game, seed, level, users))
    assert frames > 30 and through_layer > 30
