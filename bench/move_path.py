"""The cost of one move through the service layer, without a server around it.

Plays Rouba Monte matches of four people by calling ``rooms.services.move``
in a loop, in this process, against a real PostgreSQL and Redis started for
the run (or SQLite with ``--sqlite``): the room lock, the seats, the engine,
the saves, the four snapshots and their publish. It prints the CPU time of
this process per move (what a daphne thread spends inside the service call)
and the wall time, and with ``--profile`` the functions that cost the most.

    .venv/bin/python bench/move_path.py --moves 3000 [--profile] [--sqlite]
    .venv/bin/python bench/move_path.py --moves 3000 --bots 3 [--profile]

With ``--bots N`` the last N seats are easy bots and the figures are those of
a bot move: ``rooms.services.run_deadline`` as a Celery worker runs it for
each bot turn (the room lock, the bot's decision, the move, the snapshots and
the next deadline's publish), without Celery's own cost around the task
(``bench/task_cost.py`` measures that).

The load harness (bench/load.py) measures the whole path through daphne; this
one isolates the part the site's own code decides.
"""

import argparse
import cProfile
import os
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_env(args) -> object:
    from scripts import stack as stackmod

    st = stackmod.new_stack()
    if not args.sqlite:
        st.start_postgres()
        st.start_redis()
    os.environ.update(st.env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["MESA_EMBEDDED_WORKER"] = "0"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    if args.bots:
        os.environ["MESA_BOT_DELAY_MS"] = "0"  # every bot turn is due at once
    return st


def postgres_cpu(st) -> float:
    """CPU seconds of the PostgreSQL server and its backends so far (0 without one)."""
    from bench.load import _children_map, tree_cpu

    pids = [p.popen.pid for p in st.procs if p.name == "postgres"]
    kids = _children_map()
    return sum(tree_cpu(pid, kids) for pid in pids)


def run(args, st) -> dict:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from accounts.models import User
    from games import registry
    from rooms import services
    from rooms.models import Room

    humans = 4 - args.bots
    people = [User.objects.create_user(f"p{i}", email=f"p{i}@bench.invalid", password="x") for i in range(humans)]
    room = services.create_room(people[0], "rouba_monte", "bench", time_limit=None)
    for i, user in enumerate(people[1:], start=1):
        services.sit(user, room.code, i)
    for i in range(humans, 4):
        services.add_bot(people[0], room.code, i, "easy")
    for i, user in enumerate(people):
        services.connect(user, room.code, f"bench.channel.{i}")
    engine = registry.get("rouba_monte")
    rng = random.Random(1)
    services.start_match(people[0], room.code)

    def one_move() -> None:
        room.refresh_from_db(fields=["status", "state_version", "current_hand"])
        if room.status != Room.Status.PLAYING:
            services.start_match(people[0], room.code)
            return
        hand = room.current_hand
        state = engine.from_json(hand.state)
        seat = engine.current_seat(state)
        if hand.seat_map[seat] >= humans:
            services.run_deadline(room.id, room.state_version)
            return
        user = people[hand.seat_map[seat]]
        move = rng.choice(engine.legal_moves(state, seat))
        services.move(user, room.code, room.state_version, move)

    for _ in range(args.warmup):
        one_move()
    # The driver's own reads (refresh, decode, legal moves) are timed apart and subtracted.
    profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waits
    cpu0, wall0, pg0 = time.process_time(), time.perf_counter(), postgres_cpu(st)
    made = 0
    driver_cpu = 0.0
    service_walls = []
    while made < args.moves:
        if args.gap:
            time.sleep(args.gap)
        t = time.process_time()
        room.refresh_from_db(fields=["status", "state_version", "current_hand"])
        playing = room.status == Room.Status.PLAYING
        bot_turn = False
        if playing:
            hand = room.current_hand
            state = engine.from_json(hand.state)
            seat = engine.current_seat(state)
            bot_turn = hand.seat_map[seat] >= humans
            if not bot_turn:
                user = people[hand.seat_map[seat]]
                move = rng.choice(engine.legal_moves(state, seat))
        driver_cpu += time.process_time() - t
        if not playing:
            services.start_match(people[0], room.code)
            continue
        if args.bots and not bot_turn:  # a person's move: played, not measured
            t = time.process_time()
            services.move(user, room.code, room.state_version, move)
            driver_cpu += time.process_time() - t
            continue
        t = time.perf_counter()
        if profiler:
            profiler.enable()
        if bot_turn:
            services.run_deadline(room.id, room.state_version)
        else:
            services.move(user, room.code, room.state_version, move)
        if profiler:
            profiler.disable()
        service_walls.append(time.perf_counter() - t)
        made += 1
    cpu = time.process_time() - cpu0 - driver_cpu
    wall = time.perf_counter() - wall0
    pg = postgres_cpu(st) - pg0
    from rooms.live import broadcast

    sizes = [len(broadcast.snapshot_message(s)["text"]) for s in broadcast.room_snapshots(room.id).values()]
    history = Room.objects.get(pk=room.id).history or []
    result = {
        "database": "sqlite" if args.sqlite else "postgresql",
        "measured": "bot moves (run_deadline)" if args.bots else "people's moves (move)",
        "snapshot_bytes": max(sizes),
        "history_hands": len(history),
        "moves": made,
        "service_cpu_ms_per_move": round(cpu / made * 1000, 3),
        "wall_ms_per_move_with_driver": round(wall / made * 1000, 3),
    }
    service_walls.sort()
    result["service_wall_ms_p50"] = round(service_walls[len(service_walls) // 2] * 1000, 3)
    if not args.sqlite:  # the driver's refresh is one more statement per move in this figure
        result["postgres_cpu_ms_per_move_with_driver"] = round(pg / made * 1000, 3)
    print(result)
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)
        if args.callers:
            stats.print_callers(args.callers)
        if args.callees:
            stats.print_callees(args.callees)
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--moves", type=int, default=3000)
    p.add_argument("--warmup", type=int, default=200)
    p.add_argument(
        "--bots", type=int, default=0, choices=(0, 1, 2, 3), help="the last N seats are easy bots; measure their moves"
    )
    p.add_argument("--sqlite", action="store_true", help="embedded SQLite and the in-memory layer")
    p.add_argument("--profile", action="store_true", help="cProfile the measured moves")
    p.add_argument("--gap", type=float, default=0.0, help="seconds of idleness before each move (low load)")
    p.add_argument("--top", type=int, default=35)
    p.add_argument("--callers", help="with --profile: print the callers of functions matching this")
    p.add_argument("--callees", help="with --profile: print what functions matching this call")
    args = p.parse_args()
    st = setup_env(args)
    try:
        run(args, st)
    finally:
        st.stop()


if __name__ == "__main__":
    main()
