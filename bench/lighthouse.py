"""Lighthouse 12 scores of the lobby, a table and the profile, logged in, as `make run` serves them.

An embedded-mode Mesa (SQLite, in-process worker) on a free port with the static files
collected, compressed and hashed (MESA_STATIC_MANIFEST=1, as `make run` and production), one
user and a Crazy Eights table with bots. Lighthouse runs from the gitignored var/lighthouse, through
its Node API (bench/lighthouse_run.mjs), with the session cookie set in the browser so that the
table's WebSocket is logged in too:

    npm install --prefix var/lighthouse lighthouse@12
    CHROME_PATH=/usr/bin/chromium nice -n 19 .venv/bin/python bench/lighthouse.py

Prints each page's four scores (performance, accessibility, best practices, SEO) and the
audits below 1 with their shown values; exits 1 when a category is under --target (95).
Not part of the test suite (docs/benchmarks.md).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import stack as stackmod  # noqa: E402
from tests.live import make_users, manage_shell  # noqa: E402

LIGHTHOUSE = ROOT / "var" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TABLE = """
from django.contrib.auth import get_user_model
from rooms import services
u = get_user_model().objects.get(username={name!r})
r = services.create_room(u, "crazy_eights", "Sexta à noite", is_public=True, seat_count=4)
for i in (1, 2, 3):
    services.add_bot(u, r.code, i, "normal")
services.start_match(u, r.code)
print("CODE" + r.code)
"""


def audit(url: str, session: str, out: Path) -> dict:
    # bench/lighthouse_run.mjs sets the session cookie in the browser: Lighthouse's --extra-headers
    # never reach the WebSocket handshake, so the table it audited was a table without its socket.
    cmd = ["node", str(ROOT / "bench" / "lighthouse_run.mjs"), url, session, str(out)]
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    # Lighthouse asks to be run again when its trace misses the navigation (NO_NAVSTART).
    for _ in range(3):
        if subprocess.run(cmd, env=env, cwd=ROOT, timeout=300).returncode == 0:
            return json.loads(out.read_text())
    raise RuntimeError(f"lighthouse failed three times on {url}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=95)
    parser.add_argument("--keep", type=Path, help="a folder to keep the JSON reports in")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: npm install --prefix var/lighthouse lighthouse@12")
    s = stackmod.new_stack(MESA_STATIC_MANIFEST="1", MESA_BOT_DELAY_MS="800")
    s.env.pop("REDIS_URL", None)
    s.env.pop("DATABASE_URL", None)
    failed = False
    try:
        s.migrate()
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=s.env, check=True
        )
        base = f"http://127.0.0.1:{s.start_daphne().port}"
        name = "lighthouse"
        session = make_users(s.env, name)[name]["session"]
        out = manage_shell(s.env, TABLE.format(name=name))
        code = next(x for x in out.splitlines() if x.startswith("CODE"))[4:]
        pages = {"lobby": "/lobby/", "table": f"/rooms/{code}/", "profile": "/accounts/profile/"}
        with tempfile.TemporaryDirectory() as tmp:
            for page, path in pages.items():
                report = audit(base + path, session, (args.keep or Path(tmp)) / f"{page}.json")
                scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
                failed |= any(v < args.target for v in scores.values())
                print(f"{page:8} " + "  ".join(f"{c} {v}" for c, v in scores.items()))
                for key, item in report["audits"].items():
                    if (
                        item.get("score") is not None
                        and item["score"] < 1
                        and item.get("scoreDisplayMode")
                        in (
                            "binary",
                            "numeric",
                            "metricSavings",
                        )
                    ):
                        print(f"    {key}: {item.get('displayValue', '')} ({item['score']})")
    finally:
        s.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
