"""The time from "Jogar agora" to a seat: N people press it at random instants within a window.

Starts an embedded-mode stack (SQLite, two daphne processes; ``--postgres``:
PostgreSQL and Redis), makes the people and their sessions, opens each one's
confirm page (the CSRF token), then fires every press at its instant (uniform
over ``--window`` seconds, seeded) from a thread of its own, and measures the
POST's round trip up to the redirect to the table where the person sits
(the seat is given before the answer). Prints p50/p95/p99 and the rooms made.

    python bench/play_now.py --people 200 --window 60 --game buraco
    python bench/play_now.py --people 200 --window 60 --game buraco --postgres
"""

import argparse
import json
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import percentile  # noqa: E402
from scripts import stack as stackmod  # noqa: E402
from tests.live import make_users, manage_shell, presser  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--window", type=float, default=60.0)
    parser.add_argument("--game", default="buraco")
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    stack = stackmod.new_stack(MESA_BOT_DELAY_MS="700")
    if args.postgres:
        stack.start_redis()
        stack.start_postgres()
    else:
        stack.env.pop("REDIS_URL", None)
        stack.env.pop("DATABASE_URL", None)
    try:
        stack.migrate()
        names = [f"bench{i:03d}" for i in range(args.people)]
        users = make_users(stack.env, *names)  # one password hash for all
        servers = [stack.start_daphne() for _ in range(args.servers)]
        presses = [presser(servers[i % len(servers)].port, users[n]["session"], args.game) for i, n in enumerate(names)]
        rng = random.Random(args.seed)
        at = sorted(rng.uniform(0, args.window) for _ in names)
        times: list[float] = []
        failures: list[str] = []
        start = time.monotonic() + 1.0

        def run(press, when):
            time.sleep(max(0.0, start + when - time.monotonic()))
            t0 = time.perf_counter()
            try:
                press()
            except Exception as exc:  # counted, never hidden
                failures.append(repr(exc))
                return
            times.append(time.perf_counter() - t0)

        threads = [threading.Thread(target=run, args=(p, w)) for p, w in zip(presses, at, strict=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        out = manage_shell(
            stack.env,
            "import json\nfrom rooms.models import Room\n"
            f"qs = Room.objects.filter(game={args.game!r})\n"
            "print('JSON' + json.dumps({'rooms': qs.count(), 'quick': qs.filter(quick_play=True).count()}))",
        )
        rooms = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
        ms = sorted(t * 1000 for t in times)
        print(
            json.dumps(
                {
                    "people": args.people,
                    "window_s": args.window,
                    "database": "postgresql" if args.postgres else "sqlite",
                    "servers": args.servers,
                    "seated": len(ms),
                    "failures": len(failures),
                    "press_to_seat_ms": {f"p{round(q * 100)}": round(percentile(ms, q), 1) for q in (0.5, 0.95, 0.99)}
                    if ms
                    else None,
                    "max_ms": round(ms[-1], 1) if ms else None,
                    **rooms,
                },
                indent=2,
            )
        )
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
