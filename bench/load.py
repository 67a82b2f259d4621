"""Load and latency: whole matches over real WebSockets against the full stack.

Starts the stack (PostgreSQL, Redis, N daphne processes, Celery worker and beat;
scripts/stack.py) or targets a running one (``--url``), creates R rooms in one
``manage.py shell`` run, and in every room connects scripted people over real
WebSockets that play whole matches (one person and three bots, or four people).
Sockets are spread round-robin over the daphne processes.

Load models:
  human  a person moves ``--person-delay`` s after their turn arrives; bots think
         ``--bot-delay-ms`` (MESA_BOT_DELAY_MS, default 500).
  open   moves as fast as the site accepts them; bots think 0 ms.

Measured in a window after a warm-up: move round trip (send -> own snapshot with
the higher version), fan-out (send -> the last other person's snapshot), bot
turn lag, p50/p95/p99; moves per second; CPU seconds per move of every process
(/proc/<pid>/stat utime+stime, children reaped included); peak memory (VmHWM);
PostgreSQL transactions per move (pg_stat_database) and, with
``--count-queries``, statements per move (log_statement=all, log lines counted);
Redis commands per move (INFO commandstats) and channel-layer group_sends per
move. The echo consumer (/ws/echo/) on the same stack gives the floor: a round
trip through daphne and the channel layer with no game. ``--profile DIR``
records py-spy profiles of daphne and the worker; ``--variant`` measures
candidate changes applied in memory (see VARIANTS below).

    python bench/load.py --rooms 20 --mode open --people 4 --duration 20
    python bench/load.py --rooms 4,8,16,32 --mode open --knee      # step R up
    python bench/load.py --rooms 500 --mode human --people 1
    DATABASE_URL=... REDIS_URL=... python bench/load.py --url 127.0.0.1:8000,127.0.0.1:8001 --rooms 10

With ``--url`` the rooms are made through ``manage.py shell`` with this
environment's DATABASE_URL/REDIS_URL (the running stack's); process CPU and
memory are then not measured, and the echo floor needs that stack's daphne
processes started with ``MESA_BENCH_ECHO=1`` (the started stack has it).

Loopback only; bounded by ``--duration``/``--matches``; everything started is
stopped at the end. ``--json out.json`` writes every figure.
"""

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402

from bench import move_phases  # noqa: E402
from rooms.live import limits, patch  # noqa: E402 - plain Python, no Django
from scripts import stack as stackmod  # noqa: E402

CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")

SETUP = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from rooms import services
User = get_user_model()

def session_for(name):
    user, _ = User.objects.get_or_create(username=name, defaults={"email": name + "@example.com"})
    user.set_unusable_password()
    user.save()
    s = SessionStore()
    s[SESSION_KEY] = str(user.pk)
    s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    s[HASH_SESSION_KEY] = user.get_session_auth_hash()
    s.create()
    return user, {"session": s.session_key, "id": user.pk}

out = {"rooms": [], "echo": []}
for r in range(SPEC["rooms"]):
    users, people = [], []
    for i in range(SPEC["people"]):
        user, info = session_for(f"{SPEC['prefix']}r{r}p{i}")
        users.append(user)
        people.append({**info, "seat": i})
    room = services.create_room(users[0], SPEC["game"], f"Load {r}", is_public=False)
    for i, user in enumerate(users[1:], start=1):
        services.sit(user, room.code, i)
    for i in range(SPEC["people"], SPEC["seats"]):
        services.add_bot(users[0], room.code, i, SPEC["bot_level"])
    out["rooms"].append({"code": room.code, "people": people})
for e in range(SPEC["echo_users"]):
    out["echo"].append(session_for(f"{SPEC['prefix']}echo{e}")[1])
