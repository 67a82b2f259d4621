"""A whole arena tournament played by scripted people over real sockets, its records checked at the end.

Starts `make run`'s embedded site (or, with ``--stack``, PostgreSQL, Redis, daphne, a Celery worker
and beat), makes ``--people`` users, creates a casual Stealing Bundles arena (tables of two, one deal
a match) of ``--minutes`` that starts at once, and joins everyone. Each person keeps their site
socket open: told their table there (``tournament_table``), they play it on the table's socket (the
first legal move at each turn, as fast as the server answers), and wait again, until the clock runs
out. Then it reads the records: every person ranked once, each one's score the sum of their tables'
points, the podium's trophies the first three.

    .venv/bin/python bench/tournament_live.py --people 20 --minutes 3
    .venv/bin/python bench/tournament_live.py --people 200 --minutes 3 --stack --pace 1.5

Prints the tables played and "a table's end to the next seat": from the moment a person's match is
over (their table's ``match_over`` snapshot) to their next ``tournament_table`` notice, p50 / p95 / p99.
Everything started is stopped at the end. Not part of the test suite (docs/benchmarks.md).
"""

import argparse
import asyncio
import contextlib
import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402

from scripts import stack as stackmod  # noqa: E402
from tests.live import Client, autoplay, make_users, manage_shell  # noqa: E402

RECORDS = """
import json
from tournaments.models import Tournament, TableResult
from tournaments import standings
t = Tournament.objects.get(pk=TOURNAMENT)
points = {}
for name, got in TableResult.objects.filter(table__tournament=t).values_list("entry__user__username", "points"):
    points[name] = points.get(name, 0) + got
print("JSON" + json.dumps({
    "standings": standings.standings(t),
    "points": points,
    "tables": t.tables.count(),
    "trophies": list(t.trophies.order_by("place").values_list("user__username", flat=True)),
}))
"""


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000, 1)


class SiteSocket:
    """A person's site socket, read all the time (the server's pings answered): their table notices queued."""

    def __init__(self, port: int, session: str):
        self.url = f"ws://127.0.0.1:{port}/ws/site/"
        self.headers = {"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{port}"}
        self.tables: asyncio.Queue = asyncio.Queue()
        self.reader: asyncio.Task | None = None

    async def start(self) -> None:
        self.ws = await websockets.connect(self.url, additional_headers=self.headers, open_timeout=30)
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                msg = json.loads(raw)
                if msg.get("type") == "ping":
                    await self.ws.send(json.dumps({"action": "pong"}))
                elif msg.get("type") == "tournament_table":
                    self.tables.put_nowait((time.monotonic(), msg))

    async def stop(self) -> None:
        if self.reader:
            self.reader.cancel()
        await self.ws.close()


async def person(
    port: int, session: str, site: SiteSocket, until: float, waits: list, errors: list, pace: float
) -> int:
    """Play every table the tournament gives this person until the clock runs out; the tables played."""
    played, ended = 0, None
    while True:
        try:
            told, notice = await asyncio.wait_for(site.tables.get(), max(0.1, until - time.monotonic()))
        except TimeoutError:
            return played
        if ended is not None:
            waits.append(max(0.0, told - ended))
        try:
            async with Client(port, session, notice["room"]) as client:
                snap = await client.current(timeout=30)
                await autoplay(
                    client, snap["you"]["seat"], until_status=("match_over", "closed"), timeout=180, pace=pace
                )
            ended = time.monotonic()
        except Exception as exc:  # noqa: BLE001 - counted and shown
            errors.append(f"{type(exc).__name__}: {exc}")
            ended = None  # the table went on without this person: when it ended is not known here
        played += 1


