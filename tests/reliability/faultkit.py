"""Fault scenarios against a real stack, shared by tests/reliability and bench/faults.py.

Each scenario starts the Mesa processes it needs on a `scripts.stack.Stack`
whose Redis and PostgreSQL are running and migrated, plays a match through
real WebSockets while it injects one fault, stops its processes again and
returns a `Run`: moves acknowledged, acknowledged moves missing from the
database, duplicates, and how long the site took to recover. It never
decides pass or fail; the tests and the bench read the figures.
"""

import asyncio
import json
import os
import random
import signal
import time
from collections import Counter
from dataclasses import dataclass, field

import websockets

from games import fair, registry
from scripts import stack as stackmod
from tests.live import make_room, make_users, manage_shell

FAST_ENV = {
    "MESA_BOT_DELAY_MS": "100",
    "MESA_SWEEP_SECONDS": "1",
    "MESA_PRESENCE_REFRESH_SECONDS": "2",
    "MESA_PRESENCE_STALE_SECONDS": "6",
    "MESA_DISCONNECTED_TURN_SECONDS": "1",
    "LOG_LEVEL": "WARNING",
}

ROOM_DUMP = """
import json
from rooms.models import Room
room = Room.objects.get(code=CODE)
match = room.matches.order_by("-number").first()
out = {"id": room.id, "version": room.version, "state_version": room.state_version, "status": room.status,
       "deadline": room.deadline.timestamp() if room.deadline else None, "deadline_kind": room.deadline_kind,
       "game": room.game, "hands": []}
if match is not None:
    out["stream_key"] = match.stream_key
    out["match_status"] = match.status
    for h in match.hands.order_by("number"):
        out["hands"].append({"number": h.number, "dealer": h.dealer, "seat_map": h.seat_map,
                             "options": h.options, "state": h.state, "moves": h.moves})
print("JSON" + json.dumps(out))
"""


def room_dump(env: dict, code: str) -> dict:
    """The room, its current match and every hand's log, read from the database."""
    out = manage_shell(env, f"CODE = {code!r}\n" + ROOM_DUMP)
    return json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])


@dataclass
class Run:
    fault: str
    acked: int = 0
    lost: int = 0
    duplicates: int = 0
    recovery: float | None = None
    unavailable: int = 0
    problems: list = field(default_factory=list)

    def row(self) -> dict:
        return {
            "fault": self.fault,
            "acked": self.acked,
            "lost": self.lost,
            "duplicates": self.duplicates,
            "recovery": self.recovery,
            "unavailable": self.unavailable,
            "problems": self.problems,
        }