print("JSON" + json.dumps(out))
"""


# -- statistics ---------------------------------------------------------------------


def pct(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def summary_ms(values) -> dict:
    return {
        "n": len(values),
        "p50": _ms(pct(values, 50)),
        "p95": _ms(pct(values, 95)),
        "p99": _ms(pct(values, 99)),
        "max": _ms(max(values) if values else None),
    }


def _ms(seconds):
    return None if seconds is None else round(seconds * 1000, 1)


# -- processes: CPU and memory from /proc --------------------------------------------


def _stat(pid: int):
    try:
        with open(f"/proc/{pid}/stat") as f:
            raw = f.read()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()
    # fields[0] is state (field 3); utime=14, stime=15, cutime=16, cstime=17, ppid=4
    return {"ppid": int(fields[1]), "cpu": sum(int(x) for x in fields[11:15]) / CLK_TCK}


def _children_map() -> dict[int, list[int]]:
    kids = defaultdict(list)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st:
                kids[st["ppid"]].append(int(entry))
    return kids


def _tree(pid: int, kids) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def tree_cpu(pid: int, kids) -> float:
    """utime+stime(+children reaped) over the process tree: exited backends count once."""
    return sum((_stat(p) or {"cpu": 0.0})["cpu"] for p in _tree(pid, kids))


def _status_kb(pid: int, key: str) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_memory(pid: int, kids) -> dict:
    pids = _tree(pid, kids) if kids is not None else [pid]
    return {
        "hwm_mb": round(max(_status_kb(p, "VmHWM") for p in pids) / 1024, 1),
        "rss_mb": round(sum(_status_kb(p, "VmRSS") for p in pids) / 1024, 1),
    }


class Processes:
    """Named process trees: daphne-*, worker, beat, redis, postgres, load generator."""

    def __init__(self, named: dict[str, int]):
        self.named = dict(named)
        self.named["loadgen"] = os.getpid()
        self.peak_rss = Counter()

    def component(self, name: str) -> str:
        return "daphne" if name.startswith("daphne") else "worker" if name.startswith("worker") else name

    def cpu(self) -> dict[str, float]:
        kids = _children_map()
        out = {}
        for name, pid in self.named.items():
            if name == "loadgen":
                t = os.times()
                out[name] = t.user + t.system
            else:
                out[name] = tree_cpu(pid, kids)
        return out

    def sample_memory(self) -> None:
        kids = _children_map()
        for name, pid in self.named.items():
            mem = tree_memory(pid, None if name == "loadgen" else kids)
            self.peak_rss[name] = max(self.peak_rss[name], mem["rss_mb"])

    def memory(self) -> dict:
        kids = _children_map()
        out = {}
        for name, pid in self.named.items():
            mem = tree_memory(pid, None if name == "loadgen" else kids)  # the stack is our child
            out[name] = {"vmhwm_mb": mem["hwm_mb"], "peak_tree_rss_mb": max(self.peak_rss[name], mem["rss_mb"])}
        return out


# -- Redis and PostgreSQL counters -------------------------------------------------------


class Counters:
    def __init__(self, redis_url: str | None, database_url: str | None, pg_log: Path | None, timing_log=None):
        self.redis_url, self.database_url, self.pg_log = redis_url, database_url, pg_log
        self.timing_log = timing_log

    def redis(self) -> dict:
        if not self.redis_url:
            return {}
        import redis

        client = redis.Redis.from_url(self.redis_url)
        try:
            stats = client.info("commandstats")
        finally:
            client.close()
        return {k.removeprefix("cmdstat_"): v["calls"] for k, v in stats.items()}

    def _pg(self, sql: str):
        import psycopg

        with psycopg.connect(self.database_url, autocommit=True) as conn:
            cur = conn.execute(sql)
            return cur.fetchall() if cur.description else []

    def postgres(self) -> dict:
        if not self.database_url:
            return {}
        row = self._pg(
            "SELECT sum(xact_commit), sum(xact_rollback), sum(tup_returned), sum(tup_fetched),"
            " sum(tup_inserted), sum(tup_updated), sum(tup_deleted) FROM pg_stat_database"
        )[0]
        names = ["xact_commit", "xact_rollback", "tup_returned", "tup_fetched", "tup_inserted", "tup_updated"]
        out = {n: int(v or 0) for n, v in zip(names + ["tup_deleted"], row, strict=True)}
        conns = self._pg("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'")[0][0]
        out["connections_now"] = int(conns)
        return out

    def log_statements(self, on: bool) -> None:
        self._pg(f"ALTER SYSTEM SET log_statement = '{'all' if on else 'none'}'")
        self._pg("SELECT pg_reload_conf()")

    def log_offset(self) -> int:
        return self.pg_log.stat().st_size if self.pg_log and self.pg_log.exists() else 0

    def statements_since(self, offset: int) -> tuple[Counter, dict]:
        """Statement shapes logged since ``offset`` (literals and numbers folded), and one example each."""
        shapes, examples = Counter(), {}
        with open(self.pg_log, "rb") as f:
            f.seek(offset)
            for line in f.read().decode(errors="replace").splitlines():
                m = re.search(r"LOG:\s+statement: (.*)", line)
                if not m:
                    continue
                sql = m.group(1)
                sql = re.sub(r"'(?:[^']|'')*'", "?", sql)
                sql = re.sub(r"\b\d+(\.\d+)?\b", "N", sql)
                sql = re.sub(r"IN \([^)]*\)", "IN (...)", sql)
                shapes[_shape(sql)] += 1
                examples.setdefault(_shape(sql), m.group(1)[:300])
        return shapes, examples


def _shape(sql: str) -> str:
    s = sql.strip()
    head = s.split()[0].upper() if s else "?"
    if head in ("BEGIN", "COMMIT", "ROLLBACK", "SET", "SHOW", "SAVEPOINT", "RELEASE"):
        return head
    table = re.search(r'(?:FROM|INTO|UPDATE)\s+"?([a-z_]+)"?', s)
    tail = " FOR UPDATE" if "FOR UPDATE" in s.upper() else ""
    return f"{head} {table.group(1) if table else '?'}{tail}"


def read_timing(path: Path | None, offset: int) -> dict | None:
    """p50/p99 of the --variant timing lines: whole call (with the thread hop), service, publish."""
    if not path or not path.exists():
        return None
    with open(path) as f:
        f.seek(offset)
        rows = [line.split() for line in f.read().splitlines() if line.count(" ") == 2]
    if not rows:
        return None
    cols = list(zip(*[[float(x) / 1000 for x in r] for r in rows], strict=True))
    return {name: summary_ms(list(col)) for name, col in zip(("call", "service", "publish"), cols, strict=True)}


# -- the scripted people ---------------------------------------------------------------------


class Run:
    """Shared state of one measurement: the window, the samples, the counts."""

    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.window = (float("inf"), float("inf"))
        self.stopping = False
        self.rtt, self.fanout, self.bot_lag = [], [], []
        self.errors = Counter()
        self.moves_in_window = Counter()  # kind -> state changes observed in the window
        self.matches_done = 0
        self.sent = 0
        self.unanswered: dict[str, float] = {}
        self.snapshots = 0  # snapshots received by all people in the window
        self.probes = 0  # echo probe round trips in the window
        self.snapshot_bytes = 0

    def in_window(self, t: float) -> bool:
        return self.window[0] <= t < self.window[1]


class Table:
    """One room: its people's sockets and the moves waiting for their snapshots."""

    def __init__(self, run: Run, spec: dict, ports: list[int], index: int, matches_left: int | None):
        self.run, self.code = run, spec["code"]

        # Spread: a room's people over the daphne processes, seat by seat. Sticky: all on one, as a
        # proxy that routes /ws/rooms/<code>/ by the code would send them (docs/operations.md).
        def port(person) -> int:
            return ports[(index if run.args.sticky else index * 4 + person["seat"]) % len(ports)]

        self.people = [Person(self, p, port(p)) for p in sorted(spec["people"], key=_seat)]
        self.pending: dict[int, dict] = {}  # state version a move was made on -> its record
        self.move_ids: dict[str, int] = {}  # message id of a move -> the version it was made on
        self.top = -1  # highest state version seen in this room
        self.top_at = None
        self.matches_left = matches_left
        self.restarting = False
        self.started = False
        self.done = asyncio.Event()

    def observe(self, person, version: int, now: float, room: dict) -> None:
        for v, rec in list(self.pending.items()):
            if version <= v:
                continue
            if person is rec["mover"]:
                if rec["own"] is None:
                    rec["own"] = now
                    if self.run.in_window(rec["t0"]):
                        self.run.rtt.append(now - rec["t0"])
            else:
                rec["others"].discard(person.seat)
            if rec["own"] is not None and not rec["others"]:
                if self.run.in_window(rec["t0"]) and len(self.people) > 1:
                    self.run.fanout.append(now - rec["t0"])
                del self.pending[v]
        if version > self.top:
            kind = (room.get("last_move") or {}).get("kind", "?")
            if self.top >= 0 and self.run.in_window(now):
                self.run.moves_in_window[kind] += version - self.top
                if kind == "bot" and self.top_at is not None and version == self.top + 1:
                    self.run.bot_lag.append(now - self.top_at - self.run.args.bot_delay_ms / 1000)
            self.top, self.top_at = version, now


