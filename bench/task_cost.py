"""What Celery and kombu cost per task on the stack's broker, without the game.

Starts Redis and one Celery worker as the stack runs it (scripts/stack.py: the
threads pool, the site's settings), publishes ``--tasks`` of Celery's own
``celery.accumulate`` (it returns its arguments and touches no database) the
way a move schedules a deadline (two integers, an ETA ``--eta-ms`` ahead, the
options of ``rooms.tasks.deadline_options`` where the checkout has them),
waits until the worker has run them all, and reports per task: CPU in the
publishing process (this one), CPU in the worker (its process tree, from
/proc), and the Redis commands (INFO commandstats). The difference between two
checkouts is what a broker or Celery setting changed, with less noise than a
whole load run; run each side a few times, alternating.

    python bench/task_cost.py --tasks 3000
    python bench/task_cost.py --tasks 3000 --eta-ms 0 --rounds 3
"""

import argparse
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import stack as stackmod  # noqa: E402

CLK_TCK = os.sysconf("SC_CLK_TCK")
TASK = "celery.accumulate"


def tree_cpu(pid: int) -> float:
    """utime+stime (+ reaped children) of a process and its children, seconds."""
    total, todo = 0.0, [pid]
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                raw = open(f"/proc/{entry}/stat").read()  # noqa: SIM115
            except OSError:
                continue
            fields = raw[raw.rindex(")") + 2 :].split()
            kids.setdefault(int(fields[1]), []).append(int(entry))
    while todo:
        p = todo.pop()
        try:
            raw = open(f"/proc/{p}/stat").read()  # noqa: SIM115
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2 :].split()
        total += sum(int(x) for x in fields[11:15]) / CLK_TCK
        todo.extend(kids.get(p, []))
    return total


def commandstats(client) -> Counter:
    return Counter({k.removeprefix("cmdstat_"): v["calls"] for k, v in client.info("commandstats").items()})


def wait_idle(pid: int, queue_len, settle: float = 0.5, timeout: float = 120) -> None:
    """Until the queue is empty and the worker's CPU stops growing for ``settle`` seconds."""
    deadline = time.monotonic() + timeout
    last = tree_cpu(pid)
    quiet_since = None
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = tree_cpu(pid)
        if queue_len() == 0 and now - last < 2 / CLK_TCK:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= settle:
                return
        else:
            quiet_since = None
        last = now
    raise TimeoutError("the worker did not finish the tasks in time")


def deadline_options():
    """The options a deadline is published with (rooms/tasks.py), on a checkout that has them."""
    try:
        from rooms.tasks import deadline_options
    except ImportError:
        return lambda room_id, version: {}
    return deadline_options


def one_round(app, client, worker_pid: int, tasks: int, eta_ms: int, options) -> dict:
    wait_idle(worker_pid, lambda: client.llen("celery"))
    # What the worker burns while idle (its loop's wake-ups), taken off below.
    idle0, t0 = tree_cpu(worker_pid), time.monotonic()
    time.sleep(1.0)
    idle_rate = (tree_cpu(worker_pid) - idle0) / (time.monotonic() - t0)
    stats0, worker0, own0, t0 = commandstats(client), tree_cpu(worker_pid), time.process_time(), time.monotonic()
    for i in range(tasks):
        eta = datetime.now(UTC) + timedelta(milliseconds=eta_ms) if eta_ms else None
        app.send_task(TASK, (i, i), eta=eta, **options(i, i))
    own = time.process_time() - own0
    wait_idle(worker_pid, lambda: client.llen("celery"))
    worker = tree_cpu(worker_pid) - worker0 - idle_rate * (time.monotonic() - t0)
    delta = commandstats(client) - stats0
    delta.pop("info", None)
    delta.pop("llen", None)
    return {
        "publish_ms": round(1000 * own / tasks, 3),
        "worker_ms": round(1000 * worker / tasks, 3),
        "idle_worker_ms_per_s": round(1000 * idle_rate, 2),
        "redis_per_task": {k: round(v / tasks, 2) for k, v in sorted(delta.items())},
    }


def main(argv=None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=3000)
    parser.add_argument("--eta-ms", type=int, default=300, help="ETA this far ahead, as a bot turn's (0: none)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--profile", help="record py-spy of the worker (collapsed stacks, the GIL holder) to this file")
    args = parser.parse_args(argv)

    st = stackmod.new_stack(LOG_LEVEL="WARNING", DATABASE_URL="postgres://mesa@127.0.0.1:1/mesa")
    try:
        url = st.start_redis()
        os.environ.update({"REDIS_URL": url, "DATABASE_URL": st.env["DATABASE_URL"]})
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django
        import redis

        django.setup()
        from config.celery import app

        client = redis.Redis.from_url(url)
        worker = st.start_worker()
        spy = None
        if args.profile:
            spy_bin = Path(sys.executable).parent / "py-spy"
            spy = subprocess.Popen(
                [str(spy_bin), "record", "--format", "raw", "--rate", "250", "--gil", "-o", args.profile]
                + ["--pid", str(worker.popen.pid)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        app.send_task(TASK, (0,))  # the producer's connection and the queue, once
        deadline = time.monotonic() + 60
        while client.llen("celery") and time.monotonic() < deadline:
            time.sleep(0.1)
        results = []
        for _ in range(args.rounds):
            r = one_round(app, client, worker.popen.pid, args.tasks, args.eta_ms, deadline_options())
            print(
                f"publish {r['publish_ms']} ms/task  worker {r['worker_ms']} ms/task  redis/task {r['redis_per_task']}"
            )
            results.append(r)
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(30)
        return results
    finally:
        st.stop()


if __name__ == "__main__":
    main()
