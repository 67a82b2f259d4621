"""Tournament pairing: one pass over many waiting players, and a table's end to its players seated again.

    .venv/bin/python bench/tournament_pairing.py [--waiting 1000] [--runs 200] [--players 200] [--sqlite]

1. ``pairing.pair`` alone (pure) over ``--waiting`` players with random scores,
   ratings, waits and previous tables, tables of 2 and of 4: p50 and p99 ms of
   wall time, and p99 of the process's CPU (the wall time counts a busy machine's waits).
2. On PostgreSQL and Redis (or ``--sqlite``), ``--players`` people in one
   tournament of two-seat Stealing Bundles tables: every table seated, then
   each table's last move played (the match ends: scored, waiting again) and
   the tournament's pass run right after it, as the worker does when the move
   commits: the time from the move's start to the pass's end, per table.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def pairing_alone(waiting: int, runs: int) -> dict:
    from tournaments.pairing import Rules, Waiting, pair

    rng = random.Random(7)
    out = {}
    for size in (2, 4):
        times, cpu = [], []
        for _ in range(runs):
            ids = list(range(1, waiting + 1))
            players = [
                Waiting(i, rng.randint(0, 40), rng.randint(900, 2100), rng.uniform(0, 40),
                        frozenset(rng.sample(ids, size - 1)) - {i})
                for i in ids
            ]  # fmt: skip
            start, start_cpu = time.perf_counter(), time.process_time()
            tables = pair(players, Rules(size=size, bound=20.0))
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            assert len({u for t in tables for u in t}) == sum(len(t) for t in tables)
        out[f"size_{size}"] = {
            "p50_ms": round(percentile(times, 0.5), 1),
            "p99_ms": round(percentile(times, 0.99), 1),
            "cpu_p99_ms": round(percentile(cpu, 0.99), 1),
        }
    return out


def seated_again(players: int, sqlite: bool) -> dict:
    from scripts import stack as stackmod

    st = stackmod.new_stack()
    try:
        if not sqlite:
            st.start_postgres()
            st.start_redis()
        os.environ.update(st.env)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ["MESA_EMBEDDED_WORKER"] = "0"
        os.environ["MESA_BOT_DELAY_MS"] = "0"
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from accounts.models import User
        from games import registry
        from rooms import services as rooms
        from rooms.models import Room
        from tournaments import arena, services
        from tournaments.models import Entry, TournamentTable

        people = [User.objects.create_user(f"b{i}", email=f"b{i}@bench.invalid", password="x") for i in range(players)]
        tournament = services.create(None, "stealing_bundles", 60, rated=False)
        for person in people:
            services.join(person, tournament.id)
        start = time.perf_counter()
        arena.run(tournament.id)  # the start: every table, TOURNAMENT_TABLES_PER_PASS a transaction
        first_pass = (time.perf_counter() - start) * 1000
        by_id = {p.id: p for p in people}
        engine = registry.get("stealing_bundles")
        waits = []
        for table in TournamentTable.objects.filter(tournament=tournament).select_related("room"):
            room = table.room
            while True:  # play to the last move
                room = Room.objects.get(pk=room.pk)
                hand = room.current_hand
                state = engine.from_json(hand.state)
                seat = engine.current_seat(state)
                move = engine.auto_move(state, seat)
                mover = by_id[room.seats.get(index=hand.seat_map[seat]).user_id]
                last = engine.is_over(engine.apply(state, seat, move))
                if not last:
                    rooms.move(mover, room.code, room.state_version, move)
                    continue
                start = time.perf_counter()
                rooms.move(mover, room.code, room.state_version, move)
                arena.tick(tournament.id)
                waits.append((time.perf_counter() - start) * 1000)
                break
        assert Entry.objects.filter(tournament=tournament, table=None).count() <= 1
        return {
            "database": "sqlite" if sqlite else "postgresql",
            "players": players,
            "all_seated_at_start_ms": round(first_pass, 1),
            "move_and_pass_p50_ms": round(statistics.median(waits), 1),
            "move_and_pass_p99_ms": round(percentile(waits, 0.99), 1),
            "tables": len(waits),
        }
    finally:
        st.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--waiting", type=int, default=1000)
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--players", type=int, default=200)
    p.add_argument("--sqlite", action="store_true")
    p.add_argument("--skip-db", action="store_true", help="the pure pairing only")
    args = p.parse_args()
    result = {"pairing": pairing_alone(args.waiting, args.runs)}
    print(json.dumps(result), flush=True)
    if not args.skip_db:
        result["seated_again"] = seated_again(args.players, args.sqlite)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