def _seat(p):
    return p["seat"]


class Person:
    def __init__(self, table: Table, info: dict, port: int):
        self.table, self.seat, self.port = table, info["seat"], port
        self.session, self.user_id = info["session"], info["id"]
        self.version = -1
        self.moved_on = -1
        self.wire = None  # the last snapshot as received: a patch's base
        self.next_id = 0
        self.ws = None
        self.status = None
        # Within the site's limit on a socket's frames (rooms/live/limits.py), with a margin for frames that
        # reach it closer together than they left: a person drawing card after card as fast as moves came
        # back sent more than 20 a second and was refused, as a page never is.
        self.pace = limits.RateLimiter(rate=0.8 * limits.RATE_PER_SECOND, burst=limits.RATE_BURST - 5)

    async def connect(self):
        url = f"ws://127.0.0.1:{self.port}/ws/rooms/{self.table.code}/"
        if self.table.run.args.frames == "patch":
            url += "?patch=1"  # as the table page asks (docs/protocol.md)
        headers = {"Cookie": f"sessionid={self.session}", "Origin": f"http://127.0.0.1:{self.port}"}
        for attempt in range(5):
            try:
                self.ws = await websockets.connect(
                    url, additional_headers=headers, open_timeout=30, max_size=2**22, ping_interval=None
                )
                return
            except (OSError, EOFError, TimeoutError, websockets.InvalidHandshake, websockets.InvalidMessage):
                if attempt == 4:
                    raise
                await asyncio.sleep(0.5 + attempt)

    async def paced(self) -> None:
        while not self.pace.allow():
            await asyncio.sleep(1 / self.pace.rate)

    async def send(self, action: str, paced: bool = False, **fields) -> str:
        if not paced:
            await self.paced()
        self.next_id += 1
        msg_id = f"{self.seat}-{self.next_id}"
        self.table.run.unanswered[f"{self.table.code}/{msg_id}"] = time.monotonic()
        await self.ws.send(json.dumps({"action": action, "id": msg_id, **fields}))
        return msg_id

    async def listen(self):
        run = self.table.run
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                kind = msg.get("type")
                now = time.monotonic()
                if kind in ("ack", "error"):
                    run.unanswered.pop(f"{self.table.code}/{msg.get('id')}", None)
                    if kind == "error":
                        run.errors[msg.get("code")] += 1
                        version = self.table.move_ids.pop(msg.get("id"), None)
                        self.table.pending.pop(version, None)
                    continue
                if kind not in ("snapshot", "patch"):
                    continue
                if run.in_window(now):
                    run.snapshots += 1
                    run.snapshot_bytes += len(raw)
                if kind == "patch":
                    if self.wire is None or self.wire["room"]["version"] != msg["base"]:
                        run.errors["patch_without_base"] += 1
                        continue
                    msg = patch.apply(self.wire, msg["ops"])
                self.wire = msg
                self.on_snapshot(msg, now)
        except websockets.ConnectionClosed as exc:
            if not run.stopping:
                run.errors[f"closed:{exc.code}"] += 1

    def on_snapshot(self, msg: dict, now: float) -> None:
        table, run, room = self.table, self.table.run, msg["room"]
        version = msg["version"]
        if version > self.version:
            self.version = version
            table.observe(self, version, now, room)
        self.status = room["status"]
        if room["status"] == "match_over":
            if table.started and self.seat == 0 and not table.restarting:
                table.restarting = True
                table.matches_left = None if table.matches_left is None else table.matches_left - 1
                run.matches_done += 1
                if table.matches_left == 0 or run.stopping:
                    table.done.set()
                else:
                    self._later(run.args.person_delay if run.args.mode == "human" else 0, self._restart())
            return
        if room["status"] != "playing":
            return
        if self.seat == 0:
            table.restarting = False
        me = room["seats"][self.seat]
        if me["turn"] and msg["legal"] and version > self.moved_on and not room["paused"] and not run.stopping:
            self.moved_on = version
            move = run.rng.choice(msg["legal"])
            delay = run.args.person_delay if run.args.mode == "human" else 0
            self._later(delay, self._move(version, move))

    def _later(self, delay: float, coro) -> None:
        async def go():
            if delay:
                await asyncio.sleep(delay * (0.8 + 0.4 * random.random()))
            await coro

        asyncio.ensure_future(go())

    async def _move(self, version: int, move: dict) -> None:
        table, run = self.table, self.table.run
        if self.version != version or run.stopping:
            return
        await self.paced()  # not counted in the round trip: the page would have waited too
        if self.version != version or run.stopping:
            return
        now = time.monotonic()
        others = {p.seat for p in table.people if p is not self}
        table.pending[version] = {"mover": self, "t0": now, "own": None, "others": others}
        run.sent += 1
        table.move_ids[await self.send("move", paced=True, version=version, move=move)] = version

    async def _restart(self) -> None:
        if not self.table.run.stopping:
            await self.send("new_match")


