"""How long daphne takes to stop on SIGTERM while its sockets are still disconnecting.

A rolling restart sends SIGTERM to a daphne process whose clients are going
away at the same moment. Each run starts one daphne (embedded, or on
PostgreSQL and Redis with ``--stack``), opens N sockets of one user to one
room, drops them all without a closing handshake, sends SIGTERM 50 ms later,
while the server is still working through the disconnects, and times the exit (at most ``--limit``
seconds; a process still running then is killed and counted as a hang).

    python -m bench.stop --runs 3 --sockets 150
    python -m bench.stop --runs 2 --sockets 150 --stack
"""

import argparse
import asyncio
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import stack as stackmod  # noqa: E402
from tests.live import make_room, make_users  # noqa: E402


async def _drop_sockets_then_terminate(daphne: stackmod.Proc, session: str, code: str, sockets: int) -> None:
    url = f"ws://127.0.0.1:{daphne.port}/ws/rooms/{code}/"
    headers = {"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{daphne.port}"}
    opened = []
    for _ in range(sockets):
        ws = await websockets.connect(url, additional_headers=headers, open_timeout=30)
        await asyncio.wait_for(ws.recv(), 30)
        opened.append(ws)
    for ws in opened:
        ws.transport.abort()  # the network went away: no closing handshake
    # The fault's timing, not a wait for a result: the signal lands while the server is
    # still working through those disconnects.
    await asyncio.sleep(0.05)
    daphne.popen.send_signal(signal.SIGTERM)


def seconds_to_stop(stack: stackmod.Stack, sockets: int, limit: float = 60.0) -> float | None:
    """Seconds from SIGTERM to exit on a migrated ``stack``; None when it was still running after ``limit``."""
    stack.env.update({"MESA_SOCKETS_PER_ROOM": str(sockets), "MESA_SOCKETS_PER_USER": str(sockets)})
    users = make_users(stack.env, "stopper")
    code = make_room(stack.env, "stopper", "rouba_monte")
    daphne = stack.start_daphne()
    asyncio.run(_drop_sockets_then_terminate(daphne, users["stopper"]["session"], code, sockets))
    start = time.monotonic()
    try:
        daphne.popen.wait(limit)
    except subprocess.TimeoutExpired:
        daphne.kill()
        return None
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sockets", type=int, default=150)
    parser.add_argument("--stack", action="store_true", help="PostgreSQL and Redis instead of the embedded mode")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds after which a run counts as a hang")
    args = parser.parse_args()
    for run in range(1, args.runs + 1):
        stack = stackmod.new_stack(LOG_LEVEL="WARNING")
        try:
            if args.stack:
                stack.start_redis()
                stack.start_postgres()
            stack.migrate()
            took = seconds_to_stop(stack, args.sockets, args.limit)
        finally:
            stack.stop()
            shutil.rmtree(stack.workdir, ignore_errors=True)
        shown = f"stopped in {took:.1f} s" if took is not None else f"still running after {args.limit:.0f} s (killed)"
        print(f"run {run}: {args.sockets} sockets, {'stack' if args.stack else 'embedded'}: {shown}")


if __name__ == "__main__":
    main()
