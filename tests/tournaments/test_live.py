"""A whole short tournament on real processes: daphne, the beat's passes, site and table sockets.

Six people join a Stealing Bundles arena (tables of two, one deal a match).
Each listens on their site socket, where the pairing tells them their table;
they play it on its socket; the match's end scores them and seats them again
(the pass queued after the table's end, or the beat's tick). One leaves a
table: a loss and a pause. The clock runs out: no new tables, ranks, trophies.
On SQLite with the embedded worker and beat, and on PostgreSQL and Redis with
a Celery worker and beat, where the worker is killed mid-tournament and
another takes over.
"""

import asyncio
import json
import os
import signal

import pytest
import websockets

from tests.live import Client, autoplay, make_users, manage_shell

pytestmark = pytest.mark.xdist_group("live")

PEOPLE = [f"t{i}" for i in range(6)]


class Site:
    """One person's site socket: the notices of their tables."""

    def __init__(self, port: int, session: str):
        self.url = f"ws://127.0.0.1:{port}/ws/site/"
        self.headers = {"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{port}"}
        self.tables: list[dict] = []

    async def __aenter__(self):
        self.ws = await websockets.connect(self.url, additional_headers=self.headers, open_timeout=10)
        return self

    async def __aexit__(self, *exc):
        await self.ws.close()

    async def next_table(self, timeout: float = 30.0) -> dict:
        async def loop():
            while True:
                msg = json.loads(await self.ws.recv())
                if msg.get("type") == "ping":
                    await self.ws.send(json.dumps({"action": "pong"}))
                if msg.get("type") == "tournament_table":
                    self.tables.append(msg)
                    return msg

        return await asyncio.wait_for(loop(), timeout)


def shell_json(env, code: str):
    out = manage_shell(env, code)
    return json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])


def create_and_join(env) -> int:
    out = manage_shell(
        env,
        "from django.core.management import call_command\n"
        "call_command('create_tournament', '--game', 'stealing_bundles', '--minutes', '10', '--casual')\n",
    )
    tournament_id = int(out.strip().splitlines()[-1])
    manage_shell(
        env,
        "from django.contrib.auth import get_user_model\nfrom tournaments import services\n"
        f"for name in {PEOPLE!r}:\n"
        f"    services.join(get_user_model().objects.get(username=name), {tournament_id})\n",
    )
    return tournament_id


def state(env, tournament_id: int) -> dict:
    return shell_json(
        env,
        "import json\nfrom tournaments.models import Tournament, TableResult\nfrom tournaments import standings\n"
        f"t = Tournament.objects.get(pk={tournament_id})\n"
        "print('JSON' + json.dumps({'standings': standings.standings(t),"
        " 'results': list(TableResult.objects.filter(table__tournament=t).values_list('entry__user__username',"
        " 'outcome', 'points')), 'trophies': list(t.trophies.order_by('place').values_list('user__username',"
        " flat=True))}))",
    )


async def play_table(port: int, session: str, notice: dict) -> dict:
    async with Client(port, session, notice["room"]) as client:
        snap = await client.current(timeout=15)
        seat = snap["you"]["seat"]
        return await autoplay(client, seat, until_status=("match_over",), timeout=90)


async def a_tournament(stack, port: int, kill_worker=None) -> None:
    users = make_users(stack.env, *PEOPLE)
    async with asyncio.timeout(240):
        sites = [Site(port, users[name]["session"]) for name in PEOPLE]
        for site in sites:
            await site.__aenter__()
        try:
            tournament_id = create_and_join(stack.env)  # the sockets listen first: a table may be made at once
            first = await asyncio.gather(*(site.next_table() for site in sites))
            rooms = [notice["room"] for notice in first]
            assert all(rooms.count(code) == 2 for code in rooms), "three tables of two, each person at one"
            # One leaves their table at once: a loss, and a pause before the next.
            leaver = PEOPLE[0]
            async with Client(port, users[leaver]["session"], first[0]["room"]) as client:
                await client.current(timeout=15)
                await client.request("leave")
            others = [i for i in range(1, 6)]
            ended = await asyncio.gather(
                *(
                    play_table(port, users[PEOPLE[i]]["session"], first[i])
                    for i in others
                    if first[i]["room"] != rooms[0]
                )
            )
            assert all(snap["room"]["status"] == "match_over" for snap in ended)
            if kill_worker is not None:
                kill_worker()
            # Everyone is seated again by the passes (the leaver after their pause).
            second = await asyncio.gather(*(site.next_table(timeout=60) for site in sites))
            assert all(s["tournament"] == tournament_id for s in second)
            assert not {n["room"] for n in second} & set(rooms), "new tables"
        finally:
            for site in sites:
                await site.__aexit__(None, None, None)
    found = state(stack.env, tournament_id)
    outcomes = {(name, outcome) for name, outcome, _points in found["results"]}
    assert (leaver, "left") in outcomes
    assert sum(points for *_x, points in found["results"]) == sum(p["score"] for p in found["standings"]["players"])
    assert any(outcome == "won" for _n, outcome in outcomes) or any(o == "tied" for _n, o in outcomes)
    # The clock runs out (moved back here): no new tables, the tables still playing end past the grace.
    manage_shell(
        stack.env,
        "from datetime import timedelta\nfrom django.utils import timezone\nfrom tournaments.models import Tournament\n"
        f"Tournament.objects.filter(pk={tournament_id}).update(starts_at=timezone.now() - timedelta(minutes=20))\n",
    )
    for _ in range(60):
        found = state(stack.env, tournament_id)
        if found["standings"]["status"] == "finished":
            break
        await asyncio.sleep(0.5)
    players = found["standings"]["players"]
    assert found["standings"]["status"] == "finished"
    assert [p["rank"] for p in players] == list(range(1, 7)) and all(p["table"] is None for p in players)
    assert found["trophies"] == [p["username"] for p in players[:3]]


def test_a_short_tournament_on_sqlite_with_the_embedded_worker(stack):
    stack.env.update(
        {"MESA_BOT_DELAY_MS": "0", "MESA_TOURNAMENT_TICK_SECONDS": "1", "MESA_TOURNAMENT_WAIT_SECONDS": "2"}
    )
    stack.env.update({"MESA_TOURNAMENT_END_GRACE_SECONDS": "0"})
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    stack.migrate()
    server = stack.start_daphne()
    asyncio.run(a_tournament(stack, server.port))


def test_a_short_tournament_on_postgresql_with_a_worker_killed(services_stack):
    stack = services_stack
    stack.env.update(
        {"MESA_BOT_DELAY_MS": "0", "MESA_TOURNAMENT_TICK_SECONDS": "1", "MESA_TOURNAMENT_WAIT_SECONDS": "2"}
    )
    stack.env.update({"MESA_TOURNAMENT_END_GRACE_SECONDS": "0"})
    server = stack.start_daphne()
    stack.start_worker("worker-1")
    stack.start_beat()

    def kill_and_replace():
        worker = next(p for p in stack.procs if p.name == "worker-1")
        os.killpg(worker.popen.pid, signal.SIGKILL)
        stack.start_worker("worker-2")

    asyncio.run(a_tournament(stack, server.port, kill_worker=kill_and_replace))