async def play(run: Run, specs: list[dict], ports: list[int]) -> tuple[list[Table], list]:
    tables = [Table(run, spec, ports, i, run.args.matches) for i, spec in enumerate(specs)]
    sem = asyncio.Semaphore(10)  # a connect is a transaction in the site: no storm

    async def open_one(person):
        async with sem:
            await person.connect()

    await asyncio.gather(*(open_one(p) for t in tables for p in t.people))
    listeners = [asyncio.ensure_future(p.listen()) for t in tables for p in t.people]
    await asyncio.sleep(0.5)
    for t in tables:
        t.started = True
        await t.people[0].send("start")
    return tables, listeners


# -- the echo floor -----------------------------------------------------------------------


async def echo_socket(port: int, session: str):
    url = f"ws://127.0.0.1:{port}/ws/echo/"
    headers = {"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{port}"}
    return await websockets.connect(url, additional_headers=headers, open_timeout=30, ping_interval=None)


async def echo_floor(ports: list[int], session: str, count: int, gap: float, payload: int) -> dict:
    """Sequential round trips on one socket per daphne: the floor at no load."""
    samples = []
    body = "x" * payload
    for port in ports:
        async with await echo_socket(port, session) as ws:
            for i in range(count):
                t0 = time.monotonic()
                await ws.send(json.dumps({"n": i, "pad": body}))
                await ws.recv()
                if i >= 5:
                    samples.append(time.monotonic() - t0)
                await asyncio.sleep(gap)
    return summary_ms(samples)


async def echo_probe(ports: list[int], session: str, stop: asyncio.Event, run: Run, out: list):
    """Echo round trips every 100 ms during the load: a blocked event loop would show here."""
    sockets = [await echo_socket(p, session) for p in ports]
    try:
        while not stop.is_set():
            for ws in sockets:
                t0 = time.monotonic()
                await ws.send('{"probe": 1}')
                await ws.recv()
                if run.in_window(t0):
                    out.append(time.monotonic() - t0)
                    run.probes += 1
            await asyncio.sleep(0.1)
    finally:
        for ws in sockets:
            await ws.close()


async def echo_load(
    ports: list[int], sessions: list[str], sockets: int, seconds: float, payload: int, procs=None
) -> dict:
    """Closed-loop echo on many sockets: what the transport alone sustains, and its site CPU per round trip
    (one frame in, one group message, one frame out: a move is one frame in and a frame out per reader)."""
    samples, count = [], 0
    body = "x" * payload
    end = time.monotonic() + seconds

    async def loop(ws):
        nonlocal count
        while time.monotonic() < end:
            t0 = time.monotonic()
            await ws.send(body)
            await ws.recv()
            samples.append(time.monotonic() - t0)
            count += 1

    conns = [await echo_socket(ports[i % len(ports)], sessions[i % len(sessions)]) for i in range(sockets)]
    cpu_before = _site_cpu(procs)
    start = time.monotonic()
    await asyncio.gather(*(loop(ws) for ws in conns))
    elapsed = time.monotonic() - start
    cpu = _site_cpu(procs) - cpu_before
    for ws in conns:
        await ws.close()
    out = {"sockets": sockets, "per_second": round(count / elapsed, 1), **summary_ms(samples)}
    if procs is not None and count:
        out["site_cpu_ms_per_echo"] = round(1000 * cpu / count, 3)
    return out


def _site_cpu(procs) -> float:
    """CPU seconds of the site's processes so far (not the load generator's); 0 without them."""
    if procs is None:
        return 0.0
    return sum(v for k, v in procs.cpu().items() if k != "loadgen")