async def run(args, st, port: int) -> dict:
    names = [f"tl{i}" for i in range(args.people)]
    users = make_users(st.env, *names)
    sites = [SiteSocket(port, users[n]["session"]) for n in names]
    for site in sites:
        await site.start()
    out = manage_shell(
        st.env,
        "from django.core.management import call_command\n"
        "call_command('create_tournament', '--game', 'stealing_bundles', '--minutes', '10', '--casual',"
        " '--table-size', '2')\n",
    )
    tournament = int(out.strip().splitlines()[-1])
    # The shortest tournament lasts ten minutes; its start is moved back so that it ends in --minutes.
    manage_shell(
        st.env,
        "from datetime import timedelta\nfrom django.db.models import F\nfrom tournaments.models import Tournament\n"
        f"Tournament.objects.filter(pk={tournament}).update(starts_at=F('starts_at') - timedelta(minutes={10 - args.minutes}))\n",
    )
    started = time.monotonic()
    manage_shell(
        st.env,
        "from django.contrib.auth import get_user_model\nfrom tournaments import services\n"
        f"for user in get_user_model().objects.filter(username__in={names!r}):\n"
        f"    services.join(user, {tournament})\n",
    )
    until = started + args.minutes * 60
    waits: list[float] = []
    errors: list[str] = []
    played = await asyncio.gather(
        *(
            person(port, users[n]["session"], site, until, waits, errors, args.pace)
            for n, site in zip(names, sites, strict=True)
        )
    )
    for site in sites:
        await site.stop()
    records = None
    for _ in range(240):  # the tables still playing end, then the pass ranks everyone
        records = json.loads(
            next(
                x
                for x in manage_shell(st.env, f"TOURNAMENT = {tournament}\n" + RECORDS).splitlines()
                if x.startswith("JSON")
            )[4:]
        )
        if records["standings"]["status"] == "finished":
            break
        await asyncio.sleep(1)
    players = records["standings"]["players"]
    checks = {
        "finished": records["standings"]["status"] == "finished",
        "everyone ranked once": sorted(p["rank"] for p in players) == list(range(1, len(names) + 1)),
        "scores are their tables' points": all(p["score"] == records["points"].get(p["username"], 0) for p in players),
        "podium is the first three": records["trophies"] == [p["username"] for p in players[:3]],
        "nobody at a table": all(p["table"] is None for p in players),
    }
    return {
        "people": args.people,
        "minutes": args.minutes,
        "pace_s": args.pace,
        "mode": "stack" if args.stack else "embedded",
        "tables": records["tables"],
        "tables_played_per_person": {
            "min": min(played),
            "max": max(played),
            "mean": round(sum(played) / len(played), 1),
        },
        "table_end_to_next_seat_ms": {
            "n": len(waits),
            "p50": pct(waits, 50),
            "p95": pct(waits, 95),
            "p99": pct(waits, 99),
        },
        "errors": errors[:5],
        "error_count": len(errors),
        "checks": checks,
        "loadavg": Path("/proc/loadavg").read_text().split()[:3],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--people", type=int, default=20)
    p.add_argument("--minutes", type=int, default=3, choices=range(1, 11), metavar="1-10")
    p.add_argument("--pace", type=float, default=0.0, help="seconds a person thinks before each move (0: none)")
    p.add_argument(
        "--stack", action="store_true", help="PostgreSQL, Redis, a worker and beat instead of the embedded site"
    )
    args = p.parse_args()
    st = stackmod.new_stack(
        MESA_BOT_DELAY_MS="0",
        LOG_LEVEL="WARNING",
        MESA_TOURNAMENT_END_GRACE_SECONDS="60",
    )
    try:
        if args.stack:
            st.start_redis()
            st.start_postgres()
        else:
            for name in ("REDIS_URL", "DATABASE_URL", "MESA_PRODUCTION"):
                st.env.pop(name, None)
        st.migrate()
        server = st.start_daphne()
        if args.stack:
            st.start_worker()
            st.start_beat()
        result = asyncio.run(run(args, st, server.port))
        if result["error_count"]:
            print(st.logs()[-6000:])
    finally:
        st.stop()
        shutil.rmtree(st.workdir, ignore_errors=True)
    print(json.dumps(result, indent=2))
    if not all(result["checks"].values()):
        sys.exit(1)


if __name__ == "__main__":
    main()