class Player:
    """One person's tab: plays the first legal move on every turn, reconnects after a fault.

    `ports` are the daphne processes it may use, in order of preference; a
    dropped socket tries them again until one answers. Every move's answer is
    kept: `acked` holds the moves the server confirmed.
    """

    def __init__(self, name: str, session: str, code: str, ports: list[int], seat: int, play: bool = True):
        self.name, self.session, self.code, self.ports, self.seat = name, session, code, list(ports), seat
        self.play = play
        self.ws = None
        self.port = None
        self.sent: dict[str, dict] = {}
        self.acked: list[dict] = []
        self.errors: Counter = Counter()
        self.snapshots: list[dict] = []
        self.connected_at: list[float] = []
        self.dropped_at: list[float] = []
        self.next_id = 0
        self.moved_on = -1
        self.retry_task = None

    async def connect(self, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while True:
            for port in self.ports:
                headers = {"Cookie": f"sessionid={self.session}", "Origin": f"http://127.0.0.1:{port}"}
                try:
                    self.ws = await websockets.connect(
                        f"ws://127.0.0.1:{port}/ws/rooms/{self.code}/", additional_headers=headers, open_timeout=3
                    )
                    first = json.loads(await asyncio.wait_for(self.ws.recv(), 5))
                except (TimeoutError, OSError, websockets.exceptions.WebSocketException):
                    continue
                if first.get("type") != "snapshot":
                    await self.ws.close()
                    continue
                self.port = port
                self.connected_at.append(time.monotonic())
                self.moved_on = -1
                self.snapshots.append(first)
                return
            if time.monotonic() > end:
                raise TimeoutError(f"{self.name} could not reconnect to {self.ports}")
            await asyncio.sleep(0.3)

    async def send(self, action: str, **fields) -> str:
        self.next_id += 1
        msg_id = f"{self.name}-{self.next_id}"
        await self.ws.send(json.dumps({"action": action, "id": msg_id, **fields}))
        self.sent[msg_id] = {"action": action, **fields}
        return msg_id

    async def maybe_move(self, snap: dict) -> None:
        room = snap["room"]
        if not self.play or room["status"] != "playing" or room["paused"]:
            return
        if room["seats"][self.seat]["turn"] and snap["legal"] and snap["version"] > self.moved_on:
            self.moved_on = snap["version"]
            await self.send("move", version=snap["version"], move=snap["legal"][0])

    async def later_snapshot(self, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            self.moved_on = -1
            await self.send("snapshot")
        except websockets.exceptions.WebSocketException:
            pass

    def on_answer(self, msg: dict) -> None:
        sent = self.sent.get(msg.get("id"))
        if msg["type"] == "ack" and sent and sent["action"] == "move":
            self.acked.append(sent)
        elif msg["type"] == "error":
            self.errors[msg["code"]] += 1
            if msg["code"] == "unavailable":
                # Nothing changed; ask again for the table after a moment.
                self.retry_task = asyncio.ensure_future(self.later_snapshot(0.5))

    async def run(self, until=lambda snap: snap["room"]["status"] == "match_over", timeout: float = 90.0) -> dict:
        """Play and reconnect until `until(snapshot)`; returns that snapshot.

        The snapshot that satisfies `until` is not played on: the caller may
        act first (inject a fault) and call `run` again, which plays it.
        """

        async def loop():
            last = self.snapshots[-1] if self.snapshots else None
            if last is not None:
                if until(last):
                    return last
                await self.maybe_move(last)
            while True:
                try:
                    msg = json.loads(await self.ws.recv())
                except websockets.exceptions.ConnectionClosed:
                    self.dropped_at.append(time.monotonic())
                    await self.connect()
                    msg = self.snapshots.pop()
                if msg.get("type") == "snapshot":
                    self.snapshots.append(msg)
                    if until(msg):
                        return msg
                    await self.maybe_move(msg)
                elif msg.get("type") in ("ack", "error"):
                    self.on_answer(msg)

        try:
            return await asyncio.wait_for(loop(), timeout)
        except TimeoutError:
            last = self.snapshots[-1]["room"] if self.snapshots else None
            raise TimeoutError(
                f"{self.name}: waited {timeout}s; errors {dict(self.errors)}, acked {len(self.acked)}, "
                f"last room {json.dumps(last)[:1500]}"
            ) from None

    async def close(self) -> None:
        if self.retry_task:
            self.retry_task.cancel()
        if self.ws is not None:
            await self.ws.close()


def check_log(run: Run, dump: dict, players: list[Player]) -> None:
    """Compare the acknowledged moves with the database; replay every hand.

    lost: acknowledged moves of a person that the hand's log does not hold.
    duplicates: log entries beyond what was asked (a person's moves beyond
    their requests) plus identical consecutive entries of one seat (a bot or
    timeout applied twice).
    """
    engine = registry.get(dump["game"])
    logged = Counter()
    for hand in dump["hands"]:
        previous = None
        for entry in hand["moves"]:
            key = (entry["seat"], json.dumps(entry["move"], sort_keys=True))
            if previous == key:
                run.duplicates += 1
            previous = key
            if entry["kind"] == "move":
                logged[(entry["by"], json.dumps(entry["move"], sort_keys=True))] += 1
        replayed = fair.replay(
            dump["game"],
            len(hand["seat_map"]),
            hand["dealer"],
            hand["options"],
            dump["stream_key"],
            hand["moves"],
            hand=hand["number"],
        )
        if engine.to_json(replayed) != hand["state"]:
            run.problems.append(f"hand {hand['number']}: the state differs from the replay of its log")
    for player in players:
        acked = Counter(json.dumps(m["move"], sort_keys=True) for m in player.acked)
        asked = Counter(json.dumps(m["move"], sort_keys=True) for m in player.sent.values() if m["action"] == "move")
        run.acked += sum(acked.values())
        for move, n in acked.items():
            run.lost += max(0, n - logged[(player.name, move)])
        for move, n in asked.items():
            run.duplicates += max(0, logged[(player.name, move)] - n)


def rouba_monte_cards(state: dict) -> int:
    return (
        sum(len(h) for h in state["hands"])
        + len(state["centre"])
        + len(state["stock"])
        + sum(len(p) for piles in state["piles"] for p in piles)
    )


def _proc_stop(stack, proc) -> None:
    proc.stop()  # kept in stack.procs: its log is printed if the test fails


def stop_postgres_fast(stack) -> None:
    """What `pg_ctl stop -m fast` does: SIGINT to the postmaster, open sessions are cut."""
    postgres = next(p for p in stack.procs if p.name == "postgres")
    pid = int((stack.workdir / "pgdata" / "postmaster.pid").read_text().split()[0])
    os.kill(pid, signal.SIGINT)
    postgres.popen.wait(20)
    stack.procs.remove(postgres)


def _setup(stack, tag: str, names: tuple[str, ...], game: str = "rouba_monte", **room_kw) -> tuple[dict, str]:
    users = make_users(stack.env, *[f"{n}{tag}" for n in names])
    code = make_room(stack.env, f"{names[0]}{tag}", game, **room_kw)
    return users, code


async def _table(host: Player, extra: list[Player], bots: dict[int, str]) -> None:
    for p in [host, *extra]:
        await p.connect()
    for p in extra:
        await p.send("sit", seat=p.seat)
    for seat, level in bots.items():
        await host.send("add_bot", seat=seat, level=level)
    await asyncio.sleep(0.3)
    await host.send("start")


# -- the scenarios -----------------------------------------------------------------


def _through_a_kill(run: Run, alice: Player, bob: Player, kill) -> tuple[dict, dict]:
    """Alice and Bob play their match with two bots; after alice's third acknowledged move ``kill()``
    runs (in a thread) and her tab must be back on her last port with a snapshot no older than
    before. Returns both tabs' final snapshots; ``run.recovery`` from the kill to her return."""

    async def scenario():
        await _table(alice, [bob], {1: "easy", 3: "easy"})
        bob_plays = asyncio.ensure_future(bob.run(timeout=150))
        await alice.run(until=lambda s: len(alice.acked) >= 3 or s["room"]["status"] == "match_over")
        before = max(s["room"]["state_version"] for s in alice.snapshots)
        killed = time.monotonic()
        await asyncio.to_thread(kill)
        await alice.run(until=lambda s: alice.port == alice.ports[-1])
        run.recovery = round(time.monotonic() - killed, 2)
        if alice.snapshots[-1]["room"]["state_version"] < before:
            run.problems.append("the snapshot after reconnecting is older than the one before the crash")
        a = await alice.run()
        b = await bob_plays
        for p in (alice, bob):
            await p.close()
        return a, b

    return asyncio.run(scenario())


def _check_the_end(run: Run, stack, code: str, a: dict, b: dict, players: list[Player]) -> None:
    """Both tabs end on the database's version, alice's view is the engine's, the log holds every move."""
    dump = room_dump(stack.env, code)
    if (a["room"]["state_version"], b["room"]["state_version"]) != (dump["state_version"],) * 2:
        run.problems.append("a tab's final snapshot is not the database's version")
    engine = registry.get("rouba_monte")
    state = engine.from_json(dump["hands"][-1]["state"])
    if a["view"] != json.loads(json.dumps(engine.view(state, a["you"]["engine_seat"]))):
        run.problems.append("alice's final view differs from the engine's view of the saved state")
    if rouba_monte_cards(dump["hands"][-1]["state"]) != 52:
        run.problems.append("cards were not conserved")
    check_log(run, dump, players)


def kill_daphne(stack, tag: str = "") -> Run:
    """Two daphne processes; kill -9 the one serving alice mid-match."""
    run = Run("daphne kill -9")
    first, second = stack.start_daphne(), stack.start_daphne()
    worker = stack.start_worker()
    users, code = _setup(stack, tag, ("alice", "bob"), time_limit=None)
    alice = Player(f"alice{tag}", users[f"alice{tag}"]["session"], code, [first.port, second.port], 0)
    bob = Player(f"bob{tag}", users[f"bob{tag}"]["session"], code, [second.port], 2)
    try:
        a, b = _through_a_kill(run, alice, bob, first.kill)
    finally:
        for proc in (first, second, worker):
            _proc_stop(stack, proc)
    _check_the_end(run, stack, code, a, b, [alice, bob])
    return run


def kill_worker(stack, tag: str = "") -> Run:
    """kill -9 the Celery worker while a bot turn and a timeout are pending; start another."""
    run = Run("worker kill -9")
    daphne = stack.start_daphne()
    worker = stack.start_worker()
    beat = stack.start_beat()
    # bob sits but never connects: his turns are timeouts (a 1 s grace, MESA_DISCONNECTED_TURN_SECONDS).
    users, code = _setup(stack, tag, ("alice", "bob"), time_limit=None)
    alice = Player(f"alice{tag}", users[f"alice{tag}"]["session"], code, [daphne.port], 0)
    bob = Player(f"bob{tag}", users[f"bob{tag}"]["session"], code, [daphne.port], 2, play=False)
    replacement = None

    async def scenario():
        nonlocal replacement
        await _table(alice, [bob], {1: "easy", 3: "easy"})
        await bob.run(until=lambda s: s["room"]["status"] == "playing", timeout=20)
        await bob.close()  # gone: his turns fall to the grace timeout
        await alice.run(
            until=lambda s: (
                s["room"]["status"] == "playing"
                and s["room"]["deadline_kind"] in ("bot", "grace")
                and len(alice.acked) >= 2
            )
        )
        worker.kill()
        await asyncio.sleep(2.0)  # every pending deadline is now overdue
        before = room_dump(stack.env, code)
        replacement = stack.start_worker("worker2")
        started = time.monotonic()
        # Recovery: the room moves on from the version it was stuck at.
        stuck = before["state_version"]
        await alice.run(until=lambda s: s["room"]["state_version"] > stuck or s["room"]["status"] != "playing")
        run.recovery = round(time.monotonic() - started, 2)
        await alice.run(timeout=120)
        await alice.close()

    try:
        asyncio.run(scenario())
    finally:
        for proc in (daphne, worker, beat, replacement):
            if proc is not None:
                _proc_stop(stack, proc)
    dump = room_dump(stack.env, code)
    kinds = Counter(e["kind"] for h in dump["hands"] for e in h["moves"])
    if not kinds["bot"] or not kinds["grace"]:
        run.problems.append(f"expected bot turns and timeouts, got {dict(kinds)}")
    check_log(run, dump, [alice])
    return run


def restart_redis(stack, tag: str = "") -> Run:
    """Restart Redis (same port, empty) mid-match; clients and workers carry on."""
    run = Run("redis restart")
    first, second = stack.start_daphne(), stack.start_daphne()
    worker = stack.start_worker()
    beat = stack.start_beat()
    users, code = _setup(stack, tag, ("alice", "bob"), time_limit=None)
    alice = Player(f"alice{tag}", users[f"alice{tag}"]["session"], code, [first.port], 0)
    bob = Player(f"bob{tag}", users[f"bob{tag}"]["session"], code, [second.port], 2)

    async def scenario():
        await _table(alice, [bob], {1: "easy", 3: "easy"})
        bob_plays = asyncio.ensure_future(bob.run(timeout=150))
        await alice.run(until=lambda s: len(alice.acked) >= 3 or s["room"]["status"] == "match_over")
        stuck = max(s["room"]["state_version"] for s in alice.snapshots)
        stack.restart("redis")
        restarted = time.monotonic()
        # Moved on through the channel layer: a change made by another seat (alice's own
        # moves come straight back to her socket, Redis or not).
        await alice.run(
            until=lambda s: (
                (s["room"]["state_version"] > stuck and (s["room"]["last_move"] or {}).get("seat") != alice.seat)
                or s["room"]["status"] == "match_over"
            )
        )
        run.recovery = round(time.monotonic() - restarted, 2)
        await alice.run(timeout=120)
        await bob_plays
        for p in (alice, bob):
            await p.close()

    try:
        asyncio.run(scenario())
    finally:
        for proc in (first, second, worker, beat):
            _proc_stop(stack, proc)
    dump = room_dump(stack.env, code)
    if dump["status"] != "match_over":
        run.problems.append(f"the match did not finish: {dump['status']}")
    check_log(run, dump, [alice, bob])
    return run


def restart_postgres(stack, tag: str = "", outage: float = 2.0) -> Run:
    """Stop PostgreSQL for `outage` seconds mid-match, moves keep coming, then start it."""
    run = Run("postgres restart")
    daphne = stack.start_daphne()
    worker = stack.start_worker()
    beat = stack.start_beat()
    users, code = _setup(stack, tag, ("alice", "bob"), time_limit=None)
    alice = Player(f"alice{tag}", users[f"alice{tag}"]["session"], code, [daphne.port], 0)
    bob = Player(f"bob{tag}", users[f"bob{tag}"]["session"], code, [daphne.port], 2)

    async def scenario():
        await _table(alice, [bob], {1: "easy", 3: "easy"})
        bob_plays = asyncio.ensure_future(bob.run(timeout=150))
        await alice.run(until=lambda s: len(alice.acked) >= 3 and s["room"]["seats"][0]["turn"] and s["legal"])
        stop_postgres_fast(stack)
        down = time.monotonic()
        # Moves during the outage: each must get an answer, and the socket stays open.
        snap = alice.snapshots[-1]
        for k in range(3):
            await alice.send("move", version=snap["version"], move=snap["legal"][k % len(snap["legal"])])
            await asyncio.sleep(0.2)
        while time.monotonic() - down < outage:
            await asyncio.sleep(0.1)
        stack.start_postgres()
        started = time.monotonic()
        stuck = snap["room"]["state_version"]
        await alice.run(until=lambda s: s["room"]["state_version"] > stuck or s["room"]["status"] == "match_over")
        run.recovery = round(time.monotonic() - started, 2)
        await alice.run(timeout=120)
        await bob_plays
        run.unavailable = alice.errors["unavailable"]
        if alice.dropped_at:
            run.problems.append("alice's socket was closed during the outage")
        for p in (alice, bob):
            await p.close()

    try:
        asyncio.run(scenario())
    finally:
        for proc in (daphne, worker, beat):
            _proc_stop(stack, proc)
    dump = room_dump(stack.env, code)
    if run.unavailable < 1:
        run.problems.append(f"no 'unavailable' error during the outage: {dict(alice.errors)}")
    if rouba_monte_cards(dump["hands"][-1]["state"]) != 52:
        run.problems.append("cards were not conserved")
    check_log(run, dump, [alice, bob])
    return run


def embedded(stack) -> None:
    """The stack's environment as `make run`'s: SQLite, the in-memory layer, the worker inside daphne."""
    if not getattr(stack, "embedded_ready", False):
        for name in ("REDIS_URL", "DATABASE_URL", "MESA_PRODUCTION"):
            stack.env.pop(name, None)
        stack.migrate()
        stack.embedded_ready = True


def kill_embedded(stack, tag: str = "") -> Run:
    """The embedded default: kill -9 its one daphne mid-match, start it again on the same database."""
    run = Run("embedded kill -9")
    embedded(stack)
    first, again = stack.start_daphne(), stackmod.free_port()
    users, code = _setup(stack, tag, ("alice", "bob"), time_limit=None)
    alice = Player(f"alice{tag}", users[f"alice{tag}"]["session"], code, [first.port, again], 0)
    bob = Player(f"bob{tag}", users[f"bob{tag}"]["session"], code, [first.port, again], 2)
    procs = [first]

    def kill_and_start_again():
        first.kill()
        procs.append(stack.start_daphne(again))

    try:
        a, b = _through_a_kill(run, alice, bob, kill_and_start_again)
    finally:
        for proc in procs:
            _proc_stop(stack, proc)
    _check_the_end(run, stack, code, a, b, [alice, bob])
    return run


SCENARIOS = {
    "daphne": kill_daphne,
    "embedded": kill_embedded,
    "worker": kill_worker,
    "redis": restart_redis,
    "postgres": restart_postgres,
}


def tag_for(run_index: int) -> str:
    return f"r{run_index}x{random.randrange(10**6)}"