def start_profilers(args, procs, rooms: int) -> list:
    """py-spy on every daphne and worker for the window (SIGINT ends it and writes the file)."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not args.profile or not procs or not os.path.exists(spy):
        return []
    folder = Path(args.profile)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, pid in procs.named.items():
        if name.startswith("daphne") or name.startswith("worker"):
            target = folder / f"{name}-{rooms}rooms.txt"
            cmd = [spy, "record", "--format", "raw", "-r", "200", "-p", str(pid), "-o", str(target), "--nonblocking"]
            if name.startswith("worker"):
                cmd.append("--threads")
            if args.profile_gil:
                cmd.append("--gil")
            out.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    return out


# -- one measured step ---------------------------------------------------------------------------


async def worker_idle_rate(procs: Processes, seconds: float = 5.0) -> float:
    """CPU seconds per second the workers use before any room plays (beat's tasks included)."""

    def worker_cpu() -> float:
        return sum(v for k, v in procs.cpu().items() if procs.component(k) == "worker")

    before, t0 = worker_cpu(), time.monotonic()
    await asyncio.sleep(seconds)
    return max(0.0, (worker_cpu() - before) / (time.monotonic() - t0))


def loadavg() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


async def measure(args, ports, specs, echo_sessions, procs: Processes | None, counters: Counters) -> dict:
    run = Run(args)
    result = {"rooms": len(specs), "mode": args.mode, "people": args.people, "loadavg_before": loadavg()}
    idle_rate = await worker_idle_rate(procs) if procs else 0.0
    tables, listeners = await play(run, specs, ports)
    stop_probe = asyncio.Event()
    probe_samples: list[float] = []
    probe = asyncio.ensure_future(echo_probe(ports, echo_sessions[0], stop_probe, run, probe_samples))

    async def sample_memory():
        while True:
            if procs:
                procs.sample_memory()
            await asyncio.sleep(1)

    sampler = asyncio.ensure_future(sample_memory())
    bounded = args.matches is not None
    if not bounded:
        await asyncio.sleep(args.warmup)
    t_start = time.monotonic()
    run.window = (t_start, float("inf"))
    spies = start_profilers(args, procs, len(specs))
    timing_log = counters.timing_log
    timing0 = timing_log.stat().st_size if timing_log and timing_log.exists() else 0
    phases_log = timing_log.with_name("phases.log") if timing_log else None
    phases0 = phases_log.stat().st_size if phases_log and phases_log.exists() else 0
    cpu0 = procs.cpu() if procs else {}
    redis0, pg0 = counters.redis(), counters.postgres()
    log0 = None
    if args.count_queries and counters.pg_log:
        counters.log_statements(True)
        log0 = counters.log_offset()
    if bounded:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(t.done.wait() for t in tables)), args.duration)
    else:
        await asyncio.sleep(args.duration)
    t_end = time.monotonic()
    run.window = (t_start, t_end)
    shapes = None
    if log0 is not None:
        counters.log_statements(False)
        shapes, examples = counters.statements_since(log0)
    cpu1 = procs.cpu() if procs else {}
    timing = read_timing(timing_log, timing0)
    phases = move_phases.summary(phases_log, phases0) if phases_log else None
    for spy in spies:
        spy.send_signal(2)
    for spy in spies:
        with contextlib.suppress(subprocess.TimeoutExpired):
            spy.wait(30)
    redis1, pg1 = counters.redis(), counters.postgres()
    # Drain: no new moves; every move sent must be answered and seen.
    run.stopping = True
    drain_end = time.monotonic() + 10
    while time.monotonic() < drain_end and (run.unanswered or any(t.pending for t in tables)):
        await asyncio.sleep(0.1)
    stop_probe.set()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(probe, 5)
    sampler.cancel()
    lost_answers = len(run.unanswered)
    lost_snapshots = sum(len(t.pending) for t in tables)
    for t in tables:
        for p in t.people:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(p.ws.close(), 5)
    for task in listeners:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 5)

    elapsed = t_end - t_start
    moves = sum(v for k, v in run.moves_in_window.items() if k in ("move", "bot", "timeout", "grace"))
    result.update(
        {
            "seconds": round(elapsed, 2),
            "loadavg_after": loadavg(),
            "moves": moves,
            "state_changes": dict(run.moves_in_window),
            "moves_per_s": round(moves / elapsed, 1) if elapsed else 0,
            "moves_sent": run.sent,
            "matches_completed": run.matches_done,
            "rooms_finished": sum(1 for t in tables if t.done.is_set()),
            "errors": dict(run.errors),
            "lost_answers": lost_answers,
            "lost_snapshots": lost_snapshots,
            "rtt_ms": summary_ms(run.rtt),
            "fanout_ms": summary_ms(run.fanout),
            "bot_lag_ms": summary_ms(run.bot_lag),
            "echo_probe_ms": summary_ms(probe_samples),
            "snapshots_per_move": round(run.snapshots / max(moves, 1), 2),
            "snapshot_bytes_avg": round(run.snapshot_bytes / max(run.snapshots, 1)),
            "people_per_room": len(tables[0].people) if tables else 0,
        }
    )
    if phases:
        result["move_phases_ms"] = phases
        move_phases.print_summary(phases)
    if timing:
        result["daphne_move_ms"] = timing
    per = max(moves, 1)
    if procs:
        cpu = {k: cpu1[k] - cpu0.get(k, 0) for k in cpu1}
        by_component = Counter()
        for k, v in cpu.items():
            by_component[procs.component(k)] += v
        result["cpu_s"] = {k: round(v, 2) for k, v in by_component.items()}
        result["cpu_ms_per_move"] = {k: round(1000 * v / per, 2) for k, v in by_component.items()}
        result["cpu_ms_per_move"]["total_site"] = round(
            1000 * sum(v for k, v in by_component.items() if k != "loadgen") / per, 2
        )
        # Only bot turns, timeouts and grace moves run in the worker: its CPU per move of those.
        deadline_moves = sum(run.moves_in_window.get(k, 0) for k in ("bot", "timeout", "grace"))
        if deadline_moves and "worker" in by_component:
            result["worker_ms_per_deadline_move"] = round(1000 * by_component["worker"] / deadline_moves, 2)
            # What a bot move adds: the CPU the workers burn with no room playing (their event
            # loops, beat's periodic tasks) taken off.
            busy = by_component["worker"] - idle_rate * elapsed
            result["worker_idle_ms_per_s"] = round(1000 * idle_rate, 2)
            result["worker_ms_per_deadline_move_less_idle"] = round(1000 * busy / deadline_moves, 2)
        result["cores_busy"] = round(sum(by_component.values()) / elapsed, 2) if elapsed else 0
        result["memory"] = procs.memory()
    if redis1:
        delta = {k: redis1.get(k, 0) - redis0.get(k, 0) for k in redis1}
        result["redis_calls_per_move"] = {k: round(v / per, 2) for k, v in sorted(delta.items()) if v}
        # The sorted-set layer (--variant sortedset): a group_send runs ZREMRANGEBYSCORE twice
        # (group, then each channel) and, in its Lua script, one ZCOUNT per channel it delivers
        # to. The echo probe's are taken off.
        if delta.get("zremrangebyscore"):
            result["group_sends_per_move"] = round((delta["zremrangebyscore"] / 2 - run.probes) / per, 2)
            result["channel_messages_per_move"] = round((delta.get("zcount", 0) - run.probes) / per, 2)
        else:  # the pub/sub layer (as shipped): one PUBLISH per group_send
            result["group_sends_per_move"] = round((delta.get("publish", 0) - run.probes) / per, 2)
            result["channel_messages_per_move"] = result["group_sends_per_move"]
    if pg1:
        result["pg_per_move"] = {k: round((pg1[k] - pg0.get(k, 0)) / per, 2) for k in pg1 if k != "connections_now"}
        result["pg_connections_end"] = pg1["connections_now"]
    if shapes is not None:
        total = sum(shapes.values())
        result["statements_per_move"] = round(total / per, 2)
        result["statement_shapes_per_move"] = {k: round(v / per, 2) for k, v in shapes.most_common(25)}
        result["statement_examples"] = examples
    return result


