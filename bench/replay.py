"""How heavy a long match's replay is: the JSON's size and the page's load time for a 20-hand Buraco match.

A Buraco match of 20 hands (the most a room keeps, ``rooms.table.HISTORY_KEEP``) is
played by three easy bots and the host's automatic moves through the services in an embedded-mode daphne's
database (its totals emptied on the row after each hand so that it does not reach its
target first, then ended by the host between hands: every hand finished), then:

- ``replay.json``: bytes as sent (gzip, the site's GZipMiddleware) and unpacked,
  and the server's time to answer, built (the first request) and from the cache (players/
  replay_views.py: the median of the next ``--repeats`` - 1); ``?hand=1``, the one hand the
  page loads before drawing, built;
- the page: headless Chromium opens ``/matches/<id>/replay/`` in a fresh context each
  time, once at the last hand (not yet built) on a phone, then ``--repeats`` times (the median)
  at 390x844 (touch) and 1280x800, and reads the ``mesa-replay-drawn`` mark
  (static/js/match_replay.js: the first step drawn) from the navigation's start; in the
  repeats the first hand is in the cache, as for a link opened within a minute of another reader.

    nice -n 19 .venv/bin/python -m bench.replay
    nice -n 19 .venv/bin/python -m bench.replay --hands 20 --repeats 5
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests import their conftest by name

from conftest import CHROMIUM_ARGS  # noqa: E402

from scripts import stack as stackmod  # noqa: E402
from tests.live import make_users  # noqa: E402

LONG_MATCH = """
import json
from django.contrib.auth import get_user_model
from rooms import services
from rooms.models import Match
from tests.rooms.helpers import play_hand
host = get_user_model().objects.get(username=NAME)
room = services.create_room(host, "buraco", "Bench", options={"target": 5000}, time_limit=None)
for seat in (1, 2, 3):
    services.add_bot(host, room.code, seat, "easy")
services.start_match(host, room.code)
match = room.matches.get()
for number in range(HANDS):
    play_hand(room, host)
    room.refresh_from_db()
    Match.objects.filter(pk=match.pk).update(totals={})  # never at the target: the match goes on
    if number < HANDS - 1:
        services.next_hand(host, room.code)
services.end_match(host, room.code)
match.refresh_from_db()
moves = sum(len(h.moves) for h in match.hands.all())
print("JSON" + json.dumps({"match": match.public_id, "hands": match.hands.count(), "moves": moves}))
"""


def play_long_match(env: dict, name: str, hands: int) -> dict:
    """The match played in a shell of the server's database (longer than tests.live.manage_shell allows)."""
    code = f"NAME = {name!r}\nHANDS = {hands}\n" + LONG_MATCH
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(next(x for x in done.stdout.splitlines() if x.startswith("JSON"))[4:])


def fetch(url: str, gzip: bool) -> tuple[int, float]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip" if gzip else "identity"})
    start = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        body = response.read()
    return len(body), time.perf_counter() - start


def drawn_after(browser, url: str, size: tuple[int, int], touch: bool) -> float:
    """Milliseconds from the navigation's start to the first step drawn, in a fresh context."""
    extra = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if touch else {}
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **extra)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("[data-replay][data-state=ready]", timeout=120000)
    ms = page.evaluate("() => performance.getEntriesByName('mesa-replay-drawn')[0].startTime")
    context.close()
    return ms


def page_loads(base: str, public_id: str, hands: int, repeats: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    url = f"{base}/matches/{public_id}/replay/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        # The last hand, asked for by nobody yet: the server builds it for this reader.
        out = {
            "phone, its hand not yet in the cache": drawn_after(browser, f"{url}#hand={hands}&step=1", (390, 844), True)
        }
        for name, size, touch in (("phone", (390, 844), True), ("desktop", (1280, 800), False)):
            out[name] = statistics.median(drawn_after(browser, url, size, touch) for _ in range(repeats))
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    stack = stackmod.new_stack(MESA_BOT_DELAY_MS="0")
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    try:
        stack.migrate()
        proc = stack.start_daphne()
        base = f"http://127.0.0.1:{proc.port}"
        name = "bench-replay"
        make_users(stack.env, name)
        made = play_long_match(stack.env, name, args.hands)
        url = f"{base}/matches/{made['match']}/replay.json"
        plain = [fetch(url, gzip=False) for _ in range(args.repeats)]
        packed = [fetch(url, gzip=True) for _ in range(args.repeats)]
        one = [fetch(f"{url}?hand=1", gzip=True)]
        loads = page_loads(base, made["match"], made["hands"], args.repeats)
    finally:
        stack.stop()
    print(f"match: {made['hands']} hands, {made['moves']} moves (steps: {made['moves'] + made['hands']})")
    print(f"replay.json: {plain[0][0] / 1024:.0f} KiB, gzip {packed[0][0] / 1024:.0f} KiB")
    print(
        f"replay.json answer: {plain[0][1] * 1000:.0f} ms built, {statistics.median(t for _, t in plain[1:]) * 1000:.0f} ms from the cache"
    )
    print(
        f"replay.json?hand=1 (what the page loads first): gzip {one[0][0] / 1024:.1f} KiB, "
        f"{one[0][1] * 1000:.0f} ms built"
    )
    for kind, ms in loads.items():
        print(f"page to the first step drawn, {kind}: {ms:.0f} ms")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