# -- variants: changes measured without touching the site's code -------------------------------
#
# ``--variant sortedset,timing`` starts daphne with ``bench.load:variant_application``: the site's
# own application with these changes applied in memory, so that an alternative can be measured
# against what ships.
#   sortedset  daphne uses channels-redis' sorted-set layer (RedisChannelLayer) instead of the
#              pub/sub layer, as the site did before. Only daphne is switched: measure it with
#              people only (--people 4), where the worker publishes nothing.
#   timing     no change: daphne writes how long each move's service call, its publish and the
#              thread hop took (ms) to timing.log in the stack's folder; the step reports p50/p99.
#   phases     no change: daphne times each phase of a move's unit of work (lock wait, reads,
#              engine, writes, commit, publish; bench/move_phases.py) to phases.log; the step
#              reports each phase's p50/p99/mean and its mean over the slowest 1% of moves.

#   switch     the interpreter's switch interval at 1 ms (5 ms by default): a thread back from
#              SQLite or a socket waits less for the one holding the GIL.

#   nolock     without the embedded mode's writer lock (rooms/writer.py): the units of work
#              wait in SQLite's busy handler, as before it.

#   nocache    no room kept in memory (rooms/room_cache.py): every unit of work reads the room
#              with its match and hand, and the seats, as before the cache.

#   onethread  a socket's moves run on one thread of their own instead of the thread pool's (on
#              SQLite the units of work take turns on the database's one writer anyway).

#   pool       on SQLite too, moves run in the thread pool (MESA_MOVES_IN_LOOP off), as before
#              rooms/live/in_loop.py.

VARIANTS = ("sortedset", "timing", "phases", "switch", "nolock", "nocache", "onethread", "pool")


def _apply_variants(names: set[str]) -> None:
    import threading

    from rooms.live import broadcast, consumers

    if "sortedset" in names:
        from django.conf import settings

        settings.CHANNEL_LAYERS["default"] = {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [settings.REDIS_URL], "capacity": 1500, "expiry": 60},
        }

    if "switch" in names:
        sys.setswitchinterval(0.001)

    if "nocache" in names:
        from rooms import room_cache

        room_cache.KEEP = 0  # each copy let go as it is put

    if "onethread" in names:
        from concurrent.futures import ThreadPoolExecutor

        from channels.db import database_sync_to_async

        in_pool = consumers._run
        in_turn = database_sync_to_async(
            consumers._run_action, thread_sensitive=False, executor=ThreadPoolExecutor(1, thread_name_prefix="moves")
        )

        async def run_moves_in_turn(action, user, code, msg, room_id=None):
            return await (in_turn if action == "move" else in_pool)(action, user, code, msg, room_id)

        consumers._run = run_moves_in_turn

    if "pool" in names:
        from django.conf import settings

        settings.MESA_MOVES_IN_LOOP = False

    if "nolock" in names:
        from rooms import writer

        writer.atomic = lambda: writer.transaction.atomic()  # through --variant phases' timing, if on

    if "phases" in names:
        from bench import move_phases

        move_phases.install(Path(os.environ["MESA_VAR_DIR"]).parent / "phases.log")

    if "timing" in names:
        import time as _time

        log = open(Path(os.environ["MESA_VAR_DIR"]).parent / "timing.log", "a", buffering=1)  # noqa: SIM115
        plain_move = consumers.ACTIONS["move"]
        plain_publish = broadcast.publish_room
        plain_run = consumers._run
        stamps = threading.local()

        def move(user, code, msg):
            stamps.publish = 0.0
            t0 = _time.perf_counter()
            try:
                return plain_move(user, code, msg)
            finally:
                msg["_timing"] = ((_time.perf_counter() - t0) * 1000, stamps.publish)

        def publish_room(*a, **kw):
            t0 = _time.perf_counter()
            try:
                return plain_publish(*a, **kw)
            finally:
                stamps.publish = (_time.perf_counter() - t0) * 1000

        async def run(action, user, code, msg, room_id=None):
            t0 = _time.perf_counter()
            try:
                result = await plain_run(action, user, code, msg, room_id)
            except Exception:
                msg.pop("_timing", None)
                raise
            if action == "move" and "_timing" in msg:
                total = (_time.perf_counter() - t0) * 1000
                service, published = msg["_timing"]
                log.write(f"{total:.2f} {service:.2f} {published:.2f}\n")
            return result

        consumers.ACTIONS["move"] = move
        broadcast.publish_room = publish_room
        consumers._run = run


def __getattr__(name: str):
    if name == "variant_application":
        from config.asgi import application

        _apply_variants({v for v in os.environ.get("MESA_BENCH_VARIANT", "").split(",") if v})
        return application
    raise AttributeError(name)


# -- stack, setup, main ------------------------------------------------------------------------


def setup(env: dict, args, rooms: int, echo_users: int) -> dict:
    spec = {
        "rooms": rooms,
        "people": args.people,
        "seats": 4,
        "game": args.game,
        "bot_level": args.bot_level,
        "prefix": f"ld{uuid.uuid4().hex[:6]}",
        "echo_users": echo_users,
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", f"SPEC = {spec!r}\n" + SETUP],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    line = next(x for x in done.stdout.splitlines() if x.startswith("JSON"))
    return json.loads(line[4:])


def start_stack(args):
    extra = {
        "DEBUG": "1" if args.debug else "0",
        "MESA_BOT_DELAY_MS": str(0 if args.mode == "open" else args.bot_delay_ms),
        "LOG_LEVEL": "WARNING",
        "MESA_PRESENCE_REFRESH_SECONDS": "20",
        "MESA_BENCH_ECHO": "1",  # the echo floor's socket (config/routing.py)
    }
    if args.conn_max_age is not None:
        extra["DB_CONN_MAX_AGE"] = str(args.conn_max_age)
    st = stackmod.new_stack(**extra)
    if args.embedded:  # make run's site: SQLite, the in-memory layer, the worker and beat inside daphne
        for name in ("REDIS_URL", "DATABASE_URL", "MESA_PRODUCTION"):
            st.env.pop(name, None)
    try:
        if not args.embedded:
            st.start_redis()
            st.start_postgres()
        st.migrate()
        daphnes = [start_daphne(st, args) for _ in range(args.daphne)]
        for i in range(0 if args.embedded else args.workers):
            st.start_worker(name=f"worker{i}" if i else "worker")
        if not args.embedded:
            st.start_beat()
    except Exception:
        st.stop()
        raise
    return st, [d.port for d in daphnes]


def start_daphne(st, args):
    if not args.variant:
        return st.start_daphne()
    port = stackmod.free_port()
    env = {**st.env, "MESA_BENCH_VARIANT": args.variant}
    app = "bench.load:variant_application"
    cmd = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), app]
    proc = st._spawn(f"daphne-{port}", cmd, env=env, port=port)
    stackmod.wait_for_port(port, proc=proc.popen)
    return proc


def stack_processes(st) -> dict[str, int]:
    return {p.name: p.popen.pid for p in st.procs}


def print_table(results: list[dict], floor: dict | None) -> None:
    cols = ["rooms", "moves/s", "rtt p50", "p95", "p99", "fan p99", "bot lag p99", "echo p99", "err", "lost", "cores"]
    print(" | ".join(f"{c:>9}" for c in cols))
    for r in results:
        row = [
            r["rooms"],
            r["moves_per_s"],
            r["rtt_ms"]["p50"],
            r["rtt_ms"]["p95"],
            r["rtt_ms"]["p99"],
            r["fanout_ms"]["p99"],
            r["bot_lag_ms"]["p99"],
            r["echo_probe_ms"]["p99"],
            sum(r["errors"].values()),
            r["lost_answers"] + r["lost_snapshots"],
            r.get("cores_busy", "-"),
        ]
        print(" | ".join(f"{str(x):>9}" for x in row))
        if "cpu_ms_per_move" in r:
            print("           cpu ms/move:", r["cpu_ms_per_move"], " load:", r["loadavg_before"])
        if "worker_ms_per_deadline_move" in r:
            moves = r["state_changes"]
            print(
                "           worker cpu ms per bot/timeout move:",
                r["worker_ms_per_deadline_move"],
                f" ({sum(moves.get(k, 0) for k in ('bot', 'timeout', 'grace'))} of {r['moves']} moves);",
                r.get("worker_ms_per_deadline_move_less_idle"),
                f"with the idle workers' {r.get('worker_idle_ms_per_s')} ms/s taken off",
            )
        if "redis_calls_per_move" in r:
            main = {k: v for k, v in r["redis_calls_per_move"].items() if v >= 0.5}
            print("           redis calls/move:", main)
            print(
                "           group_sends/move:",
                r.get("group_sends_per_move"),
                " channel messages/move:",
                r.get("channel_messages_per_move"),
                " snapshots received/move:",
                r["snapshots_per_move"],
            )
        if "pg_per_move" in r:
            print("           pg/move:", r["pg_per_move"])
        if "daphne_move_ms" in r:
            print("           daphne move ms (call/service/publish):", r["daphne_move_ms"])
        if "statements_per_move" in r:
            print("           statements/move:", r["statements_per_move"], r["statement_shapes_per_move"])
    if floor:
        print("echo floor (ms):", floor)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", help="host:port[,host:port...] of running daphne processes (loopback only)")
    p.add_argument("--daphne", type=int, default=1, help="daphne processes to start (stack mode)")
    p.add_argument("--embedded", action="store_true", help="start make run's embedded site instead of the stack")
    p.add_argument("--workers", type=int, default=1, help="Celery workers to start (stack mode)")
    p.add_argument("--rooms", default="10", help="rooms, or a comma list of steps (e.g. 4,8,16)")
    p.add_argument("--game", default="rouba_monte")
    p.add_argument("--people", type=int, default=1, choices=(1, 2, 3, 4), help="people per room; bots fill the rest")
    p.add_argument("--bot-level", default="easy", choices=("easy", "normal", "hard"))
    p.add_argument("--mode", default="human", choices=("human", "open"))
    p.add_argument("--person-delay", type=float, default=1.0, help="human pace: seconds before a person moves")
    p.add_argument("--bot-delay-ms", type=int, default=500, help="human pace: MESA_BOT_DELAY_MS")
    p.add_argument("--duration", type=float, default=20.0, help="measured seconds per step (or the time limit)")
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--matches", type=int, default=None, help="stop each room after this many matches")
    p.add_argument("--knee", action="store_true", help="stop stepping once p99 round trip passes 500 ms")
    p.add_argument("--count-queries", action="store_true", help="log every statement in the window and count")
    p.add_argument("--conn-max-age", type=int, default=None, help="DB_CONN_MAX_AGE for the started stack")
    p.add_argument("--echo-count", type=int, default=200, help="sequential echo round trips per daphne (floor)")
    p.add_argument("--echo-load", type=int, default=0, help="also run closed-loop echo on this many sockets")
    p.add_argument("--profile", help="record py-spy profiles (collapsed stacks) of daphne and worker into this folder")
    p.add_argument("--profile-gil", action="store_true", help="profile only the thread holding the GIL: CPU, not waits")
    p.add_argument(
        "--sticky", action="store_true", help="every person of a room on the same daphne (rooms spread over them)"
    )
    p.add_argument("--variant", default="", help=f"comma list of in-memory changes to measure: {', '.join(VARIANTS)}")
    p.add_argument("--debug", action="store_true", help="run the started stack with DEBUG on (off by default)")
    p.add_argument(
        "--frames", default="patch", choices=("patch", "whole"), help="changes as patches (as the page asks) or whole"
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", help="write the results here")
    p.add_argument("--keep-logs", action="store_true")
    args = p.parse_args(argv)
    if args.mode == "open":
        args.bot_delay_ms = 0
    unknown = {v for v in args.variant.split(",") if v} - set(VARIANTS)
    if unknown:
        p.error(f"unknown variant(s): {', '.join(sorted(unknown))}")
    return args


async def main_async(args) -> dict:
    steps = [int(x) for x in str(args.rooms).split(",")]
    st = None
    if args.url:
        ports = []
        for item in args.url.split(","):
            host, _, port = item.rpartition(":")
            if host not in ("127.0.0.1", "localhost", ""):
                raise SystemExit("--url must point at 127.0.0.1 (loopback only)")
            ports.append(int(port))
        env = stackmod.base_env()
        procs = None
        counters = Counters(os.environ.get("REDIS_URL"), os.environ.get("DATABASE_URL"), None)
    else:
        st, ports = start_stack(args)
        env = st.env
        procs = Processes(stack_processes(st))
        pg_log = next((p.log for p in st.procs if p.name == "postgres"), None)
        counters = Counters(env.get("REDIS_URL"), env.get("DATABASE_URL"), pg_log, st.workdir / "timing.log")
    out = {
        "args": vars(args),
        "ports": ports,
        "cpus": os.cpu_count(),
        "loadavg_start": loadavg(),
        "steps": [],
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    try:
        echo_users = setup(env, args, 0, 4)["echo"]
        sessions = [u["session"] for u in echo_users]
        out["echo_floor_ms"] = await echo_floor(ports, sessions[0], args.echo_count, 0.01, 64)
        print("echo floor (ms):", out["echo_floor_ms"], flush=True)
        if args.echo_load:
            out["echo_load"] = await echo_load(ports, sessions, args.echo_load, min(args.duration, 10), 64, procs)
            print("echo load:", out["echo_load"], flush=True)
        for rooms in steps:
            t0 = time.monotonic()
            specs = setup(env, args, rooms, 0)["rooms"]
            print(f"[{rooms} rooms set up in {time.monotonic() - t0:.1f}s; load {loadavg()}]", flush=True)
            try:
                res = await measure(args, ports, specs, sessions, procs, counters)
            except Exception as exc:  # an overloaded site refusing sockets ends the stepping
                out["failed"] = {"rooms": rooms, "error": f"{type(exc).__name__}: {exc}"}
                print("step failed:", out["failed"], flush=True)
                break
            if out["echo_floor_ms"]["p50"] and res["rtt_ms"]["p50"]:
                res["rtt_p50_over_echo_p50"] = round(res["rtt_ms"]["p50"] / out["echo_floor_ms"]["p50"], 2)
            out["steps"].append(res)
            print_table([res], None)
            if st and not all(p.alive() for p in st.procs):
                out["died"] = [p.name for p in st.procs if not p.alive()]
                print("a process ended:", out["died"], st.logs()[-3000:])
                break
            if args.knee and (res["rtt_ms"]["p99"] or 0) > 500:
                out["knee_rooms"] = rooms
                break
            await asyncio.sleep(2)
    finally:
        if st:
            if args.keep_logs:
                print("logs kept in", st.workdir)
            st.stop()
            if not args.keep_logs:
                shutil.rmtree(st.workdir, ignore_errors=True)
    out["loadavg_end"] = loadavg()
    return out


def _interrupt(signum, frame):
    raise KeyboardInterrupt  # a terminated run still stops the stack it started (finally)


def main(argv=None) -> dict:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)
    out = asyncio.run(main_async(args))
    print()
    print_table(out["steps"], out.get("echo_floor_ms"))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main()
